@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitTesting
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation
import SeededRandom
import Testing
@testable import cellkit_demo

/// The `--interactive` session under random keys: after each key the list shows what a brand-new list
/// given the same state shows, and the parts of the feed keep their rules.
extension InteractiveKeyTests {
    /// Keys per seed: 400 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static var randomKeySteps: Int { SeededRuns.length(400) }

    /// How the screen's list differs from a brand-new list given the same state, or `nil`.
    ///
    /// `freshListDifference` (CellKitTesting) is not used as it is, for two reasons. The brand-new list
    /// shows the same `StaticView`, and a view shows in one container at a time, so building it takes the
    /// "all caught up" view from the screen before the screen is rendered: here the screen is rendered
    /// first, and its container gets the view back afterwards. And one `scroll(to:)` of the brand-new list
    /// can stop short of an anchor near the end, when rows below it are taller than estimated until they
    /// show (tiles, cards): here it scrolls again until the anchor is the screen's.
    func freshDifference(_ state: State) -> String? {
        let list = state.screen.list
        let shown = list.render()
        let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: list.estimatedRowHeight)
        fresh.showsStateMarkers = list.showsStateMarkers
        let expected: String
        do {
            let source = try state.screen.dataSource._freshCopy(host: fresh)
            if let anchor = list.scrollAnchor {
                for _ in 0..<3 where fresh.scrollAnchor != anchor { fresh.scroll(to: anchor) }
            }
            if let highlighted = list.highlightedIndexPath { fresh.highlight(highlighted) }
            fresh._focus(like: list)
            fresh._openContextMenu(like: list)
            expected = fresh.render()
            withExtendedLifetime(source) {}
        } catch {
            return "a brand-new list refuses the screen's snapshot: \(error)"
        }
        if let path = state.feed.indexPath(of: AnyHashable(StaticView(state.caughtUp))),
            let container = list.cellForItem(at: path) as? any StaticViewContainer
        {
            container.embed(state.caughtUp)
        }
        return LineDiff.report(expected: expected, actual: shown)
    }

    @Test(
        "after random keys and resizes the list equals a brand-new one, the block's slice holds exactly its suggestions, the outline shows its visible items, and the view that ends the feed comes once",
        arguments: [UInt64(21), 22, 23, 24])
    func randomKeys(seed: UInt64) throws {
        let state = try makeSession()
        var random = SplitMix64(seed: seed)
        // Down twice as often as up, so that the cursor reaches the end and pages load.
        let keys: [Key] = [
            .up, .down, .down, .tab, .backTab, .home, .end, .end, .select, .select, .delete, .add, .move, .retry,
            .suggest, .other,
            .menu, .entry(1), .entry(2),
        ]
        // One key in eight comes after a resize of the window, to one of these (the last is too small).
        let sizes = [(44, 16), (44, 20), (80, 24), (120, 40), (200, 60), (40, 20)].map(TerminalSize.init)
        var size = Self.size
        let caughtUp = AnyHashable(StaticView(state.caughtUp))
        let offered = SuggestedBlock.suggestions.map(AnyHashable.init)
        for step in 1...Self.randomKeySteps {
            if random.next() % 8 == 0 {
                size = sizes[Int(random.next() % UInt64(sizes.count))]
                _ = state.draw(on: size)
                if let difference = freshDifference(state) {
                    Issue.record(
                        "seed \(seed), resize \(step) to \(size): the list differs (- brand-new, + shown):\n\(difference)"
                    )
                    return
                }
            }
            let key = keys[Int(random.next() % UInt64(keys.count))]
            state.handle(key)
            let at = "seed \(seed), key \(step) (\(key)) at \(size), status “\(state.status)”"
            if let difference = freshDifference(state) {
                Issue.record("\(at): the list differs from a brand-new list (- brand-new, + shown):\n\(difference)")
                return
            }
            // The block's slice holds every suggestion of the feed, in a run of the order they are offered.
            let blockItems = try state.suggested.slice.items
            #expect(state.feed.itemIdentifiers.filter { $0.base is Suggestion } == blockItems, "\(at)")
            let start = blockItems.first.flatMap { offered.firstIndex(of: $0) } ?? 0
            #expect(Array(offered.dropFirst(start).prefix(blockItems.count)) == blockItems, "\(at): \(blockItems)")
            // The outline section shows the outline's visible items.
            let outline = try #require(state.screen.dataSource.sectionSnapshot(for: GroupsOutline.section))
            #expect(state.feed.itemIdentifiers(inSection: GroupsOutline.section) == outline.visibleItems, "\(at)")
            // The view that ends the feed: after the last page only, once, last.
            let ends = state.feed.itemIdentifiers.count { $0 == caughtUp }
            #expect(ends == (state.pagesShown == State.pages.count + 1 ? 1 : 0), "\(at): \(ends) caught-up views")
            if ends == 1 { #expect(state.feed.itemIdentifiers.last == caughtUp, "\(at)") }
            #expect(state.cursor != nil, "\(at): the cursor is on no item")
            let screen = state.draw(on: size).dropFirst("\u{1B}[H\u{1B}[2J".count)
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            if InteractiveLayout(terminal: size) != nil {
                #expect(lines.count == size.rows, "\(at)")
                #expect(lines.allSatisfy { $0.count < size.columns }, "\(at): a line reaches the last column")
            } else {
                #expect(screen.hasPrefix(" The terminal is \(size) now"), "\(at)")
            }
        }
        #expect(
            state.pagesShown == State.pages.count + 1,
            "seed \(seed) never loaded every page: raise the steps or change the keys")
    }
}
