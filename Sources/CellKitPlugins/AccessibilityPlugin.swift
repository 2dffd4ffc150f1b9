@_spi(ListHost) import CellKit
import DiffableStore

/// Accessibility descriptions registered per item type, like cells: what VoiceOver says about a row
/// (label, value, hint, traits), built from the item.
///
/// ```swift
/// try dataSource.attach(AccessibilityPlugin().describe(Mail.self) { mail in
///     AccessibilityDescription(
///         label: "\(mail.sender), \(mail.subject)", value: mail.isRead ? nil : "unread",
///         hint: "Opens the mail", traits: [.button])
/// })
/// ```
///
/// The closure gets the item, typed, and returns its description, or `nil` for none (the cell keeps its
/// own). The first registration, in the order they were added, whose type the item's value casts to
/// answers. Whether or not a row is described, its swipe actions (``SwipeActionsPlugin``), its context
/// menu's actions (``ContextMenuPlugin``; on the text host only: UIKit's VoiceOver opens a cell's menu
/// itself, and the menu is built only when asked for) and, where the data source's `reorderingHandlers` let it
/// move, "Move up", "Move down" and "Move to top" are offered as custom actions: a VoiceOver user
/// performs them from the rotor, and each acts on the row's item by identity, as the gesture would.
///
/// Hosts: `CollectionViewHost` and `TableViewHost` set the cells' `accessibilityLabel`, `accessibilityValue`,
/// `accessibilityHint`, `accessibilityTraits` and `accessibilityCustomActions` as they configure them;
/// `TextListView` reads the rows out (its `renderAccessibility()`) and performs a custom action by
/// name (its `performAccessibilityAction(_:on:)`).
///
/// VoiceOver's cursor is followed by identity: each host reports
/// ``/CellKit/ListHostEvent/didAccessibilityFocus(_:at:)`` and
/// ``/CellKit/ListHostEvent/didAccessibilityUnfocus(_:at:)``, naming the item, to the data source's
/// handlers and to every plugin; the plugin keeps the item under the cursor in ``accessibilityFocusedItem``
/// and tells ``onAccessibilityFocusChange``:
///
/// ```swift
/// accessibility.onAccessibilityFocusChange = { item in print("VoiceOver on:", item.map { "\($0)" } ?? "nothing") }
/// ```
///
/// UIKit hosts learn of it from `UIAccessibility.elementFocusedNotification` (the element VoiceOver
/// focused, traced to the cell that holds it); `TextListView` has a VoiceOver cursor of its own
/// (`accessibilityFocus(_:)`, `moveAccessibilityFocus(_:)`), shown in its `renderAccessibility()`.
@MainActor
public final class AccessibilityPlugin: ListPlugin, ListAccessibilityDescriber {
    private var describers: [(AnyHashable) -> AccessibilityDescription??] = []

    /// The item VoiceOver's cursor is on, as the last accessibility-focus event named it, or `nil` while
    /// it is on no row of the list.
    public private(set) var accessibilityFocusedItem: AnyHashable?

    /// Called for each accessibility-focus event: with the item the cursor moved onto, or `nil` when the
    /// item it was on lost it (a move from one row to another calls it twice, `nil` then the new item, in
    /// the order of the events).
    public var onAccessibilityFocusChange: (@MainActor (_ item: AnyHashable?) -> Void)?

    /// Creates a plugin that describes nothing.
    public init() {}

    /// Accessibility descriptions: one provider per data source.
    public var providedFeatures: Set<ListFeature> { [.accessibility] }

    /// Registers how rows of an item type are described.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - describe: The description of an item, built each time its cell is configured (and when the
    ///     text host renders it), or `nil` for none.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func describe<Item>(
        _ type: Item.Type, _ describe: @escaping @MainActor (_ item: Item) -> AccessibilityDescription?
    ) -> Self {
        describers.append { item in
            guard let typed = item.base as? Item else { return .none }
            return .some(describe(typed))
        }
        return self
    }

    /// Keeps ``accessibilityFocusedItem`` and tells ``onAccessibilityFocusChange``.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didAccessibilityFocus(let item, _):
            accessibilityFocusedItem = item
            onAccessibilityFocusChange?(item)
        case .didAccessibilityUnfocus(let item, _) where accessibilityFocusedItem == item:
            accessibilityFocusedItem = nil
            onAccessibilityFocusChange?(nil)
        default: break
        }
    }

    /// The description of the first registration for the item's type, as hosts read it.
    package func accessibilityDescription(for item: AnyHashable, in context: ListPluginContext)
        -> ListAccessibilityDescription?
    {
        for describer in describers {
            guard let answer = describer(item) else { continue }
            return answer?.listDescription
        }
        return nil
    }
}
