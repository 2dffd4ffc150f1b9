/// One section of a snapshot written with ``SnapshotBuilder``: its identifier and its items.
///
/// ```swift
/// let favorites = ["Plum"]
/// let snapshot = try Snapshot<String, String> {
///     SnapshotSection("fruit") { ["Apple", "Pear"] }
///     if !favorites.isEmpty {
///         SnapshotSection("favorites") { favorites }
///     }
/// }
/// print(snapshot.sectionIdentifiers, snapshot.itemIdentifiers)
/// // Prints "["fruit", "favorites"] ["Apple", "Pear", "Plum"]"
/// ```
///
/// A section has no options of its own: headers, footers and card backgrounds are registered per
/// kind on the data source, and show for every section whose registration asks for them.
public struct SnapshotSection<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The section's identifier.
    public var identifier: SectionIdentifier
    /// The section's items, in order.
    public var items: [ItemIdentifier]

    /// Creates a section from its identifier and the items its block lists.
    ///
    /// - Parameters:
    ///   - identifier: The section's identifier.
    ///   - items: Statements listing the items (see ``ItemsBuilder``); none for an empty section.
    /// - Complexity: O(k) for *k* items.
    @inlinable
    public init(
        _ identifier: SectionIdentifier,
        @ItemsBuilder<ItemIdentifier> items: () -> [ItemIdentifier] = { [] }
    ) {
        self.identifier = identifier
        self.items = items()
    }
}

extension SnapshotSection: Equatable {}
extension SnapshotSection: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
