import DiffableStore

extension UniversalDataSource {
    /// Shows a snapshot at once, on the main actor: ``apply(_:animatingDifferences:)-1d0a7``, spelled so that
    /// async code can call it.
    ///
    /// In an `async` function, `try dataSource.apply(snapshot)` resolves to the async
    /// ``apply(_:animatingDifferences:)-2jz9f`` (Swift prefers the
    /// async overload there, and asks for `await`), which diffs off the main actor and suspends. This
    /// method is the synchronous one: the snapshot is shown, and its events delivered, before it returns,
    /// with no suspension in between.
    ///
    /// ```swift
    /// func refresh() async throws {
    ///     let feed = try await api.feed()
    ///     try dataSource.applySynchronously(makeSnapshot(feed))  // on screen when this line returns
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show. Reload and reconfigure marks in it are performed.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: What ``apply(_:animatingDifferences:)-1d0a7`` throws, for the same reasons.
    /// - Complexity: That of ``apply(_:animatingDifferences:)-1d0a7``.
    public func applySynchronously(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>, animatingDifferences: Bool = true
    ) throws(DataSourceError) {
        try apply(snapshot, animatingDifferences: animatingDifferences)
    }
}
