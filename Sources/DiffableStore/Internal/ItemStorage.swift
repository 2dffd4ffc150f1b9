/// A run of consecutive items of a snapshot with their stored hashes, under a handle that stays the
/// same while the run is edited (the hash index refers to items by handle and slot, never by their
/// position among all items).
///
/// Each item of a run has a *slot* (below ``_ItemStorage/chunkCapacity``) that stays the same while the
/// item stays in the run: the hash index stores `handle << chunkShift | slot`, so an insert or a delete
/// in the run shifts two small order arrays (``slotOfOffset``, ``offsetOfSlot``) and renumbers no index
/// slot. Both arrays are empty while every item's slot is its offset (a run as a split or a flat
/// snapshot cut it, or one only appended to), which costs no memory.
@usableFromInline
struct _Chunk<Item: Hashable> {
    @usableFromInline var items: ContiguousArray<Item>
    /// `hashes[i] == items[i].hashValue`.
    @usableFromInline var hashes: ContiguousArray<Int>
    @usableFromInline var handle: Int
    /// The slot of the item at each offset; empty when every slot is its offset.
    @usableFromInline var slotOfOffset: ContiguousArray<UInt16> = []
    /// The offset of the item in each slot, ``freeSlot`` for a slot not in use; empty when every
    /// slot is its offset. At most ``_ItemStorage/chunkCapacity`` slots.
    @usableFromInline var offsetOfSlot: ContiguousArray<UInt16> = []

    @inlinable
    init(items: ContiguousArray<Item>, hashes: ContiguousArray<Int>, handle: Int) {
        self.items = items
        self.hashes = hashes
        self.handle = handle
    }

    /// The mark of a slot not in use in ``offsetOfSlot``.
    @inlinable static var freeSlot: UInt16 { .max }

    /// The slot of the item at `offset`. O(1).
    @inlinable @inline(__always)
    func slot(ofOffset offset: Int) -> Int { slotOfOffset.isEmpty ? offset : Int(slotOfOffset[offset]) }

    /// The offset of the item in `slot` (a slot in use). O(1).
    @inlinable @inline(__always)
    func offset(ofSlot slot: Int) -> Int { offsetOfSlot.isEmpty ? slot : Int(offsetOfSlot[slot]) }

    /// Gives `count` items about to be inserted at `offset` their slots (free slots first, then new
    /// ones) and moves the slots of the items after them; returns the new slots in order. Call it
    /// before the items are inserted. O(B) small-integer writes for a run of *B* items; an insert at
    /// the end of a run whose slots are its offsets keeps it so and writes nothing.
    @inlinable
    mutating func insertSlots(_ count: Int, at offset: Int) -> [Int] {
        let oldCount = items.count
        if slotOfOffset.isEmpty {
            if offset == oldCount { return Array(oldCount..<(oldCount + count)) }
            slotOfOffset = ContiguousArray((0..<oldCount).lazy.map { UInt16(truncatingIfNeeded: $0) })
            offsetOfSlot = slotOfOffset
        }
        var newSlots: [UInt16] = []
        newSlots.reserveCapacity(count)
        if offsetOfSlot.count > oldCount {
            for slot in offsetOfSlot.indices where offsetOfSlot[slot] == _Chunk.freeSlot {
                newSlots.append(UInt16(truncatingIfNeeded: slot))
                if newSlots.count == count { break }
            }
        }
        while newSlots.count < count {
            newSlots.append(UInt16(truncatingIfNeeded: offsetOfSlot.count))
            offsetOfSlot.append(_Chunk.freeSlot)
        }
        slotOfOffset.insert(contentsOf: newSlots, at: offset)
        _renumberOffsets(from: offset)
        return newSlots.map { Int($0) }
    }

    /// Frees the slots of the items at `offsets` (ascending, distinct), about to be removed, and moves
    /// the slots of the items after them. Call it before the items are removed. O(B) small-integer
    /// writes; removing the last items of a run whose slots are its offsets writes nothing.
    @inlinable
    mutating func removeSlots(atSortedOffsets offsets: [Int]) {
        guard let first = offsets.first else { return }
        let oldCount = items.count
        if slotOfOffset.isEmpty {
            if first == oldCount - offsets.count { return }
            slotOfOffset = ContiguousArray((0..<oldCount).lazy.map { UInt16(truncatingIfNeeded: $0) })
            offsetOfSlot = slotOfOffset
        }
        for offset in offsets { offsetOfSlot[Int(slotOfOffset[offset])] = _Chunk.freeSlot }
        if offsets.count == 1 {
            slotOfOffset.remove(at: first)
        } else {
            var write = first
            var next = 0
            for read in first..<oldCount {
                if next < offsets.count && offsets[next] == read {
                    next += 1
                    continue
                }
                slotOfOffset[write] = slotOfOffset[read]
                write += 1
            }
            slotOfOffset.removeLast(oldCount - write)
        }
        _renumberOffsets(from: first)
    }

    /// Writes ``offsetOfSlot`` for the items from `first` on.
    @inlinable
    mutating func _renumberOffsets(from first: Int) {
        slotOfOffset.withUnsafeBufferPointer { slots in
            offsetOfSlot.withUnsafeMutableBufferPointer { offsets in
                for offset in first..<slots.count { offsets[Int(slots[offset])] = UInt16(truncatingIfNeeded: offset) }
            }
        }
    }
}

/// What the apply's check learnt comparing a storage built anew with the storage on screen, item by
/// item in place (``_ItemStorage/indexPending(reusing:)``): the lengths of the prefix and of the suffix
/// (not overlapping it) of items `==` to the old one at their place. The diff from that storage takes
/// them (``_ItemStorage/checkedEnds(against:)``) instead of comparing those items a second time.
///
/// It names both storages by their flat item buffers: the old one by a weak reference (nil once that
/// buffer is freed, so a later buffer at the same address is never taken for it) and the new one by
/// address and count; the new storage drops it at its first change (an append, a split into runs, a
/// new flat layout), so it is only ever read against the two buffers it was computed on.
@usableFromInline
struct _CheckedEnds: @unchecked Sendable {
    // `@unchecked`: the weak reference is only compared by identity, never used to reach the buffer.
    @usableFromInline weak var old: AnyObject?
    @usableFromInline let oldCount: Int
    @usableFromInline let newAddress: Int
    @usableFromInline let newCount: Int
    @usableFromInline let prefix: Int
    @usableFromInline let suffix: Int

