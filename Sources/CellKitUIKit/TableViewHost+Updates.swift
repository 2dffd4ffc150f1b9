#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Changing what the table view shows: batches checked before UIKit sees them, with the counts switching
// inside UIKit's update closure; reloads; reconfigures with a reload before iOS 15.

extension TableViewHost {
    /// Performs one batch of updates on the table view, checked first.
    ///
    /// In order: the table view's pending layout is done (while the data source still reports the state
    /// before the batch); `updateData` switches the data source to the state after it; the batch is
    /// checked with ``/DiffableStore/BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)`` against the
    /// counts the table view knows and the data source's new counts, and on a violation the host throws, the
    /// table view untouched (the caller restores its data). Otherwise the host calls
    /// `performBatchUpdates(_:completion:)`; inside its update closure the counts the table view reads
    /// switch to the new ones and the section and row deletes, inserts, moves and reloads are issued
    /// (with the `.automatic` animation). Reconfigured items are then reconfigured at their new index
    /// paths (``reconfigureItems(at:)``). A prefetched item that the batch deletes or reloads is cancelled
    /// (``/CellKit/ListHostEvent/cancelPrefetching(items:at:)`` at its old index path), and a highlight on
    /// one ends.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices; the table view saw
    ///   nothing.
    /// - Complexity: O(b log b + s) for *b* changes and *s* sections, plus O(r) for the items of deleted
    ///   or reloaded sections while items are prefetched; plus UIKit's work.
    public func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        try performCheckedBatch(batch, updateData: updateData)
    }

    /// Performs one batch of updates (``performBatchUpdates(_:updateData:)``), then configures again the
    /// items `afterBatch` names (``reconfigureItems(at:)``), as one operation: its events are delivered
    /// once, when both are done.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    ///   - afterBatch: Called once the batch is done (not when it is rejected); index paths in the state
    ///     after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    /// - Complexity: That of the batch, plus UIKit's reconfigure of the items named.
    @_spi(ListHost) public func performBatchUpdates(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError) {
        try performCheckedBatch(batch, updateData: updateData, thenReconfigure: afterBatch)
    }

    /// Drops every cell and asks the data source for everything again (`reloadData()`); a highlight ends
    /// and prefetches are forgotten.
    public func reloadData() {
        reloadEverything()
    }

    /// Configures the visible cells at these index paths again: `reconfigureRows(at:)` on iOS and tvOS 15
    /// and later, which keeps the cell; `reloadRows(at:with:)` before (without animation), which dequeues
    /// a new one.
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones outside it are ignored.
    public func reconfigureItems(at indexPaths: [ListIndexPath]) {
        reconfigureKnownItems(at: indexPaths)
    }

    /// Deselects a row if it is selected (`deselectRow(at:animated:)`), telling the delegate
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)``, which UIKit does not for a deselection made in code.
    ///
    /// - Parameter indexPath: An item in the current state.
    public func deselectItem(at indexPath: ListIndexPath) {
        deselectKnownItem(at: indexPath)
    }

    /// Selects a row if it is not selected (`selectRow(at:animated:scrollPosition:)`, without scrolling), telling the delegate
    /// ``/CellKit/ListHostEvent/didSelect(_:at:)``, and ``/CellKit/ListHostEvent/didDeselect(_:at:)`` for the
    /// item it replaces when ``allowsMultipleSelection`` is off, which UIKit does not for a selection made in
    /// code. The cell shows the selected state in place (its configuration is updated, as for a tap).
    ///
    /// - Parameter indexPath: An item in the current state; one outside it is ignored.
    /// - Complexity: O(k) for *k* selected items.
    public func selectItem(at indexPath: ListIndexPath) {
        selectKnownItem(at: indexPath)
    }

    // MARK: The table view's side (UIKitListHost)

    func layoutListView() {
        tableView.layoutIfNeeded()
    }

    func performListViewBatch(_ updates: @escaping () -> Void) {
        tableView.performBatchUpdates(updates, completion: nil)
    }

    func issueToListView(_ batch: BatchUpdate) {
        if !batch.deletedSections.isEmpty {
            tableView.deleteSections(IndexSet(batch.deletedSections), with: .automatic)
        }
        if !batch.insertedSections.isEmpty {
            tableView.insertSections(IndexSet(batch.insertedSections), with: .automatic)
        }
        for move in batch.movedSections { tableView.moveSection(move.source, toSection: move.destination) }
        if !batch.reloadedSections.isEmpty {
            tableView.reloadSections(IndexSet(batch.reloadedSections), with: .automatic)
        }
        if !batch.deletedItems.isEmpty {
            tableView.deleteRows(at: batch.deletedItems.map(\.indexPath), with: .automatic)
        }
        if !batch.insertedItems.isEmpty {
            tableView.insertRows(at: batch.insertedItems.map(\.indexPath), with: .automatic)
        }
        for move in batch.movedItems { tableView.moveRow(at: move.source.indexPath, to: move.destination.indexPath) }
        if !batch.reloadedItems.isEmpty {
            tableView.reloadRows(at: batch.reloadedItems.map(\.indexPath), with: .automatic)
        }
    }

    func reconfigureInListView(_ indexPaths: [IndexPath]) {
        if usesReconfigure, #available(iOS 15.0, tvOS 15.0, *) {
            tableView.reconfigureRows(at: indexPaths)
        } else {
            tableView.reloadRows(at: indexPaths, with: .none)
        }
    }

    func reloadListView() {
        tableView.reloadData()
    }

    var selectedIndexPathsInListView: [IndexPath] {
        tableView.indexPathsForSelectedRows ?? []
    }

    func deselectInListView(_ indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }

    func selectInListView(_ indexPath: IndexPath) {
        tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
    }

    func visibleCellInListView(at indexPath: IndexPath) -> UIView? {
        tableView.cellForRow(at: indexPath)
    }

    var listViewWidth: CGFloat {
        tableView.bounds.width
    }

    /// A table view draws no section backgrounds of its own: cards are drawn piece by piece in the cells.
    var drawsSectionBackgroundsInLayout: Bool { false }

    var listScrollView: UIScrollView {
        tableView
    }

    func topOfItemInListView(at indexPath: IndexPath) -> CGFloat? {
        guard let path = ListIndexPath(indexPath), contains(path) else { return nil }
        return tableView.rectForRow(at: indexPath).minY
    }

    /// Moves the offset to where the anchor will be: a table view asks no delegate for the offset after
    /// a batch, and lays its rows out as the batch ends, at the offset of that moment. Inside the update
    /// closure its geometry is the old one and the data source's state the new one, so the anchor's top
    /// is its old top, less the heights of what the batch deletes above it, plus those of what it inserts
    /// above it (the heights the table view is about to ask for), plus the change of height of the rows
    /// above it that changed size, less or plus the rows it moves from above it to below it or back. What
    /// it reloads, and the sections it moves, above it are left to the correction after the batch.
    ///
    /// - Complexity: O(c) for *c* changes above the anchor, plus their measuring.
    func moveOffsetInsideBatch(for anchor: PendingAnchor) {
        guard let kept = anchor.kept else { return }
        var top = tableView.rectForRow(at: kept.old.indexPath).minY
        if let batch = anchor.batch {
            for path in batch.deletedItems where path < kept.old {
                top -= tableView.rectForRow(at: path.indexPath).height
            }
            for section in batch.deletedSections where section < kept.old.section {
                top -= tableView.rect(forSection: section).height
            }
            // A row moved across the anchor takes its height with it.
            for move in batch.movedItems where (move.source < kept.old) != (move.destination < kept.new) {
                let height = tableView.rectForRow(at: move.source.indexPath).height
                top += move.source < kept.old ? -height : height
            }
            // An inserted row's index path may be one a row on screen has in the old state: it is measured
            // on a sizing cell, not on that row's cell.
            let inserted = batch.insertedItems.filter { $0 < kept.new }
            let awaiting = state.awaitingReconfigure
            state.awaitingReconfigure.formUnion(inserted)
            defer { state.awaitingReconfigure = awaiting }
            for path in inserted { top += heightForRow(at: path) }
            for section in batch.insertedSections where section < kept.new.section {
                let rows = (0..<(state.counts?[section] ?? 0)).map { ListIndexPath(item: $0, section: section) }
                state.awaitingReconfigure.formUnion(rows)
                top += heightOfSupplementaryView(ofKind: .header, inSection: section)
                top += rows.reduce(0) { $0 + heightForRow(at: $1) }
                top += heightOfSupplementaryView(ofKind: .footer, inSection: section)
            }
        }
        for path in anchor.resized where path < kept.old {
            top += heightForRow(at: path) - tableView.rectForRow(at: path.indexPath).height
        }
        let target = max(0, top - kept.offset)
        guard target != tableView.contentOffset.y else { return }
        tableView.contentOffset = CGPoint(x: tableView.contentOffset.x, y: target)
    }
}
