#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
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

    var listScrollView: UIScrollView {
        tableView
    }

    func topOfItemInListView(at indexPath: IndexPath) -> CGFloat? {
        guard let path = ListIndexPath(indexPath), contains(path) else { return nil }
        return tableView.rectForRow(at: indexPath).minY
    }
}
