import CellKit
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
/// whose type the item's value casts to serves it; an item no handler serves is ignored. A deselection
/// handler (``onDeselect(_:_:)``) hears every selection that ends, however it ends: a tap, a deselection in
/// code, the item deleted or reloaded, the list reloaded (``/CellKit/ListHostEvent/didDeselect(_:at:)``).
///
/// # Multiple selection
/// ``init(allowsMultipleSelection:)`` with `true` turns the host's
/// ``/CellKit/SelectableListHost/allowsMultipleSelection`` on while the plugin is attached: a tap on an
/// item adds it to the selection (its selection handler runs) and a tap on a selected item deselects it
/// (its deselection handler runs); nothing is deselected automatically. ``selectedItems`` lists the items
/// selected, by identity: each stays selected through moves and content changes, and leaves the list,
/// through its deselection handler, when it is deleted or reloaded or the list reloads. Detaching the
/// plugin from a host that had single selection deselects every item selected (``detach(from:)``).
///
/// ```swift
/// let picker = SelectionPlugin(allowsMultipleSelection: true)
///     .on(Photo.self) { photo, _ in print("picked \(photo.name)") }
///     .onDeselect(Photo.self) { photo, _ in print("unpicked \(photo.name)") }
/// try dataSource.attach(picker)
/// // tap a, tap b, tap a: prints picked a, picked b, unpicked a; picker.selectedItems is [b]
/// ```
@MainActor
public final class SelectionPlugin: ListPlugin {
    private var selectHandlers: [@MainActor (AnyHashable, ListIndexPath) -> Bool] = []
    private var deselectHandlers: [@MainActor (AnyHashable, ListIndexPath) -> Bool] = []

    /// Whether a selected row is deselected again once its handler has run (as a tapped table row
    /// flashes and clears), unless the handler's registration says otherwise. `false` with multiple
    /// selection.
    public let deselectsAutomatically: Bool
    /// Whether the plugin lets the user select several items at once (``init(allowsMultipleSelection:)``).
    public let allowsMultipleSelection: Bool
    private var keepsSelected: [(AnyHashable) -> Bool] = []
    private weak var context: ListPluginContext?
    /// The host's `allowsMultipleSelection` before the plugin turned it on, put back on detach.
    private var hostAllowedMultipleSelection: Bool?

    /// Creates a plugin with no handlers, for single selection: a tap selects its item alone.
    ///
    /// - Parameter deselectsAutomatically: Whether to deselect a row after its selection is handled;
    ///   `true` by default.
    public init(deselectsAutomatically: Bool = true) {
        self.deselectsAutomatically = deselectsAutomatically
        allowsMultipleSelection = false
    }

    /// Creates a plugin with no handlers, for multiple selection when `allowsMultipleSelection` is `true`:
    /// while it is attached, the host's ``/CellKit/SelectableListHost/allowsMultipleSelection`` is on (and
    /// put back as it was on detach), a tap toggles its item's selection, and nothing is deselected
    /// automatically. With `false`, the same as ``init(deselectsAutomatically:)`` with `false`.
    ///
    /// - Parameter allowsMultipleSelection: Whether the user may select several items at once.
    public init(allowsMultipleSelection: Bool) {
        self.allowsMultipleSelection = allowsMultipleSelection
        deselectsAutomatically = false
    }

    /// The items selected now, by identity, as the data source holds them now (an `Identifiable` item
    /// with new content is listed with it), in the order the host lists them (UIKit's
    /// `indexPathsForSelectedItems`; the text host's, in the order they were selected). Empty while the
    /// plugin is not attached, or when its host has no selection (is not a
    /// ``/CellKit/SelectableListHost``).
    ///
    /// - Complexity: O(k) for *k* selected items, expected (each is looked up by index path).
    public var selectedItems: [AnyHashable] { context?.selectedItems ?? [] }

    /// Remembers the context and, with multiple selection, turns the host's multiple selection on.
    public func attach(to context: ListPluginContext) {
        self.context = context
        guard allowsMultipleSelection else { return }
        hostAllowedMultipleSelection = context.allowsMultipleSelection
        context.allowsMultipleSelection = true
    }

