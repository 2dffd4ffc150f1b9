@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// The focus a keyboard, a remote or a pointer moves: which items can take it (asked of the data source,
// `ListHostFocus`), moving it by item or by arrow and tab keys, the selection following it, the item
// focused last remembered, and the focus kept on its item (or its neighbour) through batches.

extension TextListView {
    /// Which way ``moveFocus(_:)`` moves the focus, as UIKit's `UIFocusHeading`: the arrow keys and tab.
    public enum FocusHeading: Hashable, Sendable {
        /// To the nearest item above that can take the focus (the up arrow); stops at the first.
        case up
        /// To the nearest item below that can take the focus (the down arrow); stops at the last.
        case down
        /// To the next item that can take the focus (tab), from the last around to the first.
        case next
        /// To the previous item that can take the focus (shift-tab), from the first around to the last.
        case previous
        /// To the nearest item on the left that can take the focus in the focused item's grid row or
        /// carousel (the left arrow); stops at the row's (carousel's) first item, and does nothing in a
        /// section of rows.
        case left
        /// To the nearest item on the right that can take the focus in the focused item's grid row or
        /// carousel (the right arrow); stops at the row's (carousel's) last item, and does nothing in a
        /// section of rows.
        case right
    }

    /// The focused item, if any (``focus(_:)``, ``moveFocus(_:)``). The focus follows its item through
    /// moves; when the item is deleted (or can no longer take the focus) it goes to the item that followed
    /// it, else to the one before it (see ``focus(_:)``); it is lost when the list reloads.
    public var focusedIndexPath: ListIndexPath? { focused?.indexPath }

    /// Whether moving the focus to an item selects it, as the data source's focus behaviour says
    /// (`FocusPlugin` of `CellKitPlugins`); `false` when it says nothing.
    public var selectionFollowsFocus: Bool { focusBehavior.selectionFollowsFocus }

    /// Whether focus coming back to the list (``moveFocus(_:)`` while nothing is focused) goes to the item
    /// focused last, as the data source's focus behaviour says; `false` when it says nothing.
    public var remembersLastFocusedIndexPath: Bool { focusBehavior.remembersLastFocusedIndexPath }

    /// Where the item focused last is now, while the list remembers it: it follows its item through
    /// batches and is forgotten when the item is deleted or the list reloads.
    public var lastFocusedIndexPath: ListIndexPath? { lastFocused?.indexPath }

    /// Moves the focus to an item, as a pointer would, or takes it away (`nil`), as focus leaving the
    /// list does.
    ///
    /// The item that had the focus hears ``/CellKit/ListHostEvent/didUnfocus(_:at:)``, the new one
    /// ``/CellKit/ListHostEvent/didFocus(_:at:)``; with ``selectionFollowsFocus`` the new one is selected
    /// as a tap would (added, never toggled off, with multiple selection). Its cell shows
    /// ``/CellKit/CellState/isFocused``, and its row ends with ``focusMarker`` in ``render()``. Focusing
    /// the focused item changes nothing. The list does not scroll (``moveFocus(_:)`` does).
    ///
    /// The focus is tied to its item: when a batch moves the item, the focus moves with it; when a batch
    /// deletes the item, or the item can no longer take the focus, the focus goes to the item that
    /// followed it before the batch (the first after it still in the list that can take the focus: the
    /// item that now has its place), else to the nearest one before it that can, else nowhere. That move
    /// is reported (``/CellKit/ListHostEvent/didUnfocus(_:at:)`` naming the deleted item at its old index
    /// path, then ``/CellKit/ListHostEvent/didFocus(_:at:)``) and selects nothing.
    ///
    /// - Parameter indexPath: An item in the list, or `nil`.
    /// - Returns: `false`, changing nothing, when the item is not in the list or cannot take the focus
    ///   (the data source says so: `FocusPlugin` of `CellKitPlugins`).
    /// - Complexity: O(log n), plus the data source's answer and configuring the cells whose state changed.
    @discardableResult
    public func focus(_ indexPath: ListIndexPath?) -> Bool {
        transaction {
            loadIfNeeded()
            guard let indexPath else {
                unfocus()
                return true
            }
            guard rows.row(of: indexPath) != nil, let item = dataSource?.itemIdentifier(at: indexPath, in: self),
                canFocusItem(at: indexPath)
            else { return false }
            if let focused, focused.indexPath == indexPath, focused.item == item { return true }
            unfocus()
            focused = (item, indexPath)
            lastFocused = focused
            events.append(.didFocus(item, at: indexPath))
            if focusBehavior.selectionFollowsFocus, !isSelected(indexPath) { select(indexPath) }
            return true
        }
    }

