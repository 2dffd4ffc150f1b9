import Foundation
import SeededRandom
import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

@Suite("Snapshot")
struct SnapshotTests {
    func sample() throws -> Snapshot<String, Int> {
        var snapshot = Snapshot<String, Int>()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems([1, 2, 3], toSection: "a")
        try snapshot.appendItems([4, 5])
        return snapshot
    }

    @Test("reading sections, items, counts and index paths")
    func reading() throws {
        let snapshot = try sample()
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.sectionIdentifiers == ["a", "b"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "z") == nil)
        #expect(snapshot.numberOfItems(inSection: "a") == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.indexOfItem(4) == 3)
        #expect(snapshot.indexOfSection("b") == 1)
        #expect(snapshot.indexPath(of: 5) == ListIndexPath(item: 1, section: 1))
        #expect(snapshot.itemIdentifier(at: ListIndexPath(item: 2, section: 0)) == 3)
        #expect(snapshot.itemIdentifier(at: ListIndexPath(item: 3, section: 0)) == nil)
        #expect(snapshot.itemIdentifier(at: ListIndexPath(item: 0, section: -1)) == nil)
    }

    @Test("empty sections between full ones keep index paths right")
    func emptySections() throws {
        var snapshot = Snapshot<String, Int>()
        try snapshot.appendSections(["a", "b", "c", "d"])
        try snapshot.appendItems([1], toSection: "a")
        try snapshot.appendItems([2, 3], toSection: "d")
        #expect(snapshot.indexPath(of: 2) == ListIndexPath(item: 0, section: 3))
        #expect(snapshot.indexPath(of: 1) == ListIndexPath(item: 0, section: 0))
        try snapshot.appendItems([9], toSection: "b")
        #expect(snapshot.itemIdentifiers == [1, 9, 2, 3])
        #expect(snapshot.indexPath(of: 3) == ListIndexPath(item: 1, section: 3))
        #expect(snapshot.indexPath(of: 9) == ListIndexPath(item: 0, section: 1))
    }

    @Test("inserting, moving and deleting sections carries their items")
    func sectionMutations() throws {
        var snapshot = try sample()
        try snapshot.insertSections(["x"], beforeSection: "a")
        try snapshot.insertSections(["y"], afterSection: "a")
        #expect(snapshot.sectionIdentifiers == ["x", "a", "y", "b"])
        try snapshot.appendItems([7], toSection: "y")
        try snapshot.moveSection("b", beforeSection: "x")
        #expect(snapshot.sectionIdentifiers == ["b", "x", "a", "y"])
        #expect(snapshot.itemIdentifiers == [4, 5, 1, 2, 3, 7])
        try snapshot.moveSection("b", afterSection: "y")
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 7, 4, 5])
        try snapshot.deleteSections(["a", "x"])
        #expect(snapshot.sectionIdentifiers == ["y", "b"])
        #expect(snapshot.itemIdentifiers == [7, 4, 5])
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.indexPath(of: 5) == ListIndexPath(item: 1, section: 1))
    }

    @Test("inserting, moving and deleting items keeps lookups right")
    func itemMutations() throws {
        var snapshot = try sample()
        try snapshot.insertItems([10, 11], beforeItem: 2)
        try snapshot.insertItems([12], afterItem: 5)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 10, 11, 2, 3])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5, 12])
        try snapshot.moveItem(1, afterItem: 12)
        try snapshot.moveItem(5, beforeItem: 10)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [5, 10, 11, 2, 3])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 12, 1])
        try snapshot.deleteItems([10, 4])
        #expect(snapshot.itemIdentifiers == [5, 11, 2, 3, 12, 1])
        for (position, item) in snapshot.itemIdentifiers.enumerated() {
            #expect(snapshot.indexOfItem(item) == position)
        }
        #expect(snapshot.indexPath(of: 1) == ListIndexPath(item: 1, section: 1))
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    }

    @Test("reload and reconfigure marks are kept until cleared and dropped with their items")
    func marks() throws {
        var snapshot = try sample()
        try snapshot.reloadItems([1])
        try snapshot.reconfigureItems([2, 4])
        try snapshot.reloadSections(["b"])
        #expect(snapshot.reloadedItemIdentifiers == [1])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
        #expect(snapshot.reloadedSectionIdentifiers == ["b"])
        try snapshot.deleteItems([4])
        #expect(snapshot.reconfiguredItemIdentifiers == [2])
        try snapshot.deleteSections(["b"])
        #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
        snapshot.clearReloadMarks()
        #expect(snapshot.reloadedItemIdentifiers.isEmpty && snapshot.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test("a large build keeps every item findable")
    func largeBuild() throws {
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections(Array(0..<10))
        for section in 0..<10 {
            try snapshot.appendItems(Array(section * 1000..<(section + 1) * 1000), toSection: section)
        }
        for item in stride(from: 0, to: 10_000, by: 7) {
            #expect(snapshot.indexPath(of: item) == ListIndexPath(item: item % 1000, section: item / 1000))
        }
    }

    @Test("Double.nan is not equal to itself: stored twice, never found, and snapshots holding it are unequal")
    func notEqualToItself() throws {
        var snapshot = Snapshot<Int, Double>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([1, .nan])
        try snapshot.appendItems([.nan])  // `==` says it is not the NaN already there
        try snapshot.appendItems([.nan, .nan])
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.indexOfItem(.nan) == nil && !snapshot.contains(.nan) && snapshot.indexPath(of: .nan) == nil)
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(throws: SnapshotError(.itemNotFound, identifier: Double.nan)) { try snapshot.deleteItems([.nan]) }
        #expect(throws: SnapshotError(.itemNotFound, identifier: Double.nan)) { try snapshot.reloadItems([.nan]) }
        try snapshot.insertItems([.nan], afterItem: 1)
        #expect(snapshot.numberOfItems == 6)
        var other = Snapshot<Int, Double>()
        try other.appendSections([0])
        try other.appendItems([1, .nan, .nan, .nan, .nan, .nan])
        #expect(snapshot != other)
        let copy = snapshot
        #expect(copy == snapshot)  // shared storage, as with Array's ==
        // -0.0 == 0.0 although their bits differ: one identifier.
        #expect(throws: SnapshotError(.duplicateItem, identifier: -0.0)) { try snapshot.appendItems([0.0, -0.0]) }
        try snapshot.appendItems([0.0])
        #expect(snapshot.indexOfItem(-0.0) == 6)
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("different types are one identifier exactly when AnyHashable says they are equal")
    func anyHashableEquality() throws {
        let values: [AnyHashable] = [
            AnyHashable(1), AnyHashable(Int8(1)), AnyHashable(UInt64(1)), AnyHashable(1.0), AnyHashable(Float(1)),
            AnyHashable("1"), AnyHashable(true), AnyHashable(Plain(value: 1)), AnyHashable(Colliding(value: 1)),
            AnyHashable(Colliding(value: 2)), AnyHashable(Double.nan), AnyHashable(0), AnyHashable(-0.0),
        ]
        // What AnyHashable says, checked here so that the test states it: integers and floats of
        // the same value are equal across types, a string or a Bool is not.
        #expect(AnyHashable(1) == AnyHashable(Int8(1)) && AnyHashable(1) == AnyHashable(1.0))
        #expect(AnyHashable(1) != AnyHashable("1") && AnyHashable(1) != AnyHashable(true))
        for first in values {
            for second in values {
                var snapshot = Snapshot<Int, AnyHashable>()
                try snapshot.appendSections([0])
                try snapshot.appendItems([first])
                let before = snapshot
                if first == second {
                    #expect(throws: SnapshotError(.duplicateItem, identifier: second)) {
                        try snapshot.appendItems([second])
                    }
                    #expect(snapshot == before)
                    #expect(snapshot.indexOfItem(second) == 0, "\(first) == \(second)")
                } else {
                    try snapshot.appendItems([second])
                    #expect(snapshot.numberOfItems == 2)
                    #expect(snapshot.indexOfItem(second) == (second == second ? 1 : nil), "\(first) != \(second)")
                }
            }
        }
    }

    @Test("items whose hashes all collide are told apart by ==, mixed with other types")
    func collidingHashes() throws {
        #expect(Set((0..<100).map { Colliding(value: $0).hashValue }).count == 1)
        var generator = SeededGenerator(seed: 11)
        let items =
            ((0..<150).map { AnyHashable(Colliding(value: $0)) } + (0..<150).map { AnyHashable($0) }
            + (0..<50).map { AnyHashable("\($0)") }).shuffled(using: &generator)
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0, 1])
        try snapshot.appendItems(Array(items[..<200]), toSection: 0)
        try snapshot.appendItems(Array(items[200...]), toSection: 1)
        for (position, item) in items.enumerated() { #expect(snapshot.indexOfItem(item) == position) }
        #expect(snapshot.indexOfItem(AnyHashable(Colliding(value: 999))) == nil)
        // Appends are checked when indexed; a copy being edited (it remembers its edits) checks them at
        // the call, as every edit.
        var colliding = snapshot
        #expect(throws: SnapshotError(.duplicateItem, identifier: Colliding(value: 7))) {
            try colliding.appendItems([AnyHashable(Colliding(value: 200)), AnyHashable(Colliding(value: 7))])
        }
        var erased = snapshot
        #expect(throws: SnapshotError(.duplicateItem, identifier: Int8(7))) {
            try erased.appendItems([AnyHashable(Int8(7))])
        }
        try snapshot.deleteItems(stride(from: 0, to: 150, by: 2).map { AnyHashable(Colliding(value: $0)) })
        try snapshot.moveItem(AnyHashable(Colliding(value: 1)), afterItem: AnyHashable("3"))
        let expected = items.filter {
            !(($0.base as? Colliding).map { $0.value % 2 == 0 } ?? false) && $0 != AnyHashable(Colliding(value: 1))
        }
        #expect(snapshot.numberOfItems == expected.count + 1)
        for item in snapshot.itemIdentifiers { #expect(snapshot.itemIdentifiers[snapshot.indexOfItem(item)!] == item) }
        // The diff between two shuffles of colliding items.
        var shuffled = snapshot.itemIdentifiers
        shuffled.shuffle(using: &generator)
        var new = Snapshot<Int, AnyHashable>()
        try new.appendSections([1, 0])
        try new.appendItems(Array(shuffled[..<100]), toSection: 1)
        try new.appendItems(Array(shuffled[100...]) + [AnyHashable(Colliding(value: 500))], toSection: 0)
        let changeset = Changeset(from: snapshot, to: new)
        #expect(changeset.summary.insertedItems == 1 && changeset.summary.deletedItems == 0)
        #expect(try snapshot.applying(changeset) == new)
        #expect(snapshot._checkInvariants().isEmpty && new._checkInvariants().isEmpty)
    }

    @Test(
        "random sequences of every mutation, valid and not, agree with a plain array model after each call",
        arguments: 0..<8)
    func modelBased(batch: Int) throws {
        var thrown = Set<SnapshotError.Rule>()
        // 40 seeds per batch in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for seed in UInt64(batch * 40)..<UInt64(batch * 40 + SeededRuns.length(40)) {
            var generator = SeededGenerator(seed: seed)
            var snapshot = Snapshot<Int, Int>()
            var model = SnapshotModel()
            for step in 0..<60 {
                let mutation = SnapshotMutation.random(using: &generator)
                let before = snapshot
                let expected = mutation.perform(on: &model)
                let context = "seed \(seed), step \(step): \(mutation)"
                do {
                    try mutation.perform(on: &snapshot)
                    if let expected { Issue.record("\(context): expected \(expected)") }
                } catch {
                    thrown.insert(error.rule)
                    #expect(error == expected, "\(context)")
                    // A failed call leaves the snapshot as it was, marks included.
                    #expect(
                        snapshot == before && snapshot.reloadedItemIdentifiers == before.reloadedItemIdentifiers
                            && snapshot.reconfiguredItemIdentifiers == before.reconfiguredItemIdentifiers
                            && snapshot.reloadedSectionIdentifiers == before.reloadedSectionIdentifiers, "\(context)")
                }
                let broken = snapshot._checkInvariants()
                if !broken.isEmpty {
                    Issue.record("\(context): \(broken.joined(separator: "; "))")
                    return
                }
                let problems = disagreements(snapshot, model)
                if !problems.isEmpty {
                    Issue.record("\(context): \(problems.joined(separator: "; "))")
                    return
                }
            }
            // The mutated snapshot equals one built straight from the model.
            var fresh = Snapshot<Int, Int>()
            try fresh.appendSections(model.sections)
            for (section, items) in zip(model.sections, model.items) {
                try fresh.appendItems(items, toSection: section)
            }
            #expect(snapshot == fresh && Changeset(from: snapshot, to: fresh).isEmpty, "seed \(seed)")
        }
        // Every rule is exercised by the sequences of each batch.
        #expect(
            // A shortened run may meet fewer (the full run, in the plain `swift test`, checks them all).
            thrown == Set(SnapshotError.Rule.allCases) || SeededRuns.isShortened(),
            "not thrown: \(Set(SnapshotError.Rule.allCases).subtracting(thrown))")
    }

    /// 10,000 sections of one item each; the index has room for more, so no test below grows it.
    func manySections() throws -> Snapshot<Int, Int> {
        var snapshot = Snapshot<Int, Int>()
        for section in 0..<10_000 {
            try snapshot.appendSections([section])
            try snapshot.appendItems([section], toSection: section)
        }
        // Indexed, as the data source's apply (or the first edit by identifier) indexes appended items.
        try snapshot._indexAppendedItems()
        snapshot._resetWork()
        return snapshot
    }

    @Test("an append into the last of 10,000 sections touches O(k) index slots and one section node")
    func appendIntoLastSectionIsOrderK() throws {
        var snapshot = try manySections()
        try snapshot.appendItems(Array(100_000..<100_010), toSection: 9_999)
        let work = snapshot._work
        #expect(work.indexRebuilds == 0)
        #expect(work.sectionNodesVisited == 1, "\(work)")
        // Ten insertions at load under 1/2: a few slots each (a pass over the table would be 32,768).
        #expect(work.indexSlotsVisited <= 400, "\(work)")
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("appending into each of 10,000 empty sections in turn updates O(log s) section nodes per call")
    func appendIntoEarlierSectionIsLogS() throws {
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections(Array(0..<10_000))
        snapshot._resetWork()
        try snapshot.appendItems([7], toSection: 0)
        // One Fenwick update: at most ⌈log2(10,000)⌉ + 1 nodes, not the 9,999 starts after section 0.
        #expect(snapshot._work.sectionNodesVisited <= 15, "\(snapshot._work)")
        for section in 1..<10_000 { try snapshot.appendItems([section * 10], toSection: section) }
        #expect(snapshot._work.sectionNodesVisited <= 15 * 10_000, "\(snapshot._work)")
        #expect(snapshot.indexPath(of: 99_990) == ListIndexPath(item: 0, section: 9_999))
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("a single delete or move updates the index in place: no rebuild, only the slots of the items that shift")
    func deleteAndMoveUpdateIndexInPlace() throws {
        var snapshot = try manySections()
        try snapshot.deleteItems([9_990])  // nine items after it shift down
        #expect(snapshot._work.indexRebuilds == 0)
        // The first edit puts the flat snapshot into runs: one pass over the table renumbers every
        // value in place (nothing probed or rebuilt); then the delete itself.
        #expect(
            snapshot._work.indexSlotsVisited <= snapshot._storage.index.capacity + 400, "\(snapshot._work)")
        #expect(snapshot._work.sectionNodesVisited <= 15, "\(snapshot._work)")
        snapshot._resetWork()
        try snapshot.moveItem(9_980, afterItem: 9_985)  // six positions renumbered
        #expect(snapshot._work.indexRebuilds == 0)
        #expect(snapshot._work.indexSlotsVisited <= 400, "\(snapshot._work)")
        #expect(snapshot._work.sectionNodesVisited <= 30, "\(snapshot._work)")
        #expect(snapshot.indexPath(of: 9_980) == ListIndexPath(item: 1, section: 9_985))
        snapshot._resetWork()
        try snapshot.deleteItems([5])  // the middle: renumbering may pass over the table once, never rebuild it
        #expect(snapshot._work.indexRebuilds == 0)
        #expect(snapshot._checkInvariants().isEmpty)
        #expect(snapshot.indexOfItem(9_999) == 9_997)
    }

    @Test("an insert that fails as a duplicate restores the index by removing only its own slots")
    func failedInsertIsOrderK() throws {
        var snapshot = try manySections()
        // Appended unchecked; indexing them finds the duplicate and leaves them unchecked, as they were.
        try snapshot.appendItems([100_000, 100_001, 3], toSection: 9_999)
        #expect(throws: SnapshotError(.duplicateItem, identifier: 3)._inSection(9_999)) {
            try snapshot._indexAppendedItems()
        }
        #expect(snapshot._work.indexRebuilds == 0)
        #expect(snapshot._work.indexSlotsVisited <= 400, "\(snapshot._work)")
        #expect(snapshot._checkInvariants().isEmpty && snapshot.numberOfItems == 10_003)
        #expect(snapshot._uncheckedItemCount == 3)
    }

    @Test("a large batch reports its first duplicate in call order, and a failed one leaves the snapshot as it was")
    func largeBatchDuplicates() throws {
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections([0, 1])
        try snapshot.appendItems(Array(0..<10_000), toSection: 0)
        let before = snapshot
        // 700 repeats a new item of the batch (20,000); 900 repeats an old one (5): 700 comes first.
        var batch = Array(20_000..<21_000)
        batch[700] = 20_000
        batch[900] = 5
        #expect(throws: SnapshotError(.duplicateItem, identifier: 20_000)) {
            try snapshot.appendItems(batch, toSection: 1)
        }
        batch[700] = 20_700
        #expect(throws: SnapshotError(.duplicateItem, identifier: 5)) { try snapshot.appendItems(batch, toSection: 0) }
        #expect(snapshot == before && snapshot._checkInvariants().isEmpty)
        #expect(snapshot.indexOfItem(20_000) == nil && snapshot.indexOfItem(9_999) == 9_999)
        batch[900] = 20_900
        try snapshot.appendItems(batch, toSection: 0)
        #expect(snapshot._checkInvariants().isEmpty)
        for item in stride(from: 0, to: 10_000, by: 37) { #expect(snapshot.indexOfItem(item) == item) }
        for (offset, item) in batch.enumerated() { #expect(snapshot.indexOfItem(item) == 10_000 + offset) }
    }

    @Test("reserving capacity first: a build in 100 appends grows nothing more, and makes the same snapshot")
    func reservedBuild() throws {
        let counter = Counter()
        func items(_ section: Int) -> [Measured] {
            (section * 100..<section * 100 + 100).map { Measured(value: $0, counter: counter) }
        }
        var grown = Snapshot<Int, Measured>()
        var reserved = Snapshot<Int, Measured>()
        reserved.reserveCapacity(10_000)
        #expect(reserved._work.indexRebuilds == 1)  // the empty table, made at its final size
        #expect(reserved._index.slots.count == _HashIndex.capacity(for: 10_000))
        let itemCapacity = reserved._items.capacity
        let hashCapacity = reserved._hashes.capacity
        #expect(itemCapacity >= 10_000 && hashCapacity >= 10_000)
        reserved._resetWork()
        try grown.appendSections(Array(0..<100))
        try reserved.appendSections(Array(0..<100))
        for section in 0..<100 {
            try grown.appendItems(items(section), toSection: section)
            try reserved.appendItems(items(section), toSection: section)
        }
        // Appends hash nothing; indexing them grows the grown snapshot's index once, the reserved one's never.
        #expect(counter.hashes == 0)
        try grown._indexAppendedItems()
        try reserved._indexAppendedItems()
        #expect(grown._work.indexRebuilds == 1 && reserved._work.indexRebuilds == 0)
        #expect(reserved._items.capacity == itemCapacity && reserved._hashes.capacity == hashCapacity)
        #expect(counter.hashes == 20_000)  // each item hashed once, in either snapshot
        #expect(reserved == grown)
        // Reserving what is held, or less, does nothing; reserving more indexes the items again from
        // their stored hashes, hashing nothing.
        reserved._resetWork()
        reserved.reserveCapacity(5_000)
        reserved.reserveCapacity(10_000)
        #expect(reserved._work.indexRebuilds == 0 && reserved._index.slots.count == _HashIndex.capacity(for: 10_000))
        // Exactly what is asked for, not the fourfold growth of appends (131,072 slots here).
        reserved.reserveCapacity(20_000)
        #expect(reserved._work.indexRebuilds == 1 && reserved._index.slots.count == _HashIndex.capacity(for: 20_000))
        #expect(counter.hashes == 20_000 && reserved == grown)
        #expect(reserved._checkInvariants().isEmpty)  // (it hashes every item to check the stored hashes)
        // A duplicate is refused when the appends are checked, naming it, with the snapshot left as it was.
        try reserved.appendItems([Measured(value: 10_000, counter: counter), Measured(value: 42, counter: counter)])
        let before = reserved
        #expect(throws: SnapshotError(.duplicateItem, identifier: Measured(value: 42, counter: counter))._inSection(99))
        {
            try reserved._indexAppendedItems()
        }
        #expect(reserved == before && reserved._uncheckedItemCount == 2 && reserved._checkInvariants().isEmpty)
        // The example in the documentation.
        var snapshot = Snapshot<Int, Int>()
        snapshot.reserveCapacity(300)
        try snapshot.appendSections([0, 1, 2])
        for section in 0..<3 {
            try snapshot.appendItems(Array((section * 100)..<(section * 100 + 100)), toSection: section)
        }
        #expect(snapshot.numberOfItems == 300 && snapshot._work.indexRebuilds == 1)
    }

    @Test("an index sized for 2³¹ items is made; one more item stops the program instead of storing a wrong position")
    func positionLimit() async {
        // Every table size goes through `capacity(for:)`; 2³¹ items need 2³² slots at 1/2 load.
        #expect(_HashIndex.capacity(for: _HashIndex.maximumCount) == 1 << 32)
        #expect(_HashIndex.slot(position: _HashIndex.maximumCount - 1, hash: 0, mask: (1 << 32) - 1) == Int32.max)
        await #expect(processExitsWith: .failure) {
            _ = _HashIndex.capacity(for: _HashIndex.maximumCount + 1)
        }
    }

    @Test("ListIndexPath reads naturally and converts to IndexPath")
    func indexPath() {
        let path = ListIndexPath(item: 3, section: 1)
        #expect(path.description == "1.3")
        #expect(path.indexPath == IndexPath(indexes: [1, 3]))
        #expect(ListIndexPath(IndexPath(indexes: [1, 3])) == path)
        #expect(ListIndexPath(IndexPath(indexes: [1])) == nil)
        #expect(ListIndexPath(item: 9, section: 0) < path)
    }

    @Test("replacing a section keeps its position, items and reload mark under the new identifier")
    func replaceSection() throws {
        var snapshot = try sample()
        try snapshot.reloadSections(["a"])
        try snapshot.replaceSection("a", with: "z")
        #expect(snapshot.sectionIdentifiers == ["z", "b"])
        #expect(snapshot.itemIdentifiers(inSection: "z") == [1, 2, 3])
        #expect(snapshot.indexOfSection("a") == nil)
        #expect(snapshot.indexOfSection("z") == 0)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "z")
        #expect(snapshot._reloadedSections == ["z"])
        #expect(snapshot._checkInvariants().isEmpty)
        // The diff from the renamed snapshot sees the section as it is.
        var target = try sample()
        try target.replaceSection("a", with: "z")
        try target.appendItems([6], toSection: "z")
        #expect(Changeset(from: snapshot.withoutMarks, to: target).stages.map(\.batch.description) == ["insert 0.3"])
        try snapshot.replaceSection("b", with: "b")
        #expect(snapshot.sectionIdentifiers == ["z", "b"])
    }
}

