import CellKit
import DiffableStore

/// Swipe actions registered per item type, like cells, with a per-item say.
///
/// ```swift
/// try dataSource.attach(SwipeActionsPlugin().trailing(Mail.self) { mail in
///     [SwipeAction("Delete", isDestructive: true) { item, done in
///         store.delete(item)                    // the item the swipe was shown for
///         try? dataSource.apply(makeSnapshot())
///         done(true)
///     }]
/// })
/// ```
///
/// The closure gets the swiped item, typed, and returns its actions, or `nil` for none (so one item of
/// a type can offer none). Items of types without a registration offer none. The first registration,
/// in the order they were added, whose type the item's value casts to answers.
@MainActor
public final class SwipeActionsPlugin: ListPlugin {
    private var providers: [SwipeEdge: [(AnyHashable) -> [SwipeAction]??]] = [:]

    /// Creates a plugin with no actions.
    public init() {}

    /// Swipe actions: one provider per data source.
    public var providedFeatures: Set<ListFeature> { [.swipeActions] }

    /// Registers the actions a swipe on the leading edge reveals, for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - actions: The actions for a swiped item, or `nil` for none.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func leading<Item>(_ type: Item.Type, _ actions: @escaping @MainActor (_ item: Item) -> [SwipeAction]?)
        -> Self
    {
        add(.leading, actions)
    }

    /// Registers the actions a swipe on the trailing edge reveals, for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - actions: The actions for a swiped item, or `nil` for none.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func trailing<Item>(_ type: Item.Type, _ actions: @escaping @MainActor (_ item: Item) -> [SwipeAction]?)
        -> Self
    {
        add(.trailing, actions)
    }

    private func add<Item>(_ edge: SwipeEdge, _ actions: @escaping @MainActor (Item) -> [SwipeAction]?) -> Self {
        providers[edge, default: []].append { item in
            guard let typed = item.base as? Item else { return .none }
            return .some(actions(typed))
        }
        return self
    }

    /// The actions of the first registration for the item's type and the edge.
    public func swipeActions(for item: AnyHashable, edge: SwipeEdge, in context: ListPluginContext)
        -> SwipeActionsConfiguration?
    {
        for provider in providers[edge] ?? [] {
            guard let answer = provider(item) else { continue }
            guard let actions = answer, !actions.isEmpty else { return nil }
            return SwipeActionsConfiguration(actions: actions)
        }
        return nil
    }
}
