import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation

/// A `TextListView` (80×24) driven by a `UniversalDataSource` with a registered cell, and the two
/// snapshots an apply workload goes between.
///
/// Every timed apply starts from the same state, set up untimed by ``reset()``: the old snapshot put
/// back by an unanimated apply (the host reloads), the viewport scrolled to the middle of the list and
/// rendered. The apply then goes from the old snapshot to the new one, never the other way round.
@MainActor
final class ApplyFixture {
    static let width = 80
    static let height = 24

    let list = TextListView(width: ApplyFixture.width, height: ApplyFixture.height)
    let dataSource: UniversalDataSource<Int>
    let old: Snapshot<Int, AnyHashable>
    let new: Snapshot<Int, AnyHashable>

    init(_ workload: DiffWorkload) {
        dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(BenchItemCell.self)
        old = makeSnapshot(workload.old)
        new = makeSnapshot(workload.new)
    }

    /// Shows the old snapshot, scrolled to the middle, rendered: where every timed apply starts.
    func reset() {
        do {
            try dataSource.apply(old, animatingDifferences: false)
        } catch {
            preconditionFailure("BenchItem has a registration: \(error)")
        }
        list.scroll(toLine: list.contentHeight / 2)
        blackHole(list.render())
    }

    /// The synchronous apply of the new snapshot, animated (batch updates), as an app calls it.
    func applyNew() {
        do {
            try dataSource.apply(new, animatingDifferences: true)
        } catch {
            preconditionFailure("BenchItem has a registration and the changeset is valid: \(error)")
        }
    }

    /// Whether what the list shows after an apply is the new snapshot, checked untimed.
    func checks() -> [(name: String, holds: Bool)] {
        let visible = list.indexPathsForVisibleItems
        let rendered = list.render()
        let cellsMatch =
            !visible.isEmpty
            && visible.allSatisfy { path in
                guard let cell = list.cellForItem(at: path),
                    let item = new.itemIdentifier(at: path)?.base as? BenchItem
                else { return false }
                return cell.text == item.content && rendered.contains(item.content)
            }
        return [
            ("data source shows new", dataSource.snapshot() == new),
            ("list counts = new", list.numberOfItems(inSection: 0) == new.numberOfItems),
            ("\(visible.count) visible cells show new items", cellsMatch && visible.count == Self.height),
        ]
    }
}

/// A 1% change of `count` items as the demo makes it: a quarter each of deletes, inserts, moves and
/// content updates of `Identifiable` items.
func onePercentChange(of count: Int, seed: UInt64) -> DiffWorkload {
    let quarter = count / 400
    return DiffWorkload.random(
        count: count, deletes: quarter, inserts: quarter, moves: quarter, updates: quarter, seed: seed)
}

extension Benchmark {
    /// Workload 9: `apply` through the data source and the text host against the diff alone.
    static let applyBenchmarks: [Benchmark] = [
        Benchmark(
            name: "apply-100k", summary: "apply a 1% change of 100,000 items through UniversalDataSource + TextListView"
        ) { context in
            runApply(
                "apply-100k", onePercentChange(of: 100_000, seed: 21), context: context,
                plan: context.options.plan(full: 15, quick: 5), target: 1.5)
        },
        Benchmark(
            name: "apply-1m", summary: "apply a 1% change of 1,000,000 items through UniversalDataSource + TextListView"
        ) { context in
            runApply(
                "apply-1m", onePercentChange(of: 1_000_000, seed: 22), context: context,
                plan: context.options.plan(full: 7, quick: 3, quickWarmups: 0), target: 1.5)
        },
        Benchmark(
            name: "apply-insert-1m",
            summary: "apply one insert into 1,000,000 items through UniversalDataSource + TextListView"
        ) { context in
            let workload = DiffWorkload.random(count: 1_000_000, deletes: 0, inserts: 1, moves: 0, updates: 0, seed: 23)
            runApply(
                "apply-insert-1m", workload, context: context,
                plan: context.options.plan(full: 11, quick: 3, quickWarmups: 0), target: 2.0)
        },
        applyRebuild,
        applyAsync,
        applyAsyncEdits,
    ]
}

/// Measures the synchronous `apply` of a workload's new snapshot (through `UniversalDataSource` and an
/// 80×24 `TextListView` scrolled to the middle) against `Changeset(from:to:)` on the same two snapshots,
/// checks what the list shows afterwards, and reports one row.
@MainActor
func runApply(_ name: String, _ workload: DiffWorkload, context: BenchContext, plan: RepetitionPlan, target: Double) {
    let fixture = ApplyFixture(workload)
    // Once untimed: the state it starts from, the changeset it performs, what it shows after.
    fixture.reset()
    let batchesBefore = fixture.list.statistics.batchUpdates
    fixture.applyNew()
    let batches = fixture.list.statistics.batchUpdates - batchesBefore
    let conditions = fixture.checks()
    let changeset = Changeset(from: fixture.old, to: fixture.new)

    let old = fixture.old
    let new = fixture.new
    let jobs = [
        Job("apply via data source + TextListView", prepare: fixture.reset) { fixture.applyNew() },
        Job("Changeset(from:to:)") { Changeset(from: old, to: new) },
    ]
    let timings = measure(jobs, plan: plan)
    context.reporter.report(
        Row(
            workload: name, measured: jobs[0].label, value: .time(timings[0].median),
            baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
            target: .ratioAtMost(target), conditions: conditions,
            details: [
                "workload:  \(workload.description)",
                "changeset: \(changeset.summary) in \(changeset.stages.count) stage\(changeset.stages.count == 1 ? "" : "s"); the host performed \(batches) batch\(batches == 1 ? "" : "es")",
                "each timed apply starts from the same state, set up untimed: the old snapshot shown by an unanimated apply (a reload),",
                "the \(ApplyFixture.width)×\(ApplyFixture.height) viewport scrolled to the middle and rendered; the apply is animated (batch updates), old → new only.",
            ]))
}
