// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(Simulation) import UIKitStandIn

// What `CollectionHarness` and `TableHarness` share: both drive a list view of the stand-in through its
// simulation (`SimulatedListView`) and a host (`SimulatedHost`), so everything but the few calls that
// differ between a collection view and a table view is written once, here and in the concern files.

/// The stand-in's simulation of a list view, which `UICollectionView` and `UITableView` have alike.
@MainActor
public protocol SimulatedListView: UIScrollView {
    /// The views the list view shows (`UICollectionReusableView` on a collection view).
    associatedtype ShownView: UIView
    var _raisedExceptions: [String] { get }
    var _updateLog: [String] { get }
    var _prefetchDistance: Int { get set }
    var _statistics: (created: Int, dequeued: Int, reused: Int, reconfiguredInPlace: Int) { get }
    var _visibleViewsTopToBottom: [ShownView] { get }
    var _visibleFramesTopToBottom: [(view: ShownView, top: CGFloat, height: CGFloat)] { get }
    var _knownCounts: [Int]? { get }
    func _scroll(toY y: CGFloat)
    func _touchDown(_ indexPath: IndexPath)
    func _touchCancel(_ indexPath: IndexPath)
    func _tap(_ indexPath: IndexPath)
    func _drag(by distance: CGFloat, coast: CGFloat)
    func _top(of indexPath: IndexPath) -> CGFloat?
    var _highlightedIndexPath: IndexPath? { get }
    var _swipedIndexPath: IndexPath? { get }
    var _focusedIndexPath: IndexPath? { get }
    func _moveFocus(to indexPath: IndexPath?) -> Bool
    func _focusIntoView() -> IndexPath?
    func _accessibilityFocus(_ indexPath: IndexPath?) -> Bool
    var _accessibilityFocusedIndexPath: IndexPath? { get }
    func _performSwipeAction(_ title: String) -> Bool
    var _contextMenu: UIMenu? { get }
    func _performMenuAction(_ titles: [String]) -> Bool
    func _beginDrag(_ sources: [IndexPath]) -> [IndexPath]
    func _dragOver(_ destination: IndexPath?) -> UIDropOperation?
    func _drop(at destination: IndexPath?) -> (performed: Bool, placed: [IndexPath])
    func _cancelDrag()
    func _carryDrag(to other: UIScrollView)
    func _dropInAnotherApp() -> [NSItemProvider]?
    func _beginDragFromAnotherApp(count: Int)
}

extension UICollectionView: SimulatedListView {}
extension UITableView: SimulatedListView {}

/// What the harness uses of `CollectionViewHost` and `TableViewHost`, which have it alike.
@MainActor
public protocol SimulatedHost: SelectableListHost {
    var keepsFirstVisibleItemAnchored: Bool { get set }
    var attachmentViewsCreated: Int { get }
    func isSizingView(_ view: AnyObject) -> Bool
    func deliverPendingEvents()
    func requestRefresh()
    func attachments(of cell: AnyObject) -> Attachments?
}

extension CollectionViewHost: SimulatedHost {}
extension TableViewHost: SimulatedHost {}

/// The views a UIKit host shows with a cell, and its item's position (the hosts' `attachments(of:)`).
public typealias Attachments = (
    supplementaries: [AnyObject], decorations: [AnyObject], position: PositionInSection
)

/// A `HostHarness` over a list view of the stand-in: the list view's own operations are written once in
/// the extensions; each harness gives its list view, its host, its view classes and the calls that differ.
@MainActor
public protocol UIKitHarness: HostHarness {
    associatedtype ListView: SimulatedListView
    associatedtype Host: SimulatedHost
    /// The list view.
    var listView: ListView { get }
    /// The host that drives it.
    var uikitHost: Host { get }
    /// The cell on screen at an index path (`cellForItem(at:)`, `cellForRow(at:)`).
    func visibleCell(at indexPath: IndexPath) -> UIView?
    /// The index paths of the visible items.
    var visibleIndexPaths: [IndexPath] { get }
    /// The index paths of the selected items.
    var selectedListViewIndexPaths: [IndexPath] { get }
    /// The height of an item's frame in the layout.
    func heightOfItem(at indexPath: IndexPath) -> CGFloat?

    /// The label cell of the composition tests.
    associatedtype CompositionCell: UIView, ReusableView, UIKitCompositionLabel
    /// The `ConfigurableView` label cell of a style.
    func styledCellType<Style: LabelStyle>(_ style: Style.Type) -> any StyledLabel<Style>.Type
}

// MARK: - The host

extension UIKitHarness {
    public var host: any ListHost { uikitHost }
    @_spi(ListHost) public func setDelegate(_ delegate: any ListHostDelegate) { uikitHost.delegate = delegate }
    public func cell(at indexPath: ListIndexPath) -> AnyObject? {
        listView.layoutIfNeeded()
        return visibleCell(at: indexPath.indexPath)
    }
    public var contentHeight: Int {
        listView.layoutIfNeeded()
        return Int(listView.contentSize.height)
    }
    public func layoutIfNeeded() {
        listView.layoutIfNeeded()
        uikitHost.deliverPendingEvents()
    }
    public func resize(width: Int, height: Int) {
        listView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        layoutIfNeeded()
    }
    public var problems: [String] { listView._raisedExceptions }
    public var viewsCreated: Int { listView._statistics.created }
    public var allViewsCreated: Int { viewsCreated + uikitHost.attachmentViewsCreated }
    public var measuredViews: Int { UIKitHarnessState.of(self).total }
    public var reconfiguredInPlace: Int { listView._statistics.reconfiguredInPlace }
    public var configuredViews: Int { listView._statistics.dequeued }
}

