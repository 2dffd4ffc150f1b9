@_spi(CellKitInternals) import DiffableStore

// The changes of what is shown other than an app's snapshot, as the transaction takes them: outlines,
// a plugin's edit, slice edits, a snapshot set before the host shows anything, and a row the user moved.
// Each asks the part that owns the state what to show, then submits it (or writes it now).

extension ApplyTransaction {
    // MARK: Outlines

    /// Shows an outline in its section: the outline part checks it and puts its visible items into the
    /// section, the result is applied, and the part remembers each item's expansion.
    ///
    /// - Throws: What ``UniversalDataSource/apply(_:to:animatingDifferences:)`` throws.
    func applyOutline(_ given: SectionSnapshot<AnyHashable>, to section: SectionIdentifier, animated: Bool)
        throws(OutlineError)
    {
        if phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        var latest = latestSnapshot
        latest.clearReloadMarks()
        try applyOutlines([(section, given)], over: latest, keeping: latestOutlines, animated: animated)
    }

    /// Shows a whole snapshot with outlines for some of its sections: the other outline sections are kept
    /// as an apply keeps them, and each given section shows its outline (see
    /// ``UniversalDataSource/apply(_:withOutlines:animatingDifferences:)``).
    func applyOutlines(
        _ given: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        with snapshot: Snapshot<SectionIdentifier, AnyHashable>, animated: Bool
    ) throws(OutlineError) {
        if phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        let flat: Snapshot<SectionIdentifier, AnyHashable>
        let kept: [SectionIdentifier: SectionSnapshot<AnyHashable>]
        do {
            (flat, kept) = try OutlineStore.keeping(
                snapshot, latest: latestSnapshot, outlines: latestOutlines, except: Set(given.keys))
        } catch {
            throw .dataSource(error)
        }
        // In section order, so that an error names the first section that broke a rule.
        let ordered = given.map { (section: $0.key, outline: $0.value) }.sorted {
            (flat.indexOfSection($0.section) ?? .max) < (flat.indexOfSection($1.section) ?? .max)
        }
        try applyOutlines(ordered, over: flat, keeping: kept, animated: animated)
    }

    /// The outline part checks outlines against the snapshot they are shown in and puts their visible
    /// items into their sections; the result is applied, and the part remembers each item's expansion.
    private func applyOutlines(
        _ given: [(section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>)],
        over snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        keeping kept: [SectionIdentifier: SectionSnapshot<AnyHashable>], animated: Bool
    ) throws(OutlineError) {
        var latest = latestSnapshot
        latest.clearReloadMarks()
        let outlines = dataSource.outlineStore
        let change = try outlines.change(
            given, over: snapshot, keeping: kept, latest: latest, latestOutlines: latestOutlines,
            plugins: dataSource.pluginCoordinator.plugins,
            marksContextChanges: dataSource.registry.hasContextReadingCellRegistration)
        do {
            try submit(decorated(change.snapshot), outlines: change.outlines, animated: animated)
        } catch {
            throw .dataSource(error)
        }
        for outline in change.shown { outlines.remember(outline) }
    }

    /// Expands or collapses an item through the outline handlers, then applies its section.
    ///
    /// - Throws: What ``UniversalDataSource/expand(_:animatingDifferences:)`` throws.
    func setExpansion(of item: AnyHashable, expanded: Bool, animated: Bool) throws(OutlineError) {
        guard
            let change = try dataSource.outlineStore.expansion(
                of: item, expanded: expanded, latest: { latestOutlines })
        else { return }
        try applyOutline(change.outline, to: change.section, animated: animated)
    }

    // MARK: Plugins

    /// A plugin's edit: a copy of the latest snapshot (on screen, or the last one queued) edited and applied.
    func editItems(_ body: (inout ItemEdits) throws -> Void) throws(ListPluginContext.EditError) {
        let box = _SnapshotBox(latestSnapshot)
        // A queued snapshot's marks are performed by its own apply, not again by this one.
        box.snapshot.clearReloadMarks()
        var edits = box.edits()
        do {
            try body(&edits)
        } catch let error as SnapshotError {
            throw .snapshot(error)
        } catch {
            throw .body(String(describing: error))
        }
        do {
            try apply(box.snapshot, animated: true)
        } catch {
            throw .dataSource(error)
        }
    }