    /// Moves the focus as an arrow key or tab does (``FocusHeading``), skipping items that cannot take
    /// it, and scrolls the newly focused row into view (as little as it takes: its top line when the row is
    /// taller than the viewport). It moves as ``focus(_:)`` does: events, selection following the focus.
    ///
    /// While nothing is focused, the focus comes back to the list: to the item focused last when
    /// ``remembersLastFocusedIndexPath`` is on and it is still in the list and can take the focus; else to
    /// the first item that can (``FocusHeading/down``, ``FocusHeading/next``) or the last
    /// (``FocusHeading/up``, ``FocusHeading/previous``).
    ///
    /// ```swift
    /// list.moveFocus(.down)   // the first item that can take the focus
    /// list.moveFocus(.down)   // the next one below it
    /// list.moveFocus(.previous)
    /// ```
    ///
    /// - Parameter heading: Which way to move.
    /// - Returns: The newly focused item's index path; `nil`, changing nothing, when no item that can take
    ///   the focus lies that way (the focus is on the first or the last one, or none can take it).
    /// - Complexity: O(n) for the *n* items passed over that cannot take the focus, plus scrolling.
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> ListIndexPath? {
        transaction {
            loadIfNeeded()
            guard let target = focusTarget(heading), focus(target) else { return nil }
            revealCarouselItem(target)
            scrollRowIntoView(target)
            return target
        }
    }

    /// Focuses the item `other` has focused, at the same index path, without events or selection: for a
    /// brand-new list given the same state (`assertMatchesFreshList`).
    ///
    /// - Parameter other: A list whose focus to copy.
    @_spi(Testing) public func _focus(like other: TextListView) {
        transaction {
            loadIfNeeded()
            focused = nil
            guard let path = other.focusedIndexPath, rows.row(of: path) != nil,
                let item = dataSource?.itemIdentifier(at: path, in: self)
            else { return }
            focused = (item, path)
        }
    }

    // MARK: Internals

    /// Scrolls an item's row into view, as little as it takes (its top line when the row is taller than
    /// the viewport); nothing for an index path with no row.
    func scrollRowIntoView(_ target: ListIndexPath) {
        guard let row = rows.row(of: target) else { return }
        let top = rows.top(ofRow: row)
        let bottom = top + rows.height(ofRow: row)
        if top < firstVisibleLine {
            scroll(toLine: top)
        } else if bottom > firstVisibleLine + height {
            scroll(toLine: min(top, bottom - height))
        }
    }

    /// The data source's focus behaviour, or none.
    var focusBehavior: ListFocusBehavior {
        (dataSource as? any ListHostFocus)?.focusBehavior(in: self) ?? ListFocusBehavior()
    }

    /// Whether the item at an index path can take the focus: the data source's answer, `true` when it
    /// does not adopt `ListHostFocus`.
    func canFocusItem(at indexPath: ListIndexPath) -> Bool {
        guard let dataSource = dataSource as? any ListHostFocus else { return true }
        return dataSource.canFocusItem(at: indexPath, in: self)
    }

    /// Takes the focus away, telling the delegate.
    private func unfocus() {
        guard let (item, path) = focused else { return }
        focused = nil
        events.append(.didUnfocus(item, at: path))
    }

