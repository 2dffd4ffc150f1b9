@_spi(CellKitInternals) @_spi(ListHost) import DiffableStore

// The named steps of a plan's life that `ApplyTransaction.swift` calls, in the order a plan meets them:
// the check of its items before it is queued, the section renaming its diff starts from, and for each
// stage the batch the host performs and the card positions the batch changed.

// MARK: - The check

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
    ///   types (noted for the diffs, see `ItemTypeScan`).
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
                // No `Identifiable` type shown yet: the index holds no `id`, and stays so unless the plan
                // adds an `Identifiable` item (the index is not asked).
                if !shown.holdsIdentifiable && !addsIdentifiable(changeset, from: base) {
                    plan.identities = shown
                    return
                }
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

    /// Whether a changeset may add an `Identifiable` item: it inserts one, or one is in a section it
    /// inserts or reloads, or it reloads an item (whose value may change type). Reads each type once per
    /// run of it, like ``IDIndexes/follow(_:from:counting:)`` reads the items it adds.
    ///
    /// - Complexity: O(c) for the *c* items it inserts and those of the sections it inserts or reloads.
    private func addsIdentifiable(
        _ changeset: Changeset<SectionIdentifier, AnyHashable>, from base: Snapshot<SectionIdentifier, AnyHashable>
    ) -> Bool {
        var lastType: ObjectIdentifier?
        func isIdentifiable(_ item: AnyHashable?) -> Bool {
            guard let base = item?.base else { return false }
            counts.identitiesRead += 1
            let type = ObjectIdentifier(Swift.type(of: base))
            guard type != lastType else { return false }
            lastType = type
            return base is any Identifiable
        }
        var before = base
        for stage in changeset.stages {
            let batch = stage.batch
            let state = stage.snapshot
            guard batch.reloadedItems.isEmpty else { return true }
            for path in batch.insertedItems where isIdentifiable(state.itemIdentifier(at: path)) { return true }
            var sections = batch.insertedSections.compactMap { state.sectionIdentifier(at: $0) }
            sections += batch.reloadedSections.compactMap { before.sectionIdentifier(at: $0) }
            for section in sections {
                for item in state.itemIdentifiers(inSection: section) ?? [] where isIdentifiable(item) { return true }
            }
            before = state
        }
        return false
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

// MARK: - The section renaming

/// The sections whose identifier changed content between two snapshots, and the old snapshot with
/// those sections renamed to their new identifiers.
///
/// An old and a new section identifier that differ in value but share their dynamic type and
/// `Identifiable` id are the same section with new content (a new title, a new count): renamed in
/// `base`, the diff from `base` keeps the section and its rows, and the host reconfigures the
/// section's supplementary views afterwards.
struct ChangedSections<SectionIdentifier: Hashable> {
    /// The old snapshot, with each changed section under its new identifier.
    var base: Snapshot<SectionIdentifier, AnyHashable>
    /// The new identifiers of the changed sections, in the new snapshot's order.
    var renamed: [SectionIdentifier] = []

    /// Pairs the sections of `old` and `new`.
    ///
    /// - Complexity: O(s) expected for *s* sections of both snapshots, when their section identifiers
    ///   differ and may be `Identifiable` (a section type that cannot be, checked once, costs O(1); equal
    ///   section lists cost the O(s) comparison the diff makes anyway).
    init(from old: Snapshot<SectionIdentifier, AnyHashable>, to new: Snapshot<SectionIdentifier, AnyHashable>) {
        base = old
        guard Self.mayBeIdentifiable, old.sectionIdentifiers != new.sectionIdentifiers else { return }
        var gone: [SectionIdentity: SectionIdentifier] = [:]
        for section in old.sectionIdentifiers where new.indexOfSection(section) == nil {
            if let key = SectionIdentity.of(section) { gone[key] = section }
        }
        guard !gone.isEmpty else { return }
        for section in new.sectionIdentifiers where old.indexOfSection(section) == nil {
            guard let key = SectionIdentity.of(section), let previous = gone.removeValue(forKey: key) else { continue }
            // Neither identifier is elsewhere in `base`: `previous` is only in `old`, `section` only in `new`.
            do { try base.replaceSection(previous, with: section) } catch { continue }
            renamed.append(section)
            if gone.isEmpty { break }
        }
    }

    /// Whether section identifiers of this type can be `Identifiable`: an `Identifiable` type, or a
    /// type-erased one whose values may be.
    static var mayBeIdentifiable: Bool {
        SectionIdentifier.self is any Identifiable.Type || SectionIdentifier.self == AnyHashable.self
    }
}

/// The identity of an `Identifiable` section identifier: its dynamic type and its `id`.
struct SectionIdentity: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable

    /// The identity of `value` (looking through `AnyHashable`), or `nil` when it is not `Identifiable`.
    static func of(_ value: some Hashable) -> SectionIdentity? {
        var base: Any = value
        if let erased = base as? AnyHashable { base = erased.base }
        guard let identifiable = base as? any Identifiable else { return nil }
        return key(identifiable)
    }

    private static func key<Value: Identifiable>(_ value: Value) -> SectionIdentity {
        SectionIdentity(type: ObjectIdentifier(Value.self), id: AnyHashable(value.id))
    }
}

