import DiffableStore

extension Benchmark {
    /// Workloads 1 to 4: `Changeset(from:to:)` between two prebuilt snapshots.
    static let diffBenchmarks: [Benchmark] = [
        Benchmark(name: "diff-1-5k", summary: "5,000 items: delete 1,000, insert 1,000, move 200 (DifferenceKit's shape)") { context in
            let workload = DiffWorkload.random(count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200, updates: 0, seed: 1)
            runDiff("diff-1-5k", workload, context: context, plan: context.options.plan(full: 11, quick: 3),
                    target: nil, swiftDifference: .measured)
        },
        Benchmark(name: "diff-2-100k", summary: "100,000 items: 1% each of deletes, inserts, moves, content updates") { context in
            let workload = DiffWorkload.random(count: 100_000, deletes: 1_000, inserts: 1_000, moves: 1_000, updates: 1_000, seed: 2)
            runDiff("diff-2-100k", workload, context: context, plan: context.options.plan(full: 15, quick: 5),
                    target: 1.0, checksMoves: true, swiftDifference: .skipped(myersTooSlow))
        },
        Benchmark(name: "diff-3-1m", summary: "1,000,000 items: 1% each of deletes, inserts, moves") { context in
            let workload = DiffWorkload.random(count: 1_000_000, deletes: 10_000, inserts: 10_000, moves: 10_000, updates: 0, seed: 3)
            runDiff("diff-3-1m", workload, context: context, plan: context.options.plan(full: 7, quick: 3, quickWarmups: 0),
                    target: 1.0, checksMoves: true, swiftDifference: .skipped(myersTooSlow))
        },
        Benchmark(name: "diff-4-identical", summary: "identical snapshots of 100,000 items (fresh and shared values)") { context in
            var generator = SeededGenerator(seed: 4)
            let base = makeItems(100_000, using: &generator)
            let old = erased(base)
            let plan = context.options.plan(full: 21, quick: 5)
            let unchanged = { (new: [AnyHashable]) in
                DiffWorkload(old: old, new: new, deleted: 0, inserted: 0, moved: 0, updated: 0, minimalMoves: 0)
            }
            runDiff("diff-4-identical", unchanged(erased(base)), context: context, plan: plan, target: 0.25,
                    variant: "fresh values", equalityBaseline: .wholeArrays)
            runDiff("diff-4-identical", unchanged(old.map { $0 }), context: context, plan: plan, target: 0.25,
                    variant: "shared values", equalityBaseline: .wholeArrays)
        },
        Benchmark(name: "diff-4-append", summary: "1,000 items appended to 100,000 (fresh values, and a copied snapshot appended to)") { context in
            var generator = SeededGenerator(seed: 5)
            let base = makeItems(100_000, using: &generator)
            let extra = makeItems(1_000, numberedFrom: 100_000, using: &generator)
            let old = erased(base)
            let plan = context.options.plan(full: 21, quick: 5)
            let fresh = DiffWorkload(old: old, new: erased(base + extra), deleted: 0, inserted: 1_000, moved: 0,
                                     updated: 0, minimalMoves: 0)
            runDiff("diff-4-append", fresh, context: context, plan: plan, target: 0.1,
                    variant: "fresh values", equalityBaseline: .sharedPrefix)
            // The way an app appends: copy the snapshot on screen and append to it.
            let appended = extra.map { AnyHashable($0) }
            let shared = DiffWorkload(old: old, new: old + appended, deleted: 0, inserted: 1_000, moved: 0,
                                      updated: 0, minimalMoves: 0)
            var copied = makeSnapshot(old)
            let oldSnapshot = copied
            do { try copied.appendItems(appended) } catch { preconditionFailure("Appended items are new: \(error)") }
            runDiff("diff-4-append", shared, context: context, plan: plan, target: 0.1,
                    variant: "copied snapshot + appendItems", equalityBaseline: .sharedPrefix,
                    snapshots: (oldSnapshot, copied))
        },
    ]
}

/// Why Swift's `difference(from:)` is not measured on the big workloads.
private let myersTooSlow = "Myers' algorithm is O((n + m) · d); with thousands of edits it takes seconds to minutes at this size"

/// Whether a diff row measures Swift's `difference(from:).inferringMoves()`.
enum SwiftDifferenceBaseline {
    case measured
    /// Not measured, and the report says why.
    case skipped(String)
    case notApplicable
}

/// Which `==` baseline a diff row adds.
enum EqualityBaseline {
    case none
    /// `old == new` over the whole item arrays (distinct buffers).
    case wholeArrays
    /// `old` against the first `old.count` items of `new` (the shared prefix an append keeps).
    case sharedPrefix
}

