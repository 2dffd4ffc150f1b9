#if !canImport(UIKit)
@_spi(ListHost) @testable @_spi(Testing) import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(ListHost) import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

/// The UIKit hosts' cells as VoiceOver meets them: label, value, hint, traits and custom actions set as
/// they are configured; a custom action's handler acts on the cell's item by identity.
@Suite("UIKit hosts' accessibility")
@MainActor
struct UIKitAccessibilityTests {
    /// A host showing A, B, C (a description for all but "Quiet"), with a "Delete" swipe action and
    /// reordering on; what the actions received.
    func describedHost(_ kind: HostKind, showing names: [String]) throws -> (
        harness: any UIKitHostUnderTest, dataSource: UniversalDataSource<Section>, received: Ref<[String]>
    ) {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        let received = Ref<[String]>([])
        try dataSource.attach(
            AccessibilityPlugin().describe(Plain.self) { plain in
                plain.name == "Quiet"
                    ? nil
                    : AccessibilityDescription(
                        label: "Row \(plain.name)", value: "v\(plain.name)", hint: "Opens it",
                        traits: [.button, .header])
            },
            SwipeActionsPlugin().trailing(Plain.self) { [unowned dataSource] _ in
                [
                    SwipeAction("Delete", for: Plain.self) { plain, done in
                        received.value.append("delete \(plain.name)")
                        var snapshot = dataSource.snapshot()
                        try? snapshot.deleteItems([plain])
                        try? dataSource.apply(snapshot)
                        done(true)
                    }
                ]
            })
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try dataSource.apply(makeSnapshot(names.map { Plain(name: $0) }))
        _ = harness.render()
        return (harness, dataSource, received)
    }

    func cell(_ harness: any UIKitHostUnderTest, _ item: Int) throws -> UIView {
        try #require(harness.visibleCell(at: ListIndexPath(item: item, section: 0).indexPath))
    }

    @Test("cells carry the description and the custom actions", arguments: [HostKind.collection, .table])
    func cellsAreDescribed(_ kind: HostKind) throws {
        let (harness, _, _) = try describedHost(kind, showing: ["A", "B", "C"])
        let b = try cell(harness, 1)
        #expect(b.isAccessibilityElement)
        #expect(b.accessibilityLabel == "Row B")
        #expect(b.accessibilityValue == "vB")
        #expect(b.accessibilityHint == "Opens it")
        #expect(b.accessibilityTraits == [.button, .header])
        #expect(b.accessibilityCustomActions?.map(\.name) == ["Delete", "Move up", "Move down"])
        #expect(try cell(harness, 2).accessibilityCustomActions?.map(\.name) == ["Delete", "Move up", "Move to top"])
    }

    @Test(
        "a custom action acts on the cell's item by identity, and not once it is gone",
        arguments: [HostKind.collection, .table])
    func actionsActByIdentity(_ kind: HostKind) throws {
        let (harness, dataSource, received) = try describedHost(kind, showing: ["A", "B", "C"])
        let actions = try #require(try cell(harness, 2).accessibilityCustomActions)
        let action = { (name: String) in try #require(actions.first { $0.name == name }) }
        // An item inserted above C before the user chooses.
        try dataSource.apply(makeSnapshot(plains("New", "A", "B", "C")))
        _ = harness.render()
        let top = try action("Move to top")
        #expect(top.actionHandler?(top) == true)
        _ = harness.render()
        #expect(dataSource.snapshot().itemIdentifiers == plains("C", "New", "A", "B"))
        #expect(try cell(harness, 0).accessibilityLabel == "Row C")
        let delete = try action("Delete")
        #expect(delete.actionHandler?(delete) == true)
        #expect(received.value == ["delete C"])
        _ = harness.render()
        #expect(dataSource.snapshot().itemIdentifiers == plains("New", "A", "B"))
        for name in ["Delete", "Move up"] {
            let gone = try action(name)
            #expect(gone.actionHandler?(gone) == false)
        }
        #expect(received.value == ["delete C"])
        #expect(dataSource.snapshot().itemIdentifiers == plains("New", "A", "B"))
    }

    @Test("a cell reused for an item with no description is cleared", arguments: [HostKind.collection, .table])
    func reuseClears(_ kind: HostKind) throws {
        let (harness, dataSource, _) = try describedHost(kind, showing: ["A"])
        dataSource.reorderingHandlers.canReorderItem = nil
        try dataSource.apply(makeSnapshot(plains("Quiet")))
        _ = harness.render()
        let quiet = try cell(harness, 0)
        #expect(quiet.accessibilityLabel == nil)
        #expect(quiet.accessibilityTraits == [])
        #expect(quiet.accessibilityCustomActions?.map(\.name) == ["Delete"])
    }
}
#endif
