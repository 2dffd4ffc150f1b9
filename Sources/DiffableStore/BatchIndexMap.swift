/// A checked batch arranged so a host can follow it without walking every row: which sections go,
/// stay, move or are replaced; which item rows leave (old coordinates) and arrive (new coordinates);
/// and where any old index path or section ends up.
///
/// Every host (the text-render host, both UIKit hosts) and the data source's updated-item lookup use this
/// one map, so the arithmetic of where UIKit places rows lives in one place.
///
/// UIKit places the sections that stay (neither deleted, inserted nor moved) in their old relative
/// order in the slots no insert or move fills; a reloaded section stays in place with new contents.
/// Within a section the same holds for rows: an item kept at old index *i*, with *r* rows leaving its
/// section above it, is the *k* = *i* − *r*-th kept row, and it lands at *k* plus the number of
/// arrivals *a_j* (the *j*-th arrival of its new section, ascending) with *a_j* − *j* ≤ *k*: both
/// counts are binary searches.
///
/// - Complexity: Building is O(b log b) for *b* item changes, plus O(s) for *s* sections when the batch
///   inserts, deletes, moves or reloads a section; ``newIndexPath(ofOld:)`` is O(log b);
///   ``newSection(ofOld:)`` and ``oldSection(ofNew:)`` are O(1).
@_spi(ListHost)
public struct BatchIndexMap: Sendable {
    /// Item deletes and move sources, ascending (old coordinates).
    public let removals: [ListIndexPath]
    /// Item inserts (no source) and move destinations (with their source), ascending by destination
    /// (new coordinates).
    public let arrivals: [(path: ListIndexPath, source: ListIndexPath?)]
    /// The number of sections before the batch.
    public let sectionsBefore: Int
    /// The number of sections after the batch.
    public let sectionsAfter: Int
    /// Whether the batch inserts, deletes, moves or reloads a section.
    public let changesSections: Bool
    private let moves: [ListIndexPath: ListIndexPath]
    /// For each old section, its index after the batch; `-1` when it is deleted. Empty when the batch
    /// changes no section (every section keeps its index).
    private let newSectionOfOld: [Int]
    /// For each new section, its index before the batch; `-1` when it is inserted. Empty when the batch
    /// changes no section.
    private let oldSectionOfNew: [Int]
    /// For each old section, whether it is reloaded (it keeps its place and takes new contents). Empty
    /// when the batch changes no section.
    private let isReloaded: [Bool]
    /// For each old section, whether it is the source of a section move. Empty when the batch changes no
    /// section.
    private let isMoved: [Bool]

