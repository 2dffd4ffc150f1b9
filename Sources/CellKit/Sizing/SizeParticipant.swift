import DiffableStore

/// The size cache in applies: the sizes of what a batch or reload changes are forgotten before the host
/// asks for them; after a rejection that left batches performed, every size is (they were measured at
/// the batches' positions).
struct SizeParticipant: ApplyParticipant {
    func willReload<SectionIdentifier: Hashable>(
        to snapshot: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        dataSource.forgetSizes(reloadingTo: snapshot)
    }

    func batchWillPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        dataSource.forgetSizes(changedBy: batch, in: before)
    }

    func planWasRejected<SectionIdentifier: Hashable>(
        afterBatches batches: Int, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        if batches > 0 { dataSource.invalidateAllSizes() }
    }
}
