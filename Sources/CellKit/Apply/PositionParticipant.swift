import DiffableStore

/// Card positions in applies: after each batch, the visible cells whose ``PositionInSection`` changed
/// are configured again in place (their measured sizes forgotten first).
struct PositionParticipant: ApplyParticipant {
    func batchDidPerform<SectionIdentifier: Hashable>(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        let moved = dataSource.itemsWithChangedPosition(from: before, to: after, by: batch)
        guard !moved.isEmpty else { return }
        dataSource.forgetMeasuredSizes(at: moved, in: after)
        dataSource.host.reconfigureItems(at: moved)
    }
}
