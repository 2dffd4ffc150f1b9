#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Multiple selection and the selected items, for both hosts: UIKit keeps the selection; the hosts tell
// the delegate when one ends, however it ends (see `SelectableListHost`).

extension CollectionViewHost: SelectableListHost {
    /// Whether the user can select several items at once: the collection view's
    /// `allowsMultipleSelection` (default `false`). With it, a tap on an item adds it to the selection and
    /// a tap on a selected item deselects it (``/CellKit/ListHostEvent/didDeselect(_:at:)``).
    ///
    /// Each selection follows its item through moves and content changes and ends, with
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)`` (which UIKit does not send then), when the item is
    /// deleted or reloaded or the collection view reloads.
    public var allowsMultipleSelection: Bool {
        get { allowsMultipleSelectionInListView }
        set { allowsMultipleSelectionInListView = newValue }
    }

    /// The index paths of the selected items: the collection view's `indexPathsForSelectedItems`.
    ///
    /// - Complexity: O(k) for *k* selected items.
    public var indexPathsForSelectedItems: [ListIndexPath] {
        selectedIndexPathsInListView.compactMap(ListIndexPath.init)
    }

    var allowsMultipleSelectionInListView: Bool {
        get { collectionView.allowsMultipleSelection }
        set { collectionView.allowsMultipleSelection = newValue }
    }
}

extension TableViewHost: SelectableListHost {
    /// Whether the user can select several rows at once: the table view's `allowsMultipleSelection`
    /// (default `false`). With it, a tap on a row adds it to the selection and a tap on a selected row
    /// deselects it (``/CellKit/ListHostEvent/didDeselect(_:at:)``).
    ///
    /// Each selection follows its row's item through moves and content changes and ends, with
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)`` (which UIKit does not send then), when the item is
    /// deleted or reloaded or the table view reloads.
    public var allowsMultipleSelection: Bool {
        get { allowsMultipleSelectionInListView }
        set { allowsMultipleSelectionInListView = newValue }
    }

    /// The index paths of the selected rows: the table view's `indexPathsForSelectedRows`.
    ///
    /// - Complexity: O(k) for *k* selected rows.
    public var indexPathsForSelectedItems: [ListIndexPath] {
        selectedIndexPathsInListView.compactMap(ListIndexPath.init)
    }

    var allowsMultipleSelectionInListView: Bool {
        get { tableView.allowsMultipleSelection }
        set { tableView.allowsMultipleSelection = newValue }
    }
}
