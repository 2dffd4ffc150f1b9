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
    /// When `new` was copied from `old` and then edited (`var new = dataSource.snapshot()`, edits), the
    /// changes are found from `new`'s record of its edits, looking only at the items the edits touched
    /// and the runs of items between them: the same answer, with a move set of the same size. When the
    /// record cannot answer, the full diff below does (see "Edits to the snapshot on screen" in
    /// <doc:SnapshotsAndDiffs>).
    ///
    /// Only sections are matched in code generic over the section type; the item-level work runs on
    /// the snapshots' item storage alone, and for `AnyHashable` items it runs in code compiled once,
    /// specialised, inside this module. So a caller that is itself generic over the section type
    /// (as a data source is) gets the same speed as one that names both types.
    ///
    /// - Parameters:
    ///   - old: The snapshot shown now.
    ///   - new: The snapshot to show.
    /// - Complexity: Expected O(n + s) hashing-free work, plus O(log s) per item that changes section
    ///   (the hashes stored in the snapshots are reused;
    ///   each unmatched item's `id` is read once; a new item is compared with `==` only with old
    ///   items that have its hash, so once when hashes are distinct; each reload or reconfigure mark
    ///   in `new` is hashed once to find it), plus O(m log m) at worst for the longest increasing
    ///   subsequence of the m matched items, which is O(m) when they keep their order. Identical
    ///   snapshots, appends and edits in one place are found by comparing the shared prefix and
    ///   suffix before any lookup, of the whole lists and then of each section with the old section
    ///   of its identifier: a section that is unchanged, or changed only in one place, costs one `==`
    ///   per item. What no shared end matched (the middles of sections, the items of new sections) is
    ///   compared in place with the old item after the previous item's match, so a run of items that
    ///   kept their order costs one lookup, at its start; the lookups find items that change section.
    ///   Items appended without a check (see ``Snapshot/appendItems(_:toSection:)``) have no stored
    ///   hash: they are compared with `==` alone in place, and hashed only where no shared end matched
    ///   them (with the old snapshot's unmatched items, when it has such items too); a changeset of
    ///   several stages hashes every such item once, for the snapshots of its stages. Given a snapshot
    ///   that holds an item twice (appended unchecked), the later one is reported as inserted.
    ///   *n* is the number of items in both snapshots. From the record of *k* edited items: expected
    ///   O(k log n + s + m log n) for *m* reload and reconfigure marks (*k* = 0 for a copy whose only
    ///   edits are marks).
    @inlinable
    public init(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) {
        var work = _RecordDiffWork()
        self.init(
            stages: _RecordDiff.stages(from: old, to: new, reloadingTypeChanges: false, work: &work)
                ?? _Differ.stages(from: old, to: new))
    }
}

extension Changeset where ItemIdentifier == AnyHashable {
    /// The changes that turn `old` into `new`, as ``init(from:to:)`` finds them, with each item whose
    /// value changes type under an equal identifier reloaded.
    ///
    /// `AnyHashable` values of different types can be equal: `AnyHashable(1) == AnyHashable(Int8(1))`
    /// (integers, floating-point numbers, arrays, sets and dictionaries have their own `AnyHashable`
    /// representations, and instances of classes compare through the class that declares `Hashable`).
    /// ``init(from:to:)`` matches such an old and new item as one item, by `==`, and reports nothing
    /// for it. Here, when `reloadingTypeChanges` is `true`, each matched pair whose values (`base`)
    /// differ in dynamic type is reloaded, as a `reloadItems` mark in `new` would reload it (a
    /// reconfigure mark on it becomes the reload): a list that picks a cell by the value's type shows
    /// the new type's cell. Where it is moved too, the reload is staged as any update is.
    ///
    /// Not API: the data source's hook (`@_spi(CellKitInternals)`); it asks only when the list may
    /// hold values of such types.
    ///
    /// - Parameters:
    ///   - old: The snapshot shown now.
    ///   - new: The snapshot to show.
    ///   - reloadingTypeChanges: Whether to compare the types of matched items' values.
    /// - Complexity: That of ``init(from:to:)``; with `reloadingTypeChanges`, plus O(n) to read the
    ///   type of each matched item's value in both snapshots.
    @_spi(CellKitInternals)
    @inlinable
    public init(
        from old: Snapshot<SectionIdentifier, AnyHashable>, to new: Snapshot<SectionIdentifier, AnyHashable>,
        reloadingTypeChanges: Bool
    ) {
        var work = _RecordDiffWork()
        self.init(
            stages: _RecordDiff.stages(from: old, to: new, reloadingTypeChanges: reloadingTypeChanges, work: &work)
                ?? _Differ.stages(from: old, to: new, reloadingTypeChanges: reloadingTypeChanges))
    }
}

extension Changeset {
    /// How many items of `old` and `new` the diff hashes: those appended without a check (see
    /// ``Snapshot/_indexAppendedItems(reusingHashesOf:)``) that no shared end or in-place comparison matched, and,
    /// when `old` has such items and some new item is looked up, the old items left unmatched.
    ///
    /// Not API: a test hook (`@_spi(Testing)`), so tests can bound the diff's hashing by counting it.
    ///
    /// - Complexity: That of ``init(from:to:)``.
    @_spi(Testing)
    public static func _itemsHashed(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> Int {
        _ranDiffer(from: old, to: new).itemsHashed
    }
}

extension Changeset {
    /// How many items of `new` the diff from `old` looks up in `old`'s hash index: the ones that no
    /// shared prefix or suffix matched (of the whole lists, or of a section and its old section), nor
    /// the old item after the one the new item before them matched.
    ///
    /// Not API: a test hook (`@_spi(Testing)`), so tests can bound the diff's work by counting it.
    ///
    /// - Complexity: That of ``init(from:to:)``.
    @_spi(Testing)
    public static func _indexLookups(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> Int {
        _ranDiffer(from: old, to: new).indexLookups
    }
}

extension Changeset {
    /// The item diff from `old` to `new`, run once, for the test hooks that count its work.
    static func _ranDiffer(
        from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>
    ) -> _ItemDiffer<ItemIdentifier> {
        let sides = _Differ.itemSides(old, new)
        var differ = _ItemDiffer(old: sides.old, new: sides.new, sections: _Differ.matchSections(old, new))
        differ.run()
        return differ
    }
}

/// The diff between two snapshots: sections are matched here, generically; items by ``_ItemDiffer``.
@usableFromInline
enum _Differ<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    @usableFromInline
    typealias Store = Snapshot<SectionIdentifier, ItemIdentifier>
    @usableFromInline
    typealias Stage = Changeset<SectionIdentifier, ItemIdentifier>.Stage

