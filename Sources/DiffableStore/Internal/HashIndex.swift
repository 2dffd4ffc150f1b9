/// An open-addressing table from an item's stored hash to its flat position (linear probing, `Int32`
/// slots, `-1` empty). It stores positions, never copies of items, so it costs 4 bytes a slot.
///
/// A position is less than the capacity, so it needs only the bits of `mask`; the slot's other bits
/// below the sign hold the same bits of the item's hash (its *tag*, ``tag(of:)``). A probe passes over
/// an occupied slot whose tag differs without reading the stored hash of its position: with
/// 1,000,000 items the tag has 10 bits, so the probe that finds a free slot almost never touches the
/// hashes array (before, that read was a cache miss for every occupied slot passed, about half of the
/// time of indexing a large batch).
///
/// The table never hashes an item: callers pass the hashes they stored (`hashes[p]` is the hash of
/// the item at position `p`). Equality is decided by the caller's closure, called only for slots
/// whose stored hash matches. This type owns the one probing loop (``_probe(_:mask:hash:until:)``),
/// the one growth rule (load at most 1/2, capacity a power of two) and removal (backward shift, so no
/// tombstones); ``_checkInvariants(hashes:)`` checks all three.
///
/// **One table or pieces.** The table is one array (``slots``) while it indexes a flat snapshot: building,
/// the diff and lookups run over one contiguous buffer. A snapshot kept in runs (see ``_ItemStorage``)
/// holds it in ``pieces`` instead: bucket `b` lives in `pieces[b >> pieceShift]`, so the high bits of a
/// bucket (of the hash) choose the piece. Each piece is its own copy-on-write array, so the first edit of
/// a copy copies the pieces it writes (a few KB each) and the list of pieces (at most
/// ``maximumPieceCount`` references), not the whole table: at 1,000,000 items the table is 2²¹ slots (8
/// MB), a piece 2¹³ (32 KB). Probing is the same in both (a run may continue into the next piece). A
/// flat-only operation on pieces joins them first (O(capacity), at memory-copy speed), as
/// ``splitIntoPieces()`` is the one copy that splits a table.
@usableFromInline
struct _HashIndex: Sendable {
    /// The table when it is one array; empty when it is in ``pieces``.
    @usableFromInline var slots: [Int32]
    /// The table in pieces of `1 << pieceShift` slots (bucket `b` at `pieces[b >> pieceShift][b & pieceMask]`);
    /// empty when it is one array (``slots``).
    @usableFromInline var pieces: ContiguousArray<[Int32]> = []
    /// The log₂ of the slots of a piece (0 when the table is one array).
    @usableFromInline var pieceShift = 0
    @usableFromInline var mask: Int
    @usableFromInline var count: Int
    /// Work done by mutations, for tests that bound it (see ``Snapshot/_work``).
    @usableFromInline var work = _HashIndexWork()

    @inlinable
    init(minimumCapacity: Int) {
        let capacity = _HashIndex.capacity(for: minimumCapacity)
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        count = 0
    }

    /// Builds a table over `hashes` (positions `0..<hashes.count`), which must be of distinct items.
    @inlinable
    init(hashes: UnsafeBufferPointer<Int>) {
        self.init(minimumCapacity: hashes.count)
        _fill(hashes)
    }

    /// The most positions a table can hold: a slot keeps a position in the bits of an `Int32` below
    /// the sign, so positions run up to `Int32.max` and a snapshot holds at most 2³¹ items.
    @inlinable
    static var maximumCount: Int { Int(Int32.max) + 1 }

    /// The number of slots: a power of two of at least 8.
    @inlinable
    var capacity: Int { mask &+ 1 }

    /// Whether the table is held in ``pieces`` (a snapshot in runs) rather than one array.
    @inlinable
    var isPieced: Bool { !pieces.isEmpty }

    // MARK: Pieces

    /// The most pieces a table is split into: a copy's first write copies the list of pieces (one
    /// reference each) and the piece it writes, so this bounds the first and the size of a piece
    /// bounds the second. 256 pieces of at least 1,024 slots (4 KB): at 2²¹ slots a piece holds 2¹³.
    @inlinable
    static var maximumPieceCount: Int { 256 }

    /// The fewest slots of a piece (a smaller table is one piece).
    @inlinable
    static var minimumPieceSlots: Int { 1024 }

