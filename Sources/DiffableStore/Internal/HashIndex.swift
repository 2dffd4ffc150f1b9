/// An open-addressing table from an item's stored hash to its flat position (linear probing, `Int32`
/// slots, `-1` empty). It stores positions, never copies of items, so it costs 4 bytes a slot.
///
/// The table never hashes an item: callers pass the hash they stored. Equality is decided by the
/// caller's closure, called only for slots whose stored hash matches.
@usableFromInline
struct _HashIndex: Sendable {
    @usableFromInline var slots: [Int32]
    @usableFromInline var mask: Int
    @usableFromInline var count: Int

    @inlinable
    init(minimumCapacity: Int) {
        let capacity = _HashIndex.capacity(for: minimumCapacity)
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        count = 0
    }

    /// A power of two that keeps the load at or under 3/4.
    @inlinable
    static func capacity(for count: Int) -> Int {
        var capacity = 8
        while capacity * 3 < count * 4 { capacity &<<= 1 }
        return capacity
    }

    @inlinable
    var needsGrowth: Bool { (count + 1) * 4 > slots.count * 3 }

    /// Builds a table over `hashes` (positions `0..<hashes.count`), which must be of distinct items.
    @inlinable
    init<C: RandomAccessCollection>(hashes: C) where C.Element == Int, C.Index == Int {
        self.init(minimumCapacity: hashes.count)
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = self.mask
            for position in hashes.indices {
                var bucket = hashes[position] & mask
                while slots[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
                slots[bucket] = Int32(truncatingIfNeeded: position)
            }
        }
        count = hashes.count
    }

    /// The position whose stored hash is `hash` and for which `matches` holds, if any.
    @inlinable
    func find(hash: Int, hashes: UnsafeBufferPointer<Int>, matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var bucket = hash & mask
            while true {
                let position = Int(slots[bucket])
                if position < 0 { return nil }
                if hashes[position] == hash && matches(position) { return position }
                bucket = (bucket &+ 1) & mask
            }
        }
    }

    /// Records `position` under `hash`; the caller has checked that the item is absent.
    @inlinable
    mutating func insert(hash: Int, position: Int) {
        let mask = self.mask
        slots.withUnsafeMutableBufferPointer { slots in
            var bucket = hash & mask
            while slots[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
            slots[bucket] = Int32(truncatingIfNeeded: position)
        }
        count += 1
    }

    /// Removes every slot whose position is `start` or later. Those entries were inserted after all
    /// others, so no other entry's probe run passes through them and the table is exactly as before.
    @inlinable
    mutating func removePositions(from start: Int) {
        var removed = 0
        slots.withUnsafeMutableBufferPointer { slots in
            for bucket in slots.indices where Int(slots[bucket]) >= start {
                slots[bucket] = -1
                removed += 1
            }
        }
        count -= removed
    }

    /// Applies `transform` to every stored position (used when items shift; no hashing).
    @inlinable
    mutating func remapPositions(_ transform: (Int) -> Int) {
        slots.withUnsafeMutableBufferPointer { slots in
            for bucket in slots.indices where slots[bucket] >= 0 {
                slots[bucket] = Int32(truncatingIfNeeded: transform(Int(slots[bucket])))
            }
        }
    }
}