    /// The stages of the change (see ``_ItemDiffer/stages()``).
    @inlinable
    static func stages(from old: Store, to new: Store, reloadingTypeChanges: Bool = false) -> [Stage] {
        let sides = itemSides(old, new)
        var differ = _ItemDiffer(old: sides.old, new: sides.new, sections: matchSections(old, new))
        differ.reloadsTypeChanges = reloadingTypeChanges
        differ.knownEnds = new._storage.checkedEnds(against: old._storage)
        let plan: [_ItemDiffer<ItemIdentifier>.StagePlan]
        if ItemIdentifier.self == AnyHashable.self {
            // The same type, so the casts are identities; the work runs in code specialised for AnyHashable.
            let erased = unsafeBitCast(differ, to: _ItemDiffer<AnyHashable>.self)
            plan = unsafeBitCast(_anyHashableStages(erased), to: [_ItemDiffer<ItemIdentifier>.StagePlan].self)
        } else {
            plan = differ.stages()
        }
        return plan.map { stage in
            Stage(batch: stage.batch, snapshot: stage.items.map { old._withItems($0) } ?? new.withoutMarks)
        }
    }

    /// The item sides of both snapshots. Storage in runs is read through a copy of its items and
    /// hashes in order, with the runs' own index (see ``_PositionIndex``); when both share every run (a
    /// copy not edited since), the new side reuses the old side's copy, so the diff finds them
    /// identical exactly as `==` does.
    @inlinable
    static func itemSides(_ old: Store, _ new: Store) -> (
        old: _ItemSide<ItemIdentifier>, new: _ItemSide<ItemIdentifier>
    ) {
        let oldSide = old._itemSide
        guard !old._storage.isFlat, old._storage.sharesEveryRun(with: new._storage) else {
            return (oldSide, new._itemSide)
        }
        var newSide = oldSide
        newSide.counts = new._counts
        newSide.starts = new._counts.starts()
        newSide.reloadedItems = new._reloadedItems
        newSide.reconfiguredItems = new._reconfiguredItems
        return (oldSide, newSide)
    }

    /// Matches sections by identifier; moves are minimal (a longest increasing subsequence stays).
    /// A reload mark on a section that moves turns it into a delete and an insert.
    @inlinable
    static func matchSections(_ old: Store, _ new: Store) -> _SectionMatch {
        var match = _SectionMatch(oldCount: old._sections.count, newCount: new._sections.count)
        match.same = old._sections == new._sections
        if match.same {
            for section in old._sections.indices {
                match.oldToNew[section] = section
                match.newToOld[section] = section
            }
        } else {
            var matchedOld: [Int32] = []
            for (sn, section) in new._sections.enumerated() {
                guard let so = old._sectionPositions[section] else { continue }
                match.oldToNew[so] = sn
                match.newToOld[sn] = so
                matchedOld.append(Int32(so))
            }
            var keep = [Bool](repeating: false, count: matchedOld.count)
            matchedOld.withUnsafeBufferPointer { values in
                keep.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(values, keep: $0) }
            }
            for (offset, stays) in keep.enumerated() where !stays { match.moved[Int(matchedOld[offset])] = true }
        }
        for section in new._reloadedSections {
            guard let sn = new._sectionPositions[section] else { continue }
            match.reloadedNew.append(sn)
            let so = match.newToOld[sn]
            guard so >= 0 else { continue }
            if match.moved[so] {
                // A reload cannot travel with a move: delete and insert instead.
                match.oldToNew[so] = -1
                match.newToOld[sn] = -1
                match.moved[so] = false
            } else {
                match.reloaded[so] = true
            }
        }
        match.reloadedNew.sort()
        return match
    }
}

/// The diff of `AnyHashable` items, compiled here once: generic callers (which cannot specialise the
/// inlinable diff for their section type) reach specialised item code through it.
@usableFromInline
func _anyHashableStages(_ differ: _ItemDiffer<AnyHashable>) -> [_ItemDiffer<AnyHashable>.StagePlan] {
    differ.stages()
}

/// How the sections of two snapshots correspond.
@usableFromInline
struct _SectionMatch {
    /// Whether both snapshots hold the same section identifiers in the same order.
    @usableFromInline var same = false
    /// Old section position to new position; -1 when the section is deleted (or reloaded and moved).
    @usableFromInline var oldToNew: [Int]
    /// New section position to old position; -1 when the section is inserted.
    @usableFromInline var newToOld: [Int]
    /// Old sections that stay but move.
    @usableFromInline var moved: [Bool]
    /// Old sections reloaded in place (their items are taken anew; no item changes are reported in them).
    @usableFromInline var reloaded: [Bool]
    /// New positions of the sections `new` marks for reload, ascending.
    @usableFromInline var reloadedNew: [Int] = []

    @inlinable
    init(oldCount: Int, newCount: Int) {
        oldToNew = Array(repeating: -1, count: oldCount)
        newToOld = Array(repeating: -1, count: newCount)
        moved = Array(repeating: false, count: oldCount)
        reloaded = Array(repeating: false, count: oldCount)
    }

    /// Adds the section deletes, moves, reloads and inserts to a batch, in old then new positions.
    ///
    /// - Complexity: O(s) for *s* sections.
    @inlinable
    func addSectionChanges(to batch: inout BatchUpdate) {
        for so in oldToNew.indices {
            if oldToNew[so] < 0 {
                batch.deletedSections.append(so)
            } else if moved[so] {
                batch.movedSections.append(Move(so, oldToNew[so]))
            } else if reloaded[so] {
                batch.reloadedSections.append(so)
            }
        }
        for sn in newToOld.indices where newToOld[sn] < 0 { batch.insertedSections.append(sn) }
    }
}

