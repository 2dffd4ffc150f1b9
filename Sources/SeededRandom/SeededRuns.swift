import Foundation

/// The length of the tests' seeded random runs: in full in the plain `swift test`, shorter where
/// `scripts/sanitize` and `scripts/coverage` ask for it (CONTRIBUTING.md, "What CI runs").
///
/// Each variable names the length it asks of a reference run of 2,000 (the render invariant's steps for
/// `CELLKIT_INVARIANT_STEPS`, the slices' for `CELLKIT_SLICE_STEPS`), and every run it governs scales by the
/// same factor: `CELLKIT_INVARIANT_STEPS=300` runs each of them at 15% of its full length, `4000` at twice
/// it. Unset, every run takes its full length. A run is steps, seeds or sequences, whichever the test repeats.
///
/// Test support only (the tests, the fuzz targets and the benchmark link this target; no product does).
public enum SeededRuns {
    /// An environment variable that scales the seeded random runs.
    public enum Variable: String, Sendable {
        /// `CELLKIT_INVARIANT_STEPS`: the render invariants and every other seeded random run.
        case invariant = "CELLKIT_INVARIANT_STEPS"
        /// `CELLKIT_SLICE_STEPS`: the slices' random runs.
        case slice = "CELLKIT_SLICE_STEPS"
    }

    /// The length the variable asks of the reference run, which is 2,000 long in full.
    public static let reference = 2_000

    /// The length of a run whose full length is `full`.
    ///
    /// - Parameters:
    ///   - full: The run's length in the plain `swift test`.
    ///   - variable: The environment variable that scales it.
    ///   - minimum: The shortest the run becomes when shortened (at most `full`).
    /// - Returns: `full` when the variable is unset or not a positive number; otherwise `full` scaled by the
    ///   variable's value over ``reference``, rounded up, and at least `min(minimum, full)`.
    public static func length(_ full: Int, _ variable: Variable = .invariant, minimum: Int = 1) -> Int {
        guard let asked = ProcessInfo.processInfo.environment[variable.rawValue].flatMap(Int.init), asked > 0
        else { return full }
        let scaled = (full * asked + reference - 1) / reference
        return max(scaled, min(minimum, full))
    }

    /// Whether the variable shortens the runs it governs (a test's counts that grow with the run's length,
    /// such as "at least 20 carousels laid out", hold only for the full run).
    public static func isShortened(_ variable: Variable = .invariant) -> Bool {
        length(reference, variable) < reference
    }
}
