import Foundation
import Testing

/// `cellkit-demo`, run as a user runs it.
@Suite("cellkit-demo")
struct DemoTests {
    @Test("the default run prints the stored story, byte for byte")
    func defaultRun() throws {
        let expectedURL = Paths.expected.appendingPathComponent("demo.txt")
        guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
            Issue.record("missing \(expectedURL.path); create it with `swift run cellkit-demo > Tests/DocsTests/Expected/demo.txt` and read it")
            return
        }
        let result = try run("cellkit-demo")
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        #expect(result.standardError.isEmpty, "the default run wrote to stderr:\n\(result.standardError)")
        expectLines(
            result.standardOutput.components(separatedBy: "\n"), equal: expected.components(separatedBy: "\n"),
            "the default output of cellkit-demo",
            fix: "If the change is intended, regenerate with `swift run cellkit-demo > Tests/DocsTests/Expected/demo.txt` and review the diff.")
    }

    @Test("two default runs print the same")
    func deterministic() throws {
        let first = try run("cellkit-demo")
        let second = try run("cellkit-demo")
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test("--help prints the usage and exits 0")
    func help() throws {
        for flag in ["--help", "-h"] {
            let result = try run("cellkit-demo", [flag])
            #expect(result.status == 0)
            for text in ["Usage: cellkit-demo", "--items N", "--interactive", "--help"] {
                let described = result.standardOutput.contains(text)
                #expect(described, "--help does not print '\(text)'")
            }
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("bad arguments exit 2 with a message on stderr that names the problem", arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["story"], "unexpected argument 'story'"),
        (["--items"], "--items needs a number"),
        (["--items", "many"], "--items needs a whole number from 1 to"),
        (["--items", "0"], "--items needs a whole number from 1 to"),
        (["--items", "-3"], "--items needs a whole number from 1 to"),
        (["--items", "10", "--interactive"], "--items and --interactive cannot be combined"),
        (["--items", "10", "--items", "20"], "--items is given twice"),
    ])
    func badArguments(arguments: [String], message: String) throws {
        let result = try run("cellkit-demo", arguments)
        #expect(result.status == 2, "\(arguments) exited \(result.status)")
        let named = result.standardError.contains(message)
        #expect(named, "stderr for \(arguments) does not say '\(message)'; it was:\n\(result.standardError)")
        let pointsToHelp = result.standardError.contains("cellkit-demo --help")
        #expect(pointsToHelp, "the message should point to --help; it was:\n\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "errors go to stderr only; stdout was:\n\(result.standardOutput)")
    }

    @Test("--interactive refuses politely when stdin is not a terminal")
    func interactiveWithoutTerminal() throws {
        let result = try run("cellkit-demo", ["--interactive"])
        #expect(result.status == 1)
        let explained = result.standardError.contains("stdin is not a terminal")
        #expect(explained, "stderr was:\n\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("--items builds, diffs and scrolls a list of that size")
    func items() throws {
        let result = try run("cellkit-demo", ["--items", "2000"])
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        let output = result.standardOutput
        // The steps (their timings vary and are not checked); the changeset of the 1% change (every 100th
        // item, a quarter each deleted, followed by a new row, edited, moved); the last row on screen after
        // scrolling to the end.
        for text in ["make view models", "build snapshot", "apply (first load)", "diff 1%", "scroll to end",
                     "2,000 items", "5 deletes, 5 inserts, 5 moves, 5 updates", "• row 2000"] {
            let reported = output.contains(text)
            #expect(reported, "the --items run does not print '\(text)'; it printed:\n\(output)")
        }
    }
}
