import DiffableStore

/// The item changes of a batch that changes no section, arranged to be applied without walking every
/// row: what leaves (old coordinates), what arrives (new coordinates), and where any old index path
/// ends up.
///
/// UIKit places the rows that stay in their old relative order, in the slots that no insert or move
/// fills. So an item kept at old index *i* of its section, with *r* rows leaving that section above
/// it, is the *k* = *i* − *r*-th kept row, and it lands at *k* plus the number of arrivals *a_j* (the
/// *j*-th arrival of the section, ascending) with *a_j* − *j* ≤ *k*: both counts are binary searches.
///
/// - Complexity: Building is O(b log b) for *b* changes; ``newIndexPath(ofOld:)`` is O(log b).
struct ItemBatch {
    /// Deletes and move sources, ascending (old coordinates).
    let removals: [ListIndexPath]
    /// Inserts (no source) and move destinations (with their source), ascending by destination (new
    /// coordinates).
    let arrivals: [(path: ListIndexPath, source: ListIndexPath?)]
    private let moves: [ListIndexPath: ListIndexPath]

    /// Whether a batch changes no section, so that ``init(_:)`` applies.
    static func applies(to batch: BatchUpdate) -> Bool {
        batch.deletedSections.isEmpty && batch.insertedSections.isEmpty && batch.movedSections.isEmpty
            && batch.reloadedSections.isEmpty
    }

    /// Arranges a batch that changes no section and passed
    /// ``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)``.
    init(_ batch: BatchUpdate) {
        assert(Self.applies(to: batch), "An item batch changes no section")
        var moves: [ListIndexPath: ListIndexPath] = [:]
        moves.reserveCapacity(batch.movedItems.count)
        for move in batch.movedItems { moves[move.source] = move.destination }
        self.moves = moves
        removals = (batch.deletedItems + batch.movedItems.map(\.source)).sorted()
        arrivals = (batch.insertedItems.map { (path: $0, source: ListIndexPath?.none) }
            + batch.movedItems.map { (path: $0.destination, source: Optional($0.source)) })
            .sorted { $0.path < $1.path }
    }

    /// Where a moved item goes, or `nil` when `source` is not the source of a move.
    func destination(ofMoved source: ListIndexPath) -> ListIndexPath? { moves[source] }

    /// The index path after the batch of the item at `path` before it; `nil` when the item is deleted.
    func newIndexPath(ofOld path: ListIndexPath) -> ListIndexPath? {
        if let destination = moves[path] { return destination }
        let first = lowerBound(in: removals, ListIndexPath(item: 0, section: path.section)) { $0 }
        let index = lowerBound(in: removals, path) { $0 }
        if index < removals.count && removals[index] == path { return nil }
        let kept = path.item - (index - first)
        // Arrivals of the section: the j-th (from `start`) lands before the kept row when a_j - j <= kept.
        let start = lowerBound(in: arrivals, ListIndexPath(item: 0, section: path.section)) { $0.path }
        let end = lowerBound(in: arrivals, ListIndexPath(item: 0, section: path.section + 1)) { $0.path }
        var low = start
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].path.item - (middle - start) <= kept { low = middle + 1 } else { high = middle }
        }
        return ListIndexPath(item: kept + (low - start), section: path.section)
    }

    /// The first index in an ascending array whose key is not less than `key`.
    private func lowerBound<Element>(in array: [Element], _ key: ListIndexPath, by keyOf: (Element) -> ListIndexPath) -> Int {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(array[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
