#if !canImport(UIKit)
@_spi(ListHost) import CellKit
import CellKitUIKit
import DiffableStore
import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// The focus in a cell's configuration state over the stand-in: the focus engine's move (`_focus(_:)`)
// reaches the cell's `isFocused` and `configurationState.isFocused`, and the host asks the registration again
// in place; a reused cell does not keep it.

@MainActor
@Suite("Cell focus state", .serialized)
struct CellFocusStateTests {
    @Test(
        "a focused cell's registration is asked again in place with the focus",
        arguments: [HostKind.collection, .table])
    func focus(kind: HostKind) throws {
        let harness = kind.make(width: 12, height: 2)
        let dataSource = harness.makeDataSource(Int.self)
        harness.registerContentRow(dataSource, for: String.self) { name, state in
            name + (state.isFocused ? " ◁" : "")
        } marked: { _, _ in
            false
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(["a", "b", "c", "d"], toSection: 0)
        try dataSource.apply(snapshot)
        #expect(harness.render() == ["a", "b"])
        let uikit = try #require(harness as? any UIKitHarness)
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        let updates = harness.performedUpdates
        focus(uikit, ListIndexPath(item: 1, section: 0).indexPath)
        #expect(harness.render() == ["a", "b ◁"])
        #expect(harness.cell(at: ListIndexPath(item: 1, section: 0)) === cell)
        #expect(harness.performedUpdates == updates)
        // Scrolled away, the cell is reused for another item: not focused.
        harness.scrollToEnd()
        #expect(harness.render() == ["c", "d"])
        harness.scroll(toLine: 0)
        #expect(harness.render() == ["a", "b"])
        focus(uikit, ListIndexPath(item: 0, section: 0).indexPath)
        #expect(harness.render() == ["a ◁", "b"])
        focus(uikit, nil)
        #expect(harness.render() == ["a", "b"])
        #expect(harness.problems == [])
    }

    private func focus(_ harness: any UIKitHarness, _ indexPath: IndexPath?) {
        (harness.listView as? UICollectionView)?._focus(indexPath)
        (harness.listView as? UITableView)?._focus(indexPath)
    }
}
#endif
