/// The command line, parsed.
struct Options: Sendable {
    /// Print one JSON object per line instead of the table.
    var json = false
    /// Fewer repetitions (same sizes): the whole run takes about 2 minutes on 2 cores.
    var quick = false
    /// Case-insensitive substrings; a workload runs when its name contains any of them. Empty: all.
    var filters: [String] = []
    /// Exit with status 1 when a row misses its target or a check (for those who gate on it; CI only
    /// builds the bench, since timing on a shared machine is not a test).
    var failOnMiss = false
    /// Hidden: run the memory probe in this (child) process and print its measurements.
    var memoryProbe = false

    /// Whether a workload is selected.
    func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.lowercased().contains($0.lowercased()) }
    }

    /// The repetition plan for a workload: full runs use `full` timed runs after one warm-up;
    /// `--quick` runs use `quick` timed runs after `quickWarmups` (0 for the million-item workloads,
    /// whose first run is long enough to warm up on its own).
    func plan(full: Int, quick: Int, quickWarmups: Int = 1) -> RepetitionPlan {
        self.quick
            ? RepetitionPlan(warmups: quickWarmups, repetitions: quick) : RepetitionPlan(warmups: 1, repetitions: full)
    }
}

/// A command line that cannot be run; the message names the argument and what was expected.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

extension Options {
    /// The usage text for `--help`.
    static func help(workloads: [String]) -> String {
        """
        USAGE: cellkit-bench [--quick] [--json] [--fail-on-miss] [--filter <substring>]... [--help]

        Measures CellKit's workloads against baselines measured in the same process and run, and
        prints each workload's median, its baseline's median and the ratio, with PASS or MISS where
        the ratio has a target. Build it optimised: swift run -c release cellkit-bench

        OPTIONS:
          --quick                 Fewer repetitions at the same sizes (whole run about 2 minutes on 2 cores).
          --json                  One JSON object per line instead of the table.
          --fail-on-miss          Exit with status 1 when any row prints MISS (over its target, or a check
                                  of its answer failed). Without it the exit status is 0 whatever the
                                  timings; 2 is a usage error. Timings on a busy machine vary: gate on a
                                  quiet one.
          --filter <substring>    Run the workloads whose name contains <substring> (case-insensitive).
                                  Repeat to select several.
          -h, --help              Show this help.

        WORKLOADS:
        \(workloads.map { "  " + $0 }.joined(separator: "\n"))
        """
    }

    /// Parses arguments (without the program name).
    ///
    /// - Returns: The options, or `nil` when help was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a missing or empty filter.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--json":
                options.json = true
            case "--quick":
                options.quick = true
            case "--fail-on-miss":
                options.failOnMiss = true
            case "--memory-probe":
                options.memoryProbe = true
            case "--filter":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(description: "--filter needs a substring, as in --filter diff")
                }
                try options.addFilter(value)
            default:
                guard argument.hasPrefix("--filter=") else {
                    throw UsageError(description: "unknown argument '\(argument)'; see --help")
                }
                try options.addFilter(String(argument.dropFirst("--filter=".count)))
            }
        }
        return options
    }

    private mutating func addFilter(_ value: String) throws(UsageError) {
        guard !value.isEmpty else { throw UsageError(description: "--filter needs a non-empty substring") }
        filters.append(value)
    }
}
