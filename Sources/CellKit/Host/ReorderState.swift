import DiffableStore

/// What the data source keeps about rows the user reorders: the handlers, and the moves whose
/// `didReorder` waits for the host's report; and the answers to a host's drag, within the list and
/// between lists.
@MainActor
final class ReorderState<SectionIdentifier: Hashable> {
    /// What lets users reorder rows (the public ``UniversalDataSource/reorderingHandlers``).
    var handlers = ReorderingHandlers<SectionIdentifier>()
    /// What lets items travel to and from other lists (the public ``UniversalDataSource/transferHandlers``).
    var transferHandlers = TransferHandlers()
    /// Moves made by the user whose `didReorder` waits for the host's report, oldest first.
    private var pending: [ReorderTransaction<SectionIdentifier>] = []

    /// Whether the item at an index path may be moved: the handlers' `canReorderItem`; never for a row
    /// of an outline section.
    ///
    /// - Parameters:
    ///   - indexPath: An item in `snapshot`.
    ///   - snapshot: The snapshot on screen.
    ///   - outlines: The outline sections.
    func canMoveItem(
        at indexPath: ListIndexPath, in snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        outlines: OutlineStore<SectionIdentifier>
    ) -> Bool {
        // Rows of outline sections are not reordered by dragging (their tree would have to move too).
        guard !outlines.isOutlineSection(at: indexPath.section, of: snapshot) else { return false }
        guard let canReorder = handlers.canReorderItem, let item = snapshot.itemIdentifier(at: indexPath) else {
            return false
        }
        return canReorder(item)
    }

    /// Where a row being moved may go: the handlers' `targetIndexPath`, asked during the drag; never into
    /// an outline section.
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - proposed: Where the finger proposes to drop it.
    ///   - snapshot: The snapshot on screen.
    ///   - outlines: The outline sections.
    /// - Returns: The allowed destination, or `nil` to veto.
    func targetIndexPath(
        forMoveFrom source: ListIndexPath, to proposed: ListIndexPath,
        in snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        outlines: OutlineStore<SectionIdentifier>
    ) -> ListIndexPath? {
        guard let item = snapshot.itemIdentifier(at: source),
            !outlines.isOutlineSection(at: proposed.section, of: snapshot)
        else { return nil }
        guard let target = handlers.targetIndexPath else { return proposed }
        return target(item, proposed)
    }

    /// The move of the items at `sources`, dropped together, so that they land in the order given, the
    /// first at `destination`: the snapshot after it, or `nil` when an index path is outside `snapshot`.
    ///
    /// - Parameters:
    ///   - sources: Where the rows were picked up, in the order they were dragged.
    ///   - destination: Where the first lands (coordinates after the drop).
    ///   - snapshot: The snapshot on screen.
    /// - Complexity: Expected O(n) for the snapshot edit, *n* the number of items.
    func move(
        from sources: [ListIndexPath], to destination: ListIndexPath,
        in snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) -> ReorderTransaction<SectionIdentifier>? {
        let items = sources.compactMap { snapshot.itemIdentifier(at: $0) }
        guard items.count == sources.count, let first = items.first,
            let section = snapshot.sectionIdentifier(at: destination.section)
        else { return nil }
        var final = snapshot
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
            return nil
        }
        return ReorderTransaction(
            initialSnapshot: snapshot, finalSnapshot: final, item: first, source: sources[0], destination: destination,
            items: items)
    }

    /// A move about to be made: `willReorder` hears it.
    func willMove(_ move: ReorderTransaction<SectionIdentifier>) {
        handlers.willReorder?(move)
    }

    /// A move made: `didReorder` hears it once the host reports it (``didMove(_:)``).
    func didPerform(_ move: ReorderTransaction<SectionIdentifier>) {
        pending.append(move)
    }

    /// Hands a finished move to `didReorder`.
    func didMove(_ item: AnyHashable) {
        guard let index = pending.firstIndex(where: { $0.item == item }) else { return }
        let transaction = pending.remove(at: index)
        handlers.didReorder?(transaction)
    }
}
