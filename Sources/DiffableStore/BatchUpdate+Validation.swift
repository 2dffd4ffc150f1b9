// Checking a batch with the rules UIKit enforces in `performBatchUpdates`. Every index is range-checked
// before it is used to subscript anything, so no input can trap.

extension BatchUpdate {
    /// Checks the batch against the item counts before and after it, with the rules UIKit enforces.
    ///
    /// The rules, in the order they are checked:
    /// 1. Section indices are in range: deletes, reloads and move sources in `0..<itemCountsBefore.count`;
    ///    inserts and move destinations in `0..<itemCountsAfter.count`.
    /// 2. No section is deleted twice, moved twice, or both deleted and moved; no two inserts or moves
    ///    target the same section; no section is reloaded and also deleted or moved.
    /// 3. Sections after = sections before - deleted + inserted.
    /// 4. Item index paths are in range: deletes, reloads, reconfigures and move sources in the counts
    ///    before; inserts and move destinations in the counts after.
    /// 5. No item is deleted, reloaded or reconfigured inside a section that is deleted or reloaded; no
    ///    item is inserted into a section that is inserted or reloaded; no move leaves a deleted or
    ///    reloaded section or enters an inserted or reloaded one.
    /// 6. No item is deleted twice, moved twice, or both deleted and moved; no two inserts or moves
    ///    target the same index path.
    /// 7. No item is reloaded and also deleted or moved, reconfigured and also deleted, or both reloaded
    ///    and reconfigured.
    /// 8. No reload is in a section that a move leaves or enters (UIKit turns the reload into a delete
    ///    plus an insert placed without regard to the moves).
    /// 9. For every section that exists before and after (moved or not, but neither inserted, deleted nor
    ///    reloaded): items after = items before - deleted + inserted + moved in - moved out.
    ///
    /// Reloading or reconfiguring the same index path twice is allowed and counts once, as UIKit's index
    /// sets do. Item changes inside a section that also moves are accepted, as UIKit accepts them.
    ///
    /// ```swift
    /// let batch = BatchUpdate(insertedItems: [ListIndexPath(item: 4, section: 0)])
    /// do {
    ///     try batch.validate(itemCountsBefore: [4], itemCountsAfter: [4])
    /// } catch {
    ///     print(error.rule)
    /// }
    /// // Prints "indexOutOfRange"
    /// ```
    ///
    /// - Parameters:
    ///   - itemCountsBefore: The number of items in each section before the batch.
    ///   - itemCountsAfter: The number of items in each section after it, as the data source reports them.
    /// - Throws: ``BatchUpdateError`` naming the rule, the section or index path, and the counts.
    /// - Complexity: Expected O(b + s), where *b* is the number of entries in the batch and *s* the
    ///   number of sections before and after.
    public func validate(itemCountsBefore: [Int], itemCountsAfter: [Int]) throws(BatchUpdateError) {
        for (section, count) in itemCountsBefore.enumerated() where count < 0 {
            throw BatchUpdateError(
                .invalidNumberOfItems,
                "invalid number of items in section \(section): the data source reported \(count) items before the update."
            )
        }
        for (section, count) in itemCountsAfter.enumerated() where count < 0 {
            throw BatchUpdateError(
                .invalidNumberOfItems,
                "invalid number of items in section \(section): the data source reported \(count) items after the update."
            )
        }
        let plan = try _sectionPlan(oldCount: itemCountsBefore.count, newCount: itemCountsAfter.count)
        try _checkItems(plan, before: itemCountsBefore, after: itemCountsAfter)
    }
}

// MARK: - Sections

extension BatchUpdate {
    /// Where every section goes: the result of checking the section part of a batch.
    struct _SectionPlan {
        /// For each old section, its index after the batch; `-1` when it is deleted.
        var newIndexOfOld: [Int]
        /// For each new section, its index before the batch; `-1` when it is inserted.
        var oldIndexOfNew: [Int]
        /// For each old section, whether it is reloaded.
        var isReloaded: [Bool]

        var oldCount: Int { newIndexOfOld.count }
        var newCount: Int { oldIndexOfNew.count }

        /// Whether new section `section` (in range) is inserted or is the new place of a reloaded section.
        func takesItemsFromDataSource(newSection section: Int) -> Bool {
            let old = oldIndexOfNew[section]
            return old < 0 || isReloaded[old]
        }

