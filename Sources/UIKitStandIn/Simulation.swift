// What a test does to the stand-in as a user (or an app's gesture recognizer) would, and what it reads
// back. Not UIKit API: behind `@_spi(Simulation)`, so the host's sources cannot use it.
// The documented way for an app's tests is `CellKitTesting`'s `SimulatedUser`, built on these: it names
// items by identity and delivers each gesture's events before the test's next line. These stay for the
// package's own tests, which reach the stand-in's details (update logs, raised exceptions, drags).

#if !canImport(UIKit)
import DiffableStore
import Foundation

@_spi(Simulation)
extension UICollectionView {
    /// The messages of the `NSInternalInconsistencyException`s UIKit would have raised (an app crash):
    /// empty while everything the host did was legal.
    public var _raisedExceptions: [String] { _engine.exceptions }

    /// What the collection view was told: `"performBatchUpdates: <batch>"`, `"reloadData"`,
    /// `"reconfigureItems: 0.1"`, in order.
    public var _updateLog: [String] { _engine.log }

    /// How many items beyond the viewport, in the direction of the last scroll, the collection view
    /// prefetches (0, the default, prefetches nothing).
    public var _prefetchDistance: Int {
        get { _engine.prefetchDistance }
        set { _engine.prefetchDistance = newValue }
    }

    /// Views made from a registered class, dequeues, dequeues answered from a reuse pool, and dequeues
    /// that returned the existing cell of a reconfigured item.
    public var _statistics: (created: Int, dequeued: Int, reused: Int, reconfiguredInPlace: Int) {
        _simulatedStatistics
    }

    /// The views shown (cells, headers, footers), top to bottom.
    public var _visibleViewsTopToBottom: [UICollectionReusableView] {
        _simulatedFramesTopToBottom().compactMap { $0.view as? UICollectionReusableView }
    }

    /// The views shown with the top and height of their frames, top to bottom.
    public var _visibleFramesTopToBottom: [(view: UICollectionReusableView, top: CGFloat, height: CGFloat)] {
        _simulatedFramesTopToBottom().compactMap { entry in
            (entry.view as? UICollectionReusableView).map { ($0, entry.top, entry.height) }
        }
    }

    /// The counts the collection view knows, `nil` before it asked its data source.
    public var _knownCounts: [Int]? { _engine.counts }

    /// The decoration view shown for a section's decoration item of a kind (a compositional layout's
    /// section background), once laid out; `nil` when none shows there.
    public func _decorationView(ofKind kind: String, section: Int) -> UICollectionReusableView? {
        layoutIfNeeded()
        return _engine.visibleDecorationView(ofKind: kind, section: section)
    }

    /// Scrolls to an offset and lays out, as a scroll gesture's frame would.
    public func _scroll(toY y: CGFloat) {
        _engine.scroll(toY: y)
    }

    /// Scrolls a section that scrolls orthogonally (`NSCollectionLayoutSection.orthogonalScrollingBehavior`)
    /// sideways to an offset, kept inside its content, and lays out, as a sideways scroll gesture's frame
    /// would (it raises for another section).
    public func _scrollSection(_ section: Int, toX x: CGFloat) {
        _engine.scrollOrthogonalSection(section, toX: x)
    }

    /// The sideways offset of a section that scrolls orthogonally (0 for any other section).
    public func _horizontalOffset(ofSection section: Int) -> CGFloat {
        _engine.orthogonalOffset(ofSection: section)
    }

    /// A finger comes down on an item: it is highlighted.
    public func _touchDown(_ indexPath: IndexPath) {
        _engine.touchDown(_path(indexPath))
    }

    /// The finger leaves without selecting: the highlight ends.
    public func _touchCancel(_ indexPath: IndexPath) {
        _engine.touchCancel(_path(indexPath))
    }

    /// The focus engine moves the focus to the cell shown at an index path (a keyboard, a remote or a
    /// pointer), or takes it away (`nil`): the cell's `isFocused` and configuration state follow, and its
    /// configuration is updated. An index path without a cell shown takes the focus away.
    public func _focus(_ indexPath: IndexPath?) {
        _engine.focus(indexPath.map(_path))
    }

