@_spi(ListHost) import CellKit

/// What an assistive technology such as VoiceOver says about an item's row: a label, a value, a hint
/// and traits.
///
/// It is a value, the same for every host: the UIKit hosts set a cell's `accessibilityLabel`,
/// `accessibilityValue`, `accessibilityHint` and `accessibilityTraits` from it as they configure the
/// cell; `TextListView` reads it out in its accessibility rendering. ``AccessibilityPlugin`` builds it
/// from the item. The row's swipe actions, context-menu actions and moves
/// are offered with it as custom actions, so a VoiceOver user can perform what others do by gesture.
///
/// ```swift
/// AccessibilityDescription(label: mail.subject, value: mail.isRead ? nil : "unread", traits: [.button])
/// ```
public struct AccessibilityDescription: Hashable, Sendable {
    /// What the row is, read first ("Lunch on Friday"); `nil` leaves the cell's own.
    public var label: String?
    /// What the row holds now, read after the label ("unread", "3 of 5").
    public var value: String?
    /// What activating the row does, read after a pause ("Opens the mail").
    public var hint: String?
    /// How the row behaves: a button, a heading, selected.
    public var traits: Set<AccessibilityTrait>

    /// Creates a description.
    ///
    /// - Parameters:
    ///   - label: What the row is; `nil` (the default) leaves the cell's own.
    ///   - value: What the row holds now; none by default.
    ///   - hint: What activating the row does; none by default.
    ///   - traits: How the row behaves; none by default.
    public init(
        label: String? = nil, value: String? = nil, hint: String? = nil, traits: Set<AccessibilityTrait> = []
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
    }
}

/// How a row behaves, for assistive technologies: UIKit's `UIAccessibilityTraits` a row may carry.
public enum AccessibilityTrait: Hashable, Sendable {
    /// Activating the row acts, like a button (`UIAccessibilityTraits.button`).
    case button
    /// Activating the row opens a link (`.link`).
    case link
    /// The row is a heading over the rows that follow (`.header`).
    case header
    /// The row shows an image (`.image`).
    case image
    /// The row is selected (`.selected`); hosts add it for selected rows on their own.
    case selected
    /// The row shows text that does not change (`.staticText`).
    case staticText
    /// The row cannot be activated now (`.notEnabled`), read as "dimmed".
    case notEnabled
    /// The row's value can be adjusted (`.adjustable`).
    case adjustable
    /// The row's content changes often (`.updatesFrequently`).
    case updatesFrequently

    /// The host-facing trait.
    var listTrait: ListAccessibilityTraits {
        switch self {
        case .button: .button
        case .link: .link
        case .header: .header
        case .image: .image
        case .selected: .selected
        case .staticText: .staticText
        case .notEnabled: .notEnabled
        case .adjustable: .adjustable
        case .updatesFrequently: .updatesFrequently
        }
    }
}

extension AccessibilityDescription {
    /// The description as hosts read it.
    var listDescription: ListAccessibilityDescription {
        ListAccessibilityDescription(
            label: label, value: value, hint: hint,
            traits: traits.reduce(into: ListAccessibilityTraits()) { $0.insert($1.listTrait) })
    }
}
