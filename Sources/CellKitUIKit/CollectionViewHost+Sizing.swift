#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Sizes for the flow layout: from the data source (`ItemSizing`), measured on the visible cell or on a
// sizing cell configured off screen, or the layout's `itemSize`.

extension CollectionViewHost {
    /// Lays the collection view out again for items whose size changed (`invalidateLayout()`): the flow
    /// layout asks for every item's size again, and a compositional layout for the sections the host
    /// builds; the data source answers from its size cache, and measures the invalidated items again (a
    /// visible one on its cell, without configuring it again). A ``/CellKit/StaticView`` without
    /// `ItemSizing` is measured again too, on its container cell. In a layout whose cells size themselves
    /// (estimated sizes, a list layout), UIKit asks the cells shown for their size again.
    ///
    /// The first visible item stays where it is in the viewport: when items above it grow or shrink, the
    /// host moves the `contentOffset` by as much (as far as the content allows), as `TextListView` keeps
    /// the row at its top; the delegate hears the scroll.
    ///
    /// `UniversalDataSource.invalidateSize(of:)` calls this once per turn for the items invalidated in it.
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside it are ignored.
    /// - Complexity: O(k + v) for *k* index paths and *v* visible items, plus the layout UIKit runs (it asks
    ///   for every size).
    public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        transaction {
            guard indexPaths.contains(where: contains) else { return }
            relayoutKeepingFirstVisibleItem(resizing: indexPaths) {
                collectionView.collectionViewLayout.invalidateLayout()
            }
        }
    }

    /// An item's size in a vertical list: the collection view's width, and the length the data source
    /// gives (measuring the cell when it asks), a static view's own length, or the flow layout's
    /// `itemSize` height.
    func sizeForItem(at indexPath: ListIndexPath) -> CGSize {
        let fallback = (collectionView.collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize.height ?? 0
        return CGSize(width: listViewWidth, height: lengthOfRow(at: indexPath, fallback: fallback))
    }

    /// A section's header or footer size: zero when the data source has no view of that kind, the view
    /// measured (off screen) otherwise.
    func sizeForSupplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> CGSize {
        let height = heightOfSupplementaryView(ofKind: kind, inSection: section)
        return height > 0 ? CGSize(width: listViewWidth, height: height) : .zero
    }
}
