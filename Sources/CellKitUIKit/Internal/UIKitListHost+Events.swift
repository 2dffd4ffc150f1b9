#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// What the bridges do with UIKit's data source, delegate and prefetching calls, for both hosts: views
// asked of the data source and remembered with the identity they show, and UIKit's reports turned into
// host events named by identity.

extension UIKitListHost {
    // MARK: Views

    /// The configured cell the data source gives for an index path UIKit asks about, remembered with the
    /// item it shows (a cell that ends display later names that item).
    func configuredCell<Cell: AnyObject>(at indexPath: IndexPath, as cellType: Cell.Type) -> Cell {
        guard let dataSource, let path = ListIndexPath(indexPath) else {
            preconditionFailure("\(Self.self) has no data source to ask for the cell at \(indexPath)")
        }
        // The state the cell is configured with: its own when it is on screen (configured again in place),
        // else the list view's selection (UIKit sets the new cell's state after this).
        defer { state.stateUpdate = nil }
        let configured = configuredView(for: .cell(path)) {
            let cell = dequeueCellInListView(withReuseIdentifier: $0.reuseIdentifier, for: indexPath)
            state.stateUpdate = (path, stateForConfiguring(cell, at: path))
            return cell
        }
        guard let object = configured else {
            preconditionFailure("\(Self.self) got no cell from the data source for \(path)")
        }
        guard let cell = object as? Cell else {
            preconditionFailure(
                "\(Self.self) shows \(Cell.self) subclasses; the data source gave a \(type(of: object)) for \(path)")
        }
        state.shownItems[ObjectIdentifier(cell)] = dataSource.itemIdentifier(at: path, in: self)
        if let update = state.stateUpdate { state.configuredStates[ObjectIdentifier(cell)] = update.state }
        watchConfigurationState(of: cell)
        if let view = cell as? UIView {
            attach(to: view, at: path)
            describe(view, at: path)
        }
        return cell
    }

    /// The configured header or footer (or other section-wide view) the data source gives for a section,
    /// remembered with the section it shows; `nil` when it has none of that kind.
    func configuredSupplementaryView<View: AnyObject>(
        ofKind kind: SupplementaryKind, inSection section: Int,
        as viewType: View.Type
    ) -> View? {
        let path = ListIndexPath(item: 0, section: section)
        guard let dataSource else {
            preconditionFailure("\(Self.self) has no data source to ask for the \(kind) view at \(path)")
        }
        let configured = configuredView(for: .supplementary(kind, path)) {
            dequeueSupplementaryViewInListView(
                ofKind: kind, withReuseIdentifier: $0.reuseIdentifier, for: path.indexPath)
        }
        guard let object = configured else { return nil }
        guard let view = object as? View else {
            preconditionFailure(
                "\(Self.self) shows \(View.self) subclasses; the data source gave a \(type(of: object)) for \(kind) \(path)"
            )
        }
        state.shownSections[ObjectIdentifier(view)] = dataSource.sectionIdentifier(at: section, in: self)
        return view
    }

    // MARK: Display

    /// A cell will show: the item it was configured with is displayed (and no longer waits as prefetched).
    func cellWillDisplay(_ cell: AnyObject, at indexPath: IndexPath) {
        guard let path = ListIndexPath(indexPath), let item = state.shownItems[ObjectIdentifier(cell)] else { return }
        state.prefetched.remove(item)
        report(.willDisplay(item, at: path))
        attachmentsWillDisplay(with: cell, item: item, at: path)
    }

    /// A cell stopped showing: it names the item it was configured with, even after the batch that
    /// deleted it.
    func cellDidEndDisplaying(_ cell: AnyObject, at indexPath: IndexPath) {
        guard let path = ListIndexPath(indexPath),
            let item = state.shownItems.removeValue(forKey: ObjectIdentifier(cell))
        else { return }
        report(.didEndDisplaying(item, at: path))
        accessibilityCursorLeaves(cell, at: path)
        attachmentsDidEndDisplaying(with: cell, item: item, at: path)
    }

    func supplementaryViewWillDisplay(_ view: AnyObject, ofKind kind: SupplementaryKind, inSection section: Int) {
        guard let identifier = state.shownSections[ObjectIdentifier(view)] else { return }
        report(.willDisplaySupplementaryView(kind, section: identifier, at: ListIndexPath(item: 0, section: section)))
    }

    func supplementaryViewDidEndDisplaying(_ view: AnyObject, ofKind kind: SupplementaryKind, inSection section: Int) {
        guard let identifier = state.shownSections.removeValue(forKey: ObjectIdentifier(view)) else { return }
        report(
            .didEndDisplayingSupplementaryView(kind, section: identifier, at: ListIndexPath(item: 0, section: section)))
    }

    // MARK: Selection and highlight

    func itemSelected(at indexPath: IndexPath) {
        reportItem(at: indexPath) { .didSelect($0, at: $1) }
        noteSelection()
    }

    func itemDeselected(at indexPath: IndexPath) {
        reportItem(at: indexPath) { .didDeselect($0, at: $1) }
        noteSelection()
    }

    /// The items the list view has selected, named by the data source now.
    func selectedItemsInListView() -> [(item: AnyHashable, indexPath: ListIndexPath)] {
        guard let dataSource else { return [] }
        return selectedIndexPathsInListView.compactMap { indexPath in
            guard let path = ListIndexPath(indexPath), let item = dataSource.itemIdentifier(at: path, in: self)
            else { return nil }
            return (item, path)
        }
    }