/// The item half of a snapshot, without section identifiers: what the item-level diff reads and the
/// item storage of the snapshots it makes.
@usableFromInline
struct _ItemSide<Item: Hashable> {
    @usableFromInline var items: ContiguousArray<Item>
    @usableFromInline var hashes: ContiguousArray<Int>
    /// The hash index, read in flat positions (the storage's own index, whatever its layout).
    @usableFromInline var index: _PositionIndex
    @usableFromInline var counts: _SectionCounts
    /// Each section's start and the item count at the end (`counts.sectionCount + 1` values).
    @usableFromInline var starts: [Int]
    @usableFromInline var reloadedItems: Set<Item>
    @usableFromInline var reconfiguredItems: Set<Item>
    /// How many first items have their stored hash in ``hashes`` and are in ``index``: all, unless
    /// items were appended to the snapshot without a check (see ``Snapshot/_indexAppendedItems(reusingHashesOf:)``);
    /// then `hashes` holds 0 for the others until the diff hashes the ones it needs.
    @usableFromInline var hashed: Int
    /// The snapshot's lazily built index of its items from ``hashed`` on (see ``_PendingIndex``):
    /// lookups of those items, and their hashes, once per snapshot whatever the number of diffs.
    @usableFromInline var pending: _PendingIndex<Item>?

    @inlinable
    init(
        items: ContiguousArray<Item>, hashes: ContiguousArray<Int>, index: _PositionIndex, counts: _SectionCounts,
        reloadedItems: Set<Item> = [], reconfiguredItems: Set<Item> = [], pending: _PendingIndex<Item>? = nil
    ) {
        self.items = items
        self.hashed = hashes.count
        self.pending = hashes.count < items.count && pending?.base == hashes.count ? pending : nil
        self.hashes = hashes
        if hashes.count < items.count {
            self.hashes.append(contentsOf: repeatElement(0, count: items.count - hashes.count))
        }
        self.index = index
        self.counts = counts
        self.starts = counts.starts()
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    @inlinable
    func section(containing position: Int) -> Int { counts.section(containing: position) }

    @inlinable
    func indexPath(ofPosition position: Int, inSection section: Int) -> ListIndexPath {
        ListIndexPath(item: position - starts[section], section: section)
    }

    @inlinable
    func indexPath(ofPosition position: Int) -> ListIndexPath {
        indexPath(ofPosition: position, inSection: section(containing: position))
    }

    /// Whether every item's hash is known and indexed (nothing was appended unchecked).
    @inlinable
    var isHashed: Bool { hashed == items.count }

    @inlinable
    func position(of item: Item) -> Int? {
        let items = items
        let found = hashes.withUnsafeBufferPointer { hashes in
            index.find(hash: item.hashValue, hashes: hashes) { _isEqual(items[$0], item) }
        }
        guard found == nil, !isHashed else { return found }
        if let pending { return pending.position(of: item, hash: item.hashValue, in: items) }
        return (hashed..<items.count).first { _isEqual(items[$0], item) }
    }

    /// The hash of every item that is not hashed yet, and an index over all of them (for the stages
    /// that build snapshots from this side). O(n - ``hashed``) hashes, plus O(n) to index when some
    /// were missing. Through the snapshot's lazy index (``pending``): hashed once per snapshot, and a
    /// snapshot built by appends alone takes that index whole (the old side of a rebuilt list, diffed
    /// again, is hashed once).
    @inlinable
    func completed() -> _ItemSide {
        guard !isHashed else { return self }
        var copy = self
        copy.pending = nil
        copy.hashed = items.count
        guard let pending else {
            for position in hashed..<items.count { copy.hashes[position] = items[position].hashValue }
            copy.index = _PositionIndex(positions: copy.hashes.withUnsafeBufferPointer { _HashIndex(hashes: $0) })
            return copy
        }
        let lazy = pending.indexed(over: items)
        if hashed == 0 {
            copy.hashes = lazy.hashes
            copy.index = _PositionIndex(positions: lazy.table)
            return copy
        }
        copy.hashes.replaceSubrange(hashed..<items.count, with: lazy.hashes)
        copy.index = _PositionIndex(positions: copy.hashes.withUnsafeBufferPointer { _HashIndex(hashes: $0) })
        return copy
    }

    /// A copy whose items at the given flat positions are replaced by new values (with their stored
    /// hashes), the index updated in place; marks are dropped. The new values must not be present.
    @inlinable
    func replacing(_ replacements: [(position: Int, item: Item, hash: Int)]) -> _ItemSide {
        // The copy's index is over flat positions (indexed anew from the stored hashes when this
        // side's index is over runs), since its snapshot's storage is flat.
        var table = index.positionTable(hashes: hashes)
        var copy = _ItemSide(items: items, hashes: hashes, index: _PositionIndex(positions: table), counts: counts)
        for replacement in replacements {
            copy.hashes.withUnsafeBufferPointer { hashes in
                table.remove(position: replacement.position, hash: hashes[replacement.position]) { hashes[$0] }
            }
            copy.items[replacement.position] = replacement.item
            copy.hashes[replacement.position] = replacement.hash
            copy.hashes.withUnsafeBufferPointer { hashes in
                _ = table.insert(hash: replacement.hash, position: replacement.position, hashOf: { hashes[$0] }) {
                    _ in false
                }
            }
        }
        copy.index = _PositionIndex(positions: table)
        return copy
    }
}

extension Snapshot {
    /// This snapshot's items, hashes, index, section counts and item marks. O(s) for the section
    /// starts while its storage is flat; once it is in runs, O(n) more to copy the items and hashes
    /// in order (the diff reads items by flat position), and O(n / 512) to read the storage's own
    /// index in flat positions (nothing is hashed or indexed again).
    @inlinable
    var _itemSide: _ItemSide<ItemIdentifier> {
        let items = _storage.flatItems
        return _ItemSide(
            items: items.items, hashes: items.hashes, index: _PositionIndex(of: _storage), counts: _counts,
            reloadedItems: _reloadedItems, reconfiguredItems: _reconfiguredItems, pending: _storage.pendingIndex)
    }

    /// This snapshot's sections holding other items (same section count), without marks.
    @inlinable
    func _withItems(_ side: _ItemSide<ItemIdentifier>) -> Snapshot {
        var result = Snapshot()
        result._sections = _sections
        result._sectionPositions = _sectionPositions
        result._counts = side.counts
        result._storage = _ItemStorage(
            flatItems: side.items, hashes: side.hashes, index: side.index.positionTable(hashes: side.hashes))
        return result
    }

    /// The same content without reload and reconfigure marks.
    @usableFromInline
    var withoutMarks: Snapshot {
        var copy = self
        copy.clearReloadMarks()
        return copy
    }
}

/// The diff's item-level working state: items of two snapshots and how their sections correspond.
/// Nothing here depends on the section identifier type.
@usableFromInline
struct _ItemDiffer<Item: Hashable> {
    /// One stage: its batch, and the item storage of its snapshot (with the old sections), or `nil`
    /// when the stage shows the new snapshot.
    @usableFromInline
    struct StagePlan {
        @usableFromInline var batch: BatchUpdate
        @usableFromInline var items: _ItemSide<Item>?

