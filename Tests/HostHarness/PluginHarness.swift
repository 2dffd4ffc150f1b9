// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `PluginHarness` requirements.)
import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

#if !canImport(UIKit)
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn
#endif

// What the plugin and gesture tests do with a host beyond `HostHarness`: the updates it performed, a
// finger's highlight, drags and pull to refresh, prefetching, swipe actions and interactive moves. On the
// UIKit hosts each is what a user (or the app's gesture code) does to UIKit: the stand-in's simulation
// drives the list view, and the events UIKit reports are delivered before the call returns.

/// A host the plugin tests drive with gestures.
@MainActor
public protocol PluginHarness: HostHarness {
    /// The updates the host performed, in the text host's words: a batch's description
    /// (`"insert 0.1"`), `"reload data"`, `"reconfigure 0.1, 0.2"`. On the UIKit hosts, what the list view
    /// was told: the structural part of a batch (`performBatchUpdates`) and the reconfigure after it are
    /// two lines.
    var performedUpdates: [String] { get }
    /// Batches performed: the text host's batch count; the UIKit list view's `performBatchUpdates` calls.
    var batchUpdates: Int { get }
    /// Whether the host performs an interactive move as a batch of its own (the text host); UIKit moves
    /// the cell itself and then tells the data source, so its log shows no batch for it.
    var performsInteractiveMovesAsBatches: Bool { get }

    /// A finger comes down on an item: it is highlighted.
    func highlight(_ indexPath: ListIndexPath)
    /// The finger lifts without selecting: the highlight ends, wherever its item is now.
    func unhighlight()
    /// A drag of the content by `lines`, then a lift with the content coasting `velocity` lines on; the
    /// delegate picks where it comes to rest.
    func drag(byLines lines: Int, velocity: Int)
    /// A pull at the top of the list asking for new content; `false` when the list is not at the top.
    @discardableResult func pullToRefresh() -> Bool
    /// Scrolls so that an item is at the top, as far as the content allows.
    func scroll(to indexPath: ListIndexPath)
    /// How many items beyond the viewport, in the direction of the last scroll, are prefetched.
    var prefetchDistance: Int { get set }
    /// Whether a batch keeps the first visible item where it was in the viewport.
    var keepsFirstVisibleItemAnchored: Bool { get set }
    /// Registers a label cell for an item type that logs `"<text> highlighted|selected|plain"` each time
    /// the host (UIKit, on the UIKit hosts) changes its highlighted or selected state.
    func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void)

    /// Swipes an item's row open on an edge: the titles of the actions shown, `nil` when none open.
    @discardableResult func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]?
    /// The row swiped open, where it is now; `nil` once it closed.
    var swipedIndexPath: ListIndexPath? { get }
    /// Taps an action of the open swipe; `false` when none is open or it has no such action.
    @discardableResult func tapSwipeAction(_ title: String) -> Bool

    /// Picks an item's row up to move it; `false` when the data source does not let it move.
    func beginReorder(_ indexPath: ListIndexPath) -> Bool
    /// Drags the picked-up row over a place: where it would drop now.
    func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath?
    /// Drops the row: `false` when none was picked up or it drops where it was.
    func endReorder() throws -> Bool
    /// Drags several items together (the first picked up, the others added, in order) and drops them at
    /// one place: they land in drag order, the first at `destination` (coordinates after the drop).
    /// `false`, changing nothing, when the host refuses the drop.
    func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool

    /// A view of the host's kind (a `TextCell`, a `UIView`) to show as a ``/CellKit/StaticView``.
    func makeDraft(title: String) -> any DraftView
    /// The reuse identifier of the host's static view container.
    var staticContainerReuseIdentifier: String { get }
    /// The static view showing at an index path, if it is a visible static item.
    func draft(at indexPath: ListIndexPath) -> (any DraftView)?
    /// The cell a static view shows in now, if any.
    func container(of block: any DraftView) -> AnyObject?
    /// The lines shown, as ``render()``, with the static views' lines too, each row cut to its height.
    func renderWithStaticViews() -> [String]
}

