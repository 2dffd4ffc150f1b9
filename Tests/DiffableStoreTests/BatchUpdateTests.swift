import SeededRandom
import Testing
import DiffableStore

/// `section.item`, short for tests.
private func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

/// A move of an item, short for tests.
private func move(_ from: ListIndexPath, _ to: ListIndexPath) -> Move<ListIndexPath> { Move(from, to) }

/// One batch that breaks exactly one rule, the counts around it, and what the message must name.
struct BrokenBatch: Sendable, CustomTestStringConvertible {
    var name: String
    var batch: BatchUpdate
    var before: [Int]
    var after: [Int]
    var rule: BatchUpdateError.Rule
    var names: String
    var testDescription: String { name }
}

/// Every rule of UIKit's batch updates, each broken once.
let brokenBatches: [BrokenBatch] = [
    // Section ranges.
    BrokenBatch(
        name: "delete section out of range", batch: BatchUpdate(deletedSections: [2]),
        before: [1, 1], after: [1], rule: .indexOutOfRange, names: "section 2"),
    BrokenBatch(
        name: "reload section out of range", batch: BatchUpdate(reloadedSections: [-1]),
        before: [1], after: [1], rule: .indexOutOfRange, names: "section -1"),
    BrokenBatch(
        name: "move section from out of range", batch: BatchUpdate(movedSections: [Move(5, 0)]),
        before: [1, 1], after: [1, 1], rule: .indexOutOfRange, names: "section 5"),
    BrokenBatch(
        name: "move section to out of range", batch: BatchUpdate(movedSections: [Move(0, 2)]),
        before: [1, 1], after: [1, 1], rule: .indexOutOfRange, names: "to 2"),
    BrokenBatch(
        name: "insert section out of range", batch: BatchUpdate(insertedSections: [3]),
        before: [1], after: [1, 1], rule: .indexOutOfRange, names: "section 3"),
    // Section conflicts.
    BrokenBatch(
        name: "section deleted twice", batch: BatchUpdate(deletedSections: [1, 1]),
        before: [1, 1, 1], after: [1], rule: .conflictingSources, names: "section 1 twice"),
    BrokenBatch(
        name: "section moved twice", batch: BatchUpdate(movedSections: [Move(0, 1), Move(0, 2)]),
        before: [1, 1, 1], after: [1, 1, 1], rule: .conflictingSources, names: "section 0 twice"),
    BrokenBatch(
        name: "section deleted and moved", batch: BatchUpdate(deletedSections: [0], movedSections: [Move(0, 1)]),
        before: [1, 1, 1], after: [1, 1], rule: .conflictingSources, names: "same section (0)"),
    BrokenBatch(
        name: "section inserted twice", batch: BatchUpdate(insertedSections: [1, 1]),
        before: [1], after: [1, 0, 0], rule: .conflictingDestinations, names: "section 1 twice"),
    BrokenBatch(
        name: "section inserted and moved to", batch: BatchUpdate(insertedSections: [0], movedSections: [Move(1, 0)]),
        before: [1, 1], after: [0, 1, 1], rule: .conflictingDestinations, names: "same section (0)"),
    BrokenBatch(
        name: "two sections moved to one", batch: BatchUpdate(movedSections: [Move(0, 2), Move(1, 2)]),
        before: [1, 1, 1], after: [1, 1, 1], rule: .conflictingDestinations,
        names: "sections 0 and 1 to the same section (2)"),
    BrokenBatch(
        name: "section deleted and reloaded", batch: BatchUpdate(deletedSections: [1], reloadedSections: [1]),
        before: [1, 1], after: [1], rule: .reloadOfDeletedOrMoved, names: "same section (1)"),
    BrokenBatch(
        name: "section moved and reloaded", batch: BatchUpdate(movedSections: [Move(1, 0)], reloadedSections: [1]),
        before: [1, 1], after: [1, 1], rule: .reloadOfDeletedOrMoved, names: "same section (1)"),
    BrokenBatch(
        name: "section count", batch: BatchUpdate(),
        before: [1], after: [1, 1], rule: .invalidNumberOfSections, names: "after the update (2)"),
    // Item ranges.
    BrokenBatch(
        name: "delete item out of range", batch: BatchUpdate(deletedItems: [at(0, 7)]),
        before: [4], after: [3], rule: .indexOutOfRange, names: "item 0.7"),
    BrokenBatch(
        name: "delete item in missing section", batch: BatchUpdate(deletedItems: [at(3, 0)]),
        before: [4], after: [4], rule: .indexOutOfRange, names: "item 3.0"),
    BrokenBatch(
        name: "reload item out of range", batch: BatchUpdate(reloadedItems: [at(0, -1)]),
        before: [4], after: [4], rule: .indexOutOfRange, names: "item 0.-1"),
    BrokenBatch(
        name: "reconfigure item out of range", batch: BatchUpdate(reconfiguredItems: [at(0, 4)]),
        before: [4], after: [4], rule: .indexOutOfRange, names: "item 0.4"),
    BrokenBatch(
        name: "move item from out of range", batch: BatchUpdate(movedItems: [move(at(0, 9), at(0, 0))]),
        before: [4], after: [4], rule: .indexOutOfRange, names: "item 0.9"),
    BrokenBatch(
        name: "move item to out of range", batch: BatchUpdate(movedItems: [move(at(0, 1), at(1, 9))]),
        before: [4, 2], after: [3, 3], rule: .indexOutOfRange, names: "to 1.9"),
    BrokenBatch(
        name: "insert item out of range", batch: BatchUpdate(insertedItems: [at(0, 5)]),
        before: [4], after: [5], rule: .indexOutOfRange, names: "item 0.5"),
    BrokenBatch(
        name: "insert item in missing section", batch: BatchUpdate(insertedItems: [at(1, 0)]),
        before: [4], after: [5], rule: .indexOutOfRange, names: "item 1.0"),
    // Items inside deleted, inserted or reloaded sections.
    BrokenBatch(
        name: "delete item in deleted section", batch: BatchUpdate(deletedSections: [1], deletedItems: [at(1, 0)]),
        before: [2, 2], after: [2], rule: .itemChangeInDeletedSection, names: "item 1.0"),
    BrokenBatch(
        name: "reload item in reloaded section", batch: BatchUpdate(reloadedSections: [0], reloadedItems: [at(0, 1)]),
        before: [2], after: [2], rule: .itemChangeInDeletedSection, names: "item 0.1"),
    BrokenBatch(
        name: "reconfigure item in deleted section",
        batch: BatchUpdate(deletedSections: [0], reconfiguredItems: [at(0, 1)]),
        before: [2, 1], after: [1], rule: .itemChangeInDeletedSection, names: "item 0.1"),
    BrokenBatch(
        name: "insert item in inserted section", batch: BatchUpdate(insertedSections: [1], insertedItems: [at(1, 0)]),
        before: [2], after: [2, 1], rule: .itemChangeInInsertedSection, names: "item 1.0"),
    BrokenBatch(
        name: "insert item in reloaded section", batch: BatchUpdate(reloadedSections: [0], insertedItems: [at(0, 2)]),
        before: [2], after: [3], rule: .itemChangeInInsertedSection, names: "item 0.2"),
    BrokenBatch(
        name: "move out of deleted section",
        batch: BatchUpdate(deletedSections: [1], movedItems: [move(at(1, 0), at(0, 0))]),
        before: [1, 1], after: [2], rule: .moveAcrossDeletedOrInsertedSection, names: "item 1.0"),
    BrokenBatch(
        name: "move into inserted section",
        batch: BatchUpdate(insertedSections: [1], movedItems: [move(at(0, 0), at(1, 0))]),
        before: [2], after: [1, 1], rule: .moveAcrossDeletedOrInsertedSection, names: "to 1.0"),
    BrokenBatch(
        name: "move out of reloaded section",
        batch: BatchUpdate(reloadedSections: [0], movedItems: [move(at(0, 0), at(1, 0))]),
        before: [2, 0], after: [2, 1], rule: .moveAcrossDeletedOrInsertedSection, names: "item 0.0"),
    // Item conflicts.
    BrokenBatch(
        name: "item deleted twice", batch: BatchUpdate(deletedItems: [at(0, 1), at(0, 1)]),
        before: [3], after: [1], rule: .conflictingSources, names: "item 0.1 twice"),
    BrokenBatch(
        name: "item moved twice", batch: BatchUpdate(movedItems: [move(at(0, 1), at(0, 0)), move(at(0, 1), at(0, 2))]),
        before: [3], after: [3], rule: .conflictingSources, names: "item 0.1 twice"),
    BrokenBatch(
        name: "item deleted and moved",
        batch: BatchUpdate(deletedItems: [at(0, 1)], movedItems: [move(at(0, 1), at(0, 0))]),
        before: [3], after: [2], rule: .conflictingSources, names: "same item (0.1)"),
    BrokenBatch(
        name: "item inserted twice", batch: BatchUpdate(insertedItems: [at(0, 0), at(0, 0)]),
        before: [1], after: [3], rule: .conflictingDestinations, names: "item 0.0 twice"),
    BrokenBatch(
        name: "insert and move to the same index path",
        batch: BatchUpdate(insertedItems: [at(0, 0)], movedItems: [move(at(0, 2), at(0, 0))]),
        before: [3], after: [4], rule: .conflictingDestinations, names: "same index path (0.0)"),
    BrokenBatch(
        name: "two moves to the same index path",
        batch: BatchUpdate(movedItems: [move(at(0, 1), at(0, 0)), move(at(0, 2), at(0, 0))]),
        before: [3], after: [3], rule: .conflictingDestinations, names: "items 0.1 and 0.2 to the same index path (0.0)"
    ),
    BrokenBatch(
        name: "item deleted and reloaded", batch: BatchUpdate(deletedItems: [at(0, 1)], reloadedItems: [at(0, 1)]),
        before: [3], after: [2], rule: .reloadOfDeletedOrMoved, names: "(0.1)"),
    BrokenBatch(
        name: "item moved and reloaded",
        batch: BatchUpdate(movedItems: [move(at(0, 1), at(1, 0))], reloadedItems: [at(0, 1)]),
        before: [3, 0], after: [2, 1], rule: .reloadOfDeletedOrMoved, names: "(0.1 -> 1.0)"),
    BrokenBatch(
        name: "item deleted and reconfigured",
        batch: BatchUpdate(deletedItems: [at(0, 2)], reconfiguredItems: [at(0, 2)]),
        before: [3], after: [2], rule: .reloadOfDeletedOrMoved, names: "(0.2)"),
    BrokenBatch(
        name: "item reloaded and reconfigured",
        batch: BatchUpdate(reloadedItems: [at(0, 2)], reconfiguredItems: [at(0, 2)]),
        before: [3], after: [3], rule: .reloadOfDeletedOrMoved, names: "(0.2)"),
    // [A, B, C, D] -> [D, A, C']: UIKit's "attempt to perform an insert and a move to the same index path".
    BrokenBatch(
        name: "reload in a section a move leaves",
        batch: BatchUpdate(
            deletedItems: [at(0, 1)], movedItems: [move(at(0, 0), at(0, 1)), move(at(0, 3), at(0, 0))],
            reloadedItems: [at(0, 2)]),
        before: [4], after: [3], rule: .reloadInSectionWithMoves, names: "item 0.2"),
    BrokenBatch(
        name: "reload in a section a move enters",
        batch: BatchUpdate(movedItems: [move(at(0, 0), at(1, 0))], reloadedItems: [at(1, 1)]),
        before: [2, 2], after: [1, 3], rule: .reloadInSectionWithMoves, names: "item 1.1"),
    // Counts.
    BrokenBatch(
        name: "item count", batch: BatchUpdate(deletedItems: [at(0, 3)], insertedItems: [at(0, 0)]),
        before: [4], after: [5], rule: .invalidNumberOfItems, names: "section 0"),
    BrokenBatch(
        name: "item count of a moved section", batch: BatchUpdate(movedSections: [Move(0, 1)]),
        before: [2, 1], after: [1, 3], rule: .invalidNumberOfItems, names: "section 1 (section 0 before the update)"),
    BrokenBatch(
        name: "item count with a move across sections",
        batch: BatchUpdate(movedItems: [move(at(0, 0), at(1, 0))]),
        before: [2, 2], after: [2, 2], rule: .invalidNumberOfItems, names: "(0 moved in, 1 moved out)"),
    BrokenBatch(
        name: "negative count from the data source", batch: BatchUpdate(),
        before: [1], after: [-1], rule: .invalidNumberOfItems, names: "section 0"),
]

