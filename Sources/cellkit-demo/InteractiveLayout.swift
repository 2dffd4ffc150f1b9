import CellKitText

/// Where the parts of the `--interactive` screen go in a terminal of a given size.
///
/// The screen is, top to bottom: the feed in a frame, ``statusLines`` lines for what the last key did,
/// ``batchLines`` lines for the batches it performed, a line of view counts, and the key help (wrapped to
/// the width). The frame gets every line the others leave, so the whole screen is exactly as tall as the
/// terminal, and no line reaches the last column (where some terminals wrap).
struct InteractiveLayout: Equatable {
    /// The widest the feed is drawn, in columns (without its frame).
    static let widestList = 52
    /// The narrowest terminal the screen fits: the feed's tiles and the help need this many columns.
    static let narrowestTerminal = 44
    /// The lowest the feed is drawn, in lines (without its frame).
    static let lowestList = 6
    /// Lines kept for the status: what the last key did, wrapped.
    static let statusLines = 2
    /// Lines kept for the batches of the last change.
    static let batchLines = 2

    /// The key legend, short enough to fit three lines on the narrowest terminal (the rows say what Enter
    /// does to them: a folder folds, a group opens or closes, the failed page row retries; `--help` tells
    /// the rest, Home or `g` among it).
    static let helpItems = [
        "↑/↓ j/k move", "G end", "Enter/space select", "d swipe-delete", "r retry", "a add", "m move",
        "s next suggestion", "c menu", "q quit",
    ]

    /// The terminal the layout is for.
    var terminal: TerminalSize
    /// Columns of the feed, inside its frame (which keeps a space after the feed's widest line).
    var listWidth: Int
    /// Lines of the feed, inside its frame.
    var listHeight: Int
    /// The key help, wrapped to the terminal's width.
    var helpLines: [String]

    /// The layout for a terminal, or `nil` when the terminal is smaller than ``minimum(for:)``.
    init?(terminal: TerminalSize) {
        guard terminal.columns >= Self.narrowestTerminal else { return nil }
        let help = Self.wrap(Self.helpItems, width: terminal.columns - 1)
        let height = terminal.rows - Self.chromeLines(helpLines: help.count)
        guard height >= Self.lowestList else { return nil }
        self.terminal = terminal
        listWidth = min(Self.widestList, terminal.columns - 4)
        listHeight = height
        helpLines = help
    }

    /// The smallest terminal the screen fits, at the width of `terminal` (or the narrowest allowed).
    static func minimum(for terminal: TerminalSize) -> TerminalSize {
        let columns = max(terminal.columns, narrowestTerminal)
        let help = wrap(helpItems, width: columns - 1)
        return TerminalSize(columns: columns, rows: chromeLines(helpLines: help.count) + lowestList)
    }

    /// Every line but the feed's: its frame's top and bottom, the status, the batches, the view counts, the help.
    private static func chromeLines(helpLines: Int) -> Int {
        2 + statusLines + batchLines + 1 + helpLines
    }

    /// A text wrapped at its spaces into at most `count` lines that fit the terminal without reaching its
    /// last column, each starting with a space; padded with empty lines to `count`. Text that needs more
    /// lines ends in `…` on the last.
    func wrap(_ text: String, lines count: Int) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        var lines = Self.wrap(words, width: terminal.columns - 1, separator: " ")
        if lines.count > count {
            let kept = lines[count - 1] + " " + lines[count...].map { $0.dropFirst() }.joined(separator: " ")
            lines = Array(lines.prefix(count - 1)) + [clip(kept)]
        }
        return lines.map(clip) + Array(repeating: "", count: max(0, count - lines.count))
    }

    /// Items joined with `separator`, in order, into lines at most `width` columns wide, each starting
    /// with a space (an item wider than the line gets a line of its own, cut by ``clip(_:)`` when drawn).
    static func wrap(_ items: [String], width: Int, separator: String = " · ") -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            let joined = line.isEmpty ? item : line + separator + item
            if line.isEmpty || TextWidth.columns(of: " " + joined) <= width {
                line = joined
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { " " + $0 }
    }

    /// The first of `forms` (longest first) that fits the terminal without reaching its last column; the
    /// last, cut by ``clip(_:)``, when none does.
    func fitting(_ forms: [String]) -> String {
        forms.first { TextWidth.columns(of: $0) <= terminal.columns - 1 } ?? clip(forms.last ?? "")
    }

    /// A line cut to fit the terminal without reaching its last column.
    func clip(_ line: String) -> String {
        let width = terminal.columns - 1
        guard TextWidth.columns(of: line) > width else { return line }
        var cut = TextWidth.fit(line, width: width)
        while cut.last == " " { cut.removeLast() }
        return cut
    }
}
