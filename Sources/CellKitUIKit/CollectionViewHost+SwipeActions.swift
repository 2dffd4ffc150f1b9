#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

extension CollectionViewHost {
    /// The swipe actions of an item's edge as UIKit's configuration, for a list layout's swipe providers
    /// (`UICollectionLayoutListConfiguration.leadingSwipeActionsConfigurationProvider` and
    /// `trailingSwipeActionsConfigurationProvider`, iOS 14; not on tvOS, which has no swipe actions). The
    /// host's list layout (``makeListLayout(_:)``) wires them itself; in a list configuration of yours:
    ///
    /// ```swift
    /// configuration.trailingSwipeActionsConfigurationProvider = { [host] indexPath in
    ///     host.swipeActionsConfiguration(forItemAt: indexPath, edge: .trailing)
    /// }
    /// ```
    ///
    /// The data source gives the actions (`ListHostSwipeActions/swipeActions(at:edge:in:)`); each
    /// becomes a `UIContextualAction` (destructive ones in the destructive style) that performs its
    /// action on the item swiped, named now, even if rows are inserted above it before the user taps the
    /// action, and tells UIKit the action completed when the action does (done or declined).
    ///
    /// - Parameters:
    ///   - indexPath: The swiped item, in the collection view's current state.
    ///   - edge: The edge swiped.
    /// - Returns: The configuration, or `nil` when the item offers no actions on that edge.
    public func swipeActionsConfiguration(forItemAt indexPath: IndexPath, edge: SwipeEdge)
        -> UISwipeActionsConfiguration?
    {
        swipeActionsConfiguration(at: indexPath, edge: edge)
    }
}
#endif