/// A replay that breaks a rule no batch breaks on its own: the batch is valid for the counts, but
/// the rows it is applied to, or the values supplied for it, do not fit.
struct BrokenReplay: Sendable {
    var name: String
    var rule: BatchUpdateError.Rule
    var run: @Sendable () throws -> Void
}

let brokenReplays: [BrokenReplay] = [
    BrokenReplay(name: "a batch that keeps an item the target also inserts", rule: .duplicateIdentifier) {
        var old = Snapshot<String, String>()
        var new = Snapshot<String, String>()
        try old.appendSections(["s"])
        try old.appendItems(["A", "B"])
        try new.appendSections(["s"])
        try new.appendItems(["A", "C", "B"])
        _ = try old.applying(BatchUpdate(insertedItems: [at(0, 0)]), target: new)
    },
    BrokenReplay(name: "an inserted row the caller cannot supply", rule: .missingTargetValue) {
        _ = try BatchUpdate(insertedItems: [at(0, 1)]).apply(
            to: [(section: "s", rows: ["A"])],
            newSection: { (index: Int) throws(BatchUpdateError) -> (section: String, rows: [String]) in
                ("s\(index)", [])
            },
            newRow: { (path: ListIndexPath) throws(BatchUpdateError) -> String in
                throw BatchUpdateError(.missingTargetValue, "no row for \(path)")
            },
            updatedRow: { row, _, _ in row })
    },
]

