import SeededRandom
import Testing

@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

/// The item storage in runs (``_ItemStorage``): edits by identifier on snapshots large enough to
/// split into many runs, checked against plain arrays, and the work of one edit counted.
@Suite("Snapshot storage in runs")
struct SnapshotStorageTests {
    /// A snapshot of `sections` sections holding `perSection` items each (0, 1, 2, ... in order), and
    /// the same as arrays.
    func build(sections: Int, perSection: Int) throws -> (Snapshot<Int, Int>, [[Int]]) {
        var snapshot = Snapshot<Int, Int>()
        var model: [[Int]] = []
        try snapshot.appendSections(Array(0..<sections))
        for section in 0..<sections {
            let items = Array((section * perSection)..<((section + 1) * perSection))
            try snapshot.appendItems(items, toSection: section)
            model.append(items)
        }
        return (snapshot, model)
    }

    /// The differences between a snapshot and the arrays: every item in order, and `samples` items
    /// looked up by identifier and by index path.
    func disagreements(
        _ snapshot: Snapshot<Int, Int>, _ model: [[Int]], samples: Int, using generator: inout SeededGenerator
    ) -> [String] {
        var found: [String] = []
        let flat = model.flatMap { $0 }
        if snapshot.itemIdentifiers != flat { found.append("items differ") }
        for (section, items) in model.enumerated() where snapshot.itemIdentifiers(inSection: section) != items {
            found.append("section \(section) differs")
        }
        guard !flat.isEmpty else { return found }
        var starts: [Int] = [0]
        for items in model { starts.append(starts.last! + items.count) }
        for _ in 0..<samples {
            let position = Int.random(in: 0..<flat.count, using: &generator)
            let section = starts.lastIndex(where: { $0 <= position && $0 < starts.last! })!
            let path = ListIndexPath(item: position - starts[section], section: section)
            if snapshot.indexOfItem(flat[position]) != position { found.append("indexOfItem(\(flat[position]))") }
            if snapshot.indexPath(of: flat[position]) != path { found.append("indexPath(of: \(flat[position]))") }
            if snapshot.itemIdentifier(at: path) != flat[position] { found.append("itemIdentifier(at: \(path))") }
        }
        return found
    }

