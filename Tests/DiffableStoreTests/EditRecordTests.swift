@_spi(Testing) @_spi(CellKitInternals) import DiffableStore
import SeededRandom
import Testing

/// Random edits to a copy of `old`, through the public API: inserts before and after, appends, deletes,
/// moves within and across sections, content updates of `Identifiable` rows (a new value under the
/// same id, put where the old one was or elsewhere), section inserts, deletes and moves, and marks.
/// Edits the snapshot refuses are skipped.
private func randomEdits(
    of old: TestSnapshot, count: Int, sectionEdits: Bool, random: inout SeededGenerator, nextValue: inout Int
) -> TestSnapshot {
    var new = old
    func fresh() -> AnyHashable {
        nextValue += 1
        return Bool.random(using: &random)
            ? AnyHashable(Row(id: nextValue, content: 0)) : AnyHashable(Plain(value: nextValue))
    }
    for _ in 0..<count {
        let items = new.itemIdentifiers
        let sections = new.sectionIdentifiers
        func anyItem() -> AnyHashable? { items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)] }
        func anySection() -> Int? {
            sections.isEmpty ? nil : sections[Int.random(in: 0..<sections.count, using: &random)]
        }
        switch Int.random(in: 0..<(sectionEdits ? 16 : 12), using: &random) {
        case 0, 1:
            if let anchor = anyItem() {
                try? Bool.random(using: &random)
                    ? new.insertItems(
                        [fresh(), fresh()].dropLast(Int.random(in: 0...1, using: &random)).map { $0 },
                        beforeItem: anchor)
                    : new.insertItems([fresh()], afterItem: anchor)
            }
        case 2:
            if let section = anySection() { try? new.appendItems([fresh()], toSection: section) }
        case 3, 4:
            if let item = anyItem() { try? new.deleteItems([item]) }
        case 5, 6, 7:
            if let item = anyItem(), let anchor = anyItem() {
                try? Bool.random(using: &random)
                    ? new.moveItem(item, beforeItem: anchor) : new.moveItem(item, afterItem: anchor)
            }
        case 8, 9:
            // New content under the same id, in place or elsewhere.
            if let row = items.compactMap({ $0.base as? Row }).randomElement(using: &random) {
                let changed = AnyHashable(Row(id: row.id, content: row.content + 1))
                let anchor = Bool.random(using: &random) ? AnyHashable(row) : (anyItem() ?? AnyHashable(row))
                try? new.insertItems([changed], afterItem: anchor)
                try? new.deleteItems([AnyHashable(row)])
            }
        case 10:
            if let item = anyItem() {
                try? Bool.random(using: &random) ? new.reloadItems([item]) : new.reconfigureItems([item])
            }
        case 11:
            // Deleted, then inserted again elsewhere (or in place).
            if let item = anyItem(), let anchor = anyItem(), item != anchor {
                try? new.deleteItems([item])
                try? new.insertItems([item], beforeItem: anchor)
            }
        case 12:
            nextValue += 1
            let section = 1000 + nextValue
            if let anchor = anySection(), Bool.random(using: &random) {
                try? new.insertSections([section], beforeSection: anchor)
            } else {
                try? new.appendSections([section])
            }
            try? new.appendItems([fresh()], toSection: section)
        case 13:
            if let section = anySection() { try? new.deleteSections([section]) }
        case 14:
            if let section = anySection(), let anchor = anySection() {
                try? Bool.random(using: &random)
                    ? new.moveSection(section, beforeSection: anchor) : new.moveSection(section, afterSection: anchor)
            }
        default:
            if let section = anySection() { try? new.reloadSections([section]) }
        }
    }
    return new
}

/// Random sections of `Identifiable` rows and plain values, numbered from `nextValue` on.
private func randomSections(
    _ sectionCount: ClosedRange<Int>, items itemCount: ClosedRange<Int>, random: inout SeededGenerator,
    nextValue: inout Int
) -> [(Int, [AnyHashable])] {
    (0..<Int.random(in: sectionCount, using: &random)).map { section in
        let items: [AnyHashable] = (0..<Int.random(in: itemCount, using: &random)).map { _ in
            nextValue += 1
            return Bool.random(using: &random)
                ? AnyHashable(Row(id: nextValue, content: 0)) : AnyHashable(Plain(value: nextValue))
        }
        return (section, items)
    }
}