/// Batches UIKit accepts, with the counts around them.
let acceptedBatches: [(BatchUpdate, [Int], [Int])] = [
    (BatchUpdate(), [], []),
    (BatchUpdate(), [3, 0], [3, 0]),
    // [A, B, C, D] -> [D, A, C'] with C reconfigured: a reconfigure is allowed beside moves.
    (
        BatchUpdate(
            deletedItems: [at(0, 1)], movedItems: [move(at(0, 0), at(0, 1)), move(at(0, 3), at(0, 0))],
            reconfiguredItems: [at(0, 2)]), [4], [3]
    ),
    // The same reload twice counts once; a reconfigure of a moved item.
    (BatchUpdate(reloadedItems: [at(0, 0), at(0, 0)]), [2], [2]),
    (BatchUpdate(movedItems: [move(at(0, 0), at(1, 1))], reconfiguredItems: [at(0, 0)]), [2, 2], [1, 3]),
    // Sections inserted, deleted, moved and reloaded together, with item changes in a moved section.
    (
        BatchUpdate(
            deletedSections: [0], insertedSections: [1], movedSections: [Move(2, 0)], reloadedSections: [1],
            deletedItems: [at(2, 0)], insertedItems: [at(0, 0), at(0, 1)]), [5, 7, 1], [2, 4, 9]
    ),
    // A move across sections that both move.
    (BatchUpdate(movedSections: [Move(0, 1), Move(1, 0)], movedItems: [move(at(0, 0), at(0, 2))]), [1, 2], [3, 0]),
]

