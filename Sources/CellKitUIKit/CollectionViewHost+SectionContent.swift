#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// A section whose identifier changed content: its visible headers and footers are configured again in
// place, its cells are left alone.

extension CollectionViewHost {
    /// Configures the headers and footers of these sections again, in place: the data source's section
    /// identifier changed content (a new title), not identity, so the section's items and cells stay.
    ///
    /// Each visible header and footer (`supplementaryView(forElementKind:at:)`) is handed to the data
    /// source again, whose dequeue returns that same view, and is configured for the section's new
    /// identifier; no view is dequeued and the delegate hears no display event. Then the layout asks for
    /// every size again (`invalidateLayout()`), so a header whose height changed, visible or not, takes its
    /// new height. Should the data source want a view of another class for one of them, the collection
    /// view reloads instead.
    ///
    /// - Parameter sections: Section indices in the current state; ones outside it are ignored.
    /// - Complexity: O(k log k + k·a) for *k* sections and *a* supplementary kinds, plus configuring the
    ///   visible views and the layout UIKit runs (it asks for every size).
    public func reconfigureSupplementaryViews(inSections sections: [Int]) {
        reconfigureKnownSupplementaryViews(inSections: sections)
    }

    func visibleSupplementaryViewInListView(ofKind kind: SupplementaryKind, inSection section: Int) -> UIView? {
        collectionView.supplementaryView(
            forElementKind: Self.elementKind(kind), at: ListIndexPath(item: 0, section: section).indexPath)
    }

    func reuseIdentifierInListView(of view: UIView) -> String? {
        (view as? UICollectionReusableView)?.reuseIdentifier
    }

    func relayoutListView() {
        collectionView.collectionViewLayout.invalidateLayout()
    }
}
