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
/// The items are collected into one contiguous array per section: an item is a value, not an
/// array of one, and a `for` loop's items are gathered into an array sized once.
@resultBuilder
public enum ItemsBuilder<ItemIdentifier: Hashable> {
    /// One item.
    @inlinable
    public static func buildExpression(_ item: __owned ItemIdentifier) -> _BuiltItems<ItemIdentifier> { .one(item) }

    /// An item when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression(_ item: ItemIdentifier?) -> _BuiltItems<ItemIdentifier> {
        if let item { .one(item) } else { .none }
    }

    /// Items in order.
    @inlinable
    public static func buildExpression(_ items: __owned [ItemIdentifier]) -> _BuiltItems<ItemIdentifier> {
        .many(items)
    }

    /// The first statement of a block.
    @inlinable
    public static func buildPartialBlock(first: __owned _BuiltItems<ItemIdentifier>) -> _BuiltItems<ItemIdentifier> {
        first
    }

    /// The statements so far followed by the next one.
    @inlinable
    public static func buildPartialBlock(
        accumulated: __owned _BuiltItems<ItemIdentifier>, next: __owned _BuiltItems<ItemIdentifier>
    ) -> _BuiltItems<ItemIdentifier> {
        var items = accumulated
        items._append(next)
        return items
    }

    /// A block with no statements.
    @inlinable
    public static func buildBlock() -> _BuiltItems<ItemIdentifier> { .none }

    /// The items of an `if` without `else`, when its condition held.
    @inlinable
    public static func buildOptional(_ items: __owned _BuiltItems<ItemIdentifier>?) -> _BuiltItems<ItemIdentifier> {
        items ?? .none
    }

    /// The items of the first branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(first items: __owned _BuiltItems<ItemIdentifier>) -> _BuiltItems<ItemIdentifier> {
        items
    }

    /// The items of the second branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(second items: __owned _BuiltItems<ItemIdentifier>) -> _BuiltItems<ItemIdentifier> {
        items
    }

    /// The items of every pass of a `for` loop, in order, gathered into one array sized once.
    ///
    /// Each pass's items are moved out of `passes`, not copied: the loop's array is the builder's own,
    /// so it is unique here, and copying each item, then releasing the original, would cost about as
    /// much as appending it to the snapshot.
    @inlinable
    public static func buildArray(_ passes: __owned [_BuiltItems<ItemIdentifier>]) -> _BuiltItems<ItemIdentifier> {
        var passes = passes
        var count = 0
        for index in passes.indices { count += passes[index].count }
        var items: [ItemIdentifier] = []
        items.reserveCapacity(count)
        passes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices {
                // Moved out, then the slot gets an empty value back, so the array stays valid.
                switch (base + index).move() {
                case .none: break
                case .one(let item): items.append(item)
                case .many(let many): items.append(contentsOf: many)
                }
                (base + index).initialize(to: .none)
            }
        }
        return .many(items)
    }

    /// The items of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ items: __owned _BuiltItems<ItemIdentifier>) -> _BuiltItems<
        ItemIdentifier
    > {
        items
    }

    /// The section's items, in order.
    @inlinable
    public static func buildFinalResult(_ items: __owned _BuiltItems<ItemIdentifier>) -> [ItemIdentifier] {
        switch items {
        case .none: []
        case .one(let item): [item]
        case .many(let items): items
        }
    }
}

extension ItemsBuilder where ItemIdentifier == AnyHashable {
    /// A value of any `Hashable` type, as one item.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ item: Item) -> _BuiltItems<AnyHashable> {
        .one(AnyHashable(item))
    }

    /// A value of any `Hashable` type when there is one, nothing when `nil`.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ item: Item?) -> _BuiltItems<AnyHashable> {
        if let item { .one(AnyHashable(item)) } else { .none }
    }

    /// Values of any `Hashable` type, each one an item, in order.
    @inlinable
    public static func buildExpression<Item: Hashable>(_ items: [Item]) -> _BuiltItems<AnyHashable> {
        .many(items.map { AnyHashable($0) })
    }
}

/// What ``ItemsBuilder`` gathers while it builds: no item, one, or several in an array. Not API.
@frozen
public enum _BuiltItems<ItemIdentifier> {
    case none
    case one(ItemIdentifier)
    case many([ItemIdentifier])

    /// The number of items.
    @inlinable
    public var count: Int {
        switch self {
        case .none: 0
        case .one: 1
        case .many(let items): items.count
        }
    }

    /// Appends these items to an array.
    @inlinable
    public func _append(to array: inout [ItemIdentifier]) {
        switch self {
        case .none: break
        case .one(let item): array.append(item)
        case .many(let items): array.append(contentsOf: items)
        }
    }

    /// Appends other items after these.
    @inlinable
    public mutating func _append(_ other: _BuiltItems) {
        if case .none = other { return }
        switch self {
        case .none: self = other
        case .one(let item):
            var items = [item]
            other._append(to: &items)
            self = .many(items)
        case .many(var items):
            self = .none  // so that `items` is the only reference and grows in place
            other._append(to: &items)
            self = .many(items)
        }
    }
}
