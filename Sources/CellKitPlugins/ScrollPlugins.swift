import CellKit
import DiffableStore

/// Reports the direction the list scrolls in, only when it changes.
///
/// ```swift
/// try dataSource.attach(ScrollDirectionPlugin { direction in toolbar.isHidden = direction == .down })
/// ```
///
/// Each ``/CellKit/ListHostEvent/didScroll(contentOffset:)`` is compared with the previous offset; a move of
/// at most `deadZone` is ignored (and does not become the new reference), so small jitters do not flip
/// the direction.
@MainActor
public final class ScrollDirectionPlugin: ListPlugin {
    /// Where the content moves under the viewport.
    public enum Direction: Hashable, Sendable {
        /// Towards the end of the list (the offset grows).
        case down
        /// Towards the start (the offset shrinks).
        case up
    }

    /// The last direction reported, `nil` before the first.
    public private(set) var direction: Direction?
    private let deadZone: Int
    private let action: @MainActor (Direction) -> Void
    private var reference = 0

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - deadZone: Moves of at most this many lines (points for a UIKit host) are ignored; 0 by default.
    ///   - action: Called with the new direction each time it changes.
    public init(deadZone: Int = 0, _ action: @escaping @MainActor (_ direction: Direction) -> Void) {
        self.deadZone = max(0, deadZone)
        self.action = action
    }

    /// Compares a scroll with the previous offset and reports a change of direction.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        guard case .didScroll(let offset) = event else { return }
        let delta = offset - reference
        guard abs(delta) > deadZone else { return }
        reference = offset
        let now: Direction = delta > 0 ? .down : .up
        guard now != direction else { return }
        direction = now
        action(now)
    }
}

/// Reports the section the list is in: the section of the topmost visible item, only when it changes,
/// and again with its new index when sections are inserted or deleted above it.
///
/// Works whether or not sections have headers. The action gets the section's index and identifier.
///
/// ```swift
/// try dataSource.attach(CurrentSectionPlugin { index, section in statusLine = "\\(section)" })
/// ```
@MainActor
public final class CurrentSectionPlugin: ListPlugin {
    private let action: @MainActor (_ index: Int, _ section: AnyHashable) -> Void
    private var current: (index: Int, section: AnyHashable)?

    /// Creates the plugin.
    ///
    /// - Parameter action: Called with the current section's index and identifier each time either changes.
    public init(_ action: @escaping @MainActor (_ index: Int, _ section: AnyHashable) -> Void) {
        self.action = action
    }

    /// Looks at the list when it scrolls or shows new rows.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didScroll, .willDisplay, .didEndDisplaying: update(context)
        default: break
        }
    }

    /// Looks at the list after applies: sections inserted above change the index.
    public func didApply(in context: ListPluginContext) { update(context) }

    private func update(_ context: ListPluginContext) {
        guard let first = context.visibleItems.first, let top = context.indexPath(for: first),
            let section = context.sectionIdentifier(at: top.section)
        else { return }
        if let current, current.index == top.section, current.section == section { return }
        current = (top.section, section)
        action(top.section, section)
    }
}

/// Section index titles (the letters down the side of a contacts list), from the section identifiers.
///
/// ```swift
/// let titles = SectionIndexTitlesPlugin { section in (section.base as? Letter)?.title }
/// try dataSource.attach(titles)
/// titles.titles            // ["A", "B", ...]
/// titles.section(forTitle: "B")
/// ```
///
/// The number of sections is never changed; a title shared by several sections maps to the first.
@MainActor
public final class SectionIndexTitlesPlugin: ListPlugin {
    private let title: @MainActor (_ section: AnyHashable) -> String?
    private weak var context: ListPluginContext?

    /// Creates the plugin.
    ///
    /// - Parameter title: The index title of a section, or `nil` for a section without one.
    public init(title: @escaping @MainActor (_ section: AnyHashable) -> String?) {
        self.title = title
    }

    /// Section index titles: one provider per data source.
    public var providedFeatures: Set<ListFeature> { [.sectionIndexTitles] }