    /// Arranges a batch that passed ``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)`` for
    /// these section counts.
    ///
    /// - Parameters:
    ///   - batch: The checked batch.
    ///   - sectionsBefore: The number of sections before it.
    ///   - sectionsAfter: The number of sections after it.
    /// - Complexity: O(b log b) for *b* item changes, plus O(s) for *s* sections when the batch changes
    ///   a section.
    public init(_ batch: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int) {
        var moves: [ListIndexPath: ListIndexPath] = [:]
        moves.reserveCapacity(batch.movedItems.count)
        for move in batch.movedItems { moves[move.source] = move.destination }
        self.moves = moves
        removals = (batch.deletedItems + batch.movedItems.map(\.source)).sorted()
        arrivals =
            (batch.insertedItems.map { (path: $0, source: ListIndexPath?.none) }
            + batch.movedItems.map { (path: $0.destination, source: Optional($0.source)) })
            .sorted { $0.path < $1.path }
        self.sectionsBefore = sectionsBefore
        self.sectionsAfter = sectionsAfter

        changesSections =
            !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty
            && batch.movedSections.isEmpty && batch.reloadedSections.isEmpty)
        guard changesSections else {
            newSectionOfOld = []
            oldSectionOfNew = []
            isReloaded = []
            isMoved = []
            return
        }
        var newOfOld = [Int](repeating: -1, count: max(0, sectionsBefore))
        var oldOfNew = [Int](repeating: -1, count: max(0, sectionsAfter))
        var reloaded = [Bool](repeating: false, count: max(0, sectionsBefore))
        var moved = [Bool](repeating: false, count: max(0, sectionsBefore))
        var leaves = [Bool](repeating: false, count: max(0, sectionsBefore))
        var filled = [Bool](repeating: false, count: max(0, sectionsAfter))
        for section in batch.deletedSections where leaves.indices.contains(section) { leaves[section] = true }
        for section in batch.reloadedSections where reloaded.indices.contains(section) { reloaded[section] = true }
        for section in batch.insertedSections where filled.indices.contains(section) { filled[section] = true }
        for move in batch.movedSections
        where leaves.indices.contains(move.source) && filled.indices.contains(move.destination) {
            leaves[move.source] = true
            moved[move.source] = true
            filled[move.destination] = true
            newOfOld[move.source] = move.destination
            oldOfNew[move.destination] = move.source
        }
        // The sections that stay fill the free slots in their old order.
        var slot = 0
        for section in leaves.indices where !leaves[section] {
            while slot < filled.count && filled[slot] { slot += 1 }
            guard slot < filled.count else { break }
            newOfOld[section] = slot
            oldOfNew[slot] = section
            slot += 1
        }
        newSectionOfOld = newOfOld
        oldSectionOfNew = oldOfNew
        isReloaded = reloaded
        isMoved = moved
    }

    /// Whether old section `section` is rebuilt from scratch (deleted or reloaded) or travels whole
    /// (moved): its rows leave as a block.
    ///
    /// - Complexity: O(1).
    public func leavesWhole(oldSection section: Int) -> Bool {
        guard changesSections else { return false }
        return newSectionOfOld[section] < 0 || isReloaded[section] || isMoved[section]
    }

    /// Whether old section `section` keeps its rows (it is not deleted or reloaded), though maybe at
    /// another index.
    ///
    /// - Complexity: O(1).
    public func keepsRows(oldSection section: Int) -> Bool {
        guard changesSections else { return true }
        return newSectionOfOld[section] >= 0 && !isReloaded[section]
    }

    /// Whether old section `section` is the source of a section move.
    ///
    /// - Complexity: O(1).
    public func isMoved(oldSection section: Int) -> Bool {
        changesSections && isMoved[section]
    }

    /// The index after the batch of an old section whose rows survive; `nil` when it is deleted or
    /// reloaded (its views and items go), or out of range.
    ///
    /// - Complexity: O(1).
    public func newSection(ofOld section: Int) -> Int? {
        guard section >= 0 && section < sectionsBefore else { return nil }
        guard changesSections else { return section }
        guard keepsRows(oldSection: section) else { return nil }
        return newSectionOfOld[section]
    }

    /// The index before the batch of a new section; `nil` when it is inserted, or out of range. A
    /// reloaded section answers its own index.
    ///
    /// - Complexity: O(1).
    public func oldSection(ofNew section: Int) -> Int? {
        guard section >= 0 && section < sectionsAfter else { return nil }
        guard changesSections else { return section }
        let old = oldSectionOfNew[section]
        return old >= 0 ? old : nil
    }

    /// Where a moved item goes, or `nil` when `source` is not the source of a move.
    ///
    /// - Complexity: O(1) expected.
    public func destination(ofMoved source: ListIndexPath) -> ListIndexPath? { moves[source] }

    /// The index path after the batch of the item at `path` before it; `nil` when the item is deleted,
    /// or its section is deleted or reloaded.
    ///
    /// - Complexity: O(log b) for *b* item changes.
    public func newIndexPath(ofOld path: ListIndexPath) -> ListIndexPath? {
        guard let section = newSection(ofOld: path.section) else { return nil }
        if !moves.isEmpty, let destination = moves[path] { return destination }
        let removed = removals(inSection: path.section)
        let index = Self.lowerBound(in: removals, path) { $0 }
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
    ///
    /// - Complexity: O(log b) for *b* item changes.
    public func removals(inSection section: Int) -> Range<Int> {
        Self.lowerBound(in: removals, ListIndexPath(item: 0, section: section)) {
            $0
        }..<Self.lowerBound(in: removals, ListIndexPath(item: 0, section: section + 1)) { $0 }
    }

    /// The indices in ``arrivals`` of new section `section`'s entries.
    ///
    /// - Complexity: O(log b) for *b* item changes.
    public func arrivals(inSection section: Int) -> Range<Int> {
        Self.lowerBound(in: arrivals, ListIndexPath(item: 0, section: section)) {
            $0.path
        }..<Self.lowerBound(in: arrivals, ListIndexPath(item: 0, section: section + 1)) { $0.path }
    }

    /// The first index in an ascending array whose key is not less than `key`.
    private static func lowerBound<Element>(
        in array: [Element], _ key: ListIndexPath, by keyOf: (Element) -> ListIndexPath
    ) -> Int {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(array[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