@Suite("SnapshotError")
struct SnapshotErrorTests {
    func sample() throws -> Snapshot<String, Int> {
        var snapshot = Snapshot<String, Int>()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems([1, 2, 3], toSection: "a")
        try snapshot.appendItems([4, 5])
        try snapshot.reloadItems([2])
        return snapshot
    }

    /// Runs a mutation that must fail with `rule` naming `identifier`, and checks nothing changed.
    func expectRejected(
        _ rule: SnapshotError.Rule, naming identifier: String?,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ mutation: (inout Snapshot<String, Int>) throws -> Void
    ) throws {
        let before = try sample()
        var snapshot = before
        do {
            try mutation(&snapshot)
            Issue.record("expected \(rule) to be thrown", sourceLocation: sourceLocation)
        } catch let error as SnapshotError {
            #expect(error.rule == rule, sourceLocation: sourceLocation)
            #expect(error.identifier == identifier, sourceLocation: sourceLocation)
            if let identifier { #expect(error.description.contains(identifier), sourceLocation: sourceLocation) }
        } catch {
            Issue.record("expected SnapshotError, got \(error)", sourceLocation: sourceLocation)
        }
        #expect(snapshot == before, sourceLocation: sourceLocation)
        #expect(snapshot.reloadedItemIdentifiers == before.reloadedItemIdentifiers, sourceLocation: sourceLocation)
        // The index still answers for every item, and nothing extra is found.
        for (position, item) in before.itemIdentifiers.enumerated() {
            #expect(snapshot.indexOfItem(item) == position, sourceLocation: sourceLocation)
        }
        for absent in [6, 7, 8, 9, 10] { #expect(snapshot.indexOfItem(absent) == nil, sourceLocation: sourceLocation) }
        // And it still accepts what it should.
        try snapshot.appendItems([100])
        #expect(snapshot.indexOfItem(100) == 5, sourceLocation: sourceLocation)
    }

    @Test("duplicate items, against the snapshot or within one call")
    func duplicateItems() throws {
        try expectRejected(.duplicateItem, naming: "3") { try $0.appendItems([6, 3]) }
        try expectRejected(.duplicateItem, naming: "7") { try $0.appendItems([7, 8, 7], toSection: "a") }
        try expectRejected(.duplicateItem, naming: "5") { try $0.insertItems([9, 5], beforeItem: 1) }
        try expectRejected(.duplicateItem, naming: "9") { try $0.insertItems([9, 9], afterItem: 1) }
    }

    @Test("duplicate sections")
    func duplicateSections() throws {
        try expectRejected(.duplicateSection, naming: "\"a\"") { try $0.appendSections(["c", "a"]) }
        try expectRejected(.duplicateSection, naming: "\"c\"") {
            try $0.insertSections(["c", "c"], beforeSection: "b")
        }
        try expectRejected(.duplicateSection, naming: "\"b\"") { try $0.insertSections(["b"], afterSection: "a") }
    }

    @Test("identifiers that are not in the snapshot")
    func missing() throws {
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.appendItems([6], toSection: "z") }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.insertSections(["c"], beforeSection: "z") }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.insertSections(["c"], afterSection: "z") }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.deleteSections(["a", "z"]) }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.moveSection("z", beforeSection: "a") }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.moveSection("a", afterSection: "z") }
        try expectRejected(.sectionNotFound, naming: "\"z\"") { try $0.reloadSections(["z"]) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.insertItems([6], beforeItem: 42) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.insertItems([6], afterItem: 42) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.deleteItems([1, 42]) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.moveItem(42, beforeItem: 1) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.moveItem(1, afterItem: 42) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.reloadItems([1, 42]) }
        try expectRejected(.itemNotFound, naming: "42") { try $0.reconfigureItems([42]) }
    }

    @Test("placing an item or section relative to itself")
    func relativeToItself() throws {
        try expectRejected(.itemRelativeToItself, naming: "1") { try $0.moveItem(1, beforeItem: 1) }
        try expectRejected(.itemRelativeToItself, naming: "1") { try $0.moveItem(1, afterItem: 1) }
        try expectRejected(.itemRelativeToItself, naming: "1") { try $0.insertItems([1], beforeItem: 1) }
        try expectRejected(.sectionRelativeToItself, naming: "\"a\"") { try $0.moveSection("a", afterSection: "a") }
        try expectRejected(.sectionRelativeToItself, naming: "\"a\"") {
            try $0.insertSections(["a"], beforeSection: "a")
        }
    }

    @Test("appending items to a snapshot with no sections")
    func noSections() {
        var snapshot = Snapshot<String, Int>()
        #expect(throws: SnapshotError(.noSections, identifier: nil)) { try snapshot.appendItems([1]) }
        #expect(snapshot == Snapshot())
    }

    @Test("errors name type-erased identifiers by their base value")
    func typeErased() throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([AnyHashable(Plain(value: 1))])
        do {
            // Appends are checked when the snapshot is indexed (by an edit by identifier, or the apply).
            try snapshot.appendItems([AnyHashable(Plain(value: 1))])
            try snapshot._indexAppendedItems()
            Issue.record("expected a duplicate")
        } catch {
            #expect(error.identifier == "p1")  // String(reflecting:) of the base value
            #expect(error.identifierType == "DiffableStoreTests.Plain")
        }
    }

    @Test("replacing a missing section or with another section's identifier throws and changes nothing")
    func replaceSectionErrors() throws {
        try expectRejected(.sectionNotFound, naming: "\"x\"") { try $0.replaceSection("x", with: "y") }
        try expectRejected(.duplicateSection, naming: "\"b\"") { try $0.replaceSection("a", with: "b") }
    }

    @Test("an Identifiable item missing by value names the item with its id: mutations match whole values")
    func notFoundNamesTheItemWithTheSameID() throws {
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["a"])
        try snapshot.appendItems([Row(id: 1, content: 1), Row(id: 2, content: 2)])
        do {
            try snapshot.deleteItems([Row(id: 2, content: 1)])  // the old value of row 2
            Issue.record("expected itemNotFound")
        } catch {
            #expect(error.rule == .itemNotFound)
            #expect(error.itemWithSameID == "r2v2")
            #expect(
                error.description
                    == "item identifier r2v1 is not in the snapshot; r2v2, with the same id, is: "
                    + "mutations match whole values, not ids (pass the item as the snapshot holds it)")
        }
        // Every mutation that looks an item up gives the hint; an id that is not there gives none.
        #expect(throws: SnapshotError.self) { try snapshot.reconfigureItems([Row(id: 1, content: 9)]) }
        do {
            try snapshot.insertItems([Row(id: 3, content: 3)], afterItem: Row(id: 1, content: 9))
        } catch {
            #expect(error.itemWithSameID == "r1v1")
        }
        do {
            try snapshot.deleteItems([Row(id: 7, content: 7)])
        } catch {
            #expect(error.itemWithSameID == nil)
            #expect(error.description == "item identifier r7v7 is not in the snapshot")
        }
        #expect(snapshot.itemIdentifiers == [Row(id: 1, content: 1), Row(id: 2, content: 2)])
    }
}
