import DiffableStore

/// What an interactive move changed: the snapshots before and after, and the difference between their
/// items, like `NSDiffableDataSourceTransaction`.
public struct ReorderTransaction<SectionIdentifier: Hashable> {
    /// The snapshot before the move.
    public let initialSnapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// The snapshot after it: what the data source shows now.
    public let finalSnapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// The item moved (the first of them, for a drop of several).
    public let item: AnyHashable
    /// Where it was.
    public let source: ListIndexPath
    /// Where it is now (coordinates after the move).
    public let destination: ListIndexPath
    /// Every item moved, in the order they were dragged: `[item]` for an interactive move of one row.
    public let items: [AnyHashable]

    /// The difference from the initial items to the final ones, section after section, with the move
    /// inferred: apply it to your backing array, or take `finalSnapshot.itemIdentifiers`.
    ///
    /// - Complexity: O(n) for a single move (Swift's `difference(from:)`, *n* the number of items).
    public var difference: CollectionDifference<AnyHashable> {
        finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers).inferringMoves()
    }
}

/// The closures that let users reorder rows, as Apple's `reorderingHandlers`: the move is allowed per
/// item, can be vetoed or redirected *during* the drag, and is reported as a transaction after the
/// data source has updated its own snapshot.
@MainActor
public struct ReorderingHandlers<SectionIdentifier: Hashable> {
    /// Whether an item's row may be picked up; reordering is off while it is `nil`.
    public var canReorderItem: (@MainActor (_ item: AnyHashable) -> Bool)?
    /// Where a row may go: return the proposal, another index path, or `nil` to veto it (asked during
    /// the drag). `nil` allows every destination.
    public var targetIndexPath: (@MainActor (_ item: AnyHashable, _ proposed: ListIndexPath) -> ListIndexPath?)?
    /// Called with the transaction before the data source updates its snapshot.
    public var willReorder: (@MainActor (_ transaction: ReorderTransaction<SectionIdentifier>) -> Void)?
    /// Called with the transaction once the snapshot on screen is the final one. Update your model here;
    /// an `apply` of the final snapshot from here is an empty changeset.
    public var didReorder: (@MainActor (_ transaction: ReorderTransaction<SectionIdentifier>) -> Void)?

    /// Handlers that allow nothing.
    public init() {}
}