    /// VoiceOver moves its cursor onto the cell shown at an index path (a swipe or a touch reached it),
    /// or onto an element outside the list view (`nil`): UIKit posts
    /// `UIAccessibility.elementFocusedNotification` (ListViewEngine+VoiceOver.swift). `false`, changing
    /// nothing, when the item has no cell shown.
    @discardableResult
    public func _accessibilityFocus(_ indexPath: IndexPath?) -> Bool {
        _engine.accessibilityFocus(indexPath.map(_path))
    }

    /// The index path of the cell VoiceOver's cursor is on (or inside), `nil` when it is on no cell shown.
    public var _accessibilityFocusedIndexPath: IndexPath? { _engine.accessibilityFocusedPath?.indexPath }

    /// A tap on an item, with UIKit's sequence: highlight (unless a finger is on it already: it lifts),
    /// unhighlight, deselect the selected item, select (with `allowsMultipleSelection`: deselect the item
    /// if it is selected, or select it).
    public func _tap(_ indexPath: IndexPath) {
        _engine.tap(_path(indexPath))
    }

    /// A drag of the content by `distance` points, then a lift with the content coasting `coast` points
    /// further: `scrollViewWillBeginDragging`, the scroll, `scrollViewWillEndDragging` (whose target the
    /// delegate may change), `scrollViewDidEndDragging`, and when the target differs, the coast and
    /// `scrollViewDidEndDecelerating`.
    public func _drag(by distance: CGFloat, coast: CGFloat) {
        _engine.drag(by: distance, coast: coast)
    }

    /// The top of an item's frame, if it is laid out.
    public func _top(of indexPath: IndexPath) -> CGFloat? {
        _simulatedTop(of: indexPath)
    }

    /// The item a finger is on (highlighted), where it is now.
    public var _highlightedIndexPath: IndexPath? { _engine.highlighted?.indexPath }

    /// A swipe on an item's cell in a list layout whose swipe actions configuration provider
    /// (`UICollectionLayoutListConfiguration`'s `leadingSwipeActionsConfigurationProvider` or
    /// `trailingSwipeActionsConfigurationProvider`) is `provider`: the configuration it gives opens on the
    /// cell (a swipe open elsewhere closes); nothing opens when the item shows no cell or no actions.
    public func _swipe(_ indexPath: IndexPath, provider: (IndexPath) -> UISwipeActionsConfiguration?)
        -> UISwipeActionsConfiguration?
    {
        _engine.swipe(_path(indexPath), provider: provider)
    }

    /// A swipe on an item's cell in a list section of the collection view's compositional layout
    /// (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`, `UICollectionViewCompositionalLayout.list(using:)`):
    /// the section's list configuration's `leadingSwipeActionsConfigurationProvider` or
    /// `trailingSwipeActionsConfigurationProvider` gives what opens, as in ``_swipe(_:provider:)``. Only a
    /// `UICollectionViewListCell` shows swipe actions; nothing opens on another cell, outside a list
    /// section, or without a provider (a swipe open elsewhere closes).
    @discardableResult
    public func _swipe(_ indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        let configuration = indexPath.count == 2 ? _listConfiguration(inSection: indexPath[0]) : nil
        let provider =
            leading
            ? configuration?.leadingSwipeActionsConfigurationProvider
            : configuration?.trailingSwipeActionsConfigurationProvider
        guard let provider, cellForItem(at: indexPath) is UICollectionViewListCell else {
            return _engine.swipe(_path(indexPath)) { _ in nil }
        }
        return _engine.swipe(_path(indexPath), provider: provider)
    }

    /// The list configuration the compositional layout gave a section at its last layout pass (laid out
    /// first); `nil` for a section that is not a list section.
    public func _listConfiguration(section: Int) -> UICollectionLayoutListConfiguration? {
        _listConfiguration(inSection: section)
    }

    /// Where the cell swiped open shows now; `nil` once the swipe closed (an action completed, or the
    /// cell stopped showing).
    public var _swipedIndexPath: IndexPath? { _engine.swipedIndexPath?.indexPath }

    /// A tap on an action of the open swipe: its handler runs with a completion that closes the swipe.
    /// `false` when no swipe is open or it has no action of that title.
    @discardableResult
    public func _performSwipeAction(_ title: String) -> Bool {
        _engine.performSwipeAction(title)
    }