        @inlinable
        init(batch: BatchUpdate, items: _ItemSide<Item>?) {
            self.batch = batch
            self.items = items
        }
    }

    @usableFromInline var old: _ItemSide<Item>
    @usableFromInline var new: _ItemSide<Item>
    @usableFromInline var sections: _SectionMatch

    /// Old flat item position to new flat position, -1 when unmatched.
    @usableFromInline var oldToNew: ContiguousArray<Int32> = []
    /// New flat item position to old flat position, -1 when unmatched.
    @usableFromInline var newToOld: ContiguousArray<Int32> = []
    /// Updates as (old flat position, new flat position, reconfigure?) for items in sections that stay.
    @usableFromInline var updates: [(old: Int, new: Int, reconfigure: Bool)] = []
    @usableFromInline var identical = false
    /// New items that ``matchItems()`` looked up in the old index (those that neither a trimmed end nor
    /// the item before them matched).
    @usableFromInline var indexLookups = 0
    /// Items the diff hashed: those appended unchecked (see ``_ItemSide/hashed``) that it had to look up,
    /// or index, because no shared end matched them.
    @usableFromInline var itemsHashed = 0
    /// Whether equal items whose values differ in dynamic type are reloaded (see
    /// ``Changeset/init(from:to:reloadingTypeChanges:)``).
    @usableFromInline var reloadsTypeChanges = false
    /// The shared prefix and suffix of the whole lists, when the apply's check found them already
    /// (``_ItemStorage/checkedEnds(against:)``): ``matchItems()`` takes them instead of comparing again.
    @usableFromInline var knownEnds: (prefix: Int, suffix: Int)?

    // Results of classification.
    @usableFromInline var batch = BatchUpdate()
    /// Whether some update concerns an item that moves, or a section that an item move leaves or enters.
    @usableFromInline var updatesMeetItemMoves = false
    /// Whether items change inside a section that moves.
    @usableFromInline var itemChangesInMovedSections = false