    /// The item a move by `heading` focuses, or `nil`.
    private func focusTarget(_ heading: FocusHeading) -> ListIndexPath? {
        if heading == .left || heading == .right { return sidewaysFocusTarget(forward: heading == .right) }
        let paths = (0..<rows.sectionCount).flatMap { section in
            (0..<(numberOfItems(inSection: section) ?? 0)).map { ListIndexPath(item: $0, section: section) }
        }
        guard let current = focused?.indexPath, let index = paths.firstIndex(of: current) else {
            if focusBehavior.remembersLastFocusedIndexPath, let last = lastFocused?.indexPath,
                rows.row(of: last) != nil, canFocusItem(at: last)
            {
                return last
            }
            let forward = heading == .down || heading == .next
            return (forward ? paths : paths.reversed()).first(where: canFocusItem(at:))
        }
        let ahead: ArraySlice<ListIndexPath>
        let wrapped: [ListIndexPath]
        switch heading {
        case .down, .up:
            // Up and down leave a carousel, and enter one at a card in its window.
            let section = current.section
            let leaves = rows.grids[section]?.carousel != nil
            let next = heading == .down
            let forward = paths[(index + 1)...].lazy.filter { !leaves || $0.section != section }
            let backward = paths[..<index].reversed().lazy.filter { !leaves || $0.section != section }
            let shown = (next ? Array(forward) : Array(backward)).filter {
                rows.row(of: $0).map(isInCarouselWindow(row:)) ?? false
            }
            (ahead, wrapped) = (ArraySlice(shown), [])
        case .left, .right: return nil
        case .next: (ahead, wrapped) = (paths[(index + 1)...], Array(paths[..<index]))
        case .previous:
            (ahead, wrapped) = (ArraySlice(paths[..<index].reversed()), Array(paths[(index + 1)...].reversed()))
        }
        return ahead.first(where: canFocusItem(at:)) ?? wrapped.first(where: canFocusItem(at:))
    }

    /// The item a move to the side focuses: the nearest that can take the focus in the focused item's grid
    /// row or carousel, or `nil`.
    private func sidewaysFocusTarget(forward: Bool) -> ListIndexPath? {
        guard let current = focused?.indexPath, let row = rows.row(of: current), rows.gridPosition(ofRow: row) != nil
        else { return nil }
        let slot = rows.slot(ofRow: row)
        let items = forward ? Array((row + 1)..<slot.upperBound) : Array((slot.lowerBound..<row).reversed())
        return items.lazy.map { ListIndexPath(item: current.item + $0 - row, section: current.section) }
            .first(where: canFocusItem(at:))
    }

    /// Carries the focus and the item focused last through a batch (the data source already in the state
    /// after it): each follows its item; a deleted focused item's focus goes to its neighbour
    /// (``/CellKit/ListFocusBehavior/neighbour(ofRemoved:itemCount:newIndexPath:canFocus:)``), reported;
    /// a deleted remembered item is forgotten.
    func carryFocus(_ plan: BatchIndexMap, itemCountsBefore counts: [Int]) {
        if let last = lastFocused {
            if let target = plan.newIndexPath(ofOld: last.indexPath) {
                lastFocused?.indexPath = target
            } else {
                lastFocused = nil
            }
        }
        guard let focus = focused else { return }
        if let target = plan.newIndexPath(ofOld: focus.indexPath), canFocusItem(at: target) {
            focused?.indexPath = target
            if lastFocused?.item == focus.item { lastFocused?.indexPath = target }
            return
        }
        focused = nil
        events.append(.didUnfocus(focus.item, at: focus.indexPath))
        let count = counts.indices.contains(focus.indexPath.section) ? counts[focus.indexPath.section] : 0
        guard
            let neighbour = ListFocusBehavior.neighbour(
                ofRemoved: focus.indexPath, itemCount: count, newIndexPath: plan.newIndexPath(ofOld:),
                canFocus: canFocusItem(at:)),
            let item = dataSource?.itemIdentifier(at: neighbour, in: self)
        else { return }
        focused = (item, neighbour)
        lastFocused = focused
        events.append(.didFocus(item, at: neighbour))
    }
}
