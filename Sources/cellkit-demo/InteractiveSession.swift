import CellKit
import CellKitText
import DiffableStore

/// `--interactive`: the feed driven from the keyboard. Every change edits the snapshot and goes through
/// the same diff and batch updates as the story; the batches performed are shown under the screen.
@MainActor
enum InteractiveSession {
    /// Runs until the user quits. The terminal is restored on every way out.
    ///
    /// The screen is laid out for the terminal's size when the session starts (80×24 when the terminal
    /// reports none). A terminal too small for it is refused with a message; one that shrinks later shows a
    /// message instead of the feed until it is large enough again.
    ///
    /// - Returns: `false` when the terminal is too small or cannot be switched to raw mode (a message has
    ///   been written to stderr).
    /// - Throws: An error only if the feed's script is wrong.
    static func run() throws -> Bool {
        let size = TerminalSize.current()
        guard let layout = InteractiveLayout(terminal: size) else {
            let minimum = InteractiveLayout.minimum(for: size)
            printError("cellkit-demo: --interactive needs a terminal of at least \(minimum) (columns×rows); this one is \(size).\n"
                + "Enlarge the window and run it again, or run cellkit-demo without options for the scripted story.")
            return false
        }
        guard let terminal = RawTerminal() else {
            printError("cellkit-demo: cannot switch the terminal to raw mode")
            return false
        }
        defer {
            terminal.restore()
            show("\u{1B}[?25h")  // show the cursor again
        }
        print("\u{1B}[?25l", terminator: "")  // hide the cursor

        var session = try State(layout: layout)
        show(session.draw(on: TerminalSize.current()))
        while true {
            let key = terminal.readKey()
            if key == .quit { break }
            session.handle(key)
            show(session.draw(on: TerminalSize.current()))
        }
        show("\u{1B}[H\u{1B}[2J")
        return true
    }

    /// The feed, the screen and what the last key did.
    @MainActor
    struct State {
        let layout: InteractiveLayout
        let screen: FeedScreen
        var feed: Snapshot<FeedSection, AnyHashable>
        var status = "Welcome: the feed from the story. Select an item and change it."
        var lastBatches: [String] = []
        var nextID = 100

        init(layout: InteractiveLayout) throws {
            self.layout = layout
            screen = FeedScreen(width: layout.listWidth, height: layout.listHeight)
            feed = try FeedStory.initialFeed()
            try screen.show(feed, animated: false)
            _ = screen.list.render()  // lay out, so that the first selection knows what is visible
            select(ListIndexPath(item: 0, section: 0))
        }

        var selected: ListIndexPath? { screen.list.selectedIndexPath }

        /// The index paths of every item, in order.
        var allItems: [ListIndexPath] {
            (0..<feed.numberOfSections).flatMap { section in
                (0..<feed.numberOfItems(inSectionAt: section)).map { ListIndexPath(item: $0, section: section) }
            }
        }

        /// The whole screen for a terminal of `size`: exactly `layout.terminal.rows` lines, none reaching
        /// the last column, with no newline after the last (so the terminal never scrolls). A terminal
        /// smaller than the layout gets a message instead.
        func draw(on size: TerminalSize) -> String {
            let clear = "\u{1B}[H\u{1B}[2J"
            guard size.columns >= layout.terminal.columns, size.rows >= layout.terminal.rows else {
                let message = "The terminal is \(size) now; this screen needs \(layout.terminal). Enlarge it, or press q to quit."
                let words = message.split(separator: " ").map(String.init)
                return clear + InteractiveLayout.wrap(words, width: size.columns - 1, separator: " ").joined(separator: "\n")
            }
            var lines = screen.framed(title: "CellKit feed · \(feed.numberOfItems.counted("item"))")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append(" " + status)
            for index in 0..<InteractiveLayout.batchLines {
                if index == InteractiveLayout.batchLines - 1, lastBatches.count > InteractiveLayout.batchLines {
                    lines.append(" last batch  ... and \((lastBatches.count - index).counted("more batch", plural: "more batches"))")
                } else {
                    lines.append(index < lastBatches.count ? " last batch  " + lastBatches[index] : "")
                }
            }
            let statistics = screen.list.statistics
            lines.append(" views  \(statistics.viewsCreated) created, \(statistics.reused) reused, "
                + "\(statistics.reconfiguredInPlace) reconfigured in place")
            lines += layout.helpLines
            return clear + lines.map(layout.clip).joined(separator: "\n")
        }

        mutating func handle(_ key: Key) {
            switch key {
            case .up: step(by: -1)
            case .down: step(by: 1)
            case .select: activate()
            case .delete: deleteSelected()
            case .add: addRow()
            case .move: moveSelected()
            case .quit, .other: break
            }
        }

