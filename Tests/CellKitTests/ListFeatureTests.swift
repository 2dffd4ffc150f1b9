@testable import CellKit
import CellKitText
import DiffableStore
import Testing

/// A folder whose files fold under it.
struct Directory: FoldableItem {
    var name: String
    var files: [String]
    var foldableChildren: [AnyHashable]? { files.map { Plain(name: $0) } }
}

@MainActor final class DirectoryTextCell: TextCell, ConfigurableView {
    func configure(with folder: Directory) { text = "[dir] \(folder.name)" }
}

/// A plugin of the test's own that offers swipe actions too.
@MainActor final class OtherSwipePlugin: ListPlugin {
    var providedFeatures: Set<ListFeature> { [.swipeActions] }
}

@MainActor
@Suite("List features")
struct ListFeatureTests {
    let listView = TextListView(width: 24, height: 6)
    let dataSource: UniversalDataSource<Section>
    let folder = Directory(name: "docs", files: ["a.txt", "b.txt"])

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        dataSource.registerCellType(DirectoryTextCell.self)
        listView.delegate = dataSource
    }

    @Test(
        "an item that folds, in a list with no folding plugin, is refused by apply, naming its type; nothing changes",
        arguments: [true, false])
    func foldableWithoutPlugin(animated: Bool) throws {
        try dataSource.apply(makeSnapshot([Plain(name: "x")]))
        let before = listView.render()
        let expected = DataSourceError.missingFeature(
            item: String(reflecting: folder), itemType: String(reflecting: Directory.self), feature: "folding",
            indexPath: ListIndexPath(item: 1, section: 0))
        #expect(throws: expected) {
            try dataSource.apply(makeSnapshot([Plain(name: "x"), folder]), animatingDifferences: animated)
        }
        #expect(expected.description.contains("needs a plugin that provides folding"))
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "x")])))
        #expect(listView.render() == before)

        // With the plugin, the same snapshot is shown, and the folder folds by what it says.
        try dataSource.attach(FoldingPlugin())
        try dataSource.apply(makeSnapshot([Plain(name: "x"), folder]), animatingDifferences: animated)
        listView.select(ListIndexPath(item: 1, section: 0))
        #expect(
            dataSource.snapshot().itemIdentifiers == [
                Plain(name: "x"), folder, Plain(name: "a.txt"), Plain(name: "b.txt"),
            ])
    }

    @Test("the async apply refuses it too")
    func asyncApply() async throws {
        await #expect(throws: DataSourceError.self) { try await dataSource.apply(makeSnapshot([folder])) }
        #expect(dataSource.snapshot().numberOfItems == 0)
    }

    @Test("the plugin a shown item needs cannot be detached until the item is gone")
    func detachInUse() throws {
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
    }

    @Test("a second provider of a feature is refused, naming both; nothing is attached")
    func secondProvider() throws {
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
    }

    @Test("pagination: one plugin per edge")
    func paginationEdges() throws {
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
    }
}
