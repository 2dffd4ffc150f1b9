#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

/// The object a ``CollectionViewHost`` gives its collection view as data source, delegate and prefetch
/// data source: it answers UIKit from the host's counts and the host's data source, and turns UIKit's
/// calls into host events named by identity.
@MainActor
final class CollectionViewBridge: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout,
    UICollectionViewDataSourcePrefetching {
    weak var host: CollectionViewHost?

    // MARK: UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        host?.knownCounts().count ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        guard let counts = host?.knownCounts(), counts.indices.contains(section) else { return 0 }
        return counts[section]
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let host, let dataSource = host.dataSource, let path = ListIndexPath(indexPath) else {
            preconditionFailure("CollectionViewHost has no data source to ask for the cell at \(indexPath)")
        }
        let object = dataSource.cell(at: path, in: host)
        guard let cell = object as? UICollectionViewCell else {
            preconditionFailure("CollectionViewHost shows UICollectionViewCell subclasses; the data source gave a \(type(of: object)) for \(path)")
        }
        host.shownItems[ObjectIdentifier(cell)] = dataSource.itemIdentifier(at: path, in: host)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        guard let host, let dataSource = host.dataSource, let path = ListIndexPath(indexPath) else {
            preconditionFailure("CollectionViewHost has no data source to ask for the \(kind) view at \(indexPath)")
        }
        let supplementaryKind = CollectionViewHost.supplementaryKind(kind)
        guard let object = dataSource.supplementaryView(ofKind: supplementaryKind, at: path, in: host) else {
            return collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: CollectionViewHost.emptyViewIdentifier, for: indexPath)
        }
        guard let view = object as? UICollectionReusableView else {
            preconditionFailure("CollectionViewHost shows UICollectionReusableView subclasses; the data source gave a \(type(of: object)) for \(supplementaryKind) \(path)")
        }
        host.shownSections[ObjectIdentifier(view)] = dataSource.sectionIdentifier(at: path.section, in: host)
        return view
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let host, let dataSource = host.dataSource, let path = ListIndexPath(indexPath) else { return false }
        let allowed = dataSource.canMoveItem(at: path, in: host)
        host.allowedMoveTarget = allowed ? path : nil
        return allowed
    }

    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let host, let source = ListIndexPath(sourceIndexPath), let destination = ListIndexPath(destinationIndexPath) else { return }
        host.didMoveItem(from: source, to: destination)
    }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath), let item = host.shownItems[ObjectIdentifier(cell)] else { return }
        host.prefetched.remove(item)
        host.report(.willDisplay(item, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath),
              let item = host.shownItems.removeValue(forKey: ObjectIdentifier(cell)) else { return }
        host.report(.didEndDisplaying(item, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath), let section = host.shownSections[ObjectIdentifier(view)] else { return }
        let kind = CollectionViewHost.supplementaryKind(elementKind)
        host.report(.willDisplaySupplementaryView(kind, section: section, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath),
              let section = host.shownSections.removeValue(forKey: ObjectIdentifier(view)) else { return }
        let kind = CollectionViewHost.supplementaryKind(elementKind)
        host.report(.didEndDisplayingSupplementaryView(kind, section: section, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        report(indexPath) { .didSelect($0, at: $1) }
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        report(indexPath) { .didDeselect($0, at: $1) }
    }

    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath), let item = host.dataSource?.itemIdentifier(at: path, in: host) else { return }
        host.highlighted = (item, path)
        host.report(.didHighlight(item, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        guard let host, let path = ListIndexPath(indexPath) else { return }
        let item: AnyHashable?
        if let highlighted = host.highlighted, highlighted.indexPath == path {
            item = highlighted.item
            host.highlighted = nil
        } else {
            item = host.dataSource?.itemIdentifier(at: path, in: host)
        }
        guard let item else { return }
        host.report(.didUnhighlight(item, at: path))
    }

    func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        guard let host, let dataSource = host.dataSource, let source = ListIndexPath(currentIndexPath),
              let proposed = ListIndexPath(proposedIndexPath) else { return proposedIndexPath }
        if let allowed = dataSource.targetIndexPath(forMoveFrom: source, to: proposed, in: host) {
            host.allowedMoveTarget = allowed
            return allowed.indexPath
        }
        return (host.allowedMoveTarget ?? source).indexPath
    }

    /// Reports an event about the item at an index path of the current state.
    private func report(_ indexPath: IndexPath, _ event: (AnyHashable, ListIndexPath) -> ListHostEvent) {
        guard let host, let path = ListIndexPath(indexPath), let item = host.dataSource?.itemIdentifier(at: path, in: host) else { return }
        host.report(event(item, path))
    }

    // MARK: UICollectionViewDelegateFlowLayout

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        guard let host, let path = ListIndexPath(indexPath) else { return .zero }
        return host.sizeForItem(at: path)
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize {
        host?.sizeForSupplementaryView(ofKind: .header, inSection: section) ?? .zero
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize {
        host?.sizeForSupplementaryView(ofKind: .footer, inSection: section) ?? .zero
    }

    // MARK: UICollectionViewDataSourcePrefetching

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        guard let host, let dataSource = host.dataSource else { return }
        var items: [AnyHashable] = []
        var paths: [ListIndexPath] = []
        for indexPath in indexPaths {
            guard let path = ListIndexPath(indexPath), let item = dataSource.itemIdentifier(at: path, in: host),
                  host.prefetched.insert(item).inserted else { continue }
            items.append(item)
            paths.append(path)
        }
        guard !items.isEmpty else { return }
        host.report(.prefetch(items: items, at: paths))
    }

    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        guard let host, let dataSource = host.dataSource else { return }
        var items: [AnyHashable] = []
        var paths: [ListIndexPath] = []
        for indexPath in indexPaths {
            guard let path = ListIndexPath(indexPath), let item = dataSource.itemIdentifier(at: path, in: host),
                  host.prefetched.remove(item) != nil else { continue }
            items.append(item)
            paths.append(path)
        }
        guard !items.isEmpty else { return }
        host.report(.cancelPrefetching(items: items, at: paths))
    }

    // MARK: UIScrollViewDelegate

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let host else { return }
        let line = Self.line(scrollView.contentOffset.y)
        guard line != host.reportedLine else { return }
        host.reportedLine = line
        host.report(.didScroll(firstVisibleLine: line))
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        guard let host else { return }
        host.report(.willBeginDragging(firstVisibleLine: Self.line(scrollView.contentOffset.y)))
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        guard let host else { return }
        let proposed = Self.line(targetContentOffset.pointee.y)
        let coast = proposed - Self.line(scrollView.contentOffset.y)
        host.report(.willEndDragging(velocity: coast, proposedTargetLine: proposed))
        // The delegate hears the event before it is asked where to come to rest.
        host.deliverPendingEvents()
        guard let delegate = host.delegate else { return }
        let chosen = delegate.host(host, targetLineForDragEndingAt: proposed, velocity: coast)
        let maximum = max(0, scrollView.contentSize.height - scrollView.bounds.height)
        targetContentOffset.pointee.y = min(max(0, CGFloat(chosen)), maximum)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        guard let host else { return }
        host.report(.didEndDragging(willDecelerate: decelerate))
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        guard let host else { return }
        host.report(.didEndDecelerating)
    }

    /// A content offset as the line number events carry: whole points, rounded down.
    static func line(_ offset: CGFloat) -> Int {
        Int(offset.rounded(.down))
    }
}

extension CollectionViewHost {
    /// The user dropped an item moved interactively (UIKit has moved its cell): the data source updates
    /// its data, the move is checked against the counts, and the delegate hears
    /// ``ListHostEvent/didMoveItem(_:from:to:)``. When the data source's counts do not match the move,
    /// the collection view reloads from the data source instead (UIKit cannot take the move back).
    func didMoveItem(from source: ListIndexPath, to destination: ListIndexPath) {
        allowedMoveTarget = nil
        guard let dataSource, source != destination else { return }
        transaction {
            let before = knownCounts()
            let item = dataSource.itemIdentifier(at: source, in: self)
            dataSource.moveItem(from: source, to: destination, in: self)
            let after = countsFromDataSource()
            do {
                try BatchUpdate(movedItems: [Move(source, destination)]).validate(itemCountsBefore: before, itemCountsAfter: after)
            } catch {
                reloadData()
                return
            }
            counts = after
            if let item { events.append(.didMoveItem(item, from: source, to: destination)) }
        }
    }
}
