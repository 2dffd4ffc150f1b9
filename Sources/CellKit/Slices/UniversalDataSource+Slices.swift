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
        sliceTable.prune()
        let workspace = readWorkspace()
        let name = String(reflecting: section)
        guard let count = workspace.snapshot.numberOfItems(inSection: section) else {
            throw .sectionNotFound(section: name)
        }
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .rangeOutOfBounds(range: range, section: name, itemCount: count)
        }
        if let existing = workspace.state.overlap(of: range, in: section) {
            throw .overlaps(range: range, existing: existing, section: name)
        }
        let id = sliceTable.nextID
        sliceTable.nextID += 1
        let slice = ListSlice(dataSource: self, id: id, section: section)
        sliceTable.slices[id] = SliceTable.WeakSlice(slice: slice)
        if sliceTable.workspace != nil {
            sliceTable.workspace!.state.add(id, section: section, range: range)
        } else {
            sliceTable.state.add(id, section: section, range: range)
        }
        return slice
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
        guard sliceTable.workspace == nil else {
            try body()
            return
        }
        sliceTable.prune()
        let version = sliceTable.modelVersion
        sliceTable.workspace = makeEditWorkspace()
        do {
            try body()
        } catch {
            // Dropped with the workspace: the edits, and the slices made in it (they read as detached).
            sliceTable.workspace = nil
            throw error
        }
        let workspace = sliceTable.workspace!
        sliceTable.workspace = nil
        precondition(
            sliceTable.modelVersion == version,
            "Apply outside performSliceEdits: the snapshot changed while slice edits were being made")
        guard workspace.edited else {
            sliceTable.state = workspace.state
            return
        }
        try commit(workspace)
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
        precondition(
            !transaction.phase.hostShowsDataSource && !transaction.phase.isRunning,
            "Prepare a snapshot before the data source's first apply; from then on, apply")
        if transaction.phase.admission == .refused { throw .applyWhileConfiguringView }
        let shown = decorated(snapshot)
        try transaction.validate(shown)
        sliceTable.prune()
        if !sliceTable.state.isEmpty {
            sliceTable.diffs += 1
            sliceTable.state.follow(Changeset(from: current, to: shown), from: current)
            sliceTable.state.detachSlices(inReloaded: shown.reloadedSectionIdentifiers)
        }
        showWithoutHost(shown)
    }
}

// MARK: - Edits through slices

extension UniversalDataSource {
    /// The snapshot slices work on: the last one queued, or the one shown.
    var sliceModel: Snapshot<SectionIdentifier, AnyHashable> { transaction.latestSnapshot }

    /// What slices read: the batch being edited, or the latest snapshot and places.
    func readWorkspace() -> SliceWorkspace<SectionIdentifier> {
        sliceTable.workspace ?? SliceWorkspace(snapshot: sliceModel, state: sliceTable.state)
    }

    /// A workspace to edit, with the marks of earlier applies cleared.
    func makeEditWorkspace() -> SliceWorkspace<SectionIdentifier> {
        var workspace = SliceWorkspace(snapshot: sliceModel, state: sliceTable.state)
        workspace.snapshot.clearReloadMarks()
        return workspace
    }

    /// Runs one slice edit: on the open batch, or on a batch of its own that is applied at once.
    func editSlices(_ body: (inout SliceWorkspace<SectionIdentifier>) throws(SliceError) -> Void) throws(SliceError) {
        if var workspace = sliceTable.workspace {
            // Taken out while it is edited, so that its snapshot is not shared (and copied).
            sliceTable.workspace = nil
            defer { sliceTable.workspace = workspace }
            try body(&workspace)
            return
        }
        sliceTable.prune()
        var workspace = makeEditWorkspace()
        try body(&workspace)
        guard workspace.edited else { return }
        try commit(workspace)
    }