/// The changeset from the record against the full diff: the same stages, deletes, inserts, updates and
/// section changes, a move set of the same size, stage snapshots equal; and applying it to `old` gives
/// `new`. Returns whether the record answered.
@discardableResult
private func expectRecordAgrees(
    _ old: TestSnapshot, _ new: TestSnapshot, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let full = Changeset._fullDiff(from: old, to: new)
    guard let fast = Changeset._fromRecord(from: old, to: new) else { return false }
    #expect(Changeset(from: old, to: new) == fast, "\(context): the diff does not take the record's answer")
    #expect(
        fast.stages.count == full.stages.count,
        "\(context): \(fast.stages.map(\.batch)) vs full \(full.stages.map(\.batch))", sourceLocation: sourceLocation)
    for (f, g) in zip(fast.stages, full.stages) {
        let (a, b) = (f.batch, g.batch)
        let same =
            a.deletedItems == b.deletedItems && a.insertedItems == b.insertedItems
            && a.movedItems.count == b.movedItems.count && a.reloadedItems == b.reloadedItems
            && a.reconfiguredItems == b.reconfiguredItems && a.deletedSections == b.deletedSections
            && a.insertedSections == b.insertedSections && a.movedSections == b.movedSections
            && a.reloadedSections == b.reloadedSections && f.snapshot == g.snapshot
        #expect(
            same, "\(context):\nrecord \(a)\nfull   \(b)\nold:\n\(old)\nnew:\n\(new)", sourceLocation: sourceLocation)
    }
    #expect(
        (try? old.applying(fast)) == new, "\(context): applying the record's changeset does not give new",
        sourceLocation: sourceLocation)
    return true
}

@Suite("Edit record")
struct EditRecordTests {
    @Test("a copy remembers its edits since its origin, and == ignores them")
    func remembers() throws {
        let old = try shownSnapshot([(0, (0..<10).map { AnyHashable(Plain(value: $0)) })])
        var new = old
        #expect(!new._remembersEdits(since: old))
        try new.insertItems([AnyHashable(Plain(value: 99))], afterItem: AnyHashable(Plain(value: 3)))
        #expect(new._remembersEdits(since: old))
        try new.deleteItems([AnyHashable(Plain(value: 99))])
        #expect(new == old)
        #expect(Changeset(from: old, to: new).isEmpty)
        // Edits that cancel out are left to the full diff (which answers as `==` does).
        #expect(Changeset._fromRecord(from: old, to: new) == nil)
    }

    @Test("a copy of an unedited copy remembers from the first origin; an edited origin is no origin")
    func origins() throws {
        var origin = try shownSnapshot([(0, (0..<10).map { AnyHashable(Plain(value: $0)) })])
        let copy = origin
        var copyOfCopy = copy
        try copyOfCopy.moveItem(AnyHashable(Plain(value: 0)), afterItem: AnyHashable(Plain(value: 5)))
        #expect(copyOfCopy._remembersEdits(since: origin))
        #expect(copyOfCopy._remembersEdits(since: copy))
        expectRecordAgrees(origin, copyOfCopy, "copy of a copy")
        try origin.deleteItems([AnyHashable(Plain(value: 9))])
        #expect(!copyOfCopy._remembersEdits(since: origin))
        #expect(Changeset._fromRecord(from: origin, to: copyOfCopy) == nil)
        #expect((try? origin.applying(Changeset(from: origin, to: copyOfCopy))) == copyOfCopy)
    }

    @Test("two snapshots derived from one origin are not taken for each other")
    func siblings() throws {
        let origin = try shownSnapshot([(0, (0..<10).map { AnyHashable(Plain(value: $0)) })])
        var a = origin
        var b = origin
        try a.deleteItems([AnyHashable(Plain(value: 2))])
        try b.insertItems([AnyHashable(Plain(value: 50))], afterItem: AnyHashable(Plain(value: 7)))
        #expect(!b._remembersEdits(since: a))
        #expect(!a._remembersEdits(since: b))
        #expect(Changeset._fromRecord(from: a, to: b) == nil)
        #expect((try? a.applying(Changeset(from: a, to: b))) == b)
        // A copy edited again starts its record from the snapshot it was copied from.
        var c = b
        try c.deleteItems([AnyHashable(Plain(value: 0))])
        #expect(c._remembersEdits(since: b))
        #expect(!c._remembersEdits(since: origin))
        expectRecordAgrees(b, c, "copy of an edited copy")
    }

