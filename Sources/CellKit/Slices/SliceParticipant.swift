import DiffableStore

/// Slices in applies: every queued plan moves them to their places in its snapshot, and each performed
/// plan makes them ready (the first that succeeds) or puts them back (a rejected last one).
struct SliceParticipant<SectionIdentifier: Hashable>: ApplyParticipant {
    func planWillQueue(_ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>) {
        dataSource.slicesWillEnqueue(plan)
    }

    /// Slice edits (or ``UniversalDataSource/prepare(_:)``) before the first apply changed the snapshot
    /// without the host.
    func hostMissedChanges(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool {
        dataSource.sliceTable.hostNeedsReload
    }

    func planDidFinish(succeeded: Bool, in dataSource: UniversalDataSource<SectionIdentifier>) {
        dataSource.slicesDidPerform(succeeded: succeeded)
    }
}
