#if !canImport(UIKit)
@testable import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Testing
@_spi(Simulation) import UIKitStandIn

// A drop on the UIKit hosts moves the items picked up as they are now: an item whose content changed
// during the drag (same identity, new value) is found by identity, moved, and named with its new value.

@MainActor
@Suite("Drops get the items as they are now")
struct CurrentValueDropTests {
    @Test(
        "a dragged row whose content changed during the drag drops, named with its new value",
        arguments: [HostKind.collection, .table, .compositional, .list])
    func contentChangeDuringDrag(kind: HostKind) throws {
        let harness = try #require(kind.make(height: 8) as? any UIKitHarness)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let moved = Ref<[AnyHashable]>([])
        let reordered = Ref<[[AnyHashable]]>([])
        dataSource.onEvent = { event in if case .didMoveItem(let item, _, _) = event { moved.value.append(item) } }
        dataSource.reorderingHandlers.didReorder = { reordered.value.append($0.items) }
        let (one, two, three) = (Tile(id: 1, title: "one"), Tile(id: 2, title: "two"), Tile(id: 3, title: "three"))
        try dataSource.apply(makeSnapshot([one, two, three]))
        _ = harness.render()

        #expect(harness.beginDrag([ListIndexPath(item: 1, section: 0)]) == [ListIndexPath(item: 1, section: 0)])
        let edited = Tile(id: 2, title: "two, edited")
        try dataSource.apply(makeSnapshot([one, edited, three]))
        #expect(harness.dragOver(ListIndexPath(item: 2, section: 0)) == .move)
        let drop = harness.dropDrag(at: ListIndexPath(item: 2, section: 0))
        #expect(drop.performed && drop.placed == [ListIndexPath(item: 2, section: 0)])
        #expect(dataSource.snapshot() == (try makeSnapshot([one, three, edited])))
        #expect(moved.value == [AnyHashable(edited)])
        #expect(reordered.value == [[AnyHashable(edited)]])
        #expect(harness.render() == ["one", "three", "two, edited"])
        #expect(harness.problems == [])
    }
}
#endif