@Suite("BatchUpdate")
struct BatchUpdateTests {
    @Test("every broken rule is rejected, naming the index", arguments: brokenBatches)
    func rejectsBrokenRule(_ broken: BrokenBatch) {
        let error = #expect(throws: BatchUpdateError.self) {
            try broken.batch.validate(itemCountsBefore: broken.before, itemCountsAfter: broken.after)
        }
        #expect(error?.rule == broken.rule, "\(String(describing: error))")
        #expect(error?.message.contains(broken.names) == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("Invalid update: ") == true)
    }

    @Test("every rule is broken by some case: the batches above or the replays below")
    func everyRuleCovered() {
        let covered = Set(brokenBatches.map(\.rule)).union(brokenReplays.map(\.rule))
        #expect(
            covered == Set(BatchUpdateError.Rule.allCases),
            "not exercised: \(Set(BatchUpdateError.Rule.allCases).subtracting(covered))")
    }

    @Test("rules only a replay can break are reported with their rule")
    func rejectsBrokenReplay() {
        for broken in brokenReplays {
            let error = #expect(throws: BatchUpdateError.self, "\(broken.name)") { try broken.run() }
            #expect(error?.rule == broken.rule, "\(broken.name): \(String(describing: error))")
        }
    }

    @Test("valid batches are accepted")
    func acceptsValidBatches() throws {
        for (batch, before, after) in acceptedBatches {
            try batch.validate(itemCountsBefore: before, itemCountsAfter: after)
        }
    }

    @Test("the item count message reads like UIKit's")
    func countMessage() {
        let batch = BatchUpdate(deletedItems: [at(0, 3)], insertedItems: [at(0, 0)])
        #expect(
            throws: BatchUpdateError(
                .invalidNumberOfItems,
                "invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
            )
        ) {
            try batch.validate(itemCountsBefore: [4], itemCountsAfter: [5])
        }
    }

    @Test("extreme indices are rejected, never trapped")
    func extremeIndices() {
        let extremes = [Int.min, -1, Int.max]
        for value in extremes {
            let batches = [
                BatchUpdate(deletedSections: [value]), BatchUpdate(insertedSections: [value]),
                BatchUpdate(deletedItems: [at(0, value)]), BatchUpdate(insertedItems: [at(value, 0)]),
                BatchUpdate(movedItems: [move(at(0, 0), at(0, value))]),
            ]
            for batch in batches {
                #expect(throws: BatchUpdateError.self) {
                    try batch.validate(itemCountsBefore: [1], itemCountsAfter: [1])
                }
                #expect(throws: BatchUpdateError.self) {
                    _ = try batch.apply(
                        to: [(section: 0, rows: ["A"])], newSection: { ($0, []) },
                        newRow: { _ in "new" }, updatedRow: { row, _, _ in row })
                }
            }
        }
    }
}

