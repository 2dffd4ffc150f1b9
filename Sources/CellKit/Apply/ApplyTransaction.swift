@_spi(CellKitInternals) import DiffableStore

/// Permission to change the snapshot on screen: only ``ApplyTransaction`` can make one, so it is the only
/// writer of ``SnapshotStore/current``.
struct ScreenWrite {
    fileprivate init() {}
}

/// The data source's applies: the only writer of the snapshot on screen, the generation and the phase.
///
/// Every change of what is shown goes through it. An `apply` (the app's, a plugin's, an outline's, a
/// slice edit's) becomes an ``ApplyPlan`` that ``enqueue(_:)`` queues and ``run()`` performs; host events
/// that arrive meanwhile wait in ``events``. A change the host already shows (a row the user moved) or
/// one made before the host shows anything (``UniversalDataSource/prepare(_:)``) is written by
/// ``performNow(_:_:)``. The life of a plan reads top to bottom in ``perform(_:)``: outlines, then a
/// reload or, for each stage of the diff, sizes, the host's batch, card positions; then the rest
/// (slices, plugins) when the plan is done, in ``finish(_:succeeded:)``.
@MainActor
final class ApplyTransaction<SectionIdentifier: Hashable> {
    /// The data source whose parts the steps change; it owns the transaction.
    unowned let dataSource: UniversalDataSource<SectionIdentifier>
    /// The snapshot on screen and its item table.
    let store: SnapshotStore<SectionIdentifier>

    /// The one phase; see ``ApplyPhase``.
    private(set) var phase = ApplyPhase.unshown(changedWithoutHost: false, configuring: 0)
    /// Checked plans waiting for the running one (or the event delivery) to finish, in call order
    /// (settable for tests that plant a fault).
    var plans: [ApplyPlan<SectionIdentifier>] = []
    /// Host events received while busy, oldest first (settable for tests that plant a fault).
    var events: [ListHostEvent] = []
    /// Counts the snapshots the data source has shown: a plan whose diff started from an older
    /// generation diffs again.
    private(set) var generation = 0
    /// Completes when the latest async apply has finished: the next one waits for it.
    var asyncTail: Task<Void, Never>?
    /// How many diffs and section renamings the plans computed, and items their checks read, in all.
    var counts = _WorkCounts()
    /// Called on the main actor when an async apply's diff is back, before it is checked and performed
    /// (tests make a synchronous apply land there).
    var afterAsyncDiff: (@MainActor () -> Void)?

    /// The most plans one run performs: an apply queued after that many, before the list settled, comes
    /// from handlers that apply on every event their own applies cause, a loop, and is refused.
    static var loopLimit: Int { 1_000 }

    init(_ dataSource: UniversalDataSource<SectionIdentifier>) {
        self.dataSource = dataSource
        store = dataSource.store
    }

    /// The snapshot of the last plan queued, or the one on screen.
    var latestSnapshot: Snapshot<SectionIdentifier, AnyHashable> { plans.last?.snapshot ?? store.current }

    /// The outlines of the last plan queued, or those on screen.
    var latestOutlines: [SectionIdentifier: SectionSnapshot<AnyHashable>] {
        plans.last?.outlines ?? dataSource.outlineStore.shown
    }

    // MARK: Entry points

    /// An app's apply (or a plugin's): the outline sections it keeps and the plugins' rows added, then
    /// checked and queued (see ``UniversalDataSource/apply(_:animatingDifferences:)-1d0a7``).
    ///
    /// - Throws: ``DataSourceError/applyWhileConfiguringView`` from a configuration call; what
    ///   ``submit(_:outlines:animated:sliceOrigin:)`` throws.
    func apply(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>, animated: Bool) throws(DataSourceError) {
        if phase.admission == .refused { throw .applyWhileConfiguringView }
        let snapshot = try checkedAppends(snapshot)
        let (kept, outlines) = try keepingOutlineSections(snapshot)
        try submit(decorated(kept), outlines: outlines, animated: animated)
    }

