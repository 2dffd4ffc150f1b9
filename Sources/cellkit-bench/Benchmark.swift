/// A named workload: it sets itself up, measures itself against its baselines and reports rows.
@MainActor
struct Benchmark {
    /// What `--filter` matches, and the first column of the report.
    let name: String
    /// One line for `--help`.
    let summary: String
    /// Runs the workload and reports through the context (async for the workloads that await an apply).
    let run: @MainActor (BenchContext) async -> Void
}

/// What a running benchmark needs: the options (for repetition plans) and the reporter.
@MainActor
final class BenchContext {
    let options: Options
    let reporter: Reporter

    init(options: Options, reporter: Reporter) {
        self.options = options
        self.reporter = reporter
    }
}

extension Benchmark {
    /// Every workload, in the order the issue lists them.
    static let all: [Benchmark] =
        diffBenchmarks + [sectionDiff, sectionBuildDiff] + snapshotBenchmarks + [
            builder, registry, textHost, textGrid, memory,
        ]
        + applyBenchmarks + editBenchmarks
}
