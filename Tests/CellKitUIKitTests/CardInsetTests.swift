#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Testing
@_spi(Simulation) import UIKitStandIn

// On the UIKit hosts an item's content renders inside its card's leading and trailing layout margins: the
// item-scoped views shown with the cell are placed and measured there too.

/// An item-scoped view one point tall that records the widths it is fitted at.
@MainActor final class WidthRecordingSeparator: UIView, ReusableView {
    static var widths: [CGFloat] = []
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        Self.widths.append(targetSize.width)
        return CGSize(width: targetSize.width, height: 1)
    }
}

@MainActor
@Suite("Item-scoped views inside a card on the UIKit hosts", .serialized)
struct CardInsetTests {
    @Test(
        "a separator in a card is measured at the width inside the card's margins, and placed there",
        arguments: [HostKind.collection, .table, .compositional])
    func separatorInsideMargins(kind: HostKind) throws {
        let harness = try #require(kind.make(width: 20, height: 10) as? any UIKitHarness)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: WidthRecordingSeparator.self) {
            _, _, _, _ in
        }
        try harness.registerCard(dataSource, kind: .background) { _, _ in (rounded: true, title: "") }
        WidthRecordingSeparator.widths = []
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        _ = harness.render()
        // Measured for the item's length at 16 (the stand-in's cells are placed before they have a size:
        // those fits are at 0), never at the list's 20.
        #expect(WidthRecordingSeparator.widths.contains(16))
        #expect(!WidthRecordingSeparator.widths.contains(20), "\(WidthRecordingSeparator.widths)")
        let separator = try #require(
            harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 0, section: 0)) as? UIView)
        #expect(separator.frame.minX == 2)
        #expect(harness.problems == [])
    }
}
#endif
