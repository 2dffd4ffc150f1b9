/// Builds the items of one section from statements: each expression is an item, an optional item
/// (nothing when `nil`) or an array of items, with `if`, `switch`, `for` and `if #available` around them.
///
/// You meet it through ``SnapshotSection/init(_:items:)``. With `AnyHashable` items, any `Hashable`
/// value is an item, as with `appendItems`; an array stands for its elements and an optional for its
/// value, never for one item of array or optional type.
///
/// ```swift
/// let flagged: String? = nil
/// let section = SnapshotSection<String, String>("inbox") {
///     "Welcome"
///     for number in 1...2 { "Mail \(number)" }
///     flagged
///     ["Archive", "Trash"]
/// }
/// print(section.items)
/// // Prints "["Welcome", "Mail 1", "Mail 2", "Archive", "Trash"]"
/// ```
///
/// # Performance
/// The items are collected into one contiguous array per section. A lone item is carried as itself,
/// not as an array of one, so a `for` loop whose pass lists one item gathers them straight into the
/// loop's own array, which becomes the section's: it costs what filling the array by hand costs.
@resultBuilder
public enum ItemsBuilder<ItemIdentifier: Hashable> {
    // Two kinds of component: one item (`ItemIdentifier`) and items in order (`[ItemIdentifier]`). A
    // block of one item stays an item, so a `for` loop listing one item per pass is gathered by the
    // language into an array of items, which `buildArray` hands on as it is.

    /// One item.
    @inlinable
    public static func buildExpression(_ item: __owned ItemIdentifier) -> ItemIdentifier { item }

    /// An item when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression(_ item: ItemIdentifier?) -> [ItemIdentifier] {
        if let item { [item] } else { [] }
    }

    /// Items in order.
    @inlinable
    public static func buildExpression(_ items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }

    /// A block of one item.
    @inlinable
    public static func buildPartialBlock(first: __owned ItemIdentifier) -> ItemIdentifier { first }

    /// The first statement of a block.
    @inlinable
    public static func buildPartialBlock(first: __owned [ItemIdentifier]) -> [ItemIdentifier] { first }

    /// An item followed by the next one.
    @inlinable
    public static func buildPartialBlock(accumulated: __owned ItemIdentifier, next: __owned ItemIdentifier)
        -> [ItemIdentifier]
    {
        [accumulated, next]
    }

    /// An item followed by the next statement's items.
    @inlinable
    public static func buildPartialBlock(accumulated: __owned ItemIdentifier, next: __owned [ItemIdentifier])
        -> [ItemIdentifier]
    {
        var items = [accumulated]
        items.append(contentsOf: next)
        return items
    }

    /// The statements so far followed by the next item.
    @inlinable
    public static func buildPartialBlock(accumulated: __owned [ItemIdentifier], next: __owned ItemIdentifier)
        -> [ItemIdentifier]
    {
        var items = accumulated
        items.append(next)
        return items
    }

    /// The statements so far followed by the next one's items.
    @inlinable
    public static func buildPartialBlock(accumulated: __owned [ItemIdentifier], next: __owned [ItemIdentifier])
        -> [ItemIdentifier]
    {
        var items = accumulated
        items.append(contentsOf: next)
        return items
    }

    /// A block with no statements.
    @inlinable
    public static func buildBlock() -> [ItemIdentifier] { [] }

    /// The item of an `if` without `else`, when its condition held.
    @inlinable
    public static func buildOptional(_ item: __owned ItemIdentifier?) -> [ItemIdentifier] {
        if let item { [item] } else { [] }
    }

    /// The items of an `if` without `else`, when its condition held.
    @inlinable @_disfavoredOverload
    public static func buildOptional(_ items: __owned [ItemIdentifier]?) -> [ItemIdentifier] { items ?? [] }

    /// The item of the first branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(first item: __owned ItemIdentifier) -> [ItemIdentifier] { [item] }

    /// The items of the first branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(first items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }

    /// The item of the second branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(second item: __owned ItemIdentifier) -> [ItemIdentifier] { [item] }

    /// The items of the second branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(second items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }

    /// The items of a `for` loop that lists one item per pass: the loop's own array, as it is.
    @inlinable
    public static func buildArray(_ items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }

    /// The items of every pass of a `for` loop, in order, gathered into one array sized once.
    @inlinable
    public static func buildArray(_ passes: __owned [[ItemIdentifier]]) -> [ItemIdentifier] {
        var count = 0
        for pass in passes { count += pass.count }
        var items: [ItemIdentifier] = []
        items.reserveCapacity(count)
        for pass in passes { items.append(contentsOf: pass) }
        return items
    }

    /// The item of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ item: __owned ItemIdentifier) -> [ItemIdentifier] { [item] }

    /// The items of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }

    /// A section of one item.
    @inlinable
    public static func buildFinalResult(_ item: __owned ItemIdentifier) -> [ItemIdentifier] { [item] }

    /// The section's items, in order.
    @inlinable
    public static func buildFinalResult(_ items: __owned [ItemIdentifier]) -> [ItemIdentifier] { items }
}

extension ItemsBuilder where ItemIdentifier == AnyHashable {
    /// A value of any `Hashable` type, as one item.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ item: Item) -> AnyHashable { AnyHashable(item) }

    /// A value of any `Hashable` type when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ item: Item?) -> [AnyHashable] {
        if let item { [AnyHashable(item)] } else { [] }
    }

    /// Values of any `Hashable` type, each one an item, in order.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ items: [Item]) -> [AnyHashable] {
        items.map { AnyHashable($0) }
    }
}
