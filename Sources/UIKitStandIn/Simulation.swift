// What a test does to the stand-in as a user (or an app's gesture recognizer) would, and what it reads
// back. Not UIKit API: behind `@_spi(Simulation)`, so the host's sources cannot use it.

#if !canImport(UIKit)
import DiffableStore
import Foundation

@_spi(Simulation)
extension UICollectionView {
    /// The messages of the `NSInternalInconsistencyException`s UIKit would have raised (an app crash):
    /// empty while everything the host did was legal.
    public var _raisedExceptions: [String] { _engine.exceptions }

    /// What the collection view was told: `"performBatchUpdates: <batch>"`, `"reloadData"`,
    /// `"reconfigureItems: 0.1"`, in order.
    public var _updateLog: [String] { _engine.log }

    /// How many items beyond the viewport, in the direction of the last scroll, the collection view
    /// prefetches (0, the default, prefetches nothing).
    public var _prefetchDistance: Int {
        get { _engine.prefetchDistance }
        set { _engine.prefetchDistance = newValue }
    }

    /// Views made from a registered class, dequeues, dequeues answered from a reuse pool, and dequeues
    /// that returned the existing cell of a reconfigured item.
    public var _statistics: (created: Int, dequeued: Int, reused: Int, reconfiguredInPlace: Int) {
        (_engine.viewsCreated, _engine.dequeues, _engine.reused, _engine.reconfiguredInPlace)
    }

    /// The views shown (cells, headers, footers), top to bottom.
    public var _visibleViewsTopToBottom: [UICollectionReusableView] {
        layoutIfNeeded()
        return _engine.viewsTopToBottom
    }

    /// The counts the collection view knows, `nil` before it asked its data source.
    public var _knownCounts: [Int]? { _engine.counts }

    /// Scrolls to an offset and lays out, as a scroll gesture's frame would.
    public func _scroll(toY y: CGFloat) {
        contentOffset = CGPoint(x: 0, y: y)
        layoutIfNeeded()
    }

    /// A finger comes down on an item: it is highlighted.
    public func _touchDown(_ indexPath: IndexPath) {
        layoutIfNeeded()
        let path = _path(indexPath)
        guard _engine.contains(path) else { return }
        if let highlighted = _engine.highlighted { _touchCancel(highlighted.indexPath) }
        _engine.setHighlighted(path)
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    /// The finger leaves without selecting: the highlight ends.
    public func _touchCancel(_ indexPath: IndexPath) {
        guard _engine.highlighted == _path(indexPath) else { return }
        _engine.setHighlighted(nil)
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }

    /// A tap on an item, with UIKit's sequence: highlight, unhighlight, deselect the selected item, select.
    public func _tap(_ indexPath: IndexPath) {
        layoutIfNeeded()
        let path = _path(indexPath)
        guard _engine.contains(path) else { return }
        _touchDown(indexPath)
        _touchCancel(indexPath)
        for selected in _engine.selected where selected != path {
            _engine.deselect(selected.indexPath)
            delegate?.collectionView(self, didDeselectItemAt: selected.indexPath)
        }
        _engine.select(path)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// A drag of the content by `distance` points, then a lift with the content coasting `coast` points
    /// further: `scrollViewWillBeginDragging`, the scroll, `scrollViewWillEndDragging` (whose target the
    /// delegate may change), `scrollViewDidEndDragging`, and when the target differs, the coast and
    /// `scrollViewDidEndDecelerating`.
    public func _drag(by distance: CGFloat, coast: CGFloat) {
        layoutIfNeeded()
        delegate?.scrollViewWillBeginDragging(self)
        _scroll(toY: clamped(contentOffset.y + distance))
        var target = CGPoint(x: 0, y: clamped(contentOffset.y + coast))
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: 0, y: coast / 1000), targetContentOffset: pointer)
        }
        let decelerates = target.y != contentOffset.y
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else { return }
        _scroll(toY: target.y)
        delegate?.scrollViewDidEndDecelerating(self)
    }

    private func clamped(_ y: CGFloat) -> CGFloat {
        min(max(0, y), max(0, contentSize.height - frame.height))
    }

    /// The top of an item's frame, if it is laid out.
    public func _top(of indexPath: IndexPath) -> CGFloat? {
        layoutIfNeeded()
        return _engine.slot(of: _path(indexPath))?.top
    }

    // MARK: Interactive movement (UIKit API an app's gesture recognizer calls; the host does not)

    /// https://developer.apple.com/documentation/uikit/uicollectionview/begininteractivemovementforitem(at:)
    /// `func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool`
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        layoutIfNeeded()
        return _engine.beginMove(_path(indexPath))
    }

    /// `func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint)`, given here the index path
    /// under the finger rather than the point.
    public func _updateInteractiveMovementTarget(_ indexPath: IndexPath) {
        _engine.updateMove(to: _path(indexPath))
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/endinteractivemovement()
    /// `func endInteractiveMovement()`
    public func endInteractiveMovement() {
        _engine.endMove()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/cancelinteractivemovement()
    /// `func cancelInteractiveMovement()`
    public func cancelInteractiveMovement() {
        _engine.interactiveMove = nil
    }
}
#endif
