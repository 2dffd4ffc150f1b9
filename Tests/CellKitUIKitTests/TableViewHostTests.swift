#if !canImport(UIKit)
@testable @_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// What only the table host does: headers and footers only (section-wide kinds of your own listed as not
// shown), reorder controls in editing mode only, the table's rowHeight for rows without a sizing, and a row
// that grows in place. What it does as the collection view host does is in UIKitHostTests and
// UIKitHostBatchTests, which run on both.

@MainActor
@Suite("TableViewHost")
struct TableViewHostTests {
    let harness = TableHarness(height: 10)
    var tableView: UITableView { harness.tableView }
    var host: TableViewHost { harness.tableHost }

    @Test("headers and footers show; a section-wide kind of your own is listed as not shown and never asked for")
    func headersAndFootersOnly() throws {
        let dataSource = harness.makeLabelDataSource()
        try harness.registerLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try harness.registerLabel(dataSource, kind: .footer) { _, section in "end \(section)" }
        try harness.registerLabel(dataSource, kind: SupplementaryKind(rawValue: "banner")) { _, _ in "banner" }
        #expect(host.kindsNotShown == [SupplementaryKind(rawValue: "banner")])
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .willDisplaySupplementaryView, .didEndDisplayingSupplementaryView: events.value.append("\(event)")
            default: break
            }
        }
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b")), (.more, plains("c"))]))
        #expect(harness.render() == ["# main", "a", "b", "end main", "# more", "c", "end more"])
        #expect(
            events.value == [
                "willDisplay header main at 0.0", "willDisplay footer main at 0.0",
                "willDisplay header more at 1.0", "willDisplay footer more at 1.0",
            ])
        #expect(dataSource.diagnostics == [])  // the host asked for no kind it does not show
        // The section deleted above: its header and footer end display naming it, at its old index.
        events.value = []
        try dataSource.apply(makeSnapshot([(.more, plains("c"))]))
        #expect(harness.render() == ["# more", "c", "end more"])
        #expect(events.value == ["didEndDisplaying header main at 0.0", "didEndDisplaying footer main at 0.0"])
        #expect(harness.problems == [])
    }

    @Test("a row can be picked up only in editing mode, where the table shows its reorder controls")
    func reorderInEditingModeOnly() throws {
        let dataSource = harness.makeLabelDataSource()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let first = ListIndexPath(item: 0, section: 0).indexPath
        #expect(!tableView._beginReorder(at: first))  // no reorder controls outside editing mode
        tableView.setEditing(true, animated: false)
        #expect(tableView._beginReorder(at: first))
        tableView._updateReorderTarget(ListIndexPath(item: 1, section: 0).indexPath)
        tableView._endReorder()
        host.deliverPendingEvents()
        #expect(dataSource.snapshot().itemIdentifiers == plains("b", "a", "c"))
        #expect(tableView._raisedExceptions == [])
    }

    @Test("a row registered without a sizing takes the table's rowHeight; sized rows keep their sizes")
    func rowHeightWithoutSizing() throws {
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .calculated { item, _ in Double(item.name.count) }) {
            _, item in item.name
        }
        dataSource.registerCellType(NumberTableCell.self)  // no sizing: the table's rowHeight
        tableView.rowHeight = 4
        try dataSource.apply(makeSnapshot([Plain(name: "abc"), 7, Plain(name: "z"), Plain(name: "end")]))
        _ = harness.render()
        let tops = (0..<4).map { tableView._top(of: ListIndexPath(item: $0, section: 0).indexPath) }
        #expect(tops == [0, 3, 7, 8])
        #expect(tableView._raisedExceptions == [])
    }

    @Test("a row that grows is laid out again once, without being configured again")
    func selfResizingRow() throws {
        let dataSource = harness.makeDataSource()
        let expanded = Ref<Set<Int>>([])
        let configurations = Ref(0)
        dataSource.register(
            .cell(itemType: Tile.self, cellType: GrowingTableCell.self, sizing: .automatic) { cell, _, tile in
                configurations.value += 1
                cell.lines = { expanded.value.contains(tile.id) ? 3 : 1 }
            })
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        #expect(tableView._top(of: ListIndexPath(item: 2, section: 0).indexPath) == 2)
        let configured = configurations.value
        expanded.value.insert(2)
        for _ in 1...3 { dataSource.invalidateSize(of: Tile(id: 2, title: "b")) }
        dataSource.updateSizesIfNeeded()
        #expect(tableView._top(of: ListIndexPath(item: 2, section: 0).indexPath) == 4)
        #expect(tableView._updateLog.last == "performBatchUpdates: no changes")
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        #expect(configurations.value == configured)
        #expect(tableView._raisedExceptions == [])
    }
}

/// A cell for an `Int`, registered without a size.
@MainActor final class NumberTableCell: UITableViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with number: Int) { text = "\(number)" }
}

/// A cell whose height (in lines) comes from outside, so it can change without the cell being configured.
@MainActor final class GrowingTableCell: UITableViewCell, ReusableView {
    var lines: () -> Int = { 1 }
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(lines()))
    }
}
#endif
