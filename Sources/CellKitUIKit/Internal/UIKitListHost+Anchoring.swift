#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Keeping the first visible item in place: through a batch (`keepsFirstVisibleItemAnchored`), what loading
// earlier pages above the content needs; and always when items change size (`invalidateItemSizes(at:)`), as
// `TextListView` keeps the row at its top when rows above it change size. For both hosts.

extension UIKitListHost {
    /// The items visible before a batch, top first, each with how far its top is below the viewport's top;
    /// empty when the host does not keep the first visible item anchored.
    func anchorCandidates() -> [(indexPath: ListIndexPath, offset: CGFloat)] {
        guard state.keepsFirstVisibleItemAnchored else { return [] }
        return visibleItemOffsets()
    }

    /// The items visible now, top first, each with how far its top is below the viewport's top.
    private func visibleItemOffsets() -> [(indexPath: ListIndexPath, offset: CGFloat)] {
        let top = listScrollView.contentOffset.y
        return indexPathsForVisibleItems.compactMap { path in
            topOfItemInListView(at: path.indexPath).map { (path, $0 - top) }
        }
    }

    /// After a batch: scrolls so that the first candidate the batch keeps (found by identity, through the
    /// batch's index map) is as far below the viewport's top as it was, as far as the content allows. The
    /// delegate hears the scroll.
    func keepFirstAnchor(of candidates: [(indexPath: ListIndexPath, offset: CGFloat)], through map: BatchIndexMap) {
        keepFirstAnchor(of: candidates, at: map.newIndexPath(ofOld:))
    }

    /// Lays the list view out again with `relayout` (which changes sizes, not items) keeping the first
    /// visible item as far below the viewport's top as it was, as far as the content allows: items above
    /// it that grow or shrink move the content offset with them, not what the viewport shows. The
    /// delegate hears the scroll.
    func relayoutKeepingFirstVisibleItem(_ relayout: () -> Void) {
        layoutListView()
        let candidates = visibleItemOffsets()
        relayout()
        // No item moves: each keeps its index path (and its identity).
        keepFirstAnchor(of: candidates, at: { $0 })
    }

    /// Scrolls so that the first candidate still in the list (`newIndexPath` gives where it is now) is as
    /// far below the viewport's top as it was.
    private func keepFirstAnchor(
        of candidates: [(indexPath: ListIndexPath, offset: CGFloat)],
        at newIndexPath: (ListIndexPath) -> ListIndexPath?
    ) {
        guard
            let (path, offset) = candidates.firstNonNil({ candidate in
                newIndexPath(candidate.indexPath).map { ($0, candidate.offset) }
            })
        else { return }
        layoutListView()
        guard let top = topOfItemInListView(at: path.indexPath) else { return }
        let scrollView = listScrollView
        let maximum = max(0, scrollView.contentSize.height - scrollView.bounds.height)
        let target = min(max(0, top - offset), maximum)
        guard target != scrollView.contentOffset.y else { return }
        scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: target)
        layoutListView()
    }
}

extension Array {
    /// The first non-`nil` result of `transform` over the elements, in order.
    fileprivate func firstNonNil<T>(_ transform: (Element) -> T?) -> T? {
        for element in self {
            if let result = transform(element) { return result }
        }
        return nil
    }
}