    /// A long press on an item's cell (iOS 13–15): the configuration the delegate's
    /// `collectionView(_:contextMenuConfigurationForItemAt:point:)` gives; the menu its action provider
    /// builds is shown (a menu shown before closes). `nil`, showing nothing, when the item shows no cell or
    /// the delegate gives no configuration or menu.
    @discardableResult
    public func _openContextMenu(_ indexPath: IndexPath) -> UIMenu? {
        _engine.openContextMenu([_path(indexPath)]) {
            delegate?.collectionView(self, contextMenuConfigurationForItemAt: indexPath, point: .zero)
        }
    }

    /// A long press on items' cells (iOS 16): the one pressed, or the selected items when it is one of
    /// several selected. The configuration the delegate's
    /// `collectionView(_:contextMenuConfigurationForItemsAt:point:)` gives, as in ``_openContextMenu(_:)``.
    @discardableResult
    public func _openContextMenu(forItemsAt indexPaths: [IndexPath]) -> UIMenu? {
        _engine.openContextMenu(indexPaths.map(_path)) {
            delegate?.collectionView(self, contextMenuConfigurationForItemsAt: indexPaths, point: .zero)
        }
    }

    /// The context menu shown, `nil` once it closed (an action was chosen, or it was dismissed).
    public var _contextMenu: UIMenu? { _engine.openMenu?.menu }

    /// The preview shown with the context menu: what the configuration's preview provider made when the
    /// menu opened; `nil` when it has none (UIKit then previews the cell) or no menu is shown.
    public var _contextMenuPreview: UIViewController? { _engine.openMenu?.preview }

    /// A tap on an action of the menu shown, named by the titles of the submenus on the way and its own:
    /// the menu closes, then the action's handler runs. `false` when no menu is shown, it has no such
    /// action, or the action is disabled.
    @discardableResult
    public func _performMenuAction(_ titles: [String]) -> Bool {
        _engine.performMenuAction(titles)
    }

    /// A tap outside the menu shown: it closes without acting.
    public func _dismissContextMenu() {
        _engine.openMenu = nil
    }

    /// The item being moved interactively, if one is: where it was picked up and where it would drop now.
    public var _interactiveMovement: (source: IndexPath, target: IndexPath)? {
        _simulatedMove
    }

    // MARK: Interactive movement (UIKit API an app's gesture recognizer calls; the host does not)

