// Accessibility: the UIKit declarations CellKitUIKit compiles against to describe cells to VoiceOver,
// with the signature Apple documents and where (see UIKitAPI.swift for the deviations every declaration
// here shares).
//
// Behaviour (https://developer.apple.com/documentation/uikit/uiaccessibilitycustomaction): VoiceOver reads
// an accessibility element's label, value, traits and hint, and offers its custom actions in the
// Actions rotor; choosing one calls the action's handler, which returns whether it succeeded. In UIKit
// these properties belong to the `UIAccessibility` informal protocol `NSObject` adopts; the stand-in
// declares them on `UIView`, the only objects the host sets them on. Tests read them and call a
// handler as VoiceOver would.

#if !canImport(UIKit)
import Foundation

/// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits
/// `struct UIAccessibilityTraits : OptionSet, @unchecked Sendable`
public struct UIAccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The raw value.
    public let rawValue: UInt64
    /// Creates traits from a raw value.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/button
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/link
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/image
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/selected
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/statictext
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/notenabled
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/updatesfrequently
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/adjustable
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits/header
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

/// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomaction
/// `@MainActor class UIAccessibilityCustomAction : NSObject`, iOS 8.0+ (the handler form iOS 13.0+).
@MainActor
open class UIAccessibilityCustomAction {
    /// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomaction/name
    /// `var name: String { get set }`
    open var name: String

    /// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomaction/actionhandler
    /// `var actionHandler: UIAccessibilityCustomAction.Handler? { get set }`, iOS 13.0+: called when the
    /// user chooses the action; returns whether it succeeded.
    open var actionHandler: ((UIAccessibilityCustomAction) -> Bool)?

    /// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomaction/init(name:actionhandler:)
    /// `init(name: String, actionHandler: @escaping UIAccessibilityCustomAction.Handler)`, iOS 13.0+.
    public init(name: String, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }
}

extension UIView {
    /// https://developer.apple.com/documentation/objectivec/nsobject/isaccessibilityelement
    /// `var isAccessibilityElement: Bool { get set }`
    public var isAccessibilityElement: Bool {
        get { _accessibility.isElement }
        set { _accessibility.isElement = newValue }
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilitylabel
    /// `var accessibilityLabel: String? { get set }`
    public var accessibilityLabel: String? {
        get { _accessibility.label }
        set { _accessibility.label = newValue }
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilityvalue
    /// `var accessibilityValue: String? { get set }`
    public var accessibilityValue: String? {
        get { _accessibility.value }
        set { _accessibility.value = newValue }
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilityhint
    /// `var accessibilityHint: String? { get set }`
    public var accessibilityHint: String? {
        get { _accessibility.hint }
        set { _accessibility.hint = newValue }
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilitytraits
    /// `var accessibilityTraits: UIAccessibilityTraits { get set }`
    public var accessibilityTraits: UIAccessibilityTraits {
        get { _accessibility.traits }
        set { _accessibility.traits = newValue }
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilitycustomactions
    /// `var accessibilityCustomActions: [UIAccessibilityCustomAction]? { get set }`
    public var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { _accessibility.customActions }
        set { _accessibility.customActions = newValue }
    }
}

/// https://developer.apple.com/documentation/uikit/uiaccessibility
/// The namespace UIKit imports its accessibility notifications and keys into.
public enum UIAccessibility {
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/elementfocusednotification
    /// `static let elementFocusedNotification: NSNotification.Name`, iOS 9.0+: "Posted by UIKit when an
    /// assistive technology has focused on an element", with the element in the user info under
    /// ``focusedElementUserInfoKey`` and the one it left under ``unfocusedElementUserInfoKey``. The
    /// stand-in posts it on `NotificationCenter.default` when a test moves VoiceOver's cursor
    /// (`_accessibilityFocus(_:)`, Simulation.swift).
    public static let elementFocusedNotification = NSNotification.Name("UIAccessibilityElementFocusedNotification")
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/focusedelementuserinfokey
    /// `static let focusedElementUserInfoKey: String`, iOS 9.0+: the element focused.
    public static let focusedElementUserInfoKey = "UIAccessibilityFocusedElementKey"
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/unfocusedelementuserinfokey
    /// `static let unfocusedElementUserInfoKey: String`, iOS 9.0+: the element that lost the focus.
    public static let unfocusedElementUserInfoKey = "UIAccessibilityUnfocusedElementKey"
}

/// VoiceOver's cursor: one for the whole screen, as in UIKit. The element it is on, if any.
@MainActor
enum VoiceOverCursor {
    /// The element VoiceOver's cursor is on.
    static var element: UIView?
}

/// A view's accessibility properties, stored on the view.
@MainActor
struct ViewAccessibility {
    var isElement = false
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits = []
    var customActions: [UIAccessibilityCustomAction]?
}
#endif
