import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

@MainActor
@Suite("Swipe actions")
struct SwipeActionsTests {
    let deleted = Ref<[String]>([])

    /// A 6-line host whose plain rows show as `[plain] <name>` and tiles as `[tile] <title>`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        return (list, dataSource)
    }

    /// "Delete" on plain rows, except the one named "keep"; nothing on tiles.
    private func attachDelete(
        to dataSource: UniversalDataSource<Section>, completeLater: Ref<[@MainActor (Bool) -> Void]>? = nil
    ) throws {
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

    @Test("actions per item type, with a per-item say", arguments: HostKind.allCases)
    func perType(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try attachDelete(to: dataSource)
        try dataSource.apply(makeSnapshot([Plain(name: "x"), Tile(id: 1, title: "t"), Plain(name: "keep")]))
        #expect(list.swipeOpen(ListIndexPath(item: 0, section: 0), edge: .trailing) == ["Delete"])
        #expect(list.swipeOpen(ListIndexPath(item: 0, section: 0), edge: .leading) == nil)
        #expect(list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing) == nil)
        #expect(list.swipeOpen(ListIndexPath(item: 2, section: 0), edge: .trailing) == nil)
        #expect(list.swipedIndexPath == nil)
        #expect(list.problems == [])
    }

    @Test(
        "the action acts on the item it was shown for, after a row was inserted above it", arguments: HostKind.allCases)
    func identity(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try attachDelete(to: dataSource)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "x"), Plain(name: "b")]))
        #expect(list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        try dataSource.apply(makeSnapshot([Plain(name: "new"), Plain(name: "a"), Plain(name: "x"), Plain(name: "b")]))
        #expect(list.swipedIndexPath == ListIndexPath(item: 2, section: 0))
        #expect(list.tapSwipeAction("Delete"))
        #expect(deleted.value == ["x"])
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "new"), Plain(name: "a"), Plain(name: "b")])))
        #expect(list.swipedIndexPath == nil)
        #expect(list.render() == ["[plain] new", "[plain] a", "[plain] b"])
        #expect(list.problems == [])
    }

    @Test("the swipe follows its item through a batch that inserts and moves sections", arguments: HostKind.allCases)
    func acrossSections(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try attachDelete(to: dataSource)
        try dataSource.apply(
            makeSnapshot([(.main, [Plain(name: "a"), Plain(name: "x")]), (.last, [Plain(name: "b")])]))
        #expect(list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        try dataSource.apply(
            makeSnapshot([
                (.last, [Plain(name: "b")]), (.more, [Plain(name: "new")]),
                (.main, [Plain(name: "a"), Plain(name: "x")]),
            ]))
        #expect(list.swipedIndexPath == ListIndexPath(item: 1, section: 2))
        #expect(list.tapSwipeAction("Delete"))
        #expect(deleted.value == ["x"])
        #expect(list.problems == [])
    }

    @Test("the completion may come later, and may decline; the swipe closes then", arguments: HostKind.allCases)
    func laterCompletion(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let completions = Ref<[@MainActor (Bool) -> Void]>([])
        try attachDelete(to: dataSource, completeLater: completions)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing)
        #expect(list.tapSwipeAction("Delete"))
        #expect(completions.value.count == 1)
        #expect(!list.tapSwipeAction("Archive"))
        // Still open until the handler completes; declining springs the row back and deletes nothing.
        #expect(list.swipedIndexPath == ListIndexPath(item: 1, section: 0))
        completions.value[0](false)
        #expect(list.swipedIndexPath == nil)
        #expect(deleted.value.isEmpty)
        #expect(dataSource.snapshot().numberOfItems == 2)
        #expect(list.problems == [])
    }

    @Test("a swipe closes when its item goes away", arguments: HostKind.allCases)
    func closesWhenItemGoes(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try attachDelete(to: dataSource)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        list.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing)
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        #expect(list.swipedIndexPath == nil)
        #expect(!list.tapSwipeAction("Delete"))
        #expect(deleted.value.isEmpty)
        #expect(list.problems == [])
    }

    @Test("a typed action gets the item as its type", arguments: HostKind.allCases)
    func typedAction(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
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
        #expect(list.swipeOpen(ListIndexPath(item: 0, section: 0), edge: .leading) == ["Archive"])
        #expect(list.tapSwipeAction("Archive"))
        #expect(archived.value == [7])
        #expect(list.swipedIndexPath == nil)
        #expect(list.problems == [])
    }
    @Test(
        "a second swipe-actions plugin is refused with a message that says what happened",
        arguments: HostKind.allCases)
    func secondSwipeActionsPlugin(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let name = String(reflecting: SwipeActionsPlugin.self)
        // Listed twice in one call: nothing was attached, so the error does not say "attached already".
        let listed = PluginError.listedTwice(pluginType: name, sameInstance: false)
        #expect(throws: listed) { try dataSource.attach(SwipeActionsPlugin(), SwipeActionsPlugin()) }
        #expect(dataSource.attachedPlugins.isEmpty)
        #expect("\(listed)".contains("listed in one attach call"))
        // One attached, then another.
        try dataSource.attach(SwipeActionsPlugin())
        let attached = PluginError.duplicate(pluginType: name)
        #expect(throws: attached) { try dataSource.attach(SwipeActionsPlugin()) }
        #expect("\(attached)" == "a \(name) is attached already; attach one per data source")
        // A plugin of another type that provides swipe actions too: the second-provider error.
        #expect(
            throws: PluginError.secondProvider(
                feature: ListFeature.swipeActions.description, pluginType: String(reflecting: OwnSwipes.self),
                providedBy: name)
        ) { try dataSource.attach(OwnSwipes()) }
        #expect(list.problems == [])
    }
}

/// A plugin of the app's own that provides swipe actions.
@MainActor final class OwnSwipes: ListPlugin {
    var providedFeatures: Set<ListFeature> { [.swipeActions] }
}