    /// Remembers the context, to read the sections.
    public func attach(to context: ListPluginContext) { self.context = context }

    /// The titles of the sections on screen, in order (sections without a title are left out).
    ///
    /// - Complexity: O(s).
    public var titles: [String] {
        guard let context else { return [] }
        return (0..<context.numberOfSections).compactMap { context.sectionIdentifier(at: $0).flatMap(title) }
    }

    /// The index of the first section with a title, or `nil`.
    ///
    /// - Parameter title: An index title.
    /// - Complexity: O(s).
    public func section(forTitle title: String) -> Int? {
        guard let context else { return nil }
        return (0..<context.numberOfSections).first { context.sectionIdentifier(at: $0).flatMap(self.title) == title }
    }
}

/// Rewrites where a drag comes to rest, for paging or snapping: a provider gets the proposed content offset
/// (lines on `TextListView`, points on the UIKit hosts) and
/// returns the one to rest at.
///
/// ```swift
/// // Snap to multiples of 10 lines.
/// try dataSource.attach(ScrollSnappingPlugin { proposed, _ in (proposed + 5) / 10 * 10 })
/// ```
@MainActor
public final class ScrollSnappingPlugin: ListPlugin {
    private let target: @MainActor (_ proposedContentOffset: Int, _ velocity: Int) -> Int

    /// Creates the plugin.
    ///
    /// - Parameter target: Given the proposed resting offset and the velocity, returns the offset to rest at.
    public init(_ target: @escaping @MainActor (_ proposedContentOffset: Int, _ velocity: Int) -> Int) {
        self.target = target
    }

    /// Asks the provider.
    public func targetContentOffset(
        forDragEndingAt proposedContentOffset: Int, velocity: Int, in context: ListPluginContext
    ) -> Int {
        target(proposedContentOffset, velocity)
    }
}

/// Starts and cancels prefetching (images, say) per item type, by the items actually started: a cancel
/// goes to what was started for that item, never to what is at an index path now; an item is started
/// once until it is cancelled or shown; deleting or reloading an item cancels its prefetch (the host
/// reports those cancels).
///
/// ```swift
/// try dataSource.attach(PrefetchPlugin()
///     .on(Photo.self, start: { photo in images.prefetch(photo.url) }, cancel: { photo in images.cancel(photo.url) }))
/// ```
@MainActor
public final class PrefetchPlugin: ListPlugin {
    private struct Handler {
        let start: (AnyHashable) -> Bool
        let cancel: (AnyHashable) -> Void
    }
    private var handlers: [Handler] = []
    /// The items started and not yet cancelled or shown, with the handler that started each.
    private var startedBy: [AnyHashable: Int] = [:]

    /// The items started and not yet cancelled or shown.
    public var started: Set<AnyHashable> { Set(startedBy.keys) }

    /// Creates a plugin with no handlers.
    public init() {}

    /// Adds start and cancel handlers for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - start: Starts prefetching an item.
    ///   - cancel: Cancels what `start` started for that item.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func on<Item>(
        _ type: Item.Type,
        start: @escaping @MainActor (_ item: Item) -> Void,
        cancel: @escaping @MainActor (_ item: Item) -> Void
    ) -> Self {
        handlers.append(
            Handler(
                start: { item in
                    guard let typed = item.base as? Item else { return false }
                    start(typed)
                    return true
                },
                cancel: { item in if let typed = item.base as? Item { cancel(typed) } }))
        return self
    }

    /// Starts the items the host asks to prefetch, cancels the started ones it gives up on, and forgets
    /// the ones that came into view.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .prefetch(let items, _):
            for item in items where startedBy[item] == nil {
                if let index = handlers.firstIndex(where: { $0.start(item) }) { startedBy[item] = index }
            }
        case .cancelPrefetching(let items, _):
            for item in items {
                if let index = startedBy.removeValue(forKey: item) { handlers[index].cancel(item) }
            }
        case .willDisplay(let item, _):
            startedBy.removeValue(forKey: item)
        default:
            break
        }
    }
}
