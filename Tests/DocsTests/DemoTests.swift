import CellKit
import CellKitPlugins
import DiffableStore
import Foundation
import Testing
@testable import cellkit_demo

/// `cellkit-demo`, run as a user runs it.
@Suite("cellkit-demo")
struct DemoTests {
    @Test("the default run prints the stored story, byte for byte")
    func defaultRun() throws {
        let expectedURL = Paths.expected.appendingPathComponent("demo.txt")
        guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
            Issue.record(
                "missing \(expectedURL.path); create it with `swift run cellkit-demo > Tests/DocsTests/Expected/demo.txt` and read it"
            )
            return
        }
        let result = try run("cellkit-demo")
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        #expect(result.standardError.isEmpty, "the default run wrote to stderr:\n\(result.standardError)")
        expectLines(
            result.standardOutput.components(separatedBy: "\n"), equal: expected.components(separatedBy: "\n"),
            "the default output of cellkit-demo",
            fix:
                "If the change is intended, regenerate with `swift run cellkit-demo > Tests/DocsTests/Expected/demo.txt` and review the diff."
        )
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
            for text in [
                "Usage: cellkit-demo", "--items N", "--interactive", "--help",
                "End or G", "Home or g", "follows it\n                   when the window is resized",
                "r               retry", "swipe the row left", "folds or unfolds",
                "s               the Suggested block", "Groups outline",
            ] {
                let described = result.standardOutput.contains(text)
                #expect(described, "--help does not print '\(text)'")
            }
            #expect(result.standardError.isEmpty)
        }
    }

    @Test(
        "bad arguments exit 2 with a message on stderr that names the problem",
        arguments: [
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
        for text in [
            "make view models", "build snapshot", "apply (first load)", "diff 1%", "scroll to end",
            "2,000 items", "5 deletes, 5 inserts, 5 moves, 5 updates", "• row 2000",
        ] {
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
        for text in [
            "cell for Tile -> TileCell", "no cell registration for item Poll(40) of type Poll at 4.3", "Row(30)",
        ] {
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
    static func interactiveScreens(columns: Int?, rows: Int?, keys: [String] = ["j"]) throws -> (
        ProcessResult, [[String]]
    ) {
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

    @Test("--interactive fits the terminal it gets, top line included", arguments: [(80, 24), (44, 16), (120, 40)])
    func interactiveFits(columns: Int, rows: Int) throws {
        let (result, drawn) = try Self.interactiveScreens(columns: columns, rows: rows)
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        #expect(drawn.count == 2, "expected the first screen and one after a key, got \(drawn.count)")
        for screen in drawn {
            #expect(
                screen.count == rows,
                "a screen of \(screen.count) lines on a terminal of \(rows):\n\(screen.joined(separator: "\n"))")
            #expect(
                screen.first?.hasPrefix("┌─ CellKit feed · 18 items · page 1 of 4") == true,
                "the frame's top line is not first: \(screen.first ?? "")")
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
        #expect(drawn.first?.first?.count == 55, "the feed should be drawn 52 columns wide in its frame")
    }

    @Test("--interactive says so when the terminal is too small", arguments: [(40, 24), (80, 12)])
    func interactiveTooSmall(columns: Int, rows: Int) throws {
        let session = try TerminalSession("cellkit-demo", ["--interactive"], columns: columns, rows: rows)
        // Refused, it closes the terminal before drawing; if it starts anyway, it draws the feed and q quits it
        // (with status 0) instead of leaving it waiting for keys. A key typed before it reads keys would be
        // thrown away when it switches the terminal to raw mode.
        try session.waitFor("q quit")
        session.type("q")
        let result = try session.finish()
        #expect(result.status == 1)
        let explained =
            result.standardError.contains("needs a terminal of at least")
            && result.standardError.contains("this one is \(columns)×\(rows)")
        #expect(explained, "stderr was:\n\(result.standardError)")
        #expect(!result.standardOutput.contains("CellKit feed"), "drew the feed anyway:\n\(result.standardOutput)")
    }

    /// The screens the session draws, after the first: the last one drawn.
    static func lastScreen(_ session: TerminalSession) -> [String] {
        screens(in: session.output).filter { $0 != [""] }.last ?? []
    }

    @Test(
        "--interactive lays the screen out again for each new size of the window (SIGWINCH), and the size it asks for when too small is the one it needs to start"
    )
    func interactiveResized() throws {
        let session = try TerminalSession("cellkit-demo", ["--interactive"], columns: 80, rows: 24)
        try session.waitFor("q quit")
        let sizes: [(columns: Int, rows: Int)] = [(44, 20), (200, 60), (40, 20), (80, 12), (80, 24)]
        var shown: [[String]] = []
        // No key is typed: the signal alone redraws. A feed ends with the key legend's "q quit", the message
        // for a terminal too small with "… press q to quit."
        var feeds = 1
        var messages = 0
        for size in sizes {
            session.resize(columns: size.columns, rows: size.rows)
            if size.columns < 44 || size.rows < 15 {
                messages += 1
                try session.waitFor("quit.", count: messages)
            } else {
                feeds += 1
                try session.waitFor("q quit", count: feeds)
            }
            shown.append(Self.lastScreen(session))
        }
        session.type("q")
        let result = try session.finish()
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        let feedScreens = [0, 1, 4].map { (sizes[$0], shown[$0]) }
        for (size, screen) in feedScreens {
            let text = screen.joined(separator: "\n")
            #expect(screen.count == size.rows, "\(size): \(screen.count) lines:\n\(text)")
            #expect(screen.first?.hasPrefix("┌─ CellKit feed") == true, "\(size):\n\(text)")
            #expect(screen.last?.hasSuffix("q quit") == true, "\(size):\n\(text)")
            #expect(screen.allSatisfy { $0.count < size.columns }, "\(size): a line reaches the last column:\n\(text)")
            #expect(screen.first?.count == min(55, size.columns - 1), "\(size): the frame is not as wide as it fits")
        }
        // A taller window shows more of the feed: at 200×60 the whole first page, with the Groups outline.
        #expect(shown[1].joined().contains("── EARLIER ──") && !shown[0].joined().contains("── EARLIER ──"))
        // Too small: the message names the smallest size for that width, the one start-up asks for.
        let message = { (index: Int) in shown[index].joined() }  // each line starts with its space
        #expect(message(2).contains("The terminal is 40×20 now; this screen needs at least 44×16."), "\(message(2))")
        #expect(message(3).contains("The terminal is 80×12 now; this screen needs at least 80×15."), "\(message(3))")
        for (index, size) in [(2, "40×20"), (3, "80×12")] {
            let start = try TerminalSession(
                "cellkit-demo", ["--interactive"], columns: sizes[index].columns,
                rows: sizes[index].rows)
            try start.waitFor("q quit")
            start.type("q")
            let refused = try start.finish().standardError
            let needed = message(index).components(separatedBy: "needs at least ").last?.prefix { $0 != "." } ?? ""
            #expect(
                refused.contains("needs a terminal of at least \(needed) (columns×rows); this one is \(size)"),
                "start-up on \(size) asks for another size than \(needed):\n\(refused)")
        }
    }

    @Test("--interactive reads Home and End as tmux and xterm send them")
    func interactiveHomeAndEnd() throws {
        // End as tmux sends it (ESC [ 4 ~): the cursor goes to the end and the next page starts loading;
        // Home as tmux sends it (ESC [ 1 ~): back to the top; End as xterm sends it (ESC [ F), Home (ESC O H).
        let keys = ["\u{1B}[4~", "\u{1B}[1~", "\u{1B}[F", "\u{1B}OH"]
        let (result, drawn) = try Self.interactiveScreens(columns: 80, rows: 24, keys: keys)
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        // Joined without separators, the status's two lines read as one (each starts with its space).
        let texts = drawn.map { $0.joined() }
        #expect(texts.count == 5, "expected the first screen and one per key, got \(texts.count)")
        guard texts.count == 5 else { return }
        #expect(texts[1].contains("Loading page 2…") && texts[1].contains("folder “Muted”"), "\(texts[1])")
        #expect(texts[2].contains("At 0.0: alert “Offline: showing saved posts”."), "\(texts[2])")
        #expect(drawn[2].dropFirst().first?.hasPrefix("│── TODAY ──") == true, "\(texts[2])")
        #expect(texts[3].contains("At 5.4: the failed page row."), "\(texts[3])")
        #expect(drawn[4].dropFirst().first?.hasPrefix("│── TODAY ──") == true, "\(texts[4])")
    }

    @Test("--interactive loads pages at the end, with a failure and a retry, and swipes a row away")
    func interactivePlugins() throws {
        // G jumps to the end: the page starts loading; the next key (j) answers it with a failure; r
        // retries; the next key (j) brings the page, and moves the cursor from the page's first item to its
        // second, a row; d swipes that row and deletes it.
        let (result, drawn) = try Self.interactiveScreens(columns: 80, rows: 24, keys: ["G", "j", "r", "j", "d"])
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        let texts = drawn.map { $0.joined(separator: "\n") }
        #expect(texts.count == 6, "expected the first screen and one per key, got \(texts.count)")
        guard texts.count == 6 else { return }
        let checks: [(key: String, screen: Int, texts: [String])] = [
            ("G", 1, ["… Loading the next page", "Loading page 2…"]),
            ("j", 2, ["(!) Page 2 timed out · Enter or r: retry", "Page 2 did not load (simulated); r retries."]),
            ("r", 3, ["… Loading the next page"]),
            ("j", 4, ["CellKit feed · 21 items · page 2 of 4", "── LAST WEEK ──", "Loaded page 2 of 4."]),
            ("d", 5, ["Swiped row “Dana shared an album”: Delete."]),
        ]
        for check in checks {
            for text in check.texts {
                let shown = texts[check.screen].contains(text)
                #expect(shown, "after \(check.key), the screen does not show '\(text)':\n\(texts[check.screen])")
            }
        }
        #expect(!texts[0].contains("Loading"), "the first screen loads a page before any scroll:\n\(texts[0])")
        #expect(
            texts[4].contains("• Dana shared an album") && !texts[5].contains("• Dana shared an album"),
            "the swiped row is still shown:\n\(texts[5])")
    }

    @Test("--interactive: s makes the Suggested block bring its next suggestion, inside its card")
    func interactiveSuggestedBlock() throws {
        let (result, drawn) = try Self.interactiveScreens(columns: 80, rows: 25, keys: ["s"])
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        let texts = drawn.map { $0.joined(separator: "\n") }
        #expect(texts.count == 2, "expected the first screen and one after s, got \(texts.count)")
        guard texts.count == 2 else { return }
        #expect(texts[0].contains("│   Dana Okafor · 12 friends in common"), "\(texts[0])")
        #expect(
            !texts[1].contains("Dana Okafor ·") && texts[1].contains("│   Fay Nguyen · liked your photo"), "\(texts[1])"
        )
        #expect(texts[1].contains("Not now: Dana Okafor. Suggested Fay Nguyen instead."), "\(texts[1])")
    }
}

