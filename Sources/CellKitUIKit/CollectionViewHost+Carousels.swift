#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Carousel sections on the compositional layout: a section that scrolls sideways
// (`orthogonalScrollingBehavior`), whose offset belongs to the section's identity, kept by the data source.
//
// UIKit keeps an orthogonal section's offset by section index, and offers no API to set it: after a
// batch that moves, inserts or deletes sections, the carousel at an index shows the offset of the one
// that was there (the classic bug of a reused carousel showing another section's offset). The host
// reports each carousel's offset to the data source by identity from the section's
// `visibleItemsInvalidationHandler` (iOS 13), and the first time the handler runs for an index after a
// batch or a reload, or after the app set an offset, it puts back the offset kept for the section now
// there: it sets the `contentOffset` of the scroll view the section's cells are embedded in (their
// `superview`, a `UIScrollView` other than the collection view; UIKit documents the view's class, not
// that it embeds the cells, and `scrollToItem(at:at:animated:)` would also move the list vertically and
// can only align an item). Until a cell of the section is on screen there is nothing to set, and the
// check waits for the next layout pass.

@available(iOS 13.0, tvOS 13.0, *)
extension CollectionViewHost {
    /// A carousel section: one horizontal group per item, as wide as the layout's item width (absolute,
    /// or a fraction of the container's width) and as tall as the section's tallest item, `spacing`
    /// apart, scrolling sideways as the layout says; its offsets are reported to the data source.
    func carouselSection(
        at section: Int, count: Int, layout: SectionLayout, environment: any NSCollectionLayoutEnvironment,
        itemHeight: NSCollectionLayoutDimension
    ) -> NSCollectionLayoutSection {
        let containerWidth = environment.container.effectiveContentSize.width
        let itemWidth = CGFloat(layout.carouselItemWidth(inSectionWidth: Double(containerWidth)) ?? 0)
        var height: CGFloat = 0
        var isEstimated = false
        for item in 0..<count {
            let path = ListIndexPath(item: item, section: section)
            let length = lengthOfItem(at: path, width: itemWidth).map { NSCollectionLayoutDimension.absolute($0) }
            let dimension = length ?? itemHeight
            height = max(height, dimension.dimension)
            if dimension.isEstimated { isEstimated = true }
        }
        if count == 0 { height = itemHeight.dimension }
        let widthDimension: NSCollectionLayoutDimension =
            switch layout.carouselItemWidth {
            case .fractional(let fraction): .fractionalWidth(CGFloat(fraction))
            default: .absolute(itemWidth)
            }
        let groupSize = NSCollectionLayoutSize(
            widthDimension: widthDimension, heightDimension: isEstimated ? .estimated(height) : .absolute(height))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let layoutSection = NSCollectionLayoutSection(
            group: NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item]))
        layoutSection.interGroupSpacing = CGFloat(layout.spacing)
        layoutSection.orthogonalScrollingBehavior =
            switch layout.carouselScrolling {
            case .paging: .paging
            case .groupPaging: .groupPaging
            default: .continuous
            }
        if let identity = dataSource?.sectionIdentifier(at: section, in: self) {
            layoutSection.visibleItemsInvalidationHandler = { [weak self] items, offset, _ in
                self?.carouselDidLayOut(section: section, identity: identity, offset: offset.x, items: items)
            }
        }
        return layoutSection
    }

    /// A carousel section is about to show its items at an offset: the first time after a batch, a
    /// reload or an offset the app set, the offset kept for the section is put back; afterwards, the
    /// offset is the user's, and the data source keeps it for the section.
    private func carouselDidLayOut(
        section: Int, identity: AnyHashable, offset: CGFloat, items: [any NSCollectionLayoutVisibleItem]
    ) {
        // A handler of a layout made before the data source changed names another section: ignored.
        guard let carousels = dataSource as? any ListHostCarousels,
            carousels.sectionIdentifier(at: section, in: self) == identity
        else { return }
        guard state.checkedCarousels.contains(section) else {
            let kept = CGFloat(carousels.carouselOffset(ofSection: identity, in: self))
            if abs(kept - offset) < 0.5 {
                state.checkedCarousels.insert(section)
            } else if let scroller = carouselScrollView(inSection: section, items: items) {
                state.checkedCarousels.insert(section)
                scroller.contentOffset.x = min(kept, max(0, scroller.contentSize.width - scroller.bounds.width))
            }
            return
        }
        carousels.recordCarouselOffset(Double(offset), ofSection: identity, in: self)
    }

    /// The scroll view a carousel section's cells on screen are embedded in, if one is on screen.
    private func carouselScrollView(inSection section: Int, items: [any NSCollectionLayoutVisibleItem])
        -> UIScrollView?
    {
        let paths =
            items.filter { $0.representedElementKind == nil }.map(\.indexPath)
            + collectionView.indexPathsForVisibleItems
        for path in paths where ListIndexPath(path)?.section == section {
            if let scroller = collectionView.cellForItem(at: path)?.superview as? UIScrollView,
                scroller !== collectionView
            {
                return scroller
            }
        }
        return nil
    }

    /// Shows a carousel section at the offset its data source now keeps, at once when a cell of it is on
    /// screen, else when it next shows.
    ///
    /// - Parameter section: A section index in the current state.
    @_spi(ListHost) public func carouselOffsetDidChange(inSection section: Int) {
        state.checkedCarousels.remove(section)
        guard let carousels = dataSource as? any ListHostCarousels,
            let identity = carousels.sectionIdentifier(at: section, in: self),
            let scroller = carouselScrollView(inSection: section, items: [])
        else { return }
        state.checkedCarousels.insert(section)
        let kept = CGFloat(carousels.carouselOffset(ofSection: identity, in: self))
        scroller.contentOffset.x = min(kept, max(0, scroller.contentSize.width - scroller.bounds.width))
    }
}
