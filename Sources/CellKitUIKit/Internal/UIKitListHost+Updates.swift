#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// Changing what the list view shows, for both hosts: batches checked before UIKit sees them, with the
// counts switching inside UIKit's update closure; reloads; reconfigures; deselection; interactive moves.

extension UIKitListHost {
    /// Performs one batch of updates on the list view, checked first (see the hosts'
    /// `performBatchUpdates(_:updateData:)`).
    func performCheckedBatch(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        try performCheckedBatch(batch, updateData: updateData, thenReconfigure: { [] })
    }

    /// The batch, then the items `afterBatch` names (at their new index paths) configured again with the
    /// ones the batch reconfigures, in one pass, as one of the host's operations: one delivery of its
    /// events, one layout of the cells whose sizes changed.
    func performCheckedBatch(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError) {
        try transaction { () throws(BatchUpdateError) in
            layoutListView()
            setUpFocus()
            let before = knownCounts()
            let anchors = anchorCandidates()
            let leaving = prefetchedItemsLeaving(with: batch, counts: before)
            let selectedBefore = selectedItemsInListView()
            updateData()
            // UIKit keeps carousel offsets by section index: each is checked again after the batch.
            state.checkedCarousels = []
            let after = countsFromDataSource()
            try batch.validate(itemCountsBefore: before, itemCountsAfter: after)
            var structural = batch
            structural.reconfiguredItems = []
            let map = BatchIndexMap(batch, sectionsBefore: before.count, sectionsAfter: after.count)
            let reconfigured = Set(batch.reconfiguredItems).compactMap(map.newIndexPath(ofOld:)).sorted()
            // Until they are configured again, their cells show the old content: not what to measure.
            state.awaitingReconfigure = Set(reconfigured)
            defer { state.awaitingReconfigure = [] }
            if structural.isEmpty {
                state.counts = after
            } else {
                performListViewBatch(structural, keeping: anchors, through: map) { [self] in
                    state.counts = after
                    issueToListView(structural)
                }
            }
            endSelections(of: selectedBefore, deletedOrReloadedBy: batch, map: map)
            carryFocus(through: batch, map: map, countsBefore: before)
            carryAccessibilityFocus(through: batch, map: map)
            if let (item, path) = state.highlighted {
                if let target = map.newIndexPath(ofOld: path) {
                    state.highlighted = (item, target)
                } else {
                    state.highlighted = nil
                    state.events.append(.didUnhighlight(item, at: path))
                }
            }
            if !leaving.isEmpty {
                for (item, _) in leaving { state.prefetched.remove(item) }
                state.events.append(.cancelPrefetching(items: leaving.map(\.item), at: leaving.map(\.indexPath)))
            }
            let paths = Set(reconfigured).union(afterBatch().filter(contains)).sorted()
            if !paths.isEmpty { reconfigureAndResize(paths) }
        }
    }

    /// The prefetched items a batch deletes or reloads, with their index paths before it (read before the
    /// data source switches).
    private func prefetchedItemsLeaving(with batch: BatchUpdate, counts: [Int]) -> [(
        item: AnyHashable, indexPath: ListIndexPath
    )] {
        guard !state.prefetched.isEmpty, let dataSource else { return [] }
        var paths = batch.deletedItems + batch.reloadedItems
        for section in batch.deletedSections + batch.reloadedSections where counts.indices.contains(section) {
            paths += (0..<counts[section]).map { ListIndexPath(item: $0, section: section) }
        }
        var seen = Set<AnyHashable>()
        return paths.sorted().compactMap { path in
            guard let item = dataSource.itemIdentifier(at: path, in: self), state.prefetched.contains(item),
                seen.insert(item).inserted
            else { return nil }
            return (item, path)
        }
    }

    /// Ends the selections of the items a batch deleted or reloaded (selected before it, named and placed
    /// as they were then), telling the delegate, which UIKit does not; a reloaded item UIKit keeps selected
    /// is deselected. The items still selected are remembered where they are now.
    private func endSelections(
        of selectedBefore: [(item: AnyHashable, indexPath: ListIndexPath)], deletedOrReloadedBy batch: BatchUpdate,
        map: BatchIndexMap
    ) {
        if !selectedBefore.isEmpty {
            let reloaded = Set(batch.reloadedItems)
            let selectedNow = Set(selectedIndexPathsInListView)
            for (item, path) in selectedBefore.sorted(by: { $0.indexPath < $1.indexPath }) {
                let target = map.newIndexPath(ofOld: path)
                if target != nil, !reloaded.contains(path) { continue }
                if let target, selectedNow.contains(target.indexPath) { deselectInListView(target.indexPath) }
                state.events.append(.didDeselect(item, at: path))
            }
        }
        noteSelection()
    }