        /// Selects an item and scrolls it into view: to the bottom of the viewport when it is below, to the
        /// top (with the line above it, often its section's header) when it is above.
        func select(_ indexPath: ListIndexPath) {
            let list = screen.list
            let visible = list.indexPathsForVisibleItems
            let wasAbove = visible.first.map { indexPath <= $0 } ?? true
            let wasBelow = visible.last.map { indexPath >= $0 } ?? false
            guard list.select(indexPath) else { return }
            // Items strictly inside the viewport are whole; the first and last visible ones may be cut.
            guard wasAbove || wasBelow else { return }
            let previousTop = list.firstVisibleLine
            list.scroll(to: indexPath)  // the item's top line, unless the end of the content stops it
            let itemTop = list.firstVisibleLine
            let lastTop = max(0, list.contentHeight - list.height)
            if wasBelow {
                guard itemTop < lastTop else { return }  // stopped by the end: the item is on the last screen
                let height = max(1, list.cellForItem(at: indexPath)?.render(width: list.width).count ?? 1)
                list.scroll(toLine: max(previousTop, itemTop + height - list.height + 1))
            } else {
                list.scroll(toLine: itemTop - 1)
            }
        }

        mutating func step(by offset: Int) {
            let items = allItems
            guard !items.isEmpty else { return }
            let current = selected.flatMap { items.firstIndex(of: $0) } ?? (offset > 0 ? -1 : items.count)
            let next = min(max(current + offset, 0), items.count - 1)
            select(items[next])
            status = describe(items[next])
        }

        func describe(_ indexPath: ListIndexPath) -> String {
            guard let item = feed.itemIdentifier(at: indexPath) else { return "" }
            return "At \(indexPath): \(name(of: item))"
        }

        /// How the status line names an item.
        func name(of item: AnyHashable) -> String {
            switch item.base {
            case let tile as Tile: "tile “\(tile.title)”"
            case let row as Row: "row “\(row.text)”"
            case let alert as Alert: "alert “\(alert.message)”"
            default: "\(item.base)"
            }
        }

        /// Selecting a tile likes it: a content change, reconfigured in place.
        mutating func activate() {
            guard let path = selected, let item = feed.itemIdentifier(at: path) else {
                status = "Nothing selected."
                return
            }
            guard var tile = item.base as? Tile else {
                status = "Selected \(name(of: item)). Select a tile to like it."
                return
            }
            tile.likes += 1
            apply("Liked \(tile.title): \(tile.likes.counted("like")).") { feed in
                try feed.insertItems([tile], afterItem: item)
                try feed.deleteItems([item])
            }
        }

        mutating func deleteSelected() {
            guard let path = selected, let item = feed.itemIdentifier(at: path) else {
                status = "Nothing selected to delete."
                return
            }
            apply("Deleted \(name(of: item)).") { feed in try feed.deleteItems([item]) }
            let items = allItems
            if let next = items.first(where: { $0 >= path }) ?? items.last { select(next) }
        }

        mutating func addRow() {
            let row = Row(id: nextID, text: "New row \(nextID - 99)")
            nextID += 1
            let anchor = selected.flatMap { feed.itemIdentifier(at: $0) }
            apply("Added \(row.text).") { feed in
                if let anchor {
                    try feed.insertItems([row], afterItem: anchor)
                } else if let first = feed.sectionIdentifiers.first {
                    try feed.appendItems([row], toSection: first)
                }
            }
            if let path = feed.indexPath(of: row) { select(path) }
        }

        /// Moves the selected item one place down, into the next section after the last place.
        mutating func moveSelected() {
            guard let path = selected, let item = feed.itemIdentifier(at: path) else {
                status = "Nothing selected to move."
                return
            }
            let items = allItems
            guard let index = items.firstIndex(of: path), index + 1 < items.count,
                  let below = feed.itemIdentifier(at: items[index + 1]) else {
                status = "The \(name(of: item)) is already last."
                return
            }
            apply("Moved \(name(of: item)) down.") { feed in try feed.moveItem(item, afterItem: below) }
        }

        /// Changes the feed and shows it through the data source's diff.
        mutating func apply(_ message: String, _ change: (inout Snapshot<FeedSection, AnyHashable>) throws -> Void) {
            var next = feed
            do {
                try change(&next)
                let update = try screen.show(next)
                feed = next
                lastBatches = update.hostLog
                status = message
            } catch {
                status = "Refused: " + withoutModuleName("\(error)")
            }
        }
    }
}
