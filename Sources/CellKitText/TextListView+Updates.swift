@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// Changing what the list shows: reloads, reconfigures, and batches of updates placed the way UIKit
// places them, carrying the views on screen and the selection through the batch.

extension TextListView {
    /// Drops every row and asks the data source for everything again; every selection ends (the delegate
    /// hears ``/CellKit/ListHostEvent/didDeselect(_:at:)`` for each, naming the item as it was last named)
    /// and the scroll position is kept as far as the new content allows.
    ///
    /// - Complexity: O(n + s), plus configuring the visible rows.
    public func reloadData() {
        transaction {
            load()
            statistics.reloads += 1
            updateLog.append("reload data")
        }
    }

    /// Configures the visible cells at these index paths again, in place: the data source's dequeue
    /// returns the cell already showing the item, with no `prepareForReuse()`. Rows not visible are
    /// measured again when they next come into view.
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones outside the list are ignored.
    /// - Complexity: O(k log n), plus configuring the visible ones.
    public func reconfigureItems(at indexPaths: [ListIndexPath]) {
        transaction {
            loadIfNeeded()
            var done: [ListIndexPath] = []
            for path in indexPaths {
                guard let row = rows.row(of: path) else { continue }
                done.append(path)
                reconfigure(row: row)
            }
            guard !done.isEmpty else { return }
            updateLog.append(BatchUpdate(reconfiguredItems: done.sorted()).description)
            layout()
        }
    }

