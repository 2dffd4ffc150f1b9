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
    /// visible one on its cell, without configuring it again).
    ///
    /// `UniversalDataSource.invalidateSize(of:)` calls this once per turn for the items invalidated in it.
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside it are ignored.
    /// - Complexity: O(k) for *k* index paths, plus the layout UIKit runs.
    public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        transaction {
            guard indexPaths.contains(where: contains) else { return }
            tableView.performBatchUpdates(nil, completion: nil)
        }
    }

    /// A row's height: the length the data source gives (measuring the cell when it asks), or the table
    /// view's `rowHeight` when it gives none (`automaticDimension` lets UIKit size the cell itself).
    func heightForRow(at indexPath: ListIndexPath) -> CGFloat {
        // UIKit sizes a row of automaticDimension height itself: nothing can be added to it.
        tableView.rowHeight == UITableView.automaticDimension && lengthOfItem(at: indexPath) == nil
            ? tableView.rowHeight : lengthOfRow(at: indexPath, fallback: tableView.rowHeight)
    }
}
