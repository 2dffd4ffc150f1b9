import DiffableStore

/// Where an item sits in its section: what a "card" list needs to round its first and last rows.
///
/// ```swift
/// print(PositionInSection(item: 0, count: 1), PositionInSection(item: 2, count: 3))
/// // Prints "only last"
/// ```
public enum PositionInSection: Hashable, Sendable, CustomStringConvertible {
    /// The only item in its section.
    case only
    /// The first of two or more items.
    case first
    /// Neither first nor last.
    case middle
    /// The last of two or more items.
    case last

    /// The position of the item at index `item` in a section of `count` items.
    ///
    /// - Parameters:
    ///   - item: The item's index in its section; must be in `0..<count`.
    ///   - count: The number of items in the section.
    /// - Complexity: O(1).
    @inlinable
    public init(item: Int, count: Int) {
        precondition(item >= 0 && item < count, "Item index \(item) is out of range for a section of \(count) items")
        if count == 1 {
            self = .only
        } else if item == 0 {
            self = .first
        } else if item == count - 1 {
            self = .last
        } else {
            self = .middle
        }
    }

    /// Whether the item is the first of its section (``first`` or ``only``).
    @inlinable public var isFirst: Bool { self == .first || self == .only }

    /// Whether the item is the last of its section (``last`` or ``only``).
    @inlinable public var isLast: Bool { self == .last || self == .only }

    /// `"only"`, `"first"`, `"middle"` or `"last"`.
    public var description: String {
        switch self {
        case .only: "only"
        case .first: "first"
        case .middle: "middle"
        case .last: "last"
        }
    }
}

/// What a configuration closure knows about the view it configures: where it shows, and in which state.
///
/// For a cell, ``indexPath`` is the item's index path and ``position`` its place in its section, so
/// a card list rounds its first and last rows without bookkeeping:
///
/// ```swift
/// dataSource.registerCell(itemType: Setting.self, cellType: CardCell.self) { cell, context, setting in
///     cell.configure(with: setting)
///     cell.roundsTop = context.position.isFirst
///     cell.roundsBottom = context.position.isLast
/// }
/// ```
///
/// ``position`` is always current: when an apply changes an item's position class (a row becomes or
/// stops being the first or last of its section), the data source configures its visible cell again in
/// place. ``indexPath`` is the index path at configuration time, as UIKit's cell registration handler
/// gets it: an insert above a row does not configure the row again, so do not show or keep it; ask the
/// data source (`indexPath(for:)`) for an item's current index path when you need it.
///
/// ``state`` is the cell's ``CellState`` (selected, highlighted, focused, swiped, ...), always current: when
/// it changes while the cell shows, the registration is asked again, in place:
///
/// ```swift
/// dataSource.registerCell(itemType: Contact.self, cellType: ContactCell.self) { cell, context, contact in
///     cell.nameLabel.text = contact.name
///     cell.checkmark.isHidden = !context.state.isSelected
/// }
/// ```
///
/// For a supplementary view, ``indexPath`` is the one the host asked for (its `item` is 0 for
/// section headers and footers), ``position`` is ``PositionInSection/only`` and ``state`` is empty.
public struct CellContext: Hashable, Sendable, CustomStringConvertible {
    /// The index path the view shows at when it is configured (not updated when rows move later).
    public var indexPath: ListIndexPath
    /// The item's position in its section, kept current across applies.
    public var position: PositionInSection
    /// How deep the item is in its section's outline (0 for a root), kept current across applies; 0
    /// in a section that is not an outline (see ``/DiffableStore/SectionSnapshot``). Indent by it.
    public var level: Int
    /// Whether the item is expanded in its section's outline, kept current across applies; `false` in a
    /// section that is not an outline. Show a disclosure indicator by it.
    public var isExpanded: Bool
    /// The cell's state as the host shows it (selected, highlighted, focused, swiped, ...) and its
    /// outline's (``CellState/isExpanded``), kept current while the cell shows.
    public var state: CellState

    /// Creates a context in the normal state. The data source makes the contexts configuration closures
    /// receive; a test makes one to call such a closure directly.
    ///
    /// - Parameters:
    ///   - indexPath: The index path the view shows at.
    ///   - position: The item's position in its section.
    ///   - level: The item's level in its section's outline (0 outside outlines).
    ///   - isExpanded: Whether the item is expanded in its section's outline.
    @_spi(Testing) @inlinable
    public init(indexPath: ListIndexPath, position: PositionInSection, level: Int = 0, isExpanded: Bool = false) {
        self.init(indexPath: indexPath, position: position, level: level, isExpanded: isExpanded, state: CellState())
    }

    /// Creates a context with a cell state.
    ///
    /// - Parameters:
    ///   - indexPath: The index path the view shows at.
    ///   - position: The item's position in its section.
    ///   - level: The item's level in its section's outline (0 outside outlines).
    ///   - isExpanded: Whether the item is expanded in its section's outline.
    ///   - state: The cell's state (its ``CellState/isExpanded`` is set from `isExpanded`).
    @_spi(Testing) @inlinable
    public init(
        indexPath: ListIndexPath, position: PositionInSection, level: Int = 0, isExpanded: Bool = false,
        state: CellState
    ) {
        self.indexPath = indexPath
        self.position = position
        self.level = level
        self.isExpanded = isExpanded
        self.state = state
        self.state.isExpanded = isExpanded
    }

    /// `"0.2 (last)"`; in an outline, `"0.2 (last, level 1, expanded)"`; with a state other than the
    /// outline's, `"0.2 (last; selected, highlighted)"`.
    public var description: String {
        var shown = state
        shown.isExpanded = false
        let flags = shown == CellState() ? "" : "; \(shown)"
        guard level > 0 || isExpanded else { return "\(indexPath) (\(position)\(flags))" }
        return "\(indexPath) (\(position), level \(level)\(isExpanded ? ", expanded" : "")\(flags))"
    }
}
