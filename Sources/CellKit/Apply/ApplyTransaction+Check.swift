@_spi(CellKitInternals) import DiffableStore

// The first step of a plan's life: its items are checked before it is queued. Every item must resolve to
// a cell registration (for a cell factory, to one of its cells) and have the features its type needs;
// no two `Identifiable` items of one type may share an `id`.
//
// The `id` check (`DataSourceError.duplicateID`): a snapshot refuses two equal items, but two `Identifiable` values with one `id` and different content are
// two items to it, while the diff matches them by `id` (one row with new content): shown together, the
// next apply cannot tell them apart. The check runs on every plan, before it is queued.
//
// The data source keeps the `id`s of the snapshot on screen (`SnapshotStore.identities`), made by the last
// check that read every item and carried forward by each check after it. A plan diffed from the snapshot
// on screen is then checked in O(changes): each `id` its changeset removes leaves the index, each one it
// adds must not be there yet. Whenever that cannot decide (no index of the snapshot on screen, a plan
// without such a diff, a change it does not follow), every item of the target is read, which makes the
// index anew. A duplicate is always reported by that full read, so the error names the first pair in
// snapshot order whichever way it was found.

extension ApplyTransaction {
    /// Checks the items a changeset adds: inserted items, and the items of inserted and reloaded
    /// sections (and, with a cell factory registered, the items it updates in place, whose value may
    /// map to another cell or none; with `typeChanges`, the items it reloads, whose value may have
    /// changed type). Throws for the first of them, in `target`'s order, that no registration serves
    /// (or whose type needs a feature no plugin provides): the same error a check of every item gives,
    /// since the others were checked when they were applied.
    ///
    /// - Parameter typeChanges: Whether the changeset reloads the items whose value changed type.
    /// - Complexity: O(b + m) expected for *b* changes and *m* items in inserted or reloaded sections,
    ///   plus O(log s) per item that fails.
    func validateItems(
        addedBy changeset: Changeset<SectionIdentifier, AnyHashable>,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to target: Snapshot<SectionIdentifier, AnyHashable>,
        typeChanges: Bool
    ) throws(DataSourceError) {
        var failing: (problem: ItemProblem, value: Any, path: ListIndexPath)?
        var scan = ItemTypeScan()
        func check(_ item: AnyHashable) {
            counts.itemsChecked += 1
            let value = dataSource.registry.representation(of: item)
            scan.note(dataSource.registry.valueType(of: item, representation: value))
            guard
                let problem = dataSource.registry.problem(
                    with: value, providers: dataSource.pluginCoordinator.featureProviders),
                let path = target.indexPath(of: item)
            else { return }
            if failing == nil || path < failing!.path { failing = (problem, value, path) }
        }
        defer { store.noteChecked(scan) }
        let checksUpdates = dataSource.registry.hasValueBasedCellRegistration
        var before = old
        for stage in changeset.stages {
            let batch = stage.batch
            let state = stage.snapshot
            for path in batch.insertedItems {
                if let item = state.itemIdentifier(at: path) { check(item) }
            }
            if checksUpdates || (typeChanges && !batch.reloadedItems.isEmpty) {
                // A cell factory chooses by the value: an item updated in place (new content under the
                // same id, or a mark) may map to no cell now. A reloaded item's value may be of
                // another type now.
                let updates = checksUpdates ? nil : batch.reloadedItems
                guard let updated = itemsUpdated(updates, by: batch, from: before, to: state) else {
                    try validate(target)
                    return
                }
                for (_, item) in updated { check(item) }
            }
            var sections = batch.insertedSections.compactMap { state.sectionIdentifier(at: $0) }
            sections += batch.reloadedSections.compactMap { before.sectionIdentifier(at: $0) }
            for section in sections {
                for item in state.itemIdentifiers(inSection: section) ?? [] { check(item) }
            }
            before = state
        }
        if let failing { throw dataSource.registry.error(failing.problem, value: failing.value, at: failing.path) }
    }

    /// Checks that every item of `snapshot` resolves to a cell registration (and, for a cell factory, to
    /// one of its cells), and that the features their types need are provided.
    ///
    /// - Returns: Whether the snapshot holds a value of a type that shares identifiers with other
    ///   types (noted for the diffs, see `Registration/ItemTypeScan.swift`).
    @discardableResult
    func validate(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) throws(DataSourceError) -> Bool {
        var lastType: ObjectIdentifier?
        var scan = ItemTypeScan()
        defer { store.noteChecked(scan) }
        let representsItems = dataSource.registry.itemRepresentation != nil
        for section in 0..<snapshot.numberOfSections {
            for index in 0..<snapshot.numberOfItems(inSectionAt: section) {
                let indexPath = ListIndexPath(item: index, section: section)
                guard let item = snapshot.itemIdentifier(at: indexPath) else { continue }
                counts.itemsChecked += 1
                let value = dataSource.registry.representation(of: item)
                // Runs of one type are the representation's: with one, each item's own type is read.
                if representsItems && !scan.sharesIdentifiers { scan.note(Swift.type(of: item.base)) }
                let type = ObjectIdentifier(Swift.type(of: value))
                if type == lastType { continue }
                if !representsItems { scan.note(Swift.type(of: value)) }
                if let problem = dataSource.registry.problem(
                    with: value, providers: dataSource.pluginCoordinator.featureProviders)
                {
                    throw dataSource.registry.error(problem, value: value, at: indexPath)
                }
                // A cell factory answers per value: the next item of the type is checked too.
                lastType = dataSource.registry.cellRegistration(for: value)?.choose == nil ? type : nil
            }
        }
        return scan.sharesIdentifiers
    }

