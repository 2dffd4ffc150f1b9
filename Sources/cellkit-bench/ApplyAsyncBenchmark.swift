import CellKit
@_spi(Testing) import DiffableStore
import Foundation

/// A value handed to a `sending` parameter from a context the compiler cannot prove gives it up.
///
/// The benchmark keeps the new snapshot to hand it over again on the next repetition; a snapshot is a
/// copy-on-write value of immutable `Sendable` items (``BenchItem``), which the async apply only reads
/// off the main actor, so sharing its storage across the hand-over is safe.
struct Handover<Value>: @unchecked Sendable {
    let value: Value
}

/// The value in a hand-over, as a value the caller may send.
nonisolated func takeOver<Value>(_ handover: Handover<Value>) -> sending Value {
    handover.value
}

/// One measurement of an apply on the main actor.
struct MainActorSample {
    /// CPU time the main thread used from the call to its return: the time the main actor was busy.
    var mainThreadCPU: Duration
    /// Wall time from the call to its return.
    var wall: Duration
    /// Whether the call started and returned on the process's main thread (what makes the CPU time
    /// the main actor's).
    var onMainThread: Bool
}

extension ApplyFixture {
    /// Times the synchronous apply of the new snapshot (state reset untimed first).
    func sampleSyncApply() -> MainActorSample {
        reset()
        let clock = ContinuousClock()
        let onMainBefore = Thread.isMainThread
        let start = clock.now
        let cpuStart = threadCPUTime()
        applyNew()
        let cpuEnd = threadCPUTime()
        let end = clock.now
        return MainActorSample(
            mainThreadCPU: cpuEnd - cpuStart, wall: end - start, onMainThread: onMainBefore && Thread.isMainThread)
    }

    /// Times `await apply(_:)` of the new snapshot (state reset untimed first).
    func sampleAsyncApply() async -> MainActorSample {
        reset()
        let handover = Handover(value: new)
        let clock = ContinuousClock()
        let onMainBefore = Thread.isMainThread
        let start = clock.now
        let cpuStart = threadCPUTime()
        do {
            try await dataSource.apply(takeOver(handover), animatingDifferences: true)
        } catch {
            preconditionFailure("BenchItem has a registration and the changeset is valid: \(error)")
        }
        let cpuEnd = threadCPUTime()
        let end = clock.now
        return MainActorSample(
            mainThreadCPU: cpuEnd - cpuStart, wall: end - start, onMainThread: onMainBefore && Thread.isMainThread)
    }
}

/// The main thread's CPU time while the main actor awaits a detached task that keeps another thread
/// busy for `duration`: close to zero when the main thread sleeps while the main actor has no job,
/// which is what makes the main thread's CPU time the main actor's busy time.
@MainActor
func mainThreadCPUWhileAwaiting(busyFor duration: Duration) async -> Duration {
    let start = threadCPUTime()
    let spins = await Task.detached { () -> Int in
        let clock = ContinuousClock()
        let end = clock.now + duration
        var spins = 0
        while clock.now < end { spins &+= 1 }
        return spins
    }.value
    blackHole(spins)
    return threadCPUTime() - start
}

extension Benchmark {
    /// Workload 10: how long `await apply(_:)` keeps the main actor busy, against the synchronous apply.
    ///
    /// # Method
    /// The main actor runs its jobs on the process's main thread, from its run loop (see `main.swift`;
    /// checked on every sample: the row fails its "on the main thread" check otherwise). The benchmark
    /// does nothing else on the main actor while the apply is in flight, and the main thread sleeps while
    /// it has no job (checked: awaiting 100 ms of work on another thread must cost it under 5 ms of CPU). So the main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) from the call to its return is
    /// exactly the time the main actor was busy with the apply: the check of item types, the host's
    /// batches, and the hops on and off the main actor; the diff, which runs on another thread, is not in
    /// it. Unlike a wall-time measure or a ticker task counting how long the main actor was starved, it
    /// does not count the time the main thread waited for a core (this machine has 2, shared), which
    /// would charge other processes' work to the apply. The synchronous apply is measured the same way,
    /// so the ratio compares like with like; both wall times are printed too.
    ///
    /// Each repetition resets the state untimed before each apply (as ``ApplyFixture/reset()`` says),
    /// runs both applies, old → new, and alternates which goes first.
    static let applyAsync = Benchmark(
        name: "apply-async-1m",
        summary: "main-actor time of await apply(_:) of a 1% change of 1,000,000 items vs the synchronous apply"
    ) { context in
        let fixture = ApplyFixture(onePercentChange(of: 1_000_000, seed: 22))
        let plan = context.options.plan(full: 7, quick: 3, quickWarmups: 0)
        // Once untimed: what the list shows after an async apply.
        _ = await fixture.sampleAsyncApply()
        var conditions = fixture.checks()

        var asyncSamples: [MainActorSample] = []
        var syncSamples: [MainActorSample] = []
        for repetition in 0..<(plan.warmups + plan.repetitions) {
            let asyncFirst = repetition % 2 == 0
            if asyncFirst { asyncSamples.append(await fixture.sampleAsyncApply()) }
            syncSamples.append(fixture.sampleSyncApply())
            if !asyncFirst { asyncSamples.append(await fixture.sampleAsyncApply()) }
            if repetition < plan.warmups {
                asyncSamples.removeAll()
                syncSamples.removeAll()
            }
        }
        conditions.append(("on the main thread", (asyncSamples + syncSamples).allSatisfy(\.onMainThread)))
        let idle = await mainThreadCPUWhileAwaiting(busyFor: .milliseconds(100))
        conditions.append(("main thread sleeps while awaiting", idle < .milliseconds(5)))
        let asyncCPU = Timing(samples: asyncSamples.map(\.mainThreadCPU))
        let syncCPU = Timing(samples: syncSamples.map(\.mainThreadCPU))
        let asyncWall = Timing(samples: asyncSamples.map(\.wall))
        let syncWall = Timing(samples: syncSamples.map(\.wall))
        context.reporter.report(
            Row(
                workload: "apply-async-1m", measured: "await apply: main-actor CPU time", value: .time(asyncCPU.median),
                baseline: "sync apply: main-actor CPU time", baselineValue: .time(syncCPU.median),
                repetitions: plan.repetitions,
                target: .ratioAtMost(0.3), conditions: conditions,
                details: [
                    "method: CPU time of the main thread (CLOCK_THREAD_CPUTIME_ID) from the call to its return; the main actor runs on",
                    "the main thread, which sleeps while the diff runs elsewhere, so this is the time the main actor was busy (see ApplyAsyncBenchmark.swift).",
                    "wall time (medians): await apply \(Quantity.time(asyncWall.median).formatted), sync apply \(Quantity.time(syncWall.median).formatted);",
                    "same 1% change of 1,000,000 items as apply-1m; each apply starts from the old snapshot, reset untimed; the order alternates.",
                    "method check: awaiting 100 ms of work on another thread cost the main thread \(Quantity.time(idle).formatted) of CPU.",
                ]))
    }
}

