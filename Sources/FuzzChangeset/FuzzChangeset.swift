@_spi(CellKitInternals) import DiffableStore
import FuzzSupport

// Fuzz target: pairs of snapshots, the second made from the first by edits and marks, diffed into a
// `Changeset` whose every stage is checked and replayed, and the changeset from the new snapshot's
// record of its edits compared with the full diff. See "Fuzzing and sanitizers" in CONTRIBUTING.md.

/// One case: up to 8 pairs, each new snapshot the next pair's old one (its marks cleared), each
/// checked by ``checkChangeset(from:to:fail:)``.
func fuzzChangeset(_ input: inout FuzzInput) {
    var old = makeOld(&input)
    for _ in 0..<8 where !input.isExhausted {
        let new = makeNew(from: old, &input)
        let report = { (message: String) -> Never in
            fuzzFailure(
                "\(message)\nold:\n\(old)\nnew:\n\(new)\nmarks: reload \(new.reloadedItemIdentifiers), reconfigure \(new.reconfiguredItemIdentifiers), reload sections \(new.reloadedSectionIdentifiers)"
            )
        }
        checkChangeset(from: old, to: new, fail: report)
        checkRecordAgrees(from: old, to: new, fail: report)
        old = new
        old.clearReloadMarks()
    }
}

#if CELLKIT_FUZZ
@_cdecl("FuzzChangeset_main")
func fuzzChangesetMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv, fuzzChangeset)
}
#else
@main
enum FuzzChangesetMain {
    static func main() {
        FuzzDriver.replayMain(name: "FuzzChangeset", fuzzChangeset)
    }
}
#endif
