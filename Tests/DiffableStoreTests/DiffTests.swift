import Testing
@testable import DiffableStore

@Suite("Changeset")
struct DiffTests {
    func snapshot(_ sections: [(Int, [String])]) throws -> Snapshot<Int, String> {
        var snapshot = Snapshot<Int, String>()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    func log(_ changeset: Changeset<Int, String>) -> [String] {
        changeset.stages.map(\.batch.description)
    }

    @Test("identical snapshots make an empty changeset")
    func identical() throws {
        let old = try snapshot([(0, ["a", "b"]), (1, ["c"])])
        #expect(Changeset(from: old, to: old).isEmpty)
        #expect(Changeset(from: old, to: try snapshot([(0, ["a", "b"]), (1, ["c"])])).isEmpty)
    }

    @Test("moving one item from the front to the end is exactly one move")
    func oneMove() throws {
        let items = (0..<100).map { "i\($0)" }
        let old = try snapshot([(0, items)])
        let new = try snapshot([(0, Array(items.dropFirst()) + ["i0"])])
        let changeset = Changeset(from: old, to: new)
        #expect(log(changeset) == ["move 0.0 -> 0.99"])
    }

    @Test("deletes and reloads in old coordinates, inserts in new ones, in one batch")
    func coordinates() throws {
        var new = try snapshot([(0, ["x", "a", "c", "y", "d"])])
        try new.reloadItems(["c"])
        let changeset = Changeset(from: try snapshot([(0, ["a", "b", "c", "d"])]), to: new)
        #expect(log(changeset) == ["delete 0.1; insert 0.0, 0.3; reload 0.2"])
    }

    @Test("an Identifiable item with new content is reconfigured, not deleted and inserted")
    func identifiableUpdate() throws {
        var old = Snapshot<Int, AnyHashable>()
        try old.appendSections([0])
        try old.appendItems([AnyHashable(Row(id: 1, content: 0)), AnyHashable(Row(id: 2, content: 0)), AnyHashable(Plain(value: 3))])
        var new = Snapshot<Int, AnyHashable>()
        try new.appendSections([0])
        try new.appendItems([AnyHashable(Row(id: 1, content: 0)), AnyHashable(Row(id: 2, content: 5)), AnyHashable(Plain(value: 4))])
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.map(\.batch.description) == ["delete 0.2; insert 0.2; reconfigure 0.1"])
        #expect(try old.applying(changeset) == new)
    }

