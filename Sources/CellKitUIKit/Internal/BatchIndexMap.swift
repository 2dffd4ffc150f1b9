import DiffableStore

/// Where an item of the state before a checked batch is after it, without walking the rows that stay.
///
/// UIKit places the sections that stay in their old order in the slots no insert or move fills; within
/// a section, an item kept at old index *i*, with *r* rows leaving its section above it, is the
/// *k* = *i* − *r*-th kept row and lands at *k* plus the number of arrivals *a_j* (the *j*-th arrival of
/// its new section) with *a_j* − *j* ≤ *k*.
///
/// - Complexity: Building is O(b log b + s) for *b* item changes and *s* sections;
///   ``newIndexPath(ofOld:)`` is O(log b).
struct BatchIndexMap {
    private let removals: [ListIndexPath]
    private let arrivals: [ListIndexPath]
    private let moves: [ListIndexPath: ListIndexPath]
    /// For each old section, its index after the batch, or `-1` when its items do not survive (deleted
    /// or reloaded).
    private let newSectionOfOld: [Int]

    /// Arranges a batch that passed `BatchUpdate.validate(itemCountsBefore:itemCountsAfter:)`.
    init(_ batch: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int) {
        var moves: [ListIndexPath: ListIndexPath] = [:]
        for move in batch.movedItems { moves[move.source] = move.destination }
        self.moves = moves
        removals = (batch.deletedItems + batch.movedItems.map(\.source)).sorted()
        arrivals = (batch.insertedItems + batch.movedItems.map(\.destination)).sorted()

        var newOfOld = Array(0..<sectionsBefore)
        let changesSections =
            !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty
            && batch.movedSections.isEmpty && batch.reloadedSections.isEmpty)
        if changesSections {
            newOfOld = [Int](repeating: -1, count: sectionsBefore)
            var leaves = [Bool](repeating: false, count: sectionsBefore)
            var filled = [Bool](repeating: false, count: max(0, sectionsAfter))
            for section in batch.deletedSections where leaves.indices.contains(section) { leaves[section] = true }
            for section in batch.insertedSections where filled.indices.contains(section) { filled[section] = true }
            for move in batch.movedSections
            where leaves.indices.contains(move.source) && filled.indices.contains(move.destination) {
                leaves[move.source] = true
                filled[move.destination] = true
                newOfOld[move.source] = move.destination
            }
            var slot = 0
            for section in 0..<sectionsBefore where !leaves[section] {
                while slot < filled.count && filled[slot] { slot += 1 }
                newOfOld[section] = slot
                slot += 1
            }
            for section in batch.reloadedSections where newOfOld.indices.contains(section) { newOfOld[section] = -1 }
        }
        newSectionOfOld = newOfOld
    }

    /// The index path after the batch of the item at `path` before it; `nil` when the item is deleted or
    /// reloaded with its section, or deleted itself.
    func newIndexPath(ofOld path: ListIndexPath) -> ListIndexPath? {
        guard newSectionOfOld.indices.contains(path.section) else { return nil }
        let section = newSectionOfOld[path.section]
        guard section >= 0 else { return nil }
        if let destination = moves[path] { return destination }
        let removedStart = lowerBound(removals, ListIndexPath(item: 0, section: path.section))
        let index = lowerBound(removals, path)
        if index < removals.count && removals[index] == path { return nil }
        let kept = path.item - (index - removedStart)
        let start = lowerBound(arrivals, ListIndexPath(item: 0, section: section))
        let end = lowerBound(arrivals, ListIndexPath(item: 0, section: section + 1))
        var low = start
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].item - (middle - start) <= kept { low = middle + 1 } else { high = middle }
        }
        return ListIndexPath(item: kept + (low - start), section: section)
    }

    private func lowerBound(_ array: [ListIndexPath], _ key: ListIndexPath) -> Int {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if array[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
