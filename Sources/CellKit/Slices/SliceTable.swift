@_spi(CellKitInternals) import DiffableStore

/// What a data source keeps about its slices: where they are, the slices themselves (weakly), and the
/// edits in progress; and how the slices follow every change of the latest snapshot.
@MainActor
final class SliceTable<SectionIdentifier: Hashable> {
    /// A slice, held weakly: a released slice is forgotten.
    struct WeakSlice {
        weak var slice: ListSlice<SectionIdentifier>?
    }

    /// Where the slices are in the data source's latest snapshot (the last one queued, or the one shown).
    var state = SliceState<SectionIdentifier>()
    /// The slices, by id; released ones are dropped at the next ``prune()``.
    var slices: [Int: WeakSlice] = [:]
    /// The id of the next slice.
    var nextID = 0

    /// The batch of slice edits being made (``UniversalDataSource/performSliceEdits(_:)``).
    var workspace: SliceWorkspace<SectionIdentifier>?
    /// Counts changes of the latest snapshot, to detect an apply made inside a batch of slice edits.
    var modelVersion = 0

    /// How many diffs the slices needed of their own (tests count it).
    var diffs = 0

    /// The places the slices are read from: those of the batch being edited, or the latest.
    var readState: SliceState<SectionIdentifier> { workspace?.state ?? state }

    /// Drops the slices that were released. Not while a batch of edits is open: its places are put back
    /// as they are when it is applied.
    ///
    /// - Complexity: O(k) for *k* slices made and not yet released.
    func prune() {
        guard workspace == nil else { return }
        for id in Array(state.bounds.keys) + Array(state.detached.keys) where slices[id]?.slice == nil {
            state.forget(id)
        }
        for (id, entry) in slices where entry.slice == nil {
            slices[id] = nil
        }
    }

    /// The live slices, in the order they were made.
    var liveSlices: [ListSlice<SectionIdentifier>] {
        slices.keys.sorted().compactMap { id in state.bounds[id] == nil ? nil : slices[id]?.slice }
    }

    // MARK: Reads and edits

    /// What slices read: the batch being edited, or `latest` (the data source's latest snapshot) and the
    /// places.
    func readWorkspace(latest: @autoclosure () -> Snapshot<SectionIdentifier, AnyHashable>) -> SliceWorkspace<
        SectionIdentifier
    > {
        workspace ?? SliceWorkspace(snapshot: latest(), state: state)
    }

    /// A workspace to edit `latest` in, with the marks of earlier applies cleared.
    private func makeEditWorkspace(latest: Snapshot<SectionIdentifier, AnyHashable>) -> SliceWorkspace<
        SectionIdentifier
    > {
        var workspace = SliceWorkspace(snapshot: latest, state: state)
        workspace.snapshot.clearReloadMarks()
        return workspace
    }

