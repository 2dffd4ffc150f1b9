import CellKit
import DiffableStore

// `apply { }` lives here, beside the plugins, to keep the core's public surface within its budget
// (Architecture.md); in the core, `try dataSource.apply(Snapshot { ... })` says the same.

extension UniversalDataSource {
    /// Shows the sections a block lists, written the way the screen reads: builds the snapshot, then
    /// applies it as ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-1d0a7`` does.
    ///
    /// ```swift
    /// try dataSource.apply {
    ///     SnapshotSection("tasks") {
    ///         for task in tasks { task }
    ///         if isEditing { AddTaskRow() }
    ///     }
    /// }
    /// ```
    ///
    /// The block runs once, on the main actor, before anything is checked; a snapshot that cannot be
    /// built shows nothing.
    ///
    /// - Parameters:
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    ///   - sections: Statements listing the sections (see ``/DiffableStore/SnapshotBuilder``).
    /// - Throws: A ``/DiffableStore/SnapshotError`` when the block lists a section or an item twice (see
    ///   ``/DiffableStore/Snapshot/init(_:)``); what ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-1d0a7`` throws.
    ///   Nothing changes then.
    /// - Complexity: Expected O(n) to build the snapshot of *n* items, plus the cost of
    ///   ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-1d0a7``.
    public func apply(
        animatingDifferences: Bool = true,
        @SnapshotBuilder<SectionIdentifier, AnyHashable> _ sections: () -> [SnapshotSection<
            SectionIdentifier, AnyHashable
        >]
    ) throws {
        try apply(Snapshot(sections), animatingDifferences: animatingDifferences)
    }
}

extension UniversalDataSource where SectionIdentifier: Sendable {
    /// Shows the sections a block lists, diffing them off the main actor: builds the snapshot on the main
    /// actor, then applies it as ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f`` does.
    ///
    /// In an `async` function Swift prefers this overload: `try await dataSource.apply { ... }`.
    ///
    /// - Parameters:
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    ///   - sections: Statements listing the sections (see ``/DiffableStore/SnapshotBuilder``).
    /// - Throws: A ``/DiffableStore/SnapshotError`` when the block lists a section or an item twice;
    ///   what ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f`` throws. Nothing changes then.
    /// - Complexity: Expected O(n) on the main actor to build the snapshot of *n* items, plus the cost of
    ///   ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f``.
    public func apply(
        animatingDifferences: Bool = true,
        @SnapshotBuilder<SectionIdentifier, AnyHashable> _ sections: () -> [SnapshotSection<
            SectionIdentifier, AnyHashable
        >]
    ) async throws {
        try await apply(Snapshot(sections), animatingDifferences: animatingDifferences)
    }
}
