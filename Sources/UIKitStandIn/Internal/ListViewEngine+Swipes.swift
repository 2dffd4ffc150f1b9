#if !canImport(UIKit)
import DiffableStore
import Foundation

// Swipe actions as UIKit shows them: on the cell swiped, which keeps them open while it shows (through
// batches that move its row), until an action's handler calls its completion or the cell stops showing.

extension ListViewEngine {
    /// A swipe on an item's cell: the configuration `provider` gives for it opens on the cell (a swipe
    /// open on another cell closes). Nothing opens when the item has no cell showing or no actions.
    func swipe(_ path: ListIndexPath, provider: (IndexPath) -> UISwipeActionsConfiguration?)
        -> UISwipeActionsConfiguration?
    {
        layoutIfNeeded()
        openSwipe = nil
        guard let cell = cells[path], let configuration = provider(path.indexPath), !configuration.actions.isEmpty
        else { return nil }
        openSwipe = (cell, configuration)
        return configuration
    }

    /// Where the cell swiped open shows now.
    var swipedIndexPath: ListIndexPath? {
        guard let openSwipe else { return nil }
        return cells.first { $0.value === openSwipe.cell }?.key
    }

    /// A tap on an action of the open swipe: its handler runs, with a completion that closes the swipe
    /// (whether the action was performed or declined); a later swipe is not closed by it. `false` when no
    /// swipe is open or it shows no action of that title.
    func performSwipeAction(_ title: String) -> Bool {
        guard let open = openSwipe, let action = open.configuration.actions.first(where: { $0.title == title }) else {
            return false
        }
        // The completion holds the swipe weakly: a handler that keeps its completion (to ask the user first)
        // must not keep the configuration, whose actions keep that handler.
        action.handler(action, open.cell) { [weak self, weak configuration = open.configuration] _ in
            guard let self, let current = self.openSwipe, current.configuration === configuration else { return }
            self.openSwipe = nil
        }
        return true
    }
}
#endif
