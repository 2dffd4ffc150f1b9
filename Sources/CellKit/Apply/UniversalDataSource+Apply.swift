import DiffableStore

extension UniversalDataSource {
    /// Shows a snapshot: checks it, then animates the differences from the current one or reloads.
    ///
    /// Nothing is shown until the whole snapshot is checked: every item must resolve to a cell
    /// registration, and an item of a cell factory's type to one of its cells (see
    /// ``registerCells(for:_:choose:)``), and no two `Identifiable` items of one type may share an `id`.
    /// (Duplicate items cannot occur: a ``/DiffableStore/Snapshot`` refuses them when they are added.)
    /// On failure the host keeps showing the previous snapshot, untouched.
    ///
    /// Animated, the data source computes ``/DiffableStore/Changeset/init(from:to:)`` and performs each stage
    /// as one batch of updates on the host, reporting the stage's snapshot while the host performs it. An
    /// `Identifiable` item whose content changed is reconfigured in place: its visible cell is
    /// configured again, and no cell is dequeued. An item replaced by an equal identifier of another
    /// type (`1` by `Int8(1)`, equal as `AnyHashable`) is reloaded, in the new type's cell, and its new
    /// value is checked as an inserted item's is. After each stage, the visible cells whose
    /// ``PositionInSection`` changed (a new first or last row of a section) and whose registration
    /// receives a ``CellContext`` are reconfigured in place too, so a card list stays rounded
    /// correctly. Not animated, the host reloads everything.
    ///
    /// The host's events are handed to the handlers when the apply has finished, before the call
    /// returns. An apply made from an event handler while the data source is busy is checked at once and
    /// queued; it runs after the current one and the events it caused, before the outermost call returns.
    /// An apply from a configuration closure throws: see the type's discussion.
    ///
    /// - Note: In an `async` function, `try dataSource.apply(snapshot)` resolves to the async
    ///   ``apply(_:animatingDifferences:)-2jz9f`` (Swift prefers it there, and asks for `await`); call
    ///   ``applySynchronously(_:animatingDifferences:)`` for this one.
    /// - Parameters:
    ///   - snapshot: The sections and items to show. Reload and reconfigure marks in it are performed.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)`` for the
    ///   first item no registration serves;
    ///   ``DataSourceError/duplicateID(id:itemType:first:firstIndexPath:second:secondIndexPath:)`` for the
    ///   first `Identifiable` item whose type and `id` an earlier item has;
    ///   ``DataSourceError/missingFeature(item:itemType:feature:indexPath:)`` for the first item whose type
    ///   needs a ``ListFeature`` that no attached plugin provides;
    ///   ``DataSourceError/hostRejectedUpdate(_:)`` when the host refuses a batch (the previous snapshot
    ///   is restored; a queued apply's rejection is thrown by the outermost call, after the queue has run);
    ///   ``DataSourceError/applyWhileConfiguringView`` when called from a configuration closure;
    ///   ``DataSourceError/outlineSectionChanged(section:)`` and ``DataSourceError/itemInOutline(item:section:)``
    ///   when the snapshot changes the items of a section shown as an outline (see
    ///   ``apply(_:to:animatingDifferences:)``); ``DataSourceError/hostTakenOver(host:)`` when another data
    ///   source was made for the host since.
    /// - Complexity: The diff's cost, plus O(b + m) expected to check the items it adds (*b* changes,
    ///   *m* items in inserted or reloaded sections), plus O(t) expected per stage for the position check
    ///   of the *t* sections the stage changes; with a cell factory registered, plus O(u log u) for the
    ///   *u* items the changeset updates in place (their new values are checked too). Not animated, or
    ///   queued behind another apply: O(n) expected to check every item. *n* is the number of items.
    ///   With outline sections, plus expected O(o log s) for their *o* items. While the list may show a
    ///   value of a type whose values can equal another type's as `AnyHashable` (integers and other
    ///   numbers, arrays, sets, dictionaries, classes), plus O(n) to read the type of each item the diff
    ///   matches, on both sides; lists of structs and enums do not pay it. The duplicate-id check costs
    ///   O(c) expected for the *c* items the diff inserts, deletes or reloads (those of inserted, deleted
    ///   and reloaded sections included) while the data source holds the `id`s of the snapshot on screen:
    ///   it keeps them from the last check that read every item and carries them through each apply. It
    ///   reads every item, O(n) expected, when it holds none (after an apply it refused, or a change of
    ///   the list made outside an apply) and the diff inserts an `Identifiable` item, when the snapshot is
    ///   not diffed from the one on screen (as above), and to name the two items of a duplicate. After
    ///   the diff, no step reads every item: with the checks above, the host's batch costs O(k log n + v)
    ///   on `TextListView` for *k* changes and *v* visible rows (the host reads the items from the
    ///   snapshot's storage, O(log s + log(n / 512)) each), plus O(s) to compare section counts.
    public func apply(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>, animatingDifferences: Bool = true)
        throws(DataSourceError)
    {
        try transaction.apply(snapshot, animated: animatingDifferences)
    }

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
