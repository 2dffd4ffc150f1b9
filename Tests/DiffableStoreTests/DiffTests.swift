import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

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
        try old.appendItems([
            AnyHashable(Row(id: 1, content: 0)), AnyHashable(Row(id: 2, content: 0)), AnyHashable(Plain(value: 3)),
        ])
        var new = Snapshot<Int, AnyHashable>()
        try new.appendSections([0])
        try new.appendItems([
            AnyHashable(Row(id: 1, content: 0)), AnyHashable(Row(id: 2, content: 5)), AnyHashable(Plain(value: 4)),
        ])
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.map(\.batch.description) == ["delete 0.2; insert 0.2; reconfigure 0.1"])
        #expect(try old.applying(changeset) == new)
    }

    @Test("an updated item that also moves gets a stage of its own, first")
    func updateThatMoves() throws {
        var old = Snapshot<Int, AnyHashable>()
        try old.appendSections([0])
        try old.appendItems(
            [Row(id: 1, content: 0), Row(id: 2, content: 0), Row(id: 3, content: 0)].map { AnyHashable($0) })
        var new = Snapshot<Int, AnyHashable>()
        try new.appendSections([0])
        try new.appendItems(
            [Row(id: 2, content: 0), Row(id: 3, content: 0), Row(id: 1, content: 9)].map { AnyHashable($0) })
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

    @Test(
        "replaying from the source yields the new snapshot and every stage keeps the staging promise, 10,000 random pairs",
        arguments: 0..<10)
    func roundTrip(thousand: Int) throws {
        var marked = 0
        var staged = 0
        for seed in UInt64(thousand * 1_000)..<UInt64((thousand + 1) * 1_000) {
            let random = try RandomCase(seed: seed)
            let changeset = Changeset(from: random.old, to: random.new)
            if !random.new.reloadedItemIdentifiers.isEmpty || !random.new.reconfiguredItemIdentifiers.isEmpty {
                marked += 1
            }
            if changeset.stages.count > 1 { staged += 1 }
            let replay = replayFromSource(random.old, changeset, final: random.new)
            if let problem = replay.problem {
                Issue.record("seed \(seed): \(problem)")
                break
            }
            // The same kind of change for every item, however many stages: supplied by the data
            // source (insert) or kept and updated once.
            let expected = expectedKinds(from: random.old, to: random.new)
            #expect(
                Set(replay.supplied) == expected.supplied && replay.supplied.count == expected.supplied.count,
                "seed \(seed)")
            #expect(
                Set(replay.updated) == expected.updated && replay.updated.count == expected.updated.count,
                "seed \(seed)")
            #expect(changeset.stages.last?.snapshot ?? random.old == random.new, "seed \(seed)")
        }
        // The cases the promise is about are there.
        #expect(marked > 300 && staged > 100, "\(marked) cases with marks, \(staged) staged")
    }

    @Test(
        "issue 9: an id-paired item leaving a deleted section while a section moves is inserted, in no stage with the move"
    )
    func idPairedItemLeavingDeletedSection() throws {
        let old = try makeSnapshot([
            (0, [AnyHashable(Row(id: 1, content: 0))]), (1, [AnyHashable(Plain(value: 1))]),
            (2, [AnyHashable(Plain(value: 2)), AnyHashable(Plain(value: 3))]),
        ])
        let new = try makeSnapshot([
            (2, [AnyHashable(Plain(value: 3)), AnyHashable(Plain(value: 2))]),
            (1, [AnyHashable(Plain(value: 1)), AnyHashable(Row(id: 1, content: 1))]),
        ])
        let changeset = Changeset(from: old, to: new)
        // Before the fix: a stage read "move 0.0 -> 1.1, 2.1 -> 2.0; reconfigure 0.0".
        #expect(
            changeset.stages.map(\.batch.description) == [
                "delete 0.0; insert 1.1; move 2.1 -> 2.0",
                "delete section 0; move section 2 -> 0",
            ])
        let replay = replayFromSource(old, changeset, final: new)
        #expect(replay.problem == nil, "\(replay.problem ?? "")")
        #expect(replay.supplied == [.row(1)] && replay.updated.isEmpty)
        // The same pair without the section move is one stage, and the same kind of change: an insert.
        let unmoved = try makeSnapshot([
            (1, [AnyHashable(Plain(value: 1)), AnyHashable(Row(id: 1, content: 1))]),
            (2, [AnyHashable(Plain(value: 2)), AnyHashable(Plain(value: 3))]),
        ])
        #expect(Changeset(from: old, to: unmoved).stages.map(\.batch.description) == ["delete section 0; insert 0.1"])
    }

    @Test(
        "issue 9: a reload mark on an item that leaves a deleted section is dropped, and no reload shares a stage with a section move"
    )
    func reloadMarkLeavingDeletedSection() throws {
        let p1 = AnyHashable(Plain(value: 1)), p2 = AnyHashable(Plain(value: 2)), p5 = AnyHashable(Plain(value: 5))
        let r3 = AnyHashable(Row(id: 3, content: 0)), r4 = AnyHashable(Row(id: 4, content: 0))
        let old = try makeSnapshot([(0, [p1]), (1, [p2, r3]), (2, [r4, p5])])
        var new = try makeSnapshot([(2, [r3, r4, p5]), (0, [p1])])
        try new.reloadItems([r3])
        var changeset = Changeset(from: old, to: new)
        // Before the fix: "move 1.1 -> 2.0", then "delete section 1; move section 2 -> 0; reload 2.0";
        // and r3, inserted when the diff takes one stage, was moved.
        #expect(
            changeset.stages.map(\.batch.description) == [
                "delete 1.1; insert 2.0", "delete section 1; move section 2 -> 0",
            ])
        var replay = replayFromSource(old, changeset, final: new)
        #expect(replay.problem == nil, "\(replay.problem ?? "")")
        #expect(replay.supplied == [.row(3)] && replay.updated.isEmpty)
        // A mark that still applies goes with the item changes, never with the section move.
        try new.reloadItems([r4])
        changeset = Changeset(from: old, to: new)
        #expect(
            changeset.stages.map(\.batch.description) == [
                "delete 1.1; insert 2.0; reload 2.0", "delete section 1; move section 2 -> 0",
            ])
        replay = replayFromSource(old, changeset, final: new)
        #expect(replay.problem == nil, "\(replay.problem ?? "")")
        #expect(replay.supplied == [.row(3)] && replay.updated == [.row(4)])
    }

    @Test("the number of moves is minimal: matched items minus a longest increasing subsequence")
    func minimalMoves() throws {
        for seed in 0..<2_000 as Range<UInt64> {
            let random = try RandomCase(
                seed: seed, maxItems: 120, maxSections: 4, sectionOperations: false, marks: false)
            // Oracle: per section (sections keep their identity), items matched by identity keep
            // their place along a longest increasing subsequence; everything else that survives moves.
            var expected = 0
            var oldPlace: [OracleIdentity: (section: Int, offset: Int)] = [:]
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

    @Test(
        "the diff does linear work: no hashing, and one equality call per new item at most",
        arguments: ["1% edits", "full shuffle", "identical, separate storage", "1% appended"])
    func linearWork(shape: String) throws {
        let counter = Counter()
        var generator = SeededGenerator(seed: 3)
        for n in [0, 1, 10, 1_000, 20_000] {
            let values = Array(0..<n)
            var changed = values
            switch shape {
            case "1% edits":
                // 1% moves, 1% deletes, 1% inserts.
                for _ in 0..<(n / 100) {
                    let item = changed.remove(at: Int.random(in: 0..<changed.count, using: &generator))
                    changed.insert(item, at: Int.random(in: 0...changed.count, using: &generator))
                    changed.remove(at: Int.random(in: 0..<changed.count, using: &generator))
                    changed.insert(
                        n + Int.random(in: 0..<1_000_000, using: &generator),
                        at: Int.random(in: 0...changed.count, using: &generator))
                }
                changed = removingRepeats(changed)
            case "full shuffle": changed.shuffle(using: &generator)
            case "1% appended": changed += (n..<(n + n / 100 + 1))
            default: break
            }
            var old = Snapshot<Int, Measured>()
            var new = Snapshot<Int, Measured>()
            try old.appendSections([0])
            try new.appendSections([0])
            try old.appendItems(values.map { Measured(value: $0, counter: counter) })
            try new.appendItems(changed.map { Measured(value: $0, counter: counter) })
            // Indexed (as the data source's apply indexes what it shows): the diff then hashes nothing.
            try old._indexAppendedItems()
            try new._indexAppendedItems()
            counter.hashes = 0
            counter.equalities = 0
            let changeset = Changeset(from: old, to: new)
            // `==` is the only way to know two items are equal, so every item found in both
            // snapshots costs one call (a shortcut around `==` would count fewer), and a new item is
            // compared only with the old item that has its hash (more work would count more).
            let kept = Set(values).intersection(changed).count
            #expect(counter.hashes == 0, "\(shape), n = \(n)")
            #expect(
                counter.equalities >= kept && counter.equalities <= changed.count,
                "\(shape), n = \(n): \(counter.equalities) equality checks for \(kept) kept of \(changed.count) new items"
            )
            #expect(try old.applying(changeset) == new)
        }
    }

    /// A snapshot of `Measured` items, section `s` holding `sections[s]`.
    func measuredSnapshot(_ sections: [[Int]], _ counter: Counter) throws -> Snapshot<Int, Measured> {
        var snapshot = Snapshot<Int, Measured>()
        try snapshot.appendSections(Array(sections.indices))
        for (section, values) in sections.enumerated() {
            try snapshot.appendItems(values.map { Measured(value: $0, counter: counter) }, toSection: section)
        }
        // Indexed, as the data source shows it (appended items unchecked are hashed by the diff where needed).
        try snapshot._indexAppendedItems()
        return snapshot
    }

    @Test("a move between sections is found by trimming each section: one lookup, one == per other item")
    func moveAcrossSectionsTrims() throws {
        let counter = Counter()
        let values = (0..<100).map { section in (0..<50).map { section * 50 + $0 } }
        var moved = values
        moved[99].append(moved[0].removeFirst())
        let old = try measuredSnapshot(values, counter)
        let new = try measuredSnapshot(moved, counter)
        counter.hashes = 0
        counter.equalities = 0
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.map(\.batch.description) == ["move 0.0 -> 99.50"])
        // The 98 unchanged sections and the shared ends of the other two are matched by `==` in place;
        // only the moved item, left over at the end of section 99, is looked up.
        #expect(counter.hashes == 0 && counter.equalities == 5_000)
        #expect(Changeset._indexLookups(from: old, to: new) == 1)
        #expect(try old.applying(changeset) == new)
    }

    @Test("an edit in one place of each section looks up only the new items")
    func oneEditPerSection() throws {
        let counter = Counter()
        var generator = SeededGenerator(seed: 11)
        let values = (0..<20).map { section in (0..<100).map { section * 100 + $0 } }
        var edited = values
        for section in edited.indices {
            // An item replaced by a new one, and in every other section a new item inserted too.
            let place = Int.random(in: 0..<100, using: &generator)
            edited[section][place] = 10_000 + section
            if section % 2 == 0 { edited[section].insert(20_000 + section, at: place) }
        }
        let old = try measuredSnapshot(values, counter)
        let new = try measuredSnapshot(edited, counter)
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.summary.deletedItems == 20 && changeset.summary.insertedItems == 30)
        #expect(changeset.summary.movedItems == 0 && changeset.summary.updatedItems == 0)
        #expect(Changeset._indexLookups(from: old, to: new) == 30)
        #expect(try old.applying(changeset) == new)
    }

    @Test("items shifting across section boundaries are matched by the lists' shared suffix, without lookups")
    func boundariesShift() throws {
        let counter = Counter()
        // Sections of ten consecutive values; the first value goes, and every section takes the next ten.
        let old = try measuredSnapshot((0..<10).map { Array(($0 * 10)..<($0 * 10 + 10)) }, counter)
        let new = try measuredSnapshot((0..<10).map { Array(($0 * 10 + 1)..<min(100, $0 * 10 + 11)) }, counter)
        let changeset = Changeset(from: old, to: new)
        // One delete; the first item of each later section moves to the end of the one before.
        #expect(changeset.summary.deletedItems == 1 && changeset.summary.movedItems == 9)
        #expect(Changeset._indexLookups(from: old, to: new) == 0)
        #expect(try old.applying(changeset) == new)
    }

    @Test("a run of items that kept their order is matched in place: one lookup at its start, not one per item")
    func runsCostOneLookup() throws {
        let counter = Counter()
        var generator = SeededGenerator(seed: 12)
        let values = Array(0..<10_000)
        var changed = values
        // 1% each of moves, deletes and inserts, at random places, in 10 sections of 1,000.
        for _ in 0..<100 {
            let item = changed.remove(at: Int.random(in: 0..<changed.count, using: &generator))
            changed.insert(item, at: Int.random(in: 0...changed.count, using: &generator))
            changed.remove(at: Int.random(in: 0..<changed.count, using: &generator))
            changed.insert(20_000 + changed.count, at: Int.random(in: 0...changed.count, using: &generator))
        }
        changed = removingRepeats(changed)
        func sections(_ values: [Int]) -> [[Int]] {
            stride(from: 0, to: values.count, by: 1_000).map { Array(values[$0..<min(values.count, $0 + 1_000)]) }
        }
        let old = try measuredSnapshot(sections(values), counter)
        let new = try measuredSnapshot(sections(changed), counter)
        // A new item starts a run unless the item before it is the one before it in the old list.
        var oldPosition: [Int: Int] = [:]
        for (position, value) in values.enumerated() { oldPosition[value] = position }
        var starts = 0
        for (position, value) in changed.enumerated() {
            guard let o = oldPosition[value] else { continue }
            if position == 0 || oldPosition[changed[position - 1]] != o - 1 { starts += 1 }
        }
        let lookups = Changeset._indexLookups(from: old, to: new)
        let inserted = changed.count - changed.filter { oldPosition[$0] != nil }.count
        #expect(starts < 1_000 && lookups <= starts + inserted, "\(lookups) lookups, \(starts) runs, \(inserted) new")
        counter.equalities = 0
        let changeset = Changeset(from: old, to: new)
        #expect(counter.equalities <= changed.count, "\(counter.equalities) == for \(changed.count) new items")
        #expect(try old.applying(changeset) == new)
    }

    @Test(
        "sparse edits in many sections: replays, minimal moves, and no lookup for a section that did not change",
        arguments: 0..<4)
    func sparseSectionEdits(batch: Int) throws {
        for seed in UInt64(batch * 250)..<UInt64((batch + 1) * 250) {
            var generator = SeededGenerator(seed: seed)
            var nextValue = 0
            func fresh() -> AnyHashable {
                nextValue += 1
                return Bool.random(using: &generator)
                    ? AnyHashable(Row(id: nextValue, content: 0)) : AnyHashable(Plain(value: nextValue))
            }
            let sectionCount = Int.random(in: 1...30, using: &generator)
            var sections: [(Int, [AnyHashable])] = (0..<sectionCount).map { section in
                (section, (0..<Int.random(in: 0...12, using: &generator)).map { _ in fresh() })
            }
            let old = try makeSnapshot(sections)
            // A few edits, most at a section's ends, some across sections.
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let from = Int.random(in: 0..<sectionCount, using: &generator)
                let to = Int.random(in: 0..<sectionCount, using: &generator)
                func place(_ section: Int, extra: Int = 0) -> Int {
                    let count = sections[section].1.count + extra
                    guard count > 0 else { return 0 }
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: return 0
                    case 1: return count - 1
                    default: return Int.random(in: 0..<count, using: &generator)
                    }
                }
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !sections[from].1.isEmpty:  // a move, within or across sections
                    let item = sections[from].1.remove(at: place(from))
                    sections[to].1.insert(item, at: place(to, extra: 1))
                case 1 where !sections[from].1.isEmpty:  // a delete
                    sections[from].1.remove(at: place(from))
                case 2 where !sections[from].1.isEmpty:  // a content update
                    let at = place(from)
                    if let row = sections[from].1[at].base as? Row {
                        sections[from].1[at] = AnyHashable(Row(id: row.id, content: row.content + 1))
                    }
                default:  // an insert
                    sections[to].1.insert(fresh(), at: place(to, extra: 1))
                }
            }
            let new = try makeSnapshot(sections)
            let changeset = Changeset(from: old, to: new)
            let replay = replayFromSource(old, changeset, final: new)
            #expect(replay.problem == nil, "seed \(seed): \(replay.problem ?? "")")
            let expected = expectedKinds(from: old, to: new)
            #expect(
                Set(replay.supplied) == expected.supplied && Set(replay.updated) == expected.updated, "seed \(seed)")
            // Moves: per section, items that stay keep a longest increasing subsequence of their places.
            var oldPlace: [OracleIdentity: (section: Int, offset: Int)] = [:]
            for (section, items) in contents(old) {
                for (offset, item) in items.enumerated() { oldPlace[oracleIdentity(item)] = (section, offset) }
            }
            var moves = 0
            var changedItems = 0
            for (section, items) in contents(new) {
                var sameSection: [Int] = []
                for item in items {
                    guard let place = oldPlace[oracleIdentity(item)] else { continue }
                    if place.section == section { sameSection.append(place.offset) } else { moves += 1 }
                }
                moves += sameSection.count - quadraticLIS(sameSection)
                if old.itemIdentifiers(inSection: section) != items { changedItems += items.count }
            }
            #expect(changeset.summary.movedItems == moves, "seed \(seed)")
            // A section holding what it held costs no lookup.
            let lookups = Changeset._indexLookups(from: old, to: new)
            #expect(
                lookups <= changedItems, "seed \(seed): \(lookups) lookups, \(changedItems) items in changed sections")
        }
    }

    @Test("a copy that only gained marks shares its storage: == compares no item, the diff only finds the marks")
    func sharedStorage() throws {
        let counter = Counter()
        var old = Snapshot<Int, Measured>()
        try old.appendSections([0])
        try old.appendItems((0..<1_000).map { Measured(value: $0, counter: counter) })
        var marked = old
        try marked.reconfigureItems([Measured(value: 7, counter: counter)])
        counter.hashes = 0
        counter.equalities = 0
        #expect(marked == old)
        #expect(counter.equalities == 0 && counter.hashes == 0)
        // The diff's only item work is finding the marked item.
        #expect(Changeset(from: old, to: marked).stages.map(\.batch.description) == ["reconfigure 0.7"])
        #expect(counter.equalities == 1 && counter.hashes == 1)
        // Separate storage with the same items: one == per item.
        var rebuilt = Snapshot<Int, Measured>()
        try rebuilt.appendSections([0])
        try rebuilt.appendItems((0..<1_000).map { Measured(value: $0, counter: counter) })
        counter.equalities = 0
        #expect(rebuilt == old && counter.equalities == 1_000)
    }

    @Test(
        "Double.nan, which is not equal to itself, is deleted and inserted, and the changeset is empty exactly when the snapshots are equal"
    )
    func notEqualToItself() throws {
        for item in [AnyHashable(Double.nan), AnyHashable(Float.nan)] {
            var old = Snapshot<Int, AnyHashable>()
            try old.appendSections([0])
            try old.appendItems([1, item])
            var new = Snapshot<Int, AnyHashable>()
            try new.appendSections([0])
            try new.appendItems([1, item])
            #expect(old != new)
            let changeset = Changeset(from: old, to: new)
            #expect(changeset.stages.map(\.batch.description) == ["delete 0.1; insert 0.1"])
            #expect(try old.applying(changeset).itemIdentifiers.count == 2)
            // A snapshot shares its storage with its copy: equal, and an empty changeset.
            let copy = old
            #expect(copy == old && Changeset(from: old, to: copy).isEmpty)
            // Marks on a copy keep the storage shared; nothing can mark the NaN itself.
            var marked = old
            try marked.reconfigureItems([1])
            #expect(marked == old)
            #expect(Changeset(from: old, to: marked).stages.map(\.batch.description) == ["reconfigure 0.0"])
        }
        // -0.0 == 0.0: the same identifier, whatever the bits.
        let zero = try makeSnapshot([(0, [AnyHashable(0.0)])])
        let negativeZero = try makeSnapshot([(0, [AnyHashable(-0.0)])])
        #expect(zero == negativeZero && Changeset(from: zero, to: negativeZero).isEmpty)
    }

    @Test("building a snapshot hashes each item exactly once")
    func buildHashesOnce() throws {
        let counter = Counter()
        var snapshot = Snapshot<Int, Measured>()
        try snapshot.appendSections([0, 1])
        for chunk in stride(from: 0, to: 10_000, by: 100) {
            try snapshot.appendItems(
                (chunk..<chunk + 100).map { Measured(value: $0, counter: counter) }, toSection: chunk % 200 == 0 ? 0 : 1
            )
        }
        #expect(counter.hashes == 10_000)
        try snapshot.deleteItems([Measured(value: 5, counter: counter)])
        #expect(counter.hashes == 10_001)  // only the argument was hashed: the index is rebuilt from stored hashes
    }
}

/// The elements of `values` in order with repeats removed.
func removingRepeats(_ values: [Int]) -> [Int] {
    var seen = Set<Int>()
    return values.filter { seen.insert($0).inserted }
}
