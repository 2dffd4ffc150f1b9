/// A snapshot's hash index read in flat positions (an item's place among all items, section after
/// section), whatever the layout of its storage: the diff works in flat positions, and this lets it
/// use the index a snapshot kept in runs already has instead of indexing a flat copy anew.
///
/// In the flat layout the table's values are flat positions. In runs (see ``_ItemStorage``) a value is
/// `handle << chunkShift | slot`; the run's ordinal comes from `ordinalOfHandle`, its first flat
/// position from `runStarts` and the slot's offset in the run from the run's `offsetOfSlot` (empty
/// when every slot is its offset), so a value turns into a position in O(1).
@usableFromInline
struct _PositionIndex: Sendable {
    /// The table; its values are flat positions when `ordinalOfHandle` is empty.
    @usableFromInline var table: _HashIndex
    /// Handle to the ordinal of its run (-1 for a free handle); empty when values are positions.
    @usableFromInline var ordinalOfHandle: [Int32]
    /// The first flat position of each run, by ordinal.
    @usableFromInline var runStarts: [Int]
    /// Each run's slot-to-offset array, by ordinal (see ``_Chunk/offsetOfSlot``).
    @usableFromInline var offsetsOfSlots: [ContiguousArray<UInt16>]

    /// An index whose values are flat positions.
    @inlinable
    init(positions table: _HashIndex) {
        self.table = table
        ordinalOfHandle = []
        runStarts = []
        offsetsOfSlots = []
    }

    /// The index of a storage, whatever its layout. O(c) for *c* runs (their starts and order
    /// arrays, shared, not copied), O(1) when flat.
    @inlinable
    init<Item>(of storage: _ItemStorage<Item>) {
        table = storage.index
        ordinalOfHandle = storage.isFlat ? [] : storage.ordinalOfHandle
        runStarts = storage.isFlat ? [] : storage.chunkCounts.starts()
        offsetsOfSlots = storage.isFlat ? [] : storage.chunks.map(\.offsetOfSlot)
    }

    /// Whether the table's values are flat positions.
    @inlinable
    var isPositions: Bool { ordinalOfHandle.isEmpty }

    /// The flat position that a stored value names.
    @inlinable @inline(__always)
    func position(ofStored value: Int) -> Int {
        if isPositions { return value }
        let run = Int(ordinalOfHandle[value &>> _ItemStorage<Int>.chunkShift])
        let slot = value & (_ItemStorage<Int>.chunkCapacity - 1)
        let offsets = offsetsOfSlots[run]
        return runStarts[run] &+ (offsets.isEmpty ? slot : Int(offsets[slot]))
    }

    /// The flat position whose stored hash (`hashes[position]`) is `hash` and for which `matches`
    /// holds, if any.
    @inlinable
    func find(hash: Int, hashes: UnsafeBufferPointer<Int>, matches: (Int) -> Bool) -> Int? {
        if isPositions { return table.find(hash: hash, hashes: hashes, matches: matches) }
        return table.find(
            hash: hash,
            matching: { value in
                let position = position(ofStored: value)
                return hashes[position] == hash && matches(position)
            }
        ).map { position(ofStored: $0) }
    }

    /// A table over flat positions: this one, or one indexed anew from `hashes` (the hashes of every
    /// position, in order; nothing is hashed) when the values are not positions.
    @inlinable
    func positionTable(hashes: ContiguousArray<Int>) -> _HashIndex {
        if isPositions { return table }
        return hashes.withUnsafeBufferPointer { _HashIndex(hashes: $0) }
    }
}
