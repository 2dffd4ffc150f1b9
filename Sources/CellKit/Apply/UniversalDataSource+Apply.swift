@_spi(CellKitInternals) import DiffableStore

extension UniversalDataSource {
    /// Shows a snapshot: checks it, then animates the differences from the current one or reloads.
    ///
    /// Nothing is shown until the whole snapshot is checked: every item must resolve to a cell
    /// registration, and an item of a cell factory's type to one of its cells (see
    /// ``registerCells(for:_:choose:)``), and no two `Identifiable` items of one type may share an `id`.
    /// (Duplicate items cannot occur: a ``/DiffableStore/Snapshot`` refuses them when they are added.)
    /// On failure the host keeps showing the previous snapshot, untouched.
    ///
    /// Animated, the data source computes ``/DiffableStore/Changeset/init(from:to:)`` and performs each stage
    /// as one batch of updates on the host, reporting the stage's snapshot while the host performs it. An
    /// `Identifiable` item whose content changed is reconfigured in place: its visible cell is
    /// configured again, and no cell is dequeued. An item replaced by an equal identifier of another
    /// type (`1` by `Int8(1)`, equal as `AnyHashable`) is reloaded, in the new type's cell, and its new
    /// value is checked as an inserted item's is. After each stage, the visible cells whose
    /// ``PositionInSection`` changed (a new first or last row of a section) and whose registration
    /// receives a ``CellContext`` are reconfigured in place too, so a card list stays rounded
    /// correctly. Not animated, the host reloads everything.
    ///
    /// The host's events are handed to the handlers when the apply has finished, before the call
    /// returns. An apply made from an event handler while the data source is busy is checked at once and
    /// queued; it runs after the current one and the events it caused, before the outermost call returns.
    /// An apply from a configuration closure throws: see the type's discussion.
    ///
    /// - Note: In an `async` function, `try dataSource.apply(snapshot)` resolves to the async
    ///   ``apply(_:animatingDifferences:)-2jz9f`` (Swift prefers it there, and asks for `await`); call
    ///   ``applySynchronously(_:animatingDifferences:)`` for this one.
    /// - Parameters:
    ///   - snapshot: The sections and items to show. Reload and reconfigure marks in it are performed.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)`` for the
    ///   first item no registration serves;
    ///   ``DataSourceError/duplicateID(id:itemType:first:firstIndexPath:second:secondIndexPath:)`` for the
    ///   first `Identifiable` item whose type and `id` an earlier item has;
    ///   ``DataSourceError/missingFeature(item:itemType:feature:indexPath:)`` for the first item whose type
    ///   needs a ``ListFeature`` that no attached plugin provides;
    ///   ``DataSourceError/hostRejectedUpdate(_:)`` when the host refuses a batch (the previous snapshot
    ///   is restored; a queued apply's rejection is thrown by the outermost call, after the queue has run);
    ///   ``DataSourceError/applyWhileConfiguringView`` when called from a configuration closure;
    ///   ``DataSourceError/outlineSectionChanged(section:)`` and ``DataSourceError/itemInOutline(item:section:)``
    ///   when the snapshot changes the items of a section shown as an outline (see
    ///   ``apply(_:to:animatingDifferences:)``); ``DataSourceError/hostTakenOver(host:)`` when another data
    ///   source was made for the host since.
    /// - Complexity: The diff's cost, plus O(b + m) expected to check the items it adds (*b* changes,
    ///   *m* items in inserted or reloaded sections), plus O(t) expected per stage for the position check
    ///   of the *t* sections the stage changes; with a cell factory registered, plus O(u log u) for the
    ///   *u* items the changeset updates in place (their new values are checked too). Not animated, or
    ///   queued behind another apply: O(n) expected to check every item. *n* is the number of items.
    ///   With outline sections, plus expected O(o log s) for their *o* items. While the list may show a
    ///   value of a type whose values can equal another type's as `AnyHashable` (integers and other
    ///   numbers, arrays, sets, dictionaries, classes), plus O(n) to read the type of each item the diff
    ///   matches, on both sides; lists of structs and enums do not pay it. The duplicate-id check costs
    ///   O(c) expected for the *c* items the diff inserts, deletes or reloads (those of inserted, deleted
    ///   and reloaded sections included) while the data source holds the `id`s of the snapshot on screen:
    ///   it keeps them from the last check that read every item and carries them through each apply. It
    ///   reads every item, O(n) expected, when it holds none (after an apply it refused, or a change of
    ///   the list made outside an apply) and the diff inserts an `Identifiable` item, when the snapshot is
    ///   not diffed from the one on screen (as above), and to name the two items of a duplicate.
    public func apply(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>, animatingDifferences: Bool = true)
        throws(DataSourceError)
    {
        if transaction.phase.admission == .refused { throw .applyWhileConfiguringView }
        let (snapshot, outlines) = try keepingOutlines(snapshot)
        try apply(decorated(snapshot), outlines: outlines, animatingDifferences: animatingDifferences)
    }