// MARK: - The batch for the host

extension ApplyTransaction {
    /// The items a batch reloads or reconfigures in place, each with its index path before the batch and
    /// its value after it: what a cell factory must be asked about again, since an item updated under
    /// the same id may have a new value, and what must be checked again when the diff reloads items
    /// whose value changed type.
    ///
    /// Updates are given in old coordinates; an updated item's new index path is where the batch places
    /// it (`BatchIndexMap`, the rule UIKit places rows by: the rows that stay keep their order and fill
    /// the slots the inserts and moves leave). Each answer is checked against the
    /// old item: equal to it (a mark, or a value that changed type) or of its type (new content under
    /// the same id); `nil` when one is neither (the caller then checks every item instead).
    ///
    /// - Parameters:
    ///   - updates: Items the batch reloads or reconfigures, in old coordinates; `nil` for all of them.
    ///   - batch: The batch.
    ///   - old: The state before it.
    ///   - new: The state after it.
    /// - Complexity: O(b log b) for a batch of *b* changes.
    func itemsUpdated(
        _ updates: [ListIndexPath]? = nil,
        by batch: BatchUpdate,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>
    ) -> [(oldPath: ListIndexPath, value: AnyHashable)]? {
        let updates = updates ?? batch.reloadedItems + batch.reconfiguredItems
        guard !updates.isEmpty else { return [] }
        let map = BatchIndexMap(batch, sectionsBefore: old.numberOfSections, sectionsAfter: new.numberOfSections)
        var values: [(oldPath: ListIndexPath, value: AnyHashable)] = []
        values.reserveCapacity(updates.count)
        for path in updates {
            // Items of a deleted or reloaded section go with it.
            if path.section >= 0 && path.section < old.numberOfSections && map.newSection(ofOld: path.section) == nil {
                continue
            }
            guard let item = old.itemIdentifier(at: path),
                let target = map.newIndexPath(ofOld: path),
                let value = new.itemIdentifier(at: target),
                value == item || type(of: value.base) == type(of: item.base)
            else { return nil }
            values.append((path, value))
        }
        return values
    }
}

extension ApplyTransaction {
    /// The batch the host performs for a stage: with a cell factory registered, an item the batch
    /// reconfigures whose new value shows in another cell class is reloaded instead, since a host
    /// reconfigures a cell in place only when its class stays (UIKit's `reconfigureItems` requires it).
    ///
    /// A reload goes where the reconfigure was: the changeset never updates an item in a batch that moves
    /// it, moves its section, or moves items into or out of its section, so the batch stays valid.
    ///
    /// - Complexity: O(1) without a cell factory or reconfigures; otherwise O(b log b) for *b* changes.
    func batchForHost(
        _ batch: BatchUpdate,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>
    ) -> BatchUpdate {
        guard dataSource.registry.hasValueBasedCellRegistration, !batch.reconfiguredItems.isEmpty,
            let updated = itemsUpdated(batch.reconfiguredItems, by: batch, from: old, to: new)
        else { return batch }
        var reloaded = Set<ListIndexPath>()
        for (path, value) in updated {
            guard let item = old.itemIdentifier(at: path), cellClass(of: item) != cellClass(of: value) else { continue }
            reloaded.insert(path)
        }
        guard !reloaded.isEmpty else { return batch }
        var result = batch
        result.reconfiguredItems.removeAll { reloaded.contains($0) }
        result.reloadedItems = (result.reloadedItems + reloaded).sorted()
        return result
    }

    /// The class of the cell an item shows in, if a registration serves it.
    private func cellClass(of item: AnyHashable) -> ObjectIdentifier? {
        let registry = dataSource.registry
        let value = registry.representation(of: item)
        guard let registration = registry.cellRegistration(for: value) else { return nil }
        guard let choose = registration.choose else { return ObjectIdentifier(registration.viewType) }
        return choose(value).map { ObjectIdentifier($0.viewType) }
    }
}

// MARK: - Card positions

// A step of a plan's life: once each batch is done, in the host's same operation, the rows whose card
// position changed are configured again.

extension ApplyTransaction {
    /// Once a batch is done: the cells whose ``PositionInSection`` it changed, their measured sizes
    /// forgotten, for the host to configure again in place (so a card list stays rounded correctly).
    ///
    /// - Returns: Index paths in `after`, ascending.
    /// - Complexity: That of ``itemsWithChangedPosition(from:to:by:)``.
    func itemsToReconfigureForPositions(
        changedBy batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>
    ) -> [ListIndexPath] {
        let moved = itemsWithChangedPosition(from: before, to: after, by: batch)
        guard !moved.isEmpty else { return [] }
        if sizesCached { dataSource.sizing.forgetMeasuredSizes(at: moved, in: after, registry: dataSource.registry) }
        return moved
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