/// A static view with state of its own, "what the user typed": it shows `<title>: [<typed>]`, one line
/// (point) a line of it.
@MainActor
public protocol DraftView: AnyObject {
    var title: String { get set }
    var typed: String { get set }
}

extension DraftView {
    /// The lines the block shows.
    var lines: [String] {
        "\(title): [\(typed)]".split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension PluginHarness {
    /// Scrolls by a number of lines (points): down when positive.
    public func scrollBy(lines: Int) { scroll(toLine: max(0, topLine + lines)) }
}

extension HostKind {
    /// A host for the plugin tests (``make(width:height:)`` with ``PluginHarness``).
    @MainActor
    public func makePluginHarness(width: Int = 30, height: Int = 10) -> any PluginHarness {
        guard let harness = make(width: width, height: height) as? any PluginHarness else {
            preconditionFailure("the \(self) harness does not conform to PluginHarness")
        }
        return harness
    }
}

/// How a state-logging cell names its state.
@MainActor
private func stateName(text: String, highlighted: Bool, selected: Bool) -> String {
    "\(text) " + (highlighted ? "highlighted" : selected ? "selected" : "plain")
}

// MARK: - Text host

/// A text cell that logs its state changes.
@MainActor public final class StateLoggingTextCell: TextCell {
    var log: (@MainActor (String) -> Void)?
    public override func stateDidChange() {
        log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected))
    }
}

/// A text block shown as a static view.
@MainActor public final class TextDraftView: TextCell, DraftView {
    public var title = ""
    public var typed = ""
    public override func render(width: Int) -> [String] { lines }
}

extension TextHarness: PluginHarness {
    public func makeDraft(title: String) -> any DraftView {
        let block = TextDraftView()
        block.title = title
        return block
    }
    public var staticContainerReuseIdentifier: String { "CellKitText.StaticViewCell" }
    public func draft(at indexPath: ListIndexPath) -> (any DraftView)? {
        list.staticView(at: indexPath) as? TextDraftView
    }
    public func container(of block: any DraftView) -> AnyObject? {
        (block as? TextCell)?.staticViewContainer
    }
    public func renderWithStaticViews() -> [String] { render() }
    public var keepsFirstVisibleItemAnchored: Bool {
        get { list.keepsFirstVisibleItemAnchored }
        set { list.keepsFirstVisibleItemAnchored = newValue }
    }
    public func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        dataSource.registerCell(itemType: itemType, cellType: StateLoggingTextCell.self) { cell, _, item in
            cell.text = text(item)
            cell.log = log
        }
    }
    public var performedUpdates: [String] { list.updateLog }
    public var batchUpdates: Int { list.statistics.batchUpdates }
    public var performsInteractiveMovesAsBatches: Bool { true }
    public func highlight(_ indexPath: ListIndexPath) { list.highlight(indexPath) }
    public func unhighlight() { list.unhighlight() }
    public func drag(byLines lines: Int, velocity: Int) { list.drag(byLines: lines, velocity: velocity) }
    public func pullToRefresh() -> Bool { list.pullToRefresh() }
    public func scroll(to indexPath: ListIndexPath) { list.scroll(to: indexPath) }
    public var prefetchDistance: Int {
        get { list.prefetchDistance }
        set { list.prefetchDistance = newValue }
    }
    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        list.swipe(indexPath, edge: edge)
    }
    public var swipedIndexPath: ListIndexPath? { list.swipedIndexPath }
    public func tapSwipeAction(_ title: String) -> Bool { list.performSwipeAction(title) }
    public func beginReorder(_ indexPath: ListIndexPath) -> Bool { list.beginMove(indexPath) }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? { list.moveDrag(to: proposed) }
    public func endReorder() throws -> Bool { try list.endMove() }
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool {
        try list.drop(sources, at: destination)
    }
}

#if !canImport(UIKit)
// MARK: - UIKit hosts

/// A UIKit list view's update log in the text host's words.
@MainActor
private func inTextHostWords(_ log: [String]) -> [String] {
    log.map { line in
        if line == "reloadData" { return "reload data" }
        for prefix in ["performBatchUpdates: ", "reconfigureItems: ", "reconfigureRows: "] where line.hasPrefix(prefix)
        {
            let rest = String(line.dropFirst(prefix.count))
            return prefix == "performBatchUpdates: " ? rest : "reconfigure " + rest
        }
        return line
    }
}

