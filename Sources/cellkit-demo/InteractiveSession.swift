import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitText
import DiffableStore

/// `--interactive`: the feed driven from the keyboard. Every change edits the snapshot and goes through
/// the same diff and batch updates as the story; the batches performed are shown under the screen.
///
/// Unlike the story, the session's data source has plugins attached, each driven through the text host as
/// a finger would drive a table view: pages load when the end of the list shows (``PaginationPlugin``,
/// with its loading and failed row), a folder row folds (``FoldingPlugin``), a row swipes to delete
/// (``SwipeActionsPlugin``), a tile selected gets a like (``SelectionPlugin``), and the status line shows
/// the current section (``CurrentSectionPlugin``).
///
/// Its feed is also composed of parts: a "Suggested" block that owns its rows through a slice
/// (``SuggestedBlock``, `s` makes it dismiss one), in a section drawn as a card with separators; a "Groups" outline
/// whose groups Enter expands and collapses (``GroupsOutline``); the story's "Highlights" carousel, which
/// Left and Right scroll card by card while the cursor is in it; and, once the last page is loaded, a view
/// the session owns at the end (``CaughtUpView``, shown as a `StaticView`).
@MainActor
enum InteractiveSession {
    /// Runs until the user quits. The terminal is restored on every way out.
    ///
    /// The screen is laid out for the terminal's size when the session starts (80×24 when the terminal
    /// reports none), and again whenever the window is resized (SIGWINCH) or a key is pressed after it was.
    /// A terminal too small for it is refused with a message; one that shrinks below that later shows a
    /// message instead of the feed, naming the same smallest size, until it is large enough again.
    ///
    /// - Returns: `false` when the terminal is too small or cannot be switched to raw mode (a message has
    ///   been written to stderr).
    /// - Throws: An error only if the feed's script is wrong.
    static func run() throws -> Bool {
        let size = TerminalSize.current()
        guard let layout = InteractiveLayout(terminal: size) else {
            let minimum = InteractiveLayout.minimum(for: size)
            printError(
                "cellkit-demo: --interactive needs a terminal of at least \(minimum) (columns×rows); this one is \(size).\n"
                    + "Enlarge the window and run it again, or run cellkit-demo without options for the scripted story."
            )
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

        let session = try State(layout: layout)
        ResizeSignal.install()
        show(session.draw(on: TerminalSize.current()))
        loop: while true {
            switch terminal.nextEvent() {
            case .key(.quit): break loop
            case .key(let key): session.handle(key)
            case .resized: break  // drawn below, for the new size
            }
            show(session.draw(on: TerminalSize.current()))
        }
        show("\u{1B}[H\u{1B}[2J")
        return true
    }

    /// The feed, the screen, its plugins and what the last key did.
    ///
    /// The cursor is the host's focus (as a keyboard moves it), so that moving it selects nothing; Enter
    /// selects the row under it, as a tap would, and the plugins hear the selection. When the focused row
    /// is deleted, the focus goes to the row that took its place.
    @MainActor
    final class State {
        /// Where the parts of the screen go: for the terminal the screen was last drawn on.
        private(set) var layout: InteractiveLayout
        let screen: FeedScreen
        private(set) var pagination: PaginationPlugin!
        private(set) var folding: FoldingPlugin!
        /// The "Suggested" block: a part of the feed that edits its own rows through a slice.
        private(set) var suggested: SuggestedBlock!
        /// The view at the end of the feed once the last page is loaded; always this instance.
        let caughtUp = CaughtUpView()
        /// What the last key did, and what the plugins reported while it was handled.
        private(set) var status = ""
        /// The title of the section of the topmost visible item, from ``CurrentSectionPlugin``.
        private(set) var currentSection: String?
        /// The batches the last key that changed the list performed (its own and its plugins').
        private(set) var lastBatches: [String] = []
        private var nextID = 100
        private var messages: [String] = []

        /// The rows of each folder, by the folder's id (a swipe can delete one).
        private var folderRows: [Int: [Row]] = [State.muted.id: State.mutedRows]
        /// The load the "server" answers on the next key press; `nil` when none is under way.
        private(set) var pendingLoad: PaginationPlugin.Token?
        /// How many of the ``pages`` show (the first is the story's feed).
        private(set) var pagesShown = 1
        /// How many loads will still fail before the next one succeeds.
        private var failuresLeft = 1

        static let muted = Folder(id: 30, title: "Muted")
        static let mutedRows = [
            Row(id: 31, text: "Dev digest: 12 new threads"),
            Row(id: 32, text: "Promo: 20% off running shoes"),
            Row(id: 33, text: "Reminder: renew parking permit"),
        ]

        /// The pages after the first: a section each, loaded one at a time.
        static let pages: [(section: FeedSection, items: [AnyHashable])] = [
            (
                FeedSection(id: "last-week", title: "Last week", tagline: "Page 2 of 4"),
                [
                    Tile(id: 200, title: "Book club", subtitle: "Chapter 7 discussion", likes: 5),
                    Row(id: 201, text: "Dana shared an album"),
                    Row(id: 202, text: "Eli mentioned you"),
                ]
            ),
            (
                FeedSection(id: "last-month", title: "Last month", tagline: "Page 3 of 4"),
                [
                    Alert(id: 300, level: .info, message: "Your storage is 80% full"),
                    Row(id: 301, text: "Fay started following you"),
                    Tile(id: 302, title: "Hackathon", subtitle: "Second place, team Otter", likes: 21),
                ]
            ),
            (
                FeedSection(id: "last-year", title: "Last year", tagline: "Page 4 of 4"),
                [
                    Row(id: 400, text: "Welcome to the feed!"),
                    Row(id: 401, text: "Gil liked your first post"),
                ]
            ),
        ]

        /// What a page load that fails says (the failed row shows it).
        struct SimulatedFailure: Error, CustomStringConvertible {
            var page: Int
            var description: String { "Page \(page) timed out" }
        }

        init(layout: InteractiveLayout) throws {
            self.layout = layout
            screen = FeedScreen(width: layout.listWidth, height: layout.listHeight)
            let dataSource = screen.dataSource
            dataSource.registerCellType(PageStatusCell.self)
            dataSource.registerCellType(SuggestionCell.self)
            // An outline row draws its level and disclosure from its context, which the data source keeps current.
            dataSource.registerCell(itemType: GroupNode.self, cellType: GroupCell.self) { cell, context, node in
                cell.show(
                    node, level: context.level, isExpanded: context.isExpanded,
                    topics: GroupsOutline.children(of: node).count)
            }
            try screen.registerCards()
            dataSource.registerCell(itemType: Folder.self, cellType: FolderCell.self) { [weak self] cell, _, folder in
                cell.folder = folder
                cell.isExpanded = { [weak self] in self?.folding.isExpanded(folder) ?? false }
                cell.count = { [weak self] in self?.folderRows[folder.id]?.count ?? 0 }
            }
            pagination = PaginationPlugin(showsStatusRow: true) { [weak self] token in self?.startLoad(token) }
            folding = FoldingPlugin { [weak self] item in
                guard let folder = item.base as? Folder else { return nil }
                return self?.folderRows[folder.id]?.map(AnyHashable.init) ?? []
            }
            folding.onError = { [weak self] error in self?.say("Refused: " + withoutModuleName("\(error)")) }
            let swipes = SwipeActionsPlugin()
                .trailing(Tile.self) { [weak self] _ in self?.deleteActions }
                .trailing(Row.self) { [weak self] _ in self?.deleteActions }
                .trailing(Alert.self) { [weak self] _ in self?.deleteActions }
            let selection = SelectionPlugin()
                .on(Tile.self) { [weak self] tile, _ in self?.like(tile) }
                .on(Row.self) { [weak self] row, _ in self?.say("Selected \(Self.name(of: row)).") }
                .on(Alert.self) { [weak self] alert, _ in self?.say("Selected \(Self.name(of: alert)).") }
                .on(Suggestion.self) { [weak self] suggestion, _ in
                    self?.say("Selected \(Self.name(of: suggestion)); s shows another.")
                }
                .on(GroupNode.self) { [weak self] node, _ in self?.toggle(node) }
            let menus = ContextMenuPlugin()
                .menu(Tile.self) { [weak self] tile in
                    ContextMenu(
                        tile.title,
                        children: [
                            .action(ContextMenuAction("Like", for: Tile.self) { self?.like($0) }),
                            .action(ContextMenuAction("Delete", isDestructive: true) { self?.deleteAll($0) }),
                        ])
                }
                .menu(Row.self) { [weak self] row in
                    ContextMenu(
                        Self.name(of: row),
                        children: [.action(ContextMenuAction("Delete", isDestructive: true) { self?.deleteAll($0) })])
                }

            // The session lays out the sections; the parts fill theirs in before the feed first shows.
            var layout = try FeedStory.initialFeed()
            try layout.insertSections([SuggestedBlock.section], afterSection: FeedStory.today)
            try layout.appendItems([SuggestedBlock.intro], toSection: SuggestedBlock.section)
            try layout.insertSections([GroupsOutline.section], afterSection: FeedStory.pinned)
            // The story's highlights carousel: Left and Right move the cursor along it, scrolling it.
            try layout.insertSections([FeedStory.highlights], afterSection: FeedStory.pinned)
            try layout.appendItems([FeedStory.hike, FeedStory.books, FeedStory.bake], toSection: FeedStory.highlights)
            try layout.appendItems([Self.muted], toSection: FeedStory.earlier)
            try dataSource.prepare(layout)
            // The block's rows go right after the section's intro: an empty slice marks the place.
            suggested = try SuggestedBlock(slice: dataSource.makeSlice(in: SuggestedBlock.section, range: 1..<1))
            say("Welcome: the story's feed, with plugins and parts.")
            try screen.show(dataSource.snapshot(), animated: false)
            try dataSource.apply(GroupsOutline.snapshot(), to: GroupsOutline.section, animatingDifferences: false)
            _ = screen.list.render()  // lay out, so that the first cursor move knows what is visible
            moveCursor(to: ListIndexPath(item: 0, section: 0))
            // The plugins come in once the feed shows from its top: a fresh text list lands scrolled to its
            // end after its first apply, and the pagination plugin would take that for the user's scroll.
            // The second apply changes nothing, and lets them look at the list (a terminal tall enough to
            // show the whole feed loads the next page at once).
            try dataSource.attach(
                CurrentSectionPlugin { [weak self] _, section in
                    self?.currentSection = (section.base as? FeedSection)?.title
                },
                pagination,
                folding,
                swipes,
                menus,
                selection)
            try screen.show(feed)
            finishKey()
        }

        /// The feed on screen: the data source's snapshot, with the rows the plugins manage (a folder's
        /// rows, the pagination row), so that every edit starts from what is shown.
        var feed: Snapshot<FeedSection, AnyHashable> { screen.dataSource.snapshot() }

        /// Where the cursor is: the focused item.
        var cursor: ListIndexPath? { screen.list.focusedIndexPath }

        /// The index paths of every item, in order.
        var allItems: [ListIndexPath] {
            let feed = feed
            return (0..<feed.numberOfSections).flatMap { section in
                (0..<feed.numberOfItems(inSectionAt: section)).map { ListIndexPath(item: $0, section: section) }
            }
        }

        /// The items of the feed, without the pagination row and the "all caught up" view.
        var contentItemCount: Int {
            feed.itemIdentifiers.count { !Self.isChrome($0) }
        }

        /// Whether an item is the list's own rather than the feed's: the pagination row, or the "all caught
        /// up" view. Both stay at the end: nothing is added after them or moved past them.
        static func isChrome(_ item: AnyHashable) -> Bool {
            item.base is PaginationStatusRow || item.base is StaticView
        }

        /// The line under the feed: the current section's header, then what the last key did.
        var statusLine: String {
            " " + (currentSection.map { "── \($0.uppercased()) ── " } ?? "") + status
        }

        /// The whole screen for a terminal of `size`, laid out again first when the size changed: exactly
        /// `size.rows` lines, none reaching the last column, with no newline after the last (so the terminal
        /// never scrolls). A terminal smaller than ``InteractiveLayout/minimum(for:)``, the size the session
        /// needs to start, gets a message instead.
        func draw(on size: TerminalSize) -> String {
            let clear = "\u{1B}[H\u{1B}[2J"
            guard let fitted = InteractiveLayout(terminal: size) else {
                let message =
                    "The terminal is \(size) now; this screen needs at least \(InteractiveLayout.minimum(for: size)). "
                    + "Enlarge it, or press q to quit."
                let words = message.split(separator: " ").map(String.init)
                return clear
                    + InteractiveLayout.wrap(words, width: size.columns - 1, separator: " ").joined(separator: "\n")
            }
            if fitted != layout { relayout(fitted) }
            let title =
                "CellKit feed · \(contentItemCount.counted("item")) · page \(pagesShown) of \(Self.pages.count + 1)"
            var lines = screen.framed(title: title)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines += layout.wrap(statusLine, lines: InteractiveLayout.statusLines)
            for index in 0..<InteractiveLayout.batchLines {
                if index == InteractiveLayout.batchLines - 1, lastBatches.count > InteractiveLayout.batchLines {
                    lines.append(
                        " last batch  ... and \((lastBatches.count - index).counted("more batch", plural: "more batches"))"
                    )
                } else {
                    lines.append(index < lastBatches.count ? " last batch  " + lastBatches[index] : "")
                }
            }
            let statistics = screen.list.statistics
            let (created, reused, inPlace) =
                (statistics.viewsCreated, statistics.reused, statistics.reconfiguredInPlace)
            lines.append(
                layout.fitting([
                    " views  \(created) created, \(reused) reused, \(inPlace) reconfigured in place",
                    " views  \(created) created, \(reused) reused, \(inPlace) reconfigured",
                    " views  \(created) new, \(reused) reused, \(inPlace) in place",
                ]))
            lines += layout.helpLines
            return clear + lines.map(layout.clip).joined(separator: "\n")
        }

        /// Lays the screen out for another terminal size: the feed takes the new width and height, and the
        /// cursor stays in view (a feed that now shows its end loads the next page, as a scroll there would).
        private func relayout(_ fitted: InteractiveLayout) {
            layout = fitted
            screen.list.resize(width: fitted.listWidth, height: fitted.listHeight)
            if let cursor { moveCursor(to: cursor) }
            finishKey()
        }

        /// Handles a key: first the "server" answers a page load under way (loads complete on the next key
        /// press, so that the loading row can be seen), then the key acts.
        func handle(_ key: Key) {
            let logStart = screen.list.updateLog.count
            let loadWasPending = pendingLoad != nil
            completePendingLoad()
            switch key {
            case .up: moveFocus(.up)
            case .down: moveFocus(.down)
            case .left: moveFocus(.left)
            case .right: moveFocus(.right)
            case .tab: moveFocus(.next)
            case .backTab: moveFocus(.previous)
            case .home: jumpToTop()
            case .end: jumpToEnd()
            case .select: activate()
            case .delete: swipeToDelete()
            case .add: addRow()
            case .move: moveSelected()
            case .retry where loadWasPending: break  // the load just ended; a failure waits for the next r
            case .retry: retry()
            case .suggest: dismissSuggestion()
            case .menu: toggleMenu()
            case .entry(let number): chooseMenuEntry(number)
            case .quit, .other: break
            }
            let batches = screen.list.updateLog[logStart...]
            if !batches.isEmpty { lastBatches = Array(batches) }
            finishKey()
        }

        /// Adds to the status line of the key being handled.
        func say(_ message: String) { messages.append(message) }

        /// Makes what was said while handling a key the status line; a key that said nothing leaves it.
        private func finishKey() {
            markCaughtUp()
            if !messages.isEmpty { status = messages.joined(separator: " ") }
            messages = []
        }

        // MARK: The cursor

        /// Moves the cursor to an item and scrolls it into view: up to the top (with the line above it,
        /// often its section's header) when it is above; down, a line at a time, until it shows whole with
        /// a line under it when it is below. The plugins hear every scroll, so the list never scrolls past
        /// where it comes to rest (a jump to the item and back would show the rows after it, and the
        /// pagination plugin would load a page early).
        func moveCursor(to indexPath: ListIndexPath) {
            let list = screen.list
            let visible = list.indexPathsForVisibleItems
            let wasAbove = visible.first.map { indexPath <= $0 } ?? true
            let wasBelow = visible.last.map { indexPath >= $0 } ?? false
            guard list.focus(indexPath) else { return }
            markCaughtUp()
            // Items strictly inside the viewport are whole; the first and last visible ones may be cut.
            guard wasAbove || wasBelow else { return }
            if wasBelow {
                for _ in 0...list.contentHeight {
                    if let bottom = bottomLine(of: indexPath), bottom + 1 < list.height { break }
                    guard list.firstVisibleLine < list.contentHeight - list.height else { break }  // the end
                    list.scrollBy(lines: 1)
                }
            } else {
                list.scroll(to: indexPath)  // the item's top line, unless the end of the content stops it
                list.scroll(toLine: list.firstVisibleLine - 1)
            }
        }

        /// The viewport line of the last line of the item under the cursor, found by its `▸` marker (inside
        /// a card, after the card's edge: ``FeedCard``; along a carousel, at the card's column); `nil` while
        /// the marker is not in the viewport.
        private func bottomLine(of indexPath: ListIndexPath) -> Int? {
            let list = screen.list
            guard let shown = list.cellForItem(at: indexPath) else { return nil }
            // A static view shows in a container cell: the view itself draws the marker.
            let staticView = (feed.itemIdentifier(at: indexPath)?.base as? StaticView)?.view
            guard let cell = shown as? FeedCell ?? staticView as? FeedCell else { return nil }
            let lines = list.render().split(separator: "\n", omittingEmptySubsequences: false)
            // At a line's start, inside a card, or along a carousel's strip (the card under the cursor shows
            // whole in the strip's window).
            guard let marker = lines.firstIndex(where: { $0.contains("▸") }) else {
                return nil
            }
            let below = screen.cardLines(around: indexPath).below
            return marker - cell.markerLine + cell.render(width: list.width).count + below - 1
        }

        /// Moves the focus as an arrow key or Tab (Shift-Tab) does (``TextListView/moveFocus(_:)``: up and
        /// down stop at the ends, Tab goes around them), then settles the viewport as any cursor move does. At
        /// an end the cursor stays, and its item is said again.
        func moveFocus(_ heading: TextListView.FocusHeading) {
            guard let path = screen.list.moveFocus(heading) ?? cursor else { return }
            moveCursor(to: path)
            say(describe(path))
        }

        /// Moves the cursor to the first item and the viewport to the top of the list.
        func jumpToTop() {
            guard let first = allItems.first else { return }
            moveCursor(to: first)
            screen.list.scroll(toLine: 0)
            say(describe(first))
        }

        /// Moves the cursor to the last item and the viewport to the end of the list.
        func jumpToEnd() {
            guard let last = allItems.last else { return }
            moveCursor(to: last)
            screen.list.scrollToEnd()
            say(describe(last))
        }

        func describe(_ indexPath: ListIndexPath) -> String {
            guard let item = feed.itemIdentifier(at: indexPath) else { return "" }
            return "At \(indexPath): \(Self.name(of: item))."
        }

        /// How the status line names an item.
        static func name(of item: AnyHashable) -> String {
            switch item.base {
            case let tile as Tile: "tile “\(tile.title)”"
            case let row as Row: "row “\(row.text)”"
            case let alert as Alert: "alert “\(alert.message)”"
            case let folder as Folder: "folder “\(folder.title)”"
            case let status as PaginationStatusRow: status.isFailure ? "the failed page row" : "the loading row"
            case let suggestion as Suggestion: "suggestion “\(suggestion.name)”"
            case let node as GroupNode:
                GroupsOutline.children(of: node).isEmpty ? "topic “\(node.title)”" : "group “\(node.title)”"
            case is StaticView: "the “all caught up” view"
            default: "\(item.base)"
            }
        }

        /// An item named to start a sentence: "The tile “Lunch spot”", "The failed page row".
        static func subject(_ item: AnyHashable) -> String {
            let name = name(of: item)
            return name.hasPrefix("the ") ? "The " + name.dropFirst("the ".count) : "The " + name
        }

        // MARK: Selection and its plugins

        /// Selects the item under the cursor, as a tap would. The plugins decide what it does: a tile gets a
        /// like, a folder folds or unfolds, the failed page row retries; the row is deselected again.
        func activate() {
            guard let path = cursor, let item = feed.itemIdentifier(at: path) else {
                say("Nothing under the cursor.")
                return
            }
            // The cursor is the focus, which a tap leaves where it is.
            if let folder = item.base as? Folder {
                let wasExpanded = folding.isExpanded(folder)
                screen.list.select(path)
                if folding.isExpanded(folder) != wasExpanded {
                    say(wasExpanded ? "Folded \(Self.name(of: item))." : "Unfolded \(Self.name(of: item)).")
                }
            } else if let row = item.base as? PaginationStatusRow {
                screen.list.select(path)
                if !row.isFailure { say("The page is loading; it arrives with the next key.") }
            } else {
                screen.list.select(path)
            }
        }

        /// Selecting a tile likes it: a content change, reconfigured in place.
        private func like(_ tile: Tile) {
            var liked = tile
            liked.likes += 1
            apply("Liked \(tile.title): \(liked.likes.counted("like")).") { feed in
                try feed.insertItems([liked], afterItem: tile)
                try feed.deleteItems([tile])
            }
        }

        // MARK: Swipe to delete

        /// The actions a swipe on the trailing edge of a tile, row or alert reveals.
        private var deleteActions: [SwipeAction] {
            [
                SwipeAction("Delete", isDestructive: true) { [weak self] item, done in
                    done(self?.delete(item) ?? false)
                }
            ]
        }

        /// Swipes the row under the cursor open on its trailing edge and taps "Delete", through the
        /// swipe actions plugin; the cursor then moves to the item that took the row's place.
        func swipeToDelete() {
            guard let path = cursor, let item = feed.itemIdentifier(at: path) else {
                say("Nothing under the cursor to swipe.")
                return
            }
            guard let offered = screen.list.swipe(path, edge: .trailing), offered.contains("Delete") else {
                say("\(Self.subject(item)) has no swipe actions.")
                return
            }
            say("Swiped \(Self.name(of: item)): \(offered.joined(separator: ", ")).")
            screen.list.performSwipeAction("Delete")
            guard feed.indexPath(of: item) == nil else { return }
            let items = allItems
            if let next = items.first(where: { $0 >= path }) ?? items.last { moveCursor(to: next) }
        }

        // MARK: Context menu

        /// Opens the context menu of the row under the cursor (a long press), through the context menu
        /// plugin; with a menu open, goes back one level instead (as escape does).
        func toggleMenu() {
            if screen.list.contextMenuIndexPath != nil {
                screen.list.closeContextMenu()
                say(screen.list.contextMenuIndexPath == nil ? "Closed the menu." : "Back in the menu.")
                return
            }
            guard let path = cursor, let item = feed.itemIdentifier(at: path) else {
                say("Nothing under the cursor to long-press.")
                return
            }
            guard screen.list.openContextMenu(path) != nil else {
                say("\(Self.subject(item)) has no menu.")
                return
            }
            say("Menu for \(Self.name(of: item)): press its number, or c to close.")
        }

        /// Chooses an entry of the open menu by its number.
        func chooseMenuEntry(_ number: Int) {
            let offered = screen.list.offeredContextMenuEntries
            guard offered.indices.contains(number - 1) else {
                if !offered.isEmpty { say("The menu has no entry \(number).") }
                return
            }
            let openedAt = screen.list.contextMenuIndexPath
            let shownFor = openedAt.flatMap { feed.itemIdentifier(at: $0) }
            guard screen.list.chooseContextMenuEntry(offered[number - 1]) else {
                say("\(offered[number - 1]) is not available.")
                return
            }
            // An item deleted from its menu: the cursor moves to the item that took its row's place.
            guard let path = openedAt, let shownFor else { return }
            if feed.indexPath(of: shownFor) == nil, let next = allItems.first(where: { $0 >= path }) ?? allItems.last {
                moveCursor(to: next)
            }
        }

        /// Deletes the items a menu action names (one per menu here).
        private func deleteAll(_ items: [AnyHashable]) {
            for item in items { _ = delete(item) }
        }

        /// Deletes an item with an apply; `false` when the apply is refused.
        private func delete(_ item: AnyHashable) -> Bool {
            let deleted = apply("Deleted \(Self.name(of: item)).") { feed in try feed.deleteItems([item]) }
            if deleted, let row = item.base as? Row {
                for (id, rows) in folderRows { folderRows[id] = rows.filter { $0 != row } }
            }
            return deleted
        }

        // MARK: Pages

        /// The plugin asks for the next page: the "server" answers on the next key press.
        private func startLoad(_ token: PaginationPlugin.Token) {
            pendingLoad = token
            say("Loading page \(pagesShown + 1)…")
        }

        /// Answers the load under way: the first attempt fails, the others succeed.
        private func completePendingLoad() {
            guard let token = pendingLoad else { return }
            pendingLoad = nil
            let page = pagesShown + 1
            if failuresLeft > 0 {
                failuresLeft -= 1
                pagination.fail(token, SimulatedFailure(page: page))
                say("Page \(page) did not load (simulated); r retries.")
                return
            }
            let cursorWasOnStatusRow = cursor.flatMap { feed.itemIdentifier(at: $0) }?.base is PaginationStatusRow
            let (section, items) = Self.pages[pagesShown - 1]
            let shown = apply("Loaded page \(page) of \(Self.pages.count + 1).") { feed in
                try feed.appendSections([section])
                try feed.appendItems(items, toSection: section)
            }
            guard shown else {
                pagination.fail(token, SimulatedFailure(page: page))
                return
            }
            pagesShown += 1
            // The status row the cursor was on is gone: the cursor goes to the page's first item.
            if cursorWasOnStatusRow,
                let first = feed.indexOfSection(section).map({ ListIndexPath(item: 0, section: $0) })
            {
                moveCursor(to: first)
            }
            // After the page is shown: the plugin looks at the list again, and loads on if the end still shows.
            pagination.finish(token, hasMore: pagesShown <= Self.pages.count)
            if pagesShown > Self.pages.count {
                say("That was the last page.")
                showCaughtUp()
            }
        }

        func retry() {
            guard case .failed = pagination.state else {
                say("Nothing to retry: pagination is \(pagination.state).")
                return
            }
            pagination.retry()
        }

        // MARK: Edits made by the demo itself

        func addRow() {
            let row = Row(id: nextID, text: "New row \(nextID - 99)")
            nextID += 1
            let anchor = cursor.flatMap { feed.itemIdentifier(at: $0) }.flatMap { Self.isChrome($0) ? nil : $0 }
            if let anchor, suggested.owns(anchor) {
                say(Self.blockOwnsItsRows)
                return
            }
            apply("Added \(row.text).") { feed in
                if let anchor {
                    try feed.insertItems([row], afterItem: anchor)
                } else if let first = feed.sectionIdentifiers.first {
                    try feed.appendItems([row], toSection: first)
                }
            }
            if let path = feed.indexPath(of: row) { moveCursor(to: path) }
        }

        /// Moves the item under the cursor one place down, into the next section after the last place.
        func moveSelected() {
            guard let path = cursor, let item = feed.itemIdentifier(at: path) else {
                say("Nothing under the cursor to move.")
                return
            }
            guard !Self.isChrome(item) else {
                say(
                    item.base is PaginationStatusRow
                        ? "The pagination plugin keeps its row at the end."
                        : "The “all caught up” view stays at the end.")
                return
            }
            let items = allItems
            guard let index = items.firstIndex(of: path), index + 1 < items.count,
                let below = feed.itemIdentifier(at: items[index + 1])
            else {
                say("\(Self.subject(item)) is already last.")
                return
            }
            guard !Self.isChrome(below) else {
                // A row shows below it (the pagination row, the "all caught up" view): say which, and why it
                // stays there, rather than call the item last with a row under it.
                say("\(Self.subject(item)) is the feed's last item: \(Self.name(of: below)) below it stays at the end.")
                return
            }
            guard !suggested.owns(item), !suggested.owns(below) else {
                say(Self.blockOwnsItsRows)
                return
            }
            apply("Moved \(Self.name(of: item)) down.") { feed in try feed.moveItem(item, afterItem: below) }
        }

        /// Changes the feed on screen and shows it through the data source's diff (queued when a plugin's
        /// handler calls it during an event delivery).
        ///
        /// - Parameters:
        ///   - message: What the status line says once the change shows; `nil` for nothing.
        ///   - change: The change.
        /// - Returns: `false` when the change was refused (the status line says why).
        @discardableResult
        func apply(_ message: String?, _ change: (inout Snapshot<FeedSection, AnyHashable>) throws -> Void) -> Bool {
            var next = feed
            do {
                try change(&next)
                try screen.show(next)
                if let message { say(message) }
                return true
            } catch {
                say("Refused: " + withoutModuleName("\(error)"))
                return false
            }
        }
    }
}
