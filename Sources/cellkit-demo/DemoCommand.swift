/// What the user asked `cellkit-demo` to do, read from the command line.
enum DemoCommand: Equatable {
    /// Play the scripted story (no arguments).
    case story
    /// Build, diff and scroll a list of this many items, and print the timings.
    case items(Int)
    /// Drive the feed from the keyboard.
    case interactive
    /// Print the usage.
    case help

    /// The largest list `--items` builds.
    static let maximumItems = 10_000_000

    /// A command line that does not parse, with a message that says what is wrong.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { "cellkit-demo: \(message)\nRun 'cellkit-demo --help' for usage." }
    }

    /// Reads the arguments after the program name.
    ///
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
    /// - Returns: The command.
    /// - Throws: ``UsageError`` for an unknown option, a stray argument, a missing or bad number, or
    ///   options that cannot be combined.
    static func parse(_ arguments: some Collection<String>) throws(UsageError) -> DemoCommand {
        var items: Int?
        var interactive = false
        var help = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                help = true
            case "--interactive":
                interactive = true
            case "--items":
                guard items == nil else { throw UsageError(message: "--items is given twice") }
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "--items needs a number: --items 1000000")
                }
                items = try count(value)
            default:
                if argument.hasPrefix("--items=") {
                    guard items == nil else { throw UsageError(message: "--items is given twice") }
                    items = try count(String(argument.dropFirst("--items=".count)))
                } else if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(argument)'")
                } else {
                    throw UsageError(message: "unexpected argument '\(argument)'")
                }
            }
        }
        if help { return .help }
        switch (items, interactive) {
        case (.some, true): throw UsageError(message: "--items and --interactive cannot be combined")
        case (.some(let count), false): return .items(count)
        case (nil, true): return .interactive
        case (nil, false): return .story
        }
    }

    /// A positive item count, with `_` or `,` allowed as digit separators (`1_000_000`, `1,000,000`).
    private static func count(_ text: String) throws(UsageError) -> Int {
        let digits = text.filter { $0 != "_" && $0 != "," }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let value = Int(digits), value >= 1, value <= maximumItems
        else {
            throw UsageError(message: "--items needs a whole number from 1 to \(maximumItems.grouped), not '\(text)'")
        }
        return value
    }

    /// The text `--help` prints.
    static let usage = """
        Usage: cellkit-demo [--items N | --interactive | --help]

        A feed screen of mixed view models (section headers, tiles, rows and alerts) shown by CellKit's
        text host and driven through the whole pipeline: registration, snapshot, diff, batch updates, render.

          (no options)     Play a short scripted story of updates (insert, delete, move, content change,
                           section move, a carousel and a grid, a swipe) and print, for each, the
                           changeset and the screen after it.
          --items N        Build a list of N items (1 to \(maximumItems.grouped)), apply it, diff a 1% change,
                           scroll to the end, and print how long each step took (use -c release).
          --interactive    Drive the feed from the keyboard; stdin must be a terminal. Each change goes
                           through the same diff and batch updates as the story, and plugins attached to
                           the data source add behaviour:
                             Up/Down or j/k  move the cursor, the focus, from item to item (marked ▸)
                             Left/Right, h/l move it within a grid row or a carousel, which scrolls
                                             sideways to keep it in view
                             Tab, Shift-Tab  move the focus to the next or previous item, around the ends
                             Home or g       jump to the first item, at the top of the list
                             End or G        jump to the last item; when the end of the list shows, the
                                             pagination plugin loads the next page (4 in all): a loading
                                             row shows, and the page arrives with the next key press. The
                                             first load fails, and its row says so
                             Enter or space  select the item: a tile gets a like, the folder row (Muted)
                                             folds or unfolds its rows, a group of the Groups outline
                                             opens or closes, the failed page row retries
                             r               retry the page that failed to load
                             d               swipe the row left and tap its Delete action (swipe plugin)
                             a               add a row after the item
                             m               move the item down
                             s               the Suggested block drops its first suggestion and shows
                                             the next one, editing only its own rows (a slice)
                             c               open the context menu of the item (context menu plugin),
                                             shown under its row; 1-9 choose an entry, c goes back or
                                             closes
                             q               quit
                           The feed is also made of parts: the Suggested block owns its rows and draws
                           them as a card with separators, Groups is an outline, and once the last page
                           is loaded a view the demo owns ends the feed ("You're all caught up"). The
                           status line starts with the header of the section at the top of the feed
                           (current-section plugin). The screen fits the terminal's size, and follows it
                           when the window is resized; it needs at least \(InteractiveLayout.narrowestTerminal) columns.
          -h, --help       Show this help.
        """
}

extension Int {
    /// The number with thousands separators and a noun, singular for exactly one: `1 item`, `1,000 items`.
    ///
    /// - Parameters:
    ///   - singular: The noun for one.
    ///   - plural: The noun for any other number; `singular` + `s` when `nil`.
    func counted(_ singular: String, plural: String? = nil) -> String {
        "\(grouped) \(self == 1 ? singular : plural ?? singular + "s")"
    }

    /// The number with thousands separators: `1,000,000`.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