    /// A plugin asked for a `didApply`: the plugins hear it now, or once the run has no plan or event left.
    func pluginsNeedDidApply() {
        guard pluginsAttached else { return }
        if !owePluginsDidApply() { dataSource.pluginCoordinator.didApply(for: dataSource) }
    }

    // MARK: Slices

    /// Runs one slice edit: on the open batch, or on a batch of its own that is committed at once.
    func editSlices(_ body: (inout SliceWorkspace<SectionIdentifier>) throws(SliceError) -> Void) throws(SliceError) {
        try dataSource.sliceTable.edit(
            latest: { latestSnapshot }, body, commit: { workspace throws(SliceError) in try commit(workspace) })
    }

    /// Makes the slice edits in `body` one batch, committed as one apply (see
    /// ``UniversalDataSource/performSliceEdits(_:)``).
    func performSliceEdits(_ body: () throws -> Void) throws {
        try dataSource.sliceTable.performEdits(
            latest: { latestSnapshot }, body, commit: { workspace in try commit(workspace) })
    }

    /// Applies a batch of slice edits, with the slices' places it computed.
    ///
    /// Before the host shows anything, the snapshot changes without the host; otherwise it is applied,
    /// and its plan carries the places the edits computed instead of deriving them from a diff.
    func commit(_ workspace: SliceWorkspace<SectionIdentifier>) throws(SliceError) {
        // As `apply` refuses to: the host may be laying out rows from the current snapshot.
        if phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        if !phase.hostShowsDataSource && !phase.isRunning {
            let shown = decorated(workspace.snapshot)
            do {
                try validate(shown)
            } catch {
                throw .dataSource(error)
            }
            dataSource.sliceTable.take(
                workspace.state, from: workspace.snapshot, to: shown, decorated: pluginsAttached)
            showWithoutHost(shown)
            return
        }
        do {
            let (snapshot, outlines) = try keepingOutlineSections(workspace.snapshot)
            try submit(
                decorated(snapshot), outlines: outlines, animated: true,
                sliceOrigin: (workspace.snapshot, workspace.state))
        } catch {
            throw .dataSource(error)
        }
    }

    // MARK: Without the host

    /// Sets the snapshot before the host shows anything (see ``UniversalDataSource/prepare(_:)``).
    func prepare(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) throws(DataSourceError) {
        precondition(
            !phase.hostShowsDataSource && !phase.isRunning,
            "Prepare a snapshot before the data source's first apply; from then on, apply")
        if phase.admission == .refused { throw .applyWhileConfiguringView }
        let shown = decorated(snapshot)
        try validate(shown)
        dataSource.sliceTable.follow(prepared: shown, from: store.current)
        showWithoutHost(shown)
    }

    /// Makes `snapshot` the current one without telling the host, which reloads at the first plan.
    private func showWithoutHost(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        performNow(.withoutHost, snapshot)
        dataSource.sliceTable.latestChanged()
    }

    // MARK: A row the user moved

    /// Moves items in the snapshot on screen, in the same turn as the host moves their rows (the user
    /// dropped them, together, in the order given, the first at `destination`), and tells the reordering
    /// handlers: `willReorder` now, `didReorder` when the host reports the move (after its batch, with the
    /// data source settled).
    ///
    /// - Complexity: Expected O(n) for the snapshot edit, *n* the number of items.
    func performUserMove(from sources: [ListIndexPath], to destination: ListIndexPath) {
        let reordering = dataSource.reordering
        guard let move = reordering.move(from: sources, to: destination, in: store.current) else { return }
        reordering.willMove(move)
        performNow(.userMove, move.finalSnapshot)
        if plans.isEmpty {
            let moves = sources.enumerated().map { offset, source in
                Move(source, ListIndexPath(item: destination.item + offset, section: destination.section))
            }
            dataSource.sliceTable.followUserMoves(moves, before: move.initialSnapshot, after: move.finalSnapshot)
        }
        reordering.didPerform(move)
    }
}