/// A collection cell that logs its state changes, as a cell restyles in `isHighlighted`'s and
/// `isSelected`'s observers.
@MainActor public final class StateLoggingCollectionCell: UICollectionViewCell, ReusableView {
    var text = ""
    var log: (@MainActor (String) -> Void)?
    public override var isSelected: Bool {
        didSet { if isSelected != oldValue { logState() } }
    }
    public override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { logState() } }
    }
    private func logState() { log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected)) }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

/// A table cell that logs its state changes, as a cell restyles in `setHighlighted(_:animated:)` and
/// `setSelected(_:animated:)`.
@MainActor public final class StateLoggingTableCell: UITableViewCell, ReusableView {
    var text = ""
    var log: (@MainActor (String) -> Void)?
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
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

/// A `UIView` shown as a static view: as tall as its lines.
@MainActor public final class UIKitDraftView: UIView, DraftView {
    public var title = ""
    public var typed = ""
    /// The blocks made, to find the one a container cell shows (the stand-in's subviews are not API).
    private static var made: [Weak] = []
    private final class Weak {
        weak var block: UIKitDraftView?
        init(_ block: UIKitDraftView) { self.block = block }
    }

    static func make(title: String) -> UIKitDraftView {
        let block = UIKitDraftView(frame: .zero)
        block.title = title
        made.removeAll { $0.block == nil }
        made.append(Weak(block))
        return block
    }

    /// The block shown in a cell's content view, if any.
    static func shown(in contentView: UIView?) -> UIKitDraftView? {
        guard let contentView else { return nil }
        return made.lazy.compactMap(\.block).first { $0.superview === contentView }
    }

    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(lines.count))
    }
}

/// The lines a UIKit list view shows: each view's text (a container cell's static block's), a cell's cut
/// to its height in the layout.
@MainActor
private func linesShown(
    _ views: [UIView], text: (UIView) -> [String]?, height: (UIView) -> CGFloat?
) -> [String] {
    views.flatMap { view -> [String] in
        let lines = text(view) ?? ["?"]
        guard let height = height(view) else { return lines }
        return Array(lines.prefix(Int(height)))
    }.filter { !$0.isEmpty }
}

@MainActor
private func labelLines(_ view: UIView) -> [String]? {
    (view as? Labelled).map { $0.text.split(separator: "\n").map(String.init) }
}

