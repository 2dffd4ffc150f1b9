#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Keeping the first visible item in place through a batch (`keepsFirstVisibleItemAnchored`), for both
// hosts: what loading earlier pages above the content needs.

extension UIKitListHost {
    /// The items visible before a batch, top first, each with how far its top is below the viewport's top;
    /// empty when the host does not keep the first visible item anchored.
    func anchorCandidates() -> [(indexPath: ListIndexPath, offset: CGFloat)] {
        guard state.keepsFirstVisibleItemAnchored else { return [] }
        let top = listScrollView.contentOffset.y
        return indexPathsForVisibleItems.compactMap { path in
            topOfItemInListView(at: path.indexPath).map { (path, $0 - top) }
        }
    }

    /// After a batch: scrolls so that the first candidate the batch keeps (found by identity, through the
    /// batch's index map) is as far below the viewport's top as it was, as far as the content allows. The
    /// delegate hears the scroll.
    func keepFirstAnchor(of candidates: [(indexPath: ListIndexPath, offset: CGFloat)], through map: BatchIndexMap) {
        guard
            let (path, offset) = candidates.lazy.compactMap({ candidate in
                map.newIndexPath(ofOld: candidate.indexPath).map { ($0, candidate.offset) }
            }).first
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
