@_spi(ListHost) import CellKit
import DiffableStore

// Telling the delegate: public operations run as transactions, and the events they make are delivered
// when the outermost one ends.

extension TextListView {
    /// Runs a public operation; when the outermost one ends, reports a scroll and delivers the events, so
    /// the delegate always sees a consistent list and may call back into it.
    func transaction<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if events.enter() { lineBeforeOperation = firstVisibleLine }
        defer {
            if events.leave() { deliverEvents() }
        }
        return try body()
    }

    /// Hands the pending events to the delegate, oldest first. Events that happen while the delegate
    /// handles them (it may scroll or start a batch) end their own transaction and are delivered then,
    /// in a nested call: each event reaches the delegate once, in the order it happened.
    private func deliverEvents() {
        settle()
        let pending = events.takeAll()
        guard !pending.isEmpty else { return }
        delegate?.host(self, didReceive: pending)
    }
}

extension TextListView {
    /// Brings prefetching up to date with the viewport and reports a scroll since the last report:
    /// when an operation ends, or in the middle of one whose later events must follow the scroll.
    func settle() {
        updateCellStates()
        updatePrefetching()
        if firstVisibleLine != lineBeforeOperation {
            events.append(.didScroll(contentOffset: firstVisibleLine))
            lineBeforeOperation = firstVisibleLine
        }
    }

    /// Notes which way the viewport moved since `line`, for prefetching; no move keeps the last direction.
    func noteScroll(from line: Int) {
        if firstVisibleLine != line {
            scrollsDown = firstVisibleLine > line
            carouselPrefetchSide = nil
        }
    }
}

extension TextListView.RowLocation {
    var indexPath: ListIndexPath {
        switch self {
        case .item(let path): path
        case .supplementary(_, let section): ListIndexPath(item: 0, section: section)
        }
    }

    /// The event for a view that starts showing `identity` here; `nil` when the data source named nothing.
    func willDisplay(_ identity: AnyHashable?) -> ListHostEvent? {
        guard let identity else { return nil }
        return switch self {
        case .item(let path): .willDisplay(identity, at: path)
        case .supplementary(let kind, let section):
            .willDisplaySupplementaryView(kind, section: identity, at: ListIndexPath(item: 0, section: section))
        }
    }

    /// The event for a view that stops showing `identity`, last shown here.
    func didEndDisplaying(_ identity: AnyHashable?) -> ListHostEvent? {
        guard let identity else { return nil }
        return switch self {
        case .item(let path): .didEndDisplaying(identity, at: path)
        case .supplementary(let kind, let section):
            .didEndDisplayingSupplementaryView(kind, section: identity, at: ListIndexPath(item: 0, section: section))
        }
    }
}
