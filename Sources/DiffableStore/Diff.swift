extension Changeset {
    /// The changes that turn `old` into `new`, as batches a list view can animate safely.
    ///
    /// Items match by value, with `==` as "Equality" in ``Snapshot`` describes (so the changeset is
    /// empty exactly when `old == new` and `new` holds no marks); an old and a new item that differ
    /// in value but share their type and `Identifiable` id are the same row with new content and are
    /// reported as a reconfigure, not as a delete plus an insert. Items marked in `new` by
    /// `reloadItems`, `reconfigureItems` or `reloadSections` are reloaded or reconfigured. Moves are minimal: within a section that stays,
    /// the items that keep their place are a longest increasing subsequence of their old positions,
    /// and every other matched item is one move; sections likewise. A section that moves is one
    /// section move: its items are not also reported as moved.
    ///
    /// One batch is emitted when it is safe; otherwise stages that keep the promises listed in
    /// ``Changeset``: updates of items that also move, or that sit in a section items move into or
    /// out of, or that would share a batch with a section move, come first in a stage of their own;
    /// item changes in a section that moves are performed in a stage before the section changes
    /// (with the updates, when they do not meet a move there). Reload and reconfigure marks on
    /// items that are inserted (new, or coming from a section that is deleted or reloaded) or that
    /// sit in a reloaded section are dropped: those items are taken anew anyway.
    ///
    /// ```swift
    /// var old = Snapshot<Int, String>()
    /// try old.appendSections([0])
    /// try old.appendItems(["a", "b", "c"])
    /// var new = Snapshot<Int, String>()
    /// try new.appendSections([0])
    /// try new.appendItems(["b", "c", "a"])
    /// print(Changeset(from: old, to: new).stages[0].batch)
    /// // Prints "move 0.0 -> 0.2"
    /// ```
    ///
    /// - Parameters:
    ///   - old: The snapshot shown now.
    ///   - new: The snapshot to show.
    /// - Complexity: Expected O(n) hashing-free work (the hashes stored in the snapshots are reused;
    ///   each unmatched item's `id` is read once; a new item is compared with `==` only with old
    ///   items that have its hash, so once when hashes are distinct; each reload or reconfigure mark
    ///   in `new` is hashed once to find it), plus O(m log m) at worst for the longest increasing
    ///   subsequence of the m matched items, which is O(m) when they keep their order. Identical
    ///   snapshots, appends and edits in one place are found by comparing the shared prefix and
    ///   suffix before any lookup. *n* is the number of items in both snapshots.
    @inlinable
    public init(from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>) {
        self.init(stages: _Differ.stages(from: old, to: new))
    }
}

