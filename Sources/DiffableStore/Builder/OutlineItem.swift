/// One item of an outline written with ``OutlineBuilder``, with its children and, if you state it, its
/// expansion.
///
/// ```swift
/// let outline = try SectionSnapshot<String> {
///     OutlineItem("Fruit", expanded: true) {
///         "Apple"
///         OutlineItem("Citrus") { "Lemon" }
///     }
///     "Bread"
/// }
/// print(outline.visibleItems)
/// // Prints "["Fruit", "Apple", "Citrus", "Bread"]"
/// ```
public struct OutlineItem<ItemIdentifier: Hashable> {
    /// The item.
    public var item: ItemIdentifier
    /// Whether the item is expanded (`true`) or collapsed (`false`); `nil` leaves it unstated, so a
    /// data source keeps the expansion it remembers for the item (see
    /// ``SectionSnapshot/statedExpansion(of:)``).
    public var expanded: Bool?
    /// The item's children, in order.
    public var children: [OutlineItem]

    /// Creates an outline item from the item and the children its block lists.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - expanded: Its stated expansion, or `nil` (the default) to leave it unstated.
    ///   - children: Statements listing its children (see ``OutlineBuilder``); none for a leaf.
    /// - Complexity: O(c) for *c* children.
    @inlinable
    public init(
        _ item: ItemIdentifier, expanded: Bool? = nil,
        @OutlineBuilder<ItemIdentifier> children: () -> [OutlineItem] = { [] }
    ) {
        self.item = item
        self.expanded = expanded
        self.children = children()
    }
}

extension OutlineItem: Equatable {}
extension OutlineItem: Sendable where ItemIdentifier: Sendable {}

extension OutlineItem where ItemIdentifier == AnyHashable {
    /// Creates an outline item of any `Hashable` type from the item and the children its block lists.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - expanded: Its stated expansion, or `nil` (the default) to leave it unstated.
    ///   - children: Statements listing its children (see ``OutlineBuilder``); none for a leaf.
    /// - Complexity: O(c) for *c* children.
    @inlinable
    public init(
        _ item: some Hashable, expanded: Bool? = nil,
        @OutlineBuilder<AnyHashable> children: () -> [OutlineItem] = { [] }
    ) {
        self.init(AnyHashable(item), expanded: expanded, children: children)
    }
}

/// Builds the items of an outline from statements: each expression is an ``OutlineItem`` (an item
/// with children), an item (a leaf), an optional item (nothing when `nil`) or an array of items, with
/// `if`, `switch`, `for` and `if #available` around them.
///
/// You meet it through ``SectionSnapshot/init(_:)`` and ``OutlineItem/init(_:expanded:children:)-(ItemIdentifier,_,_)``.
@resultBuilder
public enum OutlineBuilder<ItemIdentifier: Hashable> {
    /// An item with its children.
    @inlinable
    public static func buildExpression(_ item: OutlineItem<ItemIdentifier>) -> [OutlineItem<ItemIdentifier>] {
        [item]
    }

    /// Items with their children, in order.
    @inlinable
    public static func buildExpression(_ items: [OutlineItem<ItemIdentifier>]) -> [OutlineItem<ItemIdentifier>] {
        items
    }

    /// A leaf.
    @inlinable
    public static func buildExpression(_ item: ItemIdentifier) -> [OutlineItem<ItemIdentifier>] {
        [OutlineItem(item)]
    }

    /// A leaf when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression(_ item: ItemIdentifier?) -> [OutlineItem<ItemIdentifier>] {
        item.map { [OutlineItem($0)] } ?? []
    }

    /// Leaves, in order.
    @inlinable
    public static func buildExpression(_ items: [ItemIdentifier]) -> [OutlineItem<ItemIdentifier>] {
        items.map { OutlineItem($0) }
    }

    /// The items of a block's statements, in order.
    @inlinable
    public static func buildBlock(_ components: [OutlineItem<ItemIdentifier>]...) -> [OutlineItem<ItemIdentifier>] {
        Array(components.joined())
    }

    /// The items of an `if` without `else`, when its condition held.
    @inlinable
    public static func buildOptional(_ items: [OutlineItem<ItemIdentifier>]?) -> [OutlineItem<ItemIdentifier>] {
        items ?? []
    }

    /// The items of the first branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(first items: [OutlineItem<ItemIdentifier>]) -> [OutlineItem<ItemIdentifier>] {
        items
    }

    /// The items of the second branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(second items: [OutlineItem<ItemIdentifier>]) -> [OutlineItem<ItemIdentifier>] {
        items
    }

    /// The items of every pass of a `for` loop, in order.
    @inlinable
    public static func buildArray(_ passes: [[OutlineItem<ItemIdentifier>]]) -> [OutlineItem<ItemIdentifier>] {
        Array(passes.joined())
    }

    /// The items of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ items: [OutlineItem<ItemIdentifier>]) -> [OutlineItem<
        ItemIdentifier
    >] {
        items
    }
}

extension OutlineBuilder where ItemIdentifier == AnyHashable {
    /// A leaf of any `Hashable` type.
    @inlinable
    public static func buildExpression(_ item: some Hashable) -> [OutlineItem<AnyHashable>] {
        [OutlineItem(AnyHashable(item))]
    }

    /// A leaf of any `Hashable` type when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ item: Item?) -> [OutlineItem<AnyHashable>] {
        item.map { [OutlineItem(AnyHashable($0))] } ?? []
    }

    /// Leaves of any `Hashable` type, in order.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ items: [Item]) -> [OutlineItem<AnyHashable>] {
        items.map { OutlineItem(AnyHashable($0)) }
    }
}

extension SectionSnapshot {
    /// Creates a section snapshot from the outline its block lists: roots, each with its children.
    ///
    /// The items are appended depth first, as ``append(_:to:)`` would, and the expansion each
    /// ``OutlineItem`` states is stated (as ``expand(_:)`` and ``collapse(_:)`` would). A duplicate throws
    /// what ``append(_:to:)`` throws, and no section snapshot is made.
    ///
    /// - Parameter roots: Statements listing the root items (see ``OutlineBuilder``).
    /// - Throws: ``SectionSnapshotError/Rule/duplicateItem`` for an item listed twice.
    /// - Complexity: Expected O(n) for *n* items.
    public init(@OutlineBuilder<ItemIdentifier> _ roots: () -> [OutlineItem<ItemIdentifier>])
        throws(SectionSnapshotError)
    {
        self.init()
        var expanded: [ItemIdentifier] = []
        var collapsed: [ItemIdentifier] = []
        try _append(roots(), to: nil, expanded: &expanded, collapsed: &collapsed)
        try expand(expanded)
        try collapse(collapsed)
    }

    /// Appends outline items under a parent (or as roots), then each one's children, depth first.
    mutating func _append(
        _ items: [OutlineItem<ItemIdentifier>], to parent: ItemIdentifier?, expanded: inout [ItemIdentifier],
        collapsed: inout [ItemIdentifier]
    ) throws(SectionSnapshotError) {
        guard !items.isEmpty else { return }
        try append(items.map(\.item), to: parent)
        for item in items {
            switch item.expanded {
            case true?: expanded.append(item.item)
            case false?: collapsed.append(item.item)
            case nil: break
            }
            try _append(item.children, to: item.item, expanded: &expanded, collapsed: &collapsed)
        }
    }
}
