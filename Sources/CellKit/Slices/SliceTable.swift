import DiffableStore

/// What a data source keeps about its slices: where they are, the slices themselves (weakly), whether
/// the host shows the data source yet, and the edits in progress.
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

    /// Where the host is with the data source's snapshot.
    enum HostSync: Equatable {
        /// The host has shown nothing yet.
        case notShown
        /// The host has shown nothing yet, and the snapshot changed without it
        /// (``UniversalDataSource/prepare(_:)``, or slice edits): the first apply reloads the host
        /// instead of animating.
        case changedBeforeShown
        /// The host shows the data source's snapshot: the first apply was performed.
        case shown
    }

    /// Where the host is; `shown` from the first performed apply on.
    var hostSync = HostSync.notShown
    /// Whether the host has been shown a snapshot.
    var isAttached: Bool { hostSync == .shown }

    /// The batch of slice edits being made (``UniversalDataSource/performSliceEdits(_:)``).
    var workspace: SliceWorkspace<SectionIdentifier>?
    /// The slices' places after a slice edit that is being applied, with the snapshot they are for: the
    /// next queued apply takes them instead of deriving them from a diff.
    var origin: (snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>)?
    /// Counts changes of the latest snapshot, to detect an apply made inside a batch of slice edits.
    var modelVersion = 0

    /// How many applies were queued, and how many performed: their sequence numbers.
    var enqueued = 0
    var performed = 0
    /// The slices' places before each queued apply, by sequence number, kept while slices are live:
    /// restored when the host rejects the last queued apply.
    var saved: [Int: SliceState<SectionIdentifier>] = [:]
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
