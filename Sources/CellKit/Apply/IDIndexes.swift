import DiffableStore

// The check that no two `Identifiable` items of one type share an `id` (`DataSourceError.duplicateID`).
//
// A snapshot refuses two equal items, but two `Identifiable` values with one `id` and different content are
// two items to it, while the diff matches them by `id` (one row with new content): shown together, the
// next apply cannot tell them apart. The check runs on every plan, before it is queued.
//
// The data source keeps the `id`s of the snapshot on screen (`SnapshotStore.identities`), made by the last
// check that read every item and carried forward by each check after it. A plan diffed from the snapshot
// on screen is then checked in O(changes): each `id` its changeset removes leaves the index, each one it
// adds must not be there yet. Whenever that cannot decide (no index of the snapshot on screen, a plan
// without such a diff, a change it does not follow), every item of the target is read, which makes the
// index anew. A duplicate is always reported by that full read, so the error names the first pair in
// snapshot order whichever way it was found.

extension IDIndexes {
    /// Carries the `id`s of a snapshot to those of the snapshot a changeset from it ends at: removes what
    /// it deletes, adds what it inserts. Returns `false`, leaving the index half-moved, when that cannot
    /// be told without reading every item: an `id` it adds is there already (a duplicate, or an `id` that
    /// moves between items in ways this does not follow), one it removes is not, or an item it reloads
    /// changes type.
    ///
    /// - Parameters:
    ///   - changeset: A diff from `base`.
    ///   - base: The snapshot whose `id`s the index holds.
    /// - Complexity: O(c) expected for the *c* items the changeset inserts, deletes or reloads, and
    ///   those of the sections it inserts, deletes or reloads.
    mutating func follow<SectionIdentifier: Hashable>(
        _ changeset: Changeset<SectionIdentifier, AnyHashable>, from base: Snapshot<SectionIdentifier, AnyHashable>,
        counting counts: inout _WorkCounts
    ) -> Bool {
        var before = base
        for stage in changeset.stages {
            let batch = stage.batch
            let state = stage.snapshot
            func remove(_ item: AnyHashable?) -> Bool {
                guard let base = item?.base else { return true }
                counts.identitiesRead += 1
                return index(for: base)?.remove(base) ?? true
            }
            func add(_ item: AnyHashable?) -> Bool {
                guard let base = item?.base else { return true }
                counts.identitiesRead += 1
                return index(for: base)?.add(base) ?? true
            }
            // Everything leaves before anything arrives: within one batch, an `id` may pass from a
            // deleted item to an inserted one.
            for path in batch.deletedItems where !remove(before.itemIdentifier(at: path)) { return false }
            for section in batch.deletedSections + batch.reloadedSections {
                guard let identifier = before.sectionIdentifier(at: section) else { return false }
                for item in before.itemIdentifiers(inSection: identifier) ?? [] where !remove(item) { return false }
            }
            for path in batch.reloadedItems {
                // A reload keeps the item (a mark), or replaces it by an equal value of another type.
                guard let old = before.itemIdentifier(at: path),
                    let new = state.indexPath(of: old).flatMap({
                        state.itemIdentifier(at: $0)
                    })
                else { return false }
                if ObjectIdentifier(Swift.type(of: old.base)) != ObjectIdentifier(Swift.type(of: new.base)) {
                    return false
                }
            }
            for path in batch.insertedItems where !add(state.itemIdentifier(at: path)) { return false }
            var sections = batch.insertedSections.compactMap { state.sectionIdentifier(at: $0) }
            sections += batch.reloadedSections.compactMap { before.sectionIdentifier(at: $0) }
            for section in sections {
                for item in state.itemIdentifiers(inSection: section) ?? [] where !add(item) { return false }
            }
            before = state
        }
        return true
    }
}

/// The `id`s seen so far of each `Identifiable` item type, found out once per dynamic type.
///
/// Each type's `id`s go in a dictionary of its own `ID` type: hashing them through `AnyHashable` measured
/// 6 to 7 times slower (100,000 items of an `Int` id: 537 ms against 83 ms, on a loaded machine).
@MainActor
struct IDIndexes {
    private var byType: [ObjectIdentifier: IDIndex?] = [:]
    private var lastType: ObjectIdentifier?
    private var last: IDIndex?
    /// Whether an `Identifiable` type was seen: `false` while every index in `byType` is `nil` (set where
    /// such an index is made, the only place one is). Without one the index holds no `id`, and a change
    /// that adds no `Identifiable` item leaves it as it is (the check then carries it unread).
    private(set) var holdsIdentifiable = false

    /// The index for `value`'s type, or `nil` when the type is not `Identifiable`.
    ///
    /// - Complexity: Expected O(1); a conformance lookup the first time a type is seen.
    mutating func index(for value: Any) -> IDIndex? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type != lastType {
            if let known = byType[type] {
                last = known
            } else {
                last = (value as? any Identifiable).map { Self.makeIndex($0) }
                byType[type] = last
                if last != nil { holdsIdentifiable = true }
            }
            lastType = type
        }
        return last
    }

    private static func makeIndex<Value: Identifiable>(_ value: Value) -> IDIndex { TypedIDIndex<Value>() }

    /// How many `id`s the indexes hold, over every type.
    var count: Int { byType.values.reduce(0) { $0 + ($1?.count ?? 0) } }
}

/// Where the `id`s of one `Identifiable` type were seen (a box over ``TypedIDIndex``).
@MainActor
class IDIndex {
    /// Notes `value`'s `id` at `indexPath`; returns where an earlier value had it, and the `id`, if one did.
    func note(_ value: Any, at indexPath: ListIndexPath) -> (earlier: ListIndexPath, id: String)? { nil }
    /// Adds `value`'s `id`; returns whether it was new.
    func add(_ value: Any) -> Bool { true }
    /// Removes `value`'s `id`; returns whether it was there.
    func remove(_ value: Any) -> Bool { true }
    /// Whether `value`'s `id` is there (for the data source's invariants).
    func contains(_ value: Any) -> Bool { false }
    /// How many `id`s are there (for the data source's invariants).
    var count: Int { 0 }
}

/// Where the `id`s of values of `Value` were seen.
///
/// The index path of an `id` is where the full check that noted it found it; only that check reads it
/// (to name the first of two items). An index carried forward by ``IDIndexes/follow(_:from:counting:)``
/// is read for its `id`s only, and its paths are stale.
@MainActor
final class TypedIDIndex<Value: Identifiable>: IDIndex {
    private var seen: [Value.ID: ListIndexPath] = [:]

    /// - Precondition: `value` is a `Value` (the index is the one for its type), here and below.
    override func note(_ value: Any, at indexPath: ListIndexPath) -> (earlier: ListIndexPath, id: String)? {
        let id = (value as! Value).id
        guard let earlier = seen.updateValue(indexPath, forKey: id) else { return nil }
        return (earlier, String(reflecting: id))
    }

    override func add(_ value: Any) -> Bool {
        seen.updateValue(ListIndexPath(item: -1, section: -1), forKey: (value as! Value).id) == nil
    }

    override func remove(_ value: Any) -> Bool { seen.removeValue(forKey: (value as! Value).id) != nil }

    override func contains(_ value: Any) -> Bool { seen[(value as! Value).id] != nil }

    override var count: Int { seen.count }
}
