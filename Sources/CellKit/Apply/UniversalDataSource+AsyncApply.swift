@_spi(CellKitInternals) import DiffableStore

extension UniversalDataSource where SectionIdentifier: Sendable {
    /// Shows a snapshot, diffing it against the one on screen off the main actor: only the check of
    /// its item types and the host's batches run on the main actor.
    ///
    /// Build the snapshot where you like — on a background task from your model — and hand it over:
    /// the parameter is `sending`, so the caller gives it up and nothing else can touch it while it is
    /// diffed.
    ///
    /// ```swift
    /// let snapshot = await Task.detached { makeSnapshot(from: feed) }.value   // off the main actor
    /// try await dataSource.apply(snapshot)                                   // diffed off it too
    /// ```
    ///
    /// Async applies run in call order: one made while an earlier one is still diffing waits for it,
    /// then diffs against what that one showed. A synchronous ``apply(_:animatingDifferences:)-1d0a7`` made
    /// in the meantime runs at once; an async apply whose diff started from an older snapshot diffs again,
    /// on the main actor, before it is performed. What is shown, which errors are thrown and when the
    /// host's events are delivered are as for the synchronous apply.
    ///
    /// Available when `SectionIdentifier` is `Sendable`, as enums, strings and integers are.
    ///
    /// In an `async` function Swift prefers this overload: `try dataSource.apply(snapshot)` there asks
    /// for `await` and means this one. For the synchronous apply from async code, call
    /// ``applySynchronously(_:animatingDifferences:)``.
    ///
    /// - Note: The diff reads the items and section identifiers of the snapshot on screen and of the new
    ///   one from another thread (hashes and `==`). Value types are safe to read so; an item class must
    ///   not change what its `==` reads while an apply is in flight.
    /// - Parameters:
    ///   - snapshot: The sections and items to show. Reload and reconfigure marks in it are performed.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: What ``apply(_:animatingDifferences:)-1d0a7`` throws, for the same reasons.
    /// - Complexity: On the main actor, O(t) to check the *t* distinct item types (O(n) when the data
    ///   source has an `itemRepresentation` or a cell factory), plus the host's batches; the diff's cost
    ///   (with the look for items that change type, as for the synchronous apply) is paid off it.
    public func apply(
        _ snapshot: sending Snapshot<SectionIdentifier, AnyHashable>,
        animatingDifferences: Bool = true
    ) async throws(DataSourceError) {
        try await transaction.applyAsync(snapshot, animated: animatingDifferences)
    }
}
