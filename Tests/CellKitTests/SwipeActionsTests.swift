@testable import CellKit
import CellKitText
import DiffableStore
import Testing

@MainActor
@Suite("Swipe actions")
struct SwipeActionsTests {
    let listView = TextListView(width: 20, height: 6)
    let dataSource: UniversalDataSource<Section>
    let deleted = Ref<[String]>([])

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        dataSource.registerCellType(TileTextCell.self)
        listView.delegate = dataSource
    }

    /// "Delete" on plain rows, except the one named "keep"; nothing on tiles.
    private func attachDelete(completeLater: Ref<[@MainActor (Bool) -> Void]>? = nil) throws {
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { [unowned dataSource, deleted] plain in
                guard plain.name != "keep" else { return nil }
                return [
                    SwipeAction("Delete", isDestructive: true) { item, done in
                        if let completeLater {
                            // Asks the user first: completes later, and deletes nothing when declined.
                            completeLater.value.append(done)
                            return
                        }
                        deleted.value.append((item.base as! Plain).name)
                        var snapshot = dataSource.snapshot()
                        try? snapshot.deleteItems([item])
                        try? dataSource.apply(snapshot)
                        done(true)
                    }
                ]
            })
    }

    @Test("actions per item type, with a per-item say")
    func perType() throws {
        try attachDelete()
        try dataSource.apply(makeSnapshot([Plain(name: "x"), Tile(id: 1, title: "t"), Plain(name: "keep")]))
        #expect(listView.swipe(ListIndexPath(item: 0, section: 0), edge: .trailing) == ["Delete"])
        #expect(listView.swipe(ListIndexPath(item: 0, section: 0), edge: .leading) == nil)
        #expect(listView.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing) == nil)
        #expect(listView.swipe(ListIndexPath(item: 2, section: 0), edge: .trailing) == nil)
        #expect(listView.swipedIndexPath == nil)
    }

    @Test("the action acts on the item it was shown for, after a row was inserted above it")
    func identity() throws {
        try attachDelete()
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "x"), Plain(name: "b")]))
        #expect(listView.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        try dataSource.apply(makeSnapshot([Plain(name: "new"), Plain(name: "a"), Plain(name: "x"), Plain(name: "b")]))
        #expect(listView.swipedIndexPath == ListIndexPath(item: 2, section: 0))
        #expect(listView.performSwipeAction("Delete"))
        #expect(deleted.value == ["x"])
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "new"), Plain(name: "a"), Plain(name: "b")])))
        #expect(listView.swipedIndexPath == nil)
    }

    @Test("the swipe follows its item through a batch that inserts and moves sections")
    func acrossSections() throws {
        try attachDelete()
        try dataSource.apply(
            makeSnapshot([(.main, [Plain(name: "a"), Plain(name: "x")]), (.last, [Plain(name: "b")])]))
        #expect(listView.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        try dataSource.apply(
            makeSnapshot([
                (.last, [Plain(name: "b")]), (.more, [Plain(name: "new")]),
                (.main, [Plain(name: "a"), Plain(name: "x")]),
            ]))
        #expect(listView.swipedIndexPath == ListIndexPath(item: 1, section: 2))
        #expect(listView.performSwipeAction("Delete"))
        #expect(deleted.value == ["x"])
    }

    @Test("the completion may come later, and may decline; the swipe closes then")
    func laterCompletion() throws {
        let completions = Ref<[@MainActor (Bool) -> Void]>([])
        try attachDelete(completeLater: completions)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        listView.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing)
        #expect(listView.performSwipeAction("Delete"))
        #expect(completions.value.count == 1)
        #expect(!listView.performSwipeAction("Archive"))
        // Still open until the handler completes; declining springs the row back and deletes nothing.
        #expect(listView.swipedIndexPath == ListIndexPath(item: 1, section: 0))
        completions.value[0](false)
        #expect(listView.swipedIndexPath == nil)
        #expect(deleted.value.isEmpty)
        #expect(dataSource.snapshot().numberOfItems == 2)
    }

    @Test("a swipe closes when its item goes away")
    func closesWhenItemGoes() throws {
        try attachDelete()
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        listView.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing)
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        #expect(listView.swipedIndexPath == nil)
        #expect(!listView.performSwipeAction("Delete"))
        #expect(deleted.value.isEmpty)
    }

    @Test("a typed action gets the item as its type")
    func typedAction() throws {
        let archived = Ref<[Int]>([])
        try dataSource.attach(
            SwipeActionsPlugin().leading(Tile.self) { _ in
                [
                    SwipeAction("Archive", for: Tile.self) { tile, done in
                        archived.value.append(tile.id)
                        done(true)
                    }
                ]
            })
        try dataSource.apply(makeSnapshot([Tile(id: 7, title: "t")]))
        #expect(listView.swipe(ListIndexPath(item: 0, section: 0), edge: .leading) == ["Archive"])
        #expect(listView.performSwipeAction("Archive"))
        #expect(archived.value == [7])
        #expect(listView.swipedIndexPath == nil)
    }
}
