import CellKit
import DiffableStore

/// Context menus registered per item type, like cells, built from the item when the user asks for one.
///
/// ```swift
/// try dataSource.attach(ContextMenuPlugin().menu(Mail.self) { mail in
///     ContextMenu(mail.subject, children: [
///         .action(ContextMenuAction("Mark as read", isDisabled: mail.isRead, for: Mail.self) { mail in
///             store.markRead(mail)                 // the mail the menu was opened for, as it is now
///         }),
///         .action(ContextMenuAction("Delete", isDestructive: true, for: Mail.self) { mail in
///             store.delete(mail)
///         }),
///     ])
/// })
/// ```
///
/// The closure gets the item, typed, and returns its menu, or `nil` for none (so one item of a type can
/// offer none). Items of types without a registration offer none. The first registration, in the order
/// they were added, whose type the item's value casts to answers. A menu for several items at once (a
/// collection view's selected items, iOS 16) comes from ``menu(forSeveral:_:)`` registrations only.
///
/// Hosts: `TextListView` opens the menu under the row (its `openContextMenu(_:)`); `CollectionViewHost` and `TableViewHost` answer UIKit's context menu delegate
/// methods. An action runs on the items the menu was opened for, looked up by identity when it is chosen:
/// an item moved or changed by an apply meanwhile is passed where and as it is now; an item deleted
/// meanwhile is left out, and when none is left the action does nothing (the menu closes as after any
/// choice; the user sees the row gone and nothing else happen).
@MainActor
public final class ContextMenuPlugin: ListPlugin {
    private var single: [(AnyHashable) -> ContextMenu??] = []
    private var several: [([AnyHashable]) -> ContextMenu??] = []

    /// Creates a plugin with no menus.
    public init() {}

    /// Context menus: one provider per data source.
    public var providedFeatures: Set<ListFeature> { [.contextMenus] }

    /// Registers the menu a long press on one row of an item type opens.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - menu: The menu for an item, built when the user asks for it, or `nil` for none.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func menu<Item>(_ type: Item.Type, _ menu: @escaping @MainActor (_ item: Item) -> ContextMenu?) -> Self {
        single.append { item in
            guard let typed = item.base as? Item else { return .none }
            return .some(menu(typed))
        }
        return self
    }

    /// Registers the menu a long press opens for several items of a type at once (the selected items of
    /// a collection view that opens a menu for several, iOS 16).
    ///
    /// - Parameters:
    ///   - type: The item type every item must cast to.
    ///   - menu: The menu for the items, in the order the host gives them, or `nil` for none.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func menu<Item>(forSeveral type: Item.Type, _ menu: @escaping @MainActor (_ items: [Item]) -> ContextMenu?)
        -> Self
    {
        several.append { items in
            let typed = items.compactMap { $0.base as? Item }
            guard typed.count == items.count else { return .none }
            return .some(menu(typed))
        }
        return self
    }

    /// The menu of the first registration for the items' type: a one-item registration for one item, a
    /// several-items registration for several.
    public func contextMenu(for items: [AnyHashable], in context: ListPluginContext) -> ContextMenu? {
        if items.count == 1 {
            for provider in single {
                guard let answer = provider(items[0]) else { continue }
                return answer
            }
            return nil
        }
        guard !items.isEmpty else { return nil }
        for provider in several {
            guard let answer = provider(items) else { continue }
            return answer
        }
        return nil
    }
}