        /// `"inserted"` or `"reloaded"` for a new section that takes its items from the data source.
        func replacement(newSection section: Int) -> String {
            oldIndexOfNew[section] < 0 ? "inserted" : "reloaded"
        }
    }

    /// Checks the section operations (ranges, conflicts, count) and maps old sections to new ones.
    func _sectionPlan(oldCount: Int, newCount: Int) throws(BatchUpdateError) -> _SectionPlan {
        let before = _count(oldCount, "section")
        let after = _count(newCount, "section")
        func outOfRange(_ what: String, _ count: String, _ when: String) -> BatchUpdateError {
            BatchUpdateError(.indexOutOfRange, "attempt to \(what), but there are only \(count) \(when) the update")
        }
        for section in deletedSections where !(0..<oldCount).contains(section) {
            throw outOfRange("delete section \(section)", before, "before")
        }
        for section in reloadedSections where !(0..<oldCount).contains(section) {
            throw outOfRange("reload section \(section)", before, "before")
        }
        for move in movedSections where !(0..<oldCount).contains(move.source) {
            throw outOfRange("move section \(move.source) to \(move.destination)", before, "before")
        }
        for section in insertedSections where !(0..<newCount).contains(section) {
            throw outOfRange("insert section \(section)", after, "after")
        }
        for move in movedSections where !(0..<newCount).contains(move.destination) {
            throw outOfRange("move section \(move.source) to \(move.destination)", after, "after")
        }

        // What happens to each old section: 0 kept, 1 deleted, 2 moved.
        var sourceKind = [UInt8](repeating: 0, count: oldCount)
        for section in deletedSections {
            if sourceKind[section] == 1 {
                throw BatchUpdateError(.conflictingSources, "attempt to delete section \(section) twice")
            }
            sourceKind[section] = 1
        }
        for move in movedSections {
            switch sourceKind[move.source] {
            case 1:
                throw BatchUpdateError(
                    .conflictingSources,
                    "attempt to delete and move the same section (\(move.source))")
            case 2:
                throw BatchUpdateError(.conflictingSources, "attempt to move section \(move.source) twice")
            default:
                sourceKind[move.source] = 2
            }
        }
        // What fills each new section: 0 a kept section, 1 an insert, 2 a move (source + 3 in `destSource`).
        var destKind = [UInt8](repeating: 0, count: newCount)
        var destSource = [Int](repeating: -1, count: newCount)
        for section in insertedSections {
            if destKind[section] == 1 {
                throw BatchUpdateError(.conflictingDestinations, "attempt to insert section \(section) twice")
            }
            destKind[section] = 1
        }
        for move in movedSections {
            switch destKind[move.destination] {
            case 1:
                throw BatchUpdateError(
                    .conflictingDestinations,
                    "attempt to perform an insert and a move to the same section (\(move.destination))")
            case 2:
                throw BatchUpdateError(
                    .conflictingDestinations,
                    "attempt to move sections \(destSource[move.destination]) and \(move.source) to the same section (\(move.destination))"
                )
            default:
                destKind[move.destination] = 2
                destSource[move.destination] = move.source
            }
        }
        var isReloaded = [Bool](repeating: false, count: oldCount)
        for section in reloadedSections {
            switch sourceKind[section] {
            case 1:
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved,
                    "attempt to delete and reload the same section (\(section))")
            case 2:
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved,
                    "attempt to move and reload the same section (\(section))")
            default:
                isReloaded[section] = true
            }
        }

        let expected = oldCount - deletedSections.count + insertedSections.count
        guard newCount == expected else {
            throw BatchUpdateError(
                .invalidNumberOfSections,
                "invalid number of sections. The number of sections contained in the list after the update (\(newCount)) must be equal to the number of sections contained in the list before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
            )
        }

        var plan = _SectionPlan(
            newIndexOfOld: [Int](repeating: -1, count: oldCount),
            oldIndexOfNew: [Int](repeating: -1, count: newCount),
            isReloaded: isReloaded)
        for move in movedSections {
            plan.newIndexOfOld[move.source] = move.destination
            plan.oldIndexOfNew[move.destination] = move.source
        }
        // Kept sections fill the free slots in order. The count rule makes the numbers agree.
        var slot = 0
        for section in 0..<oldCount where sourceKind[section] == 0 {
            while slot < newCount && destKind[slot] != 0 { slot += 1 }
            guard slot < newCount else {
                throw BatchUpdateError(
                    .invalidNumberOfSections,
                    "invalid number of sections: section \(section) has no place after the update")
            }
            plan.newIndexOfOld[section] = slot
            plan.oldIndexOfNew[slot] = section
            slot += 1
        }
        return plan
    }
}