// MARK: - Apply

/// Applies a batch to string rows: inserts read `"+section.item"`, updates add `'` (reconfigure) or
/// `*` (reload) and record the new index path.
private func place(
    _ batch: BatchUpdate, _ sections: [(String, [String])],
    newSections: [Int: (String, [String])] = [:]
) throws(BatchUpdateError) -> [String] {
    let result = try batch.apply(
        to: sections.map { (section: $0.0, rows: $0.1) },
        newSection: { (index: Int) throws(BatchUpdateError) -> (section: String, rows: [String]) in
            guard let value = newSections[index] else {
                throw BatchUpdateError(.missingTargetValue, "no section \(index)")
            }
            return value
        },
        newRow: { "+\($0)" },
        updatedRow: { row, path, update in row + (update == .reconfigure ? "'" : "*") + "@\(path)" })
    return result.map { "\($0.section): " + $0.rows.joined(separator: " ") }
}

@Suite("BatchUpdate.apply")
struct BatchUpdateApplyTests {
    @Test("[A, B, C, D] -> [D, A, C'] places moves and the kept row like UIKit")
    func rulesFileExample() throws {
        let batch = BatchUpdate(
            deletedItems: [at(0, 1)],
            movedItems: [move(at(0, 0), at(0, 1)), move(at(0, 3), at(0, 0))],
            reconfiguredItems: [at(0, 2)])
        #expect(try place(batch, [("s", ["A", "B", "C", "D"])]) == ["s: D A C'@0.2"])
    }

    @Test("the same change with a reload is rejected, as UIKit rejects it")
    func rulesFileExampleWithReload() {
        let batch = BatchUpdate(
            deletedItems: [at(0, 1)],
            movedItems: [move(at(0, 0), at(0, 1)), move(at(0, 3), at(0, 0))],
            reloadedItems: [at(0, 2)])
        let error = #expect(throws: BatchUpdateError.self) { try place(batch, [("s", ["A", "B", "C", "D"])]) }
        #expect(error?.rule == .reloadInSectionWithMoves)
    }

    @Test("kept rows fill the slots inserts leave, in order")
    func insertsAndKeptRows() throws {
        let batch = BatchUpdate(
            deletedItems: [at(0, 1)], insertedItems: [at(0, 0), at(0, 2)], reloadedItems: [at(0, 2)])
        #expect(try place(batch, [("s", ["A", "B", "C"])]) == ["s: +0.0 A +0.2 C*@0.3"])
    }