extension CollectionHarness: PluginHarness {
    public func makeDraft(title: String) -> any DraftView { UIKitDraftView.make(title: title) }
    public var staticContainerReuseIdentifier: String { "CellKitUIKit.StaticViewCollectionCell" }
    public func draft(at indexPath: ListIndexPath) -> (any DraftView)? {
        collectionView.layoutIfNeeded()
        return UIKitDraftView.shown(in: collectionView.cellForItem(at: indexPath.indexPath)?.contentView)
    }
    public func container(of block: any DraftView) -> AnyObject? {
        guard let superview = (block as? UIView)?.superview else { return nil }
        collectionView.layoutIfNeeded()
        return collectionView.indexPathsForVisibleItems.lazy.compactMap(collectionView.cellForItem(at:))
            .first { $0.contentView === superview }
    }
    public func renderWithStaticViews() -> [String] {
        let views = collectionView._visibleViewsTopToBottom
        collectionHost.deliverPendingEvents()
        let paths = collectionView.indexPathsForVisibleItems
        return linesShown(
            views,
            text: { view in
                labelLines(view) ?? UIKitDraftView.shown(in: (view as? UICollectionViewCell)?.contentView)?.lines
            },
            height: { view in
                paths.first { collectionView.cellForItem(at: $0) === view }
                    .flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame.height }
            })
    }
    public var keepsFirstVisibleItemAnchored: Bool {
        get { collectionHost.keepsFirstVisibleItemAnchored }
        set { collectionHost.keepsFirstVisibleItemAnchored = newValue }
    }
    public func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        dataSource.registerCell(itemType: itemType, cellType: StateLoggingCollectionCell.self) { cell, _, item in
            cell.text = text(item)
            cell.log = log
        }
    }
    public var performedUpdates: [String] { inTextHostWords(collectionView._updateLog) }
    public var batchUpdates: Int { collectionView._updateLog.count { $0.hasPrefix("performBatchUpdates") } }
    public var performsInteractiveMovesAsBatches: Bool { false }

    public func highlight(_ indexPath: ListIndexPath) {
        collectionView._touchDown(indexPath.indexPath)
        collectionHost.deliverPendingEvents()
    }
    public func unhighlight() {
        if let path = collectionView._highlightedIndexPath { collectionView._touchCancel(path) }
        collectionHost.deliverPendingEvents()
    }
    public func drag(byLines lines: Int, velocity: Int) {
        collectionView._drag(by: CGFloat(lines), coast: CGFloat(velocity))
        collectionHost.deliverPendingEvents()
    }
    /// A `UIRefreshControl` asks only when pulled at the top; its action calls `requestRefresh()`.
    public func pullToRefresh() -> Bool {
        collectionView.layoutIfNeeded()
        guard collectionView.contentOffset.y == 0 else { return false }
        collectionHost.requestRefresh()
        return true
    }
    public func scroll(to indexPath: ListIndexPath) {
        guard let top = collectionView._top(of: indexPath.indexPath) else { return }
        collectionView._scroll(toY: top)
        collectionHost.deliverPendingEvents()
    }
    public var prefetchDistance: Int {
        get { collectionView._prefetchDistance }
        set {
            collectionView._prefetchDistance = newValue
            collectionHost.deliverPendingEvents()
        }
    }

    /// A list layout's swipe providers call the host's `swipeActionsConfiguration(forItemAt:edge:)`.
    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        let configuration = collectionView._swipe(indexPath.indexPath) { [collectionHost] path in
            collectionHost.swipeActionsConfiguration(forItemAt: path, edge: edge)
        }
        collectionHost.deliverPendingEvents()
        return configuration?.actions.map { $0.title ?? "" }
    }
    public var swipedIndexPath: ListIndexPath? { collectionView._swipedIndexPath.flatMap(ListIndexPath.init) }
    public func tapSwipeAction(_ title: String) -> Bool {
        defer { collectionHost.deliverPendingEvents() }
        return collectionView._performSwipeAction(title)
    }

    public func beginReorder(_ indexPath: ListIndexPath) -> Bool {
        defer { collectionHost.deliverPendingEvents() }
        return collectionView.beginInteractiveMovementForItem(at: indexPath.indexPath)
    }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? {
        collectionView._updateInteractiveMovementTarget(proposed.indexPath)
        collectionHost.deliverPendingEvents()
        return collectionView._interactiveMovement.flatMap { ListIndexPath($0.target) }
    }
    public func endReorder() throws -> Bool {
        let move = collectionView._interactiveMovement
        collectionView.endInteractiveMovement()
        collectionHost.deliverPendingEvents()
        return move.map { $0.source != $0.target } ?? false
    }
    /// A drag and drop through the collection view's drag and drop delegates: dropped when the host placed
    /// the items.
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool {
        let drop = collectionView._dragAndDrop(sources.map(\.indexPath), to: destination.indexPath)
        collectionHost.deliverPendingEvents()
        return drop.performed && !drop.placed.isEmpty
    }
}