    /// Checks that the items at `firsts` (one of each type) resolve to a cell registration and have the
    /// features they need: the same answer, and the same first failing item, as checking every item.
    ///
    /// - Returns: Whether one of the types shares identifiers with other types (noted for the diffs).
    func validate(_ firsts: [ListIndexPath], in snapshot: Snapshot<SectionIdentifier, AnyHashable>)
        throws(DataSourceError) -> Bool
    {
        var scan = ItemTypeScan()
        defer { store.noteChecked(scan) }
        for path in firsts {
            guard let item = snapshot.itemIdentifier(at: path) else { continue }
            let value = dataSource.registry.representation(of: item)
            scan.note(Swift.type(of: value))
            if let problem = dataSource.registry.problem(
                with: value, providers: dataSource.pluginCoordinator.featureProviders)
            {
                throw dataSource.registry.error(problem, value: value, at: path)
            }
        }
        return scan.sharesIdentifiers
    }

    /// Throws ``DataSourceError/duplicateID(id:itemType:first:firstIndexPath:second:secondIndexPath:)``
    /// for the first item of the plan's snapshot, in snapshot order, whose type and `id` an earlier
    /// item has; otherwise hands the plan the `id`s of its snapshot, when they are known.
    ///
    /// - Complexity: O(c) expected for a plan diffed from the snapshot on screen whose `id`s the data
    ///   source holds, with *c* the items the changeset inserts, deletes or reloads (and those of the
    ///   sections it inserts, deletes or reloads); O(i) for the *i* items it inserts when it holds no
    ///   index and none of them is `Identifiable`; otherwise (no diff from the snapshot on screen: not
    ///   animated, queued, or async and overtaken; or a changeset that adds an `id` the snapshot on
    ///   screen has) O(n) expected for the *n* items of the snapshot, with one hash of an `id` per item
    ///   of an `Identifiable` type.
    func checkDistinctIDs(_ plan: inout ApplyPlan<SectionIdentifier>) throws(DataSourceError) {
        plan.identities = nil
        // (A slice may have edited the snapshot before the host showed any: then nothing was checked.)
        if let changeset = plan.changeset, let base = plan.renaming?.base, plan.generation == generation,
            !phase.hostMissedChanges
        {
            if var shown = store.takeIdentities() {
                if shown.follow(changeset, from: base, counting: &counts) {
                    plan.identities = shown
                    return
                }
            } else if !insertsIdentifiable(changeset) {
                return
            }
        }
        var indexes = IDIndexes()
        try checkDistinctIDs(in: plan.snapshot, indexes: &indexes)
        plan.identities = indexes
    }

    /// Whether a changeset inserts an `Identifiable` item, or inserts or reloads a section.
    ///
    /// - Complexity: O(i) for the *i* items it inserts.
    private func insertsIdentifiable(_ changeset: Changeset<SectionIdentifier, AnyHashable>) -> Bool {
        for stage in changeset.stages {
            let batch = stage.batch
            guard batch.insertedSections.isEmpty && batch.reloadedSections.isEmpty else { return true }
            for path in batch.insertedItems {
                guard let item = stage.snapshot.itemIdentifier(at: path) else { continue }
                counts.identitiesRead += 1
                if item.base is any Identifiable { return true }
            }
        }
        return false
    }

    /// Notes the `id` of every item of `snapshot` and throws for the first one an earlier item of its
    /// type has.
    private func checkDistinctIDs(
        in snapshot: Snapshot<SectionIdentifier, AnyHashable>, indexes: inout IDIndexes
    ) throws(DataSourceError) {
        for section in 0..<snapshot.numberOfSections {
            for index in 0..<snapshot.numberOfItems(inSectionAt: section) {
                let indexPath = ListIndexPath(item: index, section: section)
                guard let item = snapshot.itemIdentifier(at: indexPath) else { continue }
                let base = item.base
                counts.identitiesRead += 1
                guard let (earlier, id) = indexes.index(for: base)?.note(base, at: indexPath) else { continue }
                let first = snapshot.itemIdentifier(at: earlier).map { String(reflecting: $0.base) } ?? ""
                throw .duplicateID(
                    id: id, itemType: String(reflecting: Swift.type(of: base)), first: first, firstIndexPath: earlier,
                    second: String(reflecting: base), secondIndexPath: indexPath)
            }
        }
    }
}
