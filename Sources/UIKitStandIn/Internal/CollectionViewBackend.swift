#if !canImport(UIKit)
import DiffableStore
import Foundation

extension UICollectionReusableView: StandInReusableView {}

/// The stand-in `UICollectionView`'s side of its engine: its data source, its flow layout delegate, its
/// prefetch data source, views made with `init(frame:)`, and its drag and drop delegates.
extension UICollectionView: ListViewBackend {
    var _names: ListViewNames {
        ListViewNames(
            cellForItem: "-collectionView:cellForItemAtIndexPath:",
            supplementary: "-collectionView:viewForSupplementaryElementOfKind:atIndexPath:",
            reconfigure: "reconfigureItems", item: "item", requiresDequeuedViews: true)
    }

    var _hasDataSource: Bool { dataSource != nil }
    var _hasPrefetchDataSource: Bool { prefetchDataSource != nil }
    var _scrollDelegate: (any UIScrollViewDelegate)? { delegate }

    func _targetContentOffsetAfterUpdates(proposed: CGPoint) -> CGPoint? {
        delegate?.collectionView(self, targetContentOffsetForProposedContentOffset: proposed)
    }

    private var flowDelegate: (any UICollectionViewDelegateFlowLayout)? {
        delegate as? UICollectionViewDelegateFlowLayout
    }

    func _countsFromDataSource() -> [Int]? {
        guard let dataSource else { return nil }
        let sections = dataSource.numberOfSections(in: self)
        return (0..<max(0, sections)).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
    }

    func _cellFromDataSource(at indexPath: IndexPath) -> (any StandInReusableView)? {
        dataSource?.collectionView(self, cellForItemAt: indexPath)
    }

    func _supplementaryFromDataSource(_ edge: SupplementaryEdge, section: Int) -> UIView? {
        dataSource?.collectionView(
            self, viewForSupplementaryElementOfKind: _registrationKind(of: edge), at: IndexPath(indexes: [section, 0]))
    }

    /// A compositional layout's sections, asked for once per layout pass; the flow layout (any other
    /// layout) asks its delegate for sizes instead.
    func _prepareLayout(counts: [Int]) {
        _resolvedSections = (collectionViewLayout as? UICollectionViewCompositionalLayout).map {
            ResolvedSections($0, counts: counts, size: frame.size)
        }
    }

    private func resolved(_ section: Int) -> ResolvedSections.Section? {
        guard let sections = _resolvedSections?.sections, sections.indices.contains(section) else { return nil }
        return sections[section]
    }

    /// Where the compositional layout places an item; a full-width row of ``_heightOfItem(at:)`` in
    /// any other layout.
    func _placementOfItem(at indexPath: IndexPath) -> ItemPlacement {
        guard _resolvedSections != nil else { return ItemPlacement(height: _heightOfItem(at: indexPath)) }
        guard let items = resolved(indexPath[0])?.items, items.indices.contains(indexPath[1]) else {
            return ItemPlacement(height: .exact(0))
        }
        return items[indexPath[1]]
    }

    /// Whether the compositional layout pins the section's boundary item of the edge's kind
    /// (`pinToVisibleBounds`).
    func _pins(_ edge: SupplementaryEdge, section: Int) -> Bool {
        guard let resolved = resolved(section) else { return false }
        return edge == .header ? resolved.pinsHeader : resolved.pinsFooter
    }

    /// Whether the compositional layout's section scrolls orthogonally (`orthogonalScrollingBehavior`).
    func _scrollsOrthogonally(section: Int) -> Bool {
        resolved(section)?.scrollsOrthogonally ?? false
    }

    /// The compositional layout's `contentInsets` of a section; none in any other layout.
    func _contentInsets(ofSection section: Int) -> NSDirectionalEdgeInsets {
        resolved(section)?.contentInsets ?? NSDirectionalEdgeInsets()
    }

    /// The compositional layout's background decoration items of a section; none in any other layout.
    func _decorations(ofSection section: Int) -> [(kind: String, insets: NSDirectionalEdgeInsets)] {
        resolved(section)?.decorations ?? []
    }

