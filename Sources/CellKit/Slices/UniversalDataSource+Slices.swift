@_spi(CellKitInternals) import DiffableStore

extension UniversalDataSource {
    /// Whether the host shows the data source's snapshot: `false` until the first apply is performed,
    /// `true` from then on.
    ///
    /// Before it, ``prepare(_:)`` and edits through slices change the snapshot without telling the
    /// host (nothing is animated), and the first apply shows everything with a reload. That first apply
    /// makes every live slice ready: their ``ListSlice/onReady`` is called once, right after it. A
    /// slice reads it as ``ListSlice/isReady``.
    @_spi(Testing) public var isAttachedToHost: Bool { transaction.phase.hostShowsDataSource }

    /// Makes a slice: positions `range` of `section` in the latest snapshot, owned by the caller.
    ///
    /// The data source holds the slice weakly: keep it while it is in use, and release it to hand its
    /// positions back. See ``ListSlice`` for how it follows edits.
    ///
    /// ```swift
    /// let header = try dataSource.makeSlice(in: .main, range: 0..<1)
    /// let pockets = try dataSource.makeSlice(in: .main, range: 1..<1)   // empty, right after the header
    /// ```
    ///
    /// - Parameters:
    ///   - section: A section of the latest snapshot (the one shown, or the last one queued).
    ///   - range: Positions in the section, within `0...numberOfItems`; may be empty.
    /// - Returns: The slice. Made before the data source shows a snapshot, it becomes ready with it.
    /// - Throws: ``SliceError/sectionNotFound(section:)``,
    ///   ``SliceError/rangeOutOfBounds(range:section:itemCount:)``, or
    ///   ``SliceError/overlaps(range:existing:section:)`` when another live slice owns one of the positions
    ///   (an empty slice may touch others, not sit inside one).
    /// - Complexity: O(k) for *k* slices made and not released.
    public func makeSlice(in section: SectionIdentifier, range: Range<Int>) throws(SliceError) -> ListSlice<
        SectionIdentifier
    > {
        try sliceTable.makeSlice(in: section, range: range, latest: transaction.latestSnapshot, owner: self)
    }

    /// Makes the edits in `body`, through any slices of this data source, one apply: the host performs
    /// them as one batch.
    ///
    /// Reads through slices inside `body` see the edits made so far. A nested call joins the outer one.
    /// Do not apply to the data source inside `body`.
    ///
    /// ```swift
    /// try dataSource.performSliceEdits {
    ///     try pockets.append([Pocket(name: "Savings")])
    ///     try cards.delete(at: 0)
    /// }   // one batch: one insert, one delete
    /// ```
    ///
    /// - Parameter body: The edits; it may throw any error (a slice's edits throw ``SliceError``).
    /// - Throws: The error `body` throws: nothing is applied then, and slices made inside `body` are
    ///   detached (``SliceError/DetachReason/creationUndone``). Or the apply's error, as
    ///   ``SliceError/dataSource(_:)``.
    public func performSliceEdits(_ body: () throws -> Void) throws {
        try transaction.performSliceEdits(body)
    }

    /// Sets the snapshot before the host shows anything, without telling the host: for a screen whose
    /// parts (slices) fill it in before it is on screen.
    ///
    /// The snapshot is checked as ``apply(_:animatingDifferences:)-1d0a7`` checks it, and plugins decorate
    /// it. Slices made on it and edited before the first apply change it without animation. The first
    /// apply shows the result with one reload (apply ``snapshot()`` to show it as it is) and makes the
    /// slices ready.
    ///
    /// - Parameter snapshot: The sections and items.
    /// - Throws: ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)`` for the
    ///   first item no registration serves; ``DataSourceError/applyWhileConfiguringView`` from a
    ///   configuration closure. Nothing changes then.
    /// - Complexity: O(n) expected to check every item, plus a diff when slices are live.
    public func prepare(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) throws(DataSourceError) {
        try transaction.prepare(snapshot)
    }
}