extension TableHarness: PluginHarness {
    public func makeDraft(title: String) -> any DraftView { UIKitDraftView.make(title: title) }
    public var staticContainerReuseIdentifier: String { "CellKitUIKit.StaticViewTableCell" }
    public func draft(at indexPath: ListIndexPath) -> (any DraftView)? {
        tableView.layoutIfNeeded()
        return UIKitDraftView.shown(in: tableView.cellForRow(at: indexPath.indexPath)?.contentView)
    }
    public func container(of block: any DraftView) -> AnyObject? {
        guard let superview = (block as? UIView)?.superview else { return nil }
        tableView.layoutIfNeeded()
        return (tableView.indexPathsForVisibleRows ?? []).lazy.compactMap(tableView.cellForRow(at:))
            .first { $0.contentView === superview }
    }
    public func renderWithStaticViews() -> [String] {
        let views = tableView._visibleViewsTopToBottom
        tableHost.deliverPendingEvents()
        let paths = tableView.indexPathsForVisibleRows ?? []
        return linesShown(
            views,
            text: { view in
                labelLines(view) ?? UIKitDraftView.shown(in: (view as? UITableViewCell)?.contentView)?.lines
            },
            height: { view in
                paths.first { tableView.cellForRow(at: $0) === view }.map { tableView.rectForRow(at: $0).height }
            })
    }
    public var keepsFirstVisibleItemAnchored: Bool {
        get { tableHost.keepsFirstVisibleItemAnchored }
        set { tableHost.keepsFirstVisibleItemAnchored = newValue }
    }
    public func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        dataSource.registerCell(itemType: itemType, cellType: StateLoggingTableCell.self) { cell, _, item in
            cell.text = text(item)
            cell.log = log
        }
    }
    public var performedUpdates: [String] { inTextHostWords(tableView._updateLog) }
    public var batchUpdates: Int { tableView._updateLog.count { $0.hasPrefix("performBatchUpdates") } }
    public var performsInteractiveMovesAsBatches: Bool { false }

    public func highlight(_ indexPath: ListIndexPath) {
        tableView._touchDown(indexPath.indexPath)
        tableHost.deliverPendingEvents()
    }
    public func unhighlight() {
        if let path = tableView._highlightedIndexPath { tableView._touchCancel(path) }
        tableHost.deliverPendingEvents()
    }
    public func drag(byLines lines: Int, velocity: Int) {
        tableView._drag(by: CGFloat(lines), coast: CGFloat(velocity))
        tableHost.deliverPendingEvents()
    }
    /// A `UIRefreshControl` asks only when pulled at the top; its action calls `requestRefresh()`.
    public func pullToRefresh() -> Bool {
        tableView.layoutIfNeeded()
        guard tableView.contentOffset.y == 0 else { return false }
        tableHost.requestRefresh()
        return true
    }
    public func scroll(to indexPath: ListIndexPath) {
        guard let top = tableView._top(of: indexPath.indexPath) else { return }
        tableView._scroll(toY: top)
        tableHost.deliverPendingEvents()
    }
    public var prefetchDistance: Int {
        get { tableView._prefetchDistance }
        set {
            tableView._prefetchDistance = newValue
            tableHost.deliverPendingEvents()
        }
    }

    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        let configuration = tableView._swipe(indexPath.indexPath, leading: edge == .leading)
        tableHost.deliverPendingEvents()
        return configuration?.actions.map { $0.title ?? "" }
    }
    public var swipedIndexPath: ListIndexPath? { tableView._swipedIndexPath.flatMap(ListIndexPath.init) }
    public func tapSwipeAction(_ title: String) -> Bool {
        defer { tableHost.deliverPendingEvents() }
        return tableView._performSwipeAction(title)
    }

    /// The app turns editing on, which shows the reorder controls; the finger picks the row up by its control.
    public func beginReorder(_ indexPath: ListIndexPath) -> Bool {
        tableView.isEditing = true
        defer { tableHost.deliverPendingEvents() }
        return tableView._beginReorder(at: indexPath.indexPath)
    }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? {
        tableView._updateReorderTarget(proposed.indexPath)
        tableHost.deliverPendingEvents()
        return tableView._reorder.flatMap { ListIndexPath($0.target) }
    }
    public func endReorder() throws -> Bool {
        let move = tableView._reorder
        tableView._endReorder()
        tableHost.deliverPendingEvents()
        return move.map { $0.source != $0.target } ?? false
    }
    /// A drag and drop through the table view's drag and drop delegates: dropped when the host placed the
    /// rows.
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool {
        let drop = tableView._dragAndDrop(sources.map(\.indexPath), to: destination.indexPath)
        tableHost.deliverPendingEvents()
        return drop.performed && !drop.placed.isEmpty
    }
}
#endif