    @Test("sections: deleted, inserted, moved, reloaded and kept")
    func sections() throws {
        let batch = BatchUpdate(
            deletedSections: [0], insertedSections: [1], movedSections: [Move(3, 0)],
            reloadedSections: [2], movedItems: [move(at(1, 0), at(0, 1))])
        let result = try place(
            batch, [("a", ["a0"]), ("b", ["b0", "b1"]), ("c", ["c0"]), ("d", ["d0"])],
            newSections: [1: ("new", ["n0"]), 3: ("c", ["c-new"])])
        #expect(result == ["d: d0 b0", "new: n0", "b: b1", "c: c-new"])
    }

    @Test("a moved, reconfigured row is updated at its destination")
    func reconfiguredMove() throws {
        let batch = BatchUpdate(movedItems: [move(at(0, 0), at(1, 1))], reconfiguredItems: [at(0, 0), at(0, 0)])
        #expect(try place(batch, [("a", ["A", "B"]), ("b", ["C"])]) == ["a: B", "b: C A'@1.1"])
    }

    @Test("an error thrown by a closure is passed on")
    func closureError() {
        #expect(throws: BatchUpdateError.self) {
            try place(BatchUpdate(insertedSections: [0]), [], newSections: [:])
        }
    }

    @Test("random batches replay to their target", arguments: 0..<SeededRuns.length(40))
    func randomReplay(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let (old, new, batch) = try randomBatch(&random)
        let replayed = try old.applying(batch, target: new)
        #expect(replayed == new, "\(batch)")
    }
}

// MARK: - Replay on snapshots

private func snapshot(_ sections: [(String, [String])]) throws -> Snapshot<String, String> {
    var result = Snapshot<String, String>()
    for (section, items) in sections {
        try result.appendSections([section])
        try result.appendItems(items, toSection: section)
    }
    return result
}

@Suite("Snapshot replay")
struct SnapshotReplayTests {
    @Test("applying a batch reproduces the target")
    func applyingBatch() throws {
        let old = try snapshot([("s", ["A", "B", "C", "D"]), ("t", ["E"])])
        let new = try snapshot([("t", ["E", "X"]), ("s", ["D", "A", "C"])])
        let batch = BatchUpdate(
            movedSections: [Move(0, 1), Move(1, 0)], deletedItems: [at(0, 1)],
            insertedItems: [at(0, 1)],
            movedItems: [move(at(0, 0), at(1, 1)), move(at(0, 3), at(1, 0))])
        #expect(try old.applying(batch, target: new) == new)
    }

    @Test("a batch that keeps an item the target inserts is a duplicate, not a crash")
    func duplicate() throws {
        let old = try snapshot([("s", ["A", "B"])])
        let new = try snapshot([("s", ["A", "C", "B"])])
        let batch = BatchUpdate(insertedItems: [at(0, 0)])
        let error = #expect(throws: BatchUpdateError.self) { try old.applying(batch, target: new) }
        #expect(error?.rule == .duplicateIdentifier)
        #expect(error?.message.contains("\"A\"") == true, "\(String(describing: error))")
    }

    @Test("a batch whose counts do not match the target is rejected")
    func countMismatch() throws {
        let old = try snapshot([("s", ["A", "B"])])
        let new = try snapshot([("s", ["A", "B", "C"])])
        let error = #expect(throws: BatchUpdateError.self) { try old.applying(BatchUpdate(), target: new) }
        #expect(error?.rule == .invalidNumberOfItems)
    }

    @Test("applying a changeset replays every stage and names the stage that fails")
    func applyingChangeset() throws {
        let old = try snapshot([("s", ["A", "B", "C", "D"])])
        let new = try snapshot([("s", ["D", "A", "C"])])
        let reloads = Changeset<String, String>.Stage(batch: BatchUpdate(reloadedItems: [at(0, 2)]), snapshot: old)
        let moves = Changeset<String, String>.Stage(
            batch: BatchUpdate(
                deletedItems: [at(0, 1)], movedItems: [move(at(0, 0), at(0, 1)), move(at(0, 3), at(0, 0))]),
            snapshot: new)
        #expect(try old.applying(Changeset(stages: [reloads, moves])) == new)
        #expect(try old.applying(Changeset<String, String>(stages: [])) == old)

        let wrong = Changeset<String, String>.Stage(batch: BatchUpdate(deletedItems: [at(0, 9)]), snapshot: new)
        let error = #expect(throws: BatchUpdateError.self) { try old.applying(Changeset(stages: [reloads, wrong])) }
        #expect(error?.rule == .indexOutOfRange)
        #expect(error?.message.hasPrefix("stage 2 of 2") == true)
    }
}

