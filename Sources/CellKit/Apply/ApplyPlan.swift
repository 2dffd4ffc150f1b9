import DiffableStore

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