    /// The ends `new` (flat, every item checked: its check calls this) shares with `old` (flat, nothing
    /// pending); `nil` for an empty side (whose buffer may be the shared empty one).
    @inlinable
    init?<Item: Hashable>(
        _ new: _ItemStorage<Item>, checkedAgainst old: _ItemStorage<Item>, prefix: Int, suffix: Int
    ) {
        guard new.isFlat, old.isFlat, old.pendingCount == 0, new.count > 0, old.count > 0 else { return nil }
        self.old = _CheckedEnds.buffer(of: old.chunks[0].items)
        oldCount = old.count
        newAddress = _CheckedEnds.address(of: new.chunks[0].items)
        newCount = new.count
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The object that holds an array's elements (a `ContiguousArray` is one reference to it).
    @inlinable
    static func buffer<Item>(of items: ContiguousArray<Item>) -> AnyObject {
        unsafeBitCast(items, to: AnyObject.self)
    }

    /// The address of an array's first element.
    @inlinable
    static func address<Item>(of items: ContiguousArray<Item>) -> Int {
        items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }
}

/// A snapshot's items, their stored hashes and the hash index over them, in one of two layouts.
///
/// **Flat**: one run of every item (handle 0, any length), and the index stores each item's
/// position. This is what building a snapshot makes (appends at the end stay flat), so building,
/// lookups, iteration, `==` and the diff work on one contiguous array, exactly as before chunks.
///
/// **Chunked**: runs of at most ``chunkCapacity`` items in order, each under a handle; each item of
/// a run has a slot that stays the same while it stays in the run (see ``_Chunk``), the index stores
/// `handle << chunkShift | slot`, and a Fenwick tree over the run lengths (``chunkCounts``) turns
/// that into a position: the start of the run plus the slot's offset. An edit by position (insert,
/// delete, move) changes one run: its items, hashes and small order arrays shift (O(B) at memory
/// speed for a run of at most *B* items) and only the index slots of the items inserted or removed
/// change: O(log c + B) for *c* runs, and no index slot of another item is renumbered. A run that
/// would pass *B* items is split into runs of at least *B*/2, which gives the items of the new runs
/// new handles (one probe each) and inserts runs into the order (O(c) to renumber the runs after
/// it), at most once per *B*/4 inserted items; a run left empty is dropped; and when deletions leave
/// the runs sparse (more than 4*n*/*B* + 2 of them) everything is packed flat again (O(n), at most
/// once per 3/4 of the items deleted).
///
/// The first edit that is not an append splits a flat layout into runs of ``chunkFill`` items
/// (three quarters of *B*) whose handles are their ordinals and whose slots are their offsets, and
/// renumbers every index value in one pass over the table: O(n) at memory speed, once, and only
/// when the snapshot was flat (as a snapshot copied from another pays the copy of its storage at its
/// first edit anyway). A copy of a chunked snapshot shares its runs, held in pages of 32 (``_Runs``), and
/// the pieces of its index (``_HashIndex/splitIntoPieces()``), and an edit copies only the run it changes,
/// the page of runs that holds it (and the list of pages) and the index pieces it writes.
@usableFromInline
struct _ItemStorage<Item: Hashable> {
    /// The most items of a run in the chunked layout.
    @inlinable static var chunkCapacity: Int { 512 }
    /// `chunkCapacity == 1 << chunkShift`.
    @inlinable static var chunkShift: Int { 9 }
    /// The items of each run when a flat layout is split into runs: three quarters of a run, so a run
    /// takes a quarter more items before it splits.
    @inlinable static var chunkFill: Int { 384 }

    @usableFromInline var chunks: _Runs<Item>
    /// Handle to the ordinal of its run, -1 for a free handle; empty in the flat layout.
    @usableFromInline var ordinalOfHandle: [Int32]
    /// Handles not in use (each -1 in ``ordinalOfHandle``), reused before new ones.
    @usableFromInline var freeHandles: [Int]
    /// The item count of each run, with prefix sums; empty in the flat layout.
    @usableFromInline var chunkCounts: _SectionCounts
    /// Hash to flat position (flat layout) or to `handle << chunkShift | offset` (chunked).
    @usableFromInline var index: _HashIndex
    /// Items copied or shifted inside the storage by edits, for tests that bound the work.
    @usableFromInline var itemsShifted = 0
    /// Items whose hash the storage computed (when they were indexed), for tests that bound the work.
    @usableFromInline var itemsHashed = 0
    /// The lazily built index of the pending items (see ``pendingCount``), which lookups build and
    /// extend; `nil` when there are none. Not part of the value: a lookup may fill it, under its lock.
    @usableFromInline var pendingIndex: _PendingIndex<Item>?
    /// The ends this storage shares with the storage its last check compared it with (see
    /// ``_CheckedEnds``), for the diff from that one; `nil` once anything changed. Not part of the value.
    @usableFromInline var checkedEnds: _CheckedEnds?

    @inlinable
    init() {
        chunks = [_Chunk(items: [], hashes: [], handle: 0)]
        ordinalOfHandle = []
        freeHandles = []
        chunkCounts = _SectionCounts()
        index = _HashIndex(minimumCapacity: 0)
    }

    /// A flat layout of `items` with their hashes, indexed by `index` (positions).
    @inlinable
    init(flatItems items: ContiguousArray<Item>, hashes: ContiguousArray<Int>, index: _HashIndex) {
        chunks = [_Chunk(items: items, hashes: hashes, handle: 0)]
        ordinalOfHandle = []
        freeHandles = []
        chunkCounts = _SectionCounts()
        self.index = index
    }

    @inlinable
    var isFlat: Bool { ordinalOfHandle.isEmpty }

    @inlinable
    var count: Int { isFlat ? chunks[0].items.count : chunkCounts.total }

    /// How many items at the end of a flat layout were appended without being hashed or indexed
    /// (`chunks[0].items[chunks[0].hashes.count...]`); always 0 in runs. See ``indexPending()``.
    @inlinable
    var pendingCount: Int { isFlat ? chunks[0].items.count &- chunks[0].hashes.count : 0 }

    // MARK: Reading

    /// The run and offset that an index value names.
    @inlinable @inline(__always)
    func locate(stored value: Int) -> (chunk: Int, offset: Int) {
        if isFlat { return (0, value) }
        let chunk = Int(ordinalOfHandle[value &>> _ItemStorage.chunkShift])
        let slot = value & (_ItemStorage.chunkCapacity - 1)
        return (chunk, chunks.withRuns { $0[chunk].offset(ofSlot: slot) })
    }