    /// The snapshot with the items appended to it unchecked hashed, indexed and checked for duplicates,
    /// reusing the hashes of the snapshot last queued or shown for items equal to its item at their
    /// place (see ``/DiffableStore/Snapshot/_indexAppendedItems(reusingHashesOf:)``).
    ///
    /// - Throws: ``DataSourceError/invalidSnapshot(_:)`` for a duplicate; nothing is queued or shown.
    /// - Complexity: O(1) when nothing was appended unchecked; otherwise one `==` per item at its old
    ///   place and one hash per other appended item.
    func checkedAppends(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) throws(DataSourceError) -> Snapshot<SectionIdentifier, AnyHashable> {
        var checked = snapshot
        do {
            try checked._indexAppendedItems(reusingHashesOf: latestSnapshot)
        } catch {
            throw .invalidSnapshot(error)
        }
        return checked
    }

    /// Checks a decorated snapshot with the outline sections it shows, makes it a plan and queues it.
    ///
    /// Performed now, from the snapshot on screen, the plan's diff is computed first and only the items
    /// it adds are checked (every other item was checked when it was applied); queued behind another plan
    /// (or a reload), every item is checked, since the state it will be diffed from is not known yet.
    ///
    /// - Parameter sliceOrigin: For a batch of slice edits, the snapshot they were made on and the
    ///   slices' places they computed.
    func submit(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        animated: Bool,
        sliceOrigin: (snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>)? = nil
    ) throws(DataSourceError) {
        // Plugins' rows were appended after the app's apply checked its own.
        let snapshot = try checkedAppends(snapshot)
        guard animated && phase.admission == .now else {
            let sharesIdentifiers = try validate(snapshot)
            try enqueue(
                ApplyPlan(
                    snapshot: snapshot, animated: animated, generation: generation, outlines: outlines,
                    sharesIdentifiers: sharesIdentifiers, sliceOrigin: sliceOrigin))
            return
        }
        // An item whose value changed type is reloaded by the diff and checked as an added one. Sections
        // whose identifier changed content (same type and id) are diffed as the same section.
        let (renaming, changeset) = diff(from: store.current, to: snapshot)
        try validateItems(
            addedBy: changeset, from: renaming.base, to: snapshot, typeChanges: store.mayShowSharedIdentifiers)
        try enqueue(
            ApplyPlan(
                snapshot: snapshot, animated: true, renaming: renaming, changeset: changeset,
                generation: generation, outlines: outlines, sliceOrigin: sliceOrigin))
    }

    /// The section renaming and the diff from `shown` to `snapshot`: what a plan computes once, counted
    /// in `counts`.
    ///
    /// - Complexity: The diff's cost (see ``/DiffableStore/Changeset/init(from:to:)``), plus O(s) expected
    ///   for the renaming of *s* sections.
    func diff(
        from shown: Snapshot<SectionIdentifier, AnyHashable>, to snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) -> (ChangedSections<SectionIdentifier>, Changeset<SectionIdentifier, AnyHashable>) {
        counts.sectionRenamings += 1
        counts.diffs += 1
        let renaming = ChangedSections(from: shown, to: snapshot)
        let changeset = Changeset(
            from: renaming.base, to: snapshot, reloadingTypeChanges: store.mayShowSharedIdentifiers)
        return (renaming, changeset)
    }

    /// Queues a checked plan (after its `id` check and the slices' move to their places in it), and
    /// runs the queue unless it is already running.
    ///
    /// - Throws: ``DataSourceError/hostTakenOver(host:)``, ``DataSourceError/applyLoop(applies:)``, the
    ///   `id` check's error (nothing is queued then), or the first error of the plans the run performed.
    func enqueue(_ plan: ApplyPlan<SectionIdentifier>) throws(DataSourceError) {
        if let host = dataSource.adapter.hostTakenOver { throw .hostTakenOver(host: host) }
        if case .running(var run) = phase, run.performedPlans >= Self.loopLimit {
            // Handlers that apply on every event their applies cause: refuse, so the queue drains and settles.
            let error = DataSourceError.applyLoop(applies: run.performedPlans)
            if !run.reportedLoop {
                run.reportedLoop = true
                phase = .running(run)
                dataSource.handlers.onApplyError?(error)
            }
            throw error
        }
        var plan = plan
        try checkDistinctIDs(&plan)
        // The slices follow it: a diff from the latest snapshot is the plan's own when it starts there.
        let ahead = plans.isEmpty && plan.generation == generation ? plan.changeset : nil
        if slicesFollow(plan) {
            dataSource.sliceTable.willEnqueue(&plan, latest: latestSnapshot, decorated: pluginsAttached, ahead: ahead)
        }
        plans.append(plan)
        guard !phase.isRunning else { return }
        try run()
    }

