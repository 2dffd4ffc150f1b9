#if !canImport(UIKit)
@testable import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// What the UIKit host tests ask of a harness beyond `UIKitHarness`: the few classes, calls and log names in
// which a collection view and a table view differ, so that a test of what both hosts do is written once
// and takes the host as an argument (UIKitHostTests, UIKitHostBatchTests).

/// The UIKit hosts, as test arguments: the collection view's flow, compositional and list layouts, and the
/// table view.
let uikitHostKinds: [HostKind] = [.collection, .table, .compositional, .list]

/// The UIKit hosts whose layout takes the data source's item sizes: all but the list layout, whose list
/// sections size their cells themselves.
let sizedUIKitHostKinds = uikitHostKinds.filter { $0 != .list }

/// Every host, the list layout's too.
let everyHostKind = HostKind.allCases

/// A harness of a UIKit host `height` points tall.
@MainActor
func uikitHarness(_ kind: HostKind, height: Int = 10) throws -> any UIKitHostUnderTest {
    try #require(kind.make(height: height) as? any UIKitHostUnderTest)
}

/// A harness of a UIKit host `height` points tall with a data source of label cells for `Plain` and the
/// host's `Tile` cell (`makeLabelDataSource()`), showing `items` (laid out) when there are any.
@MainActor
func labelledUIKitHost(_ kind: HostKind, height: Int = 10, showing items: [AnyHashable] = []) throws -> (
    harness: any UIKitHostUnderTest, dataSource: UniversalDataSource<Section>
) {
    let harness = try uikitHarness(kind, height: height)
    let dataSource = harness.makeLabelDataSource()
    if !items.isEmpty {
        try dataSource.apply(makeSnapshot(items))
        _ = harness.render()
    }
    return (harness, dataSource)
}

/// A UIKit harness with what differs between the list views in the host tests.
@MainActor
protocol UIKitHostUnderTest: UIKitHarness {
    /// The list view's cell class (`UICollectionViewCell`, `UITableViewCell`).
    associatedtype ListCell: UIView
    /// The host's `Tile` cell, which reads no cell context (so a move makes no position reconfigure).
    associatedtype TileCell: UIView, ConfigurableView, ReusableView where TileCell.ViewModel == Tile
    /// The list view's name for a reconfigure in its update log (`reconfigureItems`, `reconfigureRows`).
    var reconfigureCall: String { get }
    /// Whether the host reconfigures a cell in place (from iOS 15) or reloads it (before).
    var usesReconfigure: Bool { get set }
    /// Makes the list view forget its counts, as a reload it has not laid out yet does.
    func reloadListView()
    /// The items of a section as the list view's data source tells UIKit now.
    func numberOfItemsReported(inSection section: Int) -> Int
    /// Swipes an item open on an edge through the list view: the configuration it shows, if any.
    func swipeConfiguration(at indexPath: ListIndexPath, edge: SwipeEdge) -> UISwipeActionsConfiguration?
    /// A host of this kind over a list view that records the counts UIKit reads during a batch.
    func makeCountsRecordingHost() -> (host: any SimulatedHost, listView: any CountsRecording)
}

extension UIKitHostUnderTest {
    /// A data source on this host with label cells for `Plain` and the host's `Tile` cell.
    func makeLabelDataSource() -> UniversalDataSource<Section> {
        let dataSource = makeDataSource()
        registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        registerTileCell(dataSource)
        return dataSource
    }
    /// Registers the host's `Tile` cell.
    func registerTileCell(_ dataSource: UniversalDataSource<Section>) { dataSource.registerCellType(TileCell.self) }
    /// Whether a view is the host's `Tile` cell.
    func isTileCell(_ view: AnyObject?) -> Bool { view is TileCell }
    /// Whether a view is one of the list view's cells.
    func isListViewCell(_ view: AnyObject?) -> Bool { view is ListCell }
}

/// The events a data source hears, as text, from now on.
@MainActor
func recordEvents(_ dataSource: UniversalDataSource<Section>) -> Ref<[String]> {
    let events = Ref<[String]>([])
    dataSource.onEvent = { events.value.append("\($0)") }
    return events
}

