import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

/// A folder whose files fold under it.
struct Directory: FoldableItem {
    var name: String
    var files: [String]
    var foldableChildren: [AnyHashable]? { files.map { Plain(name: $0) } }
}

/// A plugin of the test's own that offers swipe actions too.
@MainActor final class OtherSwipePlugin: ListPlugin {
    var providedFeatures: Set<ListFeature> { [.swipeActions] }
}

@MainActor
@Suite("List features")
struct ListFeatureTests {
    let folder = Directory(name: "docs", files: ["a.txt", "b.txt"])

    /// A 6-line host whose directories show as `[dir] <name>` and plain rows as `[plain] <name>`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, width: 24, height: 6)
        list.registerLabel(dataSource, for: Directory.self) { _, directory in "[dir] \(directory.name)" }
        return (list, dataSource)
    }

    @Test(
        "an item that folds, in a list with no folding plugin, is refused by apply, naming its type; nothing changes",
        arguments: HostKind.allCases, [true, false])
    func foldableWithoutPlugin(kind: HostKind, animated: Bool) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.apply(makeSnapshot([Plain(name: "x")]))
        let before = list.render()
        let created = list.viewsCreated
        let expected = DataSourceError.missingFeature(
            item: String(reflecting: folder), itemType: String(reflecting: Directory.self), feature: "folding",
            indexPath: ListIndexPath(item: 1, section: 0))
        #expect(throws: expected) {
            try dataSource.apply(makeSnapshot([Plain(name: "x"), folder]), animatingDifferences: animated)
        }
        #expect(expected.description.contains("needs a plugin that provides folding"))
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "x")])))
        #expect(list.render() == before)
        #expect(list.viewsCreated == created)

        // With the plugin, the same snapshot is shown, and the folder folds by what it says.
        try dataSource.attach(FoldingPlugin())
        try dataSource.apply(makeSnapshot([Plain(name: "x"), folder]), animatingDifferences: animated)
        list.select(ListIndexPath(item: 1, section: 0))
        #expect(
            dataSource.snapshot().itemIdentifiers == [
                Plain(name: "x"), folder, Plain(name: "a.txt"), Plain(name: "b.txt"),
            ])
        #expect(list.render() == ["[plain] x", "[dir] docs", "[plain] a.txt", "[plain] b.txt"])
        #expect(list.problems == [])
    }

    @Test("the async apply refuses it too", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let (list, dataSource) = makeList(kind)
        await #expect(throws: DataSourceError.self) { try await dataSource.apply(makeSnapshot([folder])) }
        #expect(dataSource.snapshot().numberOfItems == 0)
        #expect(list.render() == [])
        #expect(list.problems == [])
    }

    @Test("the plugin a shown item needs cannot be detached until the item is gone", arguments: HostKind.allCases)
    func detachInUse(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let folding = FoldingPlugin()
        try dataSource.attach(folding)
        try dataSource.apply(makeSnapshot([folder]))
        #expect(
            throws: PluginError.featureInUse(
                feature: "folding", pluginType: String(reflecting: FoldingPlugin.self),
                itemType: String(reflecting: Directory.self))
        ) {
            try dataSource.detach(folding)
        }
        #expect(dataSource.attachedPlugins.count == 1)
        try dataSource.apply(makeSnapshot([Plain(name: "x")]))
        try dataSource.detach(folding)
        #expect(throws: DataSourceError.self) { try dataSource.apply(makeSnapshot([folder])) }
        #expect(list.render() == ["[plain] x"])
        #expect(list.problems == [])
    }

    @Test("a second provider of a feature is refused, naming both; nothing is attached", arguments: HostKind.allCases)
    func secondProvider(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.attach(SwipeActionsPlugin())
        let selection = SelectionPlugin()
        #expect(
            throws: PluginError.secondProvider(
                feature: "swipe actions", pluginType: String(reflecting: OtherSwipePlugin.self),
                providedBy: String(reflecting: SwipeActionsPlugin.self))
        ) {
            try dataSource.attach(selection, OtherSwipePlugin())
        }
        #expect(dataSource.attachedPlugins.count == 1)
        try dataSource.attach(selection)
        #expect(list.problems == [])
    }

    @Test("pagination: one plugin per edge", arguments: HostKind.allCases)
    func paginationEdges(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.attach(PaginationPlugin(edge: .bottom) { _ in }, PaginationPlugin(edge: .top) { _ in })
        #expect(
            throws: PluginError.secondProvider(
                feature: "pagination at the bottom",
                pluginType: String(reflecting: PaginationPlugin.self),
                providedBy: String(reflecting: PaginationPlugin.self))
        ) {
            try dataSource.attach(PaginationPlugin { _ in })
        }
        #expect(dataSource.attachedPlugins.count == 2)
        #expect(list.problems == [])
    }
}
