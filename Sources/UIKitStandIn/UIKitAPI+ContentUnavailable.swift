// The content-unavailable declarations CellKitUIKit compiles against (iOS 17, with the image and button types
// they use), with the signature Apple documents and where, as in UIKitAPI.swift.
//
// Deviations, besides UIKitAPI.swift's: `UIImage` and `UIButton` have only what the hosts use (a system
// image's name; a button configuration's title); `UIContentUnavailableConfiguration` has its image, texts,
// button and button properties only, and no `UIContentConfiguration` conformance (the host sets it on a
// `UIContentUnavailableView` itself); the view lays nothing out and draws nothing.

#if !canImport(UIKit)
import Foundation

/// https://developer.apple.com/documentation/uikit/uiimage
/// `class UIImage : NSObject` (a root class here, holding a system image's name).
open class UIImage: @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    /// `convenience init?(systemName name: String)`, iOS 13.0+ (every name is found here).
    public init?(systemName name: String) {
        _systemName = name
    }

    /// The system image's name (not public in UIKit).
    public let _systemName: String
}

/// https://developer.apple.com/documentation/uikit/uibutton
/// `@MainActor class UIButton : UIControl` (a `UIView` here, with its configuration type only).
@MainActor
open class UIButton: UIView {
    /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct
    /// `struct Configuration : Hashable`, iOS 15.0+ (its title only).
    @available(iOS 15.0, tvOS 15.0, *)
    public struct Configuration: Hashable {
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/plain()
        /// `static func plain() -> UIButton.Configuration`
        public static func plain() -> Configuration { Configuration() }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/title
        /// `var title: String? { get set }`
        public var title: String?
    }
}

/// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration
/// `struct UIContentUnavailableConfiguration : UIContentConfiguration, Hashable`, iOS 17.0+.
@available(iOS 17.0, tvOS 17.0, *)
public struct UIContentUnavailableConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/buttonproperties-swift.struct
    /// `struct ButtonProperties : Hashable` (its primary action only).
    public struct ButtonProperties {
        /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/buttonproperties-swift.struct/primaryaction
        /// `var primaryAction: UIAction? { get set }`
        public var primaryAction: UIAction?
    }

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/empty()
    /// `static func empty() -> UIContentUnavailableConfiguration`
    public static func empty() -> UIContentUnavailableConfiguration {
        UIContentUnavailableConfiguration(button: .plain(), buttonProperties: ButtonProperties())
    }

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/image
    /// `var image: UIImage? { get set }`
    public var image: UIImage?
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/text
    /// `var text: String? { get set }`
    public var text: String?
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/secondarytext
    /// `var secondaryText: String? { get set }`
    public var secondaryText: String?
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/button
    /// `var button: UIButton.Configuration { get set }`
    public var button: UIButton.Configuration
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration/buttonproperties-swift.property
    /// `var buttonProperties: UIContentUnavailableConfiguration.ButtonProperties { get set }`
    public var buttonProperties: ButtonProperties
}

/// https://developer.apple.com/documentation/uikit/uicontentunavailableview
/// `@MainActor class UIContentUnavailableView : UIView, UIContentView`, iOS 17.0+.
@available(iOS 17.0, tvOS 17.0, *)
@MainActor
open class UIContentUnavailableView: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableview/init(configuration:)
    /// `convenience init(configuration: UIContentUnavailableConfiguration)`
    public init(configuration: UIContentUnavailableConfiguration) {
        _configuration = configuration
        super.init(frame: .zero)
    }

    /// `UIView`'s `init(frame:)`, unavailable in UIKit.
    @available(*, unavailable)
    public required init(frame: CGRect) {
        _configuration = .empty()
        super.init(frame: frame)
    }

    /// `UIView`'s `init?(coder:)`: the stand-in decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The configuration shown (`var configuration: any UIContentConfiguration` in UIKit).
    public var _configuration: UIContentUnavailableConfiguration

    /// Presses the button, as a tap would: runs its primary action (not public in UIKit).
    ///
    /// - Returns: Whether a button with an action was shown.
    @discardableResult
    public func _tapButton() -> Bool {
        guard _configuration.button.title != nil, let action = _configuration.buttonProperties.primaryAction else {
            return false
        }
        action.handler(action)
        return true
    }
}
#endif
