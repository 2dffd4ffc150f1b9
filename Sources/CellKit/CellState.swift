/// The state a cell shows its item in: selected, highlighted, focused, disabled, editing, swiped,
/// expanded — what UIKit's `UICellConfigurationState` tells a cell's `configurationUpdateHandler`.
///
/// Every cell configuration closure sees it as ``CellContext/state``. The host keeps the state (its
/// selection, the row under the finger, the focused row, the row swiped open); the data source adds
/// ``isExpanded`` from the outline. When the state of a visible cell changes, its registration is asked
/// again with the new state, in place, without a reload (as UIKit calls `configurationUpdateHandler`),
/// if the registration receives a ``CellContext``; an item whose state changes while it is off screen
/// shows with its new state when it comes into view.
///
/// ```swift
/// var state = CellState()
/// state.isSelected = true
/// state.isHighlighted = true
/// print(state)
/// // Prints "selected, highlighted"
/// ```
public struct CellState: Hashable, Sendable, CustomStringConvertible {
    /// Whether the item is selected.
    public var isSelected: Bool
    /// Whether a finger is down on the item's row (before it selects it or lifts).
    public var isHighlighted: Bool
    /// Whether the item's row has the focus (a keyboard, a remote or a pointer moves it).
    public var isFocused: Bool
    /// Whether the item is shown disabled (UIKit's `isDisabled`; on the text host, an item of its
    /// `disabledItems`).
    public var isDisabled: Bool
    /// Whether the list is in editing mode (UIKit's `isEditing`).
    public var isEditing: Bool
    /// Whether the item's row is swiped open, showing its swipe actions.
    public var isSwiped: Bool
    /// Whether the item is expanded in its section's outline (the same as ``CellContext/isExpanded``).
    public var isExpanded: Bool

    /// Creates a state; by default, none of the flags is set.
    ///
    /// - Parameters:
    ///   - isSelected: Whether the item is selected.
    ///   - isHighlighted: Whether a finger is down on its row.
    ///   - isFocused: Whether its row has the focus.
    ///   - isDisabled: Whether it is shown disabled.
    ///   - isEditing: Whether the list is in editing mode.
    ///   - isSwiped: Whether its row is swiped open.
    ///   - isExpanded: Whether it is expanded in its outline.
    @inlinable
    public init(
        isSelected: Bool = false, isHighlighted: Bool = false, isFocused: Bool = false, isDisabled: Bool = false,
        isEditing: Bool = false, isSwiped: Bool = false, isExpanded: Bool = false
    ) {
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.isFocused = isFocused
        self.isDisabled = isDisabled
        self.isEditing = isEditing
        self.isSwiped = isSwiped
        self.isExpanded = isExpanded
    }

    /// The flags set, in declaration order, separated by commas (`"selected, highlighted"`); `"normal"`
    /// when none is.
    public var description: String {
        let flags = [
            (isSelected, "selected"), (isHighlighted, "highlighted"), (isFocused, "focused"),
            (isDisabled, "disabled"), (isEditing, "editing"), (isSwiped, "swiped"), (isExpanded, "expanded"),
        ]
        .filter(\.0).map(\.1)
        return flags.isEmpty ? "normal" : flags.joined(separator: ", ")
    }
}
