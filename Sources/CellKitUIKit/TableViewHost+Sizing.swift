#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Row, header and footer heights: from the data source (`ItemSizing`), measured on the visible cell or on
// a sizing cell configured off screen, or the table view's `rowHeight`.

extension TableViewHost {
    /// Lays the table view out again for rows whose height changed: an empty batch
    /// (`performBatchUpdates(nil)`) makes the table view ask for row heights again without reloading a
    /// cell; the data source answers from its size cache, and measures the invalidated items again (a
    /// visible one on its cell, without configuring it again). A ``/CellKit/StaticView`` without
    /// `ItemSizing` is measured again too, on its container cell.
    ///
    /// The first visible row stays where it is in the viewport: when rows above it grow or shrink, the
    /// host moves the `contentOffset` by as much (as far as the content allows), as `TextListView` keeps
    /// the row at its top; the delegate hears the scroll.
    ///
    /// `UniversalDataSource.invalidateSize(of:)` calls this once per turn for the items invalidated in it.
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside it are ignored.
    /// - Complexity: O(k + v) for *k* index paths and *v* visible rows, plus the layout UIKit runs.
    public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        transaction {
            guard indexPaths.contains(where: contains) else { return }
            relayoutKeepingFirstVisibleItem(resizing: indexPaths) {
                tableView.performBatchUpdates({ [self] in moveOffsetForPendingAnchor() }, completion: nil)
            }
        }
    }

    /// A row's height: the length the data source gives (measuring the cell when it asks), a static
    /// view's own height when it gives none, or the table view's `rowHeight` (`automaticDimension` lets
    /// UIKit size the cell itself).
    func heightForRow(at indexPath: ListIndexPath) -> CGFloat {
        let length = lengthOfItem(at: indexPath)
        // UIKit sizes a row of automaticDimension height itself: nothing can be added to it.
        if length == nil && tableView.rowHeight == UITableView.automaticDimension { return tableView.rowHeight }
        return (length ?? tableView.rowHeight) + attachmentsLength(at: indexPath)
    }
}
