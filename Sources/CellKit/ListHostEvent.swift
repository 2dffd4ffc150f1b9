import DiffableStore

/// Something that happened in a list view: a row shown or hidden, a selection, a scroll.
///
/// A host sends events to its ``ListHostDelegate`` as `UICollectionViewDelegate` receives
/// `willDisplay`, `didEndDisplaying`, `didSelectItemAt` and `scrollViewDidScroll`. Index paths are in the
/// host's current coordinates when the event is sent.
///
/// ```swift
/// print(ListHostEvent.willDisplay(ListIndexPath(item: 3, section: 0)))
/// // Prints "willDisplay 0.3"
/// ```
public enum ListHostEvent: Sendable, Hashable, CustomStringConvertible {
    /// An item's cell is about to be shown (it entered the viewport).
    case willDisplay(ListIndexPath)
    /// An item's cell stopped being shown (it left the viewport, or its item was deleted or reloaded).
    case didEndDisplaying(ListIndexPath)
    /// A supplementary view of a kind is about to be shown; the index path's item is 0 for section-wide
    /// kinds such as headers and footers.
    case willDisplaySupplementaryView(SupplementaryKind, ListIndexPath)
    /// A supplementary view of a kind stopped being shown.
    case didEndDisplayingSupplementaryView(SupplementaryKind, ListIndexPath)
    /// An item was selected.
    case didSelect(ListIndexPath)
    /// An item was deselected (another item was selected, or the selection was cleared).
    case didDeselect(ListIndexPath)
    /// The viewport moved; `firstVisibleLine` is the content line now shown at the top (for a text host,
    /// a line; for a UIKit host, a point offset).
    case didScroll(firstVisibleLine: Int)

    /// A short log line: `"willDisplay 0.3"`, `"willDisplay header 1.0"`, `"didScroll 120"`.
    public var description: String {
        switch self {
        case .willDisplay(let path): "willDisplay \(path)"
        case .didEndDisplaying(let path): "didEndDisplaying \(path)"
        case .willDisplaySupplementaryView(let kind, let path): "willDisplay \(kind) \(path)"
        case .didEndDisplayingSupplementaryView(let kind, let path): "didEndDisplaying \(kind) \(path)"
        case .didSelect(let path): "didSelect \(path)"
        case .didDeselect(let path): "didDeselect \(path)"
        case .didScroll(let line): "didScroll \(line)"
        }
    }
}

/// An object that hears what happens in a list view: rows shown and hidden, selection, scrolling.
///
/// A host holds its delegate weakly and calls it on the main actor, after its own state is updated, so
/// the delegate may read the host (``ListHost/indexPathsForVisibleItems``) but should not start a batch
/// of updates from inside the call.
@MainActor
public protocol ListHostDelegate: AnyObject {
    /// Tells the delegate that something happened in a host.
    ///
    /// - Parameters:
    ///   - host: The host the event happened in.
    ///   - event: What happened.
    func host(_ host: any ListHost, didReceive event: ListHostEvent)
}
