import SeededRandom
import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

// The apply's check of a snapshot built anew derives its index from the shown snapshot's when the two
// differ only in a middle (see `_ItemStorage._derivedIndex(from:hashes:shared:)`): these tests hold it
// to the full check, which indexes every item.

@Suite("The check of a rebuilt snapshot derives its index and hands its shared ends to the diff")
struct DerivedIndexTests {
    /// A snapshot of `sections` built by appends (nothing checked yet).
    func built<Item: Hashable>(_ sections: [[Int]], as item: (Int) -> Item) throws -> Snapshot<Int, Item> {
        var snapshot = Snapshot<Int, Item>()
        try snapshot.appendSections(Array(sections.indices))
        for (section, values) in sections.enumerated() {
            try snapshot.appendItems(values.map(item), toSection: section)
        }
        return snapshot
    }

    @Test("one insert into 10,000 items hashes one item and rebuilds no index")
    func oneInsertHashesOneItem() throws {
        let counter = Counter()
        let values = [Array(0..<10_000)]
        var shown = try built(values) { Measured(value: $0, counter: counter) }
        try shown._indexAppendedItems()
        for place in [0, 5_000, 9_999, 10_000] {
            var sections = values
            sections[0].insert(-1, at: place)
            var rebuilt = try built(sections) { Measured(value: $0, counter: counter) }
            counter.hashes = 0
            try rebuilt._indexAppendedItems(reusingHashesOf: shown)
            #expect(counter.hashes == 1 && rebuilt._work.itemsHashed == 1, "insert at \(place)")
            #expect(rebuilt._work.indexRebuilds == 0, "insert at \(place)")
            #expect(rebuilt._checkInvariants().isEmpty, "insert at \(place)")
            #expect(rebuilt.indexOfItem(Measured(value: -1, counter: counter)) == place)
            #expect(rebuilt.indexOfItem(Measured(value: 9_999, counter: counter)) == (place == 10_000 ? 9_999 : 10_000))
            // The diff from the shown snapshot takes the ends the check found: it compares no item again.
            counter.equalities = 0
            let changeset = Changeset(from: shown, to: rebuilt)
            #expect(counter.equalities < 10, "insert at \(place): \(counter.equalities) comparisons")
            #expect(changeset.summary.insertedItems == 1)
            #expect(try shown.applying(changeset) == rebuilt)
            // A change of the rebuilt snapshot drops what the check found.
            var appended = rebuilt
            try appended.appendItems([Measured(value: -2, counter: counter)])
            #expect(appended._storage.checkedEnds(against: shown._storage) == nil)
            #expect(rebuilt._storage.checkedEnds(against: shown._storage) != nil)
        }
        // No change: the check takes the shown index whole, and the diff finds the snapshots identical
        // from the ends the check found, comparing no item again.
        var same = try built(values) { Measured(value: $0, counter: counter) }
        try same._indexAppendedItems(reusingHashesOf: shown)
        counter.equalities = 0
        let unchanged = Changeset(from: shown, to: same)
        #expect(counter.equalities == 0 && unchanged.summary == Changeset(from: shown, to: shown).summary)
        #expect(unchanged.summary.insertedItems == 0 && unchanged.summary.deletedItems == 0)
        // A duplicate in the middle (of an item in the shared prefix) is still reported, nothing changed.
        var sections = values
        sections[0].insert(3, at: 5_000)
        var duplicate = try built(sections) { Measured(value: $0, counter: counter) }
        #expect(throws: SnapshotError(.duplicateItem, identifier: Measured(value: 3, counter: counter))._inSection(0)) {
            try duplicate._indexAppendedItems(reusingHashesOf: shown)
        }
        #expect(duplicate._uncheckedItemCount == 10_001 && duplicate._checkInvariants().isEmpty)
    }

    @Test("a rebuilt snapshot checked against the shown one agrees with the full check", arguments: 0..<8)
    func randomAgainstFullCheck(seed: UInt64) throws {
        if seed % 2 == 0 {
            try randomRuns(seed: seed) { $0 }
        } else {
            try randomRuns(seed: seed) { AnyHashable($0) }
        }
    }

    func randomRuns<Item: Hashable>(seed: UInt64, as item: @escaping (Int) -> Item) throws {
        var generator = SeededGenerator(seed: 3_700 + seed)
        var derived = 0
        var handedOver = 0
        for step in 0..<SeededRuns.length(60) {
            let count = Int.random(in: 0...400, using: &generator)
            let sectionCount = Int.random(in: 1...4, using: &generator)
            var model: [[Int]] = Array(repeating: [], count: sectionCount)
            for value in 0..<count { model[Int.random(in: 0..<sectionCount, using: &generator)].append(value) }
            var shown = try built(model, as: item)
            try shown._indexAppendedItems()
            // A few edits, so that the middle is usually small; sometimes a value already shown.
            var next = count
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let section = Int.random(in: 0..<sectionCount, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let place = Int.random(in: 0...model[section].count, using: &generator)
                    model[section].insert(next, at: place)
                    next += 1
                case 1:
                    if !model[section].isEmpty {
                        model[section].remove(at: Int.random(in: model[section].indices, using: &generator))
                    }
                case 2:
                    if !model[section].isEmpty {
                        let value = model[section].remove(at: Int.random(in: model[section].indices, using: &generator))
                        model[Int.random(in: 0..<sectionCount, using: &generator)].append(value)
                    }
                default:
                    // A planted duplicate: any value (shown or new), anywhere.
                    let value = Int.random(in: 0...next, using: &generator)
                    model[section].insert(value, at: Int.random(in: 0...model[section].count, using: &generator))
                }
            }
            let context = "seed \(seed), step \(step)"
            let new = try built(model, as: item)
            var fast = new
            var full = new
            var fastError: SnapshotError?
            var fullError: SnapshotError?
            do { try fast._indexAppendedItems(reusingHashesOf: shown) } catch { fastError = error }
            do { try full._indexAppendedItems() } catch { fullError = error }
            #expect(fastError == fullError, "\(context)")
            #expect(fast._checkInvariants().isEmpty, "\(context): \(fast._checkInvariants())")
            guard fastError == nil else {
                #expect(fast == new && fast._uncheckedItemCount == new._uncheckedItemCount, "\(context)")
                continue
            }
            if count > 8 && fast._work.indexRebuilds == 0 { derived += 1 }
            if fast._storage.checkedEnds(against: shown._storage) != nil { handedOver += 1 }
            for value in 0...next {
                #expect(fast.indexPath(of: item(value)) == full.indexPath(of: item(value)), "\(context): \(value)")
            }
            #expect(fast.indexPath(of: item(-1)) == nil, "\(context)")
            #expect(
                Changeset(from: shown, to: fast).stages.map(\.batch)
                    == Changeset(from: shown, to: full).stages.map(\.batch),
                "\(context)")
            // Edits after the check find every item through the derived index.
            if let first = model.flatMap({ $0 }).first {
                try fast.deleteItems([item(first)])
                #expect(fast._checkInvariants().isEmpty && !fast.contains(item(first)), "\(context)")
            }
        }
        #expect(derived > 0 || SeededRuns.isShortened(), "seed \(seed): the derived index was never taken")
        #expect(handedOver > 0 || SeededRuns.isShortened(), "seed \(seed): the diff never took the checked ends")
    }
}
