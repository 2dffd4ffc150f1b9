#if !canImport(UIKit)
import DiffableStore
import Foundation

extension UITableViewCell: StandInReusableView {}
extension UITableViewHeaderFooterView: StandInReusableView {}

/// The stand-in `UITableView`'s side of its engine: its data source, its delegate (which gives heights and
/// header and footer views), its prefetch data source, views made with `init(style:reuseIdentifier:)`
/// and `init(reuseIdentifier:)`, and its drag and drop delegates.
extension UITableView: ListViewBackend {
    /// The height the stand-in gives a row of ``automaticDimension`` height: it does not self-size.
    static let _automaticRowHeight: CGFloat = 44

    var _names: ListViewNames {
        ListViewNames(
            cellForItem: "-tableView:cellForRowAtIndexPath:",
            supplementary: "-tableView:viewForHeaderInSection: / -tableView:viewForFooterInSection:",
            reconfigure: "reconfigureRows", item: "row", requiresDequeuedViews: false)
    }

    var _hasDataSource: Bool { dataSource != nil }

    /// A plain table view's headers and footers float: https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/plain
    /// ("Any section headers or footers are displayed as inline separators and float when the table view
    /// is scrolled"): a header stays at the top of the viewport while its section is in view, a footer at the
    /// bottom. A grouped table's scroll with their sections.
    func _pins(_ edge: SupplementaryEdge, section: Int) -> Bool { _style == .plain }
    var _hasPrefetchDataSource: Bool { prefetchDataSource != nil }
    var _scrollDelegate: (any UIScrollViewDelegate)? { delegate }

