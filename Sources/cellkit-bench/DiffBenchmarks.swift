import DiffableStore

extension Benchmark {
    /// Workloads 1 to 4: `Changeset(from:to:)` between two prebuilt snapshots, and with the new one built.
    static let diffBenchmarks: [Benchmark] = [
        Benchmark(
            name: "diff-1-5k", summary: "5,000 items: delete 1,000, insert 1,000, move 200 (DifferenceKit's shape)"
        ) { context in
            let workload = DiffWorkload.random(
                count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200, updates: 0, seed: 1)
            runDiff(
                "diff-1-5k", workload, context: context, plan: context.options.plan(full: 11, quick: 3),
                tablesTarget: nil, swiftDifference: .measured)
        },
        Benchmark(name: "diff-2-100k", summary: "100,000 items: 1% each of deletes, inserts, moves, content updates") {
            context in
            let workload = DiffWorkload.random(
                count: 100_000, deletes: 1_000, inserts: 1_000, moves: 1_000, updates: 1_000, seed: 2)
            runDiff(
                "diff-2-100k", workload, context: context, plan: context.options.plan(full: 15, quick: 5),
                tablesTarget: 1.0, swiftDifference: .skipped(myersTooSlow))
        },
        Benchmark(name: "diff-3-1m", summary: "1,000,000 items: 1% each of deletes, inserts, moves") { context in
            let workload = DiffWorkload.random(
                count: 1_000_000, deletes: 10_000, inserts: 10_000, moves: 10_000, updates: 0, seed: 3)
            runDiff(
                "diff-3-1m", workload, context: context, plan: context.options.plan(full: 7, quick: 3, quickWarmups: 0),
                tablesTarget: 1.0, swiftDifference: .skipped(myersTooSlow))
        },
        Benchmark(name: "diff-4-identical", summary: "identical snapshots of 100,000 items (fresh and shared values)") {
            context in
            var generator = SeededGenerator(seed: 4)
            let base = makeItems(100_000, using: &generator)
            let old = erased(base)
            let plan = context.options.plan(full: 21, quick: 5)
            let unchanged = { (new: [AnyHashable]) in
                DiffWorkload(old: old, new: new, deleted: 0, inserted: 0, moved: 0, updated: 0, minimalMoves: 0)
            }
            runDiff(
                "diff-4-identical", unchanged(erased(base)), context: context, plan: plan, tablesTarget: nil,
                variant: "fresh values", comparesSharedItems: true)
            runDiff(
                "diff-4-identical", unchanged(old.map { $0 }), context: context, plan: plan, tablesTarget: nil,
                variant: "shared values", comparesSharedItems: true)
        },
        Benchmark(
            name: "diff-4-append",
            summary: "1,000 items appended to 100,000 (fresh values, and a copied snapshot appended to)"
        ) { context in
            var generator = SeededGenerator(seed: 5)
            let base = makeItems(100_000, using: &generator)
            let extra = makeItems(1_000, numberedFrom: 100_000, using: &generator)
            let old = erased(base)
            let plan = context.options.plan(full: 21, quick: 5)
            let fresh = DiffWorkload(
                old: old, new: erased(base + extra), deleted: 0, inserted: 1_000, moved: 0,
                updated: 0, minimalMoves: 0)
            runDiff(
                "diff-4-append", fresh, context: context, plan: plan, tablesTarget: nil,
                variant: "fresh values", comparesSharedItems: true)
            // The way an app appends: copy the snapshot on screen and append to it.
            let appended = extra.map { AnyHashable($0) }
            let shared = DiffWorkload(
                old: old, new: old + appended, deleted: 0, inserted: 1_000, moved: 0,
                updated: 0, minimalMoves: 0)
            let oldSnapshot = makeSnapshot(old)
            let appendToCopy = { @MainActor () -> Snapshot<Int, AnyHashable> in
                var copied = oldSnapshot
                do { try copied.appendItems(appended) } catch {
                    preconditionFailure("Appended items are new: \(error)")
                }
                return copied
            }
            runDiff(
                "diff-4-append", shared, context: context, plan: plan, tablesTarget: nil,
                variant: "copied snapshot + appendItems", comparesSharedItems: true,
                oldSnapshot: oldSnapshot, build: appendToCopy)
        },
    ]
}

