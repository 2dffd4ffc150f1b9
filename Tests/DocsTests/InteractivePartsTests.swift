import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitText
import DiffableStore
import Testing
@testable import cellkit_demo

/// The parts of the `--interactive` feed, driven through the key handler: the Suggested block (a slice),
/// its card, the Groups outline and the "all caught up" view.
extension InteractiveKeyTests {
    /// The viewport's lines from the one that equals `first`, `count` of them; empty when `first` is not shown.
    func lines(_ state: State, from first: String, count: Int) -> [String] {
        let lines = viewport(state).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingTrailingSpaces == first }) else { return [] }
        return lines[start..<min(lines.count, start + count)].map(\.trimmingTrailingSpaces)
    }

    /// Every item's index path, by item.
    func indexPaths(_ state: State) -> [AnyHashable: ListIndexPath] {
        var paths: [AnyHashable: ListIndexPath] = [:]
        for path in state.allItems { paths[state.feed.itemIdentifier(at: path)!] = path }
        return paths
    }

    /// Loads every page (the first load fails and is retried).
    func loadEveryPage(_ state: State, whileLoading check: () -> Void = {}) {
        for _ in 0..<20 where state.pagination.state != .disabled {
            check()
            state.handle(state.pagination.state == .idle ? .end : .retry)
        }
    }

    @Test(
        "s: the Suggested block dismisses its first suggestion and brings the next through its slice; nothing outside it moves"
    )
    func suggestedBlockEditsItself() throws {
        let state = try makeSession()
        let block = try #require(state.suggested)
        let section = try #require(state.feed.indexOfSection(SuggestedBlock.section))
        let intro = ListIndexPath(item: 0, section: section)
        let all = SuggestedBlock.suggestions
        #expect(block.shown == Array(all[0..<2]))
        #expect(try block.slice.range == 1..<3, "the block's rows follow the section's intro")
        #expect(state.feed.itemIdentifier(at: intro) == AnyHashable(SuggestedBlock.intro))

        for step in 1...3 {
            let before = indexPaths(state)
            let outside = before.filter { !block.owns($0.key) }
            state.handle(.suggest)
            #expect(block.shown == Array(all[step..<(step + 2)]), "after s number \(step)")
            #expect(state.status == "Not now: \(all[step - 1].name). Suggested \(all[step + 1].name) instead.")
            // A delete at local 0 and an append at local 1 are positions 1 and 2 of the section, after the
            // intro; the suggestion that becomes the last no longer is, and shows its separator.
            #expect(state.lastBatches == ["delete \(section).1; insert \(section).2", "reconfigure \(section).1"])
            let after = indexPaths(state)
            for (item, path) in outside {
                #expect(after[item] == path, "\(item) moved from \(path) to \(String(describing: after[item]))")
            }
            #expect(after.count == before.count)
        }

        // The queue is empty: the block shrinks, one row at a time, and then says so.
        state.handle(.suggest)
        #expect(block.shown == [all[4]])
        #expect(state.status == "Not now: \(all[3].name). No more suggestions.")
        #expect(state.lastBatches == ["delete \(section).1"])
        state.handle(.suggest)
        #expect(block.shown.isEmpty)
        #expect(try block.slice.range == 1..<1)
        // The intro is the card's only row now: configured again, its separator hidden.
        #expect(state.lastBatches == ["delete \(section).1", "reconfigure \(section).0"])
        #expect(state.feed.itemIdentifier(at: intro) == AnyHashable(SuggestedBlock.intro))
        let count = state.feed.numberOfItems
        state.handle(.suggest)
        #expect(state.status == "No more suggestions: the block is empty.")
        #expect(state.feed.numberOfItems == count)
    }

    @Test("s with the cursor on the dismissed suggestion puts it on the one that took its place")
    func suggestedBlockKeepsTheCursor() throws {
        let state = try makeSession()
        let first = AnyHashable(SuggestedBlock.suggestions[0])
        #expect(moveDown(state, to: first))
        let path = try #require(state.cursor)
        state.handle(.suggest)
        #expect(state.cursor == path)
        #expect(cursorItem(state) == AnyHashable(SuggestedBlock.suggestions[1]))
        #expect(viewport(state).contains("│ ▸ Eli Park · in your running club"), "\(viewport(state))")
    }

    @Test("the session leaves the block's rows to the block: a and m refuse there, and nothing moves into the block")
    func sessionLeavesTheBlockAlone() throws {
        let state = try makeSession()
        let block = try #require(state.suggested)
        #expect(moveDown(state, to: AnyHashable(SuggestedBlock.suggestions[0])))
        let feed = state.feed
        state.handle(.add)
        #expect(state.status == State.blockOwnsItsRows)
        state.handle(.move)
        #expect(state.status == State.blockOwnsItsRows)
        // The intro above the block cannot move down into it either.
        state.handle(.up)
        #expect(cursorItem(state) == AnyHashable(SuggestedBlock.intro))
        state.handle(.move)
        #expect(state.status == State.blockOwnsItsRows)
        #expect(state.feed == feed)
        #expect(block.shown == Array(SuggestedBlock.suggestions[0..<2]))
    }

    @Test("the Suggested section is drawn as a card with a separator between its rows, kept right as the block edits")
    func card() throws {
        let state = try makeSession(TerminalSize(columns: 80, rows: 40))  // the whole card in view
        #expect(
            lines(state, from: "── SUGGESTED FOR YOU ──", count: 9) == [
                "── SUGGESTED FOR YOU ──",
                "  ╭─ People you may know ────────────────────────╮",
                "  │   (i) From your contacts and groups          │",
                "  │   ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │",
                "  │   Dana Okafor · 12 friends in common         │",
                "  │   ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │",
                "  │   Eli Park · in your running club            │",
                "  ╰──────────────────────────────────────────────╯",
                "   s: not now, show another",
            ], "\(viewport(state))")
        // Other sections have neither card nor separators.
        #expect(
            lines(state, from: "── TODAY ──", count: 3) == [
                "── TODAY ──",
                "▸ (!) Offline: showing saved posts",
                "  ┌──────────────────────────────────────────────┐",
            ])

        // Four s later one suggestion is left: the card closes under it, with no separator.
        for _ in 0..<4 { state.handle(.suggest) }
        #expect(
            lines(state, from: "── SUGGESTED FOR YOU ──", count: 7) == [
                "── SUGGESTED FOR YOU ──",
                "  ╭─ People you may know ────────────────────────╮",
                "  │   (i) From your contacts and groups          │",
                "  │   ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │",
                "  │   Hana Sato · follows Ana                    │",
                "  ╰──────────────────────────────────────────────╯",
                "   s: not now, show another",
            ], "\(viewport(state))")
        // The last one gone, the intro alone is in the card; swiped away too, the section has no card.
        state.handle(.suggest)
        #expect(
            lines(state, from: "── SUGGESTED FOR YOU ──", count: 5) == [
                "── SUGGESTED FOR YOU ──",
                "  ╭─ People you may know ────────────────────────╮",
                "  │   (i) From your contacts and groups          │",
                "  ╰──────────────────────────────────────────────╯",
                "   s: not now, show another",
            ], "\(viewport(state))")
        #expect(moveDown(state, to: AnyHashable(SuggestedBlock.intro)))
        state.handle(.delete)
        #expect(
            lines(state, from: "── SUGGESTED FOR YOU ──", count: 3) == [
                "── SUGGESTED FOR YOU ──",
                "   s: not now, show another",
                "── PINNED ──",
            ], "\(viewport(state))")
    }

    @Test(
        "moving down onto a card's last row scrolls until the row shows whole, with the card's edge and a line under it"
    )
    func cursorIntoCard() throws {
        let state = try makeSession()
        #expect(moveDown(state, to: AnyHashable(SuggestedBlock.suggestions[1])))
        let lines = viewport(state).split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingTrailingSpaces
        }
        #expect(
            Array(lines.suffix(3)) == [
                "  │ ▸ Eli Park · in your running club            │",
                "  ╰──────────────────────────────────────────────╯",
                "   s: not now, show another",
            ], "\(viewport(state))")
        #expect(state.pendingLoad == nil, "the list scrolled on to the end")
    }

    @Test("Enter on a group of the outline opens and closes it, and the cursor stays on the group")
    func outline() throws {
        let state = try makeSession(TerminalSize(columns: 80, rows: 60))  // the whole outline in view
        let running = AnyHashable(GroupsOutline.running)
        let track = AnyHashable(GroupsOutline.track)
        #expect(moveDown(state, to: running))
        let path = try #require(state.cursor)
        #expect(viewport(state).contains("▸ [+] Running club · 2 topics"), "\(viewport(state))")

        state.handle(.select)
        #expect(state.screen.dataSource.isExpanded(running))
        #expect(state.status == "Opened group “Running club”.")
        #expect(
            state.lastBatches == [
                "insert \(path.section).\(path.item + 1), \(path.section).\(path.item + 2); reconfigure \(path)"
            ])
        #expect(state.cursor == path && cursorItem(state) == running, "the cursor left the group")
        #expect(
            lines(state, from: "▸ [-] Running club", count: 4) == [
                "▸ [-] Running club",
                "      · Saturday long run",
                "      [+] Track Tuesdays · 2 topics",
                "  [+] Book club · 2 topics",
            ], "\(viewport(state))")

        // A group inside a group: its topics show one level deeper.
        #expect(moveDown(state, to: track))
        state.handle(.select)
        #expect(state.status == "Opened group “Track Tuesdays”.")
        #expect(
            lines(state, from: "▸     [-] Track Tuesdays", count: 3) == [
                "▸     [-] Track Tuesdays",
                "          · Interval plans",
                "          · Spikes for sale",
            ], "\(viewport(state))")

        // Closing the outer group hides everything under it, in one batch; Track Tuesdays stays open inside.
        for _ in 0..<2 { state.handle(.up) }
        #expect(cursorItem(state) == running)
        state.handle(.select)
        #expect(state.status == "Closed group “Running club”.")
        #expect(
            state.lastBatches == [
                "delete \(path.section).\(path.item + 1), \(path.section).\(path.item + 2), "
                    + "\(path.section).\(path.item + 3), \(path.section).\(path.item + 4); reconfigure \(path)"
            ])
        #expect(state.cursor == path && cursorItem(state) == running, "the cursor left the group")
        #expect(state.feed.indexPath(of: track) == nil)
        #expect(viewport(state).contains("▸ [+] Running club · 2 topics"), "\(viewport(state))")
        state.handle(.select)
        #expect(
            state.feed.indexPath(of: AnyHashable(GroupNode(id: 503, title: "Interval plans"))) != nil,
            "Track Tuesdays did not stay open inside its group")
    }

    @Test(
        "a topic is only selected; the outline's rows offer no swipe, and the session's edits that would change them are refused"
    )
    func outlineRowsAreTheOutlines() throws {
        let state = try makeSession()
        let photos = AnyHashable(GroupsOutline.photos)
        #expect(moveDown(state, to: photos))
        state.handle(.select)
        state.handle(.down)
        let topic = try #require(cursorItem(state))
        let feed = state.feed
        state.handle(.select)
        #expect(state.status == "Selected topic “Challenge: bridges”.")
        state.handle(.delete)
        #expect(state.status == "The topic “Challenge: bridges” has no swipe actions.")
        state.handle(.add)
        #expect(state.status.hasPrefix("Refused: "), "status: \(state.status)")
        #expect(state.feed == feed)
        #expect(cursorItem(state) == topic)
    }

    @Test(
        "once the last page is in, the “all caught up” view ends the feed: once, always the same view, never configured"
    )
    func caughtUp() throws {
        let state = try makeSession()
        let item = AnyHashable(StaticView(state.caughtUp))
        loadEveryPage(state) {
            #expect(
                state.feed.indexPath(of: item) == nil,
                "the view showed before the last page (\(state.pagesShown) shown)")
        }
        #expect(state.pagesShown == 4)
        #expect(state.pagination.state == .disabled)
        #expect(state.feed.itemIdentifiers.last == item)
        #expect(state.feed.itemIdentifiers.count { $0 == item } == 1)
        #expect(!state.feed.itemIdentifiers.contains { $0.base is PaginationStatusRow })
        #expect(state.contentItemCount == 26, "the view is not content")
        #expect(state.status.hasSuffix("That was the last page."), "status: \(state.status)")

        state.handle(.end)
        #expect(cursorItem(state) == item)
        #expect(
            lines(state, from: "▸ ✓ You're all caught up", count: 3) == [
                "▸ ✓ You're all caught up",
                "    That is everything: 4 pages, 26 items",
                "   Page 4 of 4",
            ], "\(viewport(state))")
        state.handle(.move)
        #expect(state.status == "The “all caught up” view stays at the end.")
        state.handle(.delete)
        #expect(state.status == "The “all caught up” view has no swipe actions.")
        state.handle(.up)
        #expect(!viewport(state).contains("▸ ✓"), "the view kept the marker after the cursor left")
        state.handle(.move)
        #expect(
            state.status.hasSuffix("is the feed's last item: the “all caught up” view below it stays at the end."),
            "status: \(state.status)")

        // Scrolled away and back, and the end reached again: the same view, never configured or reused.
        for _ in 0..<100 { state.handle(.up) }
        #expect(!viewport(state).contains("✓ You're all caught up"))
        state.handle(.end)
        state.handle(.end)
        #expect(state.feed.itemIdentifiers.count { $0 == item } == 1)
        #expect((state.feed.itemIdentifiers.last?.base as? StaticView)?.view === state.caughtUp)
        #expect(viewport(state).contains("▸ ✓ You're all caught up"), "\(viewport(state))")
        #expect(state.caughtUp.configureCount == 0)
        #expect(state.caughtUp.prepareForReuseCount == 0)
    }
}

