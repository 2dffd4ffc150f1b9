#if !canImport(UIKit)
import DiffableStore
import Foundation

/// What the stand-in `UICollectionView` and `UITableView` do behind their declarations: the engine keeps
/// the counts the data source reported, lays items out in a vertical list (each section: header, items,
/// footer), keeps the visible cells and headers and footers, reuses views by reuse identifier, and applies
/// batches with UIKit's rules as its own model reads them (``UIKitBatchModel``, written apart from the
/// library's `BatchUpdate.validate`, so a mistake there shows up in a host test). The two views
/// differ only in how they reach their data source and delegate and how they make views
/// (``ListViewBackend``).
///
/// Where UIKit raises `NSInternalInconsistencyException` (an app crash), the stand-in records the message
/// in ``exceptions`` and leaves the call, its state as it was: tests assert that none was raised.
///
/// Every operation is O(n) for *n* items (the layout is recomputed from scratch): it is a test device,
/// not a list view.
@MainActor
final class ListViewEngine {
    unowned let view: any ListViewBackend

    struct ReuseKey: Hashable {
        /// `nil` for cells; the registration kind of a supplementary view otherwise.
        var kind: String?
        var identifier: String
    }

    struct SupplementaryKey: Hashable, Comparable {
        var edge: SupplementaryEdge
        var section: Int
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.section, lhs.edge) < (rhs.section, rhs.edge) }
    }

    /// Where a view is laid out: its top and height, its leading edge and its width (`nil`: the list view's).
    struct Slot {
        var top: CGFloat
        var height: CGFloat
        var x: CGFloat = 0
        var width: CGFloat?
        var bottom: CGFloat { top + height }
    }

    private var classes: [ReuseKey: AnyClass] = [:]
    private var pool: [ReuseKey: [any StandInReusableView]] = [:]

    /// The counts the data source reported, as the list view knows them; `nil` until it asks.
    private(set) var counts: [Int]?
    private var layoutIsValid = false
    var needsLayout = true
    private var reloadPending = false
    private(set) var isLayingOut = false
    /// Whether the layout was computed by a query since the last layout pass (`prepareLayoutIfNeeded()`).
    private var isPreparedAhead = false

    private(set) var itemSlots: [[Slot]] = []
    private var headerSlots: [Slot?] = []
    private var footerSlots: [Slot?] = []
    /// Where each section's items end (the bottom of its last row), for its pinned header.
    private var itemsBottoms: [CGFloat] = []

    /// Self-sizing: the items, headers and footers laid out at an estimated height in the last layout
    /// pass, and the heights the views shown there wanted (kept, following their items through batches,
    /// until the item is deleted or reloaded or the list view reloads; views shown are asked again after
    /// the layout is invalidated or their item reconfigured).
    private var estimatedItems: Set<ListIndexPath> = []
    private var estimatedViews: Set<SupplementaryKey> = []
    private var selfSizedItems: [ListIndexPath: CGFloat] = [:]
    private var selfSizedViews: [SupplementaryKey: CGFloat] = [:]
    /// Whether the next layout pass asks every view shown at an estimated height for its height, and the
    /// reconfigured items whose cells it asks.
    private var sizesShownViews = false
    private var itemsToSize: Set<ListIndexPath> = []
    /// The cells and views dequeued in this layout pass and not displayed yet: UIKit displays them once
    /// they have their size (a cell that self-sizing pushes out of the viewport is never displayed).
    private var undisplayedCells: Set<ListIndexPath> = []
    private var undisplayedViews: Set<SupplementaryKey> = []

    private(set) var cells: [ListIndexPath: any StandInReusableView] = [:]
    private(set) var supplementary: [SupplementaryKey: UIView] = [:]
    /// The decoration views shown, by kind and section, with the attributes last applied to each
    /// (ListViewEngine+Decorations.swift).
    var decorations: [DecorationKey: (view: UICollectionReusableView, frame: CGRect)] = [:]
    /// Decoration views off screen, by kind, for reuse.
    var decorationPool: [String: [UICollectionReusableView]] = [:]
    private(set) var selected: [ListIndexPath] = []
    private(set) var highlighted: ListIndexPath?
    /// The focus settings and the focused item (ListViewEngine+Focus.swift).
    var focus = FocusState()

    /// The batch being collected inside `performBatchUpdates`' update closure.
    private var pending: BatchUpdate?
    /// The view the data source is being asked for, and the view it dequeued for it.
    private var asking: (key: SupplementaryKey?, path: ListIndexPath)?
    private var dequeued: UIView?
    /// Cells being reconfigured: a dequeue for their index path returns them.
    private var reconfiguring: [ListIndexPath: any StandInReusableView] = [:]

    /// The messages UIKit would have raised `NSInternalInconsistencyException` with.
    var exceptions: [String] = []
    /// `"performBatchUpdates: <batch>"`, `"reloadData"`, `"reconfigureItems: 0.1"` in order.
    var log: [String] = []

    var prefetchDistance = 0
    private(set) var prefetched: [ListIndexPath] = []
    private var scrollsDown = true
    /// Each orthogonally scrolling section's own scroll view, by section index (ListViewEngine+Orthogonal).
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    /// The section of the last sideways scroll and whether it went towards the end, until the next
    /// vertical scroll: prefetching follows it.
    var horizontalScroll: (section: Int, forward: Bool)?
    /// Whether an orthogonal section's offset changed during a layout pass (the pass places the views again).
    var orthogonalOffsetMoved = false
    private var lastOffset: CGFloat = 0

    var viewsCreated = 0
    var dequeues = 0
    var reused = 0
    var reconfiguredInPlace = 0

    /// The item being moved interactively: where it was picked up and where it would drop now.
    var interactiveMove: (source: ListIndexPath, target: ListIndexPath)?
    /// Whether a table view is in editing mode (its rows show reorder controls).
    var isEditing = false
    /// Whether a tap adds its item to the selection, or deselects it when it is selected
    /// (`allowsMultipleSelection`).
    var allowsMultipleSelection = false
    /// The cell swiped open and the actions it shows; it closes when the cell stops showing.
    var openSwipe: (cell: UIView, configuration: UISwipeActionsConfiguration)? {
        didSet {
            // The cell swiped open reports it in its configuration state (`isSwiped`).
            guard oldValue?.cell !== openSwipe?.cell else { return }
            if let old = oldValue?.cell { Self.setSwiped(old, false) }
            if let new = openSwipe?.cell { Self.setSwiped(new, true) }
        }
    }
    /// The cell that has the focus (`_focus(_:)`); it loses it when it stops showing.
    var focusedCell: UIView? {
        didSet {
            // The focused cell reports it in its configuration state (`isFocused`).
            guard oldValue !== focusedCell else { return }
            if let old = oldValue { Self.setFocused(old, false) }
            if let new = focusedCell { Self.setFocused(new, true) }
        }
    }
    /// The context menu shown, and the items it was opened for (ListViewEngine+ContextMenus.swift).
    var openMenu: (menu: UIMenu, items: [ListIndexPath], preview: UIViewController?)?
    /// The drag of items over the list view, between the gestures that begin and drop it (DragAndDrop.swift).
    var drag: _Drag?

    init(view: any ListViewBackend) {
        self.view = view
    }

    func raise(_ message: String) {
        exceptions.append("NSInternalInconsistencyException: \(message)")
    }

    // MARK: Registration and dequeue

    func register(_ viewClass: AnyClass?, kind: String?, identifier: String) {
        classes[ReuseKey(kind: kind, identifier: identifier)] = viewClass
    }

    func dequeueCell(identifier: String, indexPath: IndexPath) -> (any StandInReusableView)? {
        let path = _path(indexPath)
        dequeues += 1
        if asking == nil || asking!.key != nil || asking!.path != path {
            raise("a cell for \(path) was dequeued outside \(view._names.cellForItem) for that index path")
        }
        if let existing = reconfiguring[path] {
            if existing._reuseIdentifier == identifier {
                reconfiguredInPlace += 1
                dequeued = existing
                return existing
            }
            raise(
                "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item, which is not allowed (\(identifier) at \(path))"
            )
        }
        guard let cell = take(ReuseKey(kind: nil, identifier: identifier)) else {
            raise(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            return nil
        }
        dequeued = cell
        return cell
    }

    /// A supplementary view dequeued for an index path, while the data source is asked for that view
    /// (a collection view's rule).
    func dequeueSupplementary(kind: String, identifier: String, indexPath: IndexPath) -> (any StandInReusableView)? {
        let path = _path(indexPath)
        dequeues += 1
        let isAsked = asking?.key.map { view._registrationKind(of: $0.edge) == kind } ?? false
        if !isAsked || asking?.path != path {
            raise("a \(kind) view for \(path) was dequeued outside \(view._names.supplementary)")
        }
        guard let made = take(ReuseKey(kind: kind, identifier: identifier)) else {
            raise(
                "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            return nil
        }
        dequeued = made
        return made
    }

    /// A header or footer view dequeued by identifier alone, `nil` when none is registered (a table view's
    /// rule: any time, no index path).
    func dequeueHeaderFooter(kind: String, identifier: String) -> (any StandInReusableView)? {
        dequeues += 1
        return take(ReuseKey(kind: kind, identifier: identifier))
    }

    /// A recycled view (after `prepareForReuse()`) or a new one of the registered class.
    private func take(_ key: ReuseKey) -> (any StandInReusableView)? {
        if let recycled = pool[key]?.popLast() {
            reused += 1
            recycled.prepareForReuse()
            // UIKit updates a reused cell's configuration before it shows again.
            Self.needsConfigurationUpdate(recycled)
            return recycled
        }
        guard let viewClass = classes[key],
            let made = view._makeView(of: viewClass, reuseIdentifier: key.identifier, isCell: key.kind == nil)
        else { return nil }
        made._reuseIdentifier = key.identifier
        viewsCreated += 1
        return made
    }

    private func recycle(_ shown: UIView, kind: String?) {
        if shown.superview is OrthogonalScrollView { shown.removeFromSuperview() }
        if let openSwipe, openSwipe.cell === shown { self.openSwipe = nil }
        if focusedCell === shown { focusedCell = nil }
        accessibilityCursorLeaves(shown)
        guard let reusable = shown as? any StandInReusableView, let identifier = reusable._reuseIdentifier else {
            return
        }
        pool[ReuseKey(kind: kind, identifier: identifier), default: []].append(reusable)
    }

    /// Asks the data source for the cell at an index path; checks it was dequeued for it.
    private func askCell(at path: ListIndexPath) -> (any StandInReusableView)? {
        guard view._hasDataSource else { return nil }
        asking = (nil, path)
        dequeued = nil
        let cell = view._cellFromDataSource(at: path.indexPath)
        asking = nil
        if view._names.requiresDequeuedViews, cell !== dequeued {
            raise("the cell returned from \(view._names.cellForItem) for \(path) was not dequeued for it")
        }
        return cell
    }

    /// Asks for the header or footer view of a section; a collection view checks it was dequeued for it.
    private func askSupplementary(_ key: SupplementaryKey) -> UIView? {
        guard view._hasDataSource else { return nil }
        asking = (key, ListIndexPath(item: 0, section: key.section))
        dequeued = nil
        let made = view._supplementaryFromDataSource(key.edge, section: key.section)
        asking = nil
        if view._names.requiresDequeuedViews, made !== dequeued {
            raise(
                "the view returned from \(view._names.supplementary) for \(key.edge) \(key.section) was not dequeued for it"
            )
        }
        return made
    }

    // MARK: Counts and layout

    private func countsFromDataSource() -> [Int] {
        view._countsFromDataSource() ?? []
    }

    @discardableResult
    private func loadCountsIfNeeded() -> [Int] {
        if let counts { return counts }
        let loaded = countsFromDataSource()
        counts = loaded
        return loaded
    }

    func dataSourceChanged() {
        counts = nil
        reloadPending = true
        layoutInvalidated()
    }

    func layoutInvalidated() {
        layoutIsValid = false
        needsLayout = true
    }

    /// Computes the layout (every frame and the content size) when it is not valid, without placing a
    /// view: what UIKit's layout queries do (`rectForRow(at:)`, a layout's `layoutAttributesForItem(at:)`).
    /// The next layout pass places the views at the content offset of that moment, so a host that reads
    /// a frame after a batch and moves the offset has the views laid out once, where they end up.
    func prepareLayoutIfNeeded() {
        guard !layoutIsValid, !isLayingOut else { return }
        // A reload ends every view first: the layout pass does both.
        if reloadPending { return layoutIfNeeded() }
        computeLayout()
        isPreparedAhead = true
    }

    func layoutIfNeeded() {
        guard !isLayingOut else { return }
        // The cells on screen update their configuration once they are where the layout puts them.
        guard needsLayout || !layoutIsValid else {
            updateCellConfigurations()
            return
        }
        isLayingOut = true
        defer {
            isLayingOut = false
            updateCellConfigurations()
        }
        if reloadPending {
            reloadPending = false
            endAll()
        }
        loadCountsIfNeeded()
        // A layout computed ahead by a query (`prepareLayoutIfNeeded()`) is placed in this pass as if it
        // were computed now.
        let recomputes = !layoutIsValid || isPreparedAhead
        isPreparedAhead = false
        if !layoutIsValid { computeLayout() }
        if recomputes { sizesShownViews = true }
        needsLayout = false
        keepOffsetInContent()
        // With estimated heights, the views shown size themselves and the layout is computed again until no
        // height changes (each pass sizes a view at most once, so this ends). After a change of the layout
        // (a batch, an invalidation), the views the final layout does not show end only then, so a view on
        // screen does not end for the estimate of one inserted above it; after a scroll, the views scrolled
        // away end first, as without estimates, and their cells are reused.
        let selfSizes = !estimatedItems.isEmpty || !estimatedViews.isEmpty
        updateVisible(endingHidden: !(selfSizes && recomputes))
        // After a change of the layout every view shown in this pass sizes itself, also one that comes into
        // the viewport only once another one has sized itself (UIKit asks each view it lays out at an
        // estimated height for its preferred attributes after an invalidation).
        let sizesAll = sizesShownViews
        sizesShownViews = false
        var sized: Set<AnyHashable> = []
        while selfSizes, sizeShownViews(&sized, all: sizesAll) {
            computeLayout()
            keepOffsetInContent()
            updateVisible(endingHidden: false)
        }
        if selfSizes { updateVisible(endingHidden: true) }
        updateDecorations(reapplying: recomputes)
        tellOrthogonalSections()
        displayNewViews()
        updatePrefetching()
    }

    /// Makes the configuration updates the cells on screen owe (`setNeedsUpdateConfiguration()`), top to
    /// bottom, as UIKit does in its layout pass.
    private func updateCellConfigurations() {
        for path in cells.keys.sorted() {
            if let cell = cells[path] as? UICollectionViewCell {
                cell._updateConfigurationIfNeeded()
            } else if let cell = cells[path] as? UITableViewCell {
                cell._updateConfigurationIfNeeded()
            }
        }
    }

    /// Marks a cell as owing a configuration update.
    private static func needsConfigurationUpdate(_ view: UIView) {
        (view as? UICollectionViewCell)?._needsUpdateConfiguration = true
        (view as? UITableViewCell)?._needsUpdateConfiguration = true
    }

    /// Sets whether a cell has the focus.
    private static func setFocused(_ view: UIView, _ focused: Bool) {
        (view as? UICollectionViewCell)?._isFocused = focused
        (view as? UITableViewCell)?._isFocused = focused
    }

    /// Moves the focus to the cell shown at an item, or takes it away (`nil`, or an item without a cell); the
    /// cells update their configuration in the next layout pass, as for a selection.
    func focus(_ path: ListIndexPath?) {
        layoutIfNeeded()
        focusedCell = path.flatMap { cells[$0] }
    }

    /// Sets whether a cell is swiped open.
    private static func setSwiped(_ view: UIView, _ swiped: Bool) {
        (view as? UICollectionViewCell)?._isSwiped = swiped
        (view as? UITableViewCell)?._isSwiped = swiped
    }

    /// UIKit keeps the offset inside the content when it shrinks, telling the delegate.
    private func keepOffsetInContent() {
        let maximum = max(0, view.contentSize.height - view.frame.height)
        if view.contentOffset.y > maximum { view.contentOffset.y = maximum }
    }

    /// Asks the views shown at an estimated height for the height they want (`preferredLayoutAttributesFitting`):
    /// the new ones, the reconfigured ones, all of them after an invalidation; each once per layout pass
    /// (`sized`). Whether one wants another height than it has.
    private func sizeShownViews(_ sized: inout Set<AnyHashable>, all: Bool) -> Bool {
        var changed = false
        // The views in the viewport (one a batch moved out of it is not asked; it ends).
        let visibleKeys = Set(visibleSupplementaryKeys())
        let visiblePaths = Set(visibleItemPaths())
        for key in supplementary.keys.sorted() where estimatedViews.contains(key) && visibleKeys.contains(key) {
            guard all || undisplayedViews.contains(key), sized.insert(key).inserted, let shown = supplementary[key],
                let slot = slot(of: key)
            else { continue }
            let height = view._preferredHeight(of: shown, width: view.frame.width, estimate: slot.height)
            selfSizedViews[key] = height
            if height != slot.height { changed = true }
        }
        for path in cells.keys.sorted() where estimatedItems.contains(path) && visiblePaths.contains(path) {
            guard all || undisplayedCells.contains(path) || itemsToSize.contains(path), sized.insert(path).inserted,
                let cell = cells[path], let slot = slot(of: path)
            else { continue }
            let height = view._preferredHeight(of: cell, width: slot.width ?? view.frame.width, estimate: slot.height)
            selfSizedItems[path] = height
            if height != slot.height { changed = true }
        }
        itemsToSize = []
        return changed
    }

    /// Displays the cells and views dequeued in this layout pass (headers and footers first, then cells,
    /// top to bottom).
    private func displayNewViews() {
        for key in undisplayedViews.sorted() {
            guard let shown = supplementary[key] else { continue }
            view._willDisplay(shown, key.edge, section: key.section)
        }
        undisplayedViews = []
        for path in undisplayedCells.sorted() {
            guard let cell = cells[path] else { continue }
            setState(of: cell, selected: selected.contains(path), highlighted: highlighted == path)
            prefetched.removeAll { $0 == path }
            view._willDisplayCell(cell, at: path.indexPath)
        }
        undisplayedCells = []
    }

    /// A height of the layout: known, or the height the view shown there wanted, or the estimate.
    private func height(_ height: LayoutHeight?, sized: CGFloat?) -> (height: CGFloat, isEstimated: Bool) {
        switch height {
        case nil: (0, false)
        case .exact(let value): (value, false)
        case .estimated(let estimate): (sized ?? estimate, true)
        }
    }

    private func computeLayout() {
        let counts = loadCountsIfNeeded()
        view._prepareLayout(counts: counts)
        var top: CGFloat = 0
        itemSlots = []
        itemsBottoms = []
        headerSlots = []
        footerSlots = []
        estimatedItems = []
        estimatedViews = []
        func supplementarySlot(_ edge: SupplementaryEdge, _ section: Int) -> Slot? {
            let key = SupplementaryKey(edge: edge, section: section)
            let (height, isEstimated) = self.height(
                view._height(of: edge, section: section), sized: selfSizedViews[key])
            if isEstimated { estimatedViews.insert(key) }
            defer { top += max(0, height) }
            return height > 0 ? Slot(top: top, height: height) : nil
        }
        for (section, count) in counts.enumerated() {
            headerSlots.append(supplementarySlot(.header, section))
            let insets = count > 0 ? view._contentInsets(ofSection: section) : NSDirectionalEdgeInsets()
            top += insets.top
            var slots: [Slot] = []
            slots.reserveCapacity(count)
            // Items that start a row go below the row before (as tall as its tallest item); the others lie
            // beside the item before them, on its row.
            var rowTop = top
            var rowHeight: CGFloat = 0
            for item in 0..<count {
                let path = ListIndexPath(item: item, section: section)
                let placement = view._placementOfItem(at: path.indexPath)
                let (height, isEstimated) = self.height(placement.height, sized: selfSizedItems[path])
                if isEstimated { estimatedItems.insert(path) }
                if item == 0 || placement.startsRow {
                    rowTop = item == 0 ? top : rowTop + rowHeight + placement.gapAbove
                    rowHeight = 0
                }
                slots.append(Slot(top: rowTop, height: max(0, height), x: placement.x, width: placement.width))
                rowHeight = max(rowHeight, height)
            }
            if count > 0 { top = rowTop + rowHeight + insets.bottom }
            itemSlots.append(slots)
            itemsBottoms.append(top)
            footerSlots.append(supplementarySlot(.footer, section))
        }
        view.contentSize = CGSize(width: view.frame.width, height: top)
        layoutIsValid = true
        layOutOrthogonalScrollers()
    }

    func isVisible(_ slot: Slot) -> Bool {
        let top = view.contentOffset.y
        let bottom = top + view.frame.height
        return slot.height > 0 && slot.bottom > top && slot.top < bottom
    }

    /// The item index paths laid out in the viewport, top to bottom.
    private func visibleItemPaths() -> [ListIndexPath] {
        var paths: [ListIndexPath] = []
        for (section, slots) in itemSlots.enumerated() {
            let sideways = view._scrollsOrthogonally(section: section)
            for (item, slot) in slots.enumerated()
            where isVisible(slot) && (!sideways || isInView(slot, ofOrthogonalSection: section)) {
                paths.append(ListIndexPath(item: item, section: section))
            }
        }
        return paths
    }

    private func visibleSupplementaryKeys() -> [SupplementaryKey] {
        var keys: [SupplementaryKey] = []
        for section in headerSlots.indices {
            for edge in [SupplementaryEdge.header, .footer] {
                let key = SupplementaryKey(edge: edge, section: section)
                if let slot = slot(of: key), isVisible(slot) { keys.append(key) }
            }
        }
        return keys
    }

    /// The slot of a section's header or footer, where it shows at the current offset.
    ///
    /// A pinned header (`NSCollectionLayoutBoundarySupplementaryItem.pinToVisibleBounds`,
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/pintovisiblebounds)
    /// stays at the top of the viewport while the section scrolls under it, and never leaves the section:
    /// once the section's items end above its bottom, it goes up with them. A pinned footer stays at the
    /// bottom of the viewport the same way, never above the section's items' top.
    func slot(of key: SupplementaryKey) -> Slot? {
        let slots = key.edge == .header ? headerSlots : footerSlots
        guard slots.indices.contains(key.section), let natural = slots[key.section] else { return nil }
        guard view._pins(key.edge, section: key.section) else { return natural }
        let items = itemSlots[key.section]
        switch key.edge {
        case .header:
            let end = items.isEmpty ? natural.bottom : itemsBottoms[key.section]
            let pinned = min(view.contentOffset.y, end - natural.height)
            return Slot(top: max(natural.top, pinned), height: natural.height)
        case .footer:
            let start = headerSlots[key.section]?.bottom ?? items.first?.top ?? natural.top
            let pinned = max(view.contentOffset.y + view.frame.height - natural.height, start)
            return Slot(top: min(natural.top, pinned), height: natural.height)
        }
    }

    /// Ends the views that left the viewport and asks for the ones that came into it (displayed once the
    /// layout pass has sized them, ``displayNewViews()``; one dequeued in this pass that left it again is
    /// recycled without a display).
    func updateVisible(endingHidden: Bool = true) {
        let paths = visibleItemPaths()
        let wanted = Set(paths)
        for path in cells.keys.sorted() where endingHidden && !wanted.contains(path) {
            let cell = cells.removeValue(forKey: path)!
            if undisplayedCells.remove(path) == nil { view._didEndDisplayingCell(cell, at: path.indexPath) }
            recycle(cell, kind: nil)
        }
        let keys = visibleSupplementaryKeys()
        let wantedKeys = Set(keys)
        for key in supplementary.keys.sorted() where endingHidden && !wantedKeys.contains(key) {
            let shown = supplementary.removeValue(forKey: key)!
            if undisplayedViews.remove(key) == nil {
                end(shown, key)
            } else {
                recycle(shown, kind: view._registrationKind(of: key.edge))
            }
        }
        for key in keys where supplementary[key] == nil {
            guard let made = askSupplementary(key) else { continue }
            supplementary[key] = made
            undisplayedViews.insert(key)
        }
        for path in paths where cells[path] == nil {
            guard let cell = askCell(at: path) else { continue }
            cells[path] = cell
            undisplayedCells.insert(path)
        }
    }

    private func end(_ shown: UIView, _ key: SupplementaryKey) {
        view._didEndDisplaying(shown, key.edge, section: key.section)
        recycle(shown, kind: view._registrationKind(of: key.edge))
    }

    /// Ends every view shown (a reload).
    private func endAll() {
        for (path, cell) in cells.sorted(by: { $0.key < $1.key }) {
            view._didEndDisplayingCell(cell, at: path.indexPath)
            recycle(cell, kind: nil)
        }
        cells = [:]
        for (key, shown) in supplementary.sorted(by: { $0.key < $1.key }) { end(shown, key) }
        supplementary = [:]
        removeAllDecorations()
    }

    var visibleIndexPaths: [IndexPath] {
        cells.keys.map(\.indexPath)
    }

    func visibleCell(at indexPath: IndexPath) -> (any StandInReusableView)? {
        cells[_path(indexPath)]
    }

    /// Where a cell on screen shows, if it is on screen.
    func indexPath(of cell: UIView) -> IndexPath? {
        cells.first { $0.value === cell }?.key.indexPath
    }

    /// The header or footer view shown for a section, if any.
    func visibleSupplementaryView(_ edge: SupplementaryEdge, section: Int) -> UIView? {
        supplementary[SupplementaryKey(edge: edge, section: section)]
    }

    /// The frame top of an item, for the simulation.
    /// Where a section is laid out, from the top of its header (or first item) to the bottom of its
    /// footer (or last item); `nil` for a section outside the layout.
    func slot(ofSection section: Int) -> Slot? {
        guard itemSlots.indices.contains(section) else { return nil }
        let parts = [headerSlots[section]] + itemSlots[section].map { Optional($0) } + [footerSlots[section]]
        let laid = parts.compactMap { $0 }
        guard let top = laid.first?.top, let bottom = laid.map(\.bottom).max() else {
            // An empty section with no header or footer: where the next one starts.
            let next = (section + 1..<itemSlots.count).lazy.compactMap { self.slot(ofSection: $0)?.top }.first
            return Slot(top: next ?? view.contentSize.height, height: 0)
        }
        return Slot(top: top, height: bottom - top)
    }

    /// Where a section is laid out with its content insets: ``slot(ofSection:)`` from the top inset above
    /// its first row when it has no header, down to the bottom inset below its last row when its footer
    /// does not end lower.
    func slotWithInsets(ofSection section: Int) -> Slot? {
        guard let slot = slot(ofSection: section) else { return nil }
        var top = slot.top
        if headerSlots[section] == nil, let first = itemSlots[section].first {
            top = first.top - view._contentInsets(ofSection: section).top
        }
        let bottom = max(slot.bottom, itemsBottoms[section])
        return Slot(top: top, height: bottom - top)
    }

    func slot(of path: ListIndexPath) -> Slot? {
        guard itemSlots.indices.contains(path.section), itemSlots[path.section].indices.contains(path.item) else {
            return nil
        }
        return itemSlots[path.section][path.item]
    }

    /// Every view shown with where it is laid out, top to bottom.
    var framesTopToBottom: [(view: UIView, slot: Slot)] {
        var entries: [(view: UIView, slot: Slot)] = []
        for (path, cell) in cells { if let slot = slot(of: path) { entries.append((cell, slot)) } }
        for (key, shown) in supplementary { if let slot = slot(of: key) { entries.append((shown, slot)) } }
        return entries.sorted { ($0.slot.top, $0.slot.x) < ($1.slot.top, $1.slot.x) }
    }

    // MARK: Selection and highlight

    var selectedIndexPaths: [IndexPath] {
        selected.map(\.indexPath)
    }

    func select(_ path: ListIndexPath) {
        if !selected.contains(path) { selected.append(path) }
        if let cell = cells[path] { setState(of: cell, selected: true) }
    }

    /// Selects an item in code (`selectItem(at:animated:scrollPosition:)`): without multiple selection
    /// the others are deselected; the delegate hears nothing.
    func selectInCode(_ path: ListIndexPath) {
        layoutIfNeeded()
        guard contains(path) else { return }
        if !allowsMultipleSelection {
            for other in selected where other != path { deselect(other.indexPath) }
        }
        select(path)
    }

    func deselect(_ indexPath: IndexPath) {
        let path = _path(indexPath)
        selected.removeAll { $0 == path }
        if let cell = cells[path] { setState(of: cell, selected: false) }
    }

    /// Sets a cell's selected and highlighted state, as UIKit does, where it changes.
    private func setState(of cell: UIView, selected: Bool? = nil, highlighted: Bool? = nil) {
        if let cell = cell as? UICollectionViewCell {
            if let selected, cell.isSelected != selected { cell.isSelected = selected }
            if let highlighted, cell.isHighlighted != highlighted { cell.isHighlighted = highlighted }
        } else if let cell = cell as? UITableViewCell {
            if let selected, cell.isSelected != selected { cell.setSelected(selected, animated: false) }
            if let highlighted, cell.isHighlighted != highlighted { cell.setHighlighted(highlighted, animated: false) }
        }
    }

    func contains(_ path: ListIndexPath) -> Bool {
        guard let counts, counts.indices.contains(path.section) else { return false }
        return path.item >= 0 && path.item < counts[path.section]
    }

    // MARK: Gestures (the simulation)

    /// A finger comes down on an item: it is highlighted (and a highlight elsewhere ends).
    func touchDown(_ path: ListIndexPath) {
        layoutIfNeeded()
        guard contains(path) else { return }
        if let highlighted { touchCancel(highlighted) }
        highlighted = path
        if let cell = cells[path] { setState(of: cell, highlighted: true) }
        view._didHighlight(path.indexPath)
    }

    /// The finger leaves without selecting: the highlight ends.
    func touchCancel(_ path: ListIndexPath) {
        guard highlighted == path else { return }
        highlighted = nil
        if let cell = cells[path] { setState(of: cell, highlighted: false) }
        view._didUnhighlight(path.indexPath)
    }

    /// A tap, with UIKit's sequence: highlight (unless the finger is on the item already), unhighlight,
    /// then deselect the selected items and select this one; with multiple selection, deselect this one if
    /// it is selected, or select it.
    func tap(_ path: ListIndexPath) {
        layoutIfNeeded()
        guard contains(path) else { return }
        if highlighted != path { touchDown(path) }
        touchCancel(path)
        if allowsMultipleSelection {
            if selected.contains(path) {
                deselect(path.indexPath)
                view._didDeselect(path.indexPath)
                return
            }
        } else {
            for other in selected where other != path {
                deselect(other.indexPath)
                view._didDeselect(other.indexPath)
            }
        }
        select(path)
        view._didSelect(path.indexPath)
    }

    /// Scrolls to an offset and lays out, as a scroll gesture's frame would.
    func scroll(toY y: CGFloat) {
        view.contentOffset = CGPoint(x: 0, y: y)
        layoutIfNeeded()
    }

    /// A drag of the content by `distance` points, then a lift with the content coasting `coast` points
    /// further (the scroll view delegate may change the target).
    func drag(by distance: CGFloat, coast: CGFloat) {
        layoutIfNeeded()
        let delegate = view._scrollDelegate
        delegate?.scrollViewWillBeginDragging(view)
        scroll(toY: clamped(view.contentOffset.y + distance))
        var target = CGPoint(x: 0, y: clamped(view.contentOffset.y + coast))
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(
                view, withVelocity: CGPoint(x: 0, y: coast / 1000), targetContentOffset: pointer)
        }
        let decelerates = target.y != view.contentOffset.y
        delegate?.scrollViewDidEndDragging(view, willDecelerate: decelerates)
        guard decelerates else { return }
        scroll(toY: target.y)
        delegate?.scrollViewDidEndDecelerating(view)
    }

    private func clamped(_ y: CGFloat) -> CGFloat {
        min(max(0, y), max(0, view.contentSize.height - view.frame.height))
    }

    // MARK: Updates

    func reloadData() {
        log.append("reloadData")
        counts = nil
        reloadPending = true
        selfSizedItems = [:]
        selfSizedViews = [:]
        selected = []
        highlighted = nil
        dropFocusForReload()
        prefetched = []
        layoutInvalidated()
    }

    func contentOffsetChanged() {
        horizontalScroll = nil
        let offset = view.contentOffset.y
        if offset != lastOffset { scrollsDown = offset > lastOffset }
        lastOffset = offset
        needsLayout = true
        view._scrollDelegate?.scrollViewDidScroll(view)
    }

    /// Records one update: into the batch being collected, or as a batch of its own (as UIKit does for
    /// an update made outside `performBatchUpdates`).
    func record(_ change: @escaping (inout BatchUpdate) -> Void) {
        if pending != nil {
            change(&pending!)
        } else {
            performBatchUpdates({ [self] in change(&pending!) }, completion: nil)
        }
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        guard pending == nil else {
            raise("performBatchUpdates was called from inside another batch's update closure")
            return
        }
        // UIKit brings the layout up to date first: a list view that has not asked for its counts yet
        // asks now, and takes the answer as the state before the batch.
        layoutIfNeeded()
        let before = loadCountsIfNeeded()
        pending = BatchUpdate()
        updates?()
        var batch = pending!
        pending = nil
        batch.deletedSections.sort()
        batch.insertedSections.sort()
        batch.reloadedSections.sort()
        batch.movedSections.sort { $0.source < $1.source }
        batch.deletedItems.sort()
        batch.insertedItems.sort()
        batch.reloadedItems.sort()
        batch.movedItems.sort { $0.source < $1.source }
        let after = countsFromDataSource()
        // Judged by the stand-in's own model of UIKit's rules, never by the library's validator (which
        // the hosts call, and which this is here to check).
        let model: UIKitBatchModel
        switch UIKitBatchModel.read(batch, countsBefore: before, countsAfter: after) {
        case .success(let read): model = read
        case .failure(let rejection):
            raise(rejection.description)
            return
        }
        apply(model, after: after)
        log.append("performBatchUpdates: \(batch)")
        completion?(true)
    }

    /// Carries the views shown, the selection and the prefetches through a checked batch, ends the views
    /// of deleted and reloaded items and sections, and lays out again.
    private func apply(_ model: UIKitBatchModel, after: [Int]) {
        // Where each old row and section goes, as the model places them: a reloaded row or section is
        // replaced (its views end), a reconfigured row is carried.
        var newPath: [ListIndexPath: ListIndexPath] = [:]
        var newSection: [Int: Int] = [:]
        for (index, sources) in model.rows.enumerated() {
            guard let sources, let old = model.oldSectionOfNew[index] else { continue }
            newSection[old] = index
            for (item, source) in sources.enumerated() {
                switch source {
                case .kept(let from), .moved(let from):
                    if !model.reloaded.contains(from) { newPath[from] = ListIndexPath(item: item, section: index) }
                case .inserted:
                    continue
                }
            }
        }
        counts = after
        var carried: [ListIndexPath: any StandInReusableView] = [:]
        var ended: [(ListIndexPath, any StandInReusableView)] = []
        for (path, cell) in cells {
            if let target = newPath[path] { carried[target] = cell } else { ended.append((path, cell)) }
        }
        cells = carried
        var carriedViews: [SupplementaryKey: UIView] = [:]
        var endedViews: [(SupplementaryKey, UIView)] = []
        for (key, shown) in supplementary {
            if let target = newSection[key.section] {
                carriedViews[SupplementaryKey(edge: key.edge, section: target)] = shown
            } else {
                endedViews.append((key, shown))
            }
        }
        supplementary = carriedViews
        selected = selected.compactMap { newPath[$0] }
        highlighted = highlighted.flatMap { newPath[$0] }
        carryFocus(newPath)
        prefetched = prefetched.compactMap { newPath[$0] }
        selfSizedItems = Dictionary(
            uniqueKeysWithValues: selfSizedItems.compactMap { path, height in newPath[path].map { ($0, height) } })
        selfSizedViews = Dictionary(
            uniqueKeysWithValues: selfSizedViews.compactMap { key, height in
                newSection[key.section].map { (SupplementaryKey(edge: key.edge, section: $0), height) }
            })
        for (path, cell) in ended.sorted(by: { $0.0 < $1.0 }) {
            view._didEndDisplayingCell(cell, at: path.indexPath)
            recycle(cell, kind: nil)
        }
        for (key, shown) in endedViews.sorted(by: { $0.0 < $1.0 }) { end(shown, key) }
        layoutInvalidated()
        // UIKit prepares the layout for the new state, then asks for the offset to place the views at
        // (a collection view's delegate may move it), then places them there.
        prepareLayoutIfNeeded()
        let proposed = CGPoint(
            x: view.contentOffset.x,
            y: min(view.contentOffset.y, max(0, view.contentSize.height - view.frame.height)))
        if let target = view._targetContentOffsetAfterUpdates(proposed: proposed), target != view.contentOffset {
            view.contentOffset = target
        }
        layoutIfNeeded()
    }

    func reconfigureItems(at indexPaths: [IndexPath]) {
        let name = view._names.reconfigure
        guard pending == nil else {
            raise("the stand-in does not model \(name)(at:) inside performBatchUpdates")
            return
        }
        layoutIfNeeded()
        let paths = indexPaths.map(_path)
        for path in paths where !contains(path) {
            raise("attempt to reconfigure \(view._names.item) \(path), which does not exist")
            return
        }
        log.append("\(name): " + paths.map(\.description).joined(separator: ", "))
        for path in paths {
            guard let existing = cells[path] else {
                // Sized again when it shows.
                selfSizedItems[path] = nil
                continue
            }
            reconfiguring[path] = existing
            let cell = askCell(at: path)
            reconfiguring[path] = nil
            if let cell, cell !== existing {
                raise("the cell returned for reconfigured \(view._names.item) \(path) is not its existing cell")
            }
            if estimatedItems.contains(path) {
                // A self-sizing cell configured again sizes itself again at the next layout pass.
                itemsToSize.insert(path)
                needsLayout = true
            }
        }
    }

    // MARK: Prefetching

    /// Prefetches up to `prefetchDistance` items beyond the viewport in the scroll direction, and cancels
    /// those prefetched that left that window without showing.
    private func updatePrefetching() {
        guard view._hasPrefetchDataSource, let counts else { return }
        let shown = Set(cells.keys)
        var window: [ListIndexPath] = []
        let visible = cells.keys.sorted()
        if let horizontalScroll {
            // A sideways scroll prefetches the items of its section beyond those shown, and keeps the
            // others prefetched before it.
            window = prefetched.filter { $0.section != horizontalScroll.section }
            window += prefetchWindow(
                ofOrthogonalSection: horizontalScroll.section, forward: horizontalScroll.forward, shown: shown)
        } else if prefetchDistance > 0, let first = visible.first, let last = visible.last {
            var cursor = scrollsDown ? last : first
            while window.count < prefetchDistance, let next = step(from: cursor, down: scrollsDown, counts: counts) {
                cursor = next
                // An item of an orthogonal section shows only within its section's own offset.
                if !shown.contains(next), isInViewSideways(next) { window.append(next) }
            }
        }
        let windowSet = Set(window)
        let cancelled = prefetched.filter { !windowSet.contains($0) && !shown.contains($0) }
        let started = Set(prefetched)
        let new = window.filter { !started.contains($0) }
        prefetched = window
        if !cancelled.isEmpty { view._cancelPrefetching(cancelled.map(\.indexPath)) }
        if !new.isEmpty { view._prefetch(new.map(\.indexPath)) }
    }

    private func step(from path: ListIndexPath, down: Bool, counts: [Int]) -> ListIndexPath? {
        var section = path.section
        var item = path.item + (down ? 1 : -1)
        while section >= 0 && section < counts.count {
            if item >= 0 && item < counts[section] { return ListIndexPath(item: item, section: section) }
            section += down ? 1 : -1
            guard section >= 0 && section < counts.count else { return nil }
            item = down ? 0 : counts[section] - 1
        }
        return nil
    }

    // MARK: Interactive movement

    func beginMove(_ path: ListIndexPath) -> Bool {
        guard interactiveMove == nil, contains(path), view._hasDataSource, view._canMoveItem(at: path.indexPath) else {
            return false
        }
        interactiveMove = (path, path)
        return true
    }

    func updateMove(to proposed: ListIndexPath) {
        guard let move = interactiveMove else { return }
        let target = view._targetForMove(from: move.source.indexPath, proposed: proposed.indexPath)
        interactiveMove = (move.source, _path(target))
    }

    func endMove() {
        guard let move = interactiveMove else { return }
        interactiveMove = nil
        guard move.source != move.target, var counts, view._hasDataSource else { return }
        // UIKit moves the item in its own model, then tells the data source to do the same.
        counts[move.source.section] -= 1
        counts[move.target.section] += 1
        self.counts = counts
        cells = moved(cells, after: counts, move: move)
        selfSizedItems = moved(selfSizedItems, after: counts, move: move)
        // The selection follows its items, in the order they were selected.
        let order = moved(
            Dictionary(uniqueKeysWithValues: selected.enumerated().map { ($0.element, $0.offset) }), after: counts,
            move: move)
        selected = order.sorted { $0.value < $1.value }.map(\.key)
        view._moveItemInDataSource(from: move.source.indexPath, to: move.target.indexPath)
        if countsFromDataSource() != counts {
            raise(
                "Invalid update: the data source's counts after moving \(move.source) to \(move.target) are \(countsFromDataSource()), the list view's \(counts)"
            )
        }
        layoutInvalidated()
        layoutIfNeeded()
    }

    /// Values by index path, at the counts before a move whose counts after are `after`, where the move
    /// puts them.
    private func moved<Value>(
        _ byPath: [ListIndexPath: Value], after: [Int], move: (source: ListIndexPath, target: ListIndexPath)
    ) -> [ListIndexPath: Value] {
        var before = after
        before[move.source.section] += 1
        before[move.target.section] -= 1
        let rows = before.enumerated().map { section, count in
            (section: section, rows: (0..<count).map { byPath[ListIndexPath(item: $0, section: section)] })
        }
        let placed =
            (try? BatchUpdate(movedItems: [Move(move.source, move.target)]).apply(
                to: rows, newSection: { _ in (section: 0, rows: []) }, newRow: { _ in nil },
                updatedRow: { row, _, _ in row }))
            ?? []
        var result: [ListIndexPath: Value] = [:]
        for (section, entry) in placed.enumerated() {
            for (item, value) in entry.rows.enumerated() {
                if let value { result[ListIndexPath(item: item, section: section)] = value }
            }
        }
        return result
    }
}
#endif
