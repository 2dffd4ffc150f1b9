import DiffableStore

/// What the data source keeps about its outline sections: the handlers, the outlines shown, the items
/// remembered expanded (each visible item's place, for its cell's context, is in `SnapshotStore`).
@MainActor
struct OutlineStore<SectionIdentifier: Hashable> {
    /// What expanding and collapsing items may do (the public ``UniversalDataSource/sectionSnapshotHandlers``).
    var handlers = SectionSnapshotHandlers()
    /// The outline of each section a section snapshot was applied to, as shown; queued plans carry the
    /// outlines they will show.
    var shown: [SectionIdentifier: SectionSnapshot<AnyHashable>] = [:]
    /// Items remembered expanded, by identity: a section snapshot that does not state an item's
    /// expansion gets it from here.
    var rememberedExpanded: Set<AnyHashable> = []
}