    @Test("the record is dropped past an eighth of the items, on deleteAllItems and on replaceSection")
    func dropped() throws {
        let old = try shownSnapshot([(0, (0..<1024).map { AnyHashable(Plain(value: $0)) })])
        var new = old
        for value in 0..<128 { try new.deleteItems([AnyHashable(Plain(value: value))]) }
        #expect(new._recordedItemCount == 128)
        try new.deleteItems([AnyHashable(Plain(value: 500))])
        #expect(new._recordedItemCount == nil)
        #expect(Changeset._fromRecord(from: old, to: new) == nil)
        try new.deleteItems([AnyHashable(Plain(value: 501))])
        #expect(new._recordedItemCount == nil)
        #expect((try? old.applying(Changeset(from: old, to: new))) == new)

        var emptied = old
        try emptied.deleteItems([AnyHashable(Plain(value: 1))])
        emptied.deleteAllItems()
        try emptied.appendSections([0])
        #expect(!emptied._remembersEdits(since: old))

        var renamed = old
        try renamed.deleteItems([AnyHashable(Plain(value: 1))])
        try renamed.replaceSection(0, with: 1)
        #expect(!renamed._remembersEdits(since: old))
        #expect((try? old.applying(Changeset(from: old, to: renamed))) == renamed)
    }

    @Test("changeset from the record equals the full diff on random edits", arguments: 0..<8)
    func randomEditsAgree(batch: Int) throws {
        // 250 seeds per batch in full (3 rounds each); fewer under `CELLKIT_INVARIANT_STEPS`.
        let seeds = SeededRuns.length(250)
        var answered = 0
        for seed in UInt64(batch * 250)..<UInt64(batch * 250 + seeds) {
            var random = SeededGenerator(seed: seed)
            var nextValue = 0
            let sections = randomSections(1...6, items: 0...40, random: &random, nextValue: &nextValue)
            var old = try shownSnapshot(sections)
            // A few rounds, each new snapshot the next round's old one, as a data source applies them.
            for round in 0..<3 {
                let new = randomEdits(
                    of: old, count: Int.random(in: 1...12, using: &random), sectionEdits: seed % 2 == 0,
                    random: &random, nextValue: &nextValue)
                if expectRecordAgrees(old, new, "seed \(seed) round \(round)") { answered += 1 }
                old = new
                old.clearReloadMarks()
            }
        }
        // Most cases are answered from the record (the rest: past the limit or staged by the full diff).
        #expect(answered * 3 > seeds * 3 * 2, "only \(answered) of \(seeds * 3) cases answered from the record")
    }

