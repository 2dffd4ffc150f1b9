import SeededRandom
import Testing

@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

/// Stable slots in runs (``_Chunk/slotOfOffset``, ``_Chunk/offsetOfSlot``): an edit inside a run moves
/// the run's small order arrays, and the hash index keeps every other item's value.
extension SnapshotStorageTests {
    /// One section of 2,048 items (0, 1, 2, ...) in runs of 384 (and 128 at the end), indexed in a
    /// sparse table (about 3% full), so one index operation costs about one slot read.
    func runs() throws -> Snapshot<Int, Int> {
        var snapshot = Snapshot<Int, Int>()
        snapshot.reserveCapacity(32_768)
        try snapshot.appendSections([0])
        try snapshot.appendItems(Array(0..<2_048))
        try snapshot.deleteItems([2_047])  // into runs of three quarters of 512
        try snapshot.insertItems([2_047], afterItem: 2_046)
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 384, 384, 384, 384, 128])
        #expect(snapshot._storage.chunks.allSatisfy { $0.slotOfOffset.isEmpty && $0.offsetOfSlot.isEmpty })
        return snapshot
    }

    @Test("a delete then an insert at the front of a run renumber no index slot of the items after it")
    func frontEditsRenumberNothing() throws {
        var snapshot = try runs()
        snapshot._resetWork()
        // The first item of the second run: its 383 followers keep their index values.
        try snapshot.deleteItems([384])
        var work = snapshot._work
        #expect(work.indexSlotsVisited < 16 && work.indexRebuilds == 0, "\(work)")
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 383, 384, 384, 384, 128])
        snapshot._resetWork()
        // Back at the front of that run, before item 385.
        try snapshot.insertItems([-1], beforeItem: 385)
        work = snapshot._work
        #expect(work.indexSlotsVisited < 16 && work.indexRebuilds == 0, "\(work)")
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 384, 384, 384, 384, 128])
        // The new item took the freed slot; every item is found where it is.
        #expect(snapshot._storage.chunks[1].offsetOfSlot.count == 384)
        #expect(snapshot.indexOfItem(-1) == 384 && snapshot.indexOfItem(385) == 385 && snapshot.indexOfItem(384) == nil)
        #expect(snapshot.itemIdentifiers == Array(0..<384) + [-1] + Array(385..<2_048))
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("inserts into a run made from a flat snapshot take a quarter of a run before it splits")
    func runsStartWithRoom() throws {
        var snapshot = try runs()
        snapshot._resetWork()
        for step in 0..<128 { try snapshot.insertItems([-1 - step], afterItem: 400) }
        let work = snapshot._work
        // 128 inserts at one place, each a probe or so for its own slot: no split, nothing renumbered.
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 512, 384, 384, 384, 128])
        #expect(work.indexSlotsVisited < 128 * 4 && work.indexRebuilds == 0, "\(work)")
        try snapshot.insertItems([-1_000], afterItem: 400)
        #expect(snapshot._storage.chunks.count == 7 && snapshot._checkInvariants().isEmpty)
    }

    @Test("a move inside a run renumbers no index slot, and the diff reads the moved slots right")
    func moveInsideRunRenumbersNothing() throws {
        let original = try runs()
        var snapshot = original
        snapshot._resetWork()
        try snapshot.moveItem(1_100, beforeItem: 800)  // both in the third run (768..<1152)
        let work = snapshot._work
        #expect(work.indexSlotsVisited < 16 && work.indexRebuilds == 0, "\(work)")
        var expected = Array(0..<2_048)
        expected.remove(at: 1_100)
        expected.insert(1_100, at: 800)
        #expect(snapshot.itemIdentifiers == expected && snapshot.indexOfItem(801) == 802)
        // The full diff finds positions through the runs' order arrays: one move, nothing else.
        let changeset = Changeset._fullDiff(from: original, to: snapshot)
        let flat = Changeset._fullDiff(from: try flatCopy(original), to: try flatCopy(snapshot))
        #expect(changeset.summary == flat.summary)
        #expect(try original.applying(changeset) == snapshot)
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("the storage invariants catch an order array that does not lead back, and a slot used twice")
    func invariantsCatchBrokenSlots() throws {
        var snapshot = try runs()
        try snapshot.deleteItems([600])  // the second run's order arrays are made
        #expect(snapshot._checkInvariants().isEmpty)
        #expect(!snapshot._storage.chunks[1].slotOfOffset.isEmpty)

        var swapped = snapshot
        swapped._storage.chunks[1].slotOfOffset.swapAt(3, 4)
        #expect(swapped._checkInvariants().contains { $0.contains("does not lead back") })

        var leaked = snapshot
        // The freed slot marked in use: more slots in use than items.
        let free = leaked._storage.chunks[1].offsetOfSlot.firstIndex(of: _Chunk<Int>.freeSlot)!
        leaked._storage.chunks[1].offsetOfSlot[free] = 0
        #expect(leaked._checkInvariants().contains { $0.contains("slots in use") })

        var stale = snapshot
        // An index value that names the wrong item: the index check reads through the order arrays.
        stale._storage.chunks[1].offsetOfSlot.swapAt(10, 11)
        stale._storage.chunks[1].slotOfOffset.swapAt(10, 11)
        #expect(!stale._checkInvariants().isEmpty)
    }
}
