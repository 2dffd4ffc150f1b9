@testable import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

// Actions get the item as it is when they run, found by identity in the snapshot on screen, never a copy
// from when the gesture began; when the item is gone, the action is not called.

@MainActor
@Suite("Actions get the item as it is now")
struct CurrentValueTests {
    /// A 6-line host showing tiles as `[tile] <title>`, whose trailing "Delete" removes the tile it gets
    /// from `tiles` with the docs' own match (`AnyHashable($0) == item`, as in SwipeToDelete) and shows the rest.
    private func makeInbox(_ kind: HostKind) throws -> (
        list: any HostHarness, dataSource: UniversalDataSource<Section>, tiles: Ref<[Tile]>, received: Ref<[Tile]>
    ) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        let tiles = Ref([Tile(id: 1, title: "one"), Tile(id: 2, title: "two")])
        let received = Ref<[Tile]>([])
        try dataSource.attach(
            SwipeActionsPlugin()
                .trailing(Tile.self) { [unowned dataSource] _ in
                    [
                        SwipeAction("Delete", isDestructive: true) { item, done in
                            received.value.append(item.base as! Tile)
                            tiles.value.removeAll { AnyHashable($0) == item }
                            try? dataSource.apply(makeSnapshot(tiles.value))
                            done(true)
                        }
                    ]
                }
                .leading(Tile.self) { _ in
                    [
                        SwipeAction("Read", for: Tile.self) { tile, done in
                            received.value.append(tile)
                            done(true)
                        }
                    ]
                })
        try dataSource.apply(makeSnapshot(tiles.value))
        return (list, dataSource, tiles, received)
    }

    @Test(
        "a content change while the swipe is open: Delete gets the new value, and the docs' match deletes it",
        arguments: HostKind.allCases)
    func swipeAfterContentChange(kind: HostKind) throws {
        let (list, dataSource, tiles, received) = try makeInbox(kind)
        #expect(list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        tiles.value[1].title = "two, edited"
        try dataSource.apply(makeSnapshot(tiles.value))
        #expect(list.swipedIndexPath == ListIndexPath(item: 1, section: 0))
        #expect(list.tapSwipeAction("Delete"))
        #expect(received.value == [Tile(id: 2, title: "two, edited")])
        #expect(tiles.value == [Tile(id: 1, title: "one")])
        #expect(dataSource.snapshot() == (try makeSnapshot([Tile(id: 1, title: "one")])))
        #expect(list.render() == ["[tile] one"])
        #expect(list.problems == [])
    }

    @Test("a typed action gets the new value too", arguments: HostKind.allCases)
    func typedSwipeAfterContentChange(kind: HostKind) throws {
        let (list, dataSource, tiles, received) = try makeInbox(kind)
        #expect(list.swipeOpen(ListIndexPath(item: 0, section: 0), edge: .leading) == ["Read"])
        tiles.value[0].title = "one, edited"
        try dataSource.apply(makeSnapshot(tiles.value))
        #expect(list.tapSwipeAction("Read"))
        #expect(received.value == [Tile(id: 1, title: "one, edited")])
        #expect(list.problems == [])
    }

    @Test("an action run after its item is gone is not called, and declines")
    func swipeActionOfAGoneItem() throws {
        let (list, dataSource, tiles, received) = try makeInbox(.text)
        let path = ListIndexPath(item: 1, section: 0)
        let action = try #require(
            dataSource.adapter.swipeActions(at: path, edge: .trailing, in: list.host)?.actions.first)
        let swiped = try #require(dataSource.item(at: path))
        tiles.value.removeLast()
        try dataSource.apply(makeSnapshot(tiles.value))
        var completions: [Bool] = []
        action.perform(swiped) { completions.append($0) }
        #expect(received.value.isEmpty)
        #expect(completions == [false])
        #expect(tiles.value == [Tile(id: 1, title: "one")])
    }

    @Test("the item as it is now: itself, its new version by identity, or nil when gone")
    func currentItem() throws {
        let (list, dataSource) = makePlainList(.text, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Plain(name: "p")]))
        #expect(dataSource.store.currentItem(for: Tile(id: 1, title: "a")) == AnyHashable(Tile(id: 1, title: "a")))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "b"), Plain(name: "p")]))
        #expect(dataSource.store.currentItem(for: Tile(id: 1, title: "a")) == AnyHashable(Tile(id: 1, title: "b")))
        #expect(dataSource.store.currentItem(for: Tile(id: 2, title: "b")) == nil)
        #expect(dataSource.store.currentItem(for: Plain(name: "p")) == AnyHashable(Plain(name: "p")))
        #expect(dataSource.store.currentItem(for: Plain(name: "q")) == nil)
    }

    @Test("a row picked up to move follows its item through a batch during the move, and drops that item")
    func moveFollowsItsItem() throws {
        let (list, dataSource) = makePlainList(.text, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let moved = Ref<[String]>([])
        dataSource.onEvent = { event in if case .didMoveItem = event { moved.value.append("\(event)") } }
        let (a, b, c) = (Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c"))
        try dataSource.apply(makeSnapshot([a, b, c]))
        #expect(list.beginReorder(ListIndexPath(item: 1, section: 0)))
        // During the move, a row arrives on top and b's content changes: b is at 0.2 now.
        let x = Tile(id: 9, title: "x")
        let edited = Tile(id: 2, title: "b, edited")
        try dataSource.apply(makeSnapshot([x, a, edited, c]))
        #expect(list.reorderDrag(to: ListIndexPath(item: 3, section: 0)) == ListIndexPath(item: 3, section: 0))
        #expect(try list.endReorder())
        #expect(dataSource.snapshot() == (try makeSnapshot([x, a, c, edited])))
        #expect(moved.value == ["didMoveItem \(AnyHashable(edited)) from 0.2 to 0.3"])
        #expect(list.render() == ["x", "a", "c", "b, edited"])
    }

    @Test("a row picked up to move whose item is deleted during the move: the move ends, nothing moves")
    func moveEndsWhenItsItemGoes() throws {
        let (list, dataSource) = makePlainList(.text, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let (a, b, c) = (Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c"))
        try dataSource.apply(makeSnapshot([a, b, c]))
        #expect(list.beginReorder(ListIndexPath(item: 1, section: 0)))
        try dataSource.apply(makeSnapshot([a, c]))
        #expect(list.reorderDrag(to: ListIndexPath(item: 0, section: 0)) == nil)
        #expect(try !list.endReorder())
        #expect(dataSource.snapshot() == (try makeSnapshot([a, c])))
    }
}
