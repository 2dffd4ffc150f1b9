#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// A section whose identifier changed content: its visible header and footer are configured again in
// place, its rows are left alone.

extension TableViewHost {
    /// Configures the headers and footers of these sections again, in place: the data source's section
    /// identifier changed content (a new title), not identity, so the section's rows and cells stay.
    ///
    /// Each visible header and footer (`headerView(forSection:)`, `footerView(forSection:)`) is handed to
    /// the data source again, whose dequeue returns that same view, and is configured for the section's
    /// new identifier; no view is dequeued and the delegate hears no display event. Then an empty batch
    /// (`performBatchUpdates(nil)`) makes the table view ask for heights again, so a header whose height
    /// changed, visible or not, takes its new height. Should the data source want a view of another class
    /// for one of them, the table view reloads instead.
    ///
    /// - Parameter sections: Section indices in the current state; ones outside it are ignored.
    /// - Complexity: O(k log k + k·a) for *k* sections and *a* supplementary kinds, plus configuring the
    ///   visible views and the layout UIKit runs.
    public func reconfigureSupplementaryViews(inSections sections: [Int]) {
        reconfigureKnownSupplementaryViews(inSections: sections)
    }

    func visibleSupplementaryViewInListView(ofKind kind: SupplementaryKind, inSection section: Int) -> UIView? {
        switch kind {
        case .header: tableView.headerView(forSection: section)
        case .footer: tableView.footerView(forSection: section)
        default: nil
        }
    }

    func reuseIdentifierInListView(of view: UIView) -> String? {
        (view as? UITableViewHeaderFooterView)?.reuseIdentifier
    }

    func relayoutListView() {
        tableView.performBatchUpdates(nil, completion: nil)
    }
}
