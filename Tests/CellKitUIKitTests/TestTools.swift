#if !canImport(UIKit)
import CellKit
import CellKitText
@testable @_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(Simulation) import UIKitStandIn

// The host-agnostic layer: a data-source test written once against `HostHarness` runs on the text host,
// on `CollectionViewHost` and on `TableViewHost` over the UIKit stand-in
// (`@Test(arguments: HostKind.allCases)`).

struct Plain: Hashable, CustomStringConvertible {
    var name: String
    var description: String { name }
}

struct Tile: Hashable, Identifiable {
    var id: Int
    var title: String
}

enum Section: Hashable {
    case main
    case more
}

final class Ref<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

func makeSnapshot(_ sections: [(Section, [AnyHashable])]) throws -> Snapshot<Section, AnyHashable> {
    var snapshot = Snapshot<Section, AnyHashable>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

func makeSnapshot(_ items: [AnyHashable]) throws -> Snapshot<Section, AnyHashable> {
    try makeSnapshot([(.main, items)])
}

func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

/// A view that shows one line of text.
@MainActor
protocol Labelled: AnyObject {
    var text: String { get set }
}

/// The hosts a shared test runs on.
enum HostKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case text
    case collection
    case table

    var description: String { rawValue }

    /// A host with a viewport `height` rows (or points) tall and 30 wide.
    @MainActor
    func make(height: Int = 10) -> any HostHarness {
        switch self {
        case .text: TextHarness(height: height)
        case .collection: CollectionHarness(height: height)
        case .table: TableHarness(height: height)
        }
    }
}

/// What a shared test does with a host, whichever it is.
@MainActor
protocol HostHarness: AnyObject {
    var host: any ListHost { get }
    /// Makes `delegate` the host's delegate.
    func setDelegate(_ delegate: any ListHostDelegate)
    /// Registers a one-line label cell for an item type.
    func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String)
    /// Registers a one-line label view of a kind.
    func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String) throws
    /// The rows shown, top to bottom (empty rows left out).
    func render() -> [String]
    /// Selects an item as a tap does.
    func select(_ indexPath: ListIndexPath)
    var selectedIndexPaths: [ListIndexPath] { get }
    /// Scrolls so that a line (a point, on UIKit) is at the top.
    func scroll(toLine line: Int)
    var topLine: Int { get }
    /// The view showing an item, if visible.
    func cell(at indexPath: ListIndexPath) -> AnyObject?
    /// Views made by the host (not recycled).
    var viewsCreated: Int { get }
    /// What UIKit would have raised (empty on the text host).
    var problems: [String] { get }
}

extension HostHarness {
    /// A data source on this host, made its delegate.
    func makeDataSource() -> UniversalDataSource<Section> {
        let dataSource = UniversalDataSource<Section>(host: host)
        setDelegate(dataSource)
        return dataSource
    }
}

// MARK: - Text host

@MainActor final class TextLabelCell: TextCell, Labelled {}

@MainActor
final class TextHarness: HostHarness {
    let list: TextListView
    init(height: Int) { list = TextListView(width: 30, height: height) }
    var host: any ListHost { list }
    func setDelegate(_ delegate: any ListHostDelegate) { list.delegate = delegate }
    func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: TextLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
        }
    }
    func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: TextLabelCell.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    func render() -> [String] {
        list.render().split(separator: "\n").map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }.filter { !$0.isEmpty }
    }
    func select(_ indexPath: ListIndexPath) { list.select(indexPath) }
    var selectedIndexPaths: [ListIndexPath] { list.selectedIndexPath.map { [$0] } ?? [] }
    func scroll(toLine line: Int) { list.scroll(toLine: line) }
    var topLine: Int { list.firstVisibleLine }
    func cell(at indexPath: ListIndexPath) -> AnyObject? { list.cellForItem(at: indexPath) }
    var viewsCreated: Int { list.statistics.viewsCreated }
    var problems: [String] { [] }
}

// MARK: - Collection view host

