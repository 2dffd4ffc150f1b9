#if !canImport(UIKit)
import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// CollectionViewHost with a list layout (`makeListLayout(_:)`, `listSection(at:environment:configuration:)`):
// the list configuration's swipe providers reach the data source's swipe actions with no wiring of the app's,
// its header and footer modes follow the data source's registrations, and its cells size themselves.

@MainActor
@Suite("CollectionViewHost with a list layout")
struct ListLayoutTests {
    /// A harness whose collection view has the host's list layout of `configuration`, with label cells for
    /// `Plain` (list cells) and a trailing "Delete" and a leading "Pin" for every plain.
    private func listScreen(
        _ configuration: UICollectionLayoutListConfiguration = UICollectionLayoutListConfiguration(appearance: .plain)
    ) throws -> (harness: CollectionHarness, dataSource: UniversalDataSource<Section>, deleted: Ref<[AnyHashable]>) {
        let harness = collectionHarness { $0.makeListLayout(configuration) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        let deleted = Ref<[AnyHashable]>([])
        try dataSource.attach(
            SwipeActionsPlugin()
                .trailing(Plain.self) { _ in
                    [
                        SwipeAction("Delete", isDestructive: true) { item, done in
                            deleted.value.append(item)
                            done(true)
                        }
                    ]
                }
                .leading(Plain.self) { _ in [SwipeAction("Pin") { _, done in done(true) }] })
        return (harness, dataSource, deleted)
    }

    private func titles(_ configuration: UISwipeActionsConfiguration?) -> [String]? {
        configuration?.actions.map { $0.title ?? "" }
    }

    @Test("a swipe reaches the data source's actions through the list's own providers, by the item swiped")
    func swipeProviders() throws {
        let (harness, dataSource, deleted) = try listScreen()
        let collectionView = harness.collectionView
        try dataSource.apply(makeSnapshot(plains("a", "x", "b")))
        #expect(titles(collectionView._swipe(IndexPath(indexes: [0, 1]), leading: false)) == ["Delete"])
        #expect(titles(collectionView._swipe(IndexPath(indexes: [0, 1]), leading: true)) == ["Pin"])
        #expect(titles(collectionView._swipe(IndexPath(indexes: [0, 1]), leading: false)) == ["Delete"])
        try dataSource.apply(makeSnapshot(plains("new", "a", "x", "b")))
        #expect(collectionView._swipedIndexPath == IndexPath(indexes: [0, 2]))
        #expect(collectionView._performSwipeAction("Delete"))
        #expect(deleted.value == [Plain(name: "x")])
        #expect(collectionView._swipedIndexPath == nil)
        #expect(harness.problems == [])
    }

    @Test("a swipe provider of the app's stays; the other edge is the data source's")
    func ownProviderStays() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.trailingSwipeActionsConfigurationProvider = { _ in
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: "Mine") { _, _, _ in }])
        }
        let (harness, dataSource, _) = try listScreen(configuration)
        try dataSource.apply(makeSnapshot(plains("a")))
        let path = IndexPath(indexes: [0, 0])
        #expect(titles(harness.collectionView._swipe(path, leading: false)) == ["Mine"])
        #expect(titles(harness.collectionView._swipe(path, leading: true)) == ["Pin"])
        #expect(harness.collectionView._listConfiguration(section: 0)?.appearance == .insetGrouped)
    }

    @Test("only list cells show swipe actions, as in UIKit")
    func swipesNeedListCells() throws {
        let harness = collectionHarness { $0.makeListLayout(UICollectionLayoutListConfiguration(appearance: .plain)) }
        let dataSource = harness.makeDataSource()
        dataSource.registerCellType(PlainCollectionCell.self)
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { _ in [SwipeAction("Delete") { _, done in done(true) }] })
        try dataSource.apply(makeSnapshot(plains("a")))
        #expect(harness.collectionView._swipe(IndexPath(indexes: [0, 0]), leading: false) == nil)
        // The host offers the actions; UIKit shows none on a cell that is not a list cell.
        #expect(
            titles(
                harness.collectionHost.swipeActionsConfiguration(
                    forItemAt: IndexPath(indexes: [0, 0]), edge: .trailing)) == ["Delete"])
    }

    @Test("the header and footer modes follow the data source's registrations, registered before or after")
    func headerModes() throws {
        let (harness, dataSource, _) = try listScreen()
        let collectionView = harness.collectionView
        try dataSource.apply(makeSnapshot(plains("a")))
        #expect(
            collectionView._listConfiguration(section: 0)?.headerMode
                == UICollectionLayoutListConfiguration.HeaderMode.none)
        #expect(
            collectionView._listConfiguration(section: 0)?.footerMode
                == UICollectionLayoutListConfiguration.FooterMode.none)
        #expect(harness.render() == ["a"])
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        #expect(collectionView._listConfiguration(section: 0)?.headerMode == .supplementary)
        #expect(
            collectionView._listConfiguration(section: 0)?.footerMode
                == UICollectionLayoutListConfiguration.FooterMode.none)
        #expect(harness.render() == ["# main", "a"])
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, _ in "end" }
        #expect(collectionView._listConfiguration(section: 0)?.footerMode == .supplementary)
        #expect(harness.render() == ["# main", "a", "end"])
        #expect(harness.problems == [])
    }

    @Test("a header mode of first item in section stays while the data source has no header")
    func firstItemHeaderStays() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.headerMode = .firstItemInSection
        let (harness, dataSource, _) = try listScreen(configuration)
        try dataSource.apply(makeSnapshot(plains("title", "a")))
        #expect(harness.collectionView._listConfiguration(section: 0)?.headerMode == .firstItemInSection)
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        #expect(harness.collectionView._listConfiguration(section: 0)?.headerMode == .supplementary)
    }

    @Test("list cells, headers and footers size themselves; the data source's sizes do not reach a list section")
    func selfSizing() throws {
        let harness = collectionHarness { $0.makeListLayout(UICollectionLayoutListConfiguration(appearance: .plain)) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(3)) { _, plain in plain.name }
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, _ in "head\ner" }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "t1\nt2")]))
        #expect(laidOut(harness) == ["head/er 0+2", "a 2+1", "t1/t2 3+2"])
        #expect(harness.problems == [])
    }

    @Test("the list layout holds its host weakly")
    func weakHost() {
        var host: CollectionViewHost? = CollectionViewHost(
            collectionView: UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()))
        weak let released = host
        let layout = host?.makeListLayout(UICollectionLayoutListConfiguration(appearance: .plain))
        host = nil
        #expect(layout != nil)
        #expect(released == nil)
    }
}

/// A plain collection view cell (not a list cell) for `Plain`.
@MainActor final class PlainCollectionCell: UICollectionViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with plain: Plain) { text = plain.name }
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 1) }
}
#endif