    /// The run and offset of a flat position (`0 <= position < count`).
    @inlinable
    func locate(position: Int) -> (chunk: Int, offset: Int) {
        if isFlat { return (0, position) }
        let chunk = chunkCounts.section(containing: position)
        return (chunk, position - chunkCounts.start(of: chunk))
    }

    /// The index value of the item at `offset` in run `chunk`.
    @inlinable @inline(__always)
    func stored(chunk: Int, offset: Int) -> Int {
        chunks.withRuns {
            $0[chunk].handle &<< _ItemStorage.chunkShift | $0[chunk].slot(ofOffset: offset)
        }
    }

    @inlinable
    func item(at position: Int) -> Item {
        let (chunk, offset) = locate(position: position)
        return chunks.withRuns { $0[chunk].items[offset] }
    }

    /// The flat position of `item`, whose hash is `hash`, if it is stored.
    @inlinable
    func position(of item: Item, hash: Int) -> Int? {
        if isFlat {
            let found = chunks[0].hashes.withUnsafeBufferPointer { hashes in
                chunks[0].items.withUnsafeBufferPointer { items in
                    index.find(hash: hash, hashes: hashes) { _isEqual(items[$0], item) }
                }
            }
            guard found == nil, pendingCount > 0 else { return found }
            // Items appended since the last indexing: their own index, built and extended lazily.
            guard let pendingIndex else {
                assertionFailure("_ItemStorage: pending items have an index")
                let items = chunks[0].items
                return (chunks[0].hashes.count..<items.count).first { _isEqual(items[$0], item) }
            }
            return pendingIndex.position(of: item, hash: hash, in: chunks[0].items)
        }
        let found = chunks.withRuns { runs in
            index.find(
                hash: hash,
                matching: { value in
                    let (chunk, offset) = locate(stored: value)
                    return runs[chunk].hashes[offset] == hash && _isEqual(runs[chunk].items[offset], item)
                })
        }
        guard let value = found else { return nil }
        let (chunk, offset) = locate(stored: value)
        return chunkCounts.start(of: chunk) + offset
    }

    /// The items at flat positions `range`, in order.
    @inlinable
    func items(in range: Range<Int>) -> [Item] {
        if isFlat { return Array(chunks[0].items[range]) }
        var result: [Item] = []
        result.reserveCapacity(range.count)
        forEachSegment(in: range) { chunk, offsets in result.append(contentsOf: chunks[chunk].items[offsets]) }
        return result
    }