/// The `--interactive` session driven through its key handler, as the terminal loop drives it.
@Suite("cellkit-demo --interactive keys")
@MainActor
struct InteractiveKeyTests {
    typealias State = InteractiveSession.State

    static let size = TerminalSize(columns: 80, rows: 24)

    func makeSession(_ size: TerminalSize = Self.size) throws -> State {
        try State(layout: #require(InteractiveLayout(terminal: size)))
    }

    /// The item under the cursor.
    func cursorItem(_ state: State) -> AnyHashable? {
        state.cursor.flatMap { state.feed.itemIdentifier(at: $0) }
    }

    /// Presses Down until the cursor is on `item`; `false` when it never gets there.
    func moveDown(_ state: State, to item: AnyHashable) -> Bool {
        moveDown(state) { $0 == item }
    }

    /// Presses Down until the cursor is on an item that passes `test`; `false` when it never gets there.
    func moveDown(_ state: State, to test: (AnyHashable) -> Bool) -> Bool {
        for _ in 0..<100 {
            if let item = cursorItem(state), test(item) { return true }
            state.handle(.down)
        }
        return cursorItem(state).map(test) ?? false
    }

    /// The viewport, without the frame.
    func viewport(_ state: State) -> String { state.screen.list.render() }

    @Test("the session starts at the top, in Today, with no page loading")
    func start() throws {
        let state = try makeSession()
        #expect(state.screen.list.firstVisibleLine == 0)
        #expect(state.statusLine.hasPrefix(" ── TODAY ── Welcome"), "status line: \(state.statusLine)")
        #expect(state.pagination.state == .idle)
        #expect(state.pendingLoad == nil)
        #expect(state.contentItemCount == 18)
    }

    @Test(
        "the end of the list loads the next page on the next key; the first load fails, and selecting its row retries")
    func pageLoadFailureAndRetry() throws {
        let state = try makeSession()
        state.handle(.end)
        guard case .loading = state.pagination.state else {
            Issue.record("the end of the list did not start a load: \(state.pagination.state)")
            return
        }
        #expect(viewport(state).contains("… Loading the next page"), "no loading row:\n\(viewport(state))")
        #expect(state.status.contains("Loading page 2…"))

        state.handle(.up)  // the "server" answers: a failure
        guard case .failed(let message) = state.pagination.state else {
            Issue.record("the first load did not fail: \(state.pagination.state)")
            return
        }
        #expect(message == "Page 2 timed out")
        #expect(
            viewport(state).contains("(!) Page 2 timed out · Enter or r: retry"), "no failed row:\n\(viewport(state))")
        #expect(state.status.contains("Page 2 did not load"))
        #expect(state.pagesShown == 1)

        // The failed row stays failed (an error latches) until it is selected.
        #expect(moveDown(state) { ($0.base as? PaginationStatusRow)?.isFailure == true })
        guard case .failed = state.pagination.state else {
            Issue.record("moving onto the failed row changed the state: \(state.pagination.state)")
            return
        }
        state.handle(.delete)
        #expect(state.status == "The failed page row has no swipe actions.")
        state.handle(.select)
        guard case .loading = state.pagination.state else {
            Issue.record("selecting the failed row did not retry: \(state.pagination.state)")
            return
        }
        #expect(state.screen.list.selectedIndexPath == nil, "the selection plugin deselects the row")

        state.handle(.other)  // the answer: page 2
        #expect(state.pagesShown == 2)
        #expect(state.feed.sectionIdentifiers.map(\.id).contains("last-week"))
        #expect(
            !state.feed.itemIdentifiers.contains { $0.base is PaginationStatusRow } || state.pendingLoad != nil,
            "a status row is left without a load under way")
        #expect(state.draw(on: Self.size).contains("CellKit feed · 21 items · page 2 of 4"))
        #expect(
            cursorItem(state).map { !($0.base is PaginationStatusRow) } == true,
            "the cursor stays on an item of the feed")
    }

    @Test("r retries a failed page; there are four pages, and then no more loads")
    func retryKeyAndLastPage() throws {
        let state = try makeSession()
        state.handle(.retry)
        #expect(state.status.hasPrefix("Nothing to retry: pagination is idle"), "status: \(state.status)")
        state.handle(.end)
        state.handle(.other)  // fails
        guard case .failed = state.pagination.state else {
            Issue.record("the first load did not fail: \(state.pagination.state)")
            return
        }
        state.handle(.retry)
        guard case .loading = state.pagination.state else {
            Issue.record("r did not retry: \(state.pagination.state)")
            return
        }
        for _ in 0..<10 where state.pagination.state != .disabled {
            state.handle(.end)
        }
        #expect(state.pagination.state == .disabled)
        #expect(state.pagesShown == 4)
        #expect(
            state.feed.sectionIdentifiers.map(\.id)
                == [
                    "today", "suggested", "pinned", "highlights", "groups", "earlier", "last-week", "last-month",
                    "last-year",
                ])
        #expect(
            !state.feed.itemIdentifiers.contains { $0.base is PaginationStatusRow },
            "the status row outlived the last page")
        state.handle(.end)
        #expect(state.pendingLoad == nil, "a load started after the last page")
        #expect(viewport(state).contains("Page 4 of 4"))
    }

    @Test("selecting the folder row folds and unfolds its rows")
    func fold() throws {
        let state = try makeSession()
        let folder = AnyHashable(State.muted)
        #expect(moveDown(state, to: folder))
        let before = state.feed.numberOfItems
        #expect(viewport(state).contains("▸ [+] Muted · 3 rows folded · Enter shows"), "\(viewport(state))")

        state.handle(.select)
        #expect(state.folding.isExpanded(folder))
        #expect(state.status.contains("Unfolded folder “Muted”."), "status: \(state.status)")
        let rows = State.mutedRows.map(AnyHashable.init)
        let folderPath = try #require(state.feed.indexPath(of: folder))
        for (offset, row) in rows.enumerated() {
            #expect(
                state.feed.indexPath(of: row)
                    == ListIndexPath(item: folderPath.item + 1 + offset, section: folderPath.section))
        }
        #expect(viewport(state).contains("[-] Muted · 3 rows · Enter folds"), "\(viewport(state))")
        #expect(cursorItem(state) == folder, "the cursor stays on the folder")

        state.handle(.select)
        #expect(!state.folding.isExpanded(folder))
        #expect(state.status.contains("Folded folder “Muted”."))
        #expect(state.feed.numberOfItems == before)
        for row in rows { #expect(state.feed.indexPath(of: row) == nil) }
    }

    @Test("d swipes the row under the cursor and performs its Delete action")
    func swipeToDelete() throws {
        let state = try makeSession()
        state.handle(.down)
        #expect(cursorItem(state) == AnyHashable(FeedStory.run))
        state.handle(.delete)
        #expect(state.feed.indexPath(of: AnyHashable(FeedStory.run)) == nil, "the tile is still there")
        #expect(state.status.hasPrefix("Swiped tile “Morning run”: Delete."), "status: \(state.status)")
        #expect(state.status.hasSuffix("Deleted tile “Morning run”."), "status: \(state.status)")
        #expect(state.lastBatches.first == "delete 0.1")
        #expect(cursorItem(state) == AnyHashable(FeedStory.comment), "the cursor goes to the row that took its place")
        #expect(state.screen.list.swipedIndexPath == nil, "the swipe closes after the action")

        // The folder offers no swipe actions: nothing is deleted.
        let folder = AnyHashable(State.muted)
        #expect(moveDown(state, to: folder))
        let count = state.feed.numberOfItems
        state.handle(.delete)
        #expect(state.feed.numberOfItems == count)
        #expect(state.status.contains("The folder “Muted” has no swipe actions."), "status: \(state.status)")
    }

    @Test("a row swiped away inside the folder stays away when the folder folds and unfolds")
    func swipeInsideFolder() throws {
        let state = try makeSession()
        let folder = AnyHashable(State.muted)
        #expect(moveDown(state, to: folder))
        state.handle(.select)
        let first = AnyHashable(State.mutedRows[0])
        #expect(moveDown(state, to: first))
        state.handle(.delete)
        #expect(state.feed.indexPath(of: first) == nil)
        let folderPath = try #require(state.feed.indexPath(of: folder))
        state.screen.list.select(folderPath)  // a tap on the folder: folds
        #expect(!state.folding.isExpanded(folder))
        state.screen.list.select(folderPath)  // and unfolds
        #expect(state.folding.isExpanded(folder))
        #expect(state.feed.indexPath(of: first) == nil, "the deleted row came back")
        #expect(viewport(state).contains("[-] Muted · 2 rows"), "\(viewport(state))")
    }

    @Test("the status line starts with the header of the section at the top of the feed")
    func currentSection() throws {
        let state = try makeSession()
        #expect(state.currentSection == "Today")
        for _ in 0..<10 where state.pagination.state != .disabled {
            state.handle(state.pagination.state == .idle ? .end : .retry)
        }
        #expect(state.pagination.state == .disabled)
        let top = try #require(state.screen.list.indexPathsForVisibleItems.first)
        let section = try #require(state.feed.sectionIdentifier(at: top.section))
        #expect(section.id.hasPrefix("last-"), "the end of the feed shows \(section.id) at the top")
        #expect(state.currentSection == section.title)
        #expect(state.statusLine.hasPrefix(" ── \(section.title.uppercased()) ── "), "status line: \(state.statusLine)")
        #expect(state.draw(on: Self.size).contains(state.statusLine))

        for _ in 0..<100 { state.handle(.up) }
        #expect(state.currentSection == "Today")
    }

    @Test("Enter on a tile likes it through the selection plugin, and the cursor stays")
    func like() throws {
        let state = try makeSession()
        state.handle(.down)
        state.handle(.select)
        #expect(state.status == "Liked Morning run: 4 likes.")
        #expect(
            state.feed.itemIdentifiers.contains(
                AnyHashable(Tile(id: 10, title: "Morning run", subtitle: "5.2 km along the river", likes: 4))))
        #expect(state.screen.list.selectedIndexPath == nil)
        #expect(state.cursor == ListIndexPath(item: 1, section: 0))
    }

    @Test("the key legend fits three lines on the narrowest terminal and ends with q quit")
    func legend() throws {
        let layout = try #require(InteractiveLayout(terminal: TerminalSize(columns: 44, rows: 16)))
        #expect(InteractiveLayout(terminal: TerminalSize(columns: 44, rows: 15)) == nil)
        #expect(
            InteractiveLayout.minimum(for: TerminalSize(columns: 44, rows: 15)) == TerminalSize(columns: 44, rows: 16))
        #expect(layout.helpLines.count == 3, "\(layout.helpLines)")
        #expect(layout.helpLines.last?.hasSuffix("q quit") == true)
        for key in ["G end", "Enter/space select", "d swipe-delete", "r retry", "s next suggestion"] {
            #expect(layout.helpLines.joined().contains(key), "the legend does not name '\(key)'")
        }
    }

    @Test("Home puts the cursor on the first item and the list at its top")
    func home() throws {
        let state = try makeSession()
        for _ in 0..<8 { state.handle(.down) }
        #expect(state.screen.list.firstVisibleLine > 0)
        state.handle(.home)
        #expect(state.cursor == ListIndexPath(item: 0, section: 0))
        #expect(state.screen.list.firstVisibleLine == 0)
        #expect(state.status == "At 0.0: alert “Offline: showing saved posts”.", "status: \(state.status)")
    }

    /// The lines of a drawn screen.
    func lines(of screen: String) -> [String] {
        screen.dropFirst("\u{1B}[H\u{1B}[2J".count).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    @Test("the screen is laid out again for each size it is drawn on; the cursor stays in view")
    func resize() throws {
        let state = try makeSession()
        for _ in 0..<6 { state.handle(.down) }
        let cursor = try #require(state.cursor)
        for size in [(44, 20), (200, 60), (44, 16), (120, 40), (80, 24)].map(TerminalSize.init) {
            let screen = lines(of: state.draw(on: size))
            #expect(screen.count == size.rows, "\(size): \(screen.count) lines")
            #expect(screen.allSatisfy { $0.count < size.columns }, "\(size): a line reaches the last column")
            #expect(state.layout.terminal == size)
            #expect(state.layout == InteractiveLayout(terminal: size))
            #expect(state.screen.list.width == min(52, size.columns - 4))
            #expect(state.screen.list.height == state.layout.listHeight)
            #expect(state.cursor == cursor, "\(size): the cursor moved")
            #expect(state.screen.list.indexPathsForVisibleItems.contains(cursor), "\(size): the cursor is out of view")
        }
        // Too small: a message naming the size the session needs at that width, the feed's layout kept.
        let message = lines(of: state.draw(on: TerminalSize(columns: 40, rows: 30))).joined()
        #expect(message.contains("The terminal is 40×30 now; this screen needs at least 44×16."), "\(message)")
        #expect(state.layout.terminal == Self.size)
        #expect(lines(of: state.draw(on: Self.size)).count == 24)
    }

    @Test("a row as wide as the list keeps a space before the frame's edge")
    func frameMargin() throws {
        let state = try makeSession(TerminalSize(columns: 44, rows: 40))
        let folder = AnyHashable(State.muted)
        #expect(moveDown(state, to: folder))
        let screen = lines(of: state.draw(on: TerminalSize(columns: 44, rows: 40)))
        let row = try #require(screen.first { $0.contains("Muted") })
        #expect(row.hasSuffix("… │"), "the folder row, cut to the list's width: \(row)")
        let frame = screen.prefix { !$0.hasPrefix(" ") }.dropFirst().dropLast()
        #expect(frame.allSatisfy { $0.hasPrefix("│") && $0.hasSuffix(" │") }, "\(frame.joined(separator: "\n"))")
    }

    @Test("a status longer than a line wraps onto the next, whole on an 80-column terminal")
    func statusWraps() throws {
        let state = try makeSession()
        #expect(moveDown(state, to: AnyHashable(State.muted)))
        state.handle(.select)
        #expect(moveDown(state, to: AnyHashable(State.mutedRows[2])))
        state.handle(.delete)
        let status = state.statusLine
        #expect(status.count > 79, "the status fits one line: \(status)")
        let screen = lines(of: state.draw(on: Self.size))
        let index = try #require(screen.firstIndex { $0.hasPrefix(" ── ") })
        // Each line starts with a space, the one between the words the wrap fell between.
        #expect(screen[index] + screen[index + 1] == status, "\(screen[index])\n\(screen[index + 1])")
    }

    @Test("the feed says it is caught up only once the last page is in: Today's footer says where Today ends")
    func todayFooter() throws {
        let state = try makeSession(TerminalSize(columns: 80, rows: 40))
        #expect(viewport(state).contains("   End of today"), "\(viewport(state))")
        #expect(!viewport(state).contains("caught up"), "\(viewport(state))")
    }
}

