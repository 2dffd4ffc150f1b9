@_spi(ListHost) import CellKit
import DiffableStore

// Drag and drop between two lists on one screen: rows picked up in one text list and dropped onto
// another, as UIKit's drag and drop between two collection views of an app does. The items are known by
// identity from the moment they are picked up; the data sources decide and apply (ListHostTransfers).

extension TextListView {
    /// Picks up rows to drag them onto another list, as a long press and a drag do; drop them with the
    /// other list's ``dropItems(draggedFrom:at:)``, or put them back with ``cancelDragOut()``.
    ///
    /// The drag holds the items, not their rows: applies during the drag may move or change them, and
    /// the drop takes them as they are then (an item deleted meanwhile is left out).
    ///
    /// - Parameter sources: The rows to pick up, in drag order; distinct items of the list.
    /// - Returns: `false`, changing nothing, when a row is not in the list or its item may not leave it
    ///   (`TransferHandlers.canDragItem`), or rows are being dragged out already.
    /// - Complexity: O(k log n) for *k* rows, plus the data source's answers.
    @discardableResult
    public func beginDragOut(_ sources: [ListIndexPath]) -> Bool {
        loadIfNeeded()
        guard draggedOut.isEmpty, !sources.isEmpty, Set(sources).count == sources.count,
            let dataSource = dataSource as? any ListHostTransfers
        else { return false }
        var items: [AnyHashable] = []
        for path in sources {
            guard rows.row(of: path) != nil, dataSource.canDragItemOut(at: path, in: self),
                let item = dataSource.itemIdentifier(at: path, in: self)
            else { return false }
            items.append(item)
        }
        draggedOut = items
        return true
    }

    /// The items being dragged out of this list, as they were picked up; empty when none are.
    public var itemsDraggedOut: [AnyHashable] { draggedOut }

    /// Puts the rows being dragged out back: the drag ends and nothing changes.
    public func cancelDragOut() {
        draggedOut = []
    }

    /// What dropping the items being dragged out of `other` here would do now, as a list asks while a
    /// drag hovers over it: ``/CellKit/ListDropOperation/move`` or ``/CellKit/ListDropOperation/copy``,
    /// or `nil` when the drop would be refused.
    ///
    /// - Parameters:
    ///   - other: The list the items are being dragged out of.
    ///   - destination: Where the first would land here: an item index up to the section's count.
    /// - Complexity: That of the data sources' answers.
    public func dropOperation(forItemsDraggedFrom other: TextListView, at destination: ListIndexPath)
        -> ListDropOperation?
    {
        guard other !== self, !other.draggedOut.isEmpty, let dataSource = dataSource as? any ListHostTransfers else {
            return nil
        }
        return dataSource.dropOperation(for: other.draggedOut, from: other, at: destination, in: self)
    }

    /// Drops the items being dragged out of `other` here: the first lands at `destination`, the others
    /// right after it. The data sources decide (the receiving one may refuse, or insert other items in
    /// their place) and both apply their new snapshots, animated; the drag ends either way.
    ///
    /// - Parameters:
    ///   - other: The list the items are being dragged out of.
    ///   - destination: Where the first lands here: an item index up to the section's count.
    /// - Returns: `false`, changing neither list, when no drag is under way in `other`, or the drop is
    ///   refused (by either side, because every dragged item is gone, or because an arriving item is
    ///   already in this list).
    /// - Complexity: That of the data sources' work: both applies.
    @discardableResult
    public func dropItems(draggedFrom other: TextListView, at destination: ListIndexPath) -> Bool {
        let items = other.draggedOut
        guard other !== self, !items.isEmpty else { return false }
        other.draggedOut = []
        guard let dataSource = dataSource as? any ListHostTransfers else { return false }
        return dataSource.performDrop(of: items, from: other, at: destination, in: self)
    }
}
