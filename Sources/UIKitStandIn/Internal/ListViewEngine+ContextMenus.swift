#if !canImport(UIKit)
import DiffableStore
import Foundation

// Context menus as UIKit shows them (https://developer.apple.com/documentation/uikit/uicontextmenuinteraction):
// a long press on a cell asks the delegate for a configuration, whose action provider builds the menu
// shown; a tap on an enabled action dismisses the menu, then runs the handler. The menu is shown apart
// from the list (UIKit presents it in a window of its own): batches do not close it.

extension ListViewEngine {
    /// A long press on items' cells: `configuration` asks the delegate for the configuration (nothing
    /// opens without one, without a menu, or when the first item shows no cell); its action provider,
    /// given no suggested actions, builds the menu shown. A menu shown before closes.
    func openContextMenu(_ paths: [ListIndexPath], configuration: () -> UIContextMenuConfiguration?) -> UIMenu? {
        layoutIfNeeded()
        openMenu = nil
        guard let first = paths.first, cells[first] != nil, let configuration = configuration(),
            let menu = configuration.actionProvider?([])
        else { return nil }
        // "The custom preview view controller to display. If nil, the system uses the view itself":
        // https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration/init(identifier:previewprovider:actionprovider:)
        openMenu = (menu, paths, configuration.previewProvider?())
        return menu
    }

    /// A tap on an entry of the menu shown, named by titles (the submenus on the way, then the action):
    /// the menu closes, then the action's handler runs. `false`, changing nothing, when no menu is shown,
    /// it has no such entry, or the entry is a submenu or a disabled or hidden action (UIKit does not let
    /// those be chosen).
    func performMenuAction(_ titles: [String]) -> Bool {
        guard var level = openMenu?.menu, !titles.isEmpty else { return false }
        for title in titles.dropLast() {
            guard let submenu = level.children.first(where: { $0.title == title }) as? UIMenu else { return false }
            level = submenu
        }
        guard let action = level.children.first(where: { $0.title == titles.last }) as? UIAction,
            action.attributes.isDisjoint(with: [.disabled, .hidden])
        else { return false }
        openMenu = nil
        action.handler(action)
        return true
    }
}
#endif
