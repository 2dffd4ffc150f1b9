import SeededRandom
import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

// Appends hash nothing: the items wait, unchecked, until a lookup by an edit, the data source's apply
// (`_indexAppendedItems`) or the diff needs their hashes.

@Suite("Items appended unchecked")
struct UncheckedAppendTests {
    /// A snapshot of `sections` built by appends, with measured items.
    func built(_ sections: [[Int]], _ counter: Counter) throws -> Snapshot<Int, Measured> {
        var snapshot = Snapshot<Int, Measured>()
        try snapshot.appendSections(Array(sections.indices))
        for (section, values) in sections.enumerated() {
            try snapshot.appendItems(values.map { Measured(value: $0, counter: counter) }, toSection: section)
        }
        return snapshot
    }

    @Test("a rebuilt snapshot's diff hashes nothing where little changes: appends and the diff compare in place")
    func rebuiltDiffHashesNothing() throws {
        let counter = Counter()
        let values = (0..<100).map { section in (0..<100).map { section * 100 + $0 } }
        var appended = values
        appended[99] += (10_000..<10_100)
        var moved = values
        moved[99].append(moved[0].removeFirst())
        let old = try built(values, counter)
        // Building hashes nothing (before, each item was hashed and indexed as it was appended).
        #expect(counter.hashes == 0)
        #expect(old._uncheckedItemCount == 10_000 && old._work.itemsHashed == 0)
        for (name, sections, hashed) in [("no change", values, 0), ("100 appended", appended, 0), ("a move", moved, 2)]
        {
            let new = try built(sections, counter)
            counter.hashes = 0
            counter.equalities = 0
            let changeset = Changeset(from: old, to: new)
            // Shared ends match by `==` in place; only the moved item and the old item left unmatched are hashed.
            #expect(counter.hashes == hashed, "\(name)")
            #expect(counter.equalities <= 10_000 + 200, "\(name)")
            #expect(Changeset._itemsHashed(from: old, to: new) == hashed, "\(name)")
            #expect(try old.applying(changeset) == new, "\(name)")
        }
    }

