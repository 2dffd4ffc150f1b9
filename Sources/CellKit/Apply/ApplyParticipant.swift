import DiffableStore

/// A part of the data source that takes part in every change of what is shown: the data source calls
/// each participant at the same fixed points of a plan's life, so the apply functions name none of them.
///
/// The points, in the order a plan meets them:
/// 1. ``planWillQueue(_:in:)``: the plan is checked and about to join the queue;
/// 2. ``planWillPerform(_:in:)``: its batches (or reload) are about to start; the participant may hand
///    back what undoes what it did, should the host reject the plan;
/// 3. either ``willReload(to:in:)`` (a plan shown by a reload), or for each batch
///    ``batchWillPerform(_:from:in:)`` and, once the host performed it, ``batchDidPerform(_:from:to:in:)``;
/// 4. on a rejection, the undo of step 2, then ``planWasRejected(afterBatches:in:)``;
/// 5. ``planDidFinish(succeeded:in:)``, after the plan, shown or rejected;
/// 6. once no plan or event is left, ``settle(in:)`` for those that ``needsSettle(in:)``.
///
/// Every requirement has an empty default: a participant implements the points it cares about. They
/// are called in the order of ``UniversalDataSource/participants`` (undos in reverse). The requirements
/// are generic over the section type rather than the protocol having one: a list of `any` protocol with
/// a primary associated type needs the runtime of iOS 16, and CellKit supports iOS 13.
@MainActor
protocol ApplyParticipant {
    /// A checked plan is about to join the queue (`dataSource.queue.plans` does not hold it yet).
    func planWillQueue<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>)

    /// Whether the host missed a change of the snapshot on screen, so that the next plan must reload it.
    func hostMissedChanges<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool

    /// A plan is about to be performed; returns what undoes this step, or `nil` when there is nothing to
    /// undo.
    func planWillPerform<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>
    )
        -> (@MainActor () -> Void)?

    /// The host is about to reload to `snapshot`; `dataSource.current` is still the snapshot before.
    func willReload<SectionIdentifier: Hashable>(
        to snapshot: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>)

    /// A batch (as the diff made it, in `before`'s coordinates) is about to be handed to the host.
    func batchWillPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        in dataSource: UniversalDataSource<SectionIdentifier>)

    /// The host performed a batch (as it was handed over): `after` is on screen.
    func batchDidPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>)

    /// The host rejected a plan after performing `batches` of its batches: the snapshot before the plan is
    /// current again, and the host reloads to it after the participants were told, when `batches > 0`.
    func planWasRejected<SectionIdentifier: Hashable>(
        afterBatches batches: Int, in dataSource: UniversalDataSource<SectionIdentifier>)

    /// A plan was performed: shown, or rejected by the host.
    func planDidFinish<SectionIdentifier: Hashable>(
        succeeded: Bool, in dataSource: UniversalDataSource<SectionIdentifier>)

    /// Whether the participant waits to hear that the queue settled.
    func needsSettle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool

    /// Every plan is performed and every event delivered.
    func settle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>)
}

extension ApplyParticipant {
    func planWillQueue<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func hostMissedChanges<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool {
        false
    }
    func planWillPerform<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>
    )
        -> (@MainActor () -> Void)?
    { nil }
    func willReload<SectionIdentifier: Hashable>(
        to snapshot: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func batchWillPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func batchDidPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func planWasRejected<SectionIdentifier: Hashable>(
        afterBatches batches: Int, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func planDidFinish<SectionIdentifier: Hashable>(
        succeeded: Bool, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {}
    func needsSettle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool {
        false
    }
    func settle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) {}
}

extension UniversalDataSource {
    /// The parts that take part in applies, in the order they are called: slices (they follow every
    /// plan), outlines (shown with their plan), sizes (forgotten before a batch), card positions
    /// (reconfigured after one), plugins (told when the queue settles).
    var participants: [any ApplyParticipant] {
        [SliceParticipant(), OutlineParticipant(), SizeParticipant(), PositionParticipant(), PluginParticipant()]
    }

    /// Whether a participant says the host missed a change of the snapshot on screen.
    var hostMissedChanges: Bool { participants.contains { $0.hostMissedChanges(in: self) } }
}
