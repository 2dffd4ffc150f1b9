@_spi(ListHost) import CellKit
import DiffableStore

/// Which items a keyboard, a remote or a pointer can focus, registered per item type, and how the list
/// treats the focus: whether the selection follows it and whether the list remembers the item focused last.
///
/// ```swift
/// let focus = FocusPlugin(selectionFollowsFocus: true, remembersLastFocusedIndexPath: true)
///     .focusable(Mail.self) { mail in !mail.isArchived }
/// focus.onFocusChange = { item in print("focused:", item.map { "\($0)" } ?? "nothing") }
/// try dataSource.attach(focus)
/// ```
///
/// Every item can take the focus unless a registration for its type says otherwise; the first
/// registration, in the order they were added, whose type the item's value casts to answers. The focus
/// is tied to its item, on every host: when an apply moves the focused item, the focus moves with it;
/// when an apply deletes it (or it can no longer take the focus), the focus goes to the item that
/// followed it (the first after it, before the apply, that is still there and can take the focus), else
/// to the nearest one before it, else it is lost. Focusing an item that cannot take the focus changes
/// nothing (the text host's `focus(_:)` returns `false`; UIKit asks `canFocusItemAt` and moves nowhere).
///
/// - `selectionFollowsFocus`: moving the focus to an item selects it, as a tap would (in a list with
///   multiple selection it is added, never toggled off). A focus moved by an apply (to a deleted item's
///   neighbour) selects nothing: the user did not move it.
/// - `remembersLastFocusedIndexPath`: when the focus comes back to a list that has none, it goes to the
///   item focused last, found by identity wherever applies moved it, while it is still in the list and
///   can take the focus.
///
/// Hosts: `TextListView` moves the focus with its `focus(_:)` and `moveFocus(_:)` (the arrow and tab
/// keys) and marks the focused row; `CollectionViewHost` and `TableViewHost` answer UIKit's focus
/// delegate methods (`canFocusItemAt`, `shouldUpdateFocusIn`, `didUpdateFocusIn`,
/// `indexPathForPreferredFocusedView`, `selectionFollowsFocusForItemAt`) and set the view's `allowsFocus`,
/// `selectionFollowsFocus` and `remembersLastFocusedIndexPath`. Each host reports
/// ``/CellKit/ListHostEvent/didFocus(_:at:)`` and ``/CellKit/ListHostEvent/didUnfocus(_:at:)``, naming the
/// item, to the data source's handlers and to every plugin.
@MainActor
public final class FocusPlugin: ListPlugin, ListFocusProvider {
    private var registrations: [(AnyHashable) -> Bool?] = []
    private let behavior: ListFocusBehavior

    /// The focused item, as the last focus event named it, or `nil` while the list has no focus.
    public private(set) var focusedItem: AnyHashable?

    /// Called for each focus event: with the item that took the focus, or `nil` when the item that had it
    /// lost it (a move from one item to another calls it twice, `nil` then the new item, in the order of
    /// the events).
    public var onFocusChange: (@MainActor (_ item: AnyHashable?) -> Void)?

    /// Creates a plugin under which every item can take the focus.
    ///
    /// - Parameters:
    ///   - selectionFollowsFocus: Whether moving the focus to an item selects it; `false` by default, as
    ///     in UIKit.
    ///   - remembersLastFocusedIndexPath: Whether focus coming back to the list goes to the item focused
    ///     last; `false` by default, as in UIKit.
    public init(selectionFollowsFocus: Bool = false, remembersLastFocusedIndexPath: Bool = false) {
        behavior = ListFocusBehavior(
            selectionFollowsFocus: selectionFollowsFocus, remembersLastFocusedIndexPath: remembersLastFocusedIndexPath)
    }

    /// The focus: one provider per data source.
    public var providedFeatures: Set<ListFeature> { [.focus] }

    /// Whether moving the focus to an item selects it.
    public var selectionFollowsFocus: Bool { behavior.selectionFollowsFocus }

    /// Whether focus coming back to the list goes to the item focused last.
    public var remembersLastFocusedIndexPath: Bool { behavior.remembersLastFocusedIndexPath }

    /// Registers which items of a type can take the focus.
    ///
    /// - Parameters:
    ///   - type: The item type (a protocol or class type serves conforming types and subclasses).
    ///   - canFocus: Whether an item can take the focus, asked each time the focus may move to it.
    /// - Returns: The plugin, to chain more registrations.
    @discardableResult
    public func focusable<Item>(_ type: Item.Type, _ canFocus: @escaping @MainActor (_ item: Item) -> Bool) -> Self {
        registrations.append { item in
            guard let typed = item.base as? Item else { return nil }
            return canFocus(typed)
        }
        return self
    }

    /// Keeps ``focusedItem`` and tells ``onFocusChange``.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didFocus(let item, _):
            focusedItem = item
            onFocusChange?(item)
        case .didUnfocus(let item, _) where focusedItem == item:
            focusedItem = nil
            onFocusChange?(nil)
        default: break
        }
    }

    /// The answer of the first registration for the item's type, as hosts read it.
    package func canFocus(_ item: AnyHashable, in context: ListPluginContext) -> Bool? {
        for registration in registrations {
            guard let answer = registration(item) else { continue }
            return answer
        }
        return nil
    }

    /// How the list treats the focus, as hosts read it.
    package var focusBehavior: ListFocusBehavior { behavior }
}
