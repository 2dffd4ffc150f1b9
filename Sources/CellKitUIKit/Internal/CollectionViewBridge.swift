#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

/// The object a ``CollectionViewHost`` gives its collection view as data source, delegate and prefetch
/// data source: it answers UIKit from the host's counts and the host's data source, and turns UIKit's
/// calls into host events named by identity. (Each UIKit method is implemented here, in the class, so the
/// Objective-C runtime finds it.)
@MainActor
final class CollectionViewBridge: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout,
    UICollectionViewDataSourcePrefetching
{
    weak var host: CollectionViewHost?

    // MARK: UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        host?.knownCounts().count ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        guard let counts = host?.knownCounts(), counts.indices.contains(section) else { return 0 }
        return counts[section]
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        guard let host else {
            preconditionFailure("\(CollectionViewHost.self) has no data source to ask for the cell at \(indexPath)")
        }
        return host.configuredCell(at: indexPath, as: UICollectionViewCell.self)
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        guard let host else {
            preconditionFailure(
                "\(CollectionViewHost.self) has no data source to ask for the \(kind) view at \(indexPath)")
        }
        let supplementaryKind = CollectionViewHost.supplementaryKind(kind)
        guard let section = indexPath.first,
            let view = host.configuredSupplementaryView(
                ofKind: supplementaryKind, inSection: section, as: UICollectionReusableView.self)
        else {
            // UIKit does not accept nil.
            return collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: CollectionViewHost.emptyViewIdentifier, for: indexPath)
        }
        return view
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        host?.canMoveItem(at: indexPath) ?? false
    }

    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        host?.itemMoved(from: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: UICollectionViewDelegate

    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        host?.cellWillDisplay(cell, at: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        host?.cellDidEndDisplaying(cell, at: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {
        guard let section = indexPath.first else { return }
        host?.supplementaryViewWillDisplay(
            view, ofKind: CollectionViewHost.supplementaryKind(elementKind), inSection: section)
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        guard let section = indexPath.first else { return }
        host?.supplementaryViewDidEndDisplaying(
            view, ofKind: CollectionViewHost.supplementaryKind(elementKind), inSection: section)
    }

    func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint {
        host?.targetContentOffsetAfterBatch(proposed: proposedContentOffset) ?? proposedContentOffset
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        host?.itemSelected(at: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        host?.itemDeselected(at: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        host?.itemHighlighted(at: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        host?.itemUnhighlighted(at: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        host?.targetIndexPath(forMoveFrom: currentIndexPath, proposed: proposedIndexPath) ?? proposedIndexPath
    }

    // MARK: Focus

    func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool {
        host?.canFocusItem(at: indexPath) ?? false
    }

    func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    ) -> Bool {
        host?.shouldUpdateFocus(to: context.nextFocusedIndexPath) ?? true
    }

    func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {
        host?.focusDidUpdate(to: context.nextFocusedIndexPath)
    }

    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? {
        host?.preferredFocusIndexPath()
    }

    #if !os(tvOS)
    @available(iOS 15.0, *)
    func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool
    {
        host?.selectionFollowsFocus(at: indexPath) ?? false
    }
    #endif

    #if !os(tvOS)
    @available(iOS 13.0, *)
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        host?.contextMenuConfiguration(at: [indexPath])
    }

    /// Several items: the selected ones, when the press is on one of several selected.
    @available(iOS 16.0, *)
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        host?.contextMenuConfiguration(at: indexPaths)
    }
    #endif

    // MARK: UICollectionViewDelegateFlowLayout

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        guard let host, let path = ListIndexPath(indexPath) else { return .zero }
        return host.sizeForItem(at: path)
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        host?.sizeForSupplementaryView(ofKind: .header, inSection: section) ?? .zero
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        host?.sizeForSupplementaryView(ofKind: .footer, inSection: section) ?? .zero
    }

    // MARK: UICollectionViewDataSourcePrefetching

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        host?.prefetchItems(at: indexPaths)
    }

    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        host?.cancelPrefetchingItems(at: indexPaths)
    }

    // MARK: UIScrollViewDelegate

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        host?.scrolled(scrollView)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        host?.willBeginDragging(scrollView)
    }

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        host?.willEndDragging(scrollView, targetContentOffset: targetContentOffset)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        host?.didEndDragging(willDecelerate: decelerate)
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        host?.didEndDecelerating()
    }
}

#if !os(tvOS)
// MARK: - Drag and drop (several items dragged together and dropped at one place)

extension CollectionViewBridge: UICollectionViewDragDelegate, UICollectionViewDropDelegate {
    func collectionView(
        _ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath
    ) -> [UIDragItem] {
        host?.dragItems(beginning: session, at: indexPath) ?? []
    }

    func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [UIDragItem] {
        host?.dragItems(adding: session, at: indexPath) ?? []
    }

    func collectionView(
        _ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
    ) -> Bool {
        // Every drag from this list view is the host's (a reorder, or a transfer to another list of the app); its
        // items carry no data for another app.
        true
    }

    func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool {
        host?.canHandle(session) ?? false
    }

    func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal {
        switch host?.dropOperation(for: session, at: destinationIndexPath) {
        case .move: return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        case .copy: return UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        case nil: return UICollectionViewDropProposal(operation: .forbidden, intent: .unspecified)
        }
    }

    func collectionView(
        _ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator
    ) {
        guard let host else { return }
        for (dragItem, indexPath) in host.performDrop(coordinator.session, to: coordinator.destinationIndexPath) {
            coordinator.drop(dragItem, toItemAt: indexPath)
        }
    }
}
#endif
