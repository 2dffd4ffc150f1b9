@_spi(ListHost) import CellKit
import DiffableStore

// What a user's finger does, driven by a test or the demo: highlighting a row, dragging the content
// (with the delegate choosing where it comes to rest) and pulling to refresh.

extension TextListView {
    // MARK: Highlight

    /// Highlights an item as a finger coming down on its row would, before any selection: ends the
    /// highlight of another item (``/CellKit/ListHostEvent/didUnhighlight(_:at:)``) and tells the delegate
    /// ``/CellKit/ListHostEvent/didHighlight(_:at:)``, naming the item the data source has there now.
    ///
    /// Highlighting the highlighted item again changes nothing and tells nothing.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, changing nothing, when the item is not in the list.
    /// - Complexity: O(log n).
    @discardableResult
    public func highlight(_ indexPath: ListIndexPath) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = rows.row(of: indexPath), let item = dataSource?.itemIdentifier(at: indexPath, in: self)
            else {
                return false
            }
            guard !isDisabled(item) else { return false }
            if let highlighted, highlighted.indexPath == indexPath, highlighted.item == item { return true }
            unhighlight()
            view(atRow: row)?.isHighlighted = true
            highlighted = (item, indexPath)
            events.append(.didHighlight(item, at: indexPath))
            return true
        }
    }

    /// Ends the highlight, if any, as a finger lifting would: tells the delegate
    /// ``/CellKit/ListHostEvent/didUnhighlight(_:at:)`` naming the item that was highlighted, at its index
    /// path now.
    ///
    /// - Complexity: O(log n).
    public func unhighlight() {
        transaction {
            guard let (item, path) = highlighted else { return }
            if let row = rows.row(of: path) { view(atRow: row)?.isHighlighted = false }
            highlighted = nil
            events.append(.didUnhighlight(item, at: path))
        }
    }

    // MARK: Dragging

    /// Puts a finger on the content: tells the delegate
    /// ``/CellKit/ListHostEvent/willBeginDragging(contentOffset:)``. Move it with ``dragBy(lines:)`` and
    /// lift it with ``endDragging(velocity:)``, or do all three with ``drag(byLines:velocity:)``.
    ///
    /// - Returns: `false`, telling nothing, when a drag is in progress already (``isDragging``).
    @discardableResult
    public func beginDragging() -> Bool {
        transaction {
            guard !isDragging else { return false }
            loadIfNeeded()
            isDragging = true
            events.append(.willBeginDragging(contentOffset: firstVisibleLine))
            return true
        }
    }

    /// Moves the content under the finger: scrolls by a number of lines, down when positive, as
    /// ``scrollBy(lines:)`` does (the delegate hears the rows shown and hidden, then
    /// ``/CellKit/ListHostEvent/didScroll(contentOffset:)``).
    ///
    /// - Parameter lines: How far to scroll.
    /// - Returns: `false`, without scrolling, when no drag is in progress (``beginDragging()``).
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func dragBy(lines: Int) -> Bool {
        guard isDragging else { return false }
        scrollBy(lines: lines)
        return true
    }

    /// Lifts the finger, letting the content coast `velocity` lines on.
    ///
    /// The delegate hears, each in a delivery of its own:
    /// 1. ``/CellKit/ListHostEvent/willEndDragging(velocity:proposedContentOffset:)``, where the proposed
    ///    target is the first visible line plus `velocity`, clamped to the content; then the list asks the
    ///    delegate where to come to rest, with
    ///    `ListHostDelegate/host(_:targetContentOffsetForDragEndingAt:velocity:)` (the default keeps the
    ///    proposal), and clamps the answer to the content;
    /// 2. ``/CellKit/ListHostEvent/didEndDragging(willDecelerate:)``, decelerating when the target is not the
    ///    first visible line; if it is, nothing follows. Otherwise, in the same delivery, the rows shown
    ///    and hidden on the way, ``/CellKit/ListHostEvent/didScroll(contentOffset:)`` at the target, and
    ///    ``/CellKit/ListHostEvent/didEndDecelerating``.
    ///
    /// - Parameter velocity: How far, in lines, the content coasts after the finger lifts (positive
    ///   downwards); 0 stops it where it is.
    /// - Returns: `false`, telling nothing, when no drag is in progress (``beginDragging()``).
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func endDragging(velocity: Int = 0) -> Bool {
        guard isDragging else { return false }
        let proposed = transaction {
            loadIfNeeded()
            isDragging = false
            let proposed = clampedLine(adding: velocity, to: firstVisibleLine)
            events.append(.willEndDragging(velocity: velocity, proposedContentOffset: proposed))
            return proposed
        }
        let chosen = delegate?.host(self, targetContentOffsetForDragEndingAt: proposed, velocity: velocity) ?? proposed
        transaction {
            let target = clampedLine(adding: 0, to: chosen)
            let decelerates = target != firstVisibleLine
            events.append(.didEndDragging(willDecelerate: decelerates))
            guard decelerates else { return }
            scroll(toLine: target)
            settle()
            events.append(.didEndDecelerating)
        }
        return true
    }

    /// Drags the content as a finger would: ``beginDragging()``, ``dragBy(lines:)``, then
    /// ``endDragging(velocity:)``.
    ///
    /// ```swift
    /// list.drag(byLines: 5, velocity: 3)
    /// // The delegate hears: willBeginDragging 0; the rows shown and hidden, didScroll 5;
    /// // willEndDragging velocity 3 target 8; didEndDragging decelerating, the rows, didScroll 8,
    /// // didEndDecelerating.
    /// ```
    ///
    /// - Parameters:
    ///   - lines: How far the finger moves the content, down when positive.
    ///   - velocity: How far, in lines, the content coasts after the finger lifts.
    /// - Returns: `false`, doing nothing, when a drag is in progress already.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func drag(byLines lines: Int, velocity: Int = 0) -> Bool {
        guard beginDragging() else { return false }
        dragBy(lines: lines)
        endDragging(velocity: velocity)
        return true
    }

    /// `line + lines`, clamped to the lines the viewport's top can be at.
    private func clampedLine(adding lines: Int, to line: Int) -> Int {
        let (sum, overflow) = line.addingReportingOverflow(lines)
        return min(max(0, overflow ? (lines > 0 ? Int.max : 0) : sum), maximumFirstLine)
    }

    // MARK: Refreshing

    /// Pulls the top of the list down and lets go, as a user asks for new content: when the viewport
    /// is at the top, tells the delegate ``/CellKit/ListHostEvent/didRequestRefresh``. The viewport does not
    /// move and no drag events are sent.
    ///
    /// - Returns: `false`, telling nothing, when the viewport is not at the top (the pull scrolls the
    ///   content instead).
    @discardableResult
    public func pullToRefresh() -> Bool {
        transaction {
            loadIfNeeded()
            guard firstVisibleLine == 0 else { return false }
            events.append(.didRequestRefresh)
            return true
        }
    }

    // MARK: Swipe actions

    /// Swipes a row open on an edge, as a finger would: asks the data source for the actions
    /// (`ListHostSwipeActions/swipeActions(at:edge:in:)`) and keeps them, with the item the row
    /// shows now, until ``performSwipeAction(_:)`` or ``closeSwipe()``. A swipe open on another row closes.
    ///
    /// - Parameters:
    ///   - indexPath: An item in the list.
    ///   - edge: The edge to swipe.
    /// - Returns: The titles of the actions offered, nearest the edge first; `nil` when the item is not
    ///   in the list or offers none (nothing is open then).
    /// - Complexity: O(log n), plus the data source's answer.
    @discardableResult
    public func swipe(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        transaction {
            loadIfNeeded()
            openSwipe = nil
            guard rows.row(of: indexPath) != nil, let dataSource = dataSource as? any ListHostSwipeActions,
                let item = dataSource.itemIdentifier(at: indexPath, in: self),
                let configuration = dataSource.swipeActions(at: indexPath, edge: edge, in: self),
                !configuration.actions.isEmpty
            else { return nil }
            openSwipe = (item, indexPath, edge, configuration)
            return configuration.actions.map(\.title)
        }
    }

    /// The row swiped open, where it is now (it follows its item through batches), or `nil`.
    public var swipedIndexPath: ListIndexPath? { openSwipe?.indexPath }

    /// The titles of the actions the open swipe offers, nearest the edge first; empty when none is open.
    public var offeredSwipeActions: [String] { openSwipe?.configuration.actions.map(\.title) ?? [] }

    /// Performs an action of the open swipe on the item the row was swiped for, even if rows were
    /// inserted above it since. The swipe closes when the action completes (done or declined).
    ///
    /// - Parameter title: The title of an offered action.
    /// - Returns: `false`, doing nothing, when no swipe is open or it offers no such action.
    @discardableResult
    public func performSwipeAction(_ title: String) -> Bool {
        guard let swipe = openSwipe, let action = swipe.configuration.actions.first(where: { $0.title == title }) else {
            return false
        }
        // The completion keeps the item and edge only, not the swipe's actions: a handler that stores
        // its completion (to ask the user first) must not keep itself alive through it.
        let (item, edge) = (swipe.item, swipe.edge)
        action.perform(item) { [weak self] _ in
            // Done or declined, the row springs back; a later swipe is not closed by a stale completion.
            guard let self, let open = self.openSwipe, open.item == item, open.edge == edge else { return }
            self.transaction { self.openSwipe = nil }
        }
        return true
    }

    /// Closes the open swipe without acting.
    public func closeSwipe() {
        transaction { openSwipe = nil }
    }

    // MARK: Interactive move

    /// Picks up an item's row to move it, as a long press would, if the data source allows
    /// (`ListHostReordering/canMoveItem(at:in:)`). Move it with ``moveDrag(to:)``, drop it with
    /// ``endMove()``, or put it back with ``cancelMove()``.
    ///
    /// The move is tied to the item, not to where it was picked up: a batch during the move carries it
    /// along with its row, back over its own place (drag it again to drop it elsewhere); a batch that
    /// deletes or reloads the item, or a reload of the list, ends the move. The drop moves the item as it
    /// is then, and ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)`` names its value then.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, changing nothing, when the item is not in the list, cannot move, or a move is
    ///   under way.
    @discardableResult
    public func beginMove(_ indexPath: ListIndexPath) -> Bool {
        loadIfNeeded()
        guard interactiveMove == nil, rows.row(of: indexPath) != nil,
            let dataSource = dataSource as? any ListHostReordering,
            dataSource.canMoveItem(at: indexPath, in: self)
        else { return false }
        interactiveMove = (indexPath, indexPath)
        return true
    }

    /// Proposes a destination for the row being moved; the data source may adjust or veto it during
    /// the move (`ListHostReordering/targetIndexPath(forMoveFrom:to:in:)`).
    ///
    /// - Parameter proposed: Where the finger is (coordinates after the move).
    /// - Returns: The destination the row would drop at now: the data source's answer, or the last
    ///   allowed one when it vetoes; `nil` when no move is under way.
    @discardableResult
    public func moveDrag(to proposed: ListIndexPath) -> ListIndexPath? {
        guard let move = interactiveMove, let dataSource = dataSource as? any ListHostReordering else { return nil }
        if let allowed = dataSource.targetIndexPath(forMoveFrom: move.source, to: proposed, in: self),
            isValidMoveDestination(allowed, from: move.source)
        {
            interactiveMove = (move.source, allowed)
        }
        return interactiveMove?.destination
    }

    /// Drops the row being moved at its current destination: performs the move as one batch, with the
    /// data source updating its data inside it (`ListHostReordering/moveItem(from:to:in:)`), then
    /// tells the delegate ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)``.
    ///
    /// - Returns: `false` when no move is under way, or the row drops where it was picked up (nothing moves).
    /// - Throws: ``/DiffableStore/BatchUpdateError`` when the data source's counts after the move break
    ///   UIKit's rules; the list then keeps its previous state.
    @discardableResult
    public func endMove() throws(BatchUpdateError) -> Bool {
        guard let move = interactiveMove else { return false }
        interactiveMove = nil
        guard move.source != move.destination, let dataSource = dataSource as? any ListHostReordering else {
            return false
        }
        try transaction { () throws(BatchUpdateError) in
            let item = dataSource.itemIdentifier(at: move.source, in: self)
            try performBatchUpdates(BatchUpdate(movedItems: [Move(move.source, move.destination)])) {
                dataSource.moveItem(from: move.source, to: move.destination, in: self)
            }
            if let item { events.append(.didMoveItem(item, from: move.source, to: move.destination)) }
        }
        return true
    }

    /// Drops several rows, dragged together, at one place, as a drag and drop of a multiple selection
    /// does: they land in the order given, the first at `destination`, the others right after it.
    ///
    /// The data source is asked first, and may refuse: every row must be movable
    /// (`ListHostReordering/canMoveItem(at:in:)`), and the destination, proposed for the first
    /// row, must be allowed unchanged (`ListHostReordering/targetIndexPath(forMoveFrom:to:in:)`; a
    /// pinned region vetoes it). The end of a section is a valid destination. Then the list performs the
    /// moves as one batch, with the data source updating its data inside it
    /// (`ListHostReordering/moveItems(from:to:in:)`), and tells the delegate
    /// ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)`` for each row.
    ///
    /// - Parameters:
    ///   - sources: The rows dragged, in order; distinct items of the list.
    ///   - destination: Where the first lands, in the coordinates after the drop: in a section of the
    ///     list, at most its item count once the dragged rows have left it.
    /// - Returns: `false`, changing nothing, when a row is not in the list or cannot move, the
    ///   destination is out of range or vetoed, or a move is under way.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` when the data source's counts after the drop break
    ///   UIKit's rules; the list then keeps its previous state.
    /// - Complexity: O(k log k) for *k* rows, plus the batch.
    @discardableResult
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws(BatchUpdateError) -> Bool {
        loadIfNeeded()
        guard interactiveMove == nil, !sources.isEmpty, Set(sources).count == sources.count,
            let dataSource = dataSource as? any ListHostReordering,
            sources.allSatisfy({ rows.row(of: $0) != nil && dataSource.canMoveItem(at: $0, in: self) }),
            let count = numberOfItems(inSection: destination.section)
        else { return false }
        let leaving = sources.count(where: { $0.section == destination.section })
        guard destination.item >= 0, destination.item <= count - leaving,
            dataSource.targetIndexPath(forMoveFrom: sources[0], to: destination, in: self) == destination
        else { return false }
        let moves = sources.enumerated().map { offset, source in
            Move(source, ListIndexPath(item: destination.item + offset, section: destination.section))
        }
        guard moves.contains(where: { $0.source != $0.destination }) else { return false }
        try transaction { () throws(BatchUpdateError) in
            let items = sources.map { dataSource.itemIdentifier(at: $0, in: self) }
            try performBatchUpdates(BatchUpdate(movedItems: moves)) {
                dataSource.moveItems(from: sources, to: destination, in: self)
            }
            for (move, item) in zip(moves, items) {
                if let item { events.append(.didMoveItem(item, from: move.source, to: move.destination)) }
            }
        }
        return true
    }

    /// Puts the row being moved back where it was picked up.
    public func cancelMove() {
        interactiveMove = nil
    }

    /// Whether a move from `source` to `destination` (coordinates after the move) stays in range.
    private func isValidMoveDestination(_ destination: ListIndexPath, from source: ListIndexPath) -> Bool {
        guard let count = numberOfItems(inSection: destination.section) else { return false }
        let countAfter = destination.section == source.section ? count : count + 1
        return destination.item >= 0 && destination.item < countAfter
    }
}