/// The pseudo-terminals the `--interactive` tests run the demo on (`TerminalSession`, TestTools.swift).
@Suite("TerminalSession")
struct TerminalSessionTests {
    /// The names a batch of terminals opened at once on every core get, in the order they were opened.
    final class Names: @unchecked Sendable {
        private let lock = NSLock()
        private var masters: [Int32] = []
        private var names: [String?] = []

        func add(master: Int32, name: String?) {
            lock.withLock {
                masters.append(master)
                names.append(name)
            }
        }

        /// The names, after closing the terminals (so that the next batch reuses their numbers).
        func closeAll() -> [String?] {
            lock.withLock {
                for master in masters { close(master) }
                return names
            }
        }
    }

    @Test("terminals opened in parallel each get a name of their own")
    func parallelNames() {
        // The cases of a parameterized interactive test open their terminals together. Each batch opens 32
        // at once from every core; a name read from a buffer another thread overwrote shows as a repeat
        // (without the lock in `PseudoTerminal.slaveName`, some batch of the 1,000 shows one on every run
        // tried, under ThreadSanitizer and without).
        for batch in 0..<1000 {
            let opened = Names()
            DispatchQueue.concurrentPerform(iterations: 32) { _ in
                let master = PseudoTerminal.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
                opened.add(master: master, name: master >= 0 ? PseudoTerminal.slaveName(master) : nil)
            }
            let names = opened.closeAll()
            #expect(!names.contains(nil), "batch \(batch): a terminal could not be opened or named")
            let repeated = Dictionary(grouping: names.compactMap { $0 }, by: { $0 }).filter { $0.value.count > 1 }
            #expect(
                repeated.isEmpty, "batch \(batch): terminals opened together share a name: \(repeated.keys.sorted())")
            if !repeated.isEmpty { return }
        }
    }
}