    /// Takes host events: delivered at once when at rest, else once the run reaches them.
    ///
    /// Each event already names the item it was about when it happened (see ``ListHostEvent``), so a
    /// handler gets the right item even when an apply ran between the event and its delivery. Events
    /// that arrive while the data source applies a snapshot are held and handed over once the apply has
    /// finished, so a handler always sees a settled data source. An `apply` made from a handler is
    /// checked at once (an invalid snapshot throws at the call), queued, and performed after every event
    /// of the delivery has been handled, in call order; the events it causes are delivered next. When no
    /// caller is left to throw to, a queued apply's failure goes to `onApplyError`.
    func receive(_ newEvents: [ListHostEvent]) {
        events.append(contentsOf: newEvents)
        guard !phase.isRunning else { return }
        do {
            try run()
        } catch {
            dataSource.handlers.onApplyError?(error)
        }
    }

    /// A change of the snapshot on screen that is not performed on the host as a plan.
    enum DirectChange {
        /// Before the host shows anything: the host reloads at the first plan.
        case withoutHost
        /// The user moved rows on the host, which shows the result already.
        case userMove
    }

    /// Writes a change of the snapshot on screen that the host is not asked to perform.
    func performNow(_ change: DirectChange, _ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        switch change {
        case .withoutHost:
            assert(!phase.hostShowsDataSource && !phase.isRunning, "changes without the host come before it shows any")
            var target = snapshot
            target.clearReloadMarks()
            show(target)
            phase = .unshown(changedWithoutHost: true, configuring: phase.configuring)
        case .userMove:
            // A move changes no value: the `id`s and the identity index held for the snapshot on screen stay
            // true of it, so the next apply's check and the next lookup do not read every item again.
            let ids = store.takeIdentities()
            let identities = store.takeIdentityIndex()
            show(snapshot)
            store.keepIdentities(ids)
            if let identities { store.keepIdentityIndex(identities) }
        }
        generation += 1
    }

    /// Runs `body` as a configuration call from the host: an `apply` from it is refused.
    func configuring<Result>(_ body: () throws -> Result) rethrows -> Result {
        phase.configuring += 1
        defer { phase.configuring -= 1 }
        return try body()
    }

    /// Notes that the plugins are owed a `didApply`: `true` when a run will settle them, `false` when
    /// nothing is running (the caller tells them now).
    func owePluginsDidApply() -> Bool {
        guard case .running(var run) = phase else { return false }
        run.didApplyPending = true
        phase = .running(run)
        return true
    }

    // MARK: Engaged parts

    // A part the screen does not use costs an apply nothing: the transaction asks a part only when the part
    // holds something to act on, which it reads from the state the part keeps (no flag of its own to keep
    // in sync). Each answer below is that reading, and what makes it exact.

