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

    @Test("counts read as English: one item, one batch, never \"1 items\"")
    func plurals() throws {
        let one = try run("cellkit-demo", ["--items", "1"])
        #expect(one.status == 0, "stderr:\n\(one.standardError)")
        for text in ["1 item in one section", "1 delete, 0 inserts", "1 batch performed"] {
            let said = one.standardOutput.contains(text)
            #expect(said, "the --items 1 run does not print '\(text)'; it printed:\n\(one.standardOutput)")
        }
        let story = try run("cellkit-demo").standardOutput
        for output in [one.standardOutput, story] {
            for wrong in ["1 items", "1 sections", "1 stages", "1 batches", "1 likes"] {
                let found = output.contains(wrong)
                #expect(!found, "the demo printed '\(wrong)':\n\(output)")
            }
        }
    }

    @Test("type names are printed without the module name, like the rows' own names")
    func unqualifiedNames() throws {
        let story = try run("cellkit-demo").standardOutput
        let qualified = story.contains("cellkit_demo.")
        #expect(!qualified, "the story prints a module-qualified name:\n\(story)")
        for text in ["cell for Tile -> TileCell", "no cell registration for item Poll(40) of type Poll at 2.3", "Row(30)"] {
            let said = story.contains(text)
            #expect(said, "the story does not print '\(text)'")
        }
    }

    @Test("the `-c release` hint is printed by a debug build only")
    func releaseHint() throws {
        let output = try run("cellkit-demo", ["--items", "10"]).standardOutput
        let hinted = output.contains("swift run -c release cellkit-demo --items 10")
        #if DEBUG
        #expect(hinted, "a debug build should say how to get real timings:\n\(output)")
        #else
        #expect(!hinted, "a release build printed the hint to build for release:\n\(output)")
        #endif
    }

    /// The screens `--interactive` draws on a terminal of a size, after the keys typed; quits with `q`.
    static func interactiveScreens(columns: Int?, rows: Int?, keys: [String] = ["j"]) throws -> (ProcessResult, [[String]]) {
        let session = try TerminalSession("cellkit-demo", ["--interactive"], columns: columns, rows: rows)
        try session.waitFor("q quit")
        for (index, key) in keys.enumerated() {
            session.type(key)
            try session.waitFor("q quit", count: index + 2)
        }
        session.type("q")
        let result = try session.finish()
        return (result, screens(in: result.standardOutput).filter { $0 != [""] })
    }

    @Test("--interactive fits the terminal it gets, top line included", arguments: [(80, 24), (44, 15), (120, 40)])
    func interactiveFits(columns: Int, rows: Int) throws {
        let (result, drawn) = try Self.interactiveScreens(columns: columns, rows: rows)
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        #expect(drawn.count == 2, "expected the first screen and one after a key, got \(drawn.count)")
        for screen in drawn {
            #expect(screen.count == rows, "a screen of \(screen.count) lines on a terminal of \(rows):\n\(screen.joined(separator: "\n"))")
            #expect(screen.first?.hasPrefix("┌─ CellKit feed · 8 items") == true, "the frame's top line is not first: \(screen.first ?? "")")
            #expect(screen.last?.contains("q quit") == true, "the key help is not last: \(screen.last ?? "")")
            for line in screen {
                #expect(line.count < columns, "a line of \(line.count) columns on a terminal of \(columns): \(line)")
            }
        }
    }

    @Test("--interactive assumes 80×24 when the terminal reports no size")
    func interactiveFallbackSize() throws {
        let (result, drawn) = try Self.interactiveScreens(columns: nil, rows: nil)
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        #expect(drawn.first?.count == 24)
        #expect(drawn.first?.first?.count == 54, "the feed should be drawn 52 columns wide in its frame")
    }

    @Test("--interactive says so when the terminal is too small", arguments: [(40, 24), (80, 12)])
    func interactiveTooSmall(columns: Int, rows: Int) throws {
        let session = try TerminalSession("cellkit-demo", ["--interactive"], columns: columns, rows: rows)
        session.type("q")  // if it starts anyway, it quits (with status 0) instead of waiting for keys
        let result = try session.finish()
        #expect(result.status == 1)
        let explained = result.standardError.contains("needs a terminal of at least")
            && result.standardError.contains("this one is \(columns)×\(rows)")
        #expect(explained, "stderr was:\n\(result.standardError)")
        #expect(!result.standardOutput.contains("CellKit feed"), "drew the feed anyway:\n\(result.standardOutput)")
    }

    @Test("--interactive shows a message instead of the feed while the terminal is smaller than the screen")
    func interactiveShrunk() throws {
        let session = try TerminalSession("cellkit-demo", ["--interactive"], columns: 80, rows: 24)
        try session.waitFor("q quit")
        session.resize(columns: 60, rows: 12)
        session.type("j")
        try session.waitFor("press q to quit")
        session.type("q")
        let result = try session.finish()
        #expect(result.status == 0)
        let last = screens(in: result.standardOutput).filter { $0 != [""] }.last ?? []
        #expect(last.count <= 12 && last.allSatisfy { $0.count < 60 }, "the message does not fit:\n\(last.joined(separator: "\n"))")
        #expect(last.joined(separator: " ").contains("The terminal is 60×12 now; this screen needs 80×24."))
    }
}
