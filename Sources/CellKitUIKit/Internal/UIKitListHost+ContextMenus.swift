#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Context menus as UIKit's configuration, for both hosts (iOS 13; the collection view's several-items form
// iOS 16; not on tvOS, whose collection and table views show no context menus before tvOS 17).

extension UIKitListHost {
    /// The context menu for items as UIKit's configuration: the data source's menu (asked now, when the
    /// user presses) as a `UIMenu` of `UIAction`s, each performing on the items pressed, named now, by
    /// identity, even if an apply moves or changes them before the user chooses; destructive and disabled
    /// actions in UIKit's styles. The preview is the menu's (``/CellKit/ContextMenu/previewing(_:)``), made
    /// when UIKit shows the menu; without one UIKit previews the cell itself. `nil` when an item is out of
    /// range or the items have no menu.
    @available(iOS 13.0, *)
    func contextMenuConfiguration(at indexPaths: [IndexPath]) -> UIContextMenuConfiguration? {
        var paths: [ListIndexPath] = []
        for indexPath in indexPaths {
            guard let path = ListIndexPath(indexPath), contains(path) else { return nil }
            paths.append(path)
        }
        guard !paths.isEmpty, let dataSource = dataSource as? any ListHostContextMenus else { return nil }
        let items = paths.compactMap { dataSource.itemIdentifier(at: $0, in: self) }
        guard items.count == paths.count, let menu = dataSource.contextMenu(at: paths, in: self) else { return nil }
        var previewProvider: UIContextMenuContentPreviewProvider?
        if case .object(let makePreview) = menu.preview {
            previewProvider = { makePreview() as? UIViewController }
        }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: previewProvider) { _ in
            Self.uiMenu(menu, items: items)
        }
    }

    /// A menu as UIKit's, its actions bound to `items`.
    @available(iOS 13.0, *)
    private static func uiMenu(_ menu: ContextMenu, items: [AnyHashable]) -> UIMenu {
        let children: [UIMenuElement] = menu.children.map { element in
            switch element {
            case .submenu(let submenu):
                return uiMenu(submenu, items: items)
            case .action(let action):
                var attributes: UIMenuElement.Attributes = []
                if action.isDestructive { attributes.insert(.destructive) }
                if action.isDisabled { attributes.insert(.disabled) }
                return UIAction(title: action.title, attributes: attributes) { _ in action.perform(items) }
            }
        }
        return UIMenu(title: menu.title, children: children)
    }
}
#endif