    /// A view of the class the layout registered for decoration views of the kind, made with
    /// `init(frame:)`; `nil` when it registered none (UIKit raises an exception then).
    func _makeDecorationView(ofKind kind: String) -> UICollectionReusableView? {
        (collectionViewLayout._decorationClasses[kind] as? UICollectionReusableView.Type)?.init(frame: .zero)
    }

    /// Calls the section's `visibleItemsInvalidationHandler`, if it has one.
    func _willDisplayItems(ofSection section: Int, _ items: [(IndexPath, CGRect)], offset: CGPoint) {
        guard let handler = resolved(section)?.visibleItemsHandler, let environment = _resolvedSections?.environment
        else { return }
        handler(items.map { VisibleLayoutItem(indexPath: $0.0, frame: $0.1) }, offset, environment)
    }

    /// The compositional layout's height, the flow layout delegate's size, or the layout's `itemSize`.
    func _heightOfItem(at indexPath: IndexPath) -> LayoutHeight {
        if _resolvedSections != nil { return _placementOfItem(at: indexPath).height }
        if let flowDelegate {
            return .exact(
                flowDelegate.collectionView(self, layout: collectionViewLayout, sizeForItemAt: indexPath).height)
        }
        return .exact((collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize.height ?? 0)
    }

    /// The compositional layout's boundary item of the edge's kind, or the flow layout delegate's size.
    func _height(of edge: SupplementaryEdge, section: Int) -> LayoutHeight? {
        if _resolvedSections != nil {
            return edge == .header ? resolved(section)?.header : resolved(section)?.footer
        }
        guard let flowDelegate else { return nil }
        switch edge {
        case .header:
            return .exact(
                flowDelegate.collectionView(
                    self, layout: collectionViewLayout, referenceSizeForHeaderInSection: section
                ).height)
        case .footer:
            return .exact(
                flowDelegate.collectionView(
                    self, layout: collectionViewLayout, referenceSizeForFooterInSection: section
                ).height)
        }
    }

    /// `preferredLayoutAttributesFitting(_:)` of a view shown at an estimated height, laid out at it first
    /// (as UIKit applies a view's layout attributes before it asks): a view that does not say its size
    /// keeps the estimate.
    func _preferredHeight(of view: UIView, width: CGFloat, estimate: CGFloat) -> CGFloat {
        guard let view = view as? UICollectionReusableView else { return estimate }
        let attributes = UICollectionViewLayoutAttributes()
        attributes.frame = CGRect(x: 0, y: 0, width: width, height: estimate)
        view.frame.size = attributes.frame.size
        let height = view.preferredLayoutAttributesFitting(attributes).frame.height
        view.frame.size.height = height
        return height
    }

    /// The list configuration of a section of a list layout, where its swipe action providers are.
    func _listConfiguration(inSection section: Int) -> UICollectionLayoutListConfiguration? {
        layoutIfNeeded()
        return resolved(section)?.listConfiguration
    }

    func _willDisplayCell(_ cell: UIView, at indexPath: IndexPath) {
        guard let cell = cell as? UICollectionViewCell else { return }
        delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
    }

    func _didEndDisplayingCell(_ cell: UIView, at indexPath: IndexPath) {
        guard let cell = cell as? UICollectionViewCell else { return }
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    func _willDisplay(_ view: UIView, _ edge: SupplementaryEdge, section: Int) {
        guard let view = view as? UICollectionReusableView else { return }
        delegate?.collectionView(
            self, willDisplaySupplementaryView: view, forElementKind: _registrationKind(of: edge),
            at: IndexPath(indexes: [section, 0]))
    }

    func _didEndDisplaying(_ view: UIView, _ edge: SupplementaryEdge, section: Int) {
        guard let view = view as? UICollectionReusableView else { return }
        delegate?.collectionView(
            self, didEndDisplayingSupplementaryView: view, forElementOfKind: _registrationKind(of: edge),
            at: IndexPath(indexes: [section, 0]))
    }

    func _didHighlight(_ indexPath: IndexPath) { delegate?.collectionView(self, didHighlightItemAt: indexPath) }
    func _didUnhighlight(_ indexPath: IndexPath) { delegate?.collectionView(self, didUnhighlightItemAt: indexPath) }
    func _didSelect(_ indexPath: IndexPath) { delegate?.collectionView(self, didSelectItemAt: indexPath) }
    func _didDeselect(_ indexPath: IndexPath) { delegate?.collectionView(self, didDeselectItemAt: indexPath) }
    func _prefetch(_ indexPaths: [IndexPath]) { prefetchDataSource?.collectionView(self, prefetchItemsAt: indexPaths) }
    func _cancelPrefetching(_ indexPaths: [IndexPath]) {
        prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: indexPaths)
    }

    func _canFocusItem(at indexPath: IndexPath) -> Bool {
        delegate?.collectionView(self, canFocusItemAt: indexPath) ?? allowsFocus
    }
    func _shouldUpdateFocus(from previous: IndexPath?, to next: IndexPath?) -> Bool {
        let context = UICollectionViewFocusUpdateContext(
            previouslyFocusedIndexPath: previous, nextFocusedIndexPath: next)
        return delegate?.collectionView(self, shouldUpdateFocusIn: context) ?? true
    }
    func _didUpdateFocus(from previous: IndexPath?, to next: IndexPath?) {
        let context = UICollectionViewFocusUpdateContext(
            previouslyFocusedIndexPath: previous, nextFocusedIndexPath: next)
        delegate?.collectionView(self, didUpdateFocusIn: context, with: UIFocusAnimationCoordinator())
    }
    func _preferredFocusIndexPath() -> IndexPath? { delegate?.indexPathForPreferredFocusedView(in: self) }
    func _selectionFollowsFocus(at indexPath: IndexPath) -> Bool {
        delegate?.collectionView(self, selectionFollowsFocusForItemAt: indexPath) ?? true
    }
    func _canMoveItem(at indexPath: IndexPath) -> Bool {
        dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false
    }

    func _targetForMove(from source: IndexPath, proposed: IndexPath) -> IndexPath {
        delegate?.collectionView(self, targetIndexPathForMoveFromItemAt: source, toProposedIndexPath: proposed)
            ?? proposed
    }

    func _moveItemInDataSource(from source: IndexPath, to destination: IndexPath) {
        dataSource?.collectionView(self, moveItemAt: source, to: destination)
    }

    /// `init(frame:)`, as UIKit makes a registered class; cells must be `UICollectionViewCell`s.
    func _makeView(of viewClass: AnyClass, reuseIdentifier: String, isCell: Bool) -> (any StandInReusableView)? {
        if isCell {
            return (viewClass as? UICollectionViewCell.Type)?.init(frame: .zero)
        }
        return (viewClass as? UICollectionReusableView.Type)?.init(frame: .zero)
    }

    func _registrationKind(of edge: SupplementaryEdge) -> String {
        edge == .header ? Self.elementKindSectionHeader : Self.elementKindSectionFooter
    }
}

extension UICollectionView: SimulationBackend {
    func _dragItems(_ session: _DragSession, at source: IndexPath, isFirst: Bool) -> [UIDragItem]? {
        guard let dragDelegate else { return nil }
        return isFirst
            ? dragDelegate.collectionView(self, itemsForBeginning: session, at: source)
            : dragDelegate.collectionView(self, itemsForAddingTo: session, at: source, point: .zero)
    }

    func _isRestrictedToDraggingApplication(_ session: _DragSession) -> Bool {
        dragDelegate?.collectionView(self, dragSessionIsRestrictedToDraggingApplication: session) ?? false
    }

    func _canHandleDrop(_ session: _DragSession) -> Bool {
        dropDelegate?.collectionView(self, canHandle: session) ?? false
    }

    func _dropProposal(_ session: _DragSession, at destination: IndexPath?) -> UICollectionViewDropProposal {
        dropDelegate?.collectionView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
            ?? UICollectionViewDropProposal(operation: .cancel, intent: .unspecified)
    }

    func _performDrop(
        _ items: [_DropItem], at destination: IndexPath?, proposal: UICollectionViewDropProposal,
        session: _DragSession
    ) -> [IndexPath] {
        let coordinator = _CollectionDropCoordinator(
            items: items, destinationIndexPath: destination, proposal: proposal, session: session)
        dropDelegate?.collectionView(self, performDropWith: coordinator)
        return coordinator.placed
    }
}
#endif
