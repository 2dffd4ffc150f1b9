#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Swipe actions as UIKit's configuration, for both hosts (UIKit has no swipe actions on tvOS).

extension UIKitListHost {
    /// The swipe actions of an item's edge as UIKit's configuration: each action performs on the item
    /// swiped, named now, even if rows are inserted above it before the user taps the action, and tells
    /// UIKit it completed when the action does (done or declined). `nil` when the item offers no actions
    /// on that edge.
    func swipeActionsConfiguration(at indexPath: IndexPath, edge: SwipeEdge) -> UISwipeActionsConfiguration? {
        guard let path = ListIndexPath(indexPath), contains(path),
            let dataSource = dataSource as? any ListHostSwipeActions,
            let item = dataSource.itemIdentifier(at: path, in: self),
            let configuration = dataSource.swipeActions(at: path, edge: edge, in: self),
            !configuration.actions.isEmpty
        else { return nil }
        let actions = configuration.actions.map { action in
            UIContextualAction(style: action.isDestructive ? .destructive : .normal, title: action.title) {
                _, _, completion in
                action.perform(item) { done in completion(done) }
            }
        }
        let result = UISwipeActionsConfiguration(actions: actions)
        result.performsFirstActionWithFullSwipe = configuration.performsFirstActionWithFullSwipe
        return result
    }
}
#endif