/// The diff's working state between two snapshots.
@usableFromInline
struct _Differ<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    @usableFromInline
    typealias Store = Snapshot<SectionIdentifier, ItemIdentifier>
    @usableFromInline
    typealias Stage = Changeset<SectionIdentifier, ItemIdentifier>.Stage

    @usableFromInline
    var old: Store
    @usableFromInline
    var new: Store

    /// Old section position to new position; -1 when the section is deleted (or reloaded and moved).
    @usableFromInline
    var oldSectionToNew: [Int]
    /// New section position to old position; -1 when the section is inserted.
    @usableFromInline
    var newSectionToOld: [Int]
    /// Old sections that stay but move.
    @usableFromInline
    var sectionMoved: [Bool]
    /// Old sections reloaded in place (their items are taken anew; no item changes are reported in them).
    @usableFromInline
    var sectionReloaded: [Bool]
    /// Old flat item position to new flat position, -1 when unmatched.
    @usableFromInline
    var oldToNew: ContiguousArray<Int32>
    /// New flat item position to old flat position, -1 when unmatched.
    @usableFromInline
    var newToOld: ContiguousArray<Int32>
    /// Updates as (old flat position, new flat position, reconfigure?) for items in sections that stay.
    @usableFromInline
    var updates: [(old: Int, new: Int, reconfigure: Bool)] = []
    @usableFromInline
    var identical = false

    // Results of classification.
    @usableFromInline
    var batch = BatchUpdate()
    /// Whether some update concerns an item that moves, or a section that an item move leaves or enters.
    @usableFromInline
    var updatesMeetItemMoves = false
    /// Whether items change inside a section that moves.
    @usableFromInline
    var itemChangesInMovedSections = false

    @inlinable
    init(old: Store, new: Store) {
        self.old = old
        self.new = new
        oldSectionToNew = []
        newSectionToOld = []
        sectionMoved = []
        sectionReloaded = []
        oldToNew = []
        newToOld = []
    }

    // MARK: Stages

    /// The stages of the change, all built from one matching and one classification, so an item
    /// gets the same kind of change (insert, or move and update) however many stages there are.
    ///
    /// One stage when that is safe. Otherwise, in order:
    /// 1. *Updates*, alone and in place, when an updated item moves, or a move leaves or enters its
    ///    section, or a section moves (and the updates cannot go with the item changes of step 2).
    /// 2. *Item changes*, when items change inside a section that moves: every item delete, insert and
    ///    move with the sections in their old order (items leaving a section that is deleted or
    ///    reloaded are deleted from it here, and inserted where they go, as in one stage), plus the
    ///    updates when none of them conflicts with these moves.
    /// 3. *Section changes* after step 2, or *everything else* when there is no step 2.
    @inlinable
    static func stages(from old: Store, to new: Store) -> [Stage] {
        var differ = _Differ(old: old, new: new)
        differ.run()
        if differ.identical {
            guard !differ.batch.isEmpty else { return [] }
            return [Stage(batch: differ.batch, snapshot: new.withoutMarks)]
        }
        let split = differ.itemChangesInMovedSections
        let hasUpdates = !differ.updates.isEmpty
        // Updates may share a batch only with changes that never move the item, its section's
        // items, or any section.
        let updatesAlone = hasUpdates && (differ.updatesMeetItemMoves || (!split && !differ.batch.movedSections.isEmpty))
        if !split && !updatesAlone {
            return [Stage(batch: differ.batch, snapshot: new.withoutMarks)]
        }
        var structure = differ.batch
        structure.reloadedItems = []
        structure.reconfiguredItems = []
        var stages: [Stage] = []
        if updatesAlone {
            let updated = old._replacing(differ.updates.map { ($0.old, new._items[$0.new], new._hashes[$0.new]) })
            stages.append(Stage(
                batch: BatchUpdate(reloadedItems: differ.batch.reloadedItems, reconfiguredItems: differ.batch.reconfiguredItems),
                snapshot: updated))
        }
        if split {
            var items = differ.itemBatch()
            if hasUpdates && !updatesAlone {
                items.reloadedItems = differ.batch.reloadedItems
                items.reconfiguredItems = differ.batch.reconfiguredItems
            }
            stages.append(Stage(batch: items, snapshot: differ.intermediate()))
            structure = BatchUpdate(deletedSections: structure.deletedSections, insertedSections: structure.insertedSections,
                                    movedSections: structure.movedSections, reloadedSections: structure.reloadedSections)
        }
        if !structure.isEmpty { stages.append(Stage(batch: structure, snapshot: new.withoutMarks)) }
        return stages
    }

    /// The item changes of the whole diff with the sections in their old order: the batch from the
    /// old snapshot to ``intermediate()``. Moves and inserts land in the old index of their new
    /// section; items that leave a section that is deleted or reloaded for one that stays are
    /// deleted from it (they are inserted where they go, as the one-stage batch inserts them).
    @inlinable
    func itemBatch() -> BatchUpdate {
        var items = BatchUpdate()
        items.deletedItems = batch.deletedItems
        for so in old._sections.indices where !survivesOld(so) {
            let start = old._starts[so]
            for o in start..<old._starts[so + 1] {
                let n = Int(oldToNew[o])
                if n >= 0 && survivesNew(new._section(containing: n)) {
                    items.deletedItems.append(ListIndexPath(item: o - start, section: so))
                }
            }
        }
        items.deletedItems.sort()
        items.insertedItems = batch.insertedItems.map { ListIndexPath(item: $0.item, section: newSectionToOld[$0.section]) }
        items.insertedItems.sort()
        items.movedItems = batch.movedItems.map {
            Move($0.source, ListIndexPath(item: $0.destination.item, section: newSectionToOld[$0.destination.section]))
        }
        return items
    }

    /// The snapshot between item changes and section changes: the old sections in their old order,
    /// each section that stays holding its new items; deleted sections keep only the items that
    /// are not shown in a section that stays.
    @inlinable
    func intermediate() -> Store {
        var result = Store()
        var items = ContiguousArray<ItemIdentifier>()
        var hashes = ContiguousArray<Int>()
        var starts = [0]
        for so in old._sections.indices {
            if survivesOld(so) {
                let sn = oldSectionToNew[so]
                let range = new._starts[sn]..<new._starts[sn + 1]
                items.append(contentsOf: new._items[range])
                hashes.append(contentsOf: new._hashes[range])
            } else {
                for position in old._starts[so]..<old._starts[so + 1] {
                    let match = Int(oldToNew[position])
                    if match >= 0 && survivesNew(new._section(containing: match)) { continue }
                    items.append(old._items[position])
                    hashes.append(old._hashes[position])
                }
            }
            starts.append(items.count)
        }
        result._sections = old._sections
        result._sectionPositions = old._sectionPositions
        result._starts = starts
        result._items = items
        result._hashes = hashes
        result._index = _HashIndex(hashes: hashes)
        return result
    }

    // MARK: Matching

    @inlinable
    func survivesOld(_ so: Int) -> Bool { oldSectionToNew[so] >= 0 && !sectionReloaded[so] }
    @inlinable
    func survivesNew(_ sn: Int) -> Bool {
        let so = newSectionToOld[sn]
        return so >= 0 && !sectionReloaded[so]
    }

    @inlinable
    mutating func run() {
        let oldCount = old._items.count
        let newCount = new._items.count
        // The same test as `==`, so the diff is empty exactly when the snapshots are equal.
        if old == new {
            identical = true
            markOnlyBatch()
            return
        }
        matchSections()
        oldToNew = ContiguousArray(repeating: -1, count: oldCount)
        newToOld = ContiguousArray(repeating: -1, count: newCount)
        matchItems()
        pairLeftoversByIdentity()
        classify()
    }

    /// Identical content: only the marks in `new` become reloads and reconfigures, in place.
    @inlinable
    mutating func markOnlyBatch() {
        for item in new._reloadedItems { if let path = new.indexPath(of: item) { batch.reloadedItems.append(path) } }
        for item in new._reconfiguredItems where !new._reloadedItems.contains(item) {
            if let path = new.indexPath(of: item) { batch.reconfiguredItems.append(path) }
        }
        for section in new._reloadedSections { if let index = new._sectionPositions[section] { batch.reloadedSections.append(index) } }
        let reloaded = Set(batch.reloadedSections)
        batch.reloadedItems = batch.reloadedItems.filter { !reloaded.contains($0.section) }.sorted()
        batch.reconfiguredItems = batch.reconfiguredItems.filter { !reloaded.contains($0.section) }.sorted()
        batch.reloadedSections.sort()
    }

    @inlinable
    mutating func matchSections() {
        oldSectionToNew = Array(repeating: -1, count: old._sections.count)
        newSectionToOld = Array(repeating: -1, count: new._sections.count)
        sectionMoved = Array(repeating: false, count: old._sections.count)
        sectionReloaded = Array(repeating: false, count: old._sections.count)
        var matchedOld: [Int32] = []
        var matchedNew: [Int] = []
        for (sn, section) in new._sections.enumerated() {
            guard let so = old._sectionPositions[section] else { continue }
            oldSectionToNew[so] = sn
            newSectionToOld[sn] = so
            matchedOld.append(Int32(so))
            matchedNew.append(sn)
        }
        var keep = [Bool](repeating: false, count: matchedOld.count)
        matchedOld.withUnsafeBufferPointer { values in
            keep.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(values, keep: $0) }
        }
        for (offset, stays) in keep.enumerated() where !stays { sectionMoved[Int(matchedOld[offset])] = true }
        for section in new._reloadedSections {
            guard let sn = new._sectionPositions[section] else { continue }
            let so = newSectionToOld[sn]
            guard so >= 0 else { continue }
            if sectionMoved[so] {
                // A reload cannot travel with a move: delete and insert instead.
                oldSectionToNew[so] = -1
                newSectionToOld[sn] = -1
                sectionMoved[so] = false
            } else {
                sectionReloaded[so] = true
            }
        }
    }

    @inlinable
    mutating func matchItems() {
        let oldCount = old._items.count
        let newCount = new._items.count
        old._items.withUnsafeBufferPointer { oldItems in
        new._items.withUnsafeBufferPointer { newItems in
        old._hashes.withUnsafeBufferPointer { oldHashes in
        new._hashes.withUnsafeBufferPointer { newHashes in
        oldToNew.withUnsafeMutableBufferPointer { oldToNew in
        newToOld.withUnsafeMutableBufferPointer { newToOld in
            // Shared prefix and suffix, by equality, before any lookup.
            var prefix = 0
            let limit = min(oldCount, newCount)
            while prefix < limit && oldHashes[prefix] == newHashes[prefix] && _isEqual(oldItems.baseAddress! + prefix, newItems.baseAddress! + prefix) {
                oldToNew[prefix] = Int32(truncatingIfNeeded: prefix)
                newToOld[prefix] = Int32(truncatingIfNeeded: prefix)
                prefix += 1
            }
            var suffix = 0
            while suffix < limit - prefix {
                let o = oldCount - 1 - suffix
                let n = newCount - 1 - suffix
                guard oldHashes[o] == newHashes[n] && _isEqual(oldItems.baseAddress! + o, newItems.baseAddress! + n) else { break }
                oldToNew[o] = Int32(truncatingIfNeeded: n)
                newToOld[n] = Int32(truncatingIfNeeded: o)
                suffix += 1
            }
            // The middle: one probe of the old snapshot's index per new item (no hashing).
            let oldEnd = oldCount - suffix
            guard prefix < oldEnd else { return }
            let slots = old._index.slots
            let mask = old._index.mask
            slots.withUnsafeBufferPointer { slots in
                for n in prefix..<(newCount - suffix) {
                    let hash = newHashes[n]
                    var bucket = hash & mask
                    while true {
                        let o = Int(slots[bucket])
                        if o < 0 { break }
                        if oldHashes[o] == hash && _isEqual(oldItems.baseAddress! + o, newItems.baseAddress! + n) {
                            oldToNew[o] = Int32(truncatingIfNeeded: n)
                            newToOld[n] = Int32(truncatingIfNeeded: o)
                            break
                        }
                        bucket = (bucket &+ 1) & mask
                    }
                }
            }
        }}}}}}
    }

    /// Pairs unmatched old and new items that share their type and `Identifiable` id.
    @inlinable
    mutating func pairLeftoversByIdentity() {
        var byIdentity: [_IdentityKey: Int] = [:]
        var ambiguous: Set<_IdentityKey> = []
        for o in oldToNew.indices where oldToNew[o] < 0 {
            guard let key = _IdentityKey.of(old._items[o]) else { continue }
            if byIdentity.updateValue(o, forKey: key) != nil { ambiguous.insert(key) }
        }
        guard !byIdentity.isEmpty else { return }
        for key in ambiguous { byIdentity[key] = nil }
        for n in newToOld.indices where newToOld[n] < 0 {
            guard let key = _IdentityKey.of(new._items[n]), let o = byIdentity.removeValue(forKey: key) else { continue }
            oldToNew[o] = Int32(truncatingIfNeeded: n)
            newToOld[n] = Int32(truncatingIfNeeded: o)
            updates.append((o, n, true))
        }
    }

    // MARK: Classification

    @inlinable
    mutating func classify() {
        // Sections.
        for so in old._sections.indices {
            if oldSectionToNew[so] < 0 { batch.deletedSections.append(so) }
            else if sectionMoved[so] { batch.movedSections.append(Move(so, oldSectionToNew[so])) }
            else if sectionReloaded[so] { batch.reloadedSections.append(so) }
        }
        for sn in new._sections.indices where newSectionToOld[sn] < 0 { batch.insertedSections.append(sn) }

        var movesTouch = [Bool](repeating: false, count: old._sections.count)  // by old section
        var changesTouch = [Bool](repeating: false, count: old._sections.count)  // item changes, by old section
        var movedNew = [Bool](repeating: false, count: new._items.count)

        // Deletes: old items of sections that stay, gone or shown in a section that does not stay.
        for so in old._sections.indices where survivesOld(so) {
            for o in old._starts[so]..<old._starts[so + 1] {
                let n = Int(oldToNew[o])
                if n < 0 || !survivesNew(new._section(containing: n)) {
                    batch.deletedItems.append(ListIndexPath(item: o - old._starts[so], section: so))
                    changesTouch[so] = true
                }
            }
        }
        // Inserts and moves, section by section of the new snapshot.
        var sequence: [Int32] = []
        var sequencePositions: [Int] = []
        var keep: [Bool] = []
        for sn in new._sections.indices where survivesNew(sn) {
            let so = newSectionToOld[sn]
            let start = new._starts[sn]
            sequence.removeAll(keepingCapacity: true)
            sequencePositions.removeAll(keepingCapacity: true)
            for n in start..<new._starts[sn + 1] {
                let o = Int(newToOld[n])
                if o < 0 {
                    batch.insertedItems.append(ListIndexPath(item: n - start, section: sn))
                    changesTouch[so] = true
                    continue
                }
                let source = old._section(containing: o)
                if source == so {
                    sequence.append(Int32(truncatingIfNeeded: o))
                    sequencePositions.append(n)
                } else if survivesOld(source) {
                    batch.movedItems.append(Move(old._indexPath(ofPosition: o), ListIndexPath(item: n - start, section: sn)))
                    movedNew[n] = true
                    movesTouch[so] = true
                    movesTouch[source] = true
                    changesTouch[so] = true
                    changesTouch[source] = true
                } else {
                    batch.insertedItems.append(ListIndexPath(item: n - start, section: sn))
                    changesTouch[so] = true
                }
            }
            keep = [Bool](repeating: false, count: sequence.count)
            sequence.withUnsafeBufferPointer { values in
                keep.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(values, keep: $0) }
            }
            for (offset, stays) in keep.enumerated() where !stays {
                let n = sequencePositions[offset]
                batch.movedItems.append(Move(old._indexPath(ofPosition: Int(sequence[offset])), ListIndexPath(item: n - start, section: sn)))
                movedNew[n] = true
                movesTouch[so] = true
                changesTouch[so] = true
            }
        }
        batch.insertedItems.sort()
        batch.movedItems.sort { $0.source < $1.source }

        // Updates: id-paired content changes, and marks in `new`, for items in sections that stay.
        updates = updates.filter { survivesOld(old._section(containing: $0.old)) && survivesNew(new._section(containing: $0.new)) }
        var marked = Set(updates.map(\.new))
        for (items, reconfigure) in [(new._reloadedItems, false), (new._reconfiguredItems, true)] {
            for item in items {
                guard let n = new.indexOfItem(item), !marked.contains(n) else { continue }
                let o = Int(newToOld[n])
                guard o >= 0, survivesOld(old._section(containing: o)), survivesNew(new._section(containing: n)) else { continue }
                marked.insert(n)
                updates.append((o, n, reconfigure))
            }
        }
        updates.sort { $0.old < $1.old }
        for update in updates {
            let so = old._section(containing: update.old)
            if movedNew[update.new] || movesTouch[so] { updatesMeetItemMoves = true }
            let path = old._indexPath(ofPosition: update.old)
            if update.reconfigure { batch.reconfiguredItems.append(path) } else { batch.reloadedItems.append(path) }
        }
        for so in old._sections.indices where sectionMoved[so] && changesTouch[so] {
            itemChangesInMovedSections = true
            break
        }
    }
}

extension Snapshot {
    /// The index path of a flat position.
    @inlinable
    func _indexPath(ofPosition position: Int) -> ListIndexPath {
        let section = _section(containing: position)
        return ListIndexPath(item: position - _starts[section], section: section)
    }

    /// The same content without reload and reconfigure marks.
    @usableFromInline
    var withoutMarks: Snapshot {
        var copy = self
        copy.clearReloadMarks()
        return copy
    }

    /// A copy whose items at the given flat positions are replaced by new values (with their stored
    /// hashes); marks are dropped. The caller guarantees the new values are not already present.
    @inlinable
    func _replacing(_ replacements: [(position: Int, item: ItemIdentifier, hash: Int)]) -> Snapshot {
        var copy = self
        copy.clearReloadMarks()
        for replacement in replacements {
            copy._items[replacement.position] = replacement.item
            copy._hashes[replacement.position] = replacement.hash
        }
        copy._index = _HashIndex(hashes: copy._hashes)
        return copy
    }
}
