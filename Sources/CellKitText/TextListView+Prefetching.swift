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
    /// (scrolling up), nearest first, passing over the cards outside a carousel's window; and, after a
    /// carousel scrolled sideways (until the list scrolls), its cards beyond its window on the side it
    /// scrolled toward.
    private func prefetchWindow() -> [(item: AnyHashable, indexPath: ListIndexPath)] {
        guard isLoaded, prefetchDistance > 0, let dataSource,
            let first = displayed.first?.row, let last = displayed.last?.row
        else { return [] }
        var window: [(item: AnyHashable, indexPath: ListIndexPath)] = []
        let step = scrollsDown ? 1 : -1
        var row = scrollsDown ? last + 1 : first - 1
        while window.count < prefetchDistance && row >= 0 && row < rows.rowCount {
            if let position = rows.gridPosition(ofRow: row), position.grid.carousel != nil,
                !isInCarouselWindow(row: row)
            {
                // Over the cards the strip does not show: to its window, or past the carousel.
                let slot = rows.slot(ofRow: row)
                let members = shownMembers(ofSlot: slot)
                if scrollsDown {
                    row = row < members.lowerBound ? members.lowerBound : slot.upperBound
                } else {
                    row = row >= members.upperBound && !members.isEmpty ? members.upperBound - 1 : slot.lowerBound - 1
                }
                continue
            }
            if case .item(let path) = rows.location(ofRow: row),
                let item = dataSource.itemIdentifier(at: path, in: self)
            {
                window.append((item, path))
            }
            row += step
        }
        if let side = carouselPrefetchSide { window += carouselPrefetchWindow(side, from: dataSource) }
        return window
    }

    /// Up to ``prefetchDistance`` cards of the carousel scrolled last beyond its window on the side it
    /// scrolled toward, nearest first; none when it no longer shows.
    private func carouselPrefetchWindow(
        _ side: (section: AnyHashable, forward: Bool), from dataSource: any ListHostDataSource
    ) -> [(item: AnyHashable, indexPath: ListIndexPath)] {
        guard
            let shown = displayed.first(where: {
                rows.gridPosition(ofRow: $0.row)?.grid.carousel != nil
                    && dataSource.sectionIdentifier(at: rows.section(ofRow: $0.row), in: self) == side.section
            })
        else { return [] }
        let slot = rows.slot(ofRow: shown.row)
        let members = shownMembers(ofSlot: slot)
        let section = rows.section(ofRow: shown.row)
        let candidates =
            side.forward
            ? Array(members.upperBound..<min(slot.upperBound, members.upperBound + prefetchDistance))
            : Array((max(slot.lowerBound, members.lowerBound - prefetchDistance)..<members.lowerBound).reversed())
        return candidates.compactMap { row in
            let path = ListIndexPath(item: row - slot.lowerBound, section: section)
            return dataSource.itemIdentifier(at: path, in: self).map { ($0, path) }
        }
    }

    /// Whether the item at an index path shows now.
    private func isShown(_ indexPath: ListIndexPath) -> Bool {
        rows.row(of: indexPath).flatMap(displayedIndex(ofRow:)) != nil
    }
}
