// Menus and context menus: the UIKit declarations CellKitUIKit compiles against for context menus, with
// the signature Apple documents and where (see UIKitAPI.swift for the deviations every declaration here
// shares: root classes instead of `NSObject` subclasses, optional requirements with defaults).
//
// Behaviour (https://developer.apple.com/documentation/uikit/uicontextmenuinteraction): a long press on a
// cell asks the delegate for a `UIContextMenuConfiguration`; UIKit calls its action provider with the
// suggested actions (none for a cell) and shows the menu it returns; a tap on an enabled action dismisses
// the menu and runs the action's handler; a disabled action cannot be chosen. The stand-in does it in
// Internal/ListViewEngine+ContextMenus.swift, and tests drive it through Simulation.swift.

#if !canImport(UIKit)
import Foundation

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController : UIResponder`: declared only as the type a context menu's preview
/// provider returns (`ContextMenu.previewing(_:)` makes one; without it UIKit previews the cell itself).
@MainActor
open class UIViewController {
    /// Creates a view controller.
    public init() {}
}

/// https://developer.apple.com/documentation/uikit/uimenuelement
/// `@MainActor class UIMenuElement : NSObject, NSCopying, NSSecureCoding`, iOS 13.0+.
@MainActor
open class UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uimenuelement/title
    /// `var title: String { get }`
    public let title: String

    init(title: String) {
        self.title = title
    }

    /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    /// `struct Attributes : OptionSet, @unchecked Sendable`, iOS 13.0+.
    public struct Attributes: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Creates attributes from a raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes/disabled
        /// `static var disabled: UIMenuElement.Attributes { get }`: the element cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes/destructive
        /// `static var destructive: UIMenuElement.Attributes { get }`: shown in the destructive style.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes/hidden
        /// `static var hidden: UIMenuElement.Attributes { get }`: not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
    }
}

/// https://developer.apple.com/documentation/uikit/uiactionhandler
/// `typealias UIActionHandler = (UIAction) -> Void`
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// https://developer.apple.com/documentation/uikit/uiaction
/// `@MainActor class UIAction : UIMenuElement`, iOS 13.0+.
@MainActor
open class UIAction: UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    /// `convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    /// discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state:
    /// UIMenuElement.State = .off, handler: @escaping UIActionHandler)` (the image, identifier,
    /// discoverability title and state are left out: the hosts pass none).
    public init(title: String = "", attributes: UIMenuElement.Attributes = [], handler: @escaping UIActionHandler) {
        self.attributes = attributes
        self.handler = handler
        super.init(title: title)
    }

    /// https://developer.apple.com/documentation/uikit/uiaction/attributes
    /// `var attributes: UIMenuElement.Attributes { get set }`
    open var attributes: UIMenuElement.Attributes
    /// What UIKit runs when the action is chosen (not public in UIKit).
    let handler: UIActionHandler
}

/// https://developer.apple.com/documentation/uikit/uimenu
/// `@MainActor class UIMenu : UIMenuElement`, iOS 13.0+.
@MainActor
open class UIMenu: UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct
    /// `struct Options : OptionSet, @unchecked Sendable`, iOS 13.0+.
    public struct Options: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Creates options from a raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct/displayinline
        /// `static var displayInline: UIMenu.Options { get }`
        public static let displayInline = Options(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct/destructive
        /// `static var destructive: UIMenu.Options { get }`
        public static let destructive = Options(rawValue: 1 << 1)
    }

    /// https://developer.apple.com/documentation/uikit/uimenu/init(title:image:identifier:options:children:)
    /// `convenience init(title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
    /// options: UIMenu.Options = [], children: [UIMenuElement] = [])` (the image and identifier are left
    /// out: the hosts pass none).
    public init(title: String = "", options: Options = [], children: [UIMenuElement] = []) {
        self.options = options
        self.children = children
        super.init(title: title)
    }

    /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.property
    /// `var options: UIMenu.Options { get }`
    public let options: Options
    /// https://developer.apple.com/documentation/uikit/uimenu/children
    /// `var children: [UIMenuElement] { get }`
    public let children: [UIMenuElement]
}

/// https://developer.apple.com/documentation/uikit/uicontextmenuactionprovider
/// `typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?`: given the suggested actions.
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?

/// https://developer.apple.com/documentation/uikit/uicontextmenucontentpreviewprovider
/// `typealias UIContextMenuContentPreviewProvider = () -> UIViewController?`
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration
/// `@MainActor class UIContextMenuConfiguration : NSObject`, iOS 13.0+.
@MainActor
open class UIContextMenuConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration/init(identifier:previewprovider:actionprovider:)
    /// `convenience init(identifier: (any NSCopying)? = nil, previewProvider:
    /// UIContextMenuContentPreviewProvider? = nil, actionProvider: UIContextMenuActionProvider? = nil)`
    public init(
        identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
        actionProvider: UIContextMenuActionProvider? = nil
    ) {
        // "If you specify nil, the configuration object creates a unique identifier for you."
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }

    /// https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration/identifier
    /// `var identifier: any NSCopying { get }`
    public let identifier: any NSCopying
    /// What UIKit asks for the preview and the menu (not public in UIKit).
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?
}

// The delegates' context menu methods (requirements declared on the protocols in UIKitAPI.swift).
// Defaults stand in for UIKit's `optional` requirements: absent, a long press opens no menu.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDelegate {
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDelegate {
    public func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
}
#endif
