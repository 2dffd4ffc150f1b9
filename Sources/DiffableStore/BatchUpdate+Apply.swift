// Applying a batch to sections of rows the way UIKit places them.

extension BatchUpdate {
    /// How a row that survives a batch is updated.
    public enum ItemUpdate: Hashable, Sendable {
        /// The item is reloaded: a list view dequeues a new cell for it.
        case reload
        /// The item is reconfigured: a list view configures its cell again, in place.
        case reconfigure
    }

    /// Applies the batch to sections of rows, placing every row where UIKit places it.
    ///
    /// Deleted rows and sections, and the sources of moves, are removed. Inserted rows and the
    /// destinations of moves are placed at their new indices; the rows that remain keep their relative
    /// order and fill the free slots. Inserted and reloaded sections take their rows from
    /// `newSection(newIndex)`; every other section keeps its value (a moved section travels with it).
    /// Reloaded and reconfigured rows pass through `updatedRow` at their new index path (a moved,
    /// reconfigured row at its destination).
    ///
    /// The batch is checked first with the range and conflict rules of
    /// ``validate(itemCountsBefore:itemCountsAfter:)``; the item counts after the batch are derived
    /// from it (and from `newSection` for inserted and reloaded sections), so the count rule holds by
    /// construction. Bad input throws; nothing traps.
    ///
    /// ```swift
    /// // [A, B, C, D] -> [D, A, C]: delete 1, move 0 -> 1, move 3 -> 0.
    /// let batch = BatchUpdate(
    ///     deletedItems: [ListIndexPath(item: 1, section: 0)],
    ///     movedItems: [Move(ListIndexPath(item: 0, section: 0), ListIndexPath(item: 1, section: 0)),
    ///                  Move(ListIndexPath(item: 3, section: 0), ListIndexPath(item: 0, section: 0))])
    /// let result = try batch.apply(
    ///     to: [(section: "s", rows: ["A", "B", "C", "D"])],
    ///     newSection: { _ in ("new", []) }, newRow: { _ in "new" }, updatedRow: { row, _, _ in row })
    /// print(result[0].rows)
    /// // Prints "["D", "A", "C"]"
    /// ```
    ///
    /// - Parameters:
    ///   - old: The sections before the batch, each a value and its rows.
    ///   - newSection: The value and rows of an inserted or reloaded section, by its index after the
    ///     batch. Called once for each such section, before any row is placed.
    ///   - newRow: The row for an inserted index path (new coordinates).
    ///   - updatedRow: The row for a reloaded or reconfigured row: given the old row, its index path after
    ///     the batch, and which update it is.
    /// - Returns: The sections after the batch.
    /// - Throws: ``BatchUpdateError`` when the batch breaks a range or conflict rule, or an error a
    ///   closure throws.
    /// - Complexity: O(n + s + b log b), where *n* is the number of rows, *s* the number of sections
    ///   and *b* the number of entries in the batch; expected, as conflicts are found by hashing.
    public func apply<SectionValue, Row>(
        to old: [(section: SectionValue, rows: [Row])],
        newSection: (Int) throws(BatchUpdateError) -> (section: SectionValue, rows: [Row]),
        newRow: (ListIndexPath) throws(BatchUpdateError) -> Row,
        updatedRow: (Row, ListIndexPath, ItemUpdate) throws(BatchUpdateError) -> Row
    ) throws(BatchUpdateError) -> [(section: SectionValue, rows: [Row])] {
        let oldCount = old.count
        let newCount = max(0, oldCount - deletedSections.count + insertedSections.count)
        let plan = try _sectionPlan(oldCount: oldCount, newCount: newCount)

        var replaced: [Int: (section: SectionValue, rows: [Row])] = [:]
        for section in 0..<newCount where plan.takesItemsFromDataSource(newSection: section) {
            replaced[section] = try newSection(section)
        }

        // The counts after the batch, derived; entries out of range are left to the checks.
        let before = old.map(\.rows.count)
        var after = [Int](repeating: 0, count: newCount)
        for path in insertedItems where (0..<newCount).contains(path.section) { after[path.section] += 1 }
        for path in deletedItems where (0..<oldCount).contains(path.section) {
            let section = plan.newIndexOfOld[path.section]
            if section >= 0 { after[section] -= 1 }
        }
        for move in movedItems
        where (0..<oldCount).contains(move.source.section) && (0..<newCount).contains(move.destination.section) {
            let section = plan.newIndexOfOld[move.source.section]
            if section >= 0 && section != move.destination.section {
                after[section] -= 1
                after[move.destination.section] += 1
            }
        }
        for section in 0..<newCount {
            if let value = replaced[section] {
                after[section] = value.rows.count
            } else {
                after[section] = max(0, after[section] + before[plan.oldIndexOfNew[section]])
            }
        }
        try _checkItems(plan, before: before, after: after)

        // Rows leaving each old section (sorted), updates of rows in each old section (sorted), and
        // rows arriving in each new section.
        var leaving: [Int: [Int]] = [:]
        for path in deletedItems { leaving[path.section, default: []].append(path.item) }
        for move in movedItems { leaving[move.source.section, default: []].append(move.source.item) }
        var updates: [Int: [(item: Int, update: ItemUpdate)]] = [:]
        for path in reloadedItems { updates[path.section, default: []].append((path.item, .reload)) }
        for path in reconfiguredItems { updates[path.section, default: []].append((path.item, .reconfigure)) }
        for key in leaving.keys { leaving[key]?.sort() }
        for key in updates.keys { updates[key]?.sort { $0.item < $1.item } }
        let reconfigured = Set(reconfiguredItems)
        var arriving: [Int: [(item: Int, source: ListIndexPath?)]] = [:]
        for path in insertedItems { arriving[path.section, default: []].append((path.item, nil)) }
        for move in movedItems {
            arriving[move.destination.section, default: []].append((move.destination.item, move.source))
        }

        var result: [(section: SectionValue, rows: [Row])] = []
        result.reserveCapacity(newCount)
        for section in 0..<newCount {
            if let value = replaced[section] {
                result.append(value)
                continue
            }
            let oldSection = plan.oldIndexOfNew[section]
            var slots = [Row?](repeating: nil, count: after[section])
            for (item, source) in arriving[section] ?? [] {
                let path = ListIndexPath(item: item, section: section)
                if let source {
                    let row = old[source.section].rows[source.item]
                    slots[item] = reconfigured.contains(source) ? try updatedRow(row, path, .reconfigure) : row
                } else {
                    slots[item] = try newRow(path)
                }
            }
            let rows = old[oldSection].rows
            let gone = leaving[oldSection] ?? []
            let changed = updates[oldSection] ?? []
            var nextGone = 0
            var nextChanged = 0
            var slot = 0
            for item in rows.indices {
                if nextGone < gone.count && gone[nextGone] == item {
                    nextGone += 1
                    continue
                }
                while slot < slots.count && slots[slot] != nil { slot += 1 }
                guard slot < slots.count else { throw _placementError(section) }
                var row = rows[item]
                while nextChanged < changed.count && changed[nextChanged].item < item { nextChanged += 1 }
                if nextChanged < changed.count && changed[nextChanged].item == item {
                    row = try updatedRow(row, ListIndexPath(item: slot, section: section), changed[nextChanged].update)
                }
                slots[slot] = row
                slot += 1
            }
            var placed: [Row] = []
            placed.reserveCapacity(slots.count)
            for row in slots {
                guard let row else { throw _placementError(section) }
                placed.append(row)
            }
            result.append((old[oldSection].section, placed))
        }
        return result
    }

    /// The counts are derived so that every slot is filled exactly once; this is unreachable unless
    /// that reasoning is wrong, and then it is reported rather than trapped.
    private func _placementError(_ section: Int) -> BatchUpdateError {
        BatchUpdateError(
            .invalidNumberOfItems,
            "invalid number of items in section \(section): the rows kept, inserted and moved in do not fill the section exactly"
        )
    }
}