    /// The log₂ of the slots of each piece of a table of `capacity` slots.
    @inlinable
    static func pieceShift(capacity: Int) -> Int {
        let bits = capacity.trailingZeroBitCount
        let fewest = minimumPieceSlots.trailingZeroBitCount
        return Swift.min(bits, Swift.max(fewest, bits - maximumPieceCount.trailingZeroBitCount))
    }

    /// The bits of a bucket that name its slot inside its piece.
    @inlinable
    var pieceMask: Int { (1 &<< pieceShift) &- 1 }

    /// Holds the table in pieces (see ``_HashIndex``); nothing when it is in pieces already.
    ///
    /// - Complexity: O(capacity), at memory-copy speed.
    @inlinable
    mutating func splitIntoPieces() {
        guard !isPieced else { return }
        let shift = _HashIndex.pieceShift(capacity: capacity)
        let size = 1 &<< shift
        var split = ContiguousArray<[Int32]>()
        split.reserveCapacity(capacity &>> shift)
        var start = 0
        while start < capacity {
            split.append(Array(slots[start..<(start &+ size)]))
            start &+= size
        }
        pieces = split
        pieceShift = shift
        slots = []
    }

    /// Holds the table in one array again; nothing when it is one already.
    ///
    /// - Complexity: O(capacity), at memory-copy speed.
    @inlinable
    mutating func joinPieces() {
        guard isPieced else { return }
        var joined: [Int32] = []
        joined.reserveCapacity(capacity)
        for piece in pieces { joined.append(contentsOf: piece) }
        slots = joined
        pieces = []
        pieceShift = 0
    }

    /// The slot at `bucket`, in either form.
    @inlinable @inline(__always)
    func _slot(_ bucket: Int) -> Int32 {
        if pieces.isEmpty { return slots[bucket] }
        return pieces[bucket &>> pieceShift][bucket & pieceMask]
    }

    /// Writes the slot at `bucket`, in either form, counting the slots copied when the array written
    /// was shared with a copy (``_HashIndexWork/slotsCopied``).
    @inlinable
    mutating func _setSlot(_ bucket: Int, _ value: Int32) {
        if pieces.isEmpty {
            _mutateTable { $0[bucket] = value }
            return
        }
        let piece = bucket &>> pieceShift
        let before = pieces[piece].withUnsafeBufferPointer { $0.baseAddress }
        pieces[piece][bucket & pieceMask] = value
        if pieces[piece].withUnsafeBufferPointer({ $0.baseAddress }) != before {
            work.slotsCopied &+= pieces[piece].count
        }
    }

    /// Runs `body` on the one array of the table (joining pieces first), counting its slots as copied
    /// when the array was shared with a copy (``_HashIndexWork/slotsCopied``).
    @inlinable
    mutating func _mutateTable<R>(_ body: (UnsafeMutableBufferPointer<Int32>) -> R) -> R {
        joinPieces()
        let before = slots.withUnsafeBufferPointer { $0.baseAddress }
        let result = slots.withUnsafeMutableBufferPointer { body($0) }
        if slots.withUnsafeBufferPointer({ $0.baseAddress }) != before { work.slotsCopied &+= slots.count }
        return result
    }

    /// The probing loop of ``_probe(_:mask:hash:probes:until:)`` over the table in either form.
    @inlinable
    func _probeAny(hash: Int, probes: inout Int, until stop: (Int) -> Bool) -> Int {
        let mask = self.mask
        if pieces.isEmpty {
            return slots.withUnsafeBufferPointer {
                _HashIndex._probe($0, mask: mask, hash: hash, probes: &probes, until: stop)
            }
        }
        let shift = pieceShift
        let tagBits = _HashIndex.tagBits(mask: mask)
        let tag = hash & tagBits
        // Piece by piece: each piece's buffer is opened once, and a run that reaches its end goes on
        // at the start of the next (the last piece's end wraps to the first).
        return pieces.withUnsafeBufferPointer { pieces in
            var piece = (hash & mask) &>> shift
            var start = hash & pieceMask
            while true {
                let found: Int? = pieces[piece].withUnsafeBufferPointer { slots in
                    var local = start
                    while local < slots.count {
                        probes &+= 1
                        let slot = Int(slots[local])
                        if slot < 0 || (slot & tagBits == tag && stop(slot & mask)) { return local }
                        local &+= 1
                    }
                    return nil
                }
                if let found { return piece &<< shift | found }
                piece = (piece &+ 1) & (pieces.count &- 1)
                start = 0
            }
        }
    }

