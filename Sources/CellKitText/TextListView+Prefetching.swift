@_spi(ListHost) import CellKit
import DiffableStore

// Prefetching: the item rows just beyond the viewport's edge in the scroll direction, started once and
// cancelled by the identity that was started.

extension TextListView {
    /// Prefetches the items now within ``prefetchDistance`` rows of the viewport's edge in the direction
    /// of the last scroll, and cancels those prefetched that are neither within it nor shown; items that
    /// came into view are done with, silently.
    func updatePrefetching() {
        guard prefetchDistance > 0 || !prefetched.isEmpty else { return }
        let window = prefetchWindow()
        var inWindow = Set<AnyHashable>()
        inWindow.reserveCapacity(window.count)
        for entry in window { inWindow.insert(entry.item) }
        var started = Set<AnyHashable>()
        started.reserveCapacity(prefetched.count)
        var cancelled: [(item: AnyHashable, indexPath: ListIndexPath)] = []
        for entry in prefetched {
            if inWindow.contains(entry.item) {
                started.insert(entry.item)
            } else if !isShown(entry.indexPath) {
                cancelled.append(entry)
            }
        }
        cancelPrefetching(cancelled)
        let new = window.filter { !started.contains($0.item) }
        if !new.isEmpty {
            events.append(.prefetch(items: new.map(\.item), at: new.map(\.indexPath)))
        }
        prefetched = window
    }

    /// Forgets the prefetch of an item that starts showing: it is done with, even if a row measured
    /// above pushes it out again before the operation ends. O(k) for *k* items prefetched.
    func prefetchDidShow(_ item: AnyHashable) {
        guard !prefetched.isEmpty else { return }
        prefetched.removeAll { $0.item == item }
    }

    /// Reports the cancel of prefetched items, if there are any.
    func cancelPrefetching(_ entries: [(item: AnyHashable, indexPath: ListIndexPath)]) {
        guard !entries.isEmpty else { return }
        events.append(.cancelPrefetching(items: entries.map(\.item), at: entries.map(\.indexPath)))
    }

    /// Up to ``prefetchDistance`` items beyond the last shown row (scrolling down) or before the first
    /// (scrolling up), nearest first.
    private func prefetchWindow() -> [(item: AnyHashable, indexPath: ListIndexPath)] {
        guard isLoaded, prefetchDistance > 0, let dataSource,
            let first = displayed.first?.row, let last = displayed.last?.row
        else { return [] }
        var window: [(item: AnyHashable, indexPath: ListIndexPath)] = []
        let step = scrollsDown ? 1 : -1
        var row = scrollsDown ? last + 1 : first - 1
        while window.count < prefetchDistance && row >= 0 && row < rows.rowCount {
            if case .item(let path) = rows.location(ofRow: row),
                let item = dataSource.itemIdentifier(at: path, in: self)
            {
                window.append((item, path))
            }
            row += step
        }
        return window
    }

    /// Whether the item at an index path shows now.
    private func isShown(_ indexPath: ListIndexPath) -> Bool {
        rows.row(of: indexPath).flatMap(displayedIndex(ofRow:)) != nil
    }
}
