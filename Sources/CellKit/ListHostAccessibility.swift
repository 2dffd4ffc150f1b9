import DiffableStore

/// What a host that supports assistive technologies asks its data source: adopted by data sources that
/// describe rows (``UniversalDataSource`` answers it, from its plugins and its reordering).
///
/// A host asks only a data source that adopts it; with any other, cells keep their own accessibility.
@MainActor
@_spi(ListHost)
public protocol ListHostAccessibility: ListHostDataSource {
    /// What assistive technologies say about the item at an index path and the custom actions they
    /// offer on it, or `nil` when there is nothing to say (the cell keeps its own accessibility).
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - includingMenuActions: Whether to build the item's context menu and offer its actions: `false`
    ///     where the platform offers the menu itself (UIKit's VoiceOver has "Show Context Menu" on a cell
    ///     that has one), so that the menu is still built only when the user asks for it.
    ///   - host: The host asking.
    /// - Complexity: O(a) for the *a* actions its plugins offer, plus their answers.
    func accessibilityElement(at indexPath: ListIndexPath, includingMenuActions: Bool, in host: any ListHost)
        -> ListAccessibilityElement?
}

/// What assistive technologies say about a row and the custom actions they offer on it.
@MainActor
@_spi(ListHost)
public struct ListAccessibilityElement {
    /// The label, value, hint and traits (a description with no label leaves the cell's own label).
    public var description: ListAccessibilityDescription
    /// The custom actions, in the order they are offered: the swipe actions (leading edge, then
    /// trailing), the context menu's actions (when asked for), then the moves ("Move up", "Move down", "Move to top").
    public var customActions: [ListAccessibilityAction]

    /// Creates an element.
    public init(description: ListAccessibilityDescription, customActions: [ListAccessibilityAction]) {
        self.description = description
        self.customActions = customActions
    }
}

/// A custom action assistive technologies offer on a row ("Delete", "Move up"), tied to the row's item.
@MainActor
@_spi(ListHost)
public struct ListAccessibilityAction {
    /// The name read to the user, which also names it to test drivers.
    public let name: String
    /// Performs the action on the item it was offered for, looked up by identity where and as it is
    /// now; returns `false`, doing nothing, when the item is gone or the action no longer applies (a
    /// move the list refuses now).
    public let perform: @MainActor () -> Bool

    /// Creates an action.
    public init(name: String, perform: @escaping @MainActor () -> Bool) {
        self.name = name
        self.perform = perform
    }
}

/// What assistive technologies say about a row: the host-facing form of `AccessibilityDescription` of
/// `CellKitPlugins`.
@_spi(ListHost)
public struct ListAccessibilityDescription: Hashable, Sendable {
    /// What the row is; `nil` leaves the cell's own.
    public var label: String?
    /// What the row holds now.
    public var value: String?
    /// What activating the row does.
    public var hint: String?
    /// How the row behaves.
    public var traits: ListAccessibilityTraits

    /// Creates a description.
    public init(
        label: String? = nil, value: String? = nil, hint: String? = nil, traits: ListAccessibilityTraits = []
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
    }
}

/// How a row behaves, as UIKit's `UIAccessibilityTraits` a row may carry.
@_spi(ListHost)
public struct ListAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt16
    /// Creates traits from bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A button.
    public static let button = Self(rawValue: 1 << 0)
    /// A link.
    public static let link = Self(rawValue: 1 << 1)
    /// A heading.
    public static let header = Self(rawValue: 1 << 2)
    /// An image.
    public static let image = Self(rawValue: 1 << 3)
    /// Selected.
    public static let selected = Self(rawValue: 1 << 4)
    /// Static text.
    public static let staticText = Self(rawValue: 1 << 5)
    /// Not enabled ("dimmed").
    public static let notEnabled = Self(rawValue: 1 << 6)
    /// Adjustable.
    public static let adjustable = Self(rawValue: 1 << 7)
    /// Updates frequently.
    public static let updatesFrequently = Self(rawValue: 1 << 8)

    /// The words VoiceOver reads for the traits, in a fixed order, as the text host renders them.
    public var spokenNames: [String] {
        let names: [(Self, String)] = [
            (.button, "button"), (.link, "link"), (.header, "heading"), (.image, "image"), (.selected, "selected"),
            (.staticText, "text"), (.notEnabled, "dimmed"), (.adjustable, "adjustable"),
            (.updatesFrequently, "updates frequently"),
        ]
        return names.filter { contains($0.0) }.map(\.1)
    }
}

/// A plugin that describes rows for assistive technologies (`AccessibilityPlugin` of `CellKitPlugins`):
/// package API, so the core's public surface holds no accessibility type.
@MainActor
package protocol ListAccessibilityDescriber: ListPlugin {
    /// What assistive technologies say about an item's row, or `nil` when the plugin does not describe it.
    func accessibilityDescription(for item: AnyHashable, in context: ListPluginContext)
        -> ListAccessibilityDescription?
}
