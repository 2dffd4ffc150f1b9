import SeededRandom
import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

// Items appended unchecked are found through an index that the first lookup builds and later lookups
// extend (`_PendingIndex`), so lookups stay expected O(1) whatever was appended since the last check.

@Suite("Lookups of items appended unchecked")
struct PendingIndexTests {
    @Test("a contains-before-append loop hashes each item a bounded number of times")
    func containsBeforeAppendIsLinear() throws {
        let counter = Counter()
        var snapshot = Snapshot<Int, Measured>()
        try snapshot.appendSections([0])
        let count = 100_000
        var appended = 0
        for step in 0..<count {
            // Every tenth item is one appended before (the loop skips it), as a list deduplicating a feed does.
            let value = step % 10 == 9 ? step / 2 : step
            let item = Measured(value: value, counter: counter)
            if !snapshot.contains(item) {
                try snapshot.appendItems([item])
                appended += 1
            }
            // Each step: the probe's hash, the appended item's hash (when a lookup reaches it), a few `==`.
            let work = counter.hashes + counter.equalities
            if work > 4 * (step + 1) + 16 {
                Issue.record("step \(step): \(counter.hashes) hashes and \(counter.equalities) == so far")
                return
            }
        }
        #expect(snapshot.numberOfItems == appended && snapshot._uncheckedItemCount == appended)
        // Every item appended was hashed once, by the lookup after it, but the last (no lookup followed).
        #expect(snapshot._work.itemsHashed == appended - 1)
        // The check reuses the hashes the lookups computed: it hashes the last item alone.
        let hashes = counter.hashes
        try snapshot.checkAppendedItems()
        #expect(counter.hashes == hashes + 1 && snapshot._uncheckedItemCount == 0)
        #expect(snapshot._work.itemsHashed == appended)
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("lookups find items appended after the last lookup, in copies that append apart")
    func copiesAppendApart() throws {
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections([0, 1])
        try snapshot.appendItems(Array(0..<100), toSection: 0)
        #expect(snapshot.indexOfItem(50) == 50)
        var left = snapshot
        var right = snapshot
        try left.appendItems(Array(100..<200), toSection: 1)
        try right.appendItems(Array(1_000..<1_100), toSection: 1)
        #expect(left.indexOfItem(150) == 150 && left.indexOfItem(1_050) == nil)
        #expect(right.indexOfItem(1_050) == 150 && right.indexOfItem(150) == nil)
        #expect(snapshot.indexOfItem(150) == nil && snapshot.indexOfItem(1_050) == nil)
        #expect(left.indexPath(of: 199) == ListIndexPath(item: 99, section: 1))
        #expect(right.sectionIdentifier(containingItem: 1_000) == 1)
        for copy in [snapshot, left, right] { #expect(copy._checkInvariants().isEmpty) }
        // Checked and edited, each keeps its own items.
        try left.checkAppendedItems()
        try right.deleteItems([1_000])
        #expect(left.indexOfItem(150) == 150 && right.indexOfItem(1_001) == 100)
        #expect(left._checkInvariants().isEmpty && right._checkInvariants().isEmpty)
    }

    @Test("lookups from several tasks at once on one shared snapshot agree")
    func concurrentLookups() async throws {
        var built = Snapshot<Int, Int>()
        try built.appendSections([0, 1, 2, 3])
        for section in 0..<4 {
            try built.appendItems(Array((section * 5_000)..<((section + 1) * 5_000)), toSection: section)
        }
        let snapshot = built
        #expect(snapshot._uncheckedItemCount == 20_000)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: 900 + UInt64(task))
                    var mismatches = 0
                    for _ in 0..<5_000 {
                        let value = Int.random(in: -100..<20_100, using: &generator)
                        let expected =
                            (0..<20_000).contains(value)
                            ? ListIndexPath(item: value % 5_000, section: value / 5_000) : nil
                        if snapshot.indexPath(of: value) != expected { mismatches += 1 }
                        if snapshot.contains(value) != (expected != nil) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("a duplicate appended: lookups find the first, the diff inserts the later, edits and checks throw")
    func duplicateAppended() throws {
        var snapshot = Snapshot<String, Int>()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems([1, 2, 3], toSection: "a")
        try snapshot.appendItems([4, 2], toSection: "b")
        // Lookups cannot throw: they answer with the first item equal to the one asked for.
        #expect(snapshot.indexOfItem(2) == 1 && snapshot.contains(2))
        #expect(snapshot.indexPath(of: 2) == ListIndexPath(item: 1, section: 0))
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "a")
        #expect(snapshot._checkInvariants().isEmpty)
        let duplicate = SnapshotError(.duplicateItem, identifier: 2)._inSection("b")
        // The diff reports the later one as inserted; its replay refuses it.
        var old = Snapshot<String, Int>()
        try old.appendSections(["a", "b"])
        try old.appendItems([1, 2, 3], toSection: "a")
        try old.checkAppendedItems()
        let changeset = Changeset(from: old, to: snapshot)
        #expect(changeset.summary.insertedItems == 2)
        #expect(throws: BatchUpdateError.self) { try old.applying(changeset) }
        // The check and every edit by identifier throw, naming the item and its section; nothing changes.
        let before = snapshot
        #expect(throws: duplicate) { try snapshot.checkAppendedItems() }
        #expect(throws: duplicate) { try snapshot.deleteItems([4]) }
        #expect(throws: duplicate) { try snapshot.reconfigureItems([1]) }
        #expect(throws: duplicate) { try snapshot.insertItems([9], afterItem: 1) }
        #expect(snapshot == before && snapshot._uncheckedItemCount == 5 && snapshot._checkInvariants().isEmpty)
    }
}