    /// Calls `body` with each run and the offsets in it that `range` covers, in order.
    @inlinable
    func forEachSegment(in range: Range<Int>, _ body: (_ chunk: Int, _ offsets: Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        var (chunk, offset) = locate(position: range.lowerBound)
        var remaining = range.count
        while remaining > 0 {
            let take = Swift.min(remaining, chunks[chunk].items.count - offset)
            body(chunk, offset..<(offset + take))
            remaining -= take
            chunk += 1
            offset = 0
        }
    }

    /// Every item and hash in order: the storage's own arrays when it is flat (O(1)), otherwise
    /// copied from the runs (O(n), nothing hashed or indexed; ``_PositionIndex`` reads the runs'
    /// index in flat positions).
    @inlinable
    var flatItems: (items: ContiguousArray<Item>, hashes: ContiguousArray<Int>) {
        if isFlat { return (chunks[0].items, chunks[0].hashes) }
        var items = ContiguousArray<Item>()
        var hashes = ContiguousArray<Int>()
        items.reserveCapacity(count)
        hashes.reserveCapacity(count)
        for chunk in chunks {
            items.append(contentsOf: chunk.items)
            hashes.append(contentsOf: chunk.hashes)
        }
        return (items, hashes)
    }

    /// Whether both hold equal items in the same order: stored hashes are compared before items
    /// (as `Snapshot`'s `==` says). Storage whose every run is shared is equal without comparing,
    /// as `Array`'s `==` does; otherwise every item is compared (no run-by-run shortcut), so `==`
    /// and the diff, which reads the items of runs in order, always agree (`Double.nan` included).
    @inlinable
    static func == (lhs: _ItemStorage, rhs: _ItemStorage) -> Bool {
        if lhs.isFlat && rhs.isFlat {
            if lhs.pendingCount > 0 || rhs.pendingCount > 0 {
                // Items not hashed yet: the items alone decide (equal items have equal hashes).
                return lhs.chunks[0].items == rhs.chunks[0].items
            }
            return lhs.chunks[0].hashes == rhs.chunks[0].hashes && lhs.chunks[0].items == rhs.chunks[0].items
        }
        guard lhs.count == rhs.count else { return false }
        if lhs.sharesEveryRun(with: rhs) { return true }
        if lhs.pendingCount > 0 || rhs.pendingCount > 0 {
            return lhs.flatItems.items.elementsEqual(rhs.flatItems.items, by: _isEqual)
        }
        return lhs._zipSegments(rhs) { l, r in l.hashes.elementsEqual(r.hashes) }
            && lhs._zipSegments(rhs) { l, r in l.items.elementsEqual(r.items, by: _isEqual) }
    }

    /// Whether both hold the same runs, each in the same buffers (a copy that was not edited since).
    @inlinable
    func sharesEveryRun(with other: _ItemStorage) -> Bool {
        guard chunks.count == other.chunks.count else { return false }
        for (left, right) in zip(chunks, other.chunks) {
            let same = left.items.withUnsafeBufferPointer { l in
                right.items.withUnsafeBufferPointer { r in l.baseAddress == r.baseAddress && l.count == r.count }
            }
            if !same { return false }
        }
        return true
    }

    /// Walks both in pieces that lie in one run on each side; `false` as soon as `equal` says so.
    @inlinable
    func _zipSegments(
        _ other: _ItemStorage,
        _ equal: (
            (items: ArraySlice<Item>, hashes: ArraySlice<Int>), (items: ArraySlice<Item>, hashes: ArraySlice<Int>)
        ) -> Bool
    ) -> Bool {
        var (lc, lo, rc, ro) = (0, 0, 0, 0)
        var remaining = count
        while remaining > 0 {
            let l = chunks[lc]
            let r = other.chunks[rc]
            if lo == l.items.count {
                (lc, lo) = (lc + 1, 0)
                continue
            }
            if ro == r.items.count {
                (rc, ro) = (rc + 1, 0)
                continue
            }
            let take = Swift.min(l.items.count - lo, r.items.count - ro)
            let left = (ArraySlice(l.items[lo..<(lo + take)]), ArraySlice(l.hashes[lo..<(lo + take)]))
            let right = (ArraySlice(r.items[ro..<(ro + take)]), ArraySlice(r.hashes[ro..<(ro + take)]))
            if !equal((left.0, left.1), (right.0, right.1)) { return false }
            lo += take
            ro += take
            remaining -= take
        }
        return true
    }

    // MARK: Items appended without hashing

    /// Appends `items` to a flat layout without hashing or indexing them: they are pending until
    /// ``indexPending()``, and lookups find them through ``pendingIndex``. O(k) copies, plus, when
    /// a copy of the storage shares the pending index, one copy of it (at memory speed, as the items'
    /// own copy on write).
    @inlinable
    mutating func appendUnhashed(_ items: [Item]) {
        willAppendUnhashed()
        chunks[0].items.append(contentsOf: items)
    }

    /// ``appendUnhashed(_:)``, taking the items from `items` (left empty) instead of copying them: each
    /// is moved (no retain, and no release when `items` ends). O(k) moves, plus the pending index's copy
    /// as there; when `items` shares its storage with another array, one copy of it first.
    @inlinable
    mutating func appendUnhashed(moving items: inout [Item]) {
        willAppendUnhashed()
        // Outside the storage, so the array stays uniquely referenced and grows in place.
        var stored = ContiguousArray<Item>()
        swap(&stored, &chunks[0].items)
        let needed = stored.count + items.count
        if stored.capacity < needed { stored.reserveCapacity(Swift.max(needed, 2 * stored.capacity)) }
        // Reversed in place (swaps move), then taken from the end: each item moved out of `items` and
        // into `stored`, in order.
        items.withUnsafeMutableBufferPointer { $0.reverse() }
        while let item = items.popLast() { stored.append(consume item) }
        swap(&stored, &chunks[0].items)
    }

    /// Readies the pending index for items appended after the flat layout's hashed ones: a new one
    /// when none starts there, this lineage's own copy when a copy of the storage shares it.
    @inlinable
    mutating func willAppendUnhashed() {
        checkedEnds = nil
        let base = chunks[0].hashes.count
        if pendingIndex?.base != base {
            pendingIndex = _PendingIndex(base: base)
        } else if !isKnownUniquelyReferenced(&pendingIndex) {
            // Shared with a copy, whose items stay as they are: this lineage gets its own.
            pendingIndex = pendingIndex?.copy()
        }
    }

    /// Forgets the pending index (its items were indexed, or the layout changed), keeping its count.
    @inlinable
    mutating func dropPendingIndex() {
        guard let box = pendingIndex else { return }
        itemsHashed += box.lock.withLock { box.itemsHashed }
        pendingIndex = nil
    }

    /// Hashes the pending items and records them in the index, each checked against every item
    /// before it. On the first one `==` to an earlier item, returns its flat position and that of
    /// the earlier one, and leaves the storage exactly as it was (still pending); otherwise `nil`.
    ///
    /// - Complexity: Expected O(p) for *p* pending items (one hash each), plus O(n) when the index grows.
    ///
    /// With `old` (a flat storage with no pending items: the snapshot on screen), an item `==` to the
    /// old item at its place, counted from the start or from the end, takes that item's stored hash
    /// instead of being hashed (equal items have equal hashes); when every item is `==` to the old
    /// one at its place, the old hashes and index are taken whole. Each reused hash costs one `==`.
    /// When every item was pending and the two differ only in a middle of at most a quarter of the
    /// items, the index is derived from the old one (``_derivedIndex(from:hashes:shared:)``): only the
    /// middle is hashed and probed, so an insert into n items hashes one item, not n.
    @inlinable
    mutating func indexPending(reusing old: _ItemStorage? = nil) -> (position: Int, earlier: Int)? {
        let pending = pendingCount
        guard pending > 0 else { return nil }
        var hashes = ContiguousArray<Int>()
        swap(&hashes, &chunks[0].hashes)
        defer { swap(&hashes, &chunks[0].hashes) }
        let first = hashes.count
        let items = chunks[0].items
        var reuse = (prefix: first, suffix: 0)
        if let old, old.isFlat, old.pendingCount == 0, old.count > 0 {
            let oldItems = old.chunks[0].items
            if first <= oldItems.count {
                let ends = _ItemStorage._sharedEnds(oldItems, items, from: first)
                reuse = (first + ends.prefix, ends.suffix)
            }
            if reuse.prefix == items.count && items.count == oldItems.count && first == 0 {
                // Every item in place: the old hashes and index are this storage's (the work counters stay).
                let work = index.work
                hashes = old.chunks[0].hashes
                index = old.index
                index.work = work
                dropPendingIndex()
                checkedEnds = _CheckedEnds(self, checkedAgainst: old, prefix: items.count, suffix: 0)
                return nil
            }
            hashes.reserveCapacity(items.count)
            if reuse.prefix > first { hashes.append(contentsOf: old.chunks[0].hashes[first..<reuse.prefix]) }
        } else {
            reuse.prefix = first
        }
        hashes.reserveCapacity(items.count)
        let hashedFrom = hashes.count
        let hashedTo = Swift.max(hashedFrom, items.count - reuse.suffix)
        // Hashes that lookups computed already (``pendingIndex``) are taken, not computed again.
        let known = pendingIndex?.base == first ? pendingIndex?.knownHashes ?? [] : []
        let knownTo = Swift.min(hashedTo, Swift.max(hashedFrom, first + known.count))
        if knownTo > hashedFrom { hashes.append(contentsOf: known[(hashedFrom - first)..<(knownTo - first)]) }
        if Item.self == AnyHashable.self {
            // The same type, so the cast is an identity; see `_appendHashes` for why this is concrete.
            _appendHashes(
                of: unsafeBitCast(items, to: ContiguousArray<AnyHashable>.self), in: knownTo..<hashedTo,
                to: &hashes)
        } else {
            for position in knownTo..<hashedTo { hashes.append(items[position].hashValue) }
        }
        itemsHashed += hashedTo - knownTo
        if hashedTo < items.count, let old {
            let oldHashes = old.chunks[0].hashes
            hashes.append(contentsOf: oldHashes[(oldHashes.count - (items.count - hashedTo))...])
        }
        if first == 0, let old, let derived = _derivedIndex(from: old, hashes: hashes, shared: reuse) {
            // Only the middle was looked up: the old index, edited where the lists differ, is this one's.
            var work = index.work
            work.slotsVisited += derived.work.slotsVisited
            work.slotsCopied += derived.work.slotsCopied
            index = derived
            index.work = work
            dropPendingIndex()
            checkedEnds = _CheckedEnds(self, checkedAgainst: old, prefix: reuse.prefix, suffix: reuse.suffix)
            return nil
        }
        hashes.withUnsafeBufferPointer {
            index.reserve(additional: pending, hashes: UnsafeBufferPointer(rebasing: $0[..<first]))
        }
        var duplicate: (position: Int, earlier: Int)?
        hashes.withUnsafeBufferPointer { hashes in
            let hashOf = { (slot: Int) -> Int in hashes[slot] }
            let found = index.insert(
                contentsOf: UnsafeBufferPointer(rebasing: hashes[first...]), from: first, hashOf: hashOf
            ) { slot, offset in _isEqual(items[slot], items[first &+ offset]) }
            if let found {
                duplicate = (first + found.offset, found.stored)
                index.removeLastInserted(first..<(first + found.offset), hashOf: hashOf)
            }
        }
        if duplicate != nil {
            hashes.removeLast(pending)
        } else {
            dropPendingIndex()
            if first == 0, let old {
                checkedEnds = _CheckedEnds(self, checkedAgainst: old, prefix: reuse.prefix, suffix: reuse.suffix)
            }
        }
        return duplicate
    }

    /// The lengths of the prefix from `first` on and of the suffix (not overlapping it, nor reaching
    /// below `first`) that `items` share with `oldItems`, by `==` alone (`first <= oldItems.count`).
    @inlinable
    static func _sharedEnds(
        _ oldItems: ContiguousArray<Item>, _ items: ContiguousArray<Item>, from first: Int
    ) -> (prefix: Int, suffix: Int) {
        if Item.self == AnyHashable.self {
            // The same type, so the casts are identities; the concrete loop borrows each item for `==`
            // instead of copying both (see ``DiffableStore/_sharedEnds(_:_:_:_:_:_:)``).
            return DiffableStore._sharedEnds(
                unsafeBitCast(oldItems, to: ContiguousArray<AnyHashable>.self), first..<oldItems.count,
                unsafeBitCast(items, to: ContiguousArray<AnyHashable>.self), first..<items.count)
        }
        return DiffableStore._sharedEnds(oldItems, first..<oldItems.count, items, first..<items.count)
    }

    /// The index of a storage whose every item is hashed into `hashes` (none indexed yet), derived from
    /// `old`'s (flat, nothing pending) when the two share a long prefix and suffix (`shared`, items `==`
    /// in place): `old`'s table with its middle items removed, its suffix renumbered and the new middle
    /// inserted. `nil` when that does not pay (a middle of more than a quarter of the items, a table
    /// that would have to grow) or when a new middle item may be a duplicate: then the caller indexes
    /// every item, which finds and reports the first duplicate exactly as before.
    ///
    /// Only a middle item can be a duplicate: the shared prefix and suffix are `==` to distinct items of
    /// `old`. A middle item is one when it is `==` to an old item of the shared ends (found in `old`'s
    /// index; one `==` to an old middle item is not, as old items are distinct) or to another middle item
    /// (a small table of the middle).
    ///
    /// - Complexity: Expected O(m) probes for *m* items in both middles, plus one copy of `old`'s table
    ///   and one pass over it when more than 1/16 of its capacity is renumbered (memory speed, nothing
    ///   hashed or probed); no item is hashed.
    @inlinable
    func _derivedIndex(
        from old: _ItemStorage, hashes: ContiguousArray<Int>, shared: (prefix: Int, suffix: Int)
    ) -> _HashIndex? {
        guard old.isFlat, old.pendingCount == 0, !old.index.isPieced, old.index.count == old.count else { return nil }
        let items = chunks[0].items
        let oldItems = old.chunks[0].items
        let oldHashes = old.chunks[0].hashes
        let (prefix, suffix) = shared
        let newMiddle = prefix..<(items.count - suffix)
        let oldMiddle = prefix..<(oldItems.count - suffix)
        guard hashes.count == items.count, (newMiddle.count + oldMiddle.count) * 4 <= items.count,
            old.index.canHold(additional: newMiddle.count - oldMiddle.count)
        else { return nil }
        var middle = _HashIndex(minimumCapacity: newMiddle.count)
        let clean = hashes.withUnsafeBufferPointer { hashes in
            oldHashes.withUnsafeBufferPointer { oldHashes in
                for position in newMiddle {
                    let hash = hashes[position]
                    let item = items[position]
                    let earlier = old.index.find(hash: hash, hashes: oldHashes) { _isEqual(oldItems[$0], item) }
                    if let earlier, !oldMiddle.contains(earlier) { return false }
                    let twin = middle.insert(
                        hash: hash, position: position - prefix, hashOf: { hashes[prefix &+ $0] },
                        unlessMatching: { _isEqual(items[prefix &+ $0], item) })
                    if twin != nil { return false }
                }
                return true
            }
        }
        guard clean else { return nil }
        var index = old.index
        index.work = _HashIndexWork()
        oldHashes.withUnsafeBufferPointer { oldHashes in
            for position in oldMiddle { index.remove(position: position, hash: oldHashes[position]) { oldHashes[$0] } }
            let shift = items.count - oldItems.count
            if shift != 0 {
                index.renumber(oldMiddle.upperBound..<oldItems.count, hashOf: { oldHashes[$0] }) { $0 &+ shift }
            }
        }
        for position in newMiddle { index.insertNew(hash: hashes[position], position: position) }
        return index
    }

    /// The lengths of the prefix and suffix this storage shares with `old`, as its last check found
    /// them (see ``_CheckedEnds``), when that check compared it with `old` as both are now; otherwise
    /// `nil`. O(1).
    @inlinable
    func checkedEnds(against old: _ItemStorage) -> (prefix: Int, suffix: Int)? {
        guard let ends = checkedEnds, isFlat, old.isFlat, pendingCount == 0, old.pendingCount == 0,
            ends.newCount == count, ends.oldCount == old.count,
            ends.newAddress == _CheckedEnds.address(of: chunks[0].items),
            let buffer = ends.old, buffer === _CheckedEnds.buffer(of: old.chunks[0].items)
        else { return nil }
        return (ends.prefix, ends.suffix)
    }

    // MARK: Layout changes
    // MARK: Layout changes

    /// Splits a flat layout into runs of ``chunkFill`` items whose handles are their ordinals and whose
    /// slots are their offsets, and renumbers every index value (a flat position *p*) to
    /// `(p / chunkFill) << chunkShift | p % chunkFill` in one pass over the table. O(n) copies and one
    /// sequential pass over the index (nothing probed or hashed), then the index is split into pieces
    /// (``_HashIndex/splitIntoPieces()``), so that a copy's edit copies one run and the pieces of the
    /// index it writes; nothing when already chunked.
    ///
    /// Runs start a quarter empty so that the first inserts into a run, which all land in runs shared
    /// with the snapshot this one was copied from, do not split it: a split gives half the run's items
    /// a new handle, so it renumbers them (one index probe each) and the run order (O(c)).
    @inlinable
    mutating func makeChunked() {
        guard isFlat else { return }
        checkedEnds = nil
        // Callers index pending items first (and report a duplicate); this only keeps the layout sound.
        if pendingCount > 0 {
            let duplicate = indexPending()
            assert(duplicate == nil, "_ItemStorage: a duplicate is reported before the storage is split into runs")
        }
        let capacity = _ItemStorage.chunkCapacity
        let total = chunks[0].items.count
        // Last, after any work on the index's values: the runs' index is held in pieces.
        defer { index.splitIntoPieces() }
        guard total > capacity else {
            ordinalOfHandle = [0]
            chunkCounts = _SectionCounts([total])
            return
        }
        let fill = _ItemStorage.chunkFill
        let runs = (total + fill - 1) / fill
        // Room in the index for every handle's values, then every position renumbered in one pass.
        reserveIndex(additional: 0, handles: runs)
        chunks[0].hashes.withUnsafeBufferPointer { hashes in
            index.renumber(0..<total, hashOf: { hashes[$0] }) { position in
                (position / fill) &<< _ItemStorage.chunkShift | position % fill
            }
        }
        let whole = chunks[0]
        var pieces = ContiguousArray<_Chunk<Item>>()
        var counts: [Int] = []
        pieces.reserveCapacity(runs)
        var start = 0
        while start < total {
            let end = Swift.min(start + fill, total)
            pieces.append(
                _Chunk(
                    items: ContiguousArray(whole.items[start..<end]),
                    hashes: ContiguousArray(whole.hashes[start..<end]),
                    handle: pieces.count))
            counts.append(end - start)
            start = end
        }
        chunks = _Runs(pieces)
        ordinalOfHandle = (0..<pieces.count).map { Int32($0) }
        chunkCounts = _SectionCounts(counts)
        itemsShifted += total
    }

    /// Packs every item into the flat layout again and rebuilds the index over positions. O(n),
    /// nothing hashed.
    @inlinable
    mutating func makeFlat() {
        guard !isFlat else { return }
        var items = ContiguousArray<Item>()
        var hashes = ContiguousArray<Int>()
        items.reserveCapacity(count)
        hashes.reserveCapacity(count)
        for chunk in chunks {
            items.append(contentsOf: chunk.items)
            hashes.append(contentsOf: chunk.hashes)
        }
        replaceWithFlat(items: items, hashes: hashes)
    }

    /// Replaces everything with a flat layout of `items` (distinct) and rebuilds the index from
    /// `hashes`, keeping its work counters.
    @inlinable
    mutating func replaceWithFlat(items: ContiguousArray<Item>, hashes: ContiguousArray<Int>) {
        checkedEnds = nil
        itemsShifted += items.count
        dropPendingIndex()
        chunks = [_Chunk(items: items, hashes: hashes, handle: 0)]
        ordinalOfHandle = []
        freeHandles = []
        chunkCounts = _SectionCounts()
        hashes.withUnsafeBufferPointer { index.rebuild(hashes: $0) }
    }

    /// Makes the index hold `additional` more items at load at most 1/2 and every value of `handles`
    /// handles (chunked), rebuilding it from the stored hashes when it does not (fourfold growth for
    /// load, as appends grow it).
    @inlinable
    mutating func reserveIndex(additional: Int, handles: Int, exactly: Bool = false) {
        let handleSlots = handles > 1 ? handles &<< _ItemStorage.chunkShift : 0
        let fitsLoad = index.canHold(additional: additional)
        guard !(fitsLoad && index.capacity >= handleSlots) else { return }
        var capacity = _HashIndex.capacity(for: count + additional)
        if !fitsLoad && !exactly { capacity = Swift.max(capacity, index.capacity * 4) }
        while capacity < handleSlots { capacity &<<= 1 }
        if isFlat {
            chunks[0].hashes.withUnsafeBufferPointer { index._refill(capacity: capacity, hashes: $0) }
            return
        }
        index.reset(capacity: capacity)
        for chunk in chunks {
            let base = chunk.handle &<< _ItemStorage.chunkShift
            for offset in chunk.hashes.indices {
                index.insertNew(hash: chunk.hashes[offset], position: base | chunk.slot(ofOffset: offset))
            }
        }
    }

    @inlinable
    mutating func allocateHandle() -> Int {
        if let handle = freeHandles.popLast() { return handle }
        ordinalOfHandle.append(-1)
        return ordinalOfHandle.count - 1
    }

    /// Records the ordinal of every run from `first` on, after the runs at `replaced` (old ordinals)
    /// were replaced by runs of `counts` items (a split) or removed. O(c) integer writes: no run is
    /// copied (a run read through `chunks[i]` in code that is not specialised copies the run, a
    /// retain and a release of both its arrays: that was 2/3 of an insert that splits a run at
    /// 1,000,000 items).
    @inlinable
    mutating func renumberChunks(from first: Int, replacing replaced: Range<Int>, with counts: [Int]) {
        chunks.withRuns { runs in
            ordinalOfHandle.withUnsafeMutableBufferPointer { ordinals in
                for ordinal in first..<runs.count { ordinals[runs[ordinal].handle] = Int32(ordinal) }
            }
        }
        var all = chunkCounts.counts
        all.replaceSubrange(replaced, with: counts)
        chunkCounts.replace(with: all)
    }

    // MARK: Edits

    /// Places `newItems` (distinct, none stored; `newHashes` their hashes) at flat position
    /// `position`, in the chunked layout. Expected O(log c + B + k), plus O(c) when a run splits.
    @inlinable
    mutating func place(_ newItems: [Item], hashes newHashes: [Int], at position: Int) {
        let added = newItems.count
        guard added > 0 else { return }
        makeChunked()
        let capacity = _ItemStorage.chunkCapacity
        let (chunk, offset): (Int, Int)
        if position == count {
            chunk = chunks.count - 1
            offset = chunks[chunk].items.count
        } else {
            (chunk, offset) = locate(position: position)
        }
        let oldCount = chunks[chunk].items.count
        let handle = chunks[chunk].handle
        let base = handle &<< _ItemStorage.chunkShift
        if oldCount + added <= capacity {
            reserveIndex(additional: added, handles: ordinalOfHandle.count)
            // The items after the place keep their slots (their index values): only the run's small
            // order arrays move, and no index slot is renumbered.
            let slots = chunks[chunk].insertSlots(added, at: offset)
            chunks[chunk].items.insert(contentsOf: newItems, at: offset)
            chunks[chunk].hashes.insert(contentsOf: newHashes, at: offset)
            itemsShifted += oldCount - offset + added
            for (step, hash) in newHashes.enumerated() { index.insertNew(hash: hash, position: base | slots[step]) }
            chunkCounts.add(added, toSection: chunk)
            return
        }
        // Split into the fewest runs of at most `capacity`, as even as can be (each at least capacity / 2).
        let total = oldCount + added
        let pieces = (total + capacity - 1) / capacity
        let extra = pieces - 1
        reserveIndex(additional: added, handles: ordinalOfHandle.count + Swift.max(0, extra - freeHandles.count))
        var handles = [handle]
        for _ in 0..<extra { handles.append(allocateHandle()) }
        let small = total / pieces
        let large = total % pieces
        /// The run (among `pieces`) and offset of combined position `i`.
        func piece(of i: Int) -> (Int, Int) {
            let bigPart = large * (small + 1)
            if i < bigPart { return (i / (small + 1), i % (small + 1)) }
            return (large + (i - bigPart) / small, (i - bigPart) % small)
        }
        func value(_ i: Int) -> Int {
            let (p, o) = piece(of: i)
            return handles[p] &<< _ItemStorage.chunkShift | o
        }
        // The items that keep their number (the first piece keeps the run's handle, so the items
        // before the place in it) are not visited.
        var moved: [(old: Int, hash: Int, new: Int)] = []
        moved.reserveCapacity(oldCount)
        chunks.withRuns { runs in
            let run = runs[chunk]
            run.hashes.withUnsafeBufferPointer { hashes in
                for o in 0..<oldCount {
                    let old = base | run.slot(ofOffset: o)
                    let new = value(o < offset ? o : o + added)
                    if new != old { moved.append((old, hashes[o], new)) }
                }
            }
        }
        index.renumber(moved)
        // Each piece is copied straight from the run and the new items (combined position `i` is the
        // run's item `i` before `offset`, new item `i - offset`, then the run's item `i - added`).
        var runs = ContiguousArray<_Chunk<Item>>()
        runs.reserveCapacity(pieces)
        chunks.withRuns { old in
            let run = old[chunk]
            var start = 0
            for p in 0..<pieces {
                let end = start + (p < large ? small + 1 : small)
                var items = ContiguousArray<Item>()
                var hashes = ContiguousArray<Int>()
                items.reserveCapacity(end - start)
                hashes.reserveCapacity(end - start)
                let before = start..<Swift.max(start, Swift.min(end, offset))
                if !before.isEmpty {
                    items.append(contentsOf: run.items[before])
                    hashes.append(contentsOf: run.hashes[before])
                }
                let first = Swift.max(start, offset)
                let inserted = first..<Swift.max(first, Swift.min(end, offset + added))
                if !inserted.isEmpty {
                    items.append(contentsOf: newItems[(inserted.lowerBound - offset)..<(inserted.upperBound - offset)])
                    hashes.append(
                        contentsOf: newHashes[(inserted.lowerBound - offset)..<(inserted.upperBound - offset)])
                }
                let resumed = Swift.max(start, offset + added) - added
                let after = resumed..<Swift.max(resumed, end - added)
                if !after.isEmpty {
                    items.append(contentsOf: run.items[after])
                    hashes.append(contentsOf: run.hashes[after])
                }
                runs.append(_Chunk(items: items, hashes: hashes, handle: handles[p]))
                start = end
            }
        }
        chunks.replaceSubrange(chunk..<(chunk + 1), with: runs)
        for (step, hash) in newHashes.enumerated() { index.insertNew(hash: hash, position: value(offset + step)) }
        itemsShifted += total
        renumberChunks(
            from: chunk, replacing: chunk..<(chunk + 1),
            with: (0..<pieces).map { $0 < large ? small + 1 : small })
    }

    /// Removes the items at `doomed` (ascending, distinct flat positions) in the chunked layout.
    /// Expected O(k (log c + B)), plus O(c) when a run is left empty.
    @inlinable
    mutating func remove(atSortedPositions doomed: [Int]) {
        guard !doomed.isEmpty else { return }
        makeChunked()
        var groups: [(chunk: Int, offsets: [Int])] = []
        for position in doomed {
            let (chunk, offset) = locate(position: position)
            if let last = groups.last, last.chunk == chunk {
                groups[groups.count - 1].offsets.append(offset)
            } else {
                groups.append((chunk, [offset]))
            }
        }
        do {
            // Read through copies of the references (the index is changed while the runs are read);
            // they end with this block, before any run is changed, so no run is copied.
            let chunks = self.chunks
            let ordinals = ordinalOfHandle
            chunks.withRuns { runs in
                // Through the buffer: reading `chunks[i]` here would copy the run on every call.
                let hashOf = { (value: Int) -> Int in
                    let run = Int(ordinals[value &>> _ItemStorage.chunkShift])
                    return runs[run].hashes[runs[run].offset(ofSlot: value & (_ItemStorage.chunkCapacity - 1))]
                }
                for group in groups {
                    let base = runs[group.chunk].handle &<< _ItemStorage.chunkShift
                    for offset in group.offsets {
                        index.remove(
                            position: base | runs[group.chunk].slot(ofOffset: offset),
                            hash: runs[group.chunk].hashes[offset], hashOf: hashOf)
                    }
                }
            }
        }
        var emptied: [Int] = []
        for group in groups {
            let first = group.offsets[0]
            let oldCount = chunks[group.chunk].items.count
            // The items after the removed ones keep their slots: no index value changes.
            chunks[group.chunk].removeSlots(atSortedOffsets: group.offsets)
            if group.offsets.count == 1 {
                chunks[group.chunk].items.remove(at: first)
                chunks[group.chunk].hashes.remove(at: first)
            } else {
                var write = first
                var next = 0
                for read in first..<oldCount {
                    if next < group.offsets.count && group.offsets[next] == read {
                        next += 1
                        continue
                    }
                    chunks[group.chunk].items.swapAt(write, read)
                    chunks[group.chunk].hashes.swapAt(write, read)
                    write += 1
                }
                chunks[group.chunk].items.removeLast(oldCount - write)
                chunks[group.chunk].hashes.removeLast(oldCount - write)
            }
            itemsShifted += oldCount - first
            chunkCounts.add(-group.offsets.count, toSection: group.chunk)
            if chunks[group.chunk].items.isEmpty { emptied.append(group.chunk) }
        }
        if chunkCounts.total == 0 {
            let index = self.index
            self = _ItemStorage()
            self.index = index
            return
        }
        if let first = emptied.first {
            for chunk in emptied.reversed() {
                let handle = chunks.withRuns { $0[chunk].handle }
                freeHandles.append(handle)
                ordinalOfHandle[handle] = -1
                chunks.remove(at: chunk)
            }
            var counts = chunkCounts.counts
            for chunk in emptied.reversed() { counts.remove(at: chunk) }
            renumberChunks(from: first, replacing: 0..<chunkCounts.sectionCount, with: counts)
        }
        if chunks.count > 4 * count / _ItemStorage.chunkCapacity + 2 { makeFlat() }
    }

    /// Moves the item at flat position `from` to `to` (a position once it is taken out).
    @inlinable
    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        let (chunk, offset) = locate(position: from)
        let item = chunks[chunk].items[offset]
        let hash = chunks[chunk].hashes[offset]
        remove(atSortedPositions: [from])
        place([item], hashes: [hash], at: to)
    }
}

extension _ItemStorage {
    /// Checks the layout, the runs and the index against each other (see `Snapshot._checkInvariants`).
    ///
    /// - Complexity: O(n + c log c) plus the index's check; hashes nothing.
    func _checkInvariants() -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        check(!chunks.isEmpty, "_ItemStorage: at least one run")
        broken += chunks._checkInvariants()
        guard broken.isEmpty else { return broken }
        for chunk in chunks where !(isFlat && chunk.hashes.count <= chunk.items.count) {
            check(
                chunk.items.count == chunk.hashes.count, "_ItemStorage: a stored hash per item of run \(chunk.handle)")
        }
        check(
            (pendingIndex != nil) == (pendingCount > 0), "_ItemStorage: pending items, and only they, have an index")
        if let pendingIndex {
            broken += pendingIndex._checkInvariants(items: chunks[0].items, hashedCount: chunks[0].hashes.count)
        }
        if isFlat {
            check(
                chunks.count == 1 && chunks[0].handle == 0 && freeHandles.isEmpty && chunkCounts.sectionCount == 0,
                "_ItemStorage: a flat layout is one run, handle 0")
            if let ends = checkedEnds {
                check(
                    pendingCount == 0 && ends.newCount == count && ends.prefix >= 0 && ends.suffix >= 0
                        && ends.prefix + ends.suffix <= Swift.min(count, ends.oldCount),
                    "_ItemStorage: the checked ends fit both storages")
            }
            guard broken.isEmpty else { return broken }
            broken += chunks[0].hashes.withUnsafeBufferPointer { index._checkInvariants(hashes: $0) }
            return broken
        }
        check(checkedEnds == nil, "_ItemStorage: storage in runs has no checked ends")
        check(chunkCounts.sectionCount == chunks.count, "_ItemStorage: a count per run")
        broken += chunkCounts._checkInvariants()
        for (ordinal, chunk) in chunks.enumerated() {
            check(
                chunk.items.count == chunkCounts.counts[ordinal], "_ItemStorage: run \(ordinal) is counted wrong")
            check(
                chunk.items.count <= _ItemStorage.chunkCapacity, "_ItemStorage: run \(ordinal) holds more than a run")
            check(
                !chunk.items.isEmpty || chunks.count == 1, "_ItemStorage: run \(ordinal) is empty beside others")
            check(
                ordinalOfHandle.indices.contains(chunk.handle) && ordinalOfHandle[chunk.handle] == Int32(ordinal),
                "_ItemStorage: handle \(chunk.handle) does not lead to run \(ordinal)")
            broken += chunk._checkSlots(ordinal: ordinal)
        }
        let free = ordinalOfHandle.indices.filter { ordinalOfHandle[$0] < 0 }
        check(
            Set(free) == Set(freeHandles) && free.count == freeHandles.count, "_ItemStorage: free handles listed wrong")
        check(
            ordinalOfHandle.count <= 1 || ordinalOfHandle.count &<< _ItemStorage.chunkShift <= index.capacity,
            "_ItemStorage: the index cannot hold every handle's values")
        check(index.isPieced, "_ItemStorage: the index of runs is in pieces (a copy's edit copies only what it writes)")
        guard broken.isEmpty else { return broken }
        broken += index._checkInvariants(count: count) { value in
            let handle = value &>> _ItemStorage.chunkShift
            guard ordinalOfHandle.indices.contains(handle), ordinalOfHandle[handle] >= 0 else { return nil }
            let chunk = Int(ordinalOfHandle[handle])
            let slot = value & (_ItemStorage.chunkCapacity - 1)
            let run = chunks[chunk]
            guard run.offsetOfSlot.isEmpty || slot < run.offsetOfSlot.count else { return nil }
            let offset = run.offset(ofSlot: slot)
            return offset < run.hashes.count ? run.hashes[offset] : nil
        }
        return broken
    }
}