    /// Drops every cell and asks the data source for everything again; the selections and a highlight end
    /// and prefetches are forgotten.
    func reloadEverything() {
        transaction {
            state.counts = nil
            state.prefetched = []
            state.checkedCarousels = []
            // The data source has changed already: the selections are named as the host last saw them.
            let ended = state.selected.sorted { $0.indexPath < $1.indexPath }
            state.selected = []
            for indexPath in selectedIndexPathsInListView { deselectInListView(indexPath) }
            for (item, path) in ended { state.events.append(.didDeselect(item, at: path)) }
            if let (item, path) = state.highlighted {
                state.highlighted = nil
                state.events.append(.didUnhighlight(item, at: path))
            }
            dropFocusForReload()
            dropAccessibilityFocusForReload()
            setUpFocus()
            reloadListView()
        }
    }

    /// Configures the visible cells at these index paths again; index paths outside the state the list
    /// view knows are ignored.
    func reconfigureKnownItems(at indexPaths: [ListIndexPath]) {
        transaction {
            let paths = Set(indexPaths).filter(contains).sorted()
            guard !paths.isEmpty else { return }
            reconfigureAndResize(paths)
        }
    }

    /// Configures the cells at these index paths (of the current state) again and, once the data source
    /// has given item sizes, lays them out again at once: their content changed, so the data source dropped
    /// their sizes, and UIKit asks for sizes only when the layout is invalidated (a reconfigure keeps the
    /// frame). The layout is brought up to date now, while the cells show their new content: a layout
    /// left pending would measure the next reconfigured cells before they are configured again.
    private func reconfigureAndResize(_ paths: [ListIndexPath]) {
        reconfigureInListView(paths.map(\.indexPath))
        keepSelections(at: paths)
        state.awaitingReconfigure = []
        guard state.hasItemSizes || state.hasAttachments else { return }
        invalidateItemSizes(at: paths)
        layoutListView()
    }

    /// Selects again the items reconfigured at these index paths that were selected: before iOS 15 a
    /// reconfigure is a reload, which deselects them, but the item only changed content.
    private func keepSelections(at paths: [ListIndexPath]) {
        guard !state.selected.isEmpty else { return }
        let reconfigured = Set(paths)
        let selectedNow = Set(selectedIndexPathsInListView)
        for (_, path) in state.selected where reconfigured.contains(path) && !selectedNow.contains(path.indexPath) {
            selectInListView(path.indexPath)
        }
    }

    /// Selects an item if it is not selected, telling the delegate, which UIKit does not for a selection
    /// made in code: ``/CellKit/ListHostEvent/didDeselect(_:at:)`` for each item the list view deselected
    /// (single selection), then ``/CellKit/ListHostEvent/didSelect(_:at:)``.
    func selectKnownItem(at indexPath: ListIndexPath) {
        transaction {
            guard contains(indexPath), !selectedIndexPathsInListView.contains(indexPath.indexPath) else { return }
            let before = state.selected
            selectInListView(indexPath.indexPath)
            let now = Set(selectedIndexPathsInListView)
            for (item, path) in before.sorted(by: { $0.indexPath < $1.indexPath }) where !now.contains(path.indexPath) {
                state.events.append(.didDeselect(item, at: path))
            }
            if now.contains(indexPath.indexPath), let item = dataSource?.itemIdentifier(at: indexPath, in: self) {
                state.events.append(.didSelect(item, at: indexPath))
            }
            noteSelection()
        }
    }

    /// Deselects an item if it is selected, telling the delegate, which UIKit does not.
    func deselectKnownItem(at indexPath: ListIndexPath) {
        transaction {
            guard selectedIndexPathsInListView.contains(indexPath.indexPath) else { return }
            deselectInListView(indexPath.indexPath)
            if let item = dataSource?.itemIdentifier(at: indexPath, in: self) {
                state.events.append(.didDeselect(item, at: indexPath))
            }
            noteSelection()
        }
    }

    /// The user dropped an item moved interactively (UIKit has moved its cell): the data source updates
    /// its data, the move is checked against the counts, and the delegate hears
    /// ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)``. When the data source's counts do not match the
    /// move, the list view reloads from the data source instead (UIKit cannot take the move back).
    func didMoveItem(from source: ListIndexPath, to destination: ListIndexPath) {
        state.allowedMoveTarget = nil
        guard let dataSource = dataSource as? any ListHostReordering, source != destination else { return }
        transaction {
            let before = knownCounts()
            let item = dataSource.itemIdentifier(at: source, in: self)
            dataSource.moveItem(from: source, to: destination, in: self)
            let after = countsFromDataSource()
            do {
                try BatchUpdate(movedItems: [Move(source, destination)]).validate(
                    itemCountsBefore: before, itemCountsAfter: after)
            } catch {
                reloadEverything()
                return
            }
            state.counts = after
            noteSelection()
            if let item { state.events.append(.didMoveItem(item, from: source, to: destination)) }
        }
    }
}
