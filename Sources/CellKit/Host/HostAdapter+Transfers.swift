import DiffableStore

// Drag and drop between two lists, the data sources' side: the receiving adapter asks its handlers, finds
// the dragged items by identity in the source data source, and applies both new snapshots (its own with
// the arriving items, then the source's without the dragged ones, for a move). Each side then hears the
// drop by its items.

/// The side of a data source that items are dragged out of, as another data source's adapter reaches it
/// through the source host (whatever its section type).
@MainActor
protocol DragOutSource: AnyObject {
    /// The data source (``ListDrop/source``).
    var dataSourceObject: AnyObject { get }
    /// The dragged items that may leave now, as they are now, in order, each once: found by identity,
    /// allowed by ``TransferHandlers/canDragItem``.
    func itemsLeaving(_ items: [AnyHashable]) -> [AnyHashable]
    /// Applies the snapshot without `items` (items of it, from ``itemsLeaving(_:)``).
    ///
    /// - Returns: `false`, changing nothing, when one is not in it or the apply fails.
    func removeItemsLeaving(_ items: [AnyHashable]) -> Bool
    /// Tells ``TransferHandlers/didDragOut``.
    func didDragOut(_ drop: ListDrop, _ acceptance: ListDropAcceptance)
}

extension HostAdapter: ListHostTransfers, DragOutSource {
    // MARK: ListHostTransfers

    /// Whether the item at an index path may be dragged onto another list: ``TransferHandlers/canDragItem``.
    func canDragItemOut(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        guard let canDrag = owner.reordering.transferHandlers.canDragItem,
            let item = store.current.itemIdentifier(at: indexPath)
        else { return false }
        return canDrag(item)
    }

    /// Whether ``TransferHandlers/acceptDrop`` is set.
    func acceptsDropsFromOtherLists(in host: any ListHost) -> Bool {
        owner.reordering.transferHandlers.acceptDrop != nil
    }

    /// What a drop from `source` at `destination` would do: the acceptance's operation, or `nil`.
    ///
    /// - Complexity: Expected O(k) for *k* items, plus the handlers and the snapshot edit (O(n)).
    func dropOperation(
        for items: [AnyHashable], from source: any ListHost, at destination: ListIndexPath, in host: any ListHost
    ) -> ListDropOperation? {
        dropPlan(for: items, from: source, at: destination)?.acceptance.operation
    }

    /// Drops items from `source` at `destination`: this data source applies its snapshot with the
    /// accepted items, then, for a move, the source applies its own without the dragged items (this one is
    /// put back if that fails); then ``TransferHandlers/didDrop`` and ``TransferHandlers/didDragOut``.
    ///
    /// - Complexity: Expected O(k) for *k* items, plus the handlers and the two applies.
    func performDrop(
        of items: [AnyHashable], from source: any ListHost, at destination: ListIndexPath, in host: any ListHost
    ) -> Bool {
        guard let plan = dropPlan(for: items, from: source, at: destination) else { return false }
        let previous = owner.snapshot()
        do {
            try owner.apply(plan.next)
        } catch {
            return false
        }
        if plan.acceptance.operation == .move, !plan.source.removeItemsLeaving(plan.drop.items) {
            // Not expected (the items were found there just now): the drop is undone here.
            try? owner.apply(previous)
            return false
        }
        owner.reordering.transferHandlers.didDrop?(plan.drop, plan.acceptance)
        plan.source.didDragOut(plan.drop, plan.acceptance)
        return true
    }

    /// The drop of `items` from `source` at `destination`, if both sides allow it: the source is
    /// another data source's host; the items still there that may leave; the destination in a section
    /// of this list's latest snapshot, at most its count; the acceptance, non-empty; and this list's
    /// snapshot with the accepted items inserted (`nil` when one is already there).
    private func dropPlan(for items: [AnyHashable], from source: any ListHost, at destination: ListIndexPath)
        -> DropPlan?
    {
        guard let accept = owner.reordering.transferHandlers.acceptDrop,
            let sourceSide = source.dataSource as? any DragOutSource, sourceSide !== self
        else { return nil }
        let leaving = sourceSide.itemsLeaving(items)
        var next = owner.snapshot()
        guard !leaving.isEmpty, let section = next.sectionIdentifier(at: destination.section),
            let existing = next.itemIdentifiers(inSection: section), (0...existing.count).contains(destination.item)
        else { return nil }
        let drop = ListDrop(items: leaving, destination: destination, source: sourceSide.dataSourceObject)
        guard let acceptance = accept(drop), !acceptance.items.isEmpty else { return nil }
        do {
            if destination.item < existing.count {
                try next.insertItems(acceptance.items, beforeItem: existing[destination.item])
            } else {
                try next.appendItems(acceptance.items, toSection: section)
            }
        } catch {
            return nil
        }
        return DropPlan(drop: drop, acceptance: acceptance, next: next, source: sourceSide)
    }

    /// A drop both sides allow: what the receiving side applies, and the side the items leave.
    private struct DropPlan {
        let drop: ListDrop
        let acceptance: ListDropAcceptance
        let next: Snapshot<SectionIdentifier, AnyHashable>
        let source: any DragOutSource
    }

    // MARK: DragOutSource

    var dataSourceObject: AnyObject { owner }

    func itemsLeaving(_ items: [AnyHashable]) -> [AnyHashable] {
        guard let canDrag = owner.reordering.transferHandlers.canDragItem else { return [] }
        let latest = owner.snapshot()
        var seen = Set<AnyHashable>()
        return items.compactMap { item in
            guard let current = latest.contains(item) ? item : store.currentItem(for: item),
                latest.contains(current), canDrag(current), seen.insert(current).inserted
            else { return nil }
            return current
        }
    }

    func removeItemsLeaving(_ items: [AnyHashable]) -> Bool {
        var next = owner.snapshot()
        do {
            try next.deleteItems(items)
            try owner.apply(next)
        } catch {
            return false
        }
        return true
    }

    func didDragOut(_ drop: ListDrop, _ acceptance: ListDropAcceptance) {
        owner.reordering.transferHandlers.didDragOut?(drop, acceptance)
    }
}
