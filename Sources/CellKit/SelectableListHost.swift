import DiffableStore

/// A host whose items the user selects with a tap: one at a time, or several at once when
/// ``allowsMultipleSelection`` is on. The three hosts CellKit ships adopt it.
///
/// The selection is kept by identity, as UIKit keeps it: each selected item stays selected through the
/// moves and content changes of later batches, at its new index path. A selection ends, with
/// ``ListHostEvent/didDeselect(_:at:)`` naming the item and the index path it had, however it ends: a tap
/// on another row (single selection) or on the selected row again (multiple selection),
/// a deselection the app or a plugin asks for (``ListPluginContext/deselect(_:)``), the item deleted or reloaded, or the list reloaded.
@MainActor
public protocol SelectableListHost: ListHost {
    /// Whether the user can select several items at once (default `false`), as UIKit's
    /// `allowsMultipleSelection`.
    ///
    /// When `false`, a tap selects its item and deselects any other. When `true`, a tap on an item that
    /// is not selected adds it to the selection, and a tap on a selected item deselects it; no other item
    /// changes.
    var allowsMultipleSelection: Bool { get set }

    /// The index paths of the selected items, in the current state.
    var indexPathsForSelectedItems: [ListIndexPath] { get }
}
