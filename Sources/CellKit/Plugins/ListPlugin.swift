import DiffableStore

/// A behaviour attached to a data source: pagination, selection per item type, display tracking, and
/// the like, added by composition instead of by subclassing.
///
/// Attach plugins with ``UniversalDataSource/attach(_:)``. Each is attached once and detached once;
/// every host event reaches the plugins in the order they were attached, already resolved to the item
/// it was about when it happened, and before ``UniversalDataSource/onSelect`` and
/// ``UniversalDataSource/onEvent``. A plugin that changes the data in reaction to an event calls
/// `apply`: the apply is queued and runs after the event delivery, in order.
///
/// ```swift
/// try dataSource.attach(
///     SelectionPlugin().on(Tile.self) { tile, _ in open(tile) },
///     LastItemVisiblePlugin { print("reached the end") }
/// )
/// ```
@MainActor
public protocol ListPlugin: AnyObject {
    /// Whether more than one plugin of this type may be attached to one data source (default `false`:
    /// a second one is refused with ``PluginError/duplicate(pluginType:)``).
    static var allowsMultipleInstances: Bool { get }

    /// Called once, when the plugin is attached.
    ///
    /// - Parameter context: What the plugin may read of the data source and its host.
    func attach(to context: ListPluginContext)

    /// Called once, when the plugin is detached (or its data source attaches it no more).
    ///
    /// - Parameter context: The context it was attached with.
    func detach(from context: ListPluginContext)

    /// Called with every host event, in order, when the data source is settled (no apply running).
    ///
    /// - Parameters:
    ///   - event: What happened; item events name the item they were about when they happened.
    ///   - context: The data source and host, as they are now.
    func handle(_ event: ListHostEvent, in context: ListPluginContext)

    /// Called when the list has settled after applies: once the queued applies have been performed and
    /// the events they caused delivered (once for a run of queued applies), and once after a plugin
    /// calls ``ListPluginContext/setNeedsDidApply()``.
    ///
    /// - Parameter context: The data source and host, as they are now.
    func didApply(in context: ListPluginContext)
}

extension ListPlugin {
    /// One instance per data source.
    public static var allowsMultipleInstances: Bool { false }
    /// Does nothing.
    public func attach(to context: ListPluginContext) {}
    /// Does nothing.
    public func detach(from context: ListPluginContext) {}
    /// Does nothing.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {}
    /// Does nothing.
    public func didApply(in context: ListPluginContext) {}
}

/// Why a plugin could not be attached or detached. Nothing changed.
public enum PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A plugin of this type is attached already, and the type does not allow several.
    case duplicate(pluginType: String)
    /// This very plugin instance is attached to the data source already.
    case alreadyAttached(pluginType: String)
    /// The plugin is not attached to this data source.
    case notAttached(pluginType: String)

    /// A sentence naming the plugin type and the rule.
    public var description: String {
        switch self {
        case .duplicate(let type): "a \(type) is attached already; attach one per data source"
        case .alreadyAttached(let type): "this \(type) is attached already; attach a plugin once"
        case .notAttached(let type): "this \(type) is not attached to the data source"
        }
    }
}

/// What a plugin sees of its data source and host, without the data source's section type.
@MainActor
public final class ListPluginContext {
    /// The list view the data source drives.
    public let host: any ListHost
    private let itemAt: @MainActor (ListIndexPath) -> AnyHashable?
    private let indexPathOf: @MainActor (AnyHashable) -> ListIndexPath?
    private let sectionCount: @MainActor () -> Int
    private let itemCount: @MainActor (Int) -> Int
    private let needsDidApply: @MainActor () -> Void

    init(
        host: any ListHost,
        item: @escaping @MainActor (ListIndexPath) -> AnyHashable?,
        indexPath: @escaping @MainActor (AnyHashable) -> ListIndexPath?,
        numberOfSections: @escaping @MainActor () -> Int,
        numberOfItems: @escaping @MainActor (Int) -> Int,
        setNeedsDidApply: @escaping @MainActor () -> Void
    ) {
        self.host = host
        self.itemAt = item
        self.indexPathOf = indexPath
        self.sectionCount = numberOfSections
        self.itemCount = numberOfItems
        self.needsDidApply = setNeedsDidApply
    }

    /// Asks for a ``ListPlugin/didApply(in:)`` pass: at once when the data source is idle, otherwise
    /// after the events and applies it is working through (so a plugin that finished a load from inside
    /// an event handler looks at the list once the handler's apply has been performed).
    public func setNeedsDidApply() { needsDidApply() }

    /// The item at an index path of the snapshot on screen, or `nil`.
    ///
    /// - Complexity: O(1).
    public func item(at indexPath: ListIndexPath) -> AnyHashable? { itemAt(indexPath) }

    /// The index path of an item in the snapshot on screen, or `nil`.
    ///
    /// - Complexity: Expected O(1) + O(log s).
    public func indexPath(for item: AnyHashable) -> ListIndexPath? { indexPathOf(item) }

    /// The number of sections on screen.
    public var numberOfSections: Int { sectionCount() }

    /// The number of items in a section on screen.
    ///
    /// - Parameter section: A section index in range.
    public func numberOfItems(inSection section: Int) -> Int { itemCount(section) }

    /// The last item of the last section that has items, or `nil` when the list has none.
    ///
    /// - Complexity: O(s) at worst (trailing empty sections are skipped).
    public var lastItem: AnyHashable? {
        var section = numberOfSections - 1
        while section >= 0 {
            let count = numberOfItems(inSection: section)
            if count > 0 { return item(at: ListIndexPath(item: count - 1, section: section)) }
            section -= 1
        }
        return nil
    }

    /// The items visible now, in order.
    public var visibleItems: [AnyHashable] { host.indexPathsForVisibleItems.compactMap { item(at: $0) } }
}
