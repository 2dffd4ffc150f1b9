#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Changing what the collection view shows: batches checked before UIKit sees them, with the counts
// switching inside UIKit's update closure; reloads; reconfigures with a reload before iOS 15.

extension CollectionViewHost {
    /// Performs one batch of updates on the collection view, checked first.
    ///
    /// In order: the collection view's pending layout is done (while the data source still reports the
    /// state before the batch); `updateData` switches the data source to the state after it; the batch
    /// is checked with ``/DiffableStore/BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)`` against the
    /// counts the collection view knows and the data source's new counts, and on a violation the host throws,
    /// the collection view untouched (the caller restores its data). Otherwise the host calls
    /// `performBatchUpdates(_:completion:)`; inside its update closure the counts the collection view
    /// reads switch to the new ones and the deletes, inserts, moves and reloads are issued. Reconfigured
    /// items are then reconfigured at their new index paths (``reconfigureItems(at:)``). A prefetched
    /// item that the batch deletes or reloads is cancelled
    /// (``/CellKit/ListHostEvent/cancelPrefetching(items:at:)`` at its old index path), and a highlight on
    /// one ends.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices; the collection view saw
    ///   nothing.
    /// - Complexity: O(b log b + s) for *b* changes and *s* sections, plus O(r) for the items of deleted
    ///   or reloaded sections while items are prefetched; plus UIKit's work.
    public func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        try performCheckedBatch(batch, updateData: updateData)
        refreshBackgrounds()
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
        refreshBackgrounds()
    }

    /// Drops every cell and asks the data source for everything again (`reloadData()`); a highlight ends
    /// and prefetches are forgotten.
    public func reloadData() {
        reloadEverything()
        refreshBackgrounds()
    }

    /// Configures the visible cells at these index paths again: `reconfigureItems(at:)` on iOS and tvOS
    /// 15 and later, which keeps the cell; `reloadItems(at:)` before, which dequeues a new one.
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones outside it are ignored.
    public func reconfigureItems(at indexPaths: [ListIndexPath]) {
        reconfigureKnownItems(at: indexPaths)
    }

    /// Deselects an item if it is selected (`deselectItem(at:animated:)`), telling the delegate
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)``, which UIKit does not for a deselection made in code.
    ///
    /// - Parameter indexPath: An item in the current state.
    public func deselectItem(at indexPath: ListIndexPath) {
        deselectKnownItem(at: indexPath)
    }

    /// Selects an item if it is not selected (`selectItem(at:animated:scrollPosition:)`, without scrolling), telling the delegate
    /// ``/CellKit/ListHostEvent/didSelect(_:at:)``, and ``/CellKit/ListHostEvent/didDeselect(_:at:)`` for the
    /// item it replaces when ``allowsMultipleSelection`` is off, which UIKit does not for a selection made in
    /// code. The cell shows the selected state in place (its configuration is updated, as for a tap).
    ///
    /// - Parameter indexPath: An item in the current state; one outside it is ignored.
    /// - Complexity: O(k) for *k* selected items.
    public func selectItem(at indexPath: ListIndexPath) {
        selectKnownItem(at: indexPath)
    }

    // MARK: The collection view's side (UIKitListHost)

    func layoutListView() {
        collectionView.layoutIfNeeded()
    }

    func performListViewBatch(_ updates: @escaping () -> Void) {
        collectionView.performBatchUpdates(updates, completion: nil)
    }

    func issueToListView(_ batch: BatchUpdate) {
        if !batch.deletedSections.isEmpty { collectionView.deleteSections(IndexSet(batch.deletedSections)) }
        if !batch.insertedSections.isEmpty { collectionView.insertSections(IndexSet(batch.insertedSections)) }
        for move in batch.movedSections { collectionView.moveSection(move.source, toSection: move.destination) }
        if !batch.reloadedSections.isEmpty { collectionView.reloadSections(IndexSet(batch.reloadedSections)) }
        if !batch.deletedItems.isEmpty { collectionView.deleteItems(at: batch.deletedItems.map(\.indexPath)) }
        if !batch.insertedItems.isEmpty { collectionView.insertItems(at: batch.insertedItems.map(\.indexPath)) }
        for move in batch.movedItems {
            collectionView.moveItem(at: move.source.indexPath, to: move.destination.indexPath)
        }
        if !batch.reloadedItems.isEmpty { collectionView.reloadItems(at: batch.reloadedItems.map(\.indexPath)) }
    }

    func reconfigureInListView(_ indexPaths: [IndexPath]) {
        if usesReconfigure, #available(iOS 15.0, tvOS 15.0, *) {
            collectionView.reconfigureItems(at: indexPaths)
        } else {
            collectionView.reloadItems(at: indexPaths)
        }
    }

    func reloadListView() {
        collectionView.reloadData()
    }

    var selectedIndexPathsInListView: [IndexPath] {
        collectionView.indexPathsForSelectedItems ?? []
    }

    func deselectInListView(_ indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
    }

    func selectInListView(_ indexPath: IndexPath) {
        collectionView.selectItem(at: indexPath, animated: false, scrollPosition: [])
    }

    func visibleCellInListView(at indexPath: IndexPath) -> UIView? {
        collectionView.cellForItem(at: indexPath)
    }

    var listViewWidth: CGFloat {
        collectionView.bounds.width
    }

    var listScrollView: UIScrollView {
        collectionView
    }

    func topOfItemInListView(at indexPath: IndexPath) -> CGFloat? {
        collectionView.layoutAttributesForItem(at: indexPath)?.frame.minY
    }

    /// Nothing: the collection view asks its delegate for the offset once its layout is prepared
    /// (`collectionView(_:targetContentOffsetForProposedContentOffset:)`).
    func moveOffsetInsideBatch(for anchor: PendingAnchor) {}
}
