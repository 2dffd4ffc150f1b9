import DiffableStore

/// What an interactive move changed: the snapshots before and after, and the difference between their
/// items, like `NSDiffableDataSourceTransaction`.
public struct ReorderTransaction<SectionIdentifier: Hashable> {
    /// The snapshot before the move.
    public let initialSnapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// The snapshot after it: what the data source shows now.
    public let finalSnapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// The item moved (the first of them, for a drop of several).
    public let item: AnyHashable
    /// Where it was.
    public let source: ListIndexPath
    /// Where it is now (coordinates after the move).
    public let destination: ListIndexPath
    /// Every item moved, in the order they were dragged: `[item]` for an interactive move of one row.
    public let items: [AnyHashable]

    /// The difference from the initial items to the final ones, section after section, with the move
    /// inferred: apply it to your backing array, or take `finalSnapshot.itemIdentifiers`.
    ///
    /// - Complexity: O(n) for a single move (Swift's `difference(from:)`, *n* the number of items).
    public var difference: CollectionDifference<AnyHashable> {
        finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers).inferringMoves()
    }
}

/// The closures that let users reorder rows, as Apple's `reorderingHandlers`: the move is allowed per
/// item, can be vetoed or redirected *during* the drag, and is reported as a transaction after the
/// data source has updated its own snapshot.
@MainActor
public struct ReorderingHandlers<SectionIdentifier: Hashable> {
    /// Whether an item's row may be picked up; reordering is off while it is `nil`.
    public var canReorderItem: (@MainActor (_ item: AnyHashable) -> Bool)?
    /// Where a row may go: return the proposal, another index path, or `nil` to veto it (asked during
    /// the drag). `nil` allows every destination.
    public var targetIndexPath: (@MainActor (_ item: AnyHashable, _ proposed: ListIndexPath) -> ListIndexPath?)?
    /// Called with the transaction before the data source updates its snapshot.
    public var willReorder: (@MainActor (_ transaction: ReorderTransaction<SectionIdentifier>) -> Void)?
    /// Called with the transaction once the snapshot on screen is the final one. Update your model here;
    /// an `apply` of the final snapshot from here is an empty changeset.
    public var didReorder: (@MainActor (_ transaction: ReorderTransaction<SectionIdentifier>) -> Void)?

    /// Handlers that allow nothing.
    public init() {}
}

extension UniversalDataSource {
    /// Whether the item at an index path may be moved: ``reorderingHandlers``' `canReorderItem`; never
    /// for a row of an outline section.
    ///
    /// - Parameters:
    ///   - indexPath: An item in the current snapshot.
    ///   - host: The host asking.
    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        // Rows of outline sections are not reordered by dragging (their tree would have to move too).
        guard !isOutlineSection(at: indexPath.section) else { return false }
        guard let canReorder = reordering.handlers.canReorderItem, let item = item(at: indexPath) else { return false }
        return canReorder(item)
    }

    /// Where a row being moved may go: ``reorderingHandlers``' `targetIndexPath`, asked during the drag;
    /// never into an outline section.
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - proposed: Where the finger proposes to drop it.
    ///   - host: The host asking.
    /// - Returns: The allowed destination, or `nil` to veto.
    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?
    {
        guard let item = item(at: source), !isOutlineSection(at: proposed.section) else { return nil }
        guard let target = reordering.handlers.targetIndexPath else { return proposed }
        return target(item, proposed)
    }

    /// Moves an item in the snapshot on screen, in the same turn as the host moves its row, and tells
    /// ``reorderingHandlers``: `willReorder` now, `didReorder` when the host reports the move (after its
    /// batch, with the data source settled).
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - destination: Where it was dropped (coordinates after the move).
    ///   - host: The host asking.
    /// - Complexity: Expected O(n) for the snapshot edit, *n* the number of items.
    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost) {
        guard let item = item(at: source), let section = current.sectionIdentifier(at: destination.section) else {
            return
        }
        var final = current
        do {
            try final.deleteItems([item])
            let items = final.itemIdentifiers(inSection: section) ?? []
            if destination.item < items.count {
                try final.insertItems([item], beforeItem: items[destination.item])
            } else {
                try final.appendItems([item], toSection: section)
            }
        } catch {
            // The index paths came from the host's own rows, so the edit cannot fail.
            assertionFailure("moving \(item) from \(source) to \(destination): \(error)")
            return
        }
        let transaction = ReorderTransaction(
            initialSnapshot: current, finalSnapshot: final, item: item, source: source, destination: destination,
            items: [item])
        reordering.handlers.willReorder?(transaction)
        self.transaction.performNow(.userMove, final)
        slicesFollowMoves([Move(source, destination)], before: transaction.initialSnapshot, after: final)
        reordering.pending.append(transaction)
    }

    /// Moves several items, dropped together, in the snapshot on screen, in the same turn as the host
    /// moves their rows: they land in the order given, the first at `destination`. Tells
    /// ``reorderingHandlers`` as for one row, with one transaction whose ``ReorderTransaction/items``
    /// are all of them.
    ///
    /// - Parameters:
    ///   - sources: Where the rows were picked up, in the order they were dragged.
    ///   - destination: Where the first lands (coordinates after the drop).
    ///   - host: The host asking.
    /// - Complexity: Expected O(n) for the snapshot edit, *n* the number of items.
    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost) {
        let items = sources.compactMap { item(at: $0) }
        guard items.count == sources.count, let first = items.first,
            let section = current.sectionIdentifier(at: destination.section)
        else { return }
        var final = current
        do {
            try final.deleteItems(items)
            let remaining = final.itemIdentifiers(inSection: section) ?? []
            if destination.item < remaining.count {
                try final.insertItems(items, beforeItem: remaining[destination.item])
            } else {
                try final.appendItems(items, toSection: section)
            }
        } catch {
            // The index paths came from the host's own rows, and it checked the destination.
            assertionFailure("dropping \(items) at \(destination): \(error)")
            return
        }
        let transaction = ReorderTransaction(
            initialSnapshot: current, finalSnapshot: final, item: first, source: sources[0], destination: destination,
            items: items)
        reordering.handlers.willReorder?(transaction)
        self.transaction.performNow(.userMove, final)
        let moves = sources.enumerated().map { offset, source in
            Move(source, ListIndexPath(item: destination.item + offset, section: destination.section))
        }
        slicesFollowMoves(moves, before: transaction.initialSnapshot, after: final)
        reordering.pending.append(transaction)
    }

    /// Hands a finished move to `didReorder`.
    func didMove(_ item: AnyHashable) {
        guard let index = reordering.pending.firstIndex(where: { $0.item == item }) else { return }
        let transaction = reordering.pending.remove(at: index)
        reordering.handlers.didReorder?(transaction)
    }
}