/// Measures `Changeset(from:to:)` on a workload against the hash floor and the other baselines,
/// checks the changeset once (counts, replay), and reports one row per baseline.
///
/// - Parameters:
///   - target: The ratio to the hash floor the diff must stay under, or `nil` for no target.
///   - checksMoves: Whether PASS also needs exact deletes and inserts, moves equal to the minimal
///     moves, and every content update paired.
///   - swiftDifference: Whether to measure `new.difference(from: old).inferringMoves()`, or say why not.
///   - snapshots: Prebuilt snapshots (otherwise each side is built from its items).
@MainActor
func runDiff(
    _ name: String, _ workload: DiffWorkload, context: BenchContext, plan: RepetitionPlan, target: Double?,
    variant: String? = nil, checksMoves: Bool = false, swiftDifference: SwiftDifferenceBaseline = .notApplicable,
    equalityBaseline: EqualityBaseline = .none,
    snapshots: (Snapshot<Int, AnyHashable>, Snapshot<Int, AnyHashable>)? = nil
) {
    let (oldSnapshot, newSnapshot) = snapshots ?? (makeSnapshot(workload.old), makeSnapshot(workload.new))
    let old = workload.old
    let new = workload.new

    // Check once, untimed: the counts, and that the changeset replays onto the old snapshot.
    let changeset = Changeset(from: oldSnapshot, to: newSnapshot)
    let summary = changeset.summary
    let replay: String
    do {
        replay = try oldSnapshot.applying(changeset) == newSnapshot ? "ok" : "MISMATCH"
    } catch {
        replay = "rejected: \(error)"
    }
    var details = [
        "changeset: \(summary) in \(changeset.stages.count) stage\(changeset.stages.count == 1 ? "" : "s"); replay old.applying(changeset) == new: \(replay)",
        "workload:  \(workload.description)",
    ]
    if let variant { details.append("variant:   \(variant)") }

    var jobs = [
        Job("Changeset(from:to:)") { Changeset(from: oldSnapshot, to: newSnapshot) },
        Job("hash floor: 2 × [AnyHashable: Int]") { hashFloor(old, new) },
    ]
    var swiftDifferenceResult: Box<CollectionDifference<AnyHashable>?>?
    if case .measured = swiftDifference {
        // Seconds per run at 5,000 items: a few runs, the last one kept for its counts.
        let last = Box<CollectionDifference<AnyHashable>?>(nil)
        swiftDifferenceResult = last
        jobs.append(Job("Swift difference+inferringMoves", limit: RepetitionPlan(warmups: 0, repetitions: context.options.quick ? 1 : 3)) {
            let difference = new.difference(from: old).inferringMoves()
            last.value = difference
            return difference
        })
    }
    let copy = new.map { $0 }  // a distinct buffer, so `==` cannot answer from buffer identity
    switch equalityBaseline {
    case .none: break
    case .wholeArrays: jobs.append(Job("== of the item arrays") { old == copy })
    case .sharedPrefix: jobs.append(Job("== of the first \(old.count.grouped) items") { old.elementsEqual(copy[..<old.count]) })
    }
    let timings = measure(jobs, plan: plan)
    if let inferred = swiftDifferenceResult?.value {
        let moves = inferred.removals.filter { if case .remove(_, _, .some) = $0 { true } else { false } }.count
        details.append("Swift difference: \(inferred.removals.count - moves) removals, \(inferred.insertions.count - moves) insertions, \(moves) inferred moves, no updates")
    }

    var conditions: [(name: String, holds: Bool)] = []
    if checksMoves {
        conditions = [
            ("deletes and inserts exact", summary.deletedItems == workload.deleted && summary.insertedItems == workload.inserted),
            ("moves = minimal", summary.movedItems == workload.minimalMoves),
            ("updates paired", summary.updatedItems == workload.updated),
            ("replays", replay == "ok"),
        ]
    }
    for index in 1..<jobs.count {
        let isFloor = index == 1
        context.reporter.report(Row(
            workload: name, measured: jobs[0].label, value: .time(timings[0].median),
            baseline: jobs[index].label, baselineValue: .time(timings[index].median), repetitions: plan.repetitions,
            target: isFloor ? target.map(Target.ratioAtMost) : nil,
            conditions: isFloor ? conditions : [],
            details: index == jobs.count - 1 ? details : []))
    }
    if case .skipped(let reason) = swiftDifference {
        context.reporter.note(name, "Swift difference+inferringMoves skipped: \(reason)")
    }
}

/// A reference to a value a job's closure records (the closure is escaping, so it cannot write a local).
@MainActor
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
