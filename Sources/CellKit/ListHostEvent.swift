import DiffableStore

/// Something that happened in a list view: a row shown or hidden, a selection, highlight or focus, an
/// assistive technology's cursor, a prefetch, a scroll or drag, a pull to refresh.
///
/// A host sends events to its `ListHostDelegate` as `UICollectionViewDelegate` receives
/// `willDisplay`, `didEndDisplaying`, `didSelectItemAt`, `didHighlightItemAt`, the prefetching data
/// source's calls and the scroll view delegate's. Each event names the
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
    /// An item-scoped supplementary view of a kind (a separator, a badge) is about to be shown with its
    /// item; it names the item and the item's index path.
    case willDisplayItemSupplementaryView(SupplementaryKind, item: AnyHashable, at: ListIndexPath)
    /// An item-scoped supplementary view of a kind stopped being shown; it names the item it was shown
    /// with (the deleted item, when its item was deleted).
    case didEndDisplayingItemSupplementaryView(SupplementaryKind, item: AnyHashable, at: ListIndexPath)
    /// An item was selected.
    case didSelect(_ item: AnyHashable, at: ListIndexPath)
    /// An item's selection ended, however it ended: a tap on another item (single selection) or on the
    /// item again (multiple selection), a deselection the app or a plugin asks for (``ListPluginContext/deselect(_:)``), the item deleted or reloaded, or the
    /// list reloaded. It names the item and the index path it had when its selection ended (for a batch,
    /// the index path before it: another item may be there now).
    case didDeselect(_ item: AnyHashable, at: ListIndexPath)
    /// The viewport moved; `contentOffset` is how far the content is now scrolled along the list's axis,
    /// in the host's units (as a scroll view's `contentOffset.y` in a vertical list): lines on
    /// `TextListView`, points (rounded down) on the UIKit hosts.
    case didScroll(contentOffset: Int)
    /// An item was highlighted: a finger came down on its row, before any selection.
    case didHighlight(_ item: AnyHashable, at: ListIndexPath)
    /// An item's highlight ended: the finger lifted or moved away, another row was highlighted, or the
    /// item was deleted or the list reloaded.
    case didUnhighlight(_ item: AnyHashable, at: ListIndexPath)
    /// Items not shown yet are about to come into view: start loading what they need. `items[i]` is at
    /// `indexPaths[i]`; both arrays have the same length and follow the scroll direction (nearest the
    /// viewport first).
    case prefetch(items: [AnyHashable], at: [ListIndexPath])
    /// Items whose prefetch started will not come into view after all (the list scrolled back, or they
    /// were deleted or reloaded): cancel what was started for them. Each item is the one that was
    /// prefetched, at its index path when the cancel happened (its old one when it was deleted); both
    /// arrays have the same length.
    case cancelPrefetching(items: [AnyHashable], at: [ListIndexPath])
    /// A finger started dragging the content; `contentOffset` is where the content was scrolled then (see
    /// ``didScroll(contentOffset:)`` for the units).
    case willBeginDragging(contentOffset: Int)
    /// The finger is about to lift. `velocity` is how far, in the host's units, the content would coast
    /// (positive downwards); `proposedContentOffset` is the content offset where it would come to rest. A
    /// delegate picks where it does rest with
    /// `ListHostDelegate/host(_:targetContentOffsetForDragEndingAt:velocity:)`.
    case willEndDragging(velocity: Int, proposedContentOffset: Int)
    /// The finger lifted; `willDecelerate` tells whether the content coasts on (then
    /// ``didEndDecelerating`` follows when it stops).
    case didEndDragging(willDecelerate: Bool)
    /// The content stopped coasting after a drag.
    case didEndDecelerating
    /// The user pulled the top of the list down and let go: refresh the content.
    case didRequestRefresh
    /// The user moved an item's row from one index path to another (`ListHostReordering/moveItem(from:to:in:)`
    /// has updated the data); `to` is in the coordinates after the move.
    case didMoveItem(_ item: AnyHashable, from: ListIndexPath, to: ListIndexPath)
    /// An item took the focus: a keyboard, a remote or a pointer moved it there (as UIKit's
    /// `didUpdateFocusIn` tells), the app focused it, or the focused item was deleted and the focus went to
    /// its neighbour. It follows the ``didUnfocus(_:at:)`` of the item that had it.
    case didFocus(_ item: AnyHashable, at: ListIndexPath)
    /// An item lost the focus: it moved to another item or left the list, or the item was deleted (it
    /// names the deleted item at its index path before the batch) or the list reloaded.
    case didUnfocus(_ item: AnyHashable, at: ListIndexPath)
    /// An assistive technology (VoiceOver's cursor) moved onto an item's row: the user swiped to it,
    /// touched it, or, on the text host, the item it was on was deleted and the cursor went to its
    /// neighbour. It follows the ``didAccessibilityUnfocus(_:at:)`` of the item that had it. Independent
    /// of the keyboard focus (``didFocus(_:at:)``): VoiceOver's cursor and the focus move apart.
    case didAccessibilityFocus(_ item: AnyHashable, at: ListIndexPath)
    /// An assistive technology's cursor left an item's row: it moved to another element, or the row went
    /// (the item was deleted or reloaded, naming the item at its index path before the batch; on the UIKit
    /// hosts also when its cell stopped being shown), or the list reloaded.
    case didAccessibilityUnfocus(_ item: AnyHashable, at: ListIndexPath)

    /// The item the event is about, for the events about one item (an item-scoped supplementary view's
    /// included); `nil` for prefetching (its `items` are in the case), section supplementary views, scrolling, dragging
    /// and refreshing.
    public var item: AnyHashable? {
        switch self {
        case .willDisplay(let item, _), .didEndDisplaying(let item, _), .didSelect(let item, _),
            .didDeselect(let item, _),
            .didHighlight(let item, _), .didUnhighlight(let item, _), .didMoveItem(let item, _, _),
            .didFocus(let item, _), .didUnfocus(let item, _),
            .didAccessibilityFocus(let item, _), .didAccessibilityUnfocus(let item, _),
            .willDisplayItemSupplementaryView(_, let item, _), .didEndDisplayingItemSupplementaryView(_, let item, _):
            item
        case .willDisplaySupplementaryView, .didEndDisplayingSupplementaryView, .didScroll, .prefetch,
            .cancelPrefetching,
            .willBeginDragging, .willEndDragging, .didEndDragging, .didEndDecelerating, .didRequestRefresh:
            nil
        }
    }

    /// The index path the event happened at (in the host's coordinates at that moment); `nil` for
    /// prefetching (its index paths are in the case), scrolling, dragging and refreshing.
    public var indexPath: ListIndexPath? {
        switch self {
        case .willDisplay(_, let path), .didEndDisplaying(_, let path), .didSelect(_, let path),
            .didDeselect(_, let path),
            .didHighlight(_, let path), .didUnhighlight(_, let path), .didMoveItem(_, _, let path),
            .didFocus(_, let path), .didUnfocus(_, let path),
            .didAccessibilityFocus(_, let path), .didAccessibilityUnfocus(_, let path),
            .willDisplaySupplementaryView(_, _, let path), .didEndDisplayingSupplementaryView(_, _, let path),
            .willDisplayItemSupplementaryView(_, _, let path), .didEndDisplayingItemSupplementaryView(_, _, let path):
            path
        case .didScroll, .prefetch, .cancelPrefetching, .willBeginDragging, .willEndDragging, .didEndDragging,
            .didEndDecelerating, .didRequestRefresh:
            nil
        }
    }

    /// A short log line: `"willDisplay Pear at 0.3"`, `"willDisplay header Fruit at 1.0"`,
    /// `"willDisplay separator of Pear at 0.3"`, `"didScroll 120"`,
    /// `"prefetch Plum at 0.4, Fig at 0.5"`, `"willEndDragging velocity 3 target 12"`.
    public var description: String {
        switch self {
        case .willDisplay(let item, let path): "willDisplay \(item) at \(path)"
        case .didEndDisplaying(let item, let path): "didEndDisplaying \(item) at \(path)"
        case .willDisplaySupplementaryView(let kind, let section, let path): "willDisplay \(kind) \(section) at \(path)"
        case .didEndDisplayingSupplementaryView(let kind, let section, let path):
            "didEndDisplaying \(kind) \(section) at \(path)"
        case .willDisplayItemSupplementaryView(let kind, let item, let path):
            "willDisplay \(kind) of \(item) at \(path)"
        case .didEndDisplayingItemSupplementaryView(let kind, let item, let path):
            "didEndDisplaying \(kind) of \(item) at \(path)"
        case .didSelect(let item, let path): "didSelect \(item) at \(path)"
        case .didDeselect(let item, let path): "didDeselect \(item) at \(path)"
        case .didScroll(let line): "didScroll \(line)"
        case .didHighlight(let item, let path): "didHighlight \(item) at \(path)"
        case .didUnhighlight(let item, let path): "didUnhighlight \(item) at \(path)"
        case .prefetch(let items, let paths): "prefetch " + Self.list(items, paths)
        case .cancelPrefetching(let items, let paths): "cancelPrefetching " + Self.list(items, paths)
        case .willBeginDragging(let line): "willBeginDragging \(line)"
        case .willEndDragging(let velocity, let target): "willEndDragging velocity \(velocity) target \(target)"
        case .didEndDragging(let willDecelerate): willDecelerate ? "didEndDragging decelerating" : "didEndDragging"
        case .didEndDecelerating: "didEndDecelerating"
        case .didRequestRefresh: "didRequestRefresh"
        case .didMoveItem(let item, let from, let to): "didMoveItem \(item) from \(from) to \(to)"
        case .didFocus(let item, let path): "didFocus \(item) at \(path)"
        case .didUnfocus(let item, let path): "didUnfocus \(item) at \(path)"
        case .didAccessibilityFocus(let item, let path): "didAccessibilityFocus \(item) at \(path)"
        case .didAccessibilityUnfocus(let item, let path): "didAccessibilityUnfocus \(item) at \(path)"
        }
    }
}

