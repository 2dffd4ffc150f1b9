import DiffableStore

/// A checked batch arranged to be applied without walking every row: which sections go, stay, move
/// or are replaced; which item rows leave (old coordinates) and arrive (new coordinates); and where any
/// old index path or section ends up.
///
/// UIKit places the sections that stay (neither deleted, inserted nor moved) in their old relative
/// order in the slots no insert or move fills; a reloaded section stays in place with new contents.
/// Within a section the same holds for rows: an item kept at old index *i*, with *r* rows leaving its
/// section above it, is the *k* = *i* − *r*-th kept row, and it lands at *k* plus the number of
/// arrivals *a_j* (the *j*-th arrival of its new section, ascending) with *a_j* − *j* ≤ *k*: both
/// counts are binary searches.
///
/// - Complexity: Building is O(b log b + s) for *b* item changes and *s* sections;
///   ``newIndexPath(ofOld:)`` is O(log b); ``newSection(ofOld:)`` is O(1).
struct BatchPlan {
    /// Item deletes and move sources, ascending (old coordinates).
    let removals: [ListIndexPath]
    /// Item inserts (no source) and move destinations (with their source), ascending by destination
    /// (new coordinates).
    let arrivals: [(path: ListIndexPath, source: ListIndexPath?)]
    private let moves: [ListIndexPath: ListIndexPath]
    /// For each old section, its index after the batch; `-1` when it is deleted.
    let newSectionOfOld: [Int]
    /// For each new section, its index before the batch; `-1` when it is inserted.
    let oldSectionOfNew: [Int]
    /// For each old section, whether it is reloaded (it keeps its place and takes new contents).
    private let isReloaded: [Bool]
    /// For each old section, whether it is the source of a section move.
    private let isMoved: [Bool]
    /// Whether the batch inserts, deletes, moves or reloads a section.
    let changesSections: Bool

    /// Arranges a batch that passed ``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)`` for
    /// these section counts.
    init(_ batch: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int) {
        var moves: [ListIndexPath: ListIndexPath] = [:]
        moves.reserveCapacity(batch.movedItems.count)
        for move in batch.movedItems { moves[move.source] = move.destination }
        self.moves = moves
        removals = (batch.deletedItems + batch.movedItems.map(\.source)).sorted()
        arrivals =
            (batch.insertedItems.map { (path: $0, source: ListIndexPath?.none) }
            + batch.movedItems.map { (path: $0.destination, source: Optional($0.source)) })
            .sorted { $0.path < $1.path }

        changesSections =
            !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty
            && batch.movedSections.isEmpty && batch.reloadedSections.isEmpty)
        var newOfOld = Array(0..<sectionsBefore)
        var oldOfNew = Array(0..<sectionsAfter)
        var reloaded = [Bool](repeating: false, count: sectionsBefore)
        var moved = [Bool](repeating: false, count: sectionsBefore)
        if changesSections {
            newOfOld = [Int](repeating: -1, count: sectionsBefore)
            oldOfNew = [Int](repeating: -1, count: sectionsAfter)
            var leaves = [Bool](repeating: false, count: sectionsBefore)
            var filled = [Bool](repeating: false, count: sectionsAfter)
            for section in batch.deletedSections { leaves[section] = true }
            for section in batch.reloadedSections { reloaded[section] = true }
            for section in batch.insertedSections { filled[section] = true }
            for move in batch.movedSections {
                leaves[move.source] = true
                moved[move.source] = true
                filled[move.destination] = true
                newOfOld[move.source] = move.destination
                oldOfNew[move.destination] = move.source
            }
            // The sections that stay fill the free slots in their old order.
            var slot = 0
            for section in 0..<sectionsBefore where !leaves[section] {
                while filled[slot] { slot += 1 }
                newOfOld[section] = slot
                oldOfNew[slot] = section
                slot += 1
            }
        }
        newSectionOfOld = newOfOld
        oldSectionOfNew = oldOfNew
        isReloaded = reloaded
        isMoved = moved
    }

    /// Whether old section `section` is rebuilt from scratch (deleted or reloaded) or travels whole
    /// (moved): its rows leave as a block.
    func leavesWhole(oldSection section: Int) -> Bool {
        newSectionOfOld[section] < 0 || isReloaded[section] || isMoved[section]
    }

    /// Whether old section `section` keeps its rows (it is not deleted or reloaded), though maybe at
    /// another index.
    func keepsRows(oldSection section: Int) -> Bool {
        newSectionOfOld[section] >= 0 && !isReloaded[section]
    }

    /// Whether old section `section` is the source of a section move.
    func isMoved(oldSection section: Int) -> Bool { isMoved[section] }

    /// The index after the batch of an old section whose rows survive; `nil` when it is deleted or
    /// reloaded (its views and items go).
    func newSection(ofOld section: Int) -> Int? {
        guard newSectionOfOld.indices.contains(section), keepsRows(oldSection: section) else { return nil }
        return newSectionOfOld[section]
    }

    /// Where a moved item goes, or `nil` when `source` is not the source of a move.
    func destination(ofMoved source: ListIndexPath) -> ListIndexPath? { moves[source] }

    /// The index path after the batch of the item at `path` before it; `nil` when the item is deleted,
    /// or its section is deleted or reloaded.
    func newIndexPath(ofOld path: ListIndexPath) -> ListIndexPath? {
        guard let section = newSection(ofOld: path.section) else { return nil }
        if let destination = moves[path] { return destination }
        let removed = removals(inSection: path.section)
        let index = lowerBound(in: removals, path) { $0 }
        if index < removed.upperBound && removals[index] == path { return nil }
        let kept = path.item - (index - removed.lowerBound)
        // Arrivals of the section: the j-th (from `start`) lands before the kept row when a_j - j <= kept.
        let arriving = arrivals(inSection: section)
        var low = arriving.lowerBound
        var high = arriving.upperBound
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].path.item - (middle - arriving.lowerBound) <= kept {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return ListIndexPath(item: kept + (low - arriving.lowerBound), section: section)
    }

    /// The indices in ``removals`` of old section `section`'s entries.
    func removals(inSection section: Int) -> Range<Int> {
        lowerBound(in: removals, ListIndexPath(item: 0, section: section)) {
            $0
        }..<lowerBound(in: removals, ListIndexPath(item: 0, section: section + 1)) { $0 }
    }

    /// The indices in ``arrivals`` of new section `section`'s entries.
    func arrivals(inSection section: Int) -> Range<Int> {
        lowerBound(in: arrivals, ListIndexPath(item: 0, section: section)) {
            $0.path
        }..<lowerBound(in: arrivals, ListIndexPath(item: 0, section: section + 1)) { $0.path }
    }

    /// The first index in an ascending array whose key is not less than `key`.
    private func lowerBound<Element>(in array: [Element], _ key: ListIndexPath, by keyOf: (Element) -> ListIndexPath)
        -> Int
    {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(array[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
