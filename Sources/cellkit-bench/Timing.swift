#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many times to run a measured closure.
struct RepetitionPlan: Sendable, CustomStringConvertible {
    /// Untimed runs first (caches, allocator, lazy metadata).
    var warmups: Int
    /// Timed runs; the median of these is reported.
    var repetitions: Int

    var description: String { "\(warmups) warm-up + \(repetitions) timed" }
}

/// One closure under measurement.
///
/// The closure's result is kept alive until the clock has stopped and dropped afterwards, so
/// deallocating what a run built (a million released references, say) is never timed, for the
/// workload and its baselines alike. Everything runs on the main actor, where the data source lives.
@MainActor
struct Job {
    /// What is measured, for the report.
    let label: String
    /// Runs the closure once and returns how long it took.
    let sample: @MainActor () -> Duration
    /// At most this many warm-ups and timed runs, for a baseline far slower than its workload
    /// (`nil`: the plan's counts).
    let limit: RepetitionPlan?

    /// A job.
    ///
    /// - Parameters:
    ///   - label: What is measured.
    ///   - limit: Caps on warm-ups and timed runs for a slow baseline; `nil` follows the plan.
    ///   - prepare: Untimed work before every run (warm-ups included), so that each run starts from
    ///     the same state: say, putting the old snapshot back on screen before an apply.
    ///   - body: The work; its result is released after the clock stops.
    init<Result>(
        _ label: String, limit: RepetitionPlan? = nil, prepare: (@MainActor () -> Void)? = nil,
        _ body: @escaping @MainActor () -> Result
    ) {
        self.label = label
        self.limit = limit
        self.sample = {
            prepare?()
            let clock = ContinuousClock()
            let start = clock.now
            let result = body()
            let end = clock.now
            blackHole(result)
            return end - start
        }
    }
}

/// The samples of one job.
struct Timing: Sendable {
    /// Timed runs, in the order they ran.
    let samples: [Duration]

    /// The median sample (the mean of the two middle ones for an even count).
    var median: Duration {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest sample.
    var minimum: Duration { samples.min() ?? .zero }
}

/// Measures jobs side by side: all warm-ups first, then each repetition runs every job once, the
/// starting job rotating, so drift on a noisy machine (frequency, other processes) affects a
/// workload and its baselines alike.
///
/// - Returns: One ``Timing`` per job, in the order of `jobs`.
@MainActor
func measure(_ jobs: [Job], plan: RepetitionPlan) -> [Timing] {
    for job in jobs {
        for _ in 0..<min(plan.warmups, job.limit?.warmups ?? .max) { _ = job.sample() }
    }
    var samples = [[Duration]](repeating: [], count: jobs.count)
    for repetition in 0..<plan.repetitions {
        for offset in jobs.indices {
            let index = (repetition + offset) % jobs.count
            guard repetition < jobs[index].limit?.repetitions ?? .max else { continue }
            samples[index].append(jobs[index].sample())
        }
    }
    return samples.map(Timing.init)
}

/// The CPU time the calling thread has used so far (user and system), from `CLOCK_THREAD_CPUTIME_ID`.
///
/// Differences of two readings on the same thread measure the work that thread did in between, and
/// nothing else: not the time it waited for a lock, a continuation or a CPU.
func threadCPUTime() -> Duration {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else {
        preconditionFailure("CLOCK_THREAD_CPUTIME_ID is available on Linux")
    }
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}

/// Keeps a value observable so the optimizer cannot drop the work that produced it.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

extension Duration {
    /// The duration in nanoseconds, as a `Double`.
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
