import Foundation

// cellkit-bench: CellKit's workloads as ratios against baselines measured in the same run.

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let workloadHelp = Benchmark.all.map { $0.name.padded(to: 18) + $0.summary }
let options: Options
do {
    guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.help(workloads: workloadHelp))
        exit(0)
    }
    options = parsed
} catch {
    printError("cellkit-bench: error: \(error)")
    exit(2)
}

if options.memoryProbe {
    MemoryProbe.runInChild()
    exit(0)
}

let selected = Benchmark.all.filter { options.selects($0.name) }
guard !selected.isEmpty else {
    printError(
        "cellkit-bench: error: no workload matches --filter \(options.filters.joined(separator: ", ")); workloads: \(Benchmark.all.map(\.name).joined(separator: ", "))"
    )
    exit(2)
}

#if DEBUG
printError(
    "cellkit-bench: warning: this is a debug build; timings mean little. Run: swift run -c release cellkit-bench")
#endif

let reporter = Reporter(json: options.json)
let mode =
    (options.quick ? "--quick" : "full run")
    + (options.filters.isEmpty ? "" : ", filter: " + options.filters.joined(separator: ", "))
reporter.header(machine: machineDescription(), mode: mode)
let context = BenchContext(options: options, reporter: reporter)
Task { @MainActor in
    let clock = ContinuousClock()
    let started = clock.now
    for benchmark in selected {
        await benchmark.run(context)
    }
    reporter.summary(elapsed: clock.now - started)
    exit(options.failOnMiss && reporter.hasMiss ? 1 : 0)
}
// The main thread runs the main actor's jobs from its run loop, and sleeps in it while the main actor
// has none. (With async top-level code, Linux's libdispatch lets the main thread exit and drains the
// main queue from a worker thread that also runs other tasks; then the main thread's CPU time would
// not be the main actor's, and apply-async-1m could not measure it.)
while true {
    _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