extension EditFixture {
    /// What an app does from async code: the edits on the data source's snapshot, then `await apply`.
    func editAndApplyAsync() async {
        let handover = Handover(value: editSnapshot())
        do {
            try await dataSource.apply(takeOver(handover), animatingDifferences: true)
        } catch {
            preconditionFailure("BenchItem has a registration and the changeset is valid: \(error)")
        }
    }
}

extension Benchmark {
    /// Issue 37, item 5: `await apply` of a small edit made on the data source's snapshot, against the
    /// full diff of the same two snapshots built independently (the shape of `apply-edits-1m`).
    ///
    /// The off-main diff answers from the edited snapshot's record of its edits, and the main actor
    /// checks only the items the changeset adds; the row's time is the wall time from the call to its
    /// return (the edit, both threads' share and the hops), its main-actor share printed beside it.
    static let applyAsyncEdits = Benchmark(
        name: "apply-async-edits-1m",
        summary: "one insert by identifier into 1,000,000 items from dataSource.snapshot(), then await apply"
    ) { context in
        let fixture = EditFixture(
            count: 1_000_000, sections: 100, inserts: 1, deletes: 0, moves: 0, reconfigures: 0, seed: 41)
        let plan = context.options.plan(full: 7, quick: 3, quickWarmups: 0)
        // Once untimed: the state it starts from, the edit, what the list shows after.
        fixture.reset()
        await fixture.editAndApplyAsync()
        var conditions = fixture.checks()
        let old = fixture.old
        let new = fixture.new
        fixture.reset()
        let edited = fixture.editSnapshot()
        conditions.append(
            (
                "the record answers (the edited snapshot remembers its edits since old)",
                edited._remembersEdits(since: old)
            ))

        let clock = ContinuousClock()
        var applies: [Duration] = []
        var mainActor: [Duration] = []
        var diffs: [Duration] = []
        for repetition in 0..<(plan.warmups + plan.repetitions) {
            // Interleaved, the order alternating: the diff first on odd repetitions.
            func timeDiff() -> Duration {
                let start = clock.now
                blackHole(Changeset(from: old, to: new))
                return clock.now - start
            }
            var diff = repetition % 2 == 1 ? timeDiff() : .zero
            fixture.reset()
            let start = clock.now
            let cpuStart = threadCPUTime()
            await fixture.editAndApplyAsync()
            let cpu = threadCPUTime() - cpuStart
            let wall = clock.now - start
            if repetition % 2 == 0 { diff = timeDiff() }
            guard repetition >= plan.warmups else { continue }
            applies.append(wall)
            mainActor.append(cpu)
            diffs.append(diff)
        }
        let apply = Timing(samples: applies)
        let diff = Timing(samples: diffs)
        let main = Timing(samples: mainActor)
        context.reporter.report(
            Row(
                workload: "apply-async-edits-1m", measured: "one insert + await apply (wall)",
                value: .time(apply.median),
                baseline: "Changeset(from:to:), built independently", baselineValue: .time(diff.median),
                repetitions: plan.repetitions, target: .ratioAtMost(0.05), conditions: conditions,
                details: [
                    "workload:  \(fixture.summary)",
                    "main-actor CPU time of the await apply (median): \(Quantity.time(main.median).formatted);",
                    "each timed run starts from the old snapshot shown (unanimated apply, untimed), viewport in the middle, rendered,",
                    "and its snapshot() taken once untimed; the diff and the apply interleave, the order alternating.",
                ]))
    }
}
