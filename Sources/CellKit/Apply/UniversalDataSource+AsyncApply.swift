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
    /// - Complexity: Off the main actor, the diff's cost (with the look for items that change type, as for
    ///   the synchronous apply): O(k log n) for *k* edited items when `snapshot` was derived from
    ///   ``snapshot()`` (its record of its edits answers; see ``/DiffableStore/Changeset/init(from:to:)``).
    ///   On the main actor, when the plan is performed from the snapshot it was diffed against, what the
    ///   synchronous apply costs after its diff: O(b + m) expected to check the items the diff adds (*b*
    ///   changes, *m* items in inserted or reloaded sections), the duplicate-id check of the changed items,
    ///   and the host's batches, O(k log n + v) on `TextListView` for *v* visible rows. Not animated, or
    ///   overtaken by another apply while it diffed (or queued behind one): every item's type is read off
    ///   the main actor, O(n), and O(t) checks the *t* distinct types on it (O(n) on it when the data
    ///   source has an `itemRepresentation` or a cell factory), plus the O(n) duplicate-id check.
    public func apply(
        _ snapshot: sending Snapshot<SectionIdentifier, AnyHashable>,
        animatingDifferences: Bool = true
    ) async throws(DataSourceError) {
        try await transaction.applyAsync(snapshot, animated: animatingDifferences)
    }
}
