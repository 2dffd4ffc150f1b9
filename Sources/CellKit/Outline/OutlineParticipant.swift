import DiffableStore

/// Outlines in applies: a plan's outline sections are shown as it starts, and the previous ones again
/// when the host rejects it.
struct OutlineParticipant: ApplyParticipant {
    func planWillPerform<SectionIdentifier: Hashable>(
        _ plan: ApplyPlan<SectionIdentifier>, in dataSource: UniversalDataSource<SectionIdentifier>
    )
        -> (@MainActor () -> Void)?
    {
        let previous = dataSource.outlineStore.shown
        dataSource.showOutlines(plan.outlines)
        return { dataSource.showOutlines(previous) }
    }
}