// MARK: - Items

extension BatchUpdate {
    /// Checks the item operations against the section plan and the counts.
    func _checkItems(_ plan: _SectionPlan, before: [Int], after: [Int]) throws(BatchUpdateError) {
        let oldCount = plan.oldCount
        let newCount = plan.newCount

        // 4. Ranges.
        func checkOld(_ path: ListIndexPath, _ what: String) throws(BatchUpdateError) {
            guard (0..<oldCount).contains(path.section) else {
                throw BatchUpdateError(
                    .indexOutOfRange,
                    "attempt to \(what), but there are only \(_count(oldCount, "section")) before the update")
            }
            guard (0..<before[path.section]).contains(path.item) else {
                throw BatchUpdateError(
                    .indexOutOfRange,
                    "attempt to \(what), but section \(path.section) contains only \(_count(before[path.section], "item")) before the update"
                )
            }
        }
        func checkNew(_ path: ListIndexPath, _ what: String) throws(BatchUpdateError) {
            guard (0..<newCount).contains(path.section) else {
                throw BatchUpdateError(
                    .indexOutOfRange,
                    "attempt to \(what), but there are only \(_count(newCount, "section")) after the update")
            }
            guard (0..<after[path.section]).contains(path.item) else {
                throw BatchUpdateError(
                    .indexOutOfRange,
                    "attempt to \(what), but section \(path.section) contains only \(_count(after[path.section], "item")) after the update"
                )
            }
        }
        for path in deletedItems { try checkOld(path, "delete item \(path)") }
        for path in reloadedItems { try checkOld(path, "reload item \(path)") }
        for path in reconfiguredItems { try checkOld(path, "reconfigure item \(path)") }
        for move in movedItems { try checkOld(move.source, "move item \(move.source) to \(move.destination)") }
        for path in insertedItems { try checkNew(path, "insert item \(path)") }
        for move in movedItems { try checkNew(move.destination, "move item \(move.source) to \(move.destination)") }

        // 5. Items inside sections that are deleted, inserted or reloaded.
        func oldSectionState(_ section: Int) -> String? {
            if plan.newIndexOfOld[section] < 0 { return "deleted" }
            if plan.isReloaded[section] { return "reloaded" }
            return nil
        }
        func inDeletedSection(_ verb: String, _ path: ListIndexPath) throws(BatchUpdateError) {
            if let state = oldSectionState(path.section) {
                throw BatchUpdateError(
                    .itemChangeInDeletedSection,
                    "attempt to \(verb) item \(path) in section \(path.section), which is \(state) in the same update")
            }
        }
        for path in deletedItems { try inDeletedSection("delete", path) }
        for path in reloadedItems { try inDeletedSection("reload", path) }
        for path in reconfiguredItems { try inDeletedSection("reconfigure", path) }
        for path in insertedItems where plan.takesItemsFromDataSource(newSection: path.section) {
            throw BatchUpdateError(
                .itemChangeInInsertedSection,
                "attempt to insert item \(path) into section \(path.section), which is \(plan.replacement(newSection: path.section)) in the same update and takes all of its items from the data source"
            )
        }
        for move in movedItems {
            if let state = oldSectionState(move.source.section) {
                throw BatchUpdateError(
                    .moveAcrossDeletedOrInsertedSection,
                    "attempt to move item \(move.source) to \(move.destination) out of section \(move.source.section), which is \(state) in the same update"
                )
            }
            if plan.takesItemsFromDataSource(newSection: move.destination.section) {
                throw BatchUpdateError(
                    .moveAcrossDeletedOrInsertedSection,
                    "attempt to move item \(move.source) to \(move.destination) into section \(move.destination.section), which is \(plan.replacement(newSection: move.destination.section)) in the same update"
                )
            }
        }

        // 6. Sources and destinations.
        var deleted = Set<ListIndexPath>(minimumCapacity: deletedItems.count)
        for path in deletedItems where !deleted.insert(path).inserted {
            throw BatchUpdateError(.conflictingSources, "attempt to delete item \(path) twice")
        }
        var moveBySource = [ListIndexPath: ListIndexPath](minimumCapacity: movedItems.count)
        for move in movedItems {
            if deleted.contains(move.source) {
                throw BatchUpdateError(.conflictingSources, "attempt to delete and move the same item (\(move.source))")
            }
            if moveBySource.updateValue(move.destination, forKey: move.source) != nil {
                throw BatchUpdateError(.conflictingSources, "attempt to move item \(move.source) twice")
            }
        }
        var inserted = Set<ListIndexPath>(minimumCapacity: insertedItems.count)
        for path in insertedItems where !inserted.insert(path).inserted {
            throw BatchUpdateError(.conflictingDestinations, "attempt to insert item \(path) twice")
        }
        var moveByDestination = [ListIndexPath: ListIndexPath](minimumCapacity: movedItems.count)
        for move in movedItems {
            if inserted.contains(move.destination) {
                throw BatchUpdateError(
                    .conflictingDestinations,
                    "attempt to perform an insert and a move to the same index path (\(move.destination))")
            }
            if let other = moveByDestination.updateValue(move.source, forKey: move.destination) {
                throw BatchUpdateError(
                    .conflictingDestinations,
                    "attempt to move items \(other) and \(move.source) to the same index path (\(move.destination))")
            }
        }

        // 7. Reloads and reconfigures of items that are deleted, moved or reloaded.
        var reloaded = Set<ListIndexPath>(minimumCapacity: reloadedItems.count)
        for path in reloadedItems {
            if deleted.contains(path) {
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved, "attempt to delete and reload the same index path (\(path))")
            }
            if let destination = moveBySource[path] {
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved,
                    "attempt to move and reload the same index path (\(path) -> \(destination)); reconfigure a moved item instead"
                )
            }
            reloaded.insert(path)
        }
        for path in reconfiguredItems {
            if deleted.contains(path) {
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved, "attempt to delete and reconfigure the same index path (\(path))")
            }
            if reloaded.contains(path) {
                throw BatchUpdateError(
                    .reloadOfDeletedOrMoved, "attempt to reload and reconfigure the same index path (\(path))")
            }
        }

        // 8. Reloads in sections that moves leave or enter.
        if !reloadedItems.isEmpty && !movedItems.isEmpty {
            var moveLeaving: [Int: Move<ListIndexPath>] = [:]
            var moveEntering: [Int: Move<ListIndexPath>] = [:]
            for move in movedItems {
                if moveLeaving[move.source.section] == nil { moveLeaving[move.source.section] = move }
                if moveEntering[move.destination.section] == nil { moveEntering[move.destination.section] = move }
            }
            for path in reloadedItems {
                let newSection = plan.newIndexOfOld[path.section]
                if let move = moveLeaving[path.section] ?? moveEntering[newSection] {
                    throw BatchUpdateError(
                        .reloadInSectionWithMoves,
                        "attempt to reload item \(path) in a section that a move leaves or enters in the same update (move \(move.source) -> \(move.destination)); a reload is a delete plus an insert placed without regard to the moves. Reconfigure the item, or reload it in a batch of its own"
                    )
                }
            }
        }

        // 9. Counts of sections that exist before and after.
        var deletedCount = [Int](repeating: 0, count: oldCount)
        var movedOut = [Int](repeating: 0, count: oldCount)
        var insertedCount = [Int](repeating: 0, count: newCount)
        var movedIn = [Int](repeating: 0, count: newCount)
        for path in deletedItems { deletedCount[path.section] += 1 }
        for path in insertedItems { insertedCount[path.section] += 1 }
        for move in movedItems where plan.newIndexOfOld[move.source.section] != move.destination.section {
            movedOut[move.source.section] += 1
            movedIn[move.destination.section] += 1
        }
        for newSection in 0..<newCount where !plan.takesItemsFromDataSource(newSection: newSection) {
            let oldSection = plan.oldIndexOfNew[newSection]
            let expected =
                before[oldSection] - deletedCount[oldSection] + insertedCount[newSection]
                + movedIn[newSection] - movedOut[oldSection]
            guard after[newSection] == expected else {
                let formerly = oldSection == newSection ? "" : " (section \(oldSection) before the update)"
                throw BatchUpdateError(
                    .invalidNumberOfItems,
                    "invalid number of items in section \(newSection)\(formerly). The number of items contained in an existing section after the update (\(after[newSection])) must be equal to the number of items contained in that section before the update (\(before[oldSection])), plus or minus the number of items inserted or deleted from that section (\(insertedCount[newSection]) inserted, \(deletedCount[oldSection]) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn[newSection]) moved in, \(movedOut[oldSection]) moved out)."
                )
            }
        }
    }
}

/// `"1 section"`, `"3 sections"`.
func _count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
}
