import DiffableStore

/// Reports the direction the list scrolls in, only when it changes.
///
/// ```swift
/// try dataSource.attach(ScrollDirectionPlugin { direction in toolbar.isHidden = direction == .down })
/// ```
///
/// Each ``ListHostEvent/didScroll(firstVisibleLine:)`` is compared with the previous offset; a move of
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
        guard let top = context.host.indexPathsForVisibleItems.first,
              let section = context.sectionIdentifier(at: top.section) else { return }
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
