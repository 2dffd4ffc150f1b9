@_spi(Testing) import DiffableStore
import FuzzSupport

// Fuzz target: sequences of snapshot mutations, valid and invalid, over identifiers of several types,
// checked after every call against a plain-array model. See "Fuzzing and sanitizers" in CONTRIBUTING.md.

/// One case: up to 200 mutations read from the input. After each, the snapshot agrees with the model
/// through every lookup and its storage invariants hold; a call the model refuses throws the model's
/// error and leaves the snapshot equal to what it was; a copy taken before the call never changes.
func fuzzSnapshot(_ input: inout FuzzInput) {
    var snapshot = Snapshot<AnyHashable, AnyHashable>()
    var model = SnapshotModel()
    var log: [String] = []
    for _ in 0..<200 where !input.isExhausted {
        let operation = SnapshotOperation.next(&input, model: model)
        log.append(operation.description)
        let before = snapshot
        let modelBefore = model
        let expected = operation.perform(on: &model)
        func fail(_ message: String) -> Never {
            fuzzFailure("\(message)\nafter:\n  " + log.joined(separator: "\n  "))
        }
        do {
            try operation.perform(on: &snapshot)
            if let expected { fail("the call succeeded; the model expected \(expected)") }
        } catch {
            if error != expected {
                fail(
                    "the call threw \(error) (\(error.rule), \(error.identifierType ?? "-")); the model expected \(expected.map { "\($0) (\($0.rule), \($0.identifierType ?? "-"))" } ?? "success")"
                )
            }
            if snapshot != before || !sameContents(snapshot, modelBefore) {
                fail("the call threw, but changed the snapshot:\n\(snapshot)")
            }
        }
        if !sameContents(before, modelBefore) { fail("a copy taken before the call changed:\n\(before)") }
        let problems = disagreements(snapshot, model)
        if !problems.isEmpty { fail("the snapshot disagrees with the model:\n" + problems.joined(separator: "\n")) }
    }
}

#if CELLKIT_FUZZ
@_cdecl("FuzzSnapshot_main")
func fuzzSnapshotMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv, fuzzSnapshot)
}
#else
@main
enum FuzzSnapshotMain {
    static func main() {
        FuzzDriver.replayMain(name: "FuzzSnapshot", fuzzSnapshot)
    }
}
#endif
