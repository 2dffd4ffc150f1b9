extension Changeset {
    /// The changeset from `old` to `new` found from `new`'s record of its edits, or `nil` when the
    /// full diff is needed (no record, a record from another snapshot than `old`, or a change the
    /// record path does not stage itself). What ``init(from:to:)`` tries first.
    ///
    /// Not API: a test hook (`@_spi(Testing)`), so tests can compare it with ``_fullDiff(from:to:)``.
    ///
    /// - Complexity: Expected O(k log n + s + m log n) for *k* recorded items and *m* marks.
    @_spi(Testing)
    public static func _fromRecord(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> Changeset? {
        var work = _RecordDiffWork()
        return _RecordDiff.stages(from: old, to: new, reloadingTypeChanges: false, work: &work).map {
            Changeset(stages: $0)
        }
    }

    /// The changeset of the full diff, never from a record. For tests and benchmarks.
    ///
    /// - Complexity: That of the full diff (see ``init(from:to:)``).
    @_spi(Testing)
    public static func _fullDiff(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> Changeset {
        Changeset(stages: _Differ.stages(from: old, to: new))
    }

    /// The work the changeset from the record does: items looked up by identifier or read by
    /// position. `nil` when the record does not apply. For tests.
    @_spi(Testing)
    public static func _recordWork(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> Int? {
        var work = _RecordDiffWork()
        guard _RecordDiff.stages(from: old, to: new, reloadingTypeChanges: false, work: &work) != nil else {
            return nil
        }
        return work.lookups
    }
}

/// The work of ``_RecordDiff``, counted where it is done.
@usableFromInline
struct _RecordDiffWork {
    /// Items looked up by identifier (hash index) or read by flat position: each O(log n).
    @usableFromInline var lookups = 0

    @usableFromInline
    init() {}
}

/// The changeset from a snapshot's record of its edits (see ``_EditRecord``): the answer of the full
/// diff (``_Differ``), found by looking at the recorded items and at the runs of unrecorded items
/// between them, never at every item.
///
/// Why it is the same answer. Every item not recorded is in both snapshots, in the section with the
/// same identifier, in the same order relative to the other unrecorded items of that section; so it
/// is matched in place, and only recorded items can be deleted, inserted, paired by `Identifiable` id,
/// or change section. Moves within a section are a longest increasing subsequence of the old positions
/// in new order, as in the full diff, computed over the recorded items and the *runs* of unrecorded
/// items between them (consecutive in both snapshots): no other item's old position falls inside a
/// run, so a longest subsequence takes a run whole or not at all, and a run is one weighted element.
/// The move set has the full diff's (minimal) size; which items of equal choices move may differ.
///
/// Staging follows ``_ItemDiffer/stages()``; a change that needs the intermediate stage (item changes
/// inside a section that moves) is left to the full diff, as is anything the record cannot vouch for
/// (an unrecorded item not found where the record says it is, such as a value not equal to itself).
@usableFromInline
enum _RecordDiff<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    typealias Store = Snapshot<SectionIdentifier, ItemIdentifier>
    typealias Stage = Changeset<SectionIdentifier, ItemIdentifier>.Stage

    /// One element of a section's move problem: a recorded item (`count == 1`, `recorded`) or a run of
    /// unrecorded items, at old flat positions `old..<old + count` and new `new..<new + count`.
    struct Element {
        var old: Int
        var new: Int
        var count: Int
        var recorded: Bool
    }

    /// The stages from `old` to `new`, or `nil` when the full diff must answer.
    ///
    /// - Complexity: Expected O(k log n + s + m log n) for *k* recorded items and *m* marks.
    @usableFromInline
    static func stages(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>,
        reloadingTypeChanges: Bool, work: inout _RecordDiffWork
    ) -> [Changeset<SectionIdentifier, ItemIdentifier>.Stage]? {
        guard let version = old._version else { return nil }
        let touched: Set<ItemIdentifier>
        if new._version === version {
            // No content edit since they were copies of one version (marks only): the same content, so a
            // record of no item, whatever older record both may carry.
            touched = []
        } else if let record = new._record, record.origin === version {
            touched = record.touched
        } else {
            return nil
        }
        // Items appended unchecked are not in the index the record's lookups read: the full diff answers.
        guard old._storage.pendingCount == 0, new._storage.pendingCount == 0 else { return nil }
        let sections = _Differ<SectionIdentifier, ItemIdentifier>.matchSections(old, new)
        func survivesOld(_ so: Int) -> Bool { sections.oldToNew[so] >= 0 && !sections.reloaded[so] }
        func survivesNew(_ sn: Int) -> Bool {
            let so = sections.newToOld[sn]
            return so >= 0 && !sections.reloaded[so]
        }

        // The recorded items on both sides, matched by `==` (lookups by identifier find the stored
        // item `==` to the recorded one).
        var oldMatch: [Int: Int] = [:]  // old position of a recorded item -> new position, -1 if none
        var newMatch: [Int: Int] = [:]  // new position of a recorded item -> old position, -1 if none
        for item in touched {
            work.lookups += 2
            let o = old.indexOfItem(item) ?? -1
            let n = new.indexOfItem(item) ?? -1
            if o >= 0 { oldMatch[o] = n }
            if n >= 0 { newMatch[n] = o }
        }
        var updates: [(old: Int, new: Int, reconfigure: Bool)] = []
        if reloadingTypeChanges, ItemIdentifier.self == AnyHashable.self {
            // Unrecorded items are the very values stored in both: only recorded ones can change type.
            for (o, n) in oldMatch where n >= 0 {
                work.lookups += 2
                let before = unsafeBitCast(old._storage.item(at: o), to: AnyHashable.self)
                let after = unsafeBitCast(new._storage.item(at: n), to: AnyHashable.self)
                if type(of: before.base) != type(of: after.base) { updates.append((o, n, false)) }
            }
        }
        pairByIdentity(old, new, &oldMatch, &newMatch, &updates, &work)

        var batch = BatchUpdate()
        sections.addSectionChanges(to: &batch)

        var movesTouch = Set<Int>()  // old sections a move leaves or enters
        var changesTouch = Set<Int>()  // old sections with item changes

        // Deletes: recorded old items of sections that stay, gone or shown in a section that does not.
        var oldBySection: [Int: [Int]] = [:]
        for (o, n) in oldMatch {
            let so = old._section(containing: o)
            oldBySection[so, default: []].append(o)
            guard survivesOld(so) else { continue }
            if n < 0 {
                batch.deletedItems.append(old._indexPath(ofPosition: o))
                changesTouch.insert(so)
                continue
            }
            let sn = new._section(containing: n)
            if sn != sections.oldToNew[so] && !survivesNew(sn) {
                batch.deletedItems.append(old._indexPath(ofPosition: o))
                changesTouch.insert(so)
            }
        }
        var newBySection: [Int: [Int]] = [:]
        for n in newMatch.keys { newBySection[new._section(containing: n), default: []].append(n) }

        // Inserts and moves, section by section of the new snapshot.
        for (sn, var positions) in newBySection where survivesNew(sn) {
            let so = sections.newToOld[sn]
            positions.sort()
            var sameSection = false
            for n in positions {
                let o = newMatch[n]!
                if o < 0 {
                    batch.insertedItems.append(new._indexPath(ofPosition: n))
                    changesTouch.insert(so)
                    continue
                }
                let source = old._section(containing: o)
                if source == so {
                    sameSection = true
                } else if survivesOld(source) {
                    batch.movedItems.append(Move(old._indexPath(ofPosition: o), new._indexPath(ofPosition: n)))
                    movesTouch.formUnion([so, source])
                    changesTouch.formUnion([so, source])
                } else {
                    batch.insertedItems.append(new._indexPath(ofPosition: n))
                    changesTouch.insert(so)
                }
            }
            guard sameSection else { continue }
            // Moves within the section: everything not on a longest increasing subsequence.
            var oldPositions = oldBySection[so] ?? []
            oldPositions.sort()
            guard
                let elements = elements(
                    old, new, oldSection: so, newSection: sn, newRecorded: positions, oldRecorded: oldPositions,
                    newMatch: newMatch, work: &work)
            else { return nil }
            let moved = elementsOffLongestIncreasing(elements)
            for element in moved {
                for offset in 0..<element.count {
                    batch.movedItems.append(
                        Move(
                            old._indexPath(ofPosition: element.old + offset),
                            new._indexPath(ofPosition: element.new + offset)))
                }
            }
            if !moved.isEmpty {
                movesTouch.insert(so)
                changesTouch.insert(so)
            }
        }
        batch.deletedItems.sort()
        batch.insertedItems.sort()
        batch.movedItems.sort { $0.source < $1.source }

        // Updates: id-paired content changes, and marks in `new`, for items in sections that stay.
        updates = updates.filter {
            survivesOld(old._section(containing: $0.old)) && survivesNew(new._section(containing: $0.new))
        }
        var marked = Set(updates.map(\.new))
        for (items, reconfigure) in [(new._reloadedItems, false), (new._reconfiguredItems, true)] {
            for item in items {
                work.lookups += 1
                guard let n = new.indexOfItem(item), !marked.contains(n) else { continue }
                let o: Int
                if let recorded = newMatch[n] {
                    o = recorded
                } else {
                    // Unrecorded: in both, by the record's promise.
                    work.lookups += 1
                    guard let found = old.indexOfItem(item) else { return nil }
                    o = found
                }
                guard o >= 0, survivesOld(old._section(containing: o)), survivesNew(new._section(containing: n)) else {
                    continue
                }
                marked.insert(n)
                updates.append((o, n, reconfigure))
            }
        }
        updates.sort { $0.old < $1.old }
        var updatesMeetItemMoves = false
        for update in updates {
            let so = old._section(containing: update.old)
            if movesTouch.contains(so) { updatesMeetItemMoves = true }
            let path = old._indexPath(ofPosition: update.old)
            if update.reconfigure { batch.reconfiguredItems.append(path) } else { batch.reloadedItems.append(path) }
        }

        // Staging, as the full diff stages (see `_ItemDiffer.stages()`).
        if changesTouch.contains(where: { sections.moved[$0] }) { return nil }
        // Edits that cancel out: the full diff decides, as `==` does, whether anything changed (an
        // unrecorded value not equal to itself, such as `Double.nan`, makes the snapshots unequal).
        if batch.isEmpty { return nil }
        let updatesAlone = !updates.isEmpty && (updatesMeetItemMoves || !batch.movedSections.isEmpty)
        guard updatesAlone else { return [Stage(batch: batch, snapshot: new.withoutMarks)] }
        // Updates first, alone and in place: the old snapshot with each updated item's new value.
        var updated = old
        updated.clearReloadMarks()
        updated._record = nil
        updated._version = nil  // its content is not `old`'s
        for update in updates {
            let value = new._storage.item(at: update.new)
            work.lookups += 2
            guard !_isIdenticalValue(old._storage.item(at: update.old), value) else { continue }
            updated._storage.remove(atSortedPositions: [update.old])
            updated._storage.place([value], hashes: [value.hashValue], at: update.old)
        }
        var stages = [
            Stage(
                batch: BatchUpdate(reloadedItems: batch.reloadedItems, reconfiguredItems: batch.reconfiguredItems),
                snapshot: updated)
        ]
        var structure = batch
        structure.reloadedItems = []
        structure.reconfiguredItems = []
        if !structure.isEmpty { stages.append(Stage(batch: structure, snapshot: new.withoutMarks)) }
        return stages
    }

    /// Pairs recorded old and new items that are unmatched and share their type and `Identifiable`
    /// id, as ``_ItemDiffer/pairLeftoversByIdentity()`` does over every unmatched item (only recorded
    /// items can be unmatched): old ones in old order, an id found twice there pairs with nothing;
    /// new ones in new order.
    static func pairByIdentity(
        _ old: Store, _ new: Store, _ oldMatch: inout [Int: Int], _ newMatch: inout [Int: Int],
        _ updates: inout [(old: Int, new: Int, reconfigure: Bool)], _ work: inout _RecordDiffWork
    ) {
        var byIdentity: [_IdentityKey: Int] = [:]
        var ambiguous: Set<_IdentityKey> = []
        for (o, n) in oldMatch.sorted(by: { $0.key < $1.key }) where n < 0 {
            work.lookups += 1
            guard let key = _IdentityKey.of(old._storage.item(at: o)) else { continue }
            if byIdentity.updateValue(o, forKey: key) != nil { ambiguous.insert(key) }
        }
        guard !byIdentity.isEmpty else { return }
        for key in ambiguous { byIdentity[key] = nil }
        for (n, o) in newMatch.sorted(by: { $0.key < $1.key }) where o < 0 {
            work.lookups += 1
            guard let key = _IdentityKey.of(new._storage.item(at: n)), let o = byIdentity.removeValue(forKey: key)
            else { continue }
            oldMatch[o] = n
            newMatch[n] = o
            updates.append((o, n, true))
        }
    }

    /// The elements of one section pair's move problem in new order: the recorded items matched
    /// within the section, and the runs of unrecorded items around them, each run consecutive in both
    /// snapshots. `nil` when an unrecorded item is not where the record says.
    ///
    /// - Complexity: O((r + q) log n) for *r* recorded new positions and *q* recorded old positions.
    static func elements(
        _ old: Store, _ new: Store, oldSection so: Int, newSection sn: Int, newRecorded: [Int], oldRecorded: [Int],
        newMatch: [Int: Int], work: inout _RecordDiffWork
    ) -> [Element]? {
        let oldRange = old._counts.range(of: so)
        let newRange = new._counts.range(of: sn)
        var elements: [Element] = []
        var cursor = newRange.lowerBound
        var recordedIndex = 0  // into oldRecorded
        for stop in newRecorded + [newRange.upperBound] {
            if stop > cursor {
                // Unrecorded items cursor..<stop: consecutive among the section's unrecorded items in
                // old order too, from the old position of the first.
                work.lookups += 2
                let first = new._storage.item(at: cursor)
                guard let start = old.indexOfItem(first), oldRange.contains(start) else { return nil }
                var o = start
                var n = cursor
                var remaining = stop - cursor
                while recordedIndex < oldRecorded.count && oldRecorded[recordedIndex] < o { recordedIndex += 1 }
                while remaining > 0 {
                    if recordedIndex < oldRecorded.count && oldRecorded[recordedIndex] == o {
                        o += 1
                        recordedIndex += 1
                        continue
                    }
                    let end = recordedIndex < oldRecorded.count ? oldRecorded[recordedIndex] : oldRange.upperBound
                    let count = Swift.min(end - o, remaining)
                    guard count > 0 else { return nil }
                    // The run's last item must be the same on both sides.
                    work.lookups += 2
                    guard _isEqual(old._storage.item(at: o + count - 1), new._storage.item(at: n + count - 1)) else {
                        return nil
                    }
                    elements.append(Element(old: o, new: n, count: count, recorded: false))
                    o += count
                    n += count
                    remaining -= count
                }
            }
            guard stop < newRange.upperBound else { break }
            cursor = stop + 1
            let o = newMatch[stop]!
            if o >= 0 && oldRange.contains(o) { elements.append(Element(old: o, new: stop, count: 1, recorded: true)) }
        }
        return elements
    }

    /// The elements off one longest increasing subsequence of old positions, weighted by item count
    /// (elements never overlap in old positions, so an element is taken whole or not at all).
    ///
    /// - Complexity: O(e log e) for *e* elements.
    static func elementsOffLongestIncreasing(_ elements: [Element]) -> [Element] {
        guard elements.count > 1 else { return [] }
        // Fenwick tree of prefix maxima over the elements' last old positions, in sorted order.
        let ends = elements.map { $0.old + $0.count - 1 }.sorted()
        var tree = [(length: Int, element: Int)](repeating: (0, -1), count: ends.count + 1)
        var previous = [Int](repeating: -1, count: elements.count)
        var best = (length: 0, element: -1)
        func rank(below value: Int) -> Int {  // the number of ends < value
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        for (index, element) in elements.enumerated() {
            var query = (length: 0, element: -1)
            var i = rank(below: element.old)
            while i > 0 {
                if tree[i].length > query.length { query = tree[i] }
                i -= i & -i
            }
            let length = query.length + element.count
            previous[index] = query.element
            if length > best.length { best = (length, index) }
            i = rank(below: element.old + element.count - 1) + 1
            while i <= ends.count {
                if tree[i].length < length { tree[i] = (length, index) }
                i += i & -i
            }
        }
        var kept = [Bool](repeating: false, count: elements.count)
        var index = best.element
        while index >= 0 {
            kept[index] = true
            index = previous[index]
        }
        return elements.indices.filter { !kept[$0] }.map { elements[$0] }
    }
}

/// Whether two values are the same value, with `==` and the same dynamic type (an `AnyHashable`'s
/// base type can change under `==`).
func _isIdenticalValue<Item: Hashable>(_ lhs: Item, _ rhs: Item) -> Bool {
    lhs == rhs && type(of: AnyHashable(lhs).base) == type(of: AnyHashable(rhs).base)
}
