import DiffableStore

// A step of a plan's life: after each batch, the rows whose card position changed are configured again.

extension ApplyTransaction {
    /// After a batch: configures again in place the visible cells whose ``PositionInSection`` it changed
    /// (their measured sizes forgotten first), so a card list stays rounded correctly.
    ///
    /// - Complexity: That of ``itemsWithChangedPosition(from:to:by:)``, plus the host's reconfigure.
    func reconfigureChangedPositions(
        by batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        let moved = itemsWithChangedPosition(from: before, to: after, by: batch)
        guard !moved.isEmpty else { return }
        dataSource.sizing.forgetMeasuredSizes(at: moved, in: after, registry: dataSource.registry)
        dataSource.host.reconfigureItems(at: moved)
    }

    /// The items a batch left in place whose ``PositionInSection`` changed, in the new coordinates:
    /// the cells the host kept for them were configured with a position that is no longer true.
    ///
    /// Only the first and last item of a section can change position class, so only those of the
    /// sections the batch changed are looked at, before and after: an item that was first or last
    /// before, and one that is first or last after. Items the batch inserts, reloads or reconfigures
    /// (and those of inserted or reloaded sections) are configured anew by the host and are left out, as
    /// are items whose registration does not receive a ``CellContext`` — unless an item-scoped
    /// supplementary kind or a decoration is registered: those depend on every item's position, and on
    /// its section, so then an item moved to another section is in the answer too.
    ///
    /// - Parameters:
    ///   - old: The state before the batch.
    ///   - new: The state after it.
    ///   - batch: The batch between them.
    /// - Returns: Index paths in `new`, ascending.
    /// - Complexity: O(b) for a batch of *b* changes (plus O(log s) per move with item-scoped views or
    ///   decorations), plus expected O(t log s) for the *t* sections it changes (a few lookups each).
    func itemsWithChangedPosition(
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>,
        by batch: BatchUpdate
    ) -> [ListIndexPath] {
        let registry = dataSource.registry
        let everyItem = registry.positionsMatterForEveryItem
        guard registry.hasContextReadingCellRegistration || everyItem,
            !batch.deletedItems.isEmpty || !batch.insertedItems.isEmpty || !batch.movedItems.isEmpty
        else { return [] }
        // The sections whose items changed, in both coordinate spaces.
        var oldSections = Set<Int>()
        var newSections = Set<Int>()
        for path in batch.deletedItems { oldSections.insert(path.section) }
        for path in batch.insertedItems { newSections.insert(path.section) }
        for move in batch.movedItems {
            oldSections.insert(move.source.section)
            newSections.insert(move.destination.section)
        }
        for section in oldSections {
            if let id = old.sectionIdentifier(at: section), let index = new.indexOfSection(id) {
                newSections.insert(index)
            }
        }
        for section in newSections {
            if let id = new.sectionIdentifier(at: section), let index = old.indexOfSection(id) {
                oldSections.insert(index)
            }
        }
        let reloadedSections = Set(batch.reloadedSections)
        let updated = Set(batch.reloadedItems).union(batch.reconfiguredItems)

        var changed = Set<ListIndexPath>()
        /// Records `item` when it sits at `oldPath` before and `newPath` after, with another position class.
        func check(_ item: AnyHashable, from oldPath: ListIndexPath, to newPath: ListIndexPath) {
            counts.positionChecks += 1
            guard !reloadedSections.contains(oldPath.section), !updated.contains(oldPath) else { return }
            let before = PositionInSection(item: oldPath.item, count: old.numberOfItems(inSectionAt: oldPath.section))
            let after = PositionInSection(item: newPath.item, count: new.numberOfItems(inSectionAt: newPath.section))
            guard before != after else { return }
            if !everyItem {
                guard registry.cellRegistration(for: registry.representation(of: item))?.readsContext == true else {
                    return
                }
            }
            changed.insert(newPath)
        }
        for section in newSections {
            for index in Self.ends(of: new.numberOfItems(inSectionAt: section)) {
                let newPath = ListIndexPath(item: index, section: section)
                // Not in `old`: inserted, or an item whose content changed (reconfigured by the batch).
                guard let item = new.itemIdentifier(at: newPath), let oldPath = old.indexPath(of: item) else {
                    continue
                }
                check(item, from: oldPath, to: newPath)
            }
        }
        for section in oldSections {
            for index in Self.ends(of: old.numberOfItems(inSectionAt: section)) {
                let oldPath = ListIndexPath(item: index, section: section)
                guard let item = old.itemIdentifier(at: oldPath), let newPath = new.indexPath(of: item) else {
                    continue
                }
                check(item, from: oldPath, to: newPath)
            }
        }
        if everyItem {
            // Item-scoped views and decorations are configured with the item's section too: an item
            // moved to another section is configured again, whatever its position.
            for move in batch.movedItems where !reloadedSections.contains(move.source.section) {
                counts.positionChecks += 1
                if old.sectionIdentifier(at: move.source.section) != new.sectionIdentifier(at: move.destination.section)
                {
                    changed.insert(move.destination)
                }
            }
        }
        return changed.sorted()
    }

    /// The first and last index of a section of `count` items (one index for one item, none for none).
    private static func ends(of count: Int) -> [Int] {
        count == 0 ? [] : count == 1 ? [0] : [0, count - 1]
    }
}
