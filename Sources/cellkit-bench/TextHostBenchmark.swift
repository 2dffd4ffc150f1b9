extension Benchmark {
    /// Workload 7: render the viewport and scroll by a page in `TextListView`, at 1,000 and 1,000,000 items.
    static let textHostBenchmark = Benchmark(name: "text-host", summary: "render the viewport and scroll by a page, 1,000 vs 1,000,000 items") { context in
        context.reporter.note("text-host", "not measured yet: TextListView is not in CellKitText yet")
    }
}
