#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Several items dragged together and dropped at one place, for both hosts: what the bridges' drag and drop
// delegate calls do (UIKit has no drag and drop on tvOS).

extension UIKitListHost {
    /// The drag item for an item the user picks up or adds to a drag: one, carrying the item, when the
    /// data source lets it move; none otherwise (it cannot be dragged).
    func dragItems(forItemAt indexPath: IndexPath) -> [UIDragItem] {
        guard let path = ListIndexPath(indexPath), contains(path), let dataSource,
            dataSource.canMoveItem(at: path, in: self), let item = dataSource.itemIdentifier(at: path, in: self)
        else { return [] }
        let dragItem = UIDragItem(itemProvider: NSItemProvider())
        dragItem.localObject = item
        return [dragItem]
    }

    /// Whether a drop session over the list view is a move of items dragged in this app (a drag from
    /// another app is not the host's to take).
    func proposesMove(for session: any UIDropSession) -> Bool {
        session.localDragSession != nil
    }

    /// Drops items dragged from this list view at one place, as `TextListView.drop(_:at:)` does: they land
    /// in drag order, the first at `destination` (in the coordinates after the drop; `nil`, past the last
    /// item, is the end of the last section), the others right after it.
    ///
    /// The data source is asked first and may refuse: every item must be movable, and the destination,
    /// proposed for the first item, allowed unchanged. Then the host performs the moves as one checked
    /// batch, with the data source updating its data inside it (``/CellKit/ListHostDataSource/moveItems(from:to:in:)``),
    /// and the delegate hears ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)`` for each item. When the data
    /// source's counts do not match the moves, the list view reloads from the data source instead.
    ///
    /// - Parameters:
    ///   - sources: Where the dropped items were dragged from, in drag order (`nil` for an item dragged
    ///     from elsewhere: the drop is refused).
    ///   - destination: The drop's destination index path.
    /// - Returns: Where each item landed, in drag order; empty when the drop is refused.
    /// - Complexity: O(k log k) for *k* items, plus the batch.
    func performDrop(from sources: [IndexPath?], to destination: IndexPath?) -> [IndexPath] {
        let paths = sources.compactMap { $0.flatMap(ListIndexPath.init) }
        guard let dataSource, !paths.isEmpty, paths.count == sources.count, Set(paths).count == paths.count,
            paths.allSatisfy({ contains($0) && dataSource.canMoveItem(at: $0, in: self) })
        else { return [] }
        let counts = knownCounts()
        let target: ListIndexPath
        if let destination {
            guard let path = ListIndexPath(destination) else { return [] }
            target = path
        } else {
            guard let last = counts.indices.last else { return [] }
            target = ListIndexPath(item: counts[last] - paths.count(where: { $0.section == last }), section: last)
        }
        guard counts.indices.contains(target.section) else { return [] }
        let leaving = paths.count(where: { $0.section == target.section })
        guard target.item >= 0, target.item <= counts[target.section] - leaving,
            dataSource.targetIndexPath(forMoveFrom: paths[0], to: target, in: self) == target
        else { return [] }
        let moves = paths.enumerated().map { offset, source in
            Move(source, ListIndexPath(item: target.item + offset, section: target.section))
        }
        guard moves.contains(where: { $0.source != $0.destination }) else { return [] }
        return transaction {
            let items = paths.map { dataSource.itemIdentifier(at: $0, in: self) }
            do {
                try performCheckedBatch(BatchUpdate(movedItems: moves)) {
                    dataSource.moveItems(from: paths, to: target, in: self)
                }
            } catch {
                reloadEverything()
                return []
            }
            for (move, item) in zip(moves, items) {
                if let item { state.events.append(.didMoveItem(item, from: move.source, to: move.destination)) }
            }
            return moves.map(\.destination.indexPath)
        }
    }
}
#endif