    @Test("marks alone on a copy are answered from the record, as the full diff answers them", arguments: 0..<4)
    func marksAlone(batch: Int) throws {
        let seeds = SeededRuns.length(100)
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + seeds) {
            var random = SeededGenerator(seed: seed)
            var nextValue = 0
            let sections = randomSections(1...5, items: 1...30, random: &random, nextValue: &nextValue)
            var old = try shownSnapshot(sections)
            if seed % 2 == 1 {
                // The snapshot on screen carries a record of its own edits from an older snapshot; a copy
                // of it, marked, has that record too, and the same content.
                let older = old
                let (first, last) = (sections[0].1[0], sections.last!.1.last!)
                if first != last {
                    try old.moveItem(first, afterItem: last)
                } else {
                    try old.insertItems([AnyHashable(Plain(value: -1))], afterItem: first)
                }
                #expect(old._remembersEdits(since: older))
                old.clearReloadMarks()
            }
            var new = old
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let items = new.itemIdentifiers
                switch Int.random(in: 0..<3, using: &random) {
                case 0: try new.reconfigureItems([items.randomElement(using: &random)!])
                case 1: try new.reloadItems([items.randomElement(using: &random)!])
                default: try new.reloadSections([new.sectionIdentifiers.randomElement(using: &random)!])
                }
            }
            #expect(expectRecordAgrees(old, new, "seed \(seed)"), "seed \(seed): marks alone take the full diff")
        }
    }

    @Test("one reconfigure of 100,000 items: the diff reads the mark, not every item")
    func oneReconfigureWork() throws {
        let counter = Counter()
        var old = Snapshot<Int, Measured>()
        try old.appendSections(Array(0..<10))
        for section in 0..<10 {
            try old.appendItems(
                (0..<10_000).map { Measured(value: section * 10_000 + $0, counter: counter) }, toSection: section)
        }
        try old._indexAppendedItems()
        // In runs, as the data source hands out its `snapshot()`.
        old._keepInRuns()
        var new = old
        try new.reconfigureItems([Measured(value: 55_555, counter: counter)])
        counter.hashes = 0
        counter.equalities = 0
        let changeset = Changeset(from: old, to: new)
        #expect(counter.hashes + counter.equalities <= 4, "\(counter.hashes) hashes, \(counter.equalities) ==")
        #expect((Changeset._recordWork(from: old, to: new) ?? .max) <= 4)
        #expect(changeset.stages.first?.batch.reconfiguredItems == [ListIndexPath(item: 5_555, section: 5)])
        #expect(changeset == Changeset<Int, Measured>._fullDiff(from: old, to: new))
    }

    @Test("the moves from the record are minimal where an unrecorded run must move")
    func minimalMovesOverRuns() throws {
        // Moving 0 after 2 and then 1 after 0 leaves [2, 0, 1]: one move (of 2), not two.
        let old = try shownSnapshot([(0, (0..<3).map { AnyHashable(Plain(value: $0)) })])
        var new = old
        try new.moveItem(AnyHashable(Plain(value: 0)), afterItem: AnyHashable(Plain(value: 2)))
        try new.moveItem(AnyHashable(Plain(value: 1)), afterItem: AnyHashable(Plain(value: 0)))
        #expect(expectRecordAgrees(old, new, "runs"))
        #expect(Changeset._fromRecord(from: old, to: new)?.summary.movedItems == 1)
    }

    @Test("with reloadingTypeChanges, a value that changed type under == is reloaded as the full diff reloads it")
    func typeChanges() throws {
        let old = try shownSnapshot([(0, (0..<8).map { AnyHashable($0) }), (1, (8..<16).map { AnyHashable($0) })])
        var new = old
        // 3 becomes Int8(3) in place; 9 becomes Int8(9) in another section; 12 is reconfigured.
        try new.deleteItems([AnyHashable(3)])
        try new.insertItems([AnyHashable(Int8(3))], afterItem: AnyHashable(2))
        try new.deleteItems([AnyHashable(9)])
        try new.insertItems([AnyHashable(Int8(9))], afterItem: AnyHashable(5))
        try new.reconfigureItems([AnyHashable(12)])
        try new.moveItem(AnyHashable(14), beforeItem: AnyHashable(8))
        // The same content and marks, built anew: no record, so the full diff answers.
        var independent = try shownSnapshot(contents(new))
        try independent.reconfigureItems([AnyHashable(12)])
        #expect(!independent._remembersEdits(since: old))
        let fast = Changeset(from: old, to: new, reloadingTypeChanges: true)
        let full = Changeset(from: old, to: independent, reloadingTypeChanges: true)
        #expect(Changeset._fromRecord(from: old, to: new) != nil)
        #expect(fast.stages.map(\.batch) == full.stages.map(\.batch))
        #expect(fast.stages.map(\.snapshot) == full.stages.map(\.snapshot))
        #expect(fast.stages.first?.batch.reloadedItems.count == 2)
    }

    @Test("one insert into 1,000,000 items: the diff from the record does O(log n) work, not O(n)")
    func oneInsertWork() throws {
        let counter = Counter()
        var old = Snapshot<Int, Measured>()
        try old.appendSections(Array(0..<100))
        for section in 0..<100 {
            try old.appendItems(
                (0..<10_000).map { Measured(value: section * 10_000 + $0, counter: counter) },
                toSection: section)
        }
        // Indexed, as the data source's apply indexes the snapshot it shows.
        try old._indexAppendedItems()
        var new = old
        try new.insertItems(
            [Measured(value: -1, counter: counter)], afterItem: Measured(value: 500_000, counter: counter))
        counter.hashes = 0
        counter.equalities = 0
        let changeset = Changeset(from: old, to: new)
        // The record's item: hashed once on each side, compared once with its match (none in old).
        #expect(counter.hashes + counter.equalities <= 4, "\(counter.hashes) hashes, \(counter.equalities) ==")
        #expect((Changeset._recordWork(from: old, to: new) ?? .max) <= 4)
        #expect(changeset.stages.first?.batch.insertedItems == [ListIndexPath(item: 1, section: 50)])
        counter.hashes = 0
        counter.equalities = 0
        #expect(changeset == Changeset<Int, Measured>._fullDiff(from: old, to: new))
        #expect(counter.equalities >= 1_000_000, "the full diff compares every item: \(counter.equalities) ==")
    }
}

/// A snapshot built by appends and indexed, as the data source's apply indexes the snapshot it shows
/// (the record's changeset reads the index of the snapshot it was derived from).
private func shownSnapshot(_ sections: [(Int, [AnyHashable])]) throws -> TestSnapshot {
    var snapshot = try makeSnapshot(sections)
    try snapshot._indexAppendedItems()
    return snapshot
}