    /// Puts the host's multiple selection back as it was before ``attach(to:)``.
    ///
    /// When that turns multiple selection off, the items selected are deselected first, as a table view
    /// leaving editing mode deselects its rows: the picks belonged to the multiple selection, and a
    /// single-selection list never shows several. Each is told as any deselection is: the host's delegate
    /// hears ``/CellKit/ListHostEvent/didDeselect(_:at:)`` and this plugin's deselection handler runs.
    public func detach(from context: ListPluginContext) {
        self.context = nil
        defer { hostAllowedMultipleSelection = nil }
        guard let previous = hostAllowedMultipleSelection else { return }
        if !previous {
            for item in context.selectedItems {
                guard let indexPath = context.indexPath(for: item) else { continue }
                context.deselect(item)
                // Detached, the plugin hears no more events: run the handler here.
                for handler in deselectHandlers where handler(item, indexPath) { break }
            }
        }
        context.allowsMultipleSelection = previous
    }

    /// Keeps items of a type selected after a tap, whatever ``deselectsAutomatically`` says (a detail
    /// row shown beside the list, for example).
    ///
    /// - Parameter type: The item type.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func keepsSelection<Item>(for type: Item.Type) -> Self {
        keepsSelected.append { $0.base is Item }
        return self
    }

    /// Adds a selection handler for an item type (a protocol or class type serves conforming types
    /// and subclasses).
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - handler: Receives the selected item, typed, and the index path it was selected at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func on<Item>(
        _ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void
    ) -> Self {
        selectHandlers.append(typedItemHandler(handler))
        return self
    }

    /// Adds a deselection handler for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type.
    ///   - handler: Receives the deselected item, typed, and the index path it was deselected at.
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func onDeselect<Item>(
        _ type: Item.Type, _ handler: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void
    ) -> Self {
        deselectHandlers.append(typedItemHandler(handler))
        return self
    }

    /// Hands a selection or deselection to the first handler that serves its item's type.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didSelect(let item, let indexPath):
            for handler in selectHandlers where handler(item, indexPath) { break }
            // Deselect where the item is now (the handler may have applied), if it is still selected there.
            if deselectsAutomatically, !keepsSelected.contains(where: { $0(item) }) { context.deselect(item) }
        case .didDeselect(let item, let indexPath):
            for handler in deselectHandlers where handler(item, indexPath) { return }
        default:
            break
        }
    }
}

/// Forwards highlights (a finger down on a row, before any selection) to handlers per item type, to
/// style the row while it is pressed.
///
/// ```swift
/// try dataSource.attach(HighlightPlugin()
///     .on(Tile.self, highlight: { tile, _ in pressed.insert(tile.id) }, unhighlight: { tile, _ in pressed.remove(tile.id) }))
/// ```
@MainActor
public final class HighlightPlugin: ListPlugin {
    private var handlers: [(ListHostEvent) -> Bool] = []

    /// Creates a plugin with no handlers.
    public init() {}

    /// Adds handlers for an item type.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - highlight: Called with the item and index path when its row is highlighted.
    ///   - unhighlight: Called with the item that was highlighted (even if it was deleted since) and
    ///     its index path when the highlight ended: where it is, or, for a deleted item, where it was
    ///     (that index path may hold another item now).
    /// - Returns: The plugin, to chain more handlers.
    @discardableResult
    public func on<Item>(
        _ type: Item.Type,
        highlight: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void,
        unhighlight: @escaping @MainActor (_ item: Item, _ indexPath: ListIndexPath) -> Void
    ) -> Self {
        handlers.append { event in
            switch event {
            case .didHighlight(let item, let path):
                guard let typed = item.base as? Item else { return false }
                highlight(typed, path)
            case .didUnhighlight(let item, let path):
                guard let typed = item.base as? Item else { return false }
                unhighlight(typed, path)
            default:
                return false
            }
            return true
        }
        return self
    }

    /// Hands a highlight or unhighlight to the first handler that serves its item's type.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        for handler in handlers where handler(event) { return }
    }
}
