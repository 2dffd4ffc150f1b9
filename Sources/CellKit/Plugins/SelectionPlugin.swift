import DiffableStore

/// Routes selections to a handler per item type, as registrations route cells.
///
/// ```swift
/// try dataSource.attach(SelectionPlugin()
///     .on(Tile.self) { tile, _ in open(tile) }
///     .on((any Message).self) { message, indexPath in reply(to: message) })
/// ```
///
/// The handler gets the item the user selected (even when an apply ran between the selection and its
/// delivery) and the index path it was selected at. The first handler, in the order they were added,
/// whose type the item's value casts to serves it; an item no handler serves is ignored.
@MainActor
public final class SelectionPlugin: ListPlugin {
    private var selectHandlers: [(AnyHashable, ListIndexPath) -> Bool] = []
    private var deselectHandlers: [(AnyHashable, ListIndexPath) -> Bool] = []

    /// Creates a plugin with no handlers.
    public init() {}

    /// Adds a selection handler for an item type (a protocol or class type serves conforming types
    /// and subclasses).
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - handler: Receives the selected item, typed, and the index path it was selected at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func on<Item>(_ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void) -> Self {
        selectHandlers.append { item, indexPath in
            guard let typed = item.base as? Item else { return false }
            handler(typed, indexPath)
            return true
        }
        return self
    }

    /// Adds a deselection handler for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - handler: Receives the deselected item, typed, and the index path it was deselected at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func onDeselect<Item>(_ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void) -> Self {
        deselectHandlers.append { item, indexPath in
            guard let typed = item.base as? Item else { return false }
            handler(typed, indexPath)
            return true
        }
        return self
    }

    /// Hands a selection or deselection to the first handler that serves its item's type.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didSelect(let item, let indexPath):
            for handler in selectHandlers where handler(item, indexPath) { return }
        case .didDeselect(let item, let indexPath):
            for handler in deselectHandlers where handler(item, indexPath) { return }
        default:
            break
        }
    }
}