    /// A power of two of at least 8 that keeps the load at or under 1/2.
    ///
    /// Every table size goes through here, so this is where the 2³¹ limit is checked: beyond it a
    /// position would not fit in its slot, and `Int32(truncatingIfNeeded:)` would silently store
    /// another one.
    ///
    /// Not 3/4: a table that grows one batch at a time spends most of its life between 3/8 and 3/4
    /// full at 3/4, where a linear probe for a free slot passes several occupied ones, and each growth
    /// refills it from half again as many positions. At 1/2, building 1,000 sections × 1,000 items
    /// took ~12% less time (the one-batch build of 1,000,000 is unchanged: 2^21 slots either way),
    /// for at most 16 bytes of index per item instead of 10.7 (8 to 16 instead of 5.3 to 10.7).
    @inlinable
    static func capacity(for count: Int) -> Int {
        precondition(
            count <= maximumCount,
            "A snapshot holds at most 2147483648 items (its index stores Int32 positions), not \(count)")
        var capacity = 8
        while capacity < count * 2 { capacity &<<= 1 }
        return capacity
    }

    // MARK: Probing

    /// The bits of a slot (and of a hash) that hold the tag: those below the sign and above `mask`.
    @inlinable @inline(__always)
    static func tagBits(mask: Int) -> Int { Int(Int32.max) & ~mask }

    /// The slot that records `position` for an item whose hash is `hash`: the position in the bits of
    /// `mask`, the hash's own bits above them.
    @inlinable @inline(__always)
    static func slot(position: Int, hash: Int, mask: Int) -> Int32 {
        Int32(truncatingIfNeeded: (hash & tagBits(mask: mask)) | position)
    }

