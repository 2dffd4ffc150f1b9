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
    ///   - host: The host asking.
    /// - Complexity: O(a) for the *a* actions its plugins offer, plus their answers.
    func accessibilityElement(at indexPath: ListIndexPath, in host: any ListHost) -> ListAccessibilityElement?
}

/// What assistive technologies say about a row and the custom actions they offer on it.
@MainActor
@_spi(ListHost)
public struct ListAccessibilityElement {
    /// The label, value, hint and traits (a description with no label leaves the cell's own label).
    public var description: AccessibilityDescription
    /// The custom actions, in the order they are offered: the swipe actions (leading edge, then
    /// trailing), the context menu's actions, then the moves ("Move up", "Move down", "Move to top").
    public var customActions: [ListAccessibilityAction]

    /// Creates an element.
    public init(description: AccessibilityDescription, customActions: [ListAccessibilityAction]) {
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
