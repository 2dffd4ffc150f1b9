import DiffableStore

/// Slices in applies: every queued plan moves them to their places in its snapshot, and each performed
/// plan makes them ready (the first that succeeds) or puts them back (a rejected last one).
struct SliceParticipant: ApplyParticipant {
    func planWillQueue<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        dataSource.slicesWillEnqueue(plan)
    }

    /// Slice edits (or ``UniversalDataSource/prepare(_:)``) before the first apply changed the snapshot
    /// without the host.
    func hostMissedChanges<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool {
        dataSource.sliceTable.hostSync == .changedBeforeShown
    }

    func planDidFinish<SectionIdentifier: Hashable>(
        succeeded: Bool, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        dataSource.slicesDidPerform(succeeded: succeeded)
    }
}
