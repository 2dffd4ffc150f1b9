/// One outline section of a snapshot written with ``SnapshotBuilder``: its identifier and its items as a
/// forest, each with its children and, where stated, its expansion.
///
/// In a ``Snapshot`` built from it, the section holds the outline's visible items: the roots, and the
/// children of every item stated expanded, depth first. `UniversalDataSource`'s `apply { }` in `CellKit`
/// keeps the whole outline, as `apply(_:to:animatingDifferences:)` does, and an item whose expansion
/// is unstated keeps the expansion the data source remembers for it.
///
/// ```swift
/// let snapshot = try Snapshot<String, String> {
///     SnapshotSection("recent") { "Notes" }
///     OutlineSection("folders") {
///         OutlineItem("Work", expanded: true) { "Plans" }
///         OutlineItem("Home") { "Recipes" }
///     }
/// }
/// print(snapshot.itemIdentifiers)
/// // Prints "["Notes", "Work", "Plans", "Home"]"
/// ```
public struct OutlineSection<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The section's identifier.
    public var identifier: SectionIdentifier
    /// The section's root items, each with its children.
    public var roots: [OutlineItem<ItemIdentifier>]

    /// Creates an outline section from its identifier and the items its block lists.
    ///
    /// - Parameters:
    ///   - identifier: The section's identifier.
    ///   - roots: Statements listing the root items (see ``OutlineBuilder``); none for an empty section.
    /// - Complexity: O(r) for *r* roots.
    @inlinable
    public init(
        _ identifier: SectionIdentifier,
        @OutlineBuilder<ItemIdentifier> roots: () -> [OutlineItem<ItemIdentifier>] = { [] }
    ) {
        self.identifier = identifier
        self.roots = roots()
    }

    /// The outline as a section snapshot, each item's stated expansion stated.
    ///
    /// - Throws: ``SnapshotError/Rule/duplicateItem`` for the first item listed twice, naming this section.
    /// - Complexity: Expected O(n) for *n* items.
    func sectionSnapshot() throws(SnapshotError) -> SectionSnapshot<ItemIdentifier> {
        do {
            return try SectionSnapshot { roots }
        } catch {
            // Only a duplicate can fail; find it by value, in the order the items were appended (each
            // level's items, then each one's children), so the error names it as `appendItems` would.
            var seen = Set<ItemIdentifier>()
            func firstDuplicate(in items: [OutlineItem<ItemIdentifier>]) -> ItemIdentifier? {
                for item in items where !seen.insert(item.item).inserted { return item.item }
                for item in items { if let found = firstDuplicate(in: item.children) { return found } }
                return nil
            }
            let duplicate = firstDuplicate(in: roots)
            throw SnapshotError(.duplicateItem, identifier: duplicate)._inSection(identifier)
        }
    }
}

extension OutlineSection: Equatable {}
extension OutlineSection: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

/// What ``SnapshotBuilder`` gathers: a section with its items, or an outline section. Not API.
@frozen
public enum _BuiltSection<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    case items(SnapshotSection<SectionIdentifier, ItemIdentifier>)
    case outline(OutlineSection<SectionIdentifier, ItemIdentifier>)

    /// The section's identifier.
    @inlinable
    public var _identifier: SectionIdentifier {
        switch self {
        case .items(let section): section.identifier
        case .outline(let section): section.identifier
        }
    }
}

extension _BuiltSection: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
