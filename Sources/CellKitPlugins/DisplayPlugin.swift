import CellKit
import DiffableStore

/// Forwards display events to handlers per item type: one `willDisplay` and one `didEndDisplaying` per
/// display period of an item, including when the item was deleted, moved or reloaded, and none for a
/// reconfigure in place.
///
/// ```swift
/// try dataSource.attach(DisplayPlugin()
///     .onWillDisplay(Video.self) { video, _ in player.prepare(video) }
///     .onDidEndDisplaying(Video.self) { video, _ in player.stop(video) })
/// ```
@MainActor
public final class DisplayPlugin: ListPlugin {
    private var willDisplay: [@MainActor (AnyHashable, ListIndexPath) -> Bool] = []
    private var didEndDisplaying: [@MainActor (AnyHashable, ListIndexPath) -> Bool] = []

    /// Creates a plugin with no handlers.
    public init() {}

    /// Adds a handler for items of a type coming into view.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - handler: Receives the item and the index path it showed at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func onWillDisplay<Item>(
        _ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void
    ) -> Self {
        willDisplay.append(typedItemHandler(handler))
        return self
    }

    /// Adds a handler for items of a type leaving the view (scrolled away, deleted or reloaded).
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - handler: Receives the item it was showing (not whatever is at that index path now) and the
    ///     index path it was at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func onDidEndDisplaying<Item>(
        _ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void
    ) -> Self {
        didEndDisplaying.append(typedItemHandler(handler))
        return self
    }

    /// Hands a display event to the first handler that serves its item's type.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .willDisplay(let item, let indexPath):
            for handler in willDisplay where handler(item, indexPath) { return }
        case .didEndDisplaying(let item, let indexPath):
            for handler in didEndDisplaying where handler(item, indexPath) { return }
        default:
            break
        }
    }
}

/// Calls an action every time the last item of the list (the last item of the last section that has
/// items) is about to be shown: the stateless primitive under pagination, for your own policy.
///
/// ```swift
/// try dataSource.attach(LastItemVisiblePlugin { print("reached the end") })
/// ```
@MainActor
public final class LastItemVisiblePlugin: ListPlugin {
    private let action: @MainActor (_ item: AnyHashable) -> Void

    /// Creates the plugin.
    ///
    /// - Parameter action: Called with the last item each time it is about to be shown.
    public init(_ action: @escaping @MainActor (_ item: AnyHashable) -> Void) {
        self.action = action
    }

    /// Calls the action when the item coming into view is the list's last item.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        guard case .willDisplay(let item, _) = event, item == context.lastItem else { return }
        action(item)
    }
}
