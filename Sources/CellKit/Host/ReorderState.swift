import DiffableStore

/// What the data source keeps about rows the user reorders: the handlers, and the moves whose
/// `didReorder` waits for the host's report.
@MainActor
struct ReorderState<SectionIdentifier: Hashable> {
    /// What lets users reorder rows (the public ``UniversalDataSource/reorderingHandlers``).
    var handlers = ReorderingHandlers<SectionIdentifier>()
    /// Moves made by the user whose `didReorder` waits for the host's report, oldest first.
    var pending: [ReorderTransaction<SectionIdentifier>] = []
}