extension ListHostEvent {
    /// `"Plum at 0.4, Fig at 0.5"`; an item without an index path (arrays of different lengths) shows alone.
    private static func list(_ items: [AnyHashable], _ paths: [ListIndexPath]) -> String {
        items.indices.map { index in
            index < paths.count ? "\(items[index]) at \(paths[index])" : "\(items[index])"
        }.joined(separator: ", ")
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
@_spi(ListHost)
public protocol ListHostDelegate: AnyObject {
    /// Tells the delegate what happened in a host, in order.
    ///
    /// - Parameters:
    ///   - host: The host the events happened in.
    ///   - events: What happened, oldest first; never empty.
    func host(_ host: any ListHost, didReceive events: [ListHostEvent])

    /// Picks the content offset where content coasting after a drag comes to rest, as
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` rewrites its target: to snap to
    /// a row, to page, or to stop.
    ///
    /// The host asks when the finger lifts, right after it delivered
    /// ``ListHostEvent/willEndDragging(velocity:proposedContentOffset:)`` (unless the drag was made from
    /// inside a delivery that is still running), and scrolls to the offset returned, clamped to its content.
    /// Offsets are in the host's units: lines on `TextListView`, points on the UIKit hosts.
    /// The default implementation returns `proposedContentOffset`.
    ///
    /// - Parameters:
    ///   - host: The host being dragged.
    ///   - proposedContentOffset: Where the content would come to rest.
    ///   - velocity: How far, in the host's units, the content would coast (positive downwards).
    /// - Returns: The content offset to come to rest at.
    func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int) -> Int
}

@_spi(ListHost)
extension ListHostDelegate {
    /// Keeps the proposed target: the content comes to rest where it would.
    ///
    /// - Parameters:
    ///   - host: The host being dragged.
    ///   - proposedContentOffset: Where the content would come to rest.
    ///   - velocity: How far, in the host's units, the content would coast.
    /// - Returns: `proposedContentOffset`.
    public func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int)
        -> Int
    {
        proposedContentOffset
    }
}
