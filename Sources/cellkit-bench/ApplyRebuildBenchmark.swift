import CellKit
import DiffableStore

extension Benchmark {
    /// Issue 37: what an app that rebuilds its snapshot pays per update of 1,000,000 items, all in: the
    /// new snapshot built from scratch (appends hash nothing) and applied through the data source and
    /// the text host (the check of the appended items, the diff, the host's batch), against the in-place
    /// peer of item 6 (``InPlaceDiff``: appends to an array, one `==` per item in place from each end,
    /// Heckel on what differs).
    static let applyRebuild = Benchmark(
        name: "apply-rebuild-1m",
        summary: "build 1,000,000 items anew + apply via UniversalDataSource + TextListView vs the in-place peer"
    ) { context in
        let plan = context.options.plan(full: 7, quick: 3, quickWarmups: 0)
        let insert = DiffWorkload.random(count: 1_000_000, deletes: 0, inserts: 1, moves: 0, updates: 0, seed: 23)
        let same = DiffWorkload.random(count: 1_000_000, deletes: 0, inserts: 0, moves: 0, updates: 0, seed: 23)
        runApplyRebuild("one insert", insert, context: context, plan: plan)
        runApplyRebuild("no change", same, context: context, plan: plan)
    }
}

/// Times building `workload.new` into a snapshot and applying it (animated) from the old one shown,
/// against the in-place peer on the same arrays, checks what the list shows afterwards, and reports
/// one row.
@MainActor
private func runApplyRebuild(_ name: String, _ workload: DiffWorkload, context: BenchContext, plan: RepetitionPlan) {
    let fixture = ApplyFixture(workload)
    let oldItems = workload.old
    let newItems = workload.new
    let applyRebuilt = {
        do {
            try fixture.dataSource.apply(makeSnapshot(newItems), animatingDifferences: true)
        } catch {
            preconditionFailure("BenchItem has a registration and the changeset is valid: \(error)")
        }
    }
    // Once untimed: the state it starts from, what it shows after, the peer's answer.
    fixture.reset()
    applyRebuilt()
    let conditions = fixture.checks()
    let peerChecks =
        InPlaceDiff(from: oldItems, to: newItems)?.isCorrect(from: oldItems, to: newItems) ?? (oldItems == newItems)
    let jobs = [
        Job("build new snapshot + apply", prepare: fixture.reset) { applyRebuilt() },
        Job("arrays, == in place, Heckel on what differs") { () -> InPlaceDiff? in
            var items: [AnyHashable] = []
            items.append(contentsOf: newItems)
            return InPlaceDiff(from: oldItems, to: items)
        },
    ]
    let timings = measure(jobs, plan: plan)
    context.reporter.report(
        Row(
            workload: "apply-rebuild-1m", measured: "\(jobs[0].label) (\(name))", value: .time(timings[0].median),
            baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
            target: .ratioAtMost(1.1), conditions: conditions + [("the in-place peer's answer checks", peerChecks)],
            details: [
                "workload:  \(workload.description)",
                "each timed apply starts from the old snapshot shown (an unanimated apply, untimed), scrolled to the middle;",
                "timed: appendSections + appendItems of new boxes, then the animated apply (check, diff, host batch, render state).",
            ]))
}
