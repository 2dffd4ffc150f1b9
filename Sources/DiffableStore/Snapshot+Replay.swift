// Replaying batches of updates on a snapshot, the way a list view applies them to its rows.

extension Snapshot {
    /// The snapshot a list view shows after performing a batch on this one.
    ///
    /// The batch is checked with ``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)`` against
    /// this snapshot's counts and `target`'s, then applied with ``BatchUpdate/apply(to:newSection:newRow:updatedRow:)``:
    /// inserted and reloaded sections, and inserted, reloaded and reconfigured items, are read from
    /// `target` at their new positions (an updated item shows what the data source holds now); every
    /// other section and item is carried from this snapshot, placed only by the batch's index paths. So
    /// the result equals `target` exactly when the batch describes the change correctly.
    ///
    /// ```swift
    /// var old = Snapshot<String, String>()
    /// try old.appendSections(["s"])
    /// try old.appendItems(["A", "B", "C", "D"])
    /// var new = Snapshot<String, String>()
    /// try new.appendSections(["s"])
    /// try new.appendItems(["D", "A", "C"])
    /// let batch = BatchUpdate(
    ///     deletedItems: [ListIndexPath(item: 1, section: 0)],
    ///     movedItems: [Move(ListIndexPath(item: 0, section: 0), ListIndexPath(item: 1, section: 0)),
    ///                  Move(ListIndexPath(item: 3, section: 0), ListIndexPath(item: 0, section: 0))])
    /// print(try old.applying(batch, target: new) == new)
    /// // Prints "true"
    /// ```
    ///
    /// - Parameters:
    ///   - batch: A batch in this snapshot's coordinates (old) and `target`'s (new).
    ///   - target: The state after the batch, as a data source would report it.
    /// - Returns: This snapshot with the batch applied. Reload and reconfigure marks are not carried.
    /// - Throws: ``BatchUpdateError`` when the batch breaks a rule for these counts, or
    ///   ``BatchUpdateError/Rule/duplicateIdentifier`` when the result would hold an identifier twice
    ///   (the batch keeps an item that `target` also inserts).
    /// - Complexity: Expected O(n + s + b log b), where *n* counts the items of both snapshots, *s*
    ///   their sections and *b* the entries in the batch.
    public func applying(_ batch: BatchUpdate, target: Snapshot) throws(BatchUpdateError) -> Snapshot {
        let oldSections = sectionIdentifiers
        let before = oldSections.indices.map { numberOfItems(inSectionAt: $0) }
        let after = target.sectionIdentifiers.indices.map { target.numberOfItems(inSectionAt: $0) }
        try batch.validate(itemCountsBefore: before, itemCountsAfter: after)

        let old = oldSections.map { (section: $0, rows: itemIdentifiers(inSection: $0) ?? []) }
        let sections = try batch.apply(
            to: old,
            newSection: {
                (index: Int) throws(BatchUpdateError) -> (section: SectionIdentifier, rows: [ItemIdentifier]) in
                guard let section = target.sectionIdentifier(at: index) else {
                    throw BatchUpdateError(.missingTargetValue, "the target snapshot has no section \(index)")
                }
                return (section, target.itemIdentifiers(inSection: section) ?? [])
            },
            newRow: { (path: ListIndexPath) throws(BatchUpdateError) -> ItemIdentifier in
                guard let item = target.itemIdentifier(at: path) else {
                    throw BatchUpdateError(.missingTargetValue, "the target snapshot has no item \(path)")
                }
                return item
            },
            updatedRow: {
                (_: ItemIdentifier, path: ListIndexPath, _: BatchUpdate.ItemUpdate) throws(BatchUpdateError)
                    -> ItemIdentifier in
                // A reloaded or reconfigured row shows what the data source holds now.
                guard let item = target.itemIdentifier(at: path) else {
                    throw BatchUpdateError(.missingTargetValue, "the target snapshot has no item \(path)")
                }
                return item
            })

        var result = Snapshot()
        do {
            for (section, items) in sections {
                try result.appendSections([section])
                try result.appendItems(items, toSection: section)
            }
            // Appends are checked when indexed: the replay checks them here, as its result is shown.
            try result._checkAppendedItems()
        } catch {
            throw BatchUpdateError(
                .duplicateIdentifier,
                "applying the update would hold an identifier twice (\(error)); the update keeps an item or section that the target also inserts"
            )
        }
        return result
    }

    /// The snapshot a list view shows after performing every stage of a changeset on this one.
    ///
    /// Each stage is checked and applied with ``applying(_:target:)``, using the stage's snapshot as the
    /// target and the previous result as the old state. Because kept and moved items are placed only
    /// by the batches' index paths, `old.applying(Changeset(from: old, to: new)) == new` proves the
    /// changeset is one a list view would accept and animate to the right state.
    ///
    /// - Parameter changeset: Stages whose first batch is in this snapshot's coordinates.
    /// - Returns: The state after the last stage (this snapshot when the changeset is empty).
    /// - Throws: ``BatchUpdateError`` from the first stage that breaks a rule; its message starts with
    ///   the stage's number.
    /// - Complexity: Expected O(k (n + s) + b log b) for *k* stages.
    public func applying(_ changeset: Changeset<SectionIdentifier, ItemIdentifier>) throws(BatchUpdateError) -> Snapshot
    {
        var current = self
        let count = changeset.stages.count
        for (number, stage) in changeset.stages.enumerated() {
            do {
                current = try current.applying(stage.batch, target: stage.snapshot)
            } catch {
                throw BatchUpdateError(error.rule, "stage \(number + 1) of \(count) (\(stage.batch)): \(error.message)")
            }
        }
        return current
    }
}