// MARK: - Random batches

/// A random old and new snapshot and a batch between them, built without a diff: sections deleted,
/// inserted and moved; items deleted, inserted and moved within and across sections. Kept items that
/// stay in order are left unmoved (greedily), so the placement of kept rows is exercised.
private func randomBatch(_ random: inout SeededGenerator) throws
    -> (Snapshot<String, String>, Snapshot<String, String>, BatchUpdate)
{
    var next = 0
    func fresh(_ prefix: String) -> String { next += 1; return "\(prefix)\(next)" }
    let oldSections = (0..<Int.random(in: 0...5, using: &random)).map { _ in fresh("S") }
    var oldItems: [[String]] = oldSections.map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in fresh("i") }
    }

    // New sections: drop some, shuffle the rest, add some.
    var newSections = oldSections.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
    newSections.shuffle(using: &random)
    for _ in 0..<Int.random(in: 0...2, using: &random) {
        newSections.insert(fresh("S"), at: Int.random(in: 0...newSections.count, using: &random))
    }
    // New items: kept sections lose some items and gain some; items may travel between kept sections.
    var pool = zip(oldSections, oldItems).filter { newSections.contains($0.0) }.flatMap { $0.1 }
    pool = pool.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
    var newItems: [[String]] = newSections.map { section in
        oldSections.contains(section) ? [] : (0..<Int.random(in: 0...3, using: &random)).map { _ in fresh("n") }
    }
    let keptNewSections = newSections.indices.filter { oldSections.contains(newSections[$0]) }
    for item in pool where !keptNewSections.isEmpty {
        newItems[keptNewSections.randomElement(using: &random)!].append(item)
    }
    for section in keptNewSections {
        newItems[section].shuffle(using: &random)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            newItems[section].insert(fresh("n"), at: Int.random(in: 0...newItems[section].count, using: &random))
        }
    }
    // Keep the shuffle mild sometimes, so kept rows are left unmoved.
    if Bool.random(using: &random) {
        for section in keptNewSections { newItems[section].sort() }
        oldItems = oldItems.map { $0.sorted() }
    }
    let old = try snapshot(Array(zip(oldSections, oldItems)))
    let new = try snapshot(Array(zip(newSections, newItems)))

    // The batch.
    var batch = BatchUpdate()
    var oldSectionIndex: [String: Int] = [:]
    for (index, section) in oldSections.enumerated() { oldSectionIndex[section] = index }
    var newSectionIndex: [String: Int] = [:]
    for (index, section) in newSections.enumerated() { newSectionIndex[section] = index }
    for (index, section) in oldSections.enumerated() where newSectionIndex[section] == nil {
        batch.deletedSections.append(index)
    }
    for (index, section) in newSections.enumerated() {
        if let source = oldSectionIndex[section] {
            batch.movedSections.append(Move(source, index))  // every kept section moves: allowed
        } else {
            batch.insertedSections.append(index)
        }
    }
    var newPath: [String: ListIndexPath] = [:]
    for (section, items) in newItems.enumerated() {
        for (item, value) in items.enumerated() { newPath[value] = at(section, item) }
    }
    for (section, items) in oldItems.enumerated() where newSectionIndex[oldSections[section]] != nil {
        var lastKept = -1
        for (item, value) in items.enumerated() {
            guard let destination = newPath[value] else {
                batch.deletedItems.append(at(section, item))
                continue
            }
            let sameSection = destination.section == newSectionIndex[oldSections[section]]
            if sameSection && destination.item > lastKept && Bool.random(using: &random) {
                lastKept = destination.item  // left unmoved: it must land here by filling slots in order
            } else {
                batch.movedItems.append(move(at(section, item), destination))
            }
        }
    }
    let oldValues = Set(oldItems.joined())
    for (section, items) in newItems.enumerated() where oldSectionIndex[newSections[section]] != nil {
        for (item, value) in items.enumerated() where !oldValues.contains(value) {
            batch.insertedItems.append(at(section, item))
        }
    }
    return (old, new, batch)
}