    /// `snapshot` with the outline sections the latest outlines keep (see ``OutlineStore/keeping``), or
    /// `snapshot` itself when no section is an outline (the outline part is not asked).
    func keepingOutlineSections(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) throws(DataSourceError) -> (
        Snapshot<SectionIdentifier, AnyHashable>, [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) {
        let outlines = latestOutlines
        guard !outlines.isEmpty else { return (snapshot, outlines) }
        return try OutlineStore.keeping(snapshot, latest: latestSnapshot, outlines: outlines)
    }

    /// `snapshot` with the rows the attached plugins manage, or `snapshot` itself when none is attached.
    func decorated(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) -> Snapshot<SectionIdentifier, AnyHashable> {
        pluginsAttached ? dataSource.pluginCoordinator.decorated(snapshot, for: dataSource) : snapshot
    }

    /// Whether a plugin is attached: only then are snapshots decorated, events handed to plugins, and a
    /// `didApply` owed after a plan.
    var pluginsAttached: Bool { !dataSource.pluginCoordinator.plugins.isEmpty }

    /// Whether the slices must follow a plan: it commits slice edits, a slice was made (and is not pruned
    /// yet), or a batch of slice edits is open (it must see any change of the latest snapshot, to refuse
    /// an apply made inside it). Without any, the slice table holds no place to move.
    func slicesFollow(_ plan: ApplyPlan<SectionIdentifier>) -> Bool {
        let slices = dataSource.sliceTable
        return plan.sliceOrigin != nil || !slices.slices.isEmpty || slices.workspace != nil
    }

    /// Whether sizes may be cached: some registration has an ``ItemSizing``. Only a sized registration's
    /// length is cached, and a change of the registrations empties the cache, so without one the cache is
    /// empty and nothing is forgotten (`_checkInvariants` checks it).
    var sizesCached: Bool { dataSource.sizing.anyRegistrationSized }

    /// Whether a carousel section's sideways offset is kept: only then can an apply drop one.
    var carouselOffsetsKept: Bool { !dataSource.carousels.offsets.isEmpty }

    // MARK: The run

    /// Works through events and plans until neither is left, then settles the plugins: every event
    /// received so far is handled before the next plan runs.
    ///
    /// - Throws: The first error of the plans it performed (after performing the rest).
    func run() throws(DataSourceError) {
        assert(!phase.isRunning, "The transaction runs once at a time: callers start it only at rest")
        phase = .running(ApplyRun(from: phase))
        defer { if case .running(let run) = phase { phase = run.end } }
        var firstError: DataSourceError?
        while true {
            if !events.isEmpty {
                step(.delivering)
                let delivery = events
                events = []
                for event in delivery { deliver(event) }
            } else if !plans.isEmpty {
                let plan = plans.removeFirst()
                step(.performing)
                var succeeded = true
                do {
                    try perform(plan)
                } catch {
                    firstError = firstError ?? error
                    succeeded = false
                }
                step(.delivering)
                finish(plan, succeeded: succeeded)
            } else if case .running(var run) = phase, run.didApplyPending {
                run.step = .settling
                run.didApplyPending = false
                phase = .running(run)
                dataSource.pluginCoordinator.didApply(for: dataSource)
            } else {
                break
            }
        }
        if let firstError { throw firstError }
    }

    /// Hands one event to the attached plugins, the reordering handlers (a finished move), then
    /// `onSelect` and `onEvent`.
    private func deliver(_ event: ListHostEvent) {
        let dataSource = dataSource
        if pluginsAttached { dataSource.pluginCoordinator.deliver(event, for: dataSource) }
        if case .didMoveItem(let item, _, _) = event { dataSource.reordering.didMove(item) }
        if case .didSelect(let item, let indexPath) = event { dataSource.handlers.onSelect?(item, indexPath) }
        dataSource.handlers.onEvent?(event)
    }

    /// Moves the run to a step.
    private func step(_ step: ApplyRun.Step) {
        guard case .running(var run) = phase else { return }
        run.step = step
        phase = .running(run)
    }

    /// Shows a checked plan on the host; on a host rejection restores the snapshot and outlines before it
    /// and throws.
    ///
    /// - Throws: ``DataSourceError/hostRejectedUpdate(_:)``.
    func perform(_ plan: ApplyPlan<SectionIdentifier>) throws(DataSourceError) {
        let dataSource = dataSource
        let host = dataSource.host
        var target = plan.snapshot
        target.clearReloadMarks()
        defer { generation += 1 }
        // Outlines: the plan's are shown with it.
        let previousOutlines = dataSource.outlineStore.shown
        showOutlines(plan.outlines)
        // A snapshot the host was never told about (prepared before the first apply) is shown by a reload.
        guard plan.animated && !phase.hostMissedChanges else {
            if sizesCached {
                dataSource.sizing.forgetSizes(
                    reloadingFrom: store.current, to: plan.snapshot, registry: dataSource.registry)
            }
            let previous = store.current
            show(target, of: plan)
            if carouselOffsetsKept { dataSource.carousels.dropOffsets(ofSectionsDeletedFrom: previous, to: target) }
            host.reloadData()
            return
        }
        // A section whose identifier changed content keeps its rows: the diff starts from the snapshot
        // on screen with those sections renamed, and their supplementary views are reconfigured after.
        // What the plan computed ahead is used only if it starts from the snapshot on screen.
        let (changed, changeset) =
            if plan.generation == generation, let renaming = plan.renaming, let ahead = plan.changeset {
                (renaming, ahead)
            } else {
                diff(from: store.current, to: plan.snapshot)
            }
        let previous = store.current
        // The identity index (made by a lookup) follows the changeset: what it changes, not the list.
        let identities = store.takeIdentityIndex()
        if !changed.renamed.isEmpty { show(changed.base) }
        var performedBatches = 0
        for stage in changeset.stages {
            let before = store.current
            // Sizes: what the batch changes is measured again.
            if sizesCached { dataSource.sizing.forgetSizes(changedBy: stage.batch, in: before) }
            let batch = batchForHost(stage.batch, from: before, to: stage.snapshot)
            do {
                // Card positions, in the batch's own operation: the rows the batch kept that became (or
                // stopped being) a section's first or last are configured again once it is done.
                try host.performBatchUpdates(
                    batch, updateData: { show(stage.snapshot) },
                    thenReconfigure: {
                        itemsToReconfigureForPositions(changedBy: batch, from: before, to: stage.snapshot)
                    })
            } catch {
                show(previous)
                showOutlines(previousOutlines)
                if performedBatches > 0 {
                    // Sizes were measured at the batches' positions; the host shows `previous` anew.
                    dataSource.sizing.forgetAll()
                    host.reloadData()
                }
                throw .hostRejectedUpdate(error)
            }
            performedBatches += 1
        }
        show(target, of: plan)
        if var identities, carry(&identities, through: changeset, from: changed.base, read: &store.itemsRead) {
            store.keepIdentityIndex(identities)
        }
        if carouselOffsetsKept { dataSource.carousels.dropOffsets(ofSectionsDeletedFrom: previous, to: target) }
        if !changed.renamed.isEmpty {
            host.reconfigureSupplementaryViews(inSections: changed.renamed.compactMap { target.indexOfSection($0) })
        }
    }

    /// After a plan, shown or rejected: the host shows the data source from the first that succeeds,
    /// the slices are made ready or put back, and the plugins are owed a `didApply`.
    private func finish(_ plan: ApplyPlan<SectionIdentifier>, succeeded: Bool) {
        guard case .running(var run) = phase else { return }
        let becameShown = succeeded && !run.hostShows
        if succeeded { run.hostShows = true }
        run.performedPlans += 1
        run.didApplyPending = run.didApplyPending || pluginsAttached
        phase = .running(run)
        if becameShown { dataSource.sliceTable.becameReady() }
        if !succeeded { dataSource.sliceTable.wereRejected(plan, next: &plans) }
    }

    /// Writes a plan's target, the end of its life: once a snapshot whose check read every item type is
    /// shown, the store's flag says exactly whether it holds a value of a type that shares identifiers
    /// (one checked for the items it added only leaves the flag as its check set it); the `id`s its check
    /// made or carried are kept for the next check.
    private func show(_ target: Snapshot<SectionIdentifier, AnyHashable>, of plan: ApplyPlan<SectionIdentifier>) {
        show(target)
        if let exact = plan.sharesIdentifiers { store.mayShowSharedIdentifiers = exact }
        store.keepIdentities(plan.identities)
    }

    /// Writes the snapshot on screen.
    private func show(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        store.show(snapshot, ScreenWrite())
    }

    /// Makes `outlines` the ones shown, and the rows the cell contexts read theirs.
    private func showOutlines(_ outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]) {
        guard !outlines.isEmpty || !dataSource.outlineStore.shown.isEmpty else { return }
        if let rows = dataSource.outlineStore.show(outlines) { store.outlineRows = rows }
    }