extension _Chunk {
    /// Checks the run's order arrays against each other and its items (see ``_ItemStorage/_checkInvariants()``).
    ///
    /// - Complexity: O(B) for the run's *B* slots.
    func _checkSlots(ordinal: Int) -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        guard !(slotOfOffset.isEmpty && offsetOfSlot.isEmpty) else { return [] }
        check(
            slotOfOffset.count == items.count && offsetOfSlot.count >= items.count
                && offsetOfSlot.count <= _ItemStorage<Item>.chunkCapacity,
            "_ItemStorage: run \(ordinal) has a slot per item, at most a run's worth")
        guard broken.isEmpty else { return broken }
        for (offset, slot) in slotOfOffset.enumerated() {
            check(
                Int(slot) < offsetOfSlot.count && Int(offsetOfSlot[Int(slot)]) == offset,
                "_ItemStorage: run \(ordinal)'s slot \(slot) does not lead back to offset \(offset)")
        }
        let used = offsetOfSlot.lazy.filter { $0 != _Chunk.freeSlot }.count
        check(used == items.count, "_ItemStorage: run \(ordinal) has \(used) slots in use for \(items.count) items")
        return broken
    }
}

extension _Chunk: Sendable where Item: Sendable {}
extension _ItemStorage: Sendable where Item: Sendable {}
