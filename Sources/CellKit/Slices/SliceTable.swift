import DiffableStore

/// What a data source keeps about its slices: where they are, the slices themselves (weakly), and the
/// edits in progress.
@MainActor
final class SliceTable<SectionIdentifier: Hashable> {
    /// A slice, held weakly: a released slice is forgotten.
    struct WeakSlice {
        weak var slice: ListSlice<SectionIdentifier>?
    }

    /// Where the slices are in the data source's latest snapshot (the last one queued, or the one shown).
    var state = SliceState<SectionIdentifier>()
    /// The slices, by id; released ones are dropped at the next ``prune()``.
    var slices: [Int: WeakSlice] = [:]
    /// The id of the next slice.
    var nextID = 0

    /// The batch of slice edits being made (``UniversalDataSource/performSliceEdits(_:)``).
    var workspace: SliceWorkspace<SectionIdentifier>?
    /// Counts changes of the latest snapshot, to detect an apply made inside a batch of slice edits.
    var modelVersion = 0

    /// How many diffs the slices needed of their own (tests count it).
    var diffs = 0

    /// The places the slices are read from: those of the batch being edited, or the latest.
    var readState: SliceState<SectionIdentifier> { workspace?.state ?? state }

    /// Drops the slices that were released. Not while a batch of edits is open: its places are put back
    /// as they are when it is applied.
    ///
    /// - Complexity: O(k) for *k* slices made and not yet released.
    func prune() {
        guard workspace == nil else { return }
        for id in Array(state.bounds.keys) + Array(state.detached.keys) where slices[id]?.slice == nil {
            state.forget(id)
        }
        for (id, entry) in slices where entry.slice == nil {
            slices[id] = nil
        }
    }

    /// The live slices, in the order they were made.
    var liveSlices: [ListSlice<SectionIdentifier>] {
        slices.keys.sorted().compactMap { id in state.bounds[id] == nil ? nil : slices[id]?.slice }
    }
}