    @Test("the apply's check reuses the shown snapshot's hashes for items equal at their place")
    func checkReusesShownHashes() throws {
        let counter = Counter()
        let values = (0..<10).map { section in (0..<100).map { section * 100 + $0 } }
        var shown = try built(values, counter)
        try shown._indexAppendedItems()
        #expect(counter.hashes == 1_000 && shown._uncheckedItemCount == 0)
        // No change: every hash and the index are the shown snapshot's, one `==` each.
        var same = try built(values, counter)
        counter.hashes = 0
        try same._indexAppendedItems(reusingHashesOf: shown)
        #expect(counter.hashes == 0 && same._work.itemsHashed == 0 && same._checkInvariants().isEmpty)
        // Ten appended at the end (the rest match from the start), or one inserted at the start (the rest
        // match from the end): only those are hashed.
        var appended = values
        appended[9] += (5_000..<5_010)
        var inserted = values
        inserted[0].insert(-1, at: 0)
        for (sections, added, probe, position) in [(appended, 10, 5_009, 1_009), (inserted, 1, 999, 1_000)] {
            var rebuilt = try built(sections, counter)
            counter.hashes = 0
            try rebuilt._indexAppendedItems(reusingHashesOf: shown)
            #expect(counter.hashes == added && rebuilt._work.itemsHashed == added)
            #expect(rebuilt._checkInvariants().isEmpty)
            #expect(rebuilt.indexOfItem(Measured(value: probe, counter: counter)) == position)
        }
        // A duplicate is still found among reused hashes.
        var repeated = values
        repeated[5][50] = 3
        var duplicate = try built(repeated, counter)
        #expect(throws: SnapshotError(.duplicateItem, identifier: Measured(value: 3, counter: counter))._inSection(5)) {
            try duplicate._indexAppendedItems(reusingHashesOf: shown)
        }
        #expect(duplicate._uncheckedItemCount == 1_000 && duplicate._checkInvariants().isEmpty)
    }

    /// One step of the random test: what was done, for the failure message.
    enum Step: CaseIterable { case append, appendDuplicate, lookup, insert, delete, move, index, diff }

    @Test("builds, lookups, edits and diffs in random orders agree with a model", arguments: 0..<6)
    func randomAgainstModel(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 700 + seed)
        var model: [[Int]] = [[], [], []]
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections([0, 1, 2])
        var earlier = snapshot
        var next = 0
        for step in 0..<400 {
            let all = model.flatMap { $0 }
            let kind = Step.allCases.randomElement(using: &generator)!
            let context = "seed \(seed), step \(step): \(kind)"
            switch kind {
            case .append:
                let section = Int.random(in: 0..<3, using: &generator)
                let items = (0..<Int.random(in: 1...20, using: &generator)).map { next + $0 }
                next += items.count
                try snapshot.appendItems(items, toSection: section)
                model[section] += items
            case .appendDuplicate:
                // On a copy: the duplicate is refused when indexed, by an edit or by the check, naming it.
                guard let existing = all.randomElement(using: &generator) else { continue }
                var copy = Snapshot<Int, Int>()
                try copy.appendSections([0, 1, 2])
                for (section, items) in model.enumerated() { try copy.appendItems(items, toSection: section) }
                try copy.appendItems([next, existing], toSection: 2)
                let before = copy
                #expect(throws: SnapshotError(.duplicateItem, identifier: existing)._inSection(2), "\(context)") {
                    if Bool.random(using: &generator) {
                        try copy._indexAppendedItems()
                    } else {
                        try copy.deleteItems([next])
                    }
                }
                #expect(copy == before && copy._uncheckedItemCount == before._uncheckedItemCount, "\(context)")
                #expect(copy._checkInvariants().isEmpty, "\(context)")
            case .lookup:
                let item = Bool.random(using: &generator) ? all.randomElement(using: &generator) ?? -1 : -1
                let path = model.enumerated().lazy.compactMap { section, items in
                    items.firstIndex(of: item).map { ListIndexPath(item: $0, section: section) }
                }.first
                #expect(snapshot.indexPath(of: item) == path && snapshot.contains(item) == (path != nil), "\(context)")
            case .insert:
                guard let anchor = all.randomElement(using: &generator) else { continue }
                try snapshot.insertItems([next], afterItem: anchor)
                let section = model.firstIndex { $0.contains(anchor) }!
                model[section].insert(next, at: model[section].firstIndex(of: anchor)! + 1)
                next += 1
                #expect(snapshot._uncheckedItemCount == 0, "\(context)")
            case .delete:
                guard let item = all.randomElement(using: &generator) else { continue }
                try snapshot.deleteItems([item])
                for section in model.indices { model[section].removeAll { $0 == item } }
            case .move:
                guard all.count > 1, let item = all.randomElement(using: &generator),
                    let anchor = all.randomElement(using: &generator), item != anchor
                else { continue }
                try snapshot.moveItem(item, beforeItem: anchor)
                for section in model.indices { model[section].removeAll { $0 == item } }
                let section = model.firstIndex { $0.contains(anchor) }!
                model[section].insert(item, at: model[section].firstIndex(of: anchor)!)
            case .index:
                try snapshot._indexAppendedItems(reusingHashesOf: Bool.random(using: &generator) ? earlier : nil)
                #expect(snapshot._uncheckedItemCount == 0, "\(context)")
            case .diff:
                // Against an earlier state (indexed or not): the changeset replays, and it is the diff of
                // the same two snapshots once both are indexed.
                let changeset = Changeset(from: earlier, to: snapshot)
                #expect(try earlier.applying(changeset) == snapshot, "\(context)")
                var indexedOld = earlier
                var indexedNew = snapshot
                try indexedOld._indexAppendedItems()
                try indexedNew._indexAppendedItems()
                #expect(
                    Changeset(from: indexedOld, to: indexedNew).stages.map(\.batch) == changeset.stages.map(\.batch),
                    "\(context)")
                earlier = snapshot
            }
            #expect(snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0)! } == model, "\(context)")
            #expect(snapshot._checkInvariants().isEmpty, "\(context): \(snapshot._checkInvariants())")
        }
    }
}
