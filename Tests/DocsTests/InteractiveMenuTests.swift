import CellKit
import CellKitText
import DiffableStore
import Testing
@testable import cellkit_demo

/// The `--interactive` session's context menu: `c` opens the menu of the item under the cursor under its
/// row, the digits choose its entries, and `c` closes it.
extension InteractiveKeyTests {
    @Test("c opens a tile's menu under its row; 1 likes the tile, 2 deletes it; c closes a menu")
    func contextMenu() throws {
        let state = try makeSession()
        #expect(moveDown(state) { $0.base is Tile })
        let tile = try #require(cursorItem(state)?.base as? Tile)
        state.handle(.menu)
        #expect(state.screen.list.contextMenuIndexPath == state.cursor)
        #expect(state.screen.list.offeredContextMenuEntries == ["Like", "Delete"])
        #expect(viewport(state).contains("| 2 Delete (destructive)"))
        state.handle(.entry(7))
        #expect(state.status.contains("no entry 7"), "status: \(state.status)")
        state.handle(.entry(1))
        #expect(state.screen.list.contextMenuIndexPath == nil)
        #expect(
            state.feed.itemIdentifiers.contains {
                ($0.base as? Tile)?.id == tile.id && ($0.base as? Tile)?.likes == tile.likes + 1
            })
        state.handle(.menu)
        state.handle(.menu)
        #expect(state.screen.list.contextMenuIndexPath == nil)
        #expect(state.status.contains("Closed the menu"), "status: \(state.status)")
        state.handle(.menu)
        state.handle(.entry(2))
        #expect(!state.feed.itemIdentifiers.contains { ($0.base as? Tile)?.id == tile.id })
        #expect(state.cursor != nil)
    }
}