    @inlinable
    init(old: _ItemSide<Item>, new: _ItemSide<Item>, sections: _SectionMatch) {
        self.old = old
        self.new = new
        self.sections = sections
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
    func stages() -> [StagePlan] {
        var differ = self
        differ.run()
        if differ.identical {
            guard !differ.batch.isEmpty else { return [] }
            return [StagePlan(batch: differ.batch, items: nil)]
        }
        let split = differ.itemChangesInMovedSections
        let hasUpdates = !differ.updates.isEmpty
        // Updates may share a batch only with changes that never move the item, its section's
        // items, or any section.
        let updatesAlone =
            hasUpdates && (differ.updatesMeetItemMoves || (!split && !differ.batch.movedSections.isEmpty))
        if !split && !updatesAlone {
            return [StagePlan(batch: differ.batch, items: nil)]
        }
        // The stages below build snapshots: every item needs its hash (appended unchecked, they may lack it).
        differ.old = differ.old.completed()
        differ.new = differ.new.completed()
        let old = differ.old
        let new = differ.new
        var structure = differ.batch
        structure.reloadedItems = []
        structure.reconfiguredItems = []
        var stages: [StagePlan] = []
        if updatesAlone {
            let updated = old.replacing(differ.updates.map { ($0.old, new.items[$0.new], new.hashes[$0.new]) })
            stages.append(
                StagePlan(
                    batch: BatchUpdate(
                        reloadedItems: differ.batch.reloadedItems, reconfiguredItems: differ.batch.reconfiguredItems),
                    items: updated))
        }
        if split {
            var items = differ.itemBatch()
            if hasUpdates && !updatesAlone {
                items.reloadedItems = differ.batch.reloadedItems
                items.reconfiguredItems = differ.batch.reconfiguredItems
            }
            stages.append(StagePlan(batch: items, items: differ.intermediate()))
            structure = BatchUpdate(
                deletedSections: structure.deletedSections, insertedSections: structure.insertedSections,
                movedSections: structure.movedSections, reloadedSections: structure.reloadedSections)
        }
        if !structure.isEmpty { stages.append(StagePlan(batch: structure, items: nil)) }
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
        for so in sections.oldToNew.indices where !survivesOld(so) {
            let start = old.starts[so]
            for o in start..<old.starts[so + 1] {
                let n = Int(oldToNew[o])
                if n >= 0 && survivesNew(new.section(containing: n)) {
                    items.deletedItems.append(ListIndexPath(item: o - start, section: so))
                }
            }
        }
        items.deletedItems.sort()
        items.insertedItems = batch.insertedItems.map {
            ListIndexPath(item: $0.item, section: sections.newToOld[$0.section])
        }
        items.insertedItems.sort()
        items.movedItems = batch.movedItems.map {
            Move(
                $0.source, ListIndexPath(item: $0.destination.item, section: sections.newToOld[$0.destination.section]))
        }
        return items
    }

    /// The items between item changes and section changes: the old sections in their old order,
    /// each section that stays holding its new items; deleted sections keep only the items that
    /// are not shown in a section that stays.
    @inlinable
    func intermediate() -> _ItemSide<Item> {
        var items = ContiguousArray<Item>()
        var hashes = ContiguousArray<Int>()
        var counts: [Int] = []
        counts.reserveCapacity(sections.oldToNew.count)
        for so in sections.oldToNew.indices {
            let before = items.count
            if survivesOld(so) {
                let sn = sections.oldToNew[so]
                let range = new.starts[sn]..<new.starts[sn + 1]
                items.append(contentsOf: new.items[range])
                hashes.append(contentsOf: new.hashes[range])
            } else {
                for position in old.starts[so]..<old.starts[so + 1] {
                    let match = Int(oldToNew[position])
                    if match >= 0 && survivesNew(new.section(containing: match)) { continue }
                    items.append(old.items[position])
                    hashes.append(old.hashes[position])
                }
            }
            counts.append(items.count - before)
        }
        let index = hashes.withUnsafeBufferPointer { _HashIndex(hashes: $0) }
        return _ItemSide(
            items: items, hashes: hashes, index: _PositionIndex(positions: index), counts: _SectionCounts(counts))
    }

    // MARK: Matching

    @inlinable
    func survivesOld(_ so: Int) -> Bool { sections.oldToNew[so] >= 0 && !sections.reloaded[so] }
    @inlinable
    func survivesNew(_ sn: Int) -> Bool {
        let so = sections.newToOld[sn]
        return so >= 0 && !sections.reloaded[so]
    }

    @inlinable
    mutating func run() {
        let oldCount = old.items.count
        let newCount = new.items.count
        // The same test as the snapshots' `==`, so the diff is empty exactly when they are equal (ends the
        // check found say it without comparing: every item `==` in place exactly when the prefix is all).
        if sections.same && old.counts == new.counts && (!old.isHashed || !new.isHashed || old.hashes == new.hashes)
            && (knownEnds.map { $0.prefix == oldCount && oldCount == newCount } ?? (old.items == new.items))
        {
            identical = true
            markOnlyBatch()
            return
        }
        oldToNew = ContiguousArray(repeating: -1, count: oldCount)
        newToOld = ContiguousArray(repeating: -1, count: newCount)
        matchItems()
        if reloadsTypeChanges {
            // Equal items whose values differ in type: updates, reloaded as a mark would be.
            for change in valueTypeChanges(matchedInPlace: false) { updates.append((change.old, change.new, false)) }
        }
        pairLeftoversByIdentity()
        classify()
    }

    /// The items matched by `==` whose values differ in dynamic type (`AnyHashable(1)` and
    /// `AnyHashable(Int8(1))`), as (old flat position, new flat position); none unless the items are
    /// `AnyHashable`. `matchedInPlace`: every position is matched to itself (identical content);
    /// otherwise ``newToOld`` says.
    ///
    /// - Complexity: O(n): the type of each matched item's value is read on both sides.
    @inlinable
    func valueTypeChanges(matchedInPlace: Bool) -> [(old: Int, new: Int)] {
        guard Item.self == AnyHashable.self else { return [] }
        // The same type, so the casts are identities.
        return _valueTypeChanges(
            unsafeBitCast(old.items, to: ContiguousArray<AnyHashable>.self),
            unsafeBitCast(new.items, to: ContiguousArray<AnyHashable>.self),
            matchedInPlace ? nil : newToOld)
    }

    /// Identical content: only the marks in `new` (and, with ``reloadsTypeChanges``, the items whose
    /// value changed type) become reloads and reconfigures, in place.
    @inlinable
    mutating func markOnlyBatch() {
        var typeChanged = Set<Int>()
        if reloadsTypeChanges {
            for change in valueTypeChanges(matchedInPlace: true) where typeChanged.insert(change.new).inserted {
                batch.reloadedItems.append(new.indexPath(ofPosition: change.new))
            }
        }
        for item in new.reloadedItems {
            if let n = new.position(of: item), !typeChanged.contains(n) {
                batch.reloadedItems.append(new.indexPath(ofPosition: n))
            }
        }
        for item in new.reconfiguredItems where !new.reloadedItems.contains(item) {
            if let n = new.position(of: item), !typeChanged.contains(n) {
                batch.reconfiguredItems.append(new.indexPath(ofPosition: n))
            }
        }
        batch.reloadedSections = sections.reloadedNew
        let reloaded = Set(batch.reloadedSections)
        batch.reloadedItems = batch.reloadedItems.filter { !reloaded.contains($0.section) }.sorted()
        batch.reconfiguredItems = batch.reconfiguredItems.filter { !reloaded.contains($0.section) }.sorted()
    }

    /// Matches every new item to the old item `==` to it, if any, writing ``oldToNew`` and
    /// ``newToOld``: first by trimming shared ends, then by lookups for what is left.
    ///
    /// The shared prefix and suffix of the whole lists are matched first; then, between them, each
    /// section of `new` that has an old section (by identifier) is trimmed of the prefix and suffix it
    /// shares with that section. What no trimming matched (the middles of sections, the items of new
    /// sections) is compared with the old item after the one the new item before it matched, which
    /// matches a run of items that kept their order without a lookup, and otherwise looked up in the old
    /// snapshot's index with the stored hashes: items that change section are found there. Trimming and
    /// runs only find pairs sooner: the items are distinct on each side, so every new item has at most
    /// one old item `==` to it, and the matching, hence the changeset, is the one the lookups alone
    /// would give.
    @inlinable
    mutating func matchItems() {
        let oldCount = old.items.count
        let newCount = new.items.count
        // The ends of the whole lists, then of each section pair between them: runs of equal items, as
        // (old start, new start, count).
        let (prefix, suffix) = knownEnds ?? sharedEnds(0..<oldCount, 0..<newCount)
        var runs: [(old: Int, new: Int, count: Int)] = [(0, 0, prefix), (oldCount - suffix, newCount - suffix, suffix)]
        // New positions to look up.
        var leftovers: [Range<Int>] = []
        let oldMiddle = prefix..<(oldCount - suffix)
        let newMiddle = prefix..<(newCount - suffix)
        // With no old item left, every new item left is an insert: nothing to compare or look up.
        if !oldMiddle.isEmpty && !newMiddle.isEmpty {
            for sn in sections.newToOld.indices {
                let newRange = (new.starts[sn]..<new.starts[sn + 1]).clamped(to: newMiddle)
                guard !newRange.isEmpty else { continue }
                let so = sections.newToOld[sn]
                guard so >= 0 else {
                    leftovers.append(newRange)
                    continue
                }
                let oldRange = (old.starts[so]..<old.starts[so + 1]).clamped(to: oldMiddle)
                let ends = sharedEnds(oldRange, newRange)
                runs.append((oldRange.lowerBound, newRange.lowerBound, ends.prefix))
                runs.append((oldRange.upperBound - ends.suffix, newRange.upperBound - ends.suffix, ends.suffix))
                let rest = (newRange.lowerBound + ends.prefix)..<(newRange.upperBound - ends.suffix)
                if !rest.isEmpty { leftovers.append(rest) }
            }
        }
        oldToNew.withUnsafeMutableBufferPointer { oldToNew in
            newToOld.withUnsafeMutableBufferPointer { newToOld in
                for run in runs {
                    for offset in 0..<run.count {
                        oldToNew[run.old + offset] = Int32(truncatingIfNeeded: run.new + offset)
                        newToOld[run.new + offset] = Int32(truncatingIfNeeded: run.old + offset)
                    }
                }
            }
        }
        // Items appended unchecked have no stored hash: hash those the lookups need. Without the old
        // side's index, index its unmatched items alone: a new item `==` to an old one that is matched
        // already would be a duplicate (the data source's apply checks for those first).
        var oldIndex = old.index
        if !leftovers.isEmpty && (!old.isHashed || !new.isHashed) {
            for range in leftovers {
                for n in range where n >= new.hashed {
                    new.hashes[n] = new.items[n].hashValue
                    itemsHashed += 1
                }
            }
            if !old.isHashed {
                var unmatched: [Int] = []
                for o in 0..<oldCount where oldToNew[o] < 0 {
                    unmatched.append(o)
                    if o >= old.hashed {
                        old.hashes[o] = old.items[o].hashValue
                        itemsHashed += 1
                    }
                }
                // A slot holds a position in the bits of its mask: the table spans every old position.
                var table = _HashIndex(minimumCapacity: Swift.max(unmatched.count, (oldCount + 1) / 2))
                for o in unmatched { table.insertNew(hash: old.hashes[o], position: o) }
                oldIndex = _PositionIndex(positions: table)
            }
        }
        // What is left: the old item after the previous one's match, or a lookup in the old index.
        if Item.self == AnyHashable.self {
            // The same type, so the casts are identities; see `_lookUp` for why this is concrete.
            indexLookups = _lookUp(
                leftovers, in: oldIndex, unsafeBitCast(old.items, to: ContiguousArray<AnyHashable>.self), old.hashes,
                unsafeBitCast(new.items, to: ContiguousArray<AnyHashable>.self), new.hashes, &oldToNew, &newToOld)
        } else {
            indexLookups = _lookUp(
                leftovers, in: oldIndex, old.items, old.hashes, new.items, new.hashes, &oldToNew, &newToOld)
        }
    }

    /// The lengths of the prefix and of the suffix (not overlapping it) that old items at `oldRange`
    /// and new items at `newRange` share (see ``_sharedEnds(_:_:_:_:_:_:)``).
    @inlinable
    func sharedEnds(_ oldRange: Range<Int>, _ newRange: Range<Int>) -> (prefix: Int, suffix: Int) {
        if !old.isHashed || !new.isHashed {
            // Items appended unchecked have no stored hash to compare first: `==` alone, in place.
            if Item.self == AnyHashable.self {
                return _sharedEnds(
                    unsafeBitCast(old.items, to: ContiguousArray<AnyHashable>.self), oldRange,
                    unsafeBitCast(new.items, to: ContiguousArray<AnyHashable>.self), newRange)
            }
            return _sharedEnds(old.items, oldRange, new.items, newRange)
        }
        if Item.self == AnyHashable.self {
            // The same type, so the casts are identities; see `_sharedEnds` for why this is concrete.
            return _sharedEnds(
                unsafeBitCast(old.items, to: ContiguousArray<AnyHashable>.self), old.hashes, oldRange,
                unsafeBitCast(new.items, to: ContiguousArray<AnyHashable>.self), new.hashes, newRange)
        }
        return _sharedEnds(old.items, old.hashes, oldRange, new.items, new.hashes, newRange)
    }

    /// Pairs unmatched old and new items that share their type and `Identifiable` id.
    @inlinable
    mutating func pairLeftoversByIdentity() {
        var byIdentity: [_IdentityKey: Int] = [:]
        var ambiguous: Set<_IdentityKey> = []
        for o in oldToNew.indices where oldToNew[o] < 0 {
            guard let key = _IdentityKey.of(old.items[o]) else { continue }
            if byIdentity.updateValue(o, forKey: key) != nil { ambiguous.insert(key) }
        }
        guard !byIdentity.isEmpty else { return }
        for key in ambiguous { byIdentity[key] = nil }
        for n in newToOld.indices where newToOld[n] < 0 {
            guard let key = _IdentityKey.of(new.items[n]), let o = byIdentity.removeValue(forKey: key) else { continue }
            oldToNew[o] = Int32(truncatingIfNeeded: n)
            newToOld[n] = Int32(truncatingIfNeeded: o)
            updates.append((o, n, true))
        }
    }

    // MARK: Classification

    /// How many of old section `so`'s first items are matched, in order, to new section `sn`'s first
    /// items, and how many of its last items to `sn`'s last items (not overlapping them).
    @inlinable
    func matchedInPlace(_ so: Int, _ sn: Int) -> (prefix: Int, suffix: Int) {
        let oldStart = old.starts[so]
        let oldEnd = old.starts[so + 1]
        let newStart = new.starts[sn]
        let newEnd = new.starts[sn + 1]
        let limit = min(oldEnd - oldStart, newEnd - newStart)
        return oldToNew.withUnsafeBufferPointer { oldToNew in
            var prefix = 0
            while prefix < limit && Int(oldToNew[oldStart + prefix]) == newStart + prefix { prefix += 1 }
            var suffix = 0
            while suffix < limit - prefix && Int(oldToNew[oldEnd - 1 - suffix]) == newEnd - 1 - suffix { suffix += 1 }
            return (prefix, suffix)
        }
    }

    @inlinable
    mutating func classify() {
        let oldSectionCount = sections.oldToNew.count
        sections.addSectionChanges(to: &batch)

        var movesTouch = [Bool](repeating: false, count: oldSectionCount)  // by old section
        var changesTouch = [Bool](repeating: false, count: oldSectionCount)  // item changes, by old section
        var movedNew = [Bool](repeating: false, count: new.items.count)

        // The items of each section that stays matched in place at its ends (its old section's first
        // items to its first items, its last to its last): neither deleted, inserted nor moved, so they
        // are not looked at again. An unchanged section is all prefix.
        var inPlace = [(prefix: Int, suffix: Int)](repeating: (0, 0), count: oldSectionCount)
        for so in 0..<oldSectionCount where survivesOld(so) { inPlace[so] = matchedInPlace(so, sections.oldToNew[so]) }

        // Deletes: old items of sections that stay, gone or shown in a section that does not stay.
        // An item still in its section's new range needs no section lookup.
        for so in 0..<oldSectionCount where survivesOld(so) {
            let sn = sections.oldToNew[so]
            let newRange = new.starts[sn]..<new.starts[sn + 1]
            let start = old.starts[so]
            for o in (start + inPlace[so].prefix)..<(old.starts[so + 1] - inPlace[so].suffix) {
                let n = Int(oldToNew[o])
                if n < 0 || (!newRange.contains(n) && !survivesNew(new.section(containing: n))) {
                    batch.deletedItems.append(ListIndexPath(item: o - start, section: so))
                    changesTouch[so] = true
                }
            }
        }
        // Inserts and moves, section by section of the new snapshot.
        var sequence: [Int32] = []
        var sequencePositions: [Int] = []
        var keep: [Bool] = []
        for sn in sections.newToOld.indices where survivesNew(sn) {
            let so = sections.newToOld[sn]
            let oldRange = old.starts[so]..<old.starts[so + 1]
            let start = new.starts[sn]
            sequence.removeAll(keepingCapacity: true)
            sequencePositions.removeAll(keepingCapacity: true)
            // The items between the ends matched in place. Those from this section have old positions
            // between theirs, so a longest increasing subsequence of them, with both ends, is one of
            // the whole section: the moves stay minimal.
            for n in (start + inPlace[so].prefix)..<(new.starts[sn + 1] - inPlace[so].suffix) {
                let o = Int(newToOld[n])
                if o < 0 {
                    batch.insertedItems.append(ListIndexPath(item: n - start, section: sn))
                    changesTouch[so] = true
                    continue
                }
                let source = oldRange.contains(o) ? so : old.section(containing: o)
                if source == so {
                    sequence.append(Int32(truncatingIfNeeded: o))
                    sequencePositions.append(n)
                } else if survivesOld(source) {
                    batch.movedItems.append(
                        Move(
                            old.indexPath(ofPosition: o, inSection: source), ListIndexPath(item: n - start, section: sn)
                        ))
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
                batch.movedItems.append(
                    Move(
                        old.indexPath(ofPosition: Int(sequence[offset]), inSection: so),
                        ListIndexPath(item: n - start, section: sn)))
                movedNew[n] = true
                movesTouch[so] = true
                changesTouch[so] = true
            }
        }
        batch.insertedItems.sort()
        batch.movedItems.sort { $0.source < $1.source }

        // Updates: id-paired content changes, and marks in `new`, for items in sections that stay.
        updates = updates.filter {
            survivesOld(old.section(containing: $0.old)) && survivesNew(new.section(containing: $0.new))
        }
        var marked = Set(updates.map(\.new))
        for (items, reconfigure) in [(new.reloadedItems, false), (new.reconfiguredItems, true)] {
            for item in items {
                guard let n = new.position(of: item), !marked.contains(n) else { continue }
                let o = Int(newToOld[n])
                guard o >= 0, survivesOld(old.section(containing: o)), survivesNew(new.section(containing: n)) else {
                    continue
                }
                marked.insert(n)
                updates.append((o, n, reconfigure))
            }
        }
        updates.sort { $0.old < $1.old }
        for update in updates {
            let so = old.section(containing: update.old)
            if movedNew[update.new] || movesTouch[so] { updatesMeetItemMoves = true }
            let path = old.indexPath(ofPosition: update.old, inSection: so)
            if update.reconfigure { batch.reconfiguredItems.append(path) } else { batch.reloadedItems.append(path) }
        }
        for so in 0..<oldSectionCount where sections.moved[so] && changesTouch[so] {
            itemChangesInMovedSections = true
            break
        }
    }
}

/// The positions, as (old, new), of the matched items whose values differ in dynamic type: the old
/// item at `newToOld[n]` (or at `n` itself when `newToOld` is `nil`) and the new item at `n`. Not
/// generic, so each item is read where the array stores it.
///
/// - Complexity: O(n) for *n* new items: two `base` reads per matched item.
@usableFromInline
func _valueTypeChanges(
    _ oldItems: ContiguousArray<AnyHashable>, _ newItems: ContiguousArray<AnyHashable>,
    _ newToOld: ContiguousArray<Int32>?
) -> [(old: Int, new: Int)] {
    var changes: [(old: Int, new: Int)] = []
    guard let newToOld else {
        for n in newItems.indices where type(of: oldItems[n].base) != type(of: newItems[n].base) {
            changes.append((n, n))
        }
        return changes
    }
    for n in newItems.indices {
        let o = Int(newToOld[n])
        if o >= 0 && type(of: oldItems[o].base) != type(of: newItems[n].base) { changes.append((o, n)) }
    }
    return changes
}

/// The lengths of the shared prefix and of the shared suffix (not overlapping it) of the old items at
/// `oldRange` and the new items at `newRange`: positions from each range's start (or end) where the
/// stored hashes and then the items (by `==`) are equal.
@inlinable
func _sharedEnds<Item: Hashable>(
    _ oldItems: ContiguousArray<Item>, _ oldHashes: ContiguousArray<Int>, _ oldRange: Range<Int>,
    _ newItems: ContiguousArray<Item>, _ newHashes: ContiguousArray<Int>, _ newRange: Range<Int>
) -> (prefix: Int, suffix: Int) {
    let o = oldRange.lowerBound
    let n = newRange.lowerBound
    let oldEnd = oldRange.upperBound - 1
    let newEnd = newRange.upperBound - 1
    let limit = min(oldRange.count, newRange.count)
    var prefix = 0
    while prefix < limit && oldHashes[o + prefix] == newHashes[n + prefix]
        && _isEqual(oldItems[o + prefix], newItems[n + prefix])
    {
        prefix += 1
    }
    var suffix = 0
    while suffix < limit - prefix
        && oldHashes[oldEnd - suffix] == newHashes[newEnd - suffix]
        && _isEqual(oldItems[oldEnd - suffix], newItems[newEnd - suffix])
    {
        suffix += 1
    }
    return (prefix, suffix)
}

/// ``_sharedEnds(_:_:_:_:_:_:)`` for `AnyHashable` items, in code that is not generic.
///
/// The same loop and the same `==`, but here `==` borrows each item where the array stores it. In
/// generic code, even once specialised for `AnyHashable`, and when the items go through a helper
/// such as `_isEqual`, the compiler copies both items before each `==` (an existential copy, a
/// retain and a release per side, ~35 ns), which made the shared prefix of an append diff cost
/// 1.25x the comparisons themselves (checked in the disassembly: no `AnyHashable` copy is left here).
@usableFromInline
func _sharedEnds(
    _ oldItems: ContiguousArray<AnyHashable>, _ oldHashes: ContiguousArray<Int>, _ oldRange: Range<Int>,
    _ newItems: ContiguousArray<AnyHashable>, _ newHashes: ContiguousArray<Int>, _ newRange: Range<Int>
) -> (prefix: Int, suffix: Int) {
    let o = oldRange.lowerBound
    let n = newRange.lowerBound
    let oldEnd = oldRange.upperBound - 1
    let newEnd = newRange.upperBound - 1
    let limit = min(oldRange.count, newRange.count)
    var prefix = 0
    while prefix < limit && oldHashes[o + prefix] == newHashes[n + prefix]
        && oldItems[o + prefix] == newItems[n + prefix]
    {
        prefix += 1
    }
    var suffix = 0
    while suffix < limit - prefix
        && oldHashes[oldEnd - suffix] == newHashes[newEnd - suffix]
        && oldItems[oldEnd - suffix] == newItems[newEnd - suffix]
    {
        suffix += 1
    }
    return (prefix, suffix)
}

/// The lengths of the shared prefix and suffix (not overlapping it) of the old items at `oldRange` and
/// the new items at `newRange`, by `==` alone: for items appended without their hashes (see
/// ``_ItemSide/hashed``).
@inlinable
func _sharedEnds<Item: Hashable>(
    _ oldItems: ContiguousArray<Item>, _ oldRange: Range<Int>, _ newItems: ContiguousArray<Item>,
    _ newRange: Range<Int>
) -> (prefix: Int, suffix: Int) {
    let o = oldRange.lowerBound
    let n = newRange.lowerBound
    let oldEnd = oldRange.upperBound - 1
    let newEnd = newRange.upperBound - 1
    let limit = min(oldRange.count, newRange.count)
    var prefix = 0
    while prefix < limit && _isEqual(oldItems[o + prefix], newItems[n + prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix && _isEqual(oldItems[oldEnd - suffix], newItems[newEnd - suffix]) { suffix += 1 }
    return (prefix, suffix)
}

/// ``_sharedEnds(_:_:_:_:)`` for `AnyHashable` items, in code that is not generic (see
/// ``_sharedEnds(_:_:_:_:_:_:)``: `==` borrows each item where the array stores it).
@usableFromInline
func _sharedEnds(
    _ oldItems: ContiguousArray<AnyHashable>, _ oldRange: Range<Int>, _ newItems: ContiguousArray<AnyHashable>,
    _ newRange: Range<Int>
) -> (prefix: Int, suffix: Int) {
    let o = oldRange.lowerBound
    let n = newRange.lowerBound
    let oldEnd = oldRange.upperBound - 1
    let newEnd = newRange.upperBound - 1
    let limit = min(oldRange.count, newRange.count)
    var prefix = 0
    while prefix < limit && oldItems[o + prefix] == newItems[n + prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix && oldItems[oldEnd - suffix] == newItems[newEnd - suffix] { suffix += 1 }
    return (prefix, suffix)
}

/// Matches each new item at the positions `leftovers` to the old item `==` to it, unless that one is
/// matched already: first the old item after the one the new item before it matched (items that keep
/// their order, compared in place by stored hash, then `==`), otherwise the one found in `index`, the
/// old items' hash index, by the new item's stored hash. Returns the number of items looked up in
/// `index`.
///
/// `equal(o, n)` says whether old item `o` and new item `n` are `==`: the callers give it in code
/// specialised for their item type (see ``_lookUp(_:in:_:_:_:_:_:_:)``).
@inlinable
func _matchLeftovers(
    _ leftovers: [Range<Int>], in index: _PositionIndex, _ oldHashes: ContiguousArray<Int>,
    _ newHashes: ContiguousArray<Int>, _ oldToNew: inout ContiguousArray<Int32>,
    _ newToOld: inout ContiguousArray<Int32>, equal: (_ old: Int, _ new: Int) -> Bool
) -> Int {
    var lookups = 0
    oldHashes.withUnsafeBufferPointer { oldHashes in
        newHashes.withUnsafeBufferPointer { newHashes in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    for range in leftovers {
                        // The old position after the previous new item's match, or -1.
                        var next = range.lowerBound > 0 ? Int(newToOld[range.lowerBound - 1]) : -2
                        next = next >= 0 ? next + 1 : -1
                        for n in range {
                            var o = -1
                            if next >= 0 && next < oldHashes.count && oldToNew[next] < 0
                                && oldHashes[next] == newHashes[n] && equal(next, n)
                            {
                                o = next
                            } else {
                                lookups &+= 1
                                if let found = index.find(
                                    hash: newHashes[n], hashes: oldHashes, matches: { equal($0, n) }),
                                    oldToNew[found] < 0
                                {
                                    o = found
                                }
                            }
                            guard o >= 0 else {
                                next = -1
                                continue
                            }
                            oldToNew[o] = Int32(truncatingIfNeeded: n)
                            newToOld[n] = Int32(truncatingIfNeeded: o)
                            next = o + 1
                        }
                    }
                }
            }
        }
    }
    return lookups
}

/// ``_matchLeftovers(_:in:_:_:_:_:equal:)`` for items of any type.
@inlinable
func _lookUp<Item: Hashable>(
    _ leftovers: [Range<Int>], in index: _PositionIndex, _ oldItems: ContiguousArray<Item>,
    _ oldHashes: ContiguousArray<Int>, _ newItems: ContiguousArray<Item>, _ newHashes: ContiguousArray<Int>,
    _ oldToNew: inout ContiguousArray<Int32>, _ newToOld: inout ContiguousArray<Int32>
) -> Int {
    _matchLeftovers(leftovers, in: index, oldHashes, newHashes, &oldToNew, &newToOld) {
        _isEqual(oldItems[$0], newItems[$1])
    }
}

/// ``_matchLeftovers(_:in:_:_:_:_:equal:)`` for `AnyHashable` items, in code that is not generic, so
/// that `==` borrows each item where the array stores it (see ``_sharedEnds(_:_:_:_:_:_:)``): in the
/// generic loop, specialised for `AnyHashable`, both items were copied before each `==`, about a sixth
/// of the time of a diff of 1% changes to 100,000 items in 100 sections.
@usableFromInline
func _lookUp(
    _ leftovers: [Range<Int>], in index: _PositionIndex, _ oldItems: ContiguousArray<AnyHashable>,
    _ oldHashes: ContiguousArray<Int>, _ newItems: ContiguousArray<AnyHashable>, _ newHashes: ContiguousArray<Int>,
    _ oldToNew: inout ContiguousArray<Int32>, _ newToOld: inout ContiguousArray<Int32>
) -> Int {
    _matchLeftovers(leftovers, in: index, oldHashes, newHashes, &oldToNew, &newToOld) {
        oldItems[$0] == newItems[$1]
    }
}
