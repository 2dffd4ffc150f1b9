import DiffableStore

/// Something that happened in a list view: a row shown or hidden, a selection, a scroll.
///
/// A host sends events to its ``ListHostDelegate`` as `UICollectionViewDelegate` receives
/// `willDisplay`, `didEndDisplaying`, `didSelectItemAt` and `scrollViewDidScroll`. Each event names the
/// item (or section) it was about and its index path *when it happened*, both captured by the host at
/// that moment: an event delivered after later updates still names its own item (a row that ended
/// display because it was deleted names the deleted item, not the one that took its place), and its
/// index path is not re-read against a newer snapshot. Ask the data source for an item's current index
/// path (``UniversalDataSource/indexPath(for:)``) when you need it.
///
/// ```swift
/// print(ListHostEvent.willDisplay("Pear", at: ListIndexPath(item: 3, section: 0)))
/// // Prints "willDisplay Pear at 0.3"
/// ```
public enum ListHostEvent: Hashable, CustomStringConvertible {
    /// An item's cell is about to be shown (it entered the viewport).
    case willDisplay(_ item: AnyHashable, at: ListIndexPath)
    /// An item's cell stopped being shown (it left the viewport, or its item was deleted or reloaded).
    case didEndDisplaying(_ item: AnyHashable, at: ListIndexPath)
    /// A supplementary view of a kind is about to be shown for a section; the index path's item is 0
    /// for section-wide kinds such as headers and footers.
    case willDisplaySupplementaryView(SupplementaryKind, section: AnyHashable, at: ListIndexPath)
    /// A supplementary view of a kind stopped being shown.
    case didEndDisplayingSupplementaryView(SupplementaryKind, section: AnyHashable, at: ListIndexPath)
    /// An item was selected.
    case didSelect(_ item: AnyHashable, at: ListIndexPath)
    /// An item was deselected (another item was selected, or the selection was cleared).
    case didDeselect(_ item: AnyHashable, at: ListIndexPath)
    /// The viewport moved; `firstVisibleLine` is the content line now shown at the top (for a text host,
    /// a line; for a UIKit host, a point offset).
    case didScroll(firstVisibleLine: Int)

    /// The item the event is about, for the item events; `nil` for supplementary views and scrolling.
    public var item: AnyHashable? {
        switch self {
        case .willDisplay(let item, _), .didEndDisplaying(let item, _), .didSelect(let item, _), .didDeselect(let item, _):
            item
        case .willDisplaySupplementaryView, .didEndDisplayingSupplementaryView, .didScroll:
            nil
        }
    }

    /// The index path the event happened at (in the host's coordinates at that moment); `nil` for scrolling.
    public var indexPath: ListIndexPath? {
        switch self {
        case .willDisplay(_, let path), .didEndDisplaying(_, let path), .didSelect(_, let path), .didDeselect(_, let path),
             .willDisplaySupplementaryView(_, _, let path), .didEndDisplayingSupplementaryView(_, _, let path):
            path
        case .didScroll:
            nil
        }
    }

    /// A short log line: `"willDisplay Pear at 0.3"`, `"willDisplay header Fruit at 1.0"`, `"didScroll 120"`.
    public var description: String {
        switch self {
        case .willDisplay(let item, let path): "willDisplay \(item) at \(path)"
        case .didEndDisplaying(let item, let path): "didEndDisplaying \(item) at \(path)"
        case .willDisplaySupplementaryView(let kind, let section, let path): "willDisplay \(kind) \(section) at \(path)"
        case .didEndDisplayingSupplementaryView(let kind, let section, let path): "didEndDisplaying \(kind) \(section) at \(path)"
        case .didSelect(let item, let path): "didSelect \(item) at \(path)"
        case .didDeselect(let item, let path): "didDeselect \(item) at \(path)"
        case .didScroll(let line): "didScroll \(line)"
        }
    }
}

/// An object that hears what happens in a list view: rows shown and hidden, selection, scrolling.
///
/// A host holds its delegate weakly and calls it on the main actor, after its own state is updated and
/// outside any batch of updates, with the events in the order they happened. The delegate may read the
/// host and scroll it or start batches of updates from the call; the events those cause are delivered
/// as they end, in a nested call, so every event reaches the delegate once and in order.
/// ``UniversalDataSource`` holds nested events behind the ones it is handling, queues an `apply` made
/// from an event handler, and performs it once every event of the delivery has been handled.
@MainActor
public protocol ListHostDelegate: AnyObject {
    /// Tells the delegate what happened in a host, in order.
    ///
    /// - Parameters:
    ///   - host: The host the events happened in.
    ///   - events: What happened, oldest first; never empty.
    func host(_ host: any ListHost, didReceive events: [ListHostEvent])
}