/// A cell of one line of text: one point tall.
@MainActor final class UIKitLabelCell: UICollectionViewCell, ReusableView, Labelled {
    var text = ""
    var configurations = 0
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

/// A header or footer of one line of text.
@MainActor final class UIKitLabelView: UICollectionReusableView, ReusableView, Labelled {
    var text = ""
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

@MainActor
final class CollectionHarness: HostHarness {
    let collectionView: UICollectionView
    let collectionHost: CollectionViewHost
    init(height: Int) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 30, height: 1)
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: height), collectionViewLayout: layout)
        collectionHost = CollectionViewHost(collectionView: collectionView)
    }
    var host: any ListHost { collectionHost }
    func setDelegate(_ delegate: any ListHostDelegate) { collectionHost.delegate = delegate }
    func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: UIKitLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: UIKitLabelView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    /// Lays out and ends the main actor's turn: the host delivers what UIKit reported.
    func render() -> [String] {
        let views = collectionView._visibleViewsTopToBottom
        collectionHost.deliverPendingEvents()
        return views.map { ($0 as? Labelled)?.text ?? "?" }.filter { !$0.isEmpty }
    }
    func select(_ indexPath: ListIndexPath) {
        collectionView._tap(indexPath.indexPath)
        collectionHost.deliverPendingEvents()
    }
    var selectedIndexPaths: [ListIndexPath] {
        (collectionView.indexPathsForSelectedItems ?? []).compactMap(ListIndexPath.init).sorted()
    }
    func scroll(toLine line: Int) {
        collectionView._scroll(toY: CGFloat(line))
        collectionHost.deliverPendingEvents()
    }
    var topLine: Int { Int(collectionView.contentOffset.y) }
    func cell(at indexPath: ListIndexPath) -> AnyObject? {
        collectionView.layoutIfNeeded()
        return collectionView.cellForItem(at: indexPath.indexPath)
    }
    var viewsCreated: Int { collectionView._statistics.created }
    var problems: [String] { collectionView._raisedExceptions }
}
// MARK: - Table view host

/// A table cell of one line of text (more with line breaks): one point a line.
@MainActor final class UIKitTableLabelCell: UITableViewCell, ReusableView, Labelled {
    var text = ""
    var configurations = 0
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

/// A table header or footer of one line of text.
@MainActor final class UIKitTableLabelView: UITableViewHeaderFooterView, ReusableView, Labelled {
    var text = ""
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

@MainActor
final class TableHarness: HostHarness {
    let tableView: UITableView
    let tableHost: TableViewHost
    init(height: Int) {
        tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 30, height: height), style: .plain)
        tableView.rowHeight = 1
        tableHost = TableViewHost(tableView: tableView)
    }
    var host: any ListHost { tableHost }
    func setDelegate(_ delegate: any ListHostDelegate) { tableHost.delegate = delegate }
    func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: UIKitTableLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: UIKitTableLabelView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    /// Lays out and ends the main actor's turn: the host delivers what UIKit reported.
    func render() -> [String] {
        let views = tableView._visibleViewsTopToBottom
        tableHost.deliverPendingEvents()
        return views.map { ($0 as? Labelled)?.text ?? "?" }.filter { !$0.isEmpty }
    }
    func select(_ indexPath: ListIndexPath) {
        tableView._tap(indexPath.indexPath)
        tableHost.deliverPendingEvents()
    }
    var selectedIndexPaths: [ListIndexPath] {
        (tableView.indexPathsForSelectedRows ?? []).compactMap(ListIndexPath.init).sorted()
    }
    func scroll(toLine line: Int) {
        tableView._scroll(toY: CGFloat(line))
        tableHost.deliverPendingEvents()
    }
    var topLine: Int { Int(tableView.contentOffset.y) }
    func cell(at indexPath: ListIndexPath) -> AnyObject? {
        tableView.layoutIfNeeded()
        return tableView.cellForRow(at: indexPath.indexPath)
    }
    var viewsCreated: Int { tableView._statistics.created }
    var problems: [String] { tableView._raisedExceptions }
}
#endif
