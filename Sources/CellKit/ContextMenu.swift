import DiffableStore

/// A menu a long press (a secondary click) on a row opens: a title and entries, each an action or a
/// submenu.
///
/// It is a value, the same for every host: `TextListView` renders it under the row, the UIKit hosts turn
/// it into a `UIMenu` of `UIAction`s in a `UIContextMenuConfiguration`. A plugin builds it from the item
/// when the user asks for the menu (`ContextMenuPlugin` of `CellKitPlugins`).
///
/// ```swift
/// ContextMenu("Mail", children: [
///     .action(ContextMenuAction("Reply", for: Mail.self) { mail in reply(to: mail) }),
///     .submenu(ContextMenu("Move to", children: folders.map { folder in
///         .action(ContextMenuAction(folder.name, for: Mail.self) { mail in move(mail, to: folder) })
///     })),
///     .action(ContextMenuAction("Delete", isDestructive: true, for: Mail.self) { mail in delete(mail) }),
/// ])
/// ```
@MainActor
public struct ContextMenu {
    /// The title shown above the entries (may be empty).
    public var title: String
    /// The entries, top to bottom.
    public var children: [ContextMenuElement]
    /// What the host shows with the menu in place of the pressed row, made when the menu shows: a view
    /// controller on the UIKit hosts (`previewing(_:)` of CellKitUIKit), lines of text on the text host
    /// (`previewing(text:)` of CellKitText); `nil`, the row itself.
    package var preview: ContextMenuPreview?

    /// Creates a menu.
    ///
    /// - Parameters:
    ///   - title: The title shown above the entries; empty by default.
    ///   - children: The entries, top to bottom.
    public init(_ title: String = "", children: [ContextMenuElement]) {
        self.title = title
        self.children = children
    }

    /// The entry reached by following titles: each but the last names a submenu, the last the entry.
    ///
    /// - Complexity: O(e) for the *e* entries of the menus on the way.
    package func element(at titles: [String]) -> ContextMenuElement? {
        guard let first = titles.first, let element = children.first(where: { $0.title == first }) else { return nil }
        guard titles.count > 1 else { return element }
        guard case .submenu(let submenu) = element else { return nil }
        return submenu.element(at: Array(titles.dropFirst()))
    }

    /// The menu with every action's `perform` passed through `transform` (submenus included).
    package func mapActions(_ transform: (ContextMenuAction) -> ContextMenuAction) -> ContextMenu {
        var menu = ContextMenu(
            title,
            children: children.map { element in
                switch element {
                case .action(let action): .action(transform(action))
                case .submenu(let submenu): .submenu(submenu.mapActions(transform))
                }
            })
        menu.preview = preview
        return menu
    }
}

/// What a host shows with a ``ContextMenu`` in place of the pressed row (each host module sets the kind
/// it shows).
@MainActor
package enum ContextMenuPreview {
    /// Lines of text (the text host).
    case text(@MainActor () -> String)
    /// A view controller (the UIKit hosts), made when the menu shows.
    case object(@MainActor () -> AnyObject?)
}

/// One entry of a ``ContextMenu``: an action, or a submenu that opens more entries.
@MainActor
public enum ContextMenuElement {
    /// An action, performed when chosen.
    case action(ContextMenuAction)
    /// A submenu, whose entries show when chosen.
    case submenu(ContextMenu)

    /// The entry's title.
    package var title: String {
        switch self {
        case .action(let action): action.title
        case .submenu(let menu): menu.title
        }
    }
}

/// An action of a ``ContextMenu``, such as "Reply" or "Delete".
///
/// The action acts on the items the menu was opened for, by identity, with their values as they are
/// when it is chosen: a ``UniversalDataSource`` looks them up in the snapshot on screen, so an apply that
/// moved or changed an item while its menu was open reaches the handler with the item where and as it is
/// now. An item deleted while its menu was open is left out; when every item is gone, the handler is not
/// called and nothing happens (the menu closes, as after any choice). A disabled action shows greyed out
/// and cannot be performed.
@MainActor
public struct ContextMenuAction {
    /// The action's title, which also names it to test drivers.
    public var title: String
    /// Whether the action destroys the items (shown in red on iOS).
    public var isDestructive: Bool
    /// Whether the action shows greyed out and cannot be chosen.
    public var isDisabled: Bool
    /// Performs the action for the items the menu was opened for, as they are now (never empty): what
    /// the hosts call.
    package let perform: @MainActor (_ items: [AnyHashable]) -> Void

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - isDestructive: Whether the action destroys the items; `false` by default.
    ///   - isDisabled: Whether the action is shown greyed out and cannot be chosen; `false` by default.
    ///   - perform: Acts on the items the menu was opened for (one, unless a host opened it for several),
    ///     as they are now.
    public init(
        _ title: String, isDestructive: Bool = false, isDisabled: Bool = false,
        perform: @escaping @MainActor (_ items: [AnyHashable]) -> Void
    ) {
        self.title = title
        self.isDestructive = isDestructive
        self.isDisabled = isDisabled
        self.perform = perform
    }

    /// Creates an action whose handler gets each item typed, as the registration that offers it.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - isDestructive: Whether the action destroys the item; `false` by default.
    ///   - isDisabled: Whether the action is shown greyed out and cannot be chosen; `false` by default.
    ///   - type: The item type the action is offered for.
    ///   - perform: Acts on an item the menu was opened for, as it is now, typed: called once per item
    ///     (once, for a menu opened on one row), in order; items of another type are skipped.
    public init<Item>(
        _ title: String, isDestructive: Bool = false, isDisabled: Bool = false, for type: Item.Type,
        perform: @escaping @MainActor (_ item: Item) -> Void
    ) {
        self.init(title, isDestructive: isDestructive, isDisabled: isDisabled) { items in
            for item in items { if let typed = item.base as? Item { perform(typed) } }
        }
    }
}