extension String {
    /// The string without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension InteractiveKeyTests {
    @Test(
        "a on the feed's last item, then m: the new row is the feed's last, and the message names the row that stays below it"
    )
    func addThenMoveAtTheEnd() throws {
        let state = try makeSession()
        state.handle(.end)  // the feed's last item; the next page starts loading
        let last = try #require(cursorItem(state))
        state.handle(.add)  // the page fails first (simulated); the row goes after the item
        #expect(state.status.hasSuffix("Added New row 1."), "status: \(state.status)")
        let row = try #require(cursorItem(state))
        let path = try #require(state.cursor)
        #expect(state.feed.indexPath(of: last).map { $0.item + 1 } == path.item)
        let below = try #require(
            state.feed.itemIdentifier(at: ListIndexPath(item: path.item + 1, section: path.section)))
        #expect(below.base is PaginationStatusRow, "below the new row: \(below)")
        let feed = state.feed
        state.handle(.move)
        #expect(
            state.status
                == "The row “New row 1” is the feed's last item: the failed page row below it stays at the end.")
        #expect(state.feed == feed)
        #expect(cursorItem(state) == row)
        // Above another row of the feed, the new row moves down past it.
        state.handle(.up)
        state.handle(.add)
        let second = try #require(cursorItem(state))
        state.handle(.move)
        #expect(state.status == "Moved row “New row 2” down.")
        #expect(state.feed.indexPath(of: second).map { $0.item } == state.feed.indexPath(of: row).map { $0.item + 1 })
    }

    @Test("Left and Right move the cursor along the Highlights carousel, scrolling it; Down leaves it")
    func highlightsCarousel() throws {
        let state = try makeSession()
        let list = state.screen.list
        let section = try #require(state.feed.indexOfSection(FeedStory.highlights))
        #expect(moveDown(state, to: AnyHashable(FeedStory.hike)), "Down enters the carousel at its first card")
        #expect(list.carouselOffset(inSection: section) == 0)
        #expect(!viewport(state).contains("Bake sale"), "the third card is off the strip:\n\(viewport(state))")
        state.handle(.right)
        #expect(cursorItem(state) == AnyHashable(FeedStory.books))
        let offset = try #require(list.carouselOffset(inSection: section))
        #expect(offset > 0, "Right scrolls the carousel to show the card it moves to")
        #expect(state.screen.dataSource.carouselOffset(of: FeedStory.highlights) == Double(offset))
        state.handle(.right)
        #expect(cursorItem(state) == AnyHashable(FeedStory.bake))
        #expect(viewport(state).contains("Bake sale"), "\(viewport(state))")
        #expect(list.carouselOffset(inSection: section).map { $0 > offset } == true)
        state.handle(.right)
        #expect(cursorItem(state) == AnyHashable(FeedStory.bake), "Right stops at the last card")
        state.handle(.left)
        state.handle(.left)
        #expect(cursorItem(state) == AnyHashable(FeedStory.hike))
        #expect(list.carouselOffset(inSection: section) == 0, "Left scrolls back to the first card")
        state.handle(.down)
        #expect(state.cursor.map { $0.section != section } == true, "Down leaves the carousel")
        #expect(freshDifference(state) == nil)
    }
}
