extension Changeset {
    /// The changes that turn `old` into `new`.
    ///
    /// TEMPORARY: reloads everything in one batch while the real diff is being written.
    public init(from old: Snapshot<SectionIdentifier, ItemIdentifier>, to new: Snapshot<SectionIdentifier, ItemIdentifier>) {
        if old == new && new.reloadedItemIdentifiers.isEmpty && new.reconfiguredItemIdentifiers.isEmpty
            && new.reloadedSectionIdentifiers.isEmpty {
            self.init(stages: [])
            return
        }
        let batch = BatchUpdate(deletedSections: Array(0..<old.numberOfSections),
                                insertedSections: Array(0..<new.numberOfSections))
        var snapshot = new
        snapshot.clearReloadMarks()
        self.init(stages: [Stage(batch: batch, snapshot: snapshot)])
    }
}