    /// The one probing loop: the bucket where `hash`'s run ends, which is the first slot from its home
    /// bucket whose tag is `hash`'s and whose position satisfies `stop`, or the first empty slot.
    /// `probes` counts the slots read.
    @inlinable @inline(__always)
    static func _probe(
        _ slots: UnsafeBufferPointer<Int32>, mask: Int, hash: Int, probes: inout Int, until stop: (Int) -> Bool
    ) -> Int {
        let tagBits = _HashIndex.tagBits(mask: mask)
        let tag = hash & tagBits
        var bucket = hash & mask
        while true {
            probes &+= 1
            let slot = Int(slots[bucket])
            if slot < 0 || (slot & tagBits == tag && stop(slot & mask)) { return bucket }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// The position whose stored hash is `hash` and for which `matches` holds, if any.
    @inlinable
    func find(hash: Int, hashes: UnsafeBufferPointer<Int>, matches: (Int) -> Bool) -> Int? {
        if isPieced { return find(hash: hash) { hashes[$0] == hash && matches($0) } }
        return slots.withUnsafeBufferPointer { slots in
            var probes = 0
            let bucket = _HashIndex._probe(slots, mask: mask, hash: hash, probes: &probes) {
                hashes[$0] == hash && matches($0)
            }
            let slot = Int(slots[bucket])
            return slot < 0 ? nil : slot & mask
        }
    }

    // MARK: Insertion and growth

    /// How many items ahead a batch reads the slot it will probe (see
    /// ``insert(contentsOf:from:hashOf:unlessMatching:)``): 16 measured best among 8, 16 and 32.
    @inlinable
    static var lookahead: Int { 16 }

    /// Whether `additional` more positions fit without passing 1/2 load.
    @inlinable
    func canHold(additional: Int) -> Bool { (count + additional) * 2 <= capacity }

    /// Makes room for `additional` more positions, rebuilding from `hashes` (the positions stored now)
    /// into a table at least four times as large when they would not fit.
    ///
    /// Four, not two: each growth re-inserts every stored position (a random write per position into a
    /// table larger than the caches), so a snapshot built in many appends re-inserted about *n* positions
    /// in all at 2x and about *n*/3 at 4x. Building 1,000 sections × 1,000 items went from 1.12–1.15x to
    /// 1.08–1.09x of the one-batch build (`cellkit-bench --filter snapshot-build`, quiet machine). The
    /// cost: a table grown by appends holds 4 to 32 bytes of index per item (8 to 16 before); one built
    /// in one batch is sized exactly as before (``capacity(for:)``).
    @inlinable
    mutating func reserve(additional: Int, hashes: UnsafeBufferPointer<Int>) {
        guard !canHold(additional: additional) else { return }
        _refill(capacity: Swift.max(_HashIndex.capacity(for: count + additional), capacity * 4), hashes: hashes)
    }

    /// Makes room for `additional` more positions in the least capacity that holds them (no fourfold
    /// growth: the caller knows the size), rebuilding from `hashes` (the positions stored now) when
    /// they would not fit.
    @inlinable
    mutating func reserveExactly(additional: Int, hashes: UnsafeBufferPointer<Int>) {
        guard !canHold(additional: additional) else { return }
        _refill(capacity: _HashIndex.capacity(for: count + additional), hashes: hashes)
    }

    /// Rebuilds the table over `hashes` (positions `0..<hashes.count`, distinct items), for changes that
    /// renumber most positions.
    @inlinable
    mutating func rebuild(hashes: UnsafeBufferPointer<Int>) {
        _refill(capacity: _HashIndex.capacity(for: hashes.count), hashes: hashes)
    }

    /// Replaces the table with an empty one of `capacity` slots and indexes `hashes` into it.
    @inlinable
    mutating func _refill(capacity: Int, hashes: UnsafeBufferPointer<Int>) {
        pieces = []
        pieceShift = 0
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        count = 0
        work.rebuilds += 1
        _fill(hashes)
    }

    @inlinable
    mutating func _fill(_ hashes: UnsafeBufferPointer<Int>) {
        let mask = self.mask
        var probes = 0
        let early: Int32 = _mutateTable { slots in
            let readable = UnsafeBufferPointer(slots)
            var early: Int32 = 0
            for position in hashes.indices {
                let hash = hashes[position]
                // Reads ahead, as ``insert(contentsOf:from:hashOf:unlessMatching:)`` does.
                if position &+ _HashIndex.lookahead < hashes.count {
                    early |= readable[hashes[position &+ _HashIndex.lookahead] & mask]
                }
                let bucket = _HashIndex._probe(readable, mask: mask, hash: hash, probes: &probes) { _ in false }
                slots[bucket] = _HashIndex.slot(position: position, hash: hash, mask: mask)
            }
            return early
        }
        _keepReads(early)
        count += hashes.count
        work.slotsVisited += probes
    }

    /// Records `position` under `hash` unless a stored position with that hash satisfies `matches`;
    /// returns that position, or `nil` once `position` is recorded. There must be room (``reserve(additional:hashes:)``).
    @inlinable
    mutating func insert(hash: Int, position: Int, hashOf: (Int) -> Int, unlessMatching matches: (Int) -> Bool) -> Int?
    {
        let mask = self.mask
        var probes = 0
        let found: Int? = _mutateTable { slots in
            let bucket = _HashIndex._probe(UnsafeBufferPointer(slots), mask: mask, hash: hash, probes: &probes) {
                hashOf($0) == hash && matches($0)
            }
            let existing = Int(slots[bucket])
            if existing >= 0 { return existing & mask }
            slots[bucket] = _HashIndex.slot(position: position, hash: hash, mask: mask)
            return nil
        }
        work.slotsVisited += probes
        if found == nil { count += 1 }
        return found
    }

    /// Records positions `first...` under `newHashes`, in order, each unless a stored position (an
    /// earlier one, or one recorded by this call) with its hash satisfies `matches(stored, offset)`.
    /// Stops at the first such offset and returns it with the stored position, leaving the offsets
    /// before it recorded (``removeLastInserted(_:hashOf:)`` takes them out again); `nil` when all are
    /// recorded. There must be room (``reserve(additional:hashes:)``).
    ///
    /// One call for a batch, so the table is opened once, and the slot of the item a few places ahead
    /// is read early: on a table larger than the caches that read starts its cache miss while the
    /// current item is probed, so the misses of consecutive items overlap instead of queueing.
    @inlinable
    mutating func insert(
        contentsOf newHashes: UnsafeBufferPointer<Int>, from first: Int, hashOf: (Int) -> Int,
        unlessMatching matches: (_ stored: Int, _ offset: Int) -> Bool
    ) -> (offset: Int, stored: Int)? {
        let mask = self.mask
        var probes = 0
        var inserted = 0
        let found: (offset: Int, stored: Int)? = _mutateTable { slots in
            let readable = UnsafeBufferPointer(slots)
            var early: Int32 = 0
            for offset in newHashes.indices {
                let hash = newHashes[offset]
                if offset &+ _HashIndex.lookahead < newHashes.count {
                    early |= readable[newHashes[offset &+ _HashIndex.lookahead] & mask]
                }
                let bucket = _HashIndex._probe(readable, mask: mask, hash: hash, probes: &probes) {
                    hashOf($0) == hash && matches($0, offset)
                }
                let existing = Int(slots[bucket])
                if existing >= 0 { return (offset, existing & mask) }
                slots[bucket] = _HashIndex.slot(position: first &+ offset, hash: hash, mask: mask)
                inserted &+= 1
            }
            _keepReads(early)
            return nil
        }
        work.slotsVisited += probes
        count += inserted
        return found
    }

    // MARK: Removal and renumbering

    /// The bucket that holds `position`, whose stored hash is `hash`; the position must be stored.
    @inlinable
    func _bucket(of position: Int, hash: Int, probes: inout Int) -> Int {
        _probeAny(hash: hash, probes: &probes) { $0 == position }
    }

    /// Removes `position` (stored under `hash`), shifting later entries of its probe run back so that
    /// no run is cut (no tombstones). `hashOf` gives the stored hash of any stored position.
    @inlinable
    mutating func remove(position: Int, hash: Int, hashOf: (Int) -> Int) {
        var probes = 0
        var hole = _bucket(of: position, hash: hash, probes: &probes)
        let mask = self.mask
        if isPieced {
            // The same backward shift, slot by slot through the pieces (only the pieces written are copied).
            var next = (hole &+ 1) & mask
            while true {
                probes &+= 1
                let occupant = Int(_slot(next))
                if occupant < 0 { break }
                let home = hashOf(occupant & mask) & mask
                if (next &- home) & mask >= (next &- hole) & mask {
                    _setSlot(hole, Int32(truncatingIfNeeded: occupant))
                    hole = next
                }
                next = (next &+ 1) & mask
            }
            _setSlot(hole, -1)
            count -= 1
            work.slotsVisited += probes
            return
        }
        _mutateTable { slots in
            var next = (hole &+ 1) & mask
            while true {
                probes &+= 1
                let occupant = Int(slots[next])
                if occupant < 0 { break }
                let home = hashOf(occupant & mask) & mask
                // The occupant may fill the hole when its home is not cyclically in (hole, next].
                let distanceToNext = (next &- home) & mask
                let distanceToHole = (next &- hole) & mask
                if distanceToNext >= distanceToHole {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next &+ 1) & mask
            }
            slots[hole] = -1
        }
        count -= 1
        work.slotsVisited += probes
    }

    /// Removes the positions `first...` that were inserted last, in insertion order; `hashOf` gives
    /// their hashes. Each sits at the end of its probe run, so clearing them in reverse restores the
    /// table exactly.
    @inlinable
    mutating func removeLastInserted(_ positions: Range<Int>, hashOf: (Int) -> Int) {
        var probes = 0
        for position in positions.reversed() {
            let bucket = _bucket(of: position, hash: hashOf(position), probes: &probes)
            _setSlot(bucket, -1)
        }
        count -= positions.count
        work.slotsVisited += probes
    }

    /// Gives every stored position in `range` the number `renumber(position)`, when items shift.
    /// `removed` (ascending) lists positions in `range` that are no longer stored.
    ///
    /// When the range is small beside the table, only its positions' slots are visited (all found by
    /// probing with `hashOf` before any is changed, so old and new numbers never mix up); otherwise one
    /// pass over the table is cheaper. Either way the work is expected O(`range.count`) or O(capacity),
    /// whichever is less, and nothing is rehashed.
    @inlinable
    mutating func renumber(
        _ range: Range<Int>, skipping removed: [Int] = [], hashOf: (Int) -> Int, _ renumber: (Int) -> Int
    ) {
        guard !range.isEmpty else { return }
        if range.count &* 16 < capacity {
            var probes = 0
            var found: [(bucket: Int, position: Int)] = []
            found.reserveCapacity(range.count)
            var next = 0
            for position in range {
                while next < removed.count && removed[next] < position { next += 1 }
                if next < removed.count && removed[next] == position { continue }
                found.append((_bucket(of: position, hash: hashOf(position), probes: &probes), position))
            }
            let mask = self.mask
            _mutateTable { slots in
                for (bucket, position) in found {
                    slots[bucket] = Int32(truncatingIfNeeded: (Int(slots[bucket]) & ~mask) | renumber(position))
                }
            }
            work.slotsVisited += probes
        } else {
            let mask = self.mask
            _mutateTable { slots in
                for bucket in slots.indices {
                    let slot = Int(slots[bucket])
                    guard slot >= 0 else { continue }
                    let position = slot & mask
                    if range.contains(position) {
                        slots[bucket] = Int32(truncatingIfNeeded: (slot & ~mask) | renumber(position))
                    }
                }
            }
            work.slotsVisited += capacity
        }
    }
}

extension _HashIndex {
    // MARK: Payloads that are not flat positions (chunked storage)

    /// The stored value whose slot carries `hash`'s tag and for which `matches` holds, if any. The
    /// caller's closure checks the stored hash and the item (the table knows neither).
    @inlinable
    func find(hash: Int, matching matches: (Int) -> Bool) -> Int? {
        var probes = 0
        let slot = Int(_slot(_probeAny(hash: hash, probes: &probes, until: matches)))
        return slot < 0 ? nil : slot & mask
    }

    /// Records `position` under `hash`, known to be absent from the table. There must be room.
    @inlinable
    mutating func insertNew(hash: Int, position: Int) {
        var probes = 0
        let bucket = _probeAny(hash: hash, probes: &probes) { _ in false }
        _setSlot(bucket, _HashIndex.slot(position: position, hash: hash, mask: mask))
        count += 1
        work.slotsVisited += probes
    }

    /// Gives stored values new numbers in place: each `old` (stored under `hash`) becomes `new`. All
    /// are found before any is changed, so old and new numbers never mix up. Nothing is rehashed: a
    /// slot keeps its bucket and its tag.
    @inlinable
    mutating func renumber(_ moves: [(old: Int, hash: Int, new: Int)]) {
        guard !moves.isEmpty else { return }
        var probes = 0
        var buckets: [Int] = []
        buckets.reserveCapacity(moves.count)
        for move in moves { buckets.append(_bucket(of: move.old, hash: move.hash, probes: &probes)) }
        let mask = self.mask
        for (bucket, move) in zip(buckets, moves) {
            _setSlot(bucket, Int32(truncatingIfNeeded: (Int(_slot(bucket)) & ~mask) | move.new))
        }
        work.slotsVisited += probes
    }

    /// Empties the table into `capacity` slots (a power of two of at least 8) in pieces (for a
    /// snapshot in runs), counted as a rebuild; the caller refills it with ``insertNew(hash:position:)``.
    @inlinable
    mutating func reset(capacity: Int) {
        let shift = _HashIndex.pieceShift(capacity: capacity)
        slots = []
        // Each piece its own array (one array repeated would be copied at each piece's first write).
        pieces = ContiguousArray((0..<(capacity &>> shift)).map { _ in Array(repeating: -1, count: 1 &<< shift) })
        pieceShift = shift
        mask = capacity - 1
        count = 0
        work.rebuilds += 1
    }

    /// Checks the table against `count` stored values whose hashes `hashOf` gives (`nil` for a value
    /// that names no item), as ``_checkInvariants(hashes:)`` does for flat positions.
    ///
    /// - Complexity: O(capacity) plus the length of every probe run.
    func _checkInvariants(count expected: Int, hashOf: (Int) -> Int?) -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        if let layout = _checkLayout() { return [layout] }
        check(count == expected, "_HashIndex: count \(count) for \(expected) items")
        check(count * 2 <= capacity, "_HashIndex: more than 1/2 full")
        var seen = Set<Int>()
        var stored = 0
        for bucket in 0..<capacity where _slot(bucket) >= 0 {
            stored += 1
            let value = Int(_slot(bucket)) & mask
            guard let hash = hashOf(value), seen.insert(value).inserted else {
                broken.append("_HashIndex: \(value) names no item, or is stored twice")
                continue
            }
            check(
                _slot(bucket) == _HashIndex.slot(position: value, hash: hash, mask: mask),
                "_HashIndex: \(value) is stored without its hash's tag")
            var probe = hash & mask
            while probe != bucket {
                check(_slot(probe) >= 0, "_HashIndex: \(value) is cut off from its home bucket by an empty slot")
                probe = (probe &+ 1) & mask
            }
        }
        check(stored == count, "_HashIndex: \(stored) slots in use, count says \(count)")
        return broken
    }
}

extension _HashIndex {
    /// The broken layout invariant, if any: the capacity (`mask + 1`) a power of two of at least 8, held
    /// either in one array of that many slots or in ``pieces`` of `1 << pieceShift` slots each (the
    /// shift ``pieceShift(capacity:)`` gives) that add up to it, never both.
    func _checkLayout() -> String? {
        guard capacity >= 8 && capacity & (capacity - 1) == 0 else {
            return "_HashIndex: capacity is a power of two of at least 8, and mask is capacity - 1"
        }
        if pieces.isEmpty {
            return slots.count == capacity && pieceShift == 0
                ? nil : "_HashIndex: one array of \(slots.count) slots for capacity \(capacity)"
        }
        guard slots.isEmpty, pieceShift == _HashIndex.pieceShift(capacity: capacity),
            pieces.count &<< pieceShift == capacity, pieces.allSatisfy({ $0.count == 1 &<< pieceShift })
        else {
            return "_HashIndex: \(pieces.count) pieces of 2^\(pieceShift) slots do not hold capacity \(capacity)"
        }
        return nil
    }
}

/// Takes the value that the reads ahead of a batch produced, so the optimizer keeps those reads: their
/// only purpose is to start a slot's cache miss before the slot is probed. Called once per batch.
@usableFromInline @inline(never) @_optimize(none)
func _keepReads(_ value: Int32) {}

/// What mutations of a hash index did: counted, so tests can bound the work of an O(1) or O(k) claim
/// (read through ``Snapshot/_work``).
@usableFromInline
struct _HashIndexWork: Sendable, Hashable {
    /// Times the table was rebuilt from stored hashes (growth included).
    @usableFromInline var rebuilds = 0
    /// Slots read by insertions, removals and renumbering (a full pass counts every slot).
    @usableFromInline var slotsVisited = 0
    /// Slots copied because a write found the array holding them shared with a copy of the table: the
    /// whole table when it is one array, the piece written when it is in pieces.
    @usableFromInline var slotsCopied = 0

