import DiffableStore

/// What a host that moves a focus (a keyboard, a remote, a pointer) asks its data source: adopted by
/// data sources that say which items can take the focus and how the list treats it (``UniversalDataSource``
/// answers it, from its plugins).
///
/// A host asks only a data source that adopts it; with any other, every item can take the focus and the
/// host keeps its own focus settings.
@MainActor
@_spi(ListHost)
public protocol ListHostFocus: ListHostDataSource {
    /// Whether the item at an index path can take the focus.
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    /// - Returns: `false` for an index path with no item.
    /// - Complexity: O(f) for the *f* focus registrations, plus their answers.
    func canFocusItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool

    /// How the list treats the focus, or `nil` when the data source says nothing (the host keeps its own
    /// settings: no selection following the focus, no remembered item).
    ///
    /// - Parameter host: The host asking.
    func focusBehavior(in host: any ListHost) -> ListFocusBehavior?
}

/// How a list treats the focus: whether the focused item is selected, and whether focus coming back to
/// the list goes to the item focused last (UIKit's `selectionFollowsFocus` and
/// `remembersLastFocusedIndexPath`).
@_spi(ListHost)
public struct ListFocusBehavior: Hashable, Sendable {
    /// Whether moving the focus to an item selects it (as a tap would, without toggling it off).
    public var selectionFollowsFocus: Bool
    /// Whether focus moving into a list that has none goes back to the item focused last, while it is
    /// still in the list and can take the focus.
    public var remembersLastFocusedIndexPath: Bool

    /// Creates a behaviour.
    public init(selectionFollowsFocus: Bool = false, remembersLastFocusedIndexPath: Bool = false) {
        self.selectionFollowsFocus = selectionFollowsFocus
        self.remembersLastFocusedIndexPath = remembersLastFocusedIndexPath
    }

    /// Where the focus goes when a batch removes its item (deletes it, or it can no longer take the focus):
    /// to the item that followed it in its section before the batch, the first of them still in the list
    /// that can take the focus (the item that now has its place); else to the nearest one before it that
    /// can; else nowhere (the focus is lost: its section went, or nothing left in it can take the focus).
    /// Items the batch inserted are not candidates: the neighbours are the ones the user saw around it.
    ///
    /// - Parameters:
    ///   - old: The focused item's index path before the batch.
    ///   - itemCount: The number of items its section had before the batch.
    ///   - newIndexPath: Where an item of the old state is after the batch, or `nil` when it was deleted.
    ///   - canFocus: Whether the item at an index path after the batch can take the focus.
    /// - Returns: The neighbour's index path after the batch, or `nil`.
    /// - Complexity: O(k) for the *k* items of the section looked at.
    public static func neighbour(
        ofRemoved old: ListIndexPath, itemCount: Int, newIndexPath: (ListIndexPath) -> ListIndexPath?,
        canFocus: (ListIndexPath) -> Bool
    ) -> ListIndexPath? {
        let candidates = Array((old.item + 1)..<max(old.item + 1, itemCount)) + (0..<old.item).reversed()
        for item in candidates {
            guard let target = newIndexPath(ListIndexPath(item: item, section: old.section)), canFocus(target)
            else { continue }
            return target
        }
        return nil
    }
}

/// A plugin that says which items can take the focus and how the list treats it (`FocusPlugin` of
/// `CellKitPlugins`): package API, so the core's public surface holds no focus type.
@MainActor
package protocol ListFocusProvider: ListPlugin {
    /// Whether an item can take the focus, or `nil` when the plugin does not say.
    func canFocus(_ item: AnyHashable, in context: ListPluginContext) -> Bool?
    /// How the list treats the focus.
    var focusBehavior: ListFocusBehavior { get }
}