    /// Shows a snapshot with no plan, for tests of the hosts that drive the data source's answers by hand.
    func _showWithoutPlan(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        show(snapshot)
        generation += 1
    }

    /// What is wrong with the transaction when the data source is at rest (no call of it on the stack):
    /// not running, no configuration call open, no plan and no event left. Empty when nothing is.
    func _checkInvariants() -> [String] {
        var broken: [String] = []
        if phase.isRunning { broken.append("ApplyTransaction: at rest in phase \(phase)") }
        if phase.configuring != 0 {
            broken.append("ApplyTransaction: at rest inside \(phase.configuring) configuration calls")
        }
        if !plans.isEmpty { broken.append("ApplyTransaction: at rest with \(plans.count) plans queued") }
        if !events.isEmpty { broken.append("ApplyTransaction: at rest with \(events.count) events held") }
        return broken
    }
}

// MARK: - The phase

/// Where the data source is with its host, as one value: whether the host shows the data source's
/// snapshot yet, whether applies and events are being worked through (and what that run owes), and how
/// many configuration calls from the host are on the stack. ``ApplyTransaction`` alone changes it.
enum ApplyPhase: Equatable {
    /// The host has shown nothing yet and nothing is being worked through.
    ///
    /// - Parameters:
    ///   - changedWithoutHost: Whether the snapshot changed without the host
    ///     (``UniversalDataSource/prepare(_:)``, or slice edits): the first plan reloads the host
    ///     instead of animating.
    ///   - configuring: How many configuration calls from the host are on the stack.
    case unshown(changedWithoutHost: Bool, configuring: Int)
    /// The host shows the data source's snapshot and nothing is being worked through.
    ///
    /// - Parameter configuring: How many configuration calls from the host are on the stack (the host
    ///   renders or scrolls on its own).
    case idle(configuring: Int)
    /// Plans and events are being worked through; see ``ApplyRun``.
    case running(ApplyRun)

