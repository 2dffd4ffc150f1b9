#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// Keeping the first visible item in place: through a batch (`keepsFirstVisibleItemAnchored`), what loading
// earlier pages above the content needs; and always when items change size (`invalidateItemSizes(at:)`), as
// `TextListView` keeps the row at its top when rows above it change size. For both hosts.

/// The first visible item a host keeps in place while the list view performs a batch or lays out again:
/// the candidates, and where each is after the change.
struct PendingAnchor {
    /// The items visible before the change, top first, each with how far its top was below the
    /// viewport's top.
    var candidates: [(indexPath: ListIndexPath, offset: CGFloat)]
    /// Where an item is after the change, `nil` when the change deleted it.
    var newIndexPath: (ListIndexPath) -> ListIndexPath?
    /// The batch, `nil` for a relayout of the same items.
    var batch: BatchUpdate?
    /// The items whose size changed, for a relayout.
    var resized: [ListIndexPath] = []

    /// The first candidate the change keeps: where it was, where it is, and how far below the viewport's
    /// top it was.
    var kept: (old: ListIndexPath, new: ListIndexPath, offset: CGFloat)? {
        candidates.firstNonNil { candidate in
            newIndexPath(candidate.indexPath).map { (candidate.indexPath, $0, candidate.offset) }
        }
    }
}

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

    /// Performs a batch on the list view keeping the first of `candidates` the batch keeps (found by
    /// identity, through the batch's index map) as far below the viewport's top as it was.
    ///
    /// The views are placed once, at the offset they end at: a collection view asks its delegate for
    /// that offset once its layout is prepared for the batch (``targetContentOffsetAfterBatch(proposed:)``);
    /// a table view, which has no such hook, is moved inside the update closure
    /// (``moveOffsetInsideBatch(for:)``). The offset is checked against the layout after the batch and
    /// corrected if a prediction missed (a move or a reload above the item).
    func performListViewBatch(
        _ batch: BatchUpdate, keeping candidates: [(indexPath: ListIndexPath, offset: CGFloat)],
        through map: BatchIndexMap,
        _ updates: @escaping () -> Void
    ) {
        guard !candidates.isEmpty else { return performListViewBatch(updates) }
        let anchor = PendingAnchor(candidates: candidates, newIndexPath: map.newIndexPath(ofOld:), batch: batch)
        state.pendingAnchor = anchor
        performListViewBatch { [self] in
            updates()
            moveOffsetInsideBatch(for: anchor)
        }
        state.pendingAnchor = nil
        keepFirstAnchor(anchor)
    }

    /// Lays the list view out again with `relayout` (which changes sizes, not items) keeping the first
    /// visible item as far below the viewport's top as it was, as far as the content allows: items above
    /// it that grow or shrink move the content offset with them, not what the viewport shows. The
    /// delegate hears the scroll.
    ///
    /// - Parameters:
    ///   - resized: The items whose size changed.
    ///   - relayout: Makes the list view lay out again; a table view's calls ``moveOffsetForPendingAnchor()``
    ///     inside its (empty) batch's update closure.
    func relayoutKeepingFirstVisibleItem(resizing resized: [ListIndexPath], _ relayout: () -> Void) {
        layoutListView()
        // No item moves: each keeps its index path (and its identity).
        let anchor = PendingAnchor(candidates: visibleItemOffsets(), newIndexPath: { $0 }, resized: resized)
        state.pendingAnchor = anchor
        relayout()
        state.pendingAnchor = nil
        keepFirstAnchor(anchor)
    }

    /// Inside a batch's update closure: moves the offset for the anchor being kept, if any (a table view's
    /// relayout calls it).
    func moveOffsetForPendingAnchor() {
        if let anchor = state.pendingAnchor { moveOffsetInsideBatch(for: anchor) }
    }

    /// For a collection view's delegate, once the layout is prepared for a batch: the offset that keeps
    /// the anchor in place, `proposed` when no anchor is kept.
    func targetContentOffsetAfterBatch(proposed: CGPoint) -> CGPoint {
        guard let kept = state.pendingAnchor?.kept, let top = topOfItemInListView(at: kept.new.indexPath) else {
            return proposed
        }
        return CGPoint(x: proposed.x, y: offsetWithinContent(top - kept.offset))
    }

    /// After the change: scrolls so that the anchor is as far below the viewport's top as it was, as far
    /// as the content allows, and lays the list view out (where it is already, nothing moves).
    private func keepFirstAnchor(_ anchor: PendingAnchor) {
        guard let kept = anchor.kept else { return }
        // The frame comes from the layout, not from laying the list view out: a layout pass at an offset
        // about to change would show (configure, report) rows the viewport never shows.
        guard let top = topOfItemInListView(at: kept.new.indexPath) else { return }
        let scrollView = listScrollView
        let target = offsetWithinContent(top - kept.offset)
        if target != scrollView.contentOffset.y {
            scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: target)
        }
        layoutListView()
    }

    /// An offset moved into the content: from 0 to the content's height less the viewport's.
    private func offsetWithinContent(_ offset: CGFloat) -> CGFloat {
        let scrollView = listScrollView
        return min(max(0, offset), max(0, scrollView.contentSize.height - scrollView.bounds.height))
    }
}

extension Array {
    /// The first non-`nil` result of `transform` over the elements, in order.
    func firstNonNil<T>(_ transform: (Element) -> T?) -> T? {
        for element in self {
            if let result = transform(element) { return result }
        }
        return nil
    }
}