    /// https://developer.apple.com/documentation/uikit/uicollectionview/begininteractivemovementforitem(at:)
    /// `func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool`
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        _simulatedBeginMove(at: indexPath)
    }

    /// `func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint)`, given here the index path
    /// under the finger rather than the point.
    public func _updateInteractiveMovementTarget(_ indexPath: IndexPath) {
        _engine.updateMove(to: _path(indexPath))
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/endinteractivemovement()
    /// `func endInteractiveMovement()`
    public func endInteractiveMovement() {
        _engine.endMove()
    }

    // MARK: Drag and drop (a user's drag of several items, in steps: begin, hold over, drop)

    /// A long press lifts the item at `sources[0]` (the drag delegate's `itemsForBeginning`; no drag items,
    /// no drag), then a tap on each other source adds it (`itemsForAddingTo`; an item that gives none is left
    /// out, and the drag goes on). No drag begins while one is under way.
    ///
    /// - Returns: The sources that joined the drag, in order; empty when no drag began.
    @discardableResult
    public func _beginDrag(_ sources: [IndexPath]) -> [IndexPath] {
        _simulateBeginDrag(sources)
    }

    /// The finger holds the drag under way over `destination` (`nil`: past the last item): the drop
    /// delegate's `dropSessionDidUpdate`, once its `canHandle` (asked when the drag comes over the collection view)
    /// takes the drag.
    ///
    /// - Returns: The proposal's operation; `nil` when no drag is under way over this collection view, or when its
    ///   drop delegate cannot handle the drag (UIKit then asks for no proposal).
    @discardableResult
    public func _dragOver(_ destination: IndexPath?) -> UIDropOperation? {
        _simulateDragOver(destination)
    }

    /// The finger lifts over `destination` (`nil`: past the last item): the drag ends, and when the drop
    /// delegate can handle the drag and proposes a copy or a move there, `performDropWith`, with a coordinator whose items are the
    /// drag's, each with the `sourceIndexPath` it was picked up at (not followed through updates made during
    /// the drag; `nil` for a drag carried over from another list view).
    ///
    /// - Returns: Whether the drop delegate performed the drop, and the index paths it dropped the items
    ///   at (`drop(_:toItemAt:)`).
    @discardableResult
    public func _drop(at destination: IndexPath?) -> (performed: Bool, placed: [IndexPath]) {
        _simulateDrop(at: destination)
    }

    /// The finger lets go of the drag under way without dropping it.
    public func _cancelDrag() {
        _engine.drag = nil
    }

    /// The finger carries the drag under way over `other`, another collection or table view of the app,
    /// where its items come from elsewhere (no `sourceIndexPath`) and the other view's delegates decide.
    public func _carryDrag(to other: UIScrollView) {
        _simulateCarryDrag(to: other)
    }

    /// The finger carries the drag under way to another app and lifts it there: the drag ends, and the other
    /// app gets the drag items' item providers, unless the drag delegate restricted the drag to this app
    /// (`dragSessionIsRestrictedToDraggingApplication`), when nothing leaves the app.
    ///
    /// - Returns: The item providers the other app got; `nil` when no drag is under way over this collection view or
    ///   the drag is restricted to this app.
    @discardableResult
    public func _dropInAnotherApp() -> [NSItemProvider]? {
        _engine.dropInAnotherApp()
    }

    /// A drag of `count` items from another app comes over this collection view (its session has no
    /// `localDragSession`); ``_dragOver(_:)``, ``_drop(at:)`` and ``_cancelDrag()`` go on with it. Nothing
    /// happens while a drag is under way.
    public func _beginDragFromAnotherApp(count: Int) {
        _engine.dragFromAnotherApp(count: count)
    }

    /// A drag of the items at `sources` dropped at `destination`: ``_beginDrag(_:)``, then ``_drop(at:)``.
    @discardableResult
    public func _dragAndDrop(_ sources: [IndexPath], to destination: IndexPath?) -> (
        performed: Bool, placed: [IndexPath]
    ) {
        _simulateDragAndDrop(sources, to: destination)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/cancelinteractivemovement()
    /// `func cancelInteractiveMovement()`
    public func cancelInteractiveMovement() {
        _engine.interactiveMove = nil
    }
}

@_spi(Simulation)
extension UITableView {
    /// The messages of the `NSInternalInconsistencyException`s UIKit would have raised (an app crash):
    /// empty while everything the host did was legal.
    public var _raisedExceptions: [String] { _engine.exceptions }

    /// What the table view was told: `"performBatchUpdates: <batch>"`, `"reloadData"`,
    /// `"reconfigureRows: 0.1"`, in order (a row update made outside `performBatchUpdates` is logged as a
    /// batch of its own).
    public var _updateLog: [String] { _engine.log }

    /// How many rows beyond the viewport, in the direction of the last scroll, the table view prefetches
    /// (0, the default, prefetches nothing).
    public var _prefetchDistance: Int {
        get { _engine.prefetchDistance }
        set { _engine.prefetchDistance = newValue }
    }

    /// Views made from a registered class, dequeues, dequeues answered from a reuse pool, and dequeues
    /// that returned the existing cell of a reconfigured row.
    public var _statistics: (created: Int, dequeued: Int, reused: Int, reconfiguredInPlace: Int) {
        _simulatedStatistics
    }

    /// The views shown (cells, header and footer views), top to bottom.
    public var _visibleViewsTopToBottom: [UIView] {
        _simulatedFramesTopToBottom().map(\.view)
    }

    /// The views shown with the top and height of their frames, top to bottom.
    public var _visibleFramesTopToBottom: [(view: UIView, top: CGFloat, height: CGFloat)] {
        _simulatedFramesTopToBottom()
    }

    /// The counts the table view knows, `nil` before it asked its data source.
    public var _knownCounts: [Int]? { _engine.counts }

    /// Scrolls to an offset and lays out, as a scroll gesture's frame would.
    public func _scroll(toY y: CGFloat) {
        _engine.scroll(toY: y)
    }

    /// A finger comes down on a row: it is highlighted.
    public func _touchDown(_ indexPath: IndexPath) {
        _engine.touchDown(_path(indexPath))
    }

    /// The finger leaves without selecting: the highlight ends.
    public func _touchCancel(_ indexPath: IndexPath) {
        _engine.touchCancel(_path(indexPath))
    }

    /// The focus engine moves the focus to the cell shown at an index path (a keyboard, a remote or a
    /// pointer), or takes it away (`nil`): the cell's `isFocused` and configuration state follow, and its
    /// configuration is updated. An index path without a cell shown takes the focus away.
    public func _focus(_ indexPath: IndexPath?) {
        _engine.focus(indexPath.map(_path))
    }

    /// VoiceOver moves its cursor onto the cell shown at an index path (a swipe or a touch reached it),
    /// or onto an element outside the list view (`nil`): UIKit posts
    /// `UIAccessibility.elementFocusedNotification` (ListViewEngine+VoiceOver.swift). `false`, changing
    /// nothing, when the item has no cell shown.
    @discardableResult
    public func _accessibilityFocus(_ indexPath: IndexPath?) -> Bool {
        _engine.accessibilityFocus(indexPath.map(_path))
    }

    /// The index path of the cell VoiceOver's cursor is on (or inside), `nil` when it is on no cell shown.
    public var _accessibilityFocusedIndexPath: IndexPath? { _engine.accessibilityFocusedPath?.indexPath }

    /// A tap on a row, with UIKit's sequence: highlight (unless a finger is on it already: it lifts),
    /// unhighlight, deselect the selected row, select (with `allowsMultipleSelection`: deselect the row if
    /// it is selected, or select it).
    public func _tap(_ indexPath: IndexPath) {
        _engine.tap(_path(indexPath))
    }

    /// A drag of the content by `distance` points, then a lift with the content coasting `coast` points
    /// further (see `UICollectionView._drag(by:coast:)`).
    public func _drag(by distance: CGFloat, coast: CGFloat) {
        _engine.drag(by: distance, coast: coast)
    }

    /// The top of a row's frame, if it is laid out.
    public func _top(of indexPath: IndexPath) -> CGFloat? {
        _simulatedTop(of: indexPath)
    }

    /// The row a finger is on (highlighted), where it is now.
    public var _highlightedIndexPath: IndexPath? { _engine.highlighted?.indexPath }

    /// A swipe on a row's leading or trailing edge: the configuration the delegate gives, which UIKit
    /// shows as buttons on the row's cell (a swipe open elsewhere closes; nothing opens when the row
    /// shows no cell or no actions). Tap one with ``_performSwipeAction(_:)``, or call its `handler`.
    @discardableResult
    public func _swipe(_ indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        _engine.swipe(_path(indexPath)) { [self] indexPath in
            leading
                ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
                : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
        }
    }

    /// Where the row swiped open is now; `nil` once the swipe closed (see
    /// `UICollectionView._swipedIndexPath`).
    public var _swipedIndexPath: IndexPath? { _engine.swipedIndexPath?.indexPath }

    /// A tap on an action of the open swipe (see `UICollectionView._performSwipeAction(_:)`); `false` when
    /// no swipe is open or it has no action of that title.
    @discardableResult
    public func _performSwipeAction(_ title: String) -> Bool {
        _engine.performSwipeAction(title)
    }

    /// A long press on a row's cell: the configuration the delegate's
    /// `tableView(_:contextMenuConfigurationForRowAt:point:)` gives; the menu its action provider builds is
    /// shown (see `UICollectionView._openContextMenu(_:)`).
    @discardableResult
    public func _openContextMenu(_ indexPath: IndexPath) -> UIMenu? {
        _engine.openContextMenu([_path(indexPath)]) {
            delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: .zero)
        }
    }

    /// The context menu shown, `nil` once it closed.
    public var _contextMenu: UIMenu? { _engine.openMenu?.menu }

    /// The preview shown with the context menu: what the configuration's preview provider made when the
    /// menu opened; `nil` when it has none (UIKit then previews the cell) or no menu is shown.
    public var _contextMenuPreview: UIViewController? { _engine.openMenu?.preview }

    /// A tap on an action of the menu shown (see `UICollectionView._performMenuAction(_:)`).
    @discardableResult
    public func _performMenuAction(_ titles: [String]) -> Bool {
        _engine.performMenuAction(titles)
    }

    /// A tap outside the menu shown: it closes without acting.
    public func _dismissContextMenu() {
        _engine.openMenu = nil
    }

    /// The row being reordered, if one is: where it was picked up and where it would drop now.
    public var _reorder: (source: IndexPath, target: IndexPath)? {
        _simulatedMove
    }

    // MARK: Editing and reordering (UIKit API an app calls; the host does not)

    /// https://developer.apple.com/documentation/uikit/uitableview/isediting
    /// `var isEditing: Bool { get set }`
    public var isEditing: Bool {
        get { _engine.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/setediting(_:animated:)
    /// `func setEditing(_ editing: Bool, animated: Bool)`; leaving editing mode drops a row being moved.
    public func setEditing(_ editing: Bool, animated: Bool) {
        _engine.isEditing = editing
        if !editing { _engine.interactiveMove = nil }
    }

    /// The finger picks a row up by its reorder control: only in editing mode, and only a row the data
    /// source lets move (`tableView(_:canMoveRowAt:)`). Returns whether the row was picked up.
    @discardableResult
    public func _beginReorder(at indexPath: IndexPath) -> Bool {
        _simulatedBeginMove(at: indexPath)
    }

    /// The finger drags the row over another place; the delegate may retarget it
    /// (`tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)`).
    public func _updateReorderTarget(_ indexPath: IndexPath) {
        _engine.updateMove(to: _path(indexPath))
    }

    /// The finger lifts: the table view moves the row in its own model, then tells the data source
    /// (`tableView(_:moveRowAt:to:)`).
    public func _endReorder() {
        _engine.endMove()
    }

    // MARK: Drag and drop (as a collection view's: the table view's delegates decide)

    /// A long press lifts the row at `sources[0]` and a tap on each other source adds it, as in
    /// `UICollectionView._beginDrag(_:)`, with the table view's drag delegate.
    ///
    /// - Returns: The sources that joined the drag, in order; empty when no drag began.
    @discardableResult
    public func _beginDrag(_ sources: [IndexPath]) -> [IndexPath] {
        _simulateBeginDrag(sources)
    }

    /// The finger holds the drag under way over `destination` (`nil`: past the last row), as in
    /// `UICollectionView._dragOver(_:)`.
    ///
    /// - Returns: The drop delegate's proposal's operation; `nil` when no drag is under way over this table
    ///   view, or when its drop delegate cannot handle the drag.
    @discardableResult
    public func _dragOver(_ destination: IndexPath?) -> UIDropOperation? {
        _simulateDragOver(destination)
    }

    /// The finger lifts over `destination` (`nil`: past the last row), as in `UICollectionView._drop(at:)`:
    /// the drop delegate's `performDropWith` gets a `UITableViewDropCoordinator`.
    ///
    /// - Returns: Whether the drop delegate performed the drop, and the index paths it dropped the rows
    ///   at (`drop(_:toRowAt:)`).
    @discardableResult
    public func _drop(at destination: IndexPath?) -> (performed: Bool, placed: [IndexPath]) {
        _simulateDrop(at: destination)
    }

    /// The finger lets go of the drag under way without dropping it.
    public func _cancelDrag() {
        _engine.drag = nil
    }

    /// The finger carries the drag under way over `other`, another collection or table view of the app (see
    /// `UICollectionView._carryDrag(to:)`).
    public func _carryDrag(to other: UIScrollView) {
        _simulateCarryDrag(to: other)
    }

    /// The finger carries the drag under way to another app and lifts it there, as in
    /// `UICollectionView._dropInAnotherApp()`.
    ///
    /// - Returns: The item providers the other app got; `nil` when no drag is under way over this table view or
    ///   the drag is restricted to this app.
    @discardableResult
    public func _dropInAnotherApp() -> [NSItemProvider]? {
        _engine.dropInAnotherApp()
    }

    /// A drag of `count` items from another app comes over this table view, as in
    /// `UICollectionView._beginDragFromAnotherApp(count:)`.
    public func _beginDragFromAnotherApp(count: Int) {
        _engine.dragFromAnotherApp(count: count)
    }

    /// A drag of the rows at `sources` dropped at `destination`: ``_beginDrag(_:)``, then ``_drop(at:)``.
    @discardableResult
    public func _dragAndDrop(_ sources: [IndexPath], to destination: IndexPath?) -> (
        performed: Bool, placed: [IndexPath]
    ) {
        _simulateDragAndDrop(sources, to: destination)
    }
}
#endif