    @Test("an updated item that also moves gets a stage of its own, first")
    func updateThatMoves() throws {
        var old = Snapshot<Int, AnyHashable>()
        try old.appendSections([0])
        try old.appendItems([Row(id: 1, content: 0), Row(id: 2, content: 0), Row(id: 3, content: 0)].map { AnyHashable($0) })
        var new = Snapshot<Int, AnyHashable>()
        try new.appendSections([0])
        try new.appendItems([Row(id: 2, content: 0), Row(id: 3, content: 0), Row(id: 1, content: 9)].map { AnyHashable($0) })
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.map(\.batch.description) == ["reconfigure 0.0", "move 0.0 -> 0.2"])
        #expect(try old.applying(changeset) == new)
    }

    @Test("a moved section is one section move, its items are not moved")
    func sectionMove() throws {
        let old = try snapshot([(0, ["a", "b"]), (1, ["c", "d"]), (2, ["e"])])
        let new = try snapshot([(2, ["e"]), (0, ["a", "b"]), (1, ["c", "d"])])
        #expect(log(Changeset(from: old, to: new)) == ["move section 2 -> 0"])
    }

    @Test("item changes inside a moved section are staged before the section move")
    func itemChangesInMovedSection() throws {
        let old = try snapshot([(0, ["a", "b"]), (1, ["c", "d"])])
        let new = try snapshot([(1, ["d", "c", "x"]), (0, ["a", "b"])])
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.count == 2)
        #expect(changeset.stages[0].batch.movedSections.isEmpty)
        #expect(changeset.stages[1].batch.movedItems.isEmpty && changeset.stages[1].batch.insertedItems.isEmpty)
        #expect(try old.applying(changeset) == new)
    }

    @Test("items moving across sections, and into and out of deleted and inserted sections")
    func acrossSections() throws {
        let old = try snapshot([(0, ["a", "b"]), (1, ["c", "d"]), (2, ["e", "f"])])
        let new = try snapshot([(0, ["c", "a"]), (1, ["d", "b"]), (3, ["e", "z"])])
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.count == 1)
        #expect(log(changeset) == ["delete section 2; insert section 2; move 0.1 -> 1.1, 1.0 -> 0.0"])
        #expect(try old.applying(changeset) == new)
    }

    @Test("reloaded sections are reloaded; a reloaded section that moves is deleted and inserted")
    func sectionReloads() throws {
        let old = try snapshot([(0, ["a"]), (1, ["b"]), (2, ["c"])])
        var new = try snapshot([(0, ["a"]), (1, ["b", "x"]), (2, ["c"])])
        try new.reloadSections([1])
        #expect(log(Changeset(from: old, to: new)) == ["reload section 1"])
        var moved = try snapshot([(1, ["b"]), (2, ["c"]), (0, ["a"])])
        try moved.reloadSections([0])
        let changeset = Changeset(from: old, to: moved)
        #expect(log(changeset) == ["delete section 0; insert section 2"])
        #expect(try old.applying(changeset) == moved)
    }

    @Test("marks on identical content become reloads and reconfigures in place")
    func marksOnly() throws {
        let old = try snapshot([(0, ["a", "b", "c"])])
        var new = old
        try new.reloadItems(["b"])
        try new.reconfigureItems(["c"])
        #expect(log(Changeset(from: old, to: new)) == ["reload 0.1; reconfigure 0.2"])
    }

    @Test("replaying the changeset on the old snapshot yields the new one, 10,000 random pairs")
    func roundTrip() throws {
        for seed in 0..<10_000 as Range<UInt64> {
            let random = try RandomCase(seed: seed)
            let changeset = Changeset(from: random.old, to: random.new)
            let replayed: TestSnapshot
            do {
                replayed = try random.old.applying(changeset)
            } catch {
                Issue.record("seed \(seed): \(error)\n\(changeset.stages.map(\.batch))")
                continue
            }
            #expect(replayed == random.new, "seed \(seed)")
            #expect(changeset.stages.last?.snapshot ?? random.old == random.new, "seed \(seed)")
            if replayed != random.new { break }
        }
    }

    @Test("the number of moves is minimal: matched items minus a longest increasing subsequence")
    func minimalMoves() throws {
        for seed in 0..<2_000 as Range<UInt64> {
            let random = try RandomCase(seed: seed, maxItems: 120, maxSections: 4, sectionOperations: false, marks: false)
            // Oracle: per section (sections keep their identity), items matched by identity keep
            // their place along a longest increasing subsequence; everything else that survives moves.
            var expected = 0
            var oldPlace: [AnyHashable: (section: Int, offset: Int)] = [:]
            for (section, items) in contents(random.old) {
                for (offset, item) in items.enumerated() { oldPlace[oracleIdentity(item)] = (section, offset) }
            }
            for (section, items) in contents(random.new) {
                var sameSection: [Int] = []
                for item in items {
                    guard let place = oldPlace[oracleIdentity(item)] else { continue }
                    if place.section == section { sameSection.append(place.offset) } else { expected += 1 }
                }
                expected += sameSection.count - quadraticLIS(sameSection)
            }
            let changeset = Changeset(from: random.old, to: random.new)
            #expect(changeset.summary.movedItems == expected, "seed \(seed)")
        }
    }

    @Test("section moves are minimal too")
    func minimalSectionMoves() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let count = Int.random(in: 0...12, using: &generator)
            let order = Array(0..<count).shuffled(using: &generator)
            let old = try snapshot(Array(0..<count).map { ($0, ["s\($0)"]) })
            let new = try snapshot(order.map { ($0, ["s\($0)"]) })
            let changeset = Changeset(from: old, to: new)
            #expect(changeset.summary.movedSections == count - quadraticLIS(order))
            #expect(changeset.summary.movedItems == 0)
            #expect(try old.applying(changeset) == new)
        }
    }

    @Test("a reversed list keeps one item and moves the rest")
    func reversed() throws {
        let items = (0..<500).map { "i\($0)" }
        let changeset = Changeset(from: try snapshot([(0, items)]), to: try snapshot([(0, items.reversed())]))
        #expect(changeset.summary.movedItems == 499)
    }

    @Test("the diff does linear work: no hashing, and equality calls bounded by a constant times n")
    func linearWork() throws {
        let counter = Counter()
        var generator = SeededGenerator(seed: 3)
        for n in [0, 1, 10, 1_000, 20_000] {
            let values = Array(0..<n)
            var shuffled = values
            // 1% moves, 1% deletes, 1% inserts.
            for _ in 0..<(n / 100) {
                let item = shuffled.remove(at: Int.random(in: 0..<shuffled.count, using: &generator))
                shuffled.insert(item, at: Int.random(in: 0...shuffled.count, using: &generator))
                shuffled.remove(at: Int.random(in: 0..<shuffled.count, using: &generator))
                shuffled.insert(n + Int.random(in: 0..<1_000_000, using: &generator), at: Int.random(in: 0...shuffled.count, using: &generator))
            }
            shuffled = Array(NSOrderedSetLike(shuffled))
            var old = Snapshot<Int, Measured>()
            var new = Snapshot<Int, Measured>()
            try old.appendSections([0])
            try new.appendSections([0])
            try old.appendItems(values.map { Measured(value: $0, counter: counter) })
            try new.appendItems(shuffled.map { Measured(value: $0, counter: counter) })
            counter.hashes = 0
            counter.equalities = 0
            let changeset = Changeset(from: old, to: new)
            #expect(counter.hashes == 0, "n = \(n)")
            #expect(counter.equalities <= 2 * n + 2, "n = \(n): \(counter.equalities) equality checks")
            #expect(try old.applying(changeset) == new)
        }
    }

    @Test("building a snapshot hashes each item exactly once")
    func buildHashesOnce() throws {
        let counter = Counter()
        var snapshot = Snapshot<Int, Measured>()
        try snapshot.appendSections([0, 1])
        for chunk in stride(from: 0, to: 10_000, by: 100) {
            try snapshot.appendItems((chunk..<chunk + 100).map { Measured(value: $0, counter: counter) }, toSection: chunk % 200 == 0 ? 0 : 1)
        }
        #expect(counter.hashes == 10_000)
        try snapshot.deleteItems([Measured(value: 5, counter: counter)])
        #expect(counter.hashes == 10_001)  // only the argument was hashed: the index is rebuilt from stored hashes
    }
}

/// The elements of `values` in order with repeats removed.
func NSOrderedSetLike(_ values: [Int]) -> [Int] {
    var seen = Set<Int>()
    return values.filter { seen.insert($0).inserted }
}