    /// Makes a slice of `owner`: positions `range` of `section` in `latest`.
    ///
    /// - Throws: ``SliceError/sectionNotFound(section:)``,
    ///   ``SliceError/rangeOutOfBounds(range:section:itemCount:)``, or
    ///   ``SliceError/overlaps(range:existing:section:)``.
    /// - Complexity: O(k) for *k* slices made and not released.
    func makeSlice(
        in section: SectionIdentifier, range: Range<Int>,
        latest: @autoclosure () -> Snapshot<SectionIdentifier, AnyHashable>,
        owner: UniversalDataSource<SectionIdentifier>
    ) throws(SliceError) -> ListSlice<SectionIdentifier> {
        prune()
        let read = readWorkspace(latest: latest())
        let name = String(reflecting: section)
        guard let count = read.snapshot.numberOfItems(inSection: section) else {
            throw .sectionNotFound(section: name)
        }
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .rangeOutOfBounds(range: range, section: name, itemCount: count)
        }
        if let existing = read.state.overlap(of: range, in: section) {
            throw .overlaps(range: range, existing: existing, section: name)
        }
        let id = nextID
        nextID += 1
        let slice = ListSlice(dataSource: owner, id: id, section: section)
        slices[id] = WeakSlice(slice: slice)
        if workspace != nil {
            workspace!.state.add(id, section: section, range: range)
        } else {
            state.add(id, section: section, range: range)
        }
        return slice
    }

    /// Runs one slice edit: on the open batch, or on a batch of its own made on `latest` and handed to
    /// `commit` when it edited anything.
    func edit(
        latest: () -> Snapshot<SectionIdentifier, AnyHashable>,
        _ body: (inout SliceWorkspace<SectionIdentifier>) throws(SliceError) -> Void,
        commit: (SliceWorkspace<SectionIdentifier>) throws(SliceError) -> Void
    ) throws(SliceError) {
        if var workspace {
            // Taken out while it is edited, so that its snapshot is not shared (and copied).
            self.workspace = nil
            defer { self.workspace = workspace }
            try body(&workspace)
            return
        }
        prune()
        var workspace = makeEditWorkspace(latest: latest())
        try body(&workspace)
        guard workspace.edited else { return }
        try commit(workspace)
    }

    /// Makes the edits in `body` one batch, made on `latest` and handed to `commit` when it edited
    /// anything; a nested call joins the outer one.
    ///
    /// - Throws: The error `body` throws (the batch is dropped, and the slices made in it read as
    ///   detached), or the one `commit` throws.
    func performEdits(
        latest: () -> Snapshot<SectionIdentifier, AnyHashable>, _ body: () throws -> Void,
        commit: (SliceWorkspace<SectionIdentifier>) throws -> Void
    ) throws {
        guard workspace == nil else {
            try body()
            return
        }
        prune()
        let version = modelVersion
        workspace = makeEditWorkspace(latest: latest())
        do {
            try body()
        } catch {
            // Dropped with the workspace: the edits, and the slices made in it (they read as detached).
            workspace = nil
            throw error
        }
        let edited = workspace!
        workspace = nil
        precondition(
            modelVersion == version,
            "Apply outside performSliceEdits: the snapshot changed while slice edits were being made")
        guard edited.edited else {
            state = edited.state
            return
        }
        try commit(edited)
    }

    // MARK: Following the data source

    /// Notes a change of the latest snapshot made without a plan.
    func latestChanged() {
        modelVersion += 1
    }

    /// Takes the places a batch of slice edits computed on `edited`, for `shown` (`edited` as the
    /// plugins decorated it) that is set without the host.
    func take(
        _ places: SliceState<SectionIdentifier>, from edited: Snapshot<SectionIdentifier, AnyHashable>,
        to shown: Snapshot<SectionIdentifier, AnyHashable>, decorated: Bool
    ) {
        var places = places
        if decorated {
            diffs += 1
            places.follow(Changeset(from: edited, to: shown), from: edited)
        }
        state = places
    }

    /// Follows a snapshot set without the host (``UniversalDataSource/prepare(_:)``) from `current`.
    func follow(
        prepared shown: Snapshot<SectionIdentifier, AnyHashable>, from current: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        prune()
        guard !state.isEmpty else { return }
        diffs += 1
        state.follow(Changeset(from: current, to: shown), from: current)
        state.detachSlices(inReloaded: shown.reloadedSectionIdentifiers)
    }

    /// Moves the slices to their places in a checked snapshot about to join the queue of applies.
    ///
    /// A slice edit brings its own places; any other apply (the app's, a plugin's) is followed through
    /// its diff from the latest snapshot: `ahead`, the one computed for the apply when it starts from
    /// the latest snapshot, or one of the slices' own. Without live slices this costs nothing.
    ///
    /// - Parameters:
    ///   - apply: The plan.
    ///   - latest: The latest snapshot before it.
    ///   - decorated: Whether plugins decorate snapshots (a slice edit's snapshot then differs from the
    ///     one its places were computed on).
    ///   - ahead: The plan's diff, when it starts from `latest`.
    func willEnqueue(
        _ apply: inout ApplyPlan<SectionIdentifier>,
        latest: @autoclosure () -> Snapshot<SectionIdentifier, AnyHashable>,
        decorated: Bool, ahead: Changeset<SectionIdentifier, AnyHashable>?
    ) {
        modelVersion += 1
        if let origin = apply.sliceOrigin {
            apply.sliceOrigin = nil
            apply.slicesBefore = state
            take(origin.state, from: origin.snapshot, to: apply.snapshot, decorated: decorated)
            return
        }
        guard !slices.isEmpty else { return }
        prune()
        guard !state.isEmpty else { return }
        apply.slicesBefore = state
        let model = latest()
        let changeset: Changeset<SectionIdentifier, AnyHashable>
        if let ahead {
            changeset = ahead
        } else {
            diffs += 1
            changeset = Changeset(from: model, to: apply.snapshot)
        }
        state.follow(changeset, from: model)
        state.detachSlices(inReloaded: apply.snapshot.reloadedSectionIdentifiers)
    }

    /// The first plan the host performed: the slices are ready.
    func becameReady() {
        for slice in liveSlices { slice.onReady?() }
    }

    /// After the host rejected a plan: when it was the last queued, puts the slices back where they were
    /// in the snapshot the data source restored.
    ///
    /// - Parameter next: The plans still queued.
    func wereRejected(_ plan: ApplyPlan<SectionIdentifier>, next: inout [ApplyPlan<SectionIdentifier>]) {
        let before = plan.slicesBefore
        guard next.isEmpty else {
            // The next apply starts from the restored snapshot: should it fail too, the slices go back
            // to where they were in that snapshot.
            next[0].slicesBefore = before
            return
        }
        if let before {
            // Slices made since read as detached: they are in neither of its tables.
            state = before
        } else {
            // No slice was live when the apply was queued: every live one was made since.
            for id in Array(state.bounds.keys) { state.detach(id, .creationUndone) }
        }
        modelVersion += 1
        prune()
    }

    /// Follows a move the user made on the host, from `before` to `after` (the latest snapshot: no plan
    /// is queued).
    func followUserMoves(
        _ moves: [Move<ListIndexPath>],
        before: Snapshot<SectionIdentifier, AnyHashable>, after: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        modelVersion += 1
        guard !slices.isEmpty else { return }
        prune()
        state.follow(BatchUpdate(movedItems: moves), from: before, to: after)
    }
}
