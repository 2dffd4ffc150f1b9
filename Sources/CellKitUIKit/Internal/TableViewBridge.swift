#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

/// The object a ``TableViewHost`` gives its table view as data source, delegate and prefetch data source:
/// it answers UIKit from the host's counts and the host's data source, and turns UIKit's calls into host
/// events named by identity. (Each UIKit method is implemented here, in the class, so the Objective-C
/// runtime finds it.)
@MainActor
final class TableViewBridge: NSObject, UITableViewDataSource, UITableViewDelegate, UITableViewDataSourcePrefetching {
    weak var host: TableViewHost?

    // MARK: UITableViewDataSource

    func numberOfSections(in tableView: UITableView) -> Int {
        host?.knownCounts().count ?? 0
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let counts = host?.knownCounts(), counts.indices.contains(section) else { return 0 }
        return counts[section]
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let host else {
            preconditionFailure("\(TableViewHost.self) has no data source to ask for the cell at \(indexPath)")
        }
        return host.configuredCell(at: indexPath, as: UITableViewCell.self)
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        host?.canMoveItem(at: indexPath) ?? false
    }

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        host?.itemMoved(from: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: UITableViewDelegate: views and heights

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        host?.configuredSupplementaryView(ofKind: .header, inSection: section, as: UIView.self)
    }

    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
        host?.configuredSupplementaryView(ofKind: .footer, inSection: section, as: UIView.self)
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard let host, let path = ListIndexPath(indexPath) else { return tableView.rowHeight }
        return host.heightForRow(at: path)
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        host?.heightOfSupplementaryView(ofKind: .header, inSection: section) ?? 0
    }

    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        host?.heightOfSupplementaryView(ofKind: .footer, inSection: section) ?? 0
    }

    // MARK: UITableViewDelegate: display

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        host?.cellWillDisplay(cell, at: indexPath)
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        host?.cellDidEndDisplaying(cell, at: indexPath)
    }

    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
        host?.supplementaryViewWillDisplay(view, ofKind: .header, inSection: section)
    }

    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {
        host?.supplementaryViewWillDisplay(view, ofKind: .footer, inSection: section)
    }

    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {
        host?.supplementaryViewDidEndDisplaying(view, ofKind: .header, inSection: section)
    }

    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {
        host?.supplementaryViewDidEndDisplaying(view, ofKind: .footer, inSection: section)
    }

    // MARK: UITableViewDelegate: selection, highlight, swipe, move

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        host?.itemSelected(at: indexPath)
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        host?.itemDeselected(at: indexPath)
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        host?.itemHighlighted(at: indexPath)
    }

    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        host?.itemUnhighlighted(at: indexPath)
    }

    // MARK: Focus

    func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool {
        host?.canFocusItem(at: indexPath) ?? false
    }

    func tableView(_ tableView: UITableView, shouldUpdateFocusIn context: UITableViewFocusUpdateContext) -> Bool {
        host?.shouldUpdateFocus(to: context.nextFocusedIndexPath) ?? true
    }

    func tableView(
        _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {
        host?.focusDidUpdate(to: context.nextFocusedIndexPath)
    }

    func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? {
        host?.preferredFocusIndexPath()
    }

    #if !os(tvOS)
    @available(iOS 15.0, *)
    func tableView(_ tableView: UITableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool {
        host?.selectionFollowsFocus(at: indexPath) ?? false
    }
    #endif

    #if !os(tvOS)
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    {
        host?.swipeActionsConfiguration(at: indexPath, edge: .leading)
    }

    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    {
        host?.swipeActionsConfiguration(at: indexPath, edge: .trailing)
    }

    @available(iOS 13.0, *)
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint)
        -> UIContextMenuConfiguration?
    {
        host?.contextMenuConfiguration(at: [indexPath])
    }
    #endif

    func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        host?.targetIndexPath(forMoveFrom: sourceIndexPath, proposed: proposedDestinationIndexPath)
            ?? proposedDestinationIndexPath
    }

    // MARK: UITableViewDataSourcePrefetching

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        host?.prefetchItems(at: indexPaths)
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
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
// MARK: - Drag and drop (several rows dragged together and dropped at one place)

extension TableViewBridge: UITableViewDragDelegate, UITableViewDropDelegate {
    func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath)
        -> [UIDragItem]
    {
        host?.dragItems(beginning: session, at: indexPath) ?? []
    }

    func tableView(
        _ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [UIDragItem] {
        host?.dragItems(adding: session, at: indexPath) ?? []
    }

    func tableView(_ tableView: UITableView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession)
        -> Bool
    {
        // Every drag from this list view is the host's (a reorder, or a transfer to another list of the app); its
        // items carry no data for another app.
        true
    }

    func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool {
        host?.canHandle(session) ?? false
    }

    func tableView(
        _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UITableViewDropProposal {
        switch host?.dropOperation(for: session, at: destinationIndexPath) {
        case .move: return UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        case .copy: return UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        case nil: return UITableViewDropProposal(operation: .forbidden, intent: .unspecified)
        }
    }

    func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator) {
        guard let host else { return }
        for (dragItem, indexPath) in host.performDrop(coordinator.session, to: coordinator.destinationIndexPath) {
            coordinator.drop(dragItem, toRowAt: indexPath)
        }
    }
}
#endif