    /// Applies a batch of slice edits, with the slices' places it computed.
    ///
    /// Before the host shows anything, the snapshot changes without the host; otherwise it is applied,
    /// and its plan carries the places the edits computed instead of deriving them from a diff.
    func commit(_ workspace: SliceWorkspace<SectionIdentifier>) throws(SliceError) {
        // As `apply` refuses to: the host may be laying out rows from the current snapshot.
        if transaction.phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        if !transaction.phase.hostShowsDataSource && !transaction.phase.isRunning {
            let shown = decorated(workspace.snapshot)
            do {
                try transaction.validate(shown)
            } catch {
                throw .dataSource(error)
            }
            var state = workspace.state
            if !pluginCoordinator.plugins.isEmpty {
                sliceTable.diffs += 1
                state.follow(Changeset(from: workspace.snapshot, to: shown), from: workspace.snapshot)
            }
            sliceTable.state = state
            showWithoutHost(shown)
            return
        }
        do {
            let (snapshot, outlines) = try keepingOutlines(workspace.snapshot)
            try apply(
                decorated(snapshot), outlines: outlines, animatingDifferences: true,
                sliceOrigin: (workspace.snapshot, workspace.state))
        } catch {
            throw .dataSource(error)
        }
    }

    /// Makes `snapshot` the current one without telling the host, which reloads at the first apply.
    func showWithoutHost(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        transaction.performNow(.withoutHost, snapshot)
        sliceTable.modelVersion += 1
    }
}

// MARK: - Following the data source

extension UniversalDataSource {
    /// Moves the slices to their places in a checked snapshot about to join the queue of applies.
    ///
    /// A slice edit brings its own places; any other apply (the app's, a plugin's) is followed through
    /// its diff from the latest snapshot: the one computed for the apply when it starts from the snapshot
    /// on screen, or one of the slices' own. Without live slices this costs nothing.
    func slicesWillEnqueue(_ apply: inout ApplyPlan<SectionIdentifier>) {
        sliceTable.modelVersion += 1
        if let origin = apply.sliceOrigin {
            apply.sliceOrigin = nil
            apply.slicesBefore = sliceTable.state
            var state = origin.state
            if !pluginCoordinator.plugins.isEmpty {
                sliceTable.diffs += 1
                state.follow(Changeset(from: origin.snapshot, to: apply.snapshot), from: origin.snapshot)
            }
            sliceTable.state = state
            return
        }
        guard !sliceTable.slices.isEmpty else { return }
        sliceTable.prune()
        guard !sliceTable.state.isEmpty else { return }
        apply.slicesBefore = sliceTable.state
        let model = sliceModel
        let changeset: Changeset<SectionIdentifier, AnyHashable>
        if transaction.plans.isEmpty, apply.generation == transaction.generation, let ahead = apply.changeset {
            changeset = ahead
        } else {
            sliceTable.diffs += 1
            changeset = Changeset(from: model, to: apply.snapshot)
        }
        sliceTable.state.follow(changeset, from: model)
        sliceTable.state.detachSlices(inReloaded: apply.snapshot.reloadedSectionIdentifiers)
    }

    /// The first plan the host performed: the slices are ready.
    func slicesBecameReady() {
        for slice in sliceTable.liveSlices { slice.onReady?() }
    }

    /// After the host rejected a plan: when it was the last queued, puts the slices back where they were
    /// in the snapshot the data source restored.
    ///
    /// - Parameter next: The plans still queued.
    func slicesWereRejected(_ plan: ApplyPlan<SectionIdentifier>, next: inout [ApplyPlan<SectionIdentifier>]) {
        let before = plan.slicesBefore
        guard next.isEmpty else {
            // The next apply starts from the restored snapshot: should it fail too, the slices go back
            // to where they were in that snapshot.
            next[0].slicesBefore = before
            return
        }
        if let before {
            // Slices made since read as detached: they are in neither of its tables.
            sliceTable.state = before
        } else {
            // No slice was live when the apply was queued: every live one was made since.
            for id in Array(sliceTable.state.bounds.keys) { sliceTable.state.detach(id, .creationUndone) }
        }
        sliceTable.modelVersion += 1
        sliceTable.prune()
    }

    /// Follows a move the user made on the host (see `moveItem(from:to:in:)`).
    func slicesFollowMoves(
        _ moves: [Move<ListIndexPath>],
        before: Snapshot<SectionIdentifier, AnyHashable>, after: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        guard transaction.plans.isEmpty else { return }
        sliceTable.modelVersion += 1
        guard !sliceTable.slices.isEmpty else { return }
        sliceTable.prune()
        sliceTable.state.follow(BatchUpdate(movedItems: moves), from: before, to: after)
    }
}