    /// Remembers the items the list view has selected, as the data source names them now.
    func noteSelection() {
        state.selected = selectedItemsInListView()
    }

    func itemHighlighted(at indexPath: IndexPath) {
        guard let path = ListIndexPath(indexPath), let item = dataSource?.itemIdentifier(at: path, in: self) else {
            return
        }
        state.highlighted = (item, path)
        report(.didHighlight(item, at: path))
    }

    /// The highlight ends: it names the item highlighted, as it was named then.
    func itemUnhighlighted(at indexPath: IndexPath) {
        guard let path = ListIndexPath(indexPath) else { return }
        let item: AnyHashable?
        if let highlighted = state.highlighted, highlighted.indexPath == path {
            item = highlighted.item
            state.highlighted = nil
        } else {
            item = dataSource?.itemIdentifier(at: path, in: self)
        }
        guard let item else { return }
        report(.didUnhighlight(item, at: path))
    }

    /// Reports an event about the item at an index path of the current state.
    private func reportItem(at indexPath: IndexPath, _ event: (AnyHashable, ListIndexPath) -> ListHostEvent) {
        guard let path = ListIndexPath(indexPath), let item = dataSource?.itemIdentifier(at: path, in: self) else {
            return
        }
        report(event(item, path))
    }

    // MARK: Interactive moves

    /// Whether the user may pick an item up; picking it up starts the move at its own place.
    func canMoveItem(at indexPath: IndexPath) -> Bool {
        guard let dataSource = dataSource as? any ListHostReordering, let path = ListIndexPath(indexPath) else {
            return false
        }
        let allowed = dataSource.canMoveItem(at: path, in: self)
        state.allowedMoveTarget = allowed ? path : nil
        return allowed
    }

    /// Where the moved item may go for a proposal: the data source's answer, or, on a veto, the last place
    /// it allowed (the item's own place at first).
    func targetIndexPath(forMoveFrom source: IndexPath, proposed: IndexPath) -> IndexPath {
        guard let dataSource = dataSource as? any ListHostReordering, let from = ListIndexPath(source),
            let to = ListIndexPath(proposed)
        else {
            return proposed
        }
        if let allowed = dataSource.targetIndexPath(forMoveFrom: from, to: to, in: self) {
            state.allowedMoveTarget = allowed
            return allowed.indexPath
        }
        return (state.allowedMoveTarget ?? from).indexPath
    }

    /// UIKit moved the item's cell where the user dropped it.
    func itemMoved(from source: IndexPath, to destination: IndexPath) {
        guard let from = ListIndexPath(source), let to = ListIndexPath(destination) else { return }
        didMoveItem(from: from, to: to)
    }

    // MARK: Prefetching

    /// Items UIKit expects to show soon; each is reported once until it shows or is cancelled.
    func prefetchItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        var items: [AnyHashable] = []
        var paths: [ListIndexPath] = []
        for indexPath in indexPaths {
            guard let path = ListIndexPath(indexPath), let item = dataSource.itemIdentifier(at: path, in: self),
                state.prefetched.insert(item).inserted
            else { continue }
            items.append(item)
            paths.append(path)
        }
        guard !items.isEmpty else { return }
        report(.prefetch(items: items, at: paths))
    }

    /// Prefetched items UIKit no longer expects to show.
    func cancelPrefetchingItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        var items: [AnyHashable] = []
        var paths: [ListIndexPath] = []
        for indexPath in indexPaths {
            guard let path = ListIndexPath(indexPath), let item = dataSource.itemIdentifier(at: path, in: self),
                state.prefetched.remove(item) != nil
            else { continue }
            items.append(item)
            paths.append(path)
        }
        guard !items.isEmpty else { return }
        report(.cancelPrefetching(items: items, at: paths))
    }

    // MARK: Scrolling and dragging

    func scrolled(_ scrollView: UIScrollView) {
        let line = Self.line(scrollView.contentOffset.y)
        guard line != state.reportedLine else { return }
        state.reportedLine = line
        report(.didScroll(contentOffset: line))
    }

    func willBeginDragging(_ scrollView: UIScrollView) {
        report(.willBeginDragging(contentOffset: Self.line(scrollView.contentOffset.y)))
    }

    /// The finger lifts: the delegate hears where the content would come to rest, then picks where it does.
    func willEndDragging(_ scrollView: UIScrollView, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let proposed = Self.line(targetContentOffset.pointee.y)
        let coast = proposed - Self.line(scrollView.contentOffset.y)
        report(.willEndDragging(velocity: coast, proposedContentOffset: proposed))
        // The delegate hears the event before it is asked where to come to rest.
        deliverQueuedEvents()
        guard let delegate else { return }
        let chosen = delegate.host(self, targetContentOffsetForDragEndingAt: proposed, velocity: coast)
        let maximum = max(0, scrollView.contentSize.height - scrollView.bounds.height)
        targetContentOffset.pointee.y = min(max(0, CGFloat(chosen)), maximum)
    }

    func didEndDragging(willDecelerate decelerate: Bool) {
        report(.didEndDragging(willDecelerate: decelerate))
    }

    func didEndDecelerating() {
        report(.didEndDecelerating)
    }

    /// A content offset as the line number events carry: whole points, rounded down.
    static func line(_ offset: CGFloat) -> Int {
        Int(offset.rounded(.down))
    }
}
