/// The identity of one version of a snapshot's content: shared by copies that have not been edited
/// since, replaced by the first content edit of a copy.
///
/// A snapshot takes one at its first content edit. An edit keeps it while no other snapshot, and no
/// ``_EditRecord``, refers to it (nobody saw the content it named, so nobody can mistake the new
/// content for the old), and otherwise replaces it with a new one: so two snapshots hold the same
/// version only when they hold the same content.
@usableFromInline
final class _SnapshotVersion: Sendable {
    @usableFromInline
    init() {}
}

/// What was done to a snapshot's items since it was derived from another snapshot (its origin):
/// every item inserted, deleted or moved there, including the items of deleted sections.
///
/// The items not in ``touched`` are in both the origin and the snapshot, in a section with the same
/// identifier, in the same order relative to each other: that is what lets
/// ``Changeset/init(from:to:)`` find the changes from the origin by looking at the touched items
/// alone (see `_RecordDiff`). Section inserts, deletes and moves are not recorded: the diff matches
/// sections by identifier in O(s) anyway.
///
/// The record is not part of the snapshot's value (`==` ignores it). It starts at the first content
/// edit of a copy (whose version another snapshot holds) and is dropped, for good, when it grows
/// past ``limit(forItemCount:)`` touched items, when an edit names a value not equal to itself
/// (such as `Double.nan`, which no lookup finds again), when a section is replaced by another identifier,
/// or when the snapshot is emptied (``Snapshot/deleteAllItems()``).
@usableFromInline
struct _EditRecord<Item: Hashable> {
    /// The version of the snapshot this one was derived from.
    @usableFromInline let origin: _SnapshotVersion
    /// Items inserted, deleted or moved since the origin (a superset is fine: an item inserted and
    /// deleted again is in neither snapshot and costs one lookup).
    @usableFromInline var touched: Set<Item> = []
    /// The item count of the origin, which sets the limit.
    @usableFromInline let originCount: Int

    @usableFromInline
    init(origin: _SnapshotVersion, originCount: Int) {
        self.origin = origin
        self.originCount = originCount
    }

    /// The most touched items a record keeps: an eighth of the items (at least 64). Past it, the
    /// changeset from the record would cost about as much as the full diff's one `==` per item.
    @inlinable
    static func limit(forItemCount count: Int) -> Int { Swift.max(64, count / 8) }
}

extension _EditRecord: Sendable where Item: Sendable {}

extension Snapshot {
    /// Called before a content edit (items or sections): gives the snapshot a version of its own, and
    /// starts a record from the version it shared with another snapshot, if it did.
    ///
    /// - Complexity: O(1).
    @inlinable
    mutating func _willEditContent() {
        if _version == nil {
            _version = _SnapshotVersion()
            return
        }
        guard !isKnownUniquelyReferenced(&_version!) else { return }
        _record = _EditRecord(origin: _version!, originCount: _counts.total)
        _version = _SnapshotVersion()
    }

    /// Records items that an edit inserted, deleted or moved; drops the record past its limit.
    ///
    /// - Complexity: Expected O(k) for *k* items.
    @inlinable
    mutating func _recordTouched<Items: Sequence<ItemIdentifier>>(_ items: Items) {
        guard _record != nil else { return }
        let limit = _EditRecord<ItemIdentifier>.limit(forItemCount: _record!.originCount)
        for item in items {
            _record!.touched.insert(item)
            // A value not equal to itself (`Double.nan`) is never found again: the record could not
            // say where it went.
            if _record!.touched.count > limit || !_isEqual(item, item) {
                _record = nil
                return
            }
        }
    }

    /// Records the items of the sections at `positions` (deleted with them).
    ///
    /// - Complexity: Expected O(m) for the *m* items of those sections.
    mutating func _recordTouched(sectionsAt positions: some Sequence<Int>) {
        guard _record != nil else { return }
        for position in positions {
            _recordTouched(_storage.items(in: _counts.range(of: position)))
            if _record == nil { return }
        }
    }

    /// Whether the snapshot remembers its edits since `origin`'s content, so the changeset between
    /// them can be found from the record. For tests and benchmarks.
    @_spi(Testing)
    public func _remembersEdits(since origin: Snapshot) -> Bool {
        guard let record = _record, let version = origin._version else { return false }
        return record.origin === version
    }

    /// The number of items the record holds, or `nil` without a record. For tests.
    @_spi(Testing)
    public var _recordedItemCount: Int? { _record?.touched.count }
}
