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
    ///   - body: The work; its result is released after the clock stops.
    init<Result>(_ label: String, limit: RepetitionPlan? = nil, _ body: @escaping @MainActor () -> Result) {
        self.label = label
        self.limit = limit
        self.sample = {
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
