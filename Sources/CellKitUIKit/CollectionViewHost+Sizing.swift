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
    /// Lays the collection view out again for items whose size changed: the flow layout asks for every
    /// item's size again (`invalidateLayout()`); the data source answers from its size cache, and measures
    /// the invalidated items again (a visible one on its cell, without configuring it again).
    ///
    /// `UniversalDataSource.invalidateSize(of:)` calls this once per turn for the items invalidated in it.
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside it are ignored.
    /// - Complexity: O(k) for *k* index paths, plus the layout UIKit runs (it asks for every size).
    public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        transaction {
            guard indexPaths.contains(where: contains) else { return }
            collectionView.collectionViewLayout.invalidateLayout()
        }
    }

    /// An item's size in a vertical list: the collection view's width, and the length the data source
    /// gives (measuring the cell when it asks) or the flow layout's `itemSize` height when it gives none.
    func sizeForItem(at indexPath: ListIndexPath) -> CGSize {
        let width = collectionView.bounds.width
        let fallback = (collectionView.collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize.height ?? 0
        guard let dataSource else { return CGSize(width: width, height: fallback) }
        let length = dataSource.lengthOfItem(at: indexPath, crossAxisLength: Double(width), in: self) {
            Double(measureItem(at: indexPath, width: width))
        }
        return CGSize(width: width, height: length.map { CGFloat($0) } ?? fallback)
    }

    /// A section's header or footer size: zero when the data source has no view of that kind, the view
    /// measured (off screen) otherwise.
    func sizeForSupplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> CGSize {
        let width = collectionView.bounds.width
        guard let dataSource, dataSource.supplementaryKinds(in: self).contains(kind) else { return .zero }
        isMeasuring = true
        let view = dataSource.supplementaryView(ofKind: kind, at: ListIndexPath(item: 0, section: section), in: self)
        isMeasuring = false
        guard let view = view as? UIView else { return .zero }
        return CGSize(width: width, height: fit(view, width: width))
    }

    /// Measures an item: its visible cell as it is, or a sizing cell configured for it off screen (no
    /// cell is dequeued from the collection view).
    private func measureItem(at indexPath: ListIndexPath, width: CGFloat) -> CGFloat {
        if let cell = collectionView.cellForItem(at: indexPath.indexPath) { return fit(cell, width: width) }
        guard let dataSource else { return 0 }
        isMeasuring = true
        let object = dataSource.cell(at: indexPath, in: self)
        isMeasuring = false
        guard let view = object as? UIView else { return 0 }
        return fit(view, width: width)
    }

    /// The height a view takes at a width (`systemLayoutSizeFitting` with the width required).
    private func fit(_ view: UIView, width: CGFloat) -> CGFloat {
        view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                     verticalFittingPriority: .fittingSizeLevel).height
    }

    /// The view the host measures with for a reuse identifier, made once with its registered factory.
    func sizingView(_ key: ReuseKey) -> AnyObject {
        if let view = sizingViews[key] { return view }
        guard let factory = factories[key] else {
            preconditionFailure("CollectionViewHost has no view registered for reuse identifier \"\(key.reuseIdentifier)\" to measure with")
        }
        let view = factory()
        sizingViews[key] = view
        return view
    }
}