/// A list view that records the items its data source reports in section 0 when a batch starts and at the
/// end of the batch's update closure.
@MainActor
protocol CountsRecording: AnyObject {
    /// `"start <count>"`, `"inside <count>"`, oldest first.
    var reads: [String] { get set }
    var _raisedExceptions: [String] { get }
    /// The items the data source reports in section 0 now.
    var itemsReportedInFirstSection: Int { get }
}

extension CountsRecording {
    /// Records the count as the batch starts: the batch's update closure, recording the count at its end.
    func recordingCounts(around updates: (() -> Void)?) -> () -> Void {
        reads.append("start \(itemsReportedInFirstSection)")
        return { [self] in
            updates?()
            reads.append("inside \(itemsReportedInFirstSection)")
        }
    }
}

// MARK: - The collection view

extension CollectionHarness: UIKitHostUnderTest {
    typealias ListCell = UICollectionViewCell
    typealias TileCell = TileLabelCell
    var reconfigureCall: String { "reconfigureItems" }
    var usesReconfigure: Bool {
        get { collectionHost.usesReconfigure }
        set { collectionHost.usesReconfigure = newValue }
    }
    func reloadListView() { collectionView.reloadData() }
    func numberOfItemsReported(inSection section: Int) -> Int {
        collectionView.dataSource!.collectionView(collectionView, numberOfItemsInSection: section)
    }
    /// Through the list configuration's providers in a list layout; by hand in the others (as `swipeOpen`).
    func swipeConfiguration(at indexPath: ListIndexPath, edge: SwipeEdge) -> UISwipeActionsConfiguration? {
        if layoutKind == .list { return collectionView._swipe(indexPath.indexPath, leading: edge == .leading) }
        return collectionView._swipe(indexPath.indexPath) { [collectionHost] path in
            collectionHost.swipeActionsConfiguration(forItemAt: path, edge: edge)
        }
    }
    func makeCountsRecordingHost() -> (host: any SimulatedHost, listView: any CountsRecording) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 30, height: 1)
        let collectionView = CountsRecordingCollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 10), collectionViewLayout: layout)
        let host = CollectionViewHost(collectionView: collectionView)
        switch layoutKind {
        case .flow: break
        case .compositional:
            collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(1))
        case .list: collectionView.collectionViewLayout = host.makeListLayout(.init(appearance: .plain))
        }
        return (host, collectionView)
    }
}

/// A collection tile cell that reads no cell context.
@MainActor final class TileLabelCell: UICollectionViewListCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with tile: Tile) { text = tile.title }
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

@MainActor final class CountsRecordingCollectionView: UICollectionView, CountsRecording {
    var reads: [String] = []
    var itemsReportedInFirstSection: Int { dataSource!.collectionView(self, numberOfItemsInSection: 0) }
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        super.performBatchUpdates(recordingCounts(around: updates), completion: completion)
    }
}

// MARK: - The table view

extension TableHarness: UIKitHostUnderTest {
    typealias ListCell = UITableViewCell
    typealias TileCell = TileTableCell
    var reconfigureCall: String { "reconfigureRows" }
    var usesReconfigure: Bool {
        get { tableHost.usesReconfigure }
        set { tableHost.usesReconfigure = newValue }
    }
    func reloadListView() { tableView.reloadData() }
    func numberOfItemsReported(inSection section: Int) -> Int {
        tableView.dataSource!.tableView(tableView, numberOfRowsInSection: section)
    }
    func swipeConfiguration(at indexPath: ListIndexPath, edge: SwipeEdge) -> UISwipeActionsConfiguration? {
        tableView._swipe(indexPath.indexPath, leading: edge == .leading)
    }
    func makeCountsRecordingHost() -> (host: any SimulatedHost, listView: any CountsRecording) {
        let tableView = CountsRecordingTableView(frame: CGRect(x: 0, y: 0, width: 30, height: 10), style: .plain)
        return (TableViewHost(tableView: tableView), tableView)
    }
}

/// A table tile cell that reads no cell context.
@MainActor final class TileTableCell: UITableViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with tile: Tile) { text = tile.title }
}

@MainActor final class CountsRecordingTableView: UITableView, CountsRecording {
    var reads: [String] = []
    var itemsReportedInFirstSection: Int { dataSource!.tableView(self, numberOfRowsInSection: 0) }
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        super.performBatchUpdates(recordingCounts(around: updates), completion: completion)
    }
}
#endif
