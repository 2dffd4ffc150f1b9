// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `UIKitHarness` requirements.)
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(Simulation) import UIKitStandIn

/// `HostHarness` on a `TableViewHost` over the stand-in's `UITableView`: what differs from a collection
/// view (`UIKitHarness` does the rest).
@MainActor
public final class TableHarness: UIKitHarness {
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
    public var listView: UITableView { tableView }
    public var uikitHost: TableViewHost { tableHost }

    public func visibleCell(at indexPath: IndexPath) -> UIView? { tableView.cellForRow(at: indexPath) }
    public var visibleIndexPaths: [IndexPath] { tableView.indexPathsForVisibleRows ?? [] }
    public var selectedListViewIndexPaths: [IndexPath] { tableView.indexPathsForSelectedRows ?? [] }
    public func heightOfItem(at indexPath: IndexPath) -> CGFloat? { tableView.rectForRow(at: indexPath).height }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        tableView.layoutIfNeeded()
        return kind == .header ? tableView.headerView(forSection: section) : tableView.footerView(forSection: section)
    }
    /// An empty batch (`performBatchUpdates(nil)`) is how the table host lays its rows out again.
    public var relayouts: Int { tableView._updateLog.filter { $0 == "performBatchUpdates: no changes" }.count }
    public var staticContainerReuseIdentifier: String { "CellKitUIKit.StaticViewTableCell" }

    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        let configuration = gesture { tableView._swipe(indexPath.indexPath, leading: edge == .leading) }
        return configuration?.actions.map { $0.title ?? "" }
    }
    /// A table view opens a menu for one row at a time.
    public func openContextMenu(_ indexPaths: [ListIndexPath]) -> [String]? {
        guard indexPaths.count == 1 else { return nil }
        return gesture { tableView._openContextMenu(indexPaths[0].indexPath) }?.children.map(\.title)
    }
    /// The app turns editing on, which shows the reorder controls; the finger picks the row up by its control.
    public func beginReorder(_ indexPath: ListIndexPath) -> Bool {
        tableView.isEditing = true
        return gesture { tableView._beginReorder(at: indexPath.indexPath) }
    }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? {
        gesture { tableView._updateReorderTarget(proposed.indexPath) }
        return tableView._reorder.flatMap { ListIndexPath($0.target) }
    }
    public func endReorder() throws -> Bool {
        let move = tableView._reorder
        gesture { tableView._endReorder() }
        return move.map { $0.source != $0.target } ?? false
    }

    public func labelType(_ role: LabelRole) -> any (ReusableView & Labelled).Type {
        switch role {
        case .cell: UIKitTableLabelCell.self
        case .header: UIKitTableLabelView.self
        case .lines: LinesTableView.self
        }
    }
    public var stateLoggingCellType: any (ReusableView & StateLogging).Type { StateLoggingTableCell.self }
    public typealias CompositionCell = CompositionTableLabelCell
    public func taggedCellType<Tag>(_ tag: Tag.Type) -> any (ReusableView & Labelled).Type { TaggedTableCell<Tag>.self }
    public func configurableCellType<Item>(_ itemType: Item.Type) -> any ConfigurableLabel<Item>.Type {
        ConfigurableTableCell<Item>.self
    }
    public func styledCellType<Style: LabelStyle>(_ style: Style.Type) -> any StyledLabel<Style>.Type {
        TableStyledLabelCell<Style>.self
    }
    public func formattedLabelType<Format: LabelFormat>(_ format: Format.Type) -> any FormattedLabel<Format>.Type {
        FormattedTableCell<Format>.self
    }
}

// MARK: - Labels (see UIKitLabels.swift)

/// A table header or footer of one line of text.
@MainActor public final class UIKitTableLabelView: UITableViewHeaderFooterView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 1) }
}

/// A table header or footer as tall as its lines, counting its configurations.
@MainActor
public final class LinesTableView: UITableViewHeaderFooterView, ReusableView, Labelled,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// A table label cell that shows its label, one point a line of its text, of a class per tag.
@MainActor public final class TaggedTableCell<Tag>: UITableViewCell, ReusableView, Labelled, ConfigurationCounting {
    public var text = ""
    /// How often a configuration closure set its text.
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// The table label cell of no tag.
public typealias UIKitTableLabelCell = TaggedTableCell<Untagged>

/// A table label cell that adopts `ConfigurableView`.
@MainActor public final class ConfigurableTableCell<Item>: UITableViewCell, ConfigurableLabel, ConfigurationCounting {
    public typealias ViewModel = Item
    public var text = ""
    public var configurations = 0
}

/// A table cell of a class per format, one point a line.
@MainActor
public final class FormattedTableCell<Format: LabelFormat>: UITableViewCell, FormattedLabel,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public var binding = Binding<Format>()
}

/// A table cell of the composition tests.
@MainActor public final class CompositionTableLabelCell: UITableViewCell, ReusableView, UIKitCompositionLabel {
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = false
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A table `ConfigurableView` label of a style.
@MainActor public final class TableStyledLabelCell<Style: LabelStyle>: UITableViewCell, StyledLabel {
    public var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A table cell that logs its state changes, as a cell restyles in `setHighlighted(_:animated:)` and
/// `setSelected(_:animated:)`.
@MainActor public final class StateLoggingTableCell: UITableViewCell, ReusableView, StateLogging {
    public var text = ""
    public var log: (@MainActor (String) -> Void)?
    public override func setSelected(_ selected: Bool, animated: Bool) {
        let changed = selected != isSelected
        super.setSelected(selected, animated: animated)
        if changed { log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected)) }
    }
    public override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        let changed = highlighted != isHighlighted
        super.setHighlighted(highlighted, animated: animated)
        if changed { log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected)) }
    }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 1) }
}
#endif
