// The cell configuration state declarations CellKitUIKit compiles against (iOS 14), with the signature Apple
// documents and where, as in UIKitAPI.swift. The cells' members (`configurationState`,
// `setNeedsUpdateConfiguration()`, `updateConfiguration(using:)`, `configurationUpdateHandler`) are in the
// cell classes, in UIKitAPI.swift, so that subclasses can override them.
//
// Deviations: `UICellConfigurationState` has no trait collection, drag or drop state, and no custom keys; it
// is made only by the stand-in (UIKit's `init(traitCollection:)` is left out). The stand-in's cells report
// selected, highlighted and swiped; never focused, disabled, editing, expanded or reordering. A
// configuration update does not make a self-sizing cell size itself again.

#if !canImport(UIKit)
// MARK: - Cell configuration state

/// https://developer.apple.com/documentation/uikit/uicellconfigurationstate
/// `struct UICellConfigurationState : UIConfigurationState, Hashable`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// https://developer.apple.com/documentation/uikit/uiviewconfigurationstate/isdisabled
    /// `var isDisabled: Bool { get set }`
    public var isDisabled = false
    /// https://developer.apple.com/documentation/uikit/uiviewconfigurationstate/ishighlighted
    /// `var isHighlighted: Bool { get set }`
    public var isHighlighted = false
    /// https://developer.apple.com/documentation/uikit/uiviewconfigurationstate/isselected
    /// `var isSelected: Bool { get set }`
    public var isSelected = false
    /// https://developer.apple.com/documentation/uikit/uiviewconfigurationstate/isfocused
    /// `var isFocused: Bool { get set }`
    public var isFocused = false
    /// https://developer.apple.com/documentation/uikit/uicellconfigurationstate/isediting
    /// `var isEditing: Bool { get set }`
    public var isEditing = false
    /// https://developer.apple.com/documentation/uikit/uicellconfigurationstate/isexpanded
    /// `var isExpanded: Bool { get set }`
    public var isExpanded = false
    /// https://developer.apple.com/documentation/uikit/uicellconfigurationstate/isswiped
    /// `var isSwiped: Bool { get set }`
    public var isSwiped = false
    /// https://developer.apple.com/documentation/uikit/uicellconfigurationstate/isreordering
    /// `var isReordering: Bool { get set }`
    public var isReordering = false

    /// Every state off (the stand-in's cells make it; UIKit's `init(traitCollection:)` is left out).
    init() {}
}
#endif
