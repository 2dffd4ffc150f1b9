@_spi(PluginSupport) import CellKit
@_spi(CellKitInternals) import DiffableStore

// `apply { }` lives here, beside the plugins, to keep the core's public surface within its budget
// (Architecture.md); in the core, `try dataSource.apply(Snapshot { ... })` says the same for lists
// without outline sections (an item listed twice then throws `DataSourceError.invalidSnapshot`, as for any
// snapshot whose appends the apply checks).

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
    ///     OutlineSection("projects") {
    ///         for project in projects {
    ///             OutlineItem(project) { project.tasks }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// An ``/DiffableStore/OutlineSection`` is shown as
    /// ``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)`` shows a section snapshot, in the
    /// same apply as the other sections: its items get their levels, and an item whose expansion the block
    /// does not state keeps the one the data source remembers.
    ///
    /// The block runs once, on the main actor, before anything is checked; a snapshot that cannot be
    /// built shows nothing.
    ///
    /// - Parameters:
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    ///   - sections: Statements listing the sections (see ``/DiffableStore/SnapshotBuilder``).
    /// - Throws: A ``/DiffableStore/SnapshotError`` when the block lists a section or an item twice (see
    ///   ``/DiffableStore/Snapshot/init(_:)``); what ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-1d0a7``
    ///   throws; with outline sections, what ``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)``
    ///   throws. Nothing changes then.
    /// - Complexity: O(n) to build the snapshot of *n* items (none hashed: the apply checks them, taking the
    ///   hashes of the snapshot on screen for the items still in their place), plus the cost of
    ///   ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-1d0a7``; with outline sections, plus
    ///   that of ``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)`` for their items.
    public func apply(
        animatingDifferences: Bool = true,
        @SnapshotBuilder<SectionIdentifier, AnyHashable> _ sections: () -> [_BuiltSection<
            SectionIdentifier, AnyHashable
        >]
    ) throws {
        let (snapshot, outlines) = try Snapshot._build(sections())
        do {
            if outlines.isEmpty {
                try apply(snapshot, animatingDifferences: animatingDifferences)
            } else {
                try apply(snapshot, withOutlines: outlines, animatingDifferences: animatingDifferences)
            }
        } catch let DataSourceError.invalidSnapshot(duplicate) {
            // The builder hashes no item: the apply's check finds an item listed twice, reported as the builder's.
            throw duplicate
        }
    }
}

extension UniversalDataSource where SectionIdentifier: Sendable {
    /// Shows the sections a block lists, diffing them off the main actor: builds the snapshot on the main
    /// actor, then applies it as ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f`` does.
    ///
    /// In an `async` function Swift prefers this overload: `try await dataSource.apply { ... }`. A list
    /// with an ``/DiffableStore/OutlineSection`` is applied as the synchronous `apply { }` applies it,
    /// diffed on the main actor (outlines are shown from the snapshot on screen, as
    /// ``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)`` shows them).
    ///
    /// - Parameters:
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    ///   - sections: Statements listing the sections (see ``/DiffableStore/SnapshotBuilder``).
    /// - Throws: A ``/DiffableStore/SnapshotError`` when the block lists a section or an item twice;
    ///   what ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f`` throws; with outline
    ///   sections, what ``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)`` throws. Nothing
    ///   changes then.
    /// - Complexity: O(n) on the main actor to build the snapshot of *n* items (none hashed), plus the cost of
    ///   ``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f``.
    public func apply(
        animatingDifferences: Bool = true,
        @SnapshotBuilder<SectionIdentifier, AnyHashable> _ sections: () -> [_BuiltSection<
            SectionIdentifier, AnyHashable
        >]
    ) async throws {
        let (snapshot, outlines) = try Snapshot._build(sections())
        do {
            if outlines.isEmpty {
                try await apply(snapshot, animatingDifferences: animatingDifferences)
            } else {
                try apply(snapshot, withOutlines: outlines, animatingDifferences: animatingDifferences)
            }
        } catch let DataSourceError.invalidSnapshot(duplicate) {
            throw duplicate
        }
    }
}
