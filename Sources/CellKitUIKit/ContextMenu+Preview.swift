#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit

// A context menu's preview on the UIKit hosts (not on tvOS, which shows no context menus before tvOS 17).

extension ContextMenu {
    /// The menu with a preview UIKit shows with it in place of the pressed cell (the configuration's
    /// `previewProvider`), made when the menu shows. The text host shows its own kind of preview
    /// (`previewing(text:)` of CellKitText) and ignores this one.
    ///
    /// - Parameter viewController: Makes the preview; `nil` lets UIKit preview the cell.
    /// - Returns: The menu, with the preview.
    public func previewing(_ viewController: @escaping @MainActor () -> UIViewController?) -> ContextMenu {
        var menu = self
        menu.preview = .object(viewController)
        return menu
    }
}
#endif