/// Why Swift's `difference(from:)` is not measured on the big workloads.
private let myersTooSlow =
    "Myers' algorithm is O((n + m) · d); with thousands of edits it takes seconds to minutes at this size"

/// Whether a diff workload measures Swift's `difference(from:).inferringMoves()` (printed as a note,
/// never a ratio row: Myers' algorithm is the wrong tool for a list diff with moves).
enum SwiftDifferenceBaseline {
    case measured
    /// Not measured, and the report says why.
    case skipped(String)
    case notApplicable
}

/// Measures `Changeset(from:to:)` on a workload against its baselines, checks its answer (untimed),
/// and reports one row per baseline plus a "build + Changeset" row.
///
/// Rows, all with the same checks of the changeset (exact deletes and inserts, moves equal to the
/// minimal moves, every content update paired, and `old.applying(changeset) == new`):
/// - against two `[AnyHashable: Int]` tables (insertion of every item on each side);
/// - against one table (old items inserted, new items looked up);
/// - against a Heckel diff over the item arrays (what DifferenceKit and IGListKit do), whose own answer
///   is checked too;
/// - with `comparesSharedItems`, against exactly one `==` per shared item (target ≤ 1.1x);
/// - "build + Changeset": the new snapshot built from its items inside the timed region, then diffed,
///   against the Heckel diff (which needs no snapshot); the built snapshot must equal the prebuilt one.
///
/// - Parameters:
///   - tablesTarget: The ratio to the two-table baseline the diff must stay under, or `nil` for none.
///   - comparesSharedItems: Whether the new items start with the old ones (identical or appended
///     lists): adds the one-`==`-per-shared-item row, with its target.
///   - swiftDifference: Whether to measure `new.difference(from: old).inferringMoves()` for a note, or
///     say why not.
///   - oldSnapshot: A prebuilt old snapshot (otherwise built from its items).
///   - build: How the new snapshot is built, timed in the "build + Changeset" row (otherwise a
///     one-section snapshot of the new items).
@MainActor
func runDiff(
    _ name: String, _ workload: DiffWorkload, context: BenchContext, plan: RepetitionPlan, tablesTarget: Double?,
    variant: String? = nil, comparesSharedItems: Bool = false,
    swiftDifference: SwiftDifferenceBaseline = .notApplicable,
    oldSnapshot: Snapshot<Int, AnyHashable>? = nil, build: (@MainActor () -> Snapshot<Int, AnyHashable>)? = nil
) {
    let old = workload.old
    let new = workload.new
    let build = build ?? { makeSnapshot(new) }
    let oldSnapshot = oldSnapshot ?? makeSnapshot(old)
    let newSnapshot = build()

    // Check once, untimed: the counts, and that the changeset replays onto the old snapshot.
    let changeset = Changeset(from: oldSnapshot, to: newSnapshot)
    let summary = changeset.summary
    let replay = replays(changeset, from: oldSnapshot, to: newSnapshot)
    let heckel = HeckelDiff(from: old, to: new)
    let heckelIsCorrect = heckel.isCorrect(from: old, to: new)
    let conditions: [(name: String, holds: Bool)] = [
        (
            "deletes and inserts exact",
            summary.deletedItems == workload.deleted && summary.insertedItems == workload.inserted
        ),
        ("moves = minimal", summary.movedItems == workload.minimalMoves),
        ("updates paired", summary.updatedItems == workload.updated),
        ("replays", replay == "ok"),
    ]
    var details = [
        "changeset: \(summary) in \(changeset.stages.count) stage\(changeset.stages.count == 1 ? "" : "s"); replay old.applying(changeset) == new: \(replay)",
        "workload:  \(workload.description)",
        "Heckel:    \(heckel.description); links equal items, counts add up: \(heckelIsCorrect ? "yes" : "NO")",
    ]
    if let variant { details.append("variant:   \(variant)") }

    let copy = new.map { $0 }  // a distinct buffer, so `==` cannot answer from buffer identity
    var jobs = [
        Job("Changeset(from:to:)") { Changeset(from: oldSnapshot, to: newSnapshot) },
        Job("insert each side into [AnyHashable: Int]") { twoTables(old, new) },
        Job("insert old, look new up: 1 dictionary") { oneTable(old, new) },
        Job("Heckel diff (6 passes) of the arrays") { HeckelDiff(from: old, to: new) },
        Job("build new snapshot + Changeset") { Changeset(from: oldSnapshot, to: build()) },
    ]
    if comparesSharedItems {
        let count = old.count
        jobs.append(Job("one == per shared item (\(count.grouped))") { oneEqualityPerItem(old, copy, count: count) })
    }
    let timings = measure(jobs, plan: plan)

    let row = {
        (measured: Int, baseline: Int, target: Target?, conditions: [(name: String, holds: Bool)], details: [String]) in
        context.reporter.report(
            Row(
                workload: name, measured: jobs[measured].label, value: .time(timings[measured].median),
                baseline: jobs[baseline].label, baselineValue: .time(timings[baseline].median),
                repetitions: plan.repetitions,
                target: target, conditions: conditions, details: details))
    }
    row(
        0, 1, tablesTarget.map(Target.ratioAtMost), conditions,
        [
            "The two tables are mostly dictionary insertion (each item is hashed once, then probed and written into a table)."
        ])
    row(0, 2, nil, [], [])
    row(
        0, 3, nil, [("Heckel's answer checks", heckelIsCorrect)],
        [
            "Heckel over AnyHashable: an update is a delete and an insert; moves by IGListKit's offset rule (not minimal)."
        ])
    if comparesSharedItems {
        row(
            0, 5, .ratioAtMost(1.1), conditions,
            ["The least an exact diff of these lists must do: compare each shared item once."])
    }
    let built = build()
    let builtReplay = replays(Changeset(from: oldSnapshot, to: built), from: oldSnapshot, to: built)
    row(
        4, 3, nil, [("built == prebuilt", built == newSnapshot), ("replays", builtReplay == "ok")],
        [
            "What an app pays when it builds a fresh snapshot from its model each time; the diff alone is the first row",
            "(the build's share is the difference of the two medians, noisy when it is small).",
        ] + details)

    switch swiftDifference {
    case .measured:
        // Seconds per run at 5,000 items: a few runs, after the interleaved ones.
        var difference: CollectionDifference<AnyHashable>?
        let runs = context.options.quick ? 1 : 3
        let timing = measure(
            [
                Job("Swift difference+inferringMoves") { () -> Int in
                    difference = new.difference(from: old).inferringMoves()
                    return difference?.count ?? 0
                }
            ], plan: RepetitionPlan(warmups: 0, repetitions: runs))[0]
        if let difference {
            let moves = difference.removals.filter { if case .remove(_, _, .some) = $0 { true } else { false } }.count
            context.reporter.note(
                name,
                String(
                    format:
                        "Swift difference+inferringMoves (a note, not a ratio row: Myers finds no moves of its own): %@ median of %d, %.0fx Changeset; %d removals, %d insertions, %d inferred moves, no updates",
                    Quantity.time(timing.median).formatted, runs,
                    timing.median.nanoseconds / timings[0].median.nanoseconds,
                    difference.removals.count - moves, difference.insertions.count - moves, moves))
        }
    case .skipped(let reason):
        context.reporter.note(name, "Swift difference+inferringMoves skipped: \(reason)")
    case .notApplicable:
        break
    }
}

/// "ok" when `changeset` replayed on `old` gives `new`, "MISMATCH" or "rejected: ..." otherwise.
func replays(
    _ changeset: Changeset<Int, AnyHashable>, from old: Snapshot<Int, AnyHashable>, to new: Snapshot<Int, AnyHashable>
) -> String {
    do {
        return try old.applying(changeset) == new ? "ok" : "MISMATCH"
    } catch {
        return "rejected: \(error)"
    }
}