    /// Checks and shows a decorated snapshot with the outline sections it shows.
    ///
    /// - Parameter sliceOrigin: For a batch of slice edits, the snapshot they were made on and the
    ///   slices' places they computed.
    func apply(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        animatingDifferences: Bool,
        sliceOrigin: (snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>)? = nil
    ) throws(DataSourceError) {
        guard animatingDifferences && transaction.phase.admission == .now else {
            // Queued behind another apply (or a reload): the state it will be diffed from is not known
            // yet, so every item is checked.
            let sharesIdentifiers = try validate(snapshot)
            try transaction.enqueue(
                ApplyPlan(
                    snapshot: snapshot, animated: animatingDifferences, generation: transaction.generation,
                    outlines: outlines, sharesIdentifiers: sharesIdentifiers, sliceOrigin: sliceOrigin))
            return
        }
        // Performed now, from the snapshot on screen: diff first, then check only the items it adds
        // (every other item was checked when it was applied); an item whose value changed type is
        // reloaded by the diff and checked as an added one.
        // Sections whose identifier changed content (same type and id) are diffed as the same section.
        let (renaming, changeset) = diff(from: current, to: snapshot)
        try validateItems(
            addedBy: changeset, from: renaming.base, to: snapshot, typeChanges: store.mayShowSharedIdentifiers)
        try transaction.enqueue(
            ApplyPlan(
                snapshot: snapshot, animated: true, renaming: renaming, changeset: changeset,
                generation: transaction.generation, outlines: outlines, sliceOrigin: sliceOrigin))
    }

    /// The section renaming and the diff from `shown` to `snapshot`: what a plan computes once, counted
    /// in `_workCounts`.
    ///
    /// - Complexity: The diff's cost (see ``/DiffableStore/Changeset/init(from:to:)``), plus O(s) expected
    ///   for the renaming of *s* sections.
    func diff(
        from shown: Snapshot<SectionIdentifier, AnyHashable>, to snapshot: Snapshot<SectionIdentifier, AnyHashable>
    )
        -> (ChangedSections<SectionIdentifier>, Changeset<SectionIdentifier, AnyHashable>)
    {
        transaction.counts.sectionRenamings += 1
        transaction.counts.diffs += 1
        let renaming = ChangedSections(from: shown, to: snapshot)
        let changeset = Changeset(
            from: renaming.base, to: snapshot, reloadingTypeChanges: store.mayShowSharedIdentifiers)
        return (renaming, changeset)
    }

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
            transaction.counts.itemsChecked += 1
            let value = representation(of: item)
            scan.note(valueType(of: item, representation: value))
            guard let problem = problem(with: value), let path = target.indexPath(of: item) else { return }
            if failing == nil || path < failing!.path { failing = (problem, value, path) }
        }
        defer { noteChecked(scan) }
        let checksUpdates = registry.hasValueBasedCellRegistration
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
        if let failing { throw error(failing.problem, value: failing.value, at: failing.path) }
    }

    /// Checks that every item of `snapshot` resolves to a cell registration (and, for a cell factory, to
    /// one of its cells), and that the features their types need are provided.
    ///
    /// - Returns: Whether the snapshot holds a value of a type that shares identifiers with other
    ///   types (noted for the diffs, see `UniversalDataSource+TypeChanges.swift`).
    @discardableResult
    func validate(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) throws(DataSourceError) -> Bool {
        var lastType: ObjectIdentifier?
        var scan = ItemTypeScan()
        defer { noteChecked(scan) }
        let representsItems = registry.itemRepresentation != nil
        for section in 0..<snapshot.numberOfSections {
            for index in 0..<snapshot.numberOfItems(inSectionAt: section) {
                let indexPath = ListIndexPath(item: index, section: section)
                guard let item = snapshot.itemIdentifier(at: indexPath) else { continue }
                transaction.counts.itemsChecked += 1
                let value = representation(of: item)
                // Runs of one type are the representation's: with one, each item's own type is read.
                if representsItems && !scan.sharesIdentifiers { scan.note(Swift.type(of: item.base)) }
                let type = ObjectIdentifier(Swift.type(of: value))
                if type == lastType { continue }
                if !representsItems { scan.note(Swift.type(of: value)) }
                if let problem = problem(with: value) { throw error(problem, value: value, at: indexPath) }
                // A cell factory answers per value: the next item of the type is checked too.
                lastType = registry.cellRegistration(for: value)?.choose == nil ? type : nil
            }
        }
        return scan.sharesIdentifiers
    }
}