    @Test(
        "seeded random edits by identifier, in single calls and batches, agree with plain arrays",
        arguments: 0..<6)
    func randomEdits(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(1_000 + seed))
        var (snapshot, model) = try build(sections: 4, perSection: 700)
        var next = 10_000
        var sawRuns = 0
        // 400 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        let steps = SeededRuns.length(400)
        for step in 0..<steps {
            let flat = model.flatMap { $0 }
            let context = "seed \(seed), step \(step)"
            let before = snapshot
            let beforeModel = model
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<30 where !flat.isEmpty:
                // Insert a batch (sometimes larger than a run) after or before an item.
                let count =
                    Int.random(in: 0..<10, using: &generator) == 0
                    ? Int.random(in: 1...1_100, using: &generator) : Int.random(in: 1...3, using: &generator)
                let items = Array(next..<(next + count))
                next += count
                let anchor = flat.randomElement(using: &generator)!
                let after = Bool.random(using: &generator)
                if after {
                    try snapshot.insertItems(items, afterItem: anchor)
                } else {
                    try snapshot.insertItems(items, beforeItem: anchor)
                }
                let section = model.firstIndex { $0.contains(anchor) }!
                let index = model[section].firstIndex(of: anchor)! + (after ? 1 : 0)
                model[section].insert(contentsOf: items, at: index)
            case 30..<55 where !flat.isEmpty:
                // Delete one item, a few, or sometimes a large share (runs empty, and may pack flat).
                let count =
                    Int.random(in: 0..<12, using: &generator) == 0
                    ? Int.random(in: 1...flat.count, using: &generator) : Int.random(in: 1...4, using: &generator)
                let doomed = Array(flat.shuffled(using: &generator).prefix(count))
                try snapshot.deleteItems(doomed)
                let set = Set(doomed)
                model = model.map { $0.filter { !set.contains($0) } }
            case 55..<80 where flat.count >= 2:
                // Move one item before or after another, often across sections.
                let item = flat.randomElement(using: &generator)!
                var anchor = flat.randomElement(using: &generator)!
                while anchor == item { anchor = flat.randomElement(using: &generator)! }
                let after = Bool.random(using: &generator)
                if after {
                    try snapshot.moveItem(item, afterItem: anchor)
                } else {
                    try snapshot.moveItem(item, beforeItem: anchor)
                }
                model = model.map { $0.filter { $0 != item } }
                let section = model.firstIndex { $0.contains(anchor) }!
                model[section].insert(item, at: model[section].firstIndex(of: anchor)! + (after ? 1 : 0))
            case 80..<88:
                // Append to a section (the end of the last one keeps a flat snapshot flat).
                let section = Int.random(in: 0..<model.count, using: &generator)
                let items = Array(next..<(next + Int.random(in: 1...40, using: &generator)))
                next += items.count
                try snapshot.appendItems(items, toSection: section)
                model[section] += items
            case 88..<94 where !flat.isEmpty:
                // A refused insert (a stored item, after new ones) changes nothing.
                let duplicate = flat.randomElement(using: &generator)!
                let anchor = flat.randomElement(using: &generator)!
                #expect(throws: SnapshotError(.duplicateItem, identifier: duplicate), "\(context)") {
                    try snapshot.insertItems([next, next + 1, duplicate], afterItem: anchor)
                }
                #expect(snapshot == before, "\(context)")
            default:
                // A copy edited apart leaves the original as it was (value semantics over shared runs).
                var copy = snapshot
                if let item = flat.first { try copy.deleteItems([item]) }
                try copy.appendItems([next])
                next += 1
                #expect(snapshot == before && model == beforeModel, "\(context)")
            }
            if !snapshot._storage.isFlat && snapshot._storage.chunks.count > 1 { sawRuns += 1 }
            let problems = disagreements(snapshot, model, samples: 8, using: &generator)
            if !problems.isEmpty {
                Issue.record("\(context): \(problems.prefix(5).joined(separator: "; "))")
                return
            }
            if step % 20 == 0 || step == 399 {
                let broken = snapshot._checkInvariants()
                if !broken.isEmpty {
                    Issue.record("\(context): \(broken.prefix(5).joined(separator: "; "))")
                    return
                }
            }
        }
        // The run layout was exercised, not only the flat one.
        #expect(sawRuns * 4 > steps, "seed \(seed): in runs after \(sawRuns) of \(steps) steps")
        // Equal to a snapshot built flat from the arrays, and the diff between them is empty.
        var fresh = Snapshot<Int, Int>()
        try fresh.appendSections(Array(0..<model.count))
        for (section, items) in model.enumerated() { try fresh.appendItems(items, toSection: section) }
        #expect(snapshot == fresh && fresh == snapshot && Changeset(from: snapshot, to: fresh).isEmpty)
    }

    @Test("an edit by identifier in a 1,000,000-item snapshot touches one run's slots, not the items after it")
    func editWorkIsOneRun() throws {
        var (snapshot, _) = try build(sections: 10, perSection: 100_000)
        #expect(snapshot._storage.isFlat)
        // Appends index nothing: the first lookup by an edit would index every item, so index them first.
        try snapshot._indexAppendedItems()
        // The first edit splits the flat storage into runs: every item copied once, and one pass over
        // the index's table (each value renumbered in place, nothing probed), then one run's edit.
        snapshot._resetWork()
        try snapshot.insertItems([-1], afterItem: 3)
        #expect(snapshot._work.itemsShifted <= 1_000_000 + 2 * 512, "\(snapshot._work)")
        #expect(snapshot._work.indexRebuilds == 0)
        #expect(
            snapshot._work.indexSlotsVisited <= snapshot._storage.index.capacity + 4 * 512, "\(snapshot._work)")
        var generator = SeededGenerator(seed: 5)
        var next = 2_000_000
        for step in 0..<300 {
            snapshot._resetWork()
            let item = Int.random(in: 0..<1_000_000, using: &generator)
            guard snapshot.contains(item) else { continue }
            switch step % 3 {
            case 0:
                try snapshot.insertItems([next], afterItem: item)
                next += 1
            case 1: try snapshot.deleteItems([item])
            default:
                let anchor = Int.random(in: 0..<1_000_000, using: &generator)
                guard anchor != item, snapshot.contains(anchor) else { continue }
                try snapshot.moveItem(item, beforeItem: anchor)
            }
            // One run of at most 512 items changes (a split copies at most 513; a move changes two
            // runs): never the ~500,000 items after the place on average.
            let work = snapshot._work
            #expect(work.indexRebuilds == 0, "step \(step): \(work)")
            #expect(work.itemsShifted <= 2 * 513, "step \(step): \(work)")
            #expect(work.indexSlotsVisited <= 8 * 512, "step \(step): \(work)")
        }
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("an insert that splits a full run renumbers only the items whose place in the runs changes")
    func splitRenumbersOnlyMovedItems() throws {
        var snapshot = Snapshot<Int, Int>()
        // A sparse index (about 3% full), so each renumbered item costs one slot read, give or take.
        snapshot.reserveCapacity(32_768)
        try snapshot.appendSections([0])
        try snapshot.appendItems(Array(0..<2_048))
        try snapshot.deleteItems([2_047])  // into runs of three quarters: 384 × 5, 127
        // The second run (384..<768) full: 128 items before its last item.
        try snapshot.insertItems(Array(10_000..<10_128), beforeItem: 767)
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 512, 384, 384, 384, 127])
        snapshot._resetWork()
        // After offset 250 of the second run: it splits into 257 + 256 items. The 251 before the
        // place keep their handle and slot; 5 shift by one in the first piece and 256 go to the new run.
        try snapshot.insertItems([-1], afterItem: 634)
        #expect(snapshot._storage.chunks.map(\.items.count) == [384, 257, 256, 384, 384, 384, 127])
        let work = snapshot._work
        // 261 renumbered and 1 inserted: not the run's 512 (every one of them probed before).
        #expect(work.indexSlotsVisited >= 262 && work.indexSlotsVisited < 320, "\(work)")
        #expect(work.indexRebuilds == 0 && work.itemsShifted == 513, "\(work)")
        #expect(snapshot.indexOfItem(-1) == 635 && snapshot.indexOfItem(635) == 636)
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("a copy edited by identifier shares the runs it did not change")
    func copySharesRuns() throws {
        var (snapshot, _) = try build(sections: 2, perSection: 5_000)
        try snapshot.insertItems([-1], afterItem: 10)  // split into runs
        var copy = snapshot
        try copy.insertItems([-2], afterItem: 9_000)
        try copy.deleteItems([4_000])
        func addresses(_ snapshot: Snapshot<Int, Int>) -> [Int: UnsafeRawPointer?] {
            var result: [Int: UnsafeRawPointer?] = [:]
            for chunk in snapshot._storage.chunks {
                result[chunk.handle] = chunk.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            }
            return result
        }
        let original = addresses(snapshot)
        let edited = addresses(copy)
        let shared = original.filter { edited[$0.key] == $0.value }.count
        // Two edits: at most the two runs edited and the one a split adds are not shared.
        #expect(original.count > 15 && shared >= original.count - 2, "\(shared) of \(original.count) runs shared")
        #expect(snapshot.indexOfItem(-2) == nil && copy.indexOfItem(-2) == copy.indexOfItem(9_000)! + 1)
        #expect(snapshot.indexOfItem(4_000) == 4_001 && copy.indexOfItem(4_000) == nil)
        #expect(snapshot._checkInvariants().isEmpty && copy._checkInvariants().isEmpty)
    }

    @Test(
        "== and the diff agree on runs holding an item not equal to itself: shared runs are equal, copies are compared")
    func sharedRunsAgreeWithTheDiff() throws {
        var snapshot = Snapshot<Int, Double>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([.nan] + (1..<2_000).map(Double.init))
        try snapshot.insertItems([-1], afterItem: 1_000)  // into runs
        #expect(!snapshot._storage.isFlat)
        let copy = snapshot
        #expect(copy == snapshot && Changeset(from: snapshot, to: copy).isEmpty)
        // The same content in other runs: NaN is compared, and is not equal to itself, in both.
        var edited = snapshot
        try edited.deleteItems([-1])
        try edited.insertItems([-1], afterItem: 1_000)
        #expect(edited != snapshot && !Changeset(from: snapshot, to: edited).isEmpty)
    }

    /// A snapshot equal to `snapshot`, built flat from its sections in one append each.
    func flatCopy(_ snapshot: Snapshot<Int, Int>) throws -> Snapshot<Int, Int> {
        var fresh = Snapshot<Int, Int>()
        try fresh.appendSections(snapshot.sectionIdentifiers)
        for section in snapshot.sectionIdentifiers {
            try fresh.appendItems(snapshot.itemIdentifiers(inSection: section)!, toSection: section)
        }
        return fresh
    }

    @Test("the diff reads the index of a snapshot in runs as it is: no table is made, every item is found")
    func diffReadsTheRunsIndex() throws {
        var (snapshot, _) = try build(sections: 3, perSection: 2_000)
        try snapshot.insertItems([-1, -2], afterItem: 10)
        try snapshot.deleteItems([1_500, 4_000])
        try snapshot.moveItem(5_999, beforeItem: 0)
        #expect(!snapshot._storage.isFlat && snapshot._storage.chunks.count > 8)
        let side = snapshot._itemSide
        // The storage's own table, shared (not indexed anew from the hashes).
        let tables = [side.index.table.slots, snapshot._storage.index.slots].map { slots in
            slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(tables[0] == tables[1])
        // Every item is found at its flat position through it.
        let items = snapshot.itemIdentifiers
        let misses = side.hashes.withUnsafeBufferPointer { hashes in
            items.indices.filter { position in
                side.index.find(hash: items[position].hashValue, hashes: hashes) { side.items[$0] == items[position] }
                    != position
            }
        }
        #expect(misses.isEmpty, "\(misses.count) items not found at their position, first \(misses.prefix(3))")
        #expect(side.items.elementsEqual(items) && side.hashes.elementsEqual(items.map(\.hashValue)))
    }

    @Test(
        "seeded random diffs between snapshots in runs give the changesets of the same snapshots built flat",
        arguments: 0..<4)
    func diffsInRunsMatchFlat(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(2_000 + seed))
        var (old, _) = try build(sections: 4, perSection: 1_500)
        var next = 100_000
        /// A few random edits by identifier (which keep or put the snapshot in runs), and marks.
        func edit(_ snapshot: inout Snapshot<Int, Int>, count: Int) throws {
            for _ in 0..<count {
                let items = snapshot.itemIdentifiers
                let item = items.randomElement(using: &generator)!
                var anchor = items.randomElement(using: &generator)!
                while anchor == item { anchor = items.randomElement(using: &generator)! }
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    try snapshot.insertItems(Array(next..<(next + 3)), afterItem: anchor)
                    next += 3
                case 1: try snapshot.deleteItems([item])
                case 2: try snapshot.moveItem(item, afterItem: anchor)
                case 3: try snapshot.reloadItems([item])
                default: try snapshot.reconfigureItems([item])
                }
            }
        }
        try edit(&old, count: 20)
        old.clearReloadMarks()
        for round in 0..<SeededRuns.length(12) {
            var new = old
            try edit(&new, count: Int.random(in: 1...40, using: &generator))
            #expect(!old._storage.isFlat && !new._storage.isFlat)
            let inRuns = Changeset(from: old, to: new)
            var flatNew = try flatCopy(new)
            flatNew._reloadedItems = new._reloadedItems
            flatNew._reconfiguredItems = new._reconfiguredItems
            let flat = Changeset(from: try flatCopy(old), to: flatNew)
            #expect(inRuns.stages.map(\.batch) == flat.stages.map(\.batch), "seed \(seed), round \(round)")
            #expect(try old.applying(inRuns) == new, "seed \(seed), round \(round)")
            old = new
            old.clearReloadMarks()
        }
    }
}