    @usableFromInline
    init() {}
}

extension _HashIndex {
    /// Checks the table against the stored hashes of the positions it indexes and returns the broken
    /// invariants: a power-of-two capacity of at least 8 at most 1/2 full, `count` positions each stored
    /// once under its hash's tag, and every position reachable from its hash's home bucket without
    /// crossing an empty slot (so a lookup finds it, which also means removal left no run cut).
    ///
    /// - Complexity: O(capacity) plus the length of every probe run.
    func _checkInvariants(hashes: UnsafeBufferPointer<Int>) -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        if let layout = _checkLayout() { return [layout] }
        check(count == hashes.count, "_HashIndex: count \(count) for \(hashes.count) positions")
        check(count * 2 <= capacity, "_HashIndex: more than 1/2 full")
        var seen = [Bool](repeating: false, count: hashes.count)
        var stored = 0
        for bucket in 0..<capacity where _slot(bucket) >= 0 {
            stored += 1
            let position = Int(_slot(bucket)) & mask
            guard position < hashes.count && !seen[position] else {
                broken.append("_HashIndex: position \(position) is out of range or stored twice")
                continue
            }
            seen[position] = true
            check(
                _slot(bucket) == _HashIndex.slot(position: position, hash: hashes[position], mask: mask),
                "_HashIndex: position \(position) is stored without its hash's tag")
            var probe = hashes[position] & mask
            while probe != bucket {
                check(
                    _slot(probe) >= 0,
                    "_HashIndex: position \(position) is cut off from its home bucket by an empty slot")
                probe = (probe &+ 1) & mask
            }
        }
        check(stored == count, "_HashIndex: \(stored) slots in use, count says \(count)")
        return broken
    }
}