    func _countsFromDataSource() -> [Int]? {
        guard let dataSource else { return nil }
        let sections = dataSource.numberOfSections(in: self)
        return (0..<max(0, sections)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    }

    func _cellFromDataSource(at indexPath: IndexPath) -> (any StandInReusableView)? {
        dataSource?.tableView(self, cellForRowAt: indexPath)
    }

    func _supplementaryFromDataSource(_ edge: SupplementaryEdge, section: Int) -> UIView? {
        switch edge {
        case .header: delegate?.tableView(self, viewForHeaderInSection: section)
        case .footer: delegate?.tableView(self, viewForFooterInSection: section)
        }
    }

    /// The delegate's height, or `rowHeight`; ``automaticDimension`` is laid out at
    /// ``_automaticRowHeight``.
    func _prepareLayout(counts: [Int]) {}

    func _heightOfItem(at indexPath: IndexPath) -> LayoutHeight {
        let height = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return .exact(height == Self.automaticDimension ? Self._automaticRowHeight : height)
    }

    func _height(of edge: SupplementaryEdge, section: Int) -> LayoutHeight? {
        guard let delegate else { return nil }
        switch edge {
        case .header: return .exact(delegate.tableView(self, heightForHeaderInSection: section))
        case .footer: return .exact(delegate.tableView(self, heightForFooterInSection: section))
        }
    }

    /// A table view has no hook: it keeps the offset.
    func _targetContentOffsetAfterUpdates(proposed: CGPoint) -> CGPoint? { nil }

    /// Not reached: the stand-in's table view estimates no height.
    func _preferredHeight(of view: UIView, width: CGFloat, estimate: CGFloat) -> CGFloat { estimate }

    func _willDisplayCell(_ cell: UIView, at indexPath: IndexPath) {
        guard let cell = cell as? UITableViewCell else { return }
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    func _didEndDisplayingCell(_ cell: UIView, at indexPath: IndexPath) {
        guard let cell = cell as? UITableViewCell else { return }
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    func _willDisplay(_ view: UIView, _ edge: SupplementaryEdge, section: Int) {
        switch edge {
        case .header: delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        case .footer: delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    func _didEndDisplaying(_ view: UIView, _ edge: SupplementaryEdge, section: Int) {
        switch edge {
        case .header: delegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        case .footer: delegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
    }

    func _didHighlight(_ indexPath: IndexPath) { delegate?.tableView(self, didHighlightRowAt: indexPath) }
    func _didUnhighlight(_ indexPath: IndexPath) { delegate?.tableView(self, didUnhighlightRowAt: indexPath) }
    func _didSelect(_ indexPath: IndexPath) { delegate?.tableView(self, didSelectRowAt: indexPath) }
    func _didDeselect(_ indexPath: IndexPath) { delegate?.tableView(self, didDeselectRowAt: indexPath) }
    func _prefetch(_ indexPaths: [IndexPath]) { prefetchDataSource?.tableView(self, prefetchRowsAt: indexPaths) }
    func _cancelPrefetching(_ indexPaths: [IndexPath]) {
        prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: indexPaths)
    }

    func _canFocusItem(at indexPath: IndexPath) -> Bool {
        delegate?.tableView(self, canFocusRowAt: indexPath) ?? allowsFocus
    }
    func _shouldUpdateFocus(from previous: IndexPath?, to next: IndexPath?) -> Bool {
        let context = UITableViewFocusUpdateContext(previouslyFocusedIndexPath: previous, nextFocusedIndexPath: next)
        return delegate?.tableView(self, shouldUpdateFocusIn: context) ?? true
    }
    func _didUpdateFocus(from previous: IndexPath?, to next: IndexPath?) {
        let context = UITableViewFocusUpdateContext(previouslyFocusedIndexPath: previous, nextFocusedIndexPath: next)
        delegate?.tableView(self, didUpdateFocusIn: context, with: UIFocusAnimationCoordinator())
    }
    func _preferredFocusIndexPath() -> IndexPath? { delegate?.indexPathForPreferredFocusedView(in: self) }
    func _selectionFollowsFocus(at indexPath: IndexPath) -> Bool {
        delegate?.tableView(self, selectionFollowsFocusForRowAt: indexPath) ?? true
    }

    /// A row shows a reorder control only in editing mode, when the data source lets it move.
    func _canMoveItem(at indexPath: IndexPath) -> Bool {
        _engine.isEditing && dataSource?.tableView(self, canMoveRowAt: indexPath) == true
    }

    func _targetForMove(from source: IndexPath, proposed: IndexPath) -> IndexPath {
        delegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed) ?? proposed
    }

    func _moveItemInDataSource(from source: IndexPath, to destination: IndexPath) {
        dataSource?.tableView(self, moveRowAt: source, to: destination)
    }

    /// `init(style: .default, reuseIdentifier:)` for cells, `init(reuseIdentifier:)` for header and
    /// footer views, as UIKit makes registered classes.
    func _makeView(of viewClass: AnyClass, reuseIdentifier: String, isCell: Bool) -> (any StandInReusableView)? {
        if isCell {
            return (viewClass as? UITableViewCell.Type)?.init(style: .default, reuseIdentifier: reuseIdentifier)
        }
        return (viewClass as? UITableViewHeaderFooterView.Type)?.init(reuseIdentifier: reuseIdentifier)
    }

    func _registrationKind(of edge: SupplementaryEdge) -> String {
        Self._headerFooterKind
    }
}

extension UITableView: SimulationBackend {
    func _dragItems(_ session: _DragSession, at source: IndexPath, isFirst: Bool) -> [UIDragItem]? {
        guard let dragDelegate else { return nil }
        return isFirst
            ? dragDelegate.tableView(self, itemsForBeginning: session, at: source)
            : dragDelegate.tableView(self, itemsForAddingTo: session, at: source, point: .zero)
    }

    func _isRestrictedToDraggingApplication(_ session: _DragSession) -> Bool {
        dragDelegate?.tableView(self, dragSessionIsRestrictedToDraggingApplication: session) ?? false
    }

    func _canHandleDrop(_ session: _DragSession) -> Bool {
        dropDelegate?.tableView(self, canHandle: session) ?? false
    }

    func _dropProposal(_ session: _DragSession, at destination: IndexPath?) -> UITableViewDropProposal {
        dropDelegate?.tableView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
            ?? UITableViewDropProposal(operation: .cancel, intent: .unspecified)
    }

    func _performDrop(
        _ items: [_DropItem], at destination: IndexPath?, proposal: UITableViewDropProposal, session: _DragSession
    ) -> [IndexPath] {
        let coordinator = _TableDropCoordinator(
            items: items, destinationIndexPath: destination, proposal: proposal, session: session)
        dropDelegate?.tableView(self, performDropWith: coordinator)
        return coordinator.placed
    }
}
#endif