    /// What an `apply` called now meets.
    enum Admission: Equatable {
        /// It is refused: a configuration closure is running (``DataSourceError/applyWhileConfiguringView``).
        case refused
        /// It is queued behind the plans and events being worked through.
        case queued
        /// It is performed at once, from the snapshot on screen.
        case now
    }

    /// May the app apply now, and how: the one answer every entry point that changes the list asks.
    var admission: Admission {
        if configuring > 0 { return .refused }
        if case .running = self { return .queued }
        return .now
    }

    /// Whether the host shows the data source's snapshot (its first plan was performed).
    var hostShowsDataSource: Bool {
        switch self {
        case .unshown: false
        case .idle: true
        case .running(let run): run.hostShows
        }
    }

    /// Whether the host missed a change of the snapshot on screen, so that the next plan must reload it.
    var hostMissedChanges: Bool {
        switch self {
        case .unshown(let changed, _): changed
        case .idle: false
        case .running(let run): !run.hostShows && run.changedWithoutHost
        }
    }

    /// Whether plans and events are being worked through.
    var isRunning: Bool {
        if case .running = self { return true }
        return false
    }

    /// Whether a plan's batches are being performed on the host.
    var isPerforming: Bool {
        if case .running(let run) = self { return run.step == .performing }
        return false
    }

    /// How many configuration calls from the host are on the stack.
    var configuring: Int {
        get {
            switch self {
            case .unshown(_, let depth), .idle(let depth): depth
            case .running(let run): run.configuring
            }
        }
        set {
            switch self {
            case .unshown(let changed, _): self = .unshown(changedWithoutHost: changed, configuring: newValue)
            case .idle: self = .idle(configuring: newValue)
            case .running(var run):
                run.configuring = newValue
                self = .running(run)
            }
        }
    }