// MARK: - Gestures

extension UIKitHarness {
    /// Runs a gesture on the list view, then delivers the events UIKit reported.
    func gesture<Result>(_ body: () throws -> Result) rethrows -> Result {
        defer { uikitHost.deliverPendingEvents() }
        return try body()
    }

    public func select(_ indexPath: ListIndexPath) { gesture { listView._tap(indexPath.indexPath) } }
    public var selectedIndexPaths: [ListIndexPath] {
        selectedListViewIndexPaths.compactMap(ListIndexPath.init).sorted()
    }
    public func deselectAll() {
        for path in selectedIndexPaths { uikitHost.deselectItem(at: path) }
    }
    public var allowsMultipleSelection: Bool {
        get { uikitHost.allowsMultipleSelection }
        set { uikitHost.allowsMultipleSelection = newValue }
    }
    public var visiblySelectedIndexPaths: [ListIndexPath] {
        listView.layoutIfNeeded()
        return visibleIndexPaths.filter { indexPath in
            let cell = visibleCell(at: indexPath)
            return (cell as? UICollectionViewCell)?.isSelected ?? (cell as? UITableViewCell)?.isSelected ?? false
        }.compactMap(ListIndexPath.init).sorted()
    }
    public func highlight(_ indexPath: ListIndexPath) { gesture { listView._touchDown(indexPath.indexPath) } }
    public func unhighlight() {
        gesture { if let path = listView._highlightedIndexPath { listView._touchCancel(path) } }
    }
    public var highlightedIndexPath: ListIndexPath? { listView._highlightedIndexPath.flatMap(ListIndexPath.init) }
    public func focus(_ indexPath: ListIndexPath?) -> Bool { gesture { listView._moveFocus(to: indexPath?.indexPath) } }
    public var focusedIndexPath: ListIndexPath? { listView._focusedIndexPath.flatMap(ListIndexPath.init) }
    public func accessibilityFocus(_ indexPath: ListIndexPath?) -> Bool {
        gesture { listView._accessibilityFocus(indexPath?.indexPath) }
    }
    public var accessibilityFocusedIndexPath: ListIndexPath? {
        listView._accessibilityFocusedIndexPath.flatMap(ListIndexPath.init)
    }
    public func scroll(toLine line: Int) { gesture { listView._scroll(toY: CGFloat(line)) } }
    public func scrollToEnd() {
        listView.layoutIfNeeded()
        gesture { listView._scroll(toY: max(0, listView.contentSize.height - listView.frame.height)) }
    }
    public func scroll(to indexPath: ListIndexPath) {
        guard let top = listView._top(of: indexPath.indexPath) else { return }
        gesture { listView._scroll(toY: top) }
    }
    public func scroll(byLines lines: Int) {
        scroll(toLine: min(max(0, topLine + lines), max(0, contentHeight - Int(listView.frame.height))))
    }
    public func scroll(like other: any HostHarness) { scroll(toLine: other.topLine) }
    public var topLine: Int { Int(listView.contentOffset.y) }
    public func drag(byLines lines: Int, velocity: Int) {
        gesture { listView._drag(by: CGFloat(lines), coast: CGFloat(velocity)) }
    }
    /// A `UIRefreshControl` asks only when pulled at the top; its action calls `requestRefresh()`.
    public func pullToRefresh() -> Bool {
        listView.layoutIfNeeded()
        guard listView.contentOffset.y == 0 else { return false }
        uikitHost.requestRefresh()
        return true
    }
    public var prefetchDistance: Int {
        get { listView._prefetchDistance }
        set { gesture { listView._prefetchDistance = newValue } }
    }
    public var keepsFirstVisibleItemAnchored: Bool {
        get { uikitHost.keepsFirstVisibleItemAnchored }
        set { uikitHost.keepsFirstVisibleItemAnchored = newValue }
    }
    public var swipedIndexPath: ListIndexPath? { listView._swipedIndexPath.flatMap(ListIndexPath.init) }
    public func tapSwipeAction(_ title: String) -> Bool { gesture { listView._performSwipeAction(title) } }
    public func chooseContextMenuAction(_ titles: [String]) -> Bool { gesture { listView._performMenuAction(titles) } }
    public var isContextMenuOpen: Bool { listView._contextMenu != nil }
    /// A drag and drop through the list view's drag and drop delegates: dropped when the host placed the
    /// items. A drag of exactly `sources`: when one of them does not join it (UIKit leaves out an item the
    /// host gives no drag item for, and the drag goes on), the drag is let go, as `TextListView.drop(_:at:)`
    /// refuses such a drop.
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool {
        gesture {
            let paths = sources.map(\.indexPath)
            guard listView._beginDrag(paths) == paths else {
                listView._cancelDrag()
                return false
            }
            let drop = listView._drop(at: destination.indexPath)
            return drop.performed && !drop.placed.isEmpty
        }
    }
}
#endif
