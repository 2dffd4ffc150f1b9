// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `Labelled` requirements.)
#if !canImport(UIKit)
import CellKit
import DiffableStore
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn

/// A table cell that shows its label: one point a line of its text.
@MainActor public final class UIKitTableLabelCell: UITableViewCell, ReusableView, Labelled {
    public var text = ""
    /// How often a configuration closure set its text.
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

/// A table header or footer of one line of text.
@MainActor public final class UIKitTableLabelView: UITableViewHeaderFooterView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

/// `HostHarness` on a `TableViewHost` over the stand-in's `UITableView`.
@MainActor
public final class TableHarness: HostHarness {
    /// The table view.
    public let tableView: UITableView
    /// The host that drives it.
    public let tableHost: TableViewHost
    /// A plain table view `width` points wide and `height` points tall with one-point rows.
    public init(width: Int = 30, height: Int) {
        tableView = UITableView(
            frame: CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)), style: .plain)
        tableView.rowHeight = 1
        tableHost = TableViewHost(tableView: tableView)
    }
    public var host: any ListHost { tableHost }
    public func setDelegate(_ delegate: any ListHostDelegate) { tableHost.delegate = delegate }
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: UIKitTableLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    public func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: UIKitTableLabelView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    public func render() -> [String] {
        let views = tableView._visibleViewsTopToBottom
        tableHost.deliverPendingEvents()
        return views.flatMap { (($0 as? Labelled)?.text ?? "?").split(separator: "\n").map(String.init) }
            .filter { !$0.isEmpty }
    }
    public func select(_ indexPath: ListIndexPath) {
        tableView._tap(indexPath.indexPath)
        tableHost.deliverPendingEvents()
    }
    public var selectedIndexPaths: [ListIndexPath] {
        (tableView.indexPathsForSelectedRows ?? []).compactMap(ListIndexPath.init).sorted()
    }
    public func scroll(toLine line: Int) {
        tableView._scroll(toY: CGFloat(line))
        tableHost.deliverPendingEvents()
    }
    public func scrollToEnd() {
        tableView.layoutIfNeeded()
        tableView._scroll(toY: max(0, tableView.contentSize.height - tableView.frame.height))
        tableHost.deliverPendingEvents()
    }
    public var topLine: Int { Int(tableView.contentOffset.y) }
    public func cell(at indexPath: ListIndexPath) -> AnyObject? {
        tableView.layoutIfNeeded()
        return tableView.cellForRow(at: indexPath.indexPath)
    }
    public var viewsCreated: Int { tableView._statistics.created }
    public var problems: [String] { tableView._raisedExceptions }
}
#endif