    /// Whether the host may be asked to change its layout now: no plan is being performed and no view
    /// configured (size invalidations and registrations wait otherwise).
    var isQuiet: Bool { !isPerforming && configuring == 0 }
}

/// One run of the transaction: from the first plan or event that found it at rest until neither is left
/// and the plugins heard `didApply`.
struct ApplyRun: Equatable {
    /// What the run is doing.
    enum Step: Equatable {
        /// Held host events are being handed to the plugins and handlers.
        case delivering
        /// A plan's batches (or reload) are being performed on the host.
        case performing
        /// Every plan is performed and every event delivered: the plugins hear `didApply`.
        case settling
    }

    var step = Step.delivering
    /// Whether the host shows the data source's snapshot; `false` until the run's first plan succeeds
    /// when the run started before the host showed anything.
    var hostShows: Bool
    /// Before the host shows anything: whether the snapshot changed without it.
    var changedWithoutHost: Bool
    /// How many configuration calls from the host are on the stack.
    var configuring: Int
    /// How many plans the run has performed (an apply queued past the loop limit is refused).
    var performedPlans = 0
    /// Whether the run reported a refused loop to `onApplyError` (once per run).
    var reportedLoop = false
    /// Whether a plan was performed, or a plugin asked for one, since the plugins last heard `didApply`.
    var didApplyPending = false

    /// A run starting from a phase at rest.
    init(from phase: ApplyPhase) {
        hostShows = phase.hostShowsDataSource
        changedWithoutHost = phase.hostMissedChanges
        configuring = phase.configuring
    }

    /// The phase at rest once the run is over.
    var end: ApplyPhase {
        hostShows
            ? .idle(configuring: configuring)
            : .unshown(changedWithoutHost: changedWithoutHost, configuring: configuring)
    }
}

// MARK: - The plan

/// One change of what is shown, checked and ready to perform: the snapshot and outlines it shows and
/// what was derived from the snapshot on screen for it, each computed once.
struct ApplyPlan<SectionIdentifier: Hashable> {
    /// The snapshot to show, with its reload and reconfigure marks.
    var snapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// Whether to animate the differences (`false`: reload).
    var animated: Bool
    /// The snapshot on screen with the sections whose identifier changed content renamed, when it was
    /// computed ahead from the snapshot of `generation`.
    var renaming: ChangedSections<SectionIdentifier>?
    /// The diff from `renaming`'s base, when it was computed ahead from the snapshot of `generation`.
    var changeset: Changeset<SectionIdentifier, AnyHashable>?
    /// The generation `renaming` and `changeset` start from.
    var generation: Int
    /// The outline sections once this plan is performed.
    var outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
    /// Whether the snapshot holds a value of a type that shares identifiers with other types, when its
    /// check read every item type; `nil` when it read only the items a diff adds.
    var sharesIdentifiers: Bool?
    /// The `id`s of the snapshot's `Identifiable` items, when its check made or carried them: the data
    /// source keeps them once the plan is shown, for the next check.
    var identities: IDIndexes?
    /// For a batch of slice edits: the snapshot they were made on and the slices' places they computed,
    /// which the slices take instead of following a diff.
    var sliceOrigin: (snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>)?
    /// The slices' places before the plan was queued, kept while slices are live (`nil`: none was):
    /// restored when the host rejects the plan and no other is queued.
    var slicesBefore: SliceState<SectionIdentifier>?

    init(
        snapshot: Snapshot<SectionIdentifier, AnyHashable>, animated: Bool,
        renaming: ChangedSections<SectionIdentifier>? = nil,
        changeset: Changeset<SectionIdentifier, AnyHashable>? = nil,
        generation: Int, outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>], sharesIdentifiers: Bool? = nil,
        sliceOrigin: (snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>)? = nil
    ) {
        self.snapshot = snapshot
        self.animated = animated
        self.renaming = renaming
        self.changeset = changeset
        self.generation = generation
        self.outlines = outlines
        self.sharesIdentifiers = sharesIdentifiers
        self.sliceOrigin = sliceOrigin
    }
}
