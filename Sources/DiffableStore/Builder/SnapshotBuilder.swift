/// Builds the sections of a snapshot from statements: each expression is a ``SnapshotSection`` or an
/// ``OutlineSection`` (or an array of them), with `if`, `switch`, `for` and `if #available` around them.
///
/// You meet it through ``Snapshot/init(_:)``, and through `UniversalDataSource`'s `apply { }` in `CellKit`.
/// The sections are only gathered here; the snapshot checks them as it is made.
///
/// ```swift
/// let letters = ["A": ["Ada", "Alan"], "B": ["Brian"]]
/// let snapshot = try Snapshot<String, String> {
///     for letter in letters.keys.sorted() {
///         SnapshotSection(letter) { letters[letter] ?? [] }
///     }
/// }
/// print(snapshot.sectionIdentifiers, snapshot.itemIdentifiers)
/// // Prints "["A", "B"] ["Ada", "Alan", "Brian"]"
/// ```
@resultBuilder
public enum SnapshotBuilder<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// A section and its items.
    public typealias Section = SnapshotSection<SectionIdentifier, ItemIdentifier>
    /// What the builder gathers: sections with their items, and outline sections.
    public typealias Component = [_BuiltSection<SectionIdentifier, ItemIdentifier>]

    /// One section.
    @inlinable
    public static func buildExpression(_ section: __owned Section) -> Component { [.items(section)] }

    /// Sections in order.
    @inlinable
    public static func buildExpression(_ sections: [Section]) -> Component { sections.map { .items($0) } }

    /// One outline section.
    @inlinable
    public static func buildExpression(_ section: __owned OutlineSection<SectionIdentifier, ItemIdentifier>)
        -> Component
    {
        [.outline(section)]
    }

    /// Outline sections in order.
    @inlinable
    public static func buildExpression(_ sections: [OutlineSection<SectionIdentifier, ItemIdentifier>]) -> Component {
        sections.map { .outline($0) }
    }

    /// The sections of a block's statements, in order.
    @inlinable
    public static func buildBlock(_ components: Component...) -> Component { Array(components.joined()) }

    /// The sections of an `if` without `else`, when its condition held.
    @inlinable
    public static func buildOptional(_ sections: Component?) -> Component { sections ?? [] }

    /// The sections of the first branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(first sections: Component) -> Component { sections }

    /// The sections of the second branch of an `if`/`else` or a `switch`.
    @inlinable
    public static func buildEither(second sections: Component) -> Component { sections }

    /// The sections of every pass of a `for` loop, in order.
    @inlinable
    public static func buildArray(_ passes: [Component]) -> Component { Array(passes.joined()) }

    /// The sections of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ sections: Component) -> Component { sections }
}