    /// Performs one batch of updates the way `UICollectionView` does.
    ///
    /// The list records its counts, calls `updateData`, reads the counts after from the data source and
    /// checks the batch with ``/DiffableStore/BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)``. On a
    /// violation it throws and keeps its previous state exactly: rows, views, heights, scroll position,
    /// statistics and log; the caller restores its data. Otherwise it places rows where
    /// ``/DiffableStore/BatchUpdate/apply(to:newSection:newRow:updatedRow:)`` places them: deleted and
    /// reloaded rows' views go back to the pool; reconfigured visible items are configured again in place;
    /// inserted, reloaded and newly visible rows are configured when in view.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    /// - Complexity: O((b + r) log n + s + v log n) for a batch of *b* item changes (deletes, inserts,
    ///   moves, reloads, reconfigures), *r* rows in the sections it inserts, deletes, moves or reloads,
    ///   *n* rows, *s* sections and *v* visible rows (the rows removed and inserted in the height tree,
    ///   the counts checked per section, the views on screen carried through the batch), expected, as
    ///   the batch is checked by hashing. Plus configuring the rows that come into view.
    public func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        try transaction { () throws(BatchUpdateError) in
            loadIfNeeded()
            let before = rows.itemCounts
            updateData()
            let after = try countsFromDataSource()
            try batch.validate(itemCountsBefore: before, itemCountsAfter: after)
            commit(batch, itemCountsAfter: after)
            statistics.batchUpdates += 1
            updateLog.append(batch.description)
            _checkInvariantsInDebug()
        }
    }

    /// Performs one batch of updates (``performBatchUpdates(_:updateData:)``), then configures again in
    /// place the items `afterBatch` names (``reconfigureItems(at:)``), as one operation: its events are
    /// delivered once, when both are done.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    ///   - afterBatch: Called once the batch is done (not when it is rejected); index paths in the state
    ///     after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    /// - Complexity: That of the batch, plus O(k log n) for the *k* items named and configuring the
    ///   visible ones.
    @_spi(ListHost) public func performBatchUpdates(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError) {
        try transaction { () throws(BatchUpdateError) in
            try performBatchUpdates(batch, updateData: updateData)
            let paths = afterBatch()
            if !paths.isEmpty { reconfigureItems(at: paths) }
        }
    }

    private func countsFromDataSource() throws(BatchUpdateError) -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else {
            throw BatchUpdateError(
                .invalidNumberOfSections,
                "invalid number of sections: the data source reported \(sections) sections after the update")
        }
        return (0..<sections).map { dataSource.numberOfItems(inSection: $0, in: self) }
    }

    /// Applies a validated batch without visiting the rows that stay: the height tree removes and
    /// inserts the rows that leave and arrive (whole sections for section changes), and the views on
    /// screen, the selections, the highlight, the prefetches, the open swipe and the open menu are mapped from their old
    /// index paths to their new ones; a selection whose item is deleted or reloaded ends.
    private func commit(_ batch: BatchUpdate, itemCountsAfter after: [Int]) {
        let plan = BatchIndexMap(batch, sectionsBefore: rows.sectionCount, sectionsAfter: after.count)
        let countsBefore = rows.itemCounts
        // In old coordinates: reloaded rows lose their height (and, below, their view); reconfigured
        // rows off screen lose their height, visible ones are configured again after the batch.
        let reloaded = Set(batch.reloadedItems)
        for path in reloaded {
            if let row = rows.row(of: path) { rows.invalidateHeight(ofRow: row) }
        }
        var reconfigured: [(key: (section: Int, phase: Int, order: Int), path: ListIndexPath)] = []
        for path in Set(batch.reconfiguredItems) {
            guard let row = rows.row(of: path) else { continue }
            guard view(atRow: row) != nil, let target = plan.newIndexPath(ofOld: path) else {
                rows.invalidateHeight(ofRow: row)
                continue
            }
            // The order BatchUpdate.apply reaches them in: per section, moved rows in the order of the
            // moves, then the rows that stay, top to bottom.
            if let move = batch.movedItems.firstIndex(where: { $0.source == path }) {
                reconfigured.append(((target.section, 0, move), target))
            } else {
                reconfigured.append(((target.section, 1, path.item), target))
            }
        }
        reconfigured.sort { $0.key < $1.key }

        // The views on screen: where each one's row goes, or that it goes.
        var carried: [(location: RowLocation, view: TextCell)] = []
        var gone: [(location: RowLocation, view: TextCell)] = []
        for (row, view) in displayed {
            let location = rows.location(ofRow: row)
            switch location {
            case .item(let path):
                if !reloaded.contains(path), let target = plan.newIndexPath(ofOld: path) {
                    carried.append((.item(target), view))
                } else {
                    gone.append((location, view))
                }
            case .supplementary(let kind, let section):
                if let target = plan.newSection(ofOld: section) {
                    carried.append((.supplementary(kind, section: target), view))
                } else {
                    gone.append((location, view))
                }
            }
        }
        // Each selection follows its item; it ends when the item is deleted or reloaded.
        var endedSelections: [(item: AnyHashable, indexPath: ListIndexPath)] = []
        selection = selection.compactMap { item, path in
            guard !reloaded.contains(path), let target = plan.newIndexPath(ofOld: path) else {
                endedSelections.append((item, path))
                return nil
            }
            return (item, target)
        }
        let lostHighlight = carryHighlight(plan.newIndexPath(ofOld:))
        carryFocus(plan, itemCountsBefore: countsBefore)
        carryAccessibilityFocus(plan, itemCountsBefore: countsBefore)
        if let swipe = openSwipe {
            // The swipe follows its item; it closes when the item is deleted or reloaded.
            if !reloaded.contains(swipe.indexPath), let target = plan.newIndexPath(ofOld: swipe.indexPath) {
                openSwipe?.indexPath = target
            } else {
                openSwipe = nil
            }
        }
        if let menu = openMenu {
            // The menu follows its item; it closes when the item is deleted or its row reloaded.
            if !reloaded.contains(menu.indexPath), let target = plan.newIndexPath(ofOld: menu.indexPath) {
                openMenu?.indexPath = target
            } else {
                openMenu = nil
            }
        }
        if let move = interactiveMove {
            // The row being moved follows its item, and is back over its own place (the list changed
            // under the finger): it drops only after another `moveDrag(to:)`. Its item deleted or
            // reloaded, the move ends, moving nothing.
            if !reloaded.contains(move.source), let target = plan.newIndexPath(ofOld: move.source) {
                interactiveMove = (target, target)
            } else {
                interactiveMove = nil
            }
        }
        var lostPrefetches: [(item: AnyHashable, indexPath: ListIndexPath)] = []
        prefetched = prefetched.compactMap { item, path in
            guard !reloaded.contains(path), let target = plan.newIndexPath(ofOld: path) else {
                lostPrefetches.append((item, path))
                return nil
            }
            return (item, target)
        }
        let anchors = keepsFirstVisibleItemAnchored ? anchorCandidates() : []

        rows.apply(plan, itemCountsAfter: after)
        readSectionLayouts()

        displayed = carried.compactMap { location, view in
            guard let row = rows.row(at: location) else {
                assertionFailure("A carried row left the list")
                return nil
            }
            view.indexPath = location.indexPath
            return (row, view)
        }
        displayed.sort { $0.row < $1.row }
        // The items still selected, as the data source names them now (an `Identifiable` item's content
        // may have changed).
        for index in selection.indices {
            if let item = dataSource?.itemIdentifier(at: selection[index].indexPath, in: self) {
                selection[index].item = item
            }
        }
        for (item, path) in endedSelections.sorted(by: { $0.indexPath < $1.indexPath }) {
            events.append(.didDeselect(item, at: path))
        }
        events.append(lostHighlight)
        for (location, view) in gone { endDisplaying(view, at: location) }
        cancelPrefetching(lostPrefetches)
        for (_, path) in reconfigured {
            if let row = rows.row(of: path) { reconfigure(row: row) }
        }
        if let anchor = anchors.lazy.compactMap({ anchor in
            plan.newIndexPath(ofOld: anchor.indexPath).map { (indexPath: $0, offset: anchor.offset) }
        }).first {
            restore(anchor)
        }
        layout()
    }

    /// Moves the highlight to its item's new index path, or ends it when the item left the list;
    /// returns the event for an ended highlight.
    private func carryHighlight(_ newIndexPath: (ListIndexPath) -> ListIndexPath?) -> ListHostEvent? {
        guard let (item, path) = highlighted else { return nil }
        if let target = newIndexPath(path) {
            highlighted = (item, target)
            return nil
        }
        highlighted = nil
        return .didUnhighlight(item, at: path)
    }

    /// The visible items, top first, and how many lines below the viewport's top each starts (negative
    /// when scrolled past): where a batch that keeps the first visible item anchored looks for it.
    private func anchorCandidates() -> [(indexPath: ListIndexPath, offset: Int)] {
        displayed.compactMap { row, _ in
            guard case .item(let path) = rows.location(ofRow: row) else { return nil }
            return (path, rows.top(ofRow: row) - firstVisibleLine)
        }
    }

    /// Scrolls, before the layout after a batch, so that an item starts `offset` lines below the top.
    private func restore(_ anchor: (indexPath: ListIndexPath, offset: Int)) {
        guard let row = rows.row(of: anchor.indexPath) else { return }
        firstVisibleLine = max(0, rows.top(ofRow: row) - anchor.offset)
    }

    /// Configures a visible item again in place, or forgets a hidden one's height.
    func reconfigure(row: Int) {
        guard let index = displayedIndex(ofRow: row), case .item(let path) = rows.location(ofRow: row),
            let dataSource
        else {
            rows.invalidateHeight(ofRow: row)
            return
        }
        let view = displayed[index].view
        statistics.configured += 1
        guard let cell = configuredView(for: .cell(path), from: .inPlace([view])) else {
            preconditionFailure("The data source has no cell for the item at \(path)")
        }
        let identity = dataSource.itemIdentifier(at: path, in: self)
        if cell !== view {
            // The data source dequeued a different cell (the item's cell type changed).
            endDisplaying(view, at: .item(path))
            if let index = displayedIndex(ofRow: row) { displayed[index].view = cell }
            cell.indexPath = path
            cell.isSelected = isSelected(path)
            cell.shownIdentity = identity
            if let identity { events.append(.willDisplay(identity, at: path)) }
        } else {
            // Same item, maybe new content (an `Identifiable` item reconfigured): later events name it.
            cell.shownIdentity = identity
        }
        attach(to: cell, at: path, from: cell === view ? .inPlace(cell.attachments?.views ?? []) : .pool)
        cell.configureCount += 1
        measure(cell, row: row)
    }
}
