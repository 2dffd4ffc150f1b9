import DiffableStore

// The check that no two `Identifiable` items of one type share an `id` (`DataSourceError.duplicateID`).
//
// A snapshot refuses two equal items, but two `Identifiable` values with one `id` and different content are
// two items to it, while the diff matches them by `id` (one row with new content): shown together, the
// next apply cannot tell them apart. The check runs on every plan, before it is queued.
//
// It is skipped when the plan's diff, computed from the snapshot on screen, inserts no `Identifiable`
// item (and inserts or reloads no section): every other item of the target equals an item on screen or
// takes the place of one with its type and `id`, and the items on screen were checked when they were
// applied, so no two of them can share an identity. Otherwise every item of the target is read once
// (only those of the inserted items' types, when the diff says which).

extension UniversalDataSource {
    /// Throws ``DataSourceError/duplicateID(id:itemType:first:firstIndexPath:second:secondIndexPath:)``
    /// for the first item of the plan's snapshot, in snapshot order, whose type and `id` an earlier
    /// item has.
    ///
    /// - Complexity: O(i) for the *i* items the plan's diff inserts when none of them is `Identifiable`;
    ///   otherwise (and for a plan without a diff from the snapshot on screen: not animated, queued, or
    ///   async and overtaken) O(n) expected for the *n* items of the snapshot, with one hash of an `id`
    ///   per item of an `Identifiable` type.
    func checkDistinctIDs(_ plan: ApplyPlan<SectionIdentifier>) throws(DataSourceError) {
        var indexes = IDIndexes()
        var types: Set<ObjectIdentifier>?
        // (A slice may have edited the snapshot before the host showed any: then nothing was checked.)
        if let changeset = plan.changeset, plan.generation == queue.generation, !sliceTable.hostNeedsReload {
            var inserted = Set<ObjectIdentifier>()
            for stage in changeset.stages {
                let batch = stage.batch
                guard batch.insertedSections.isEmpty && batch.reloadedSections.isEmpty else {
                    inserted = []
                    types = nil
                    break
                }
                for path in batch.insertedItems {
                    guard let item = stage.snapshot.itemIdentifier(at: path) else { continue }
                    queue.counts.identitiesRead += 1
                    let base = item.base
                    if indexes.index(for: base) != nil { inserted.insert(ObjectIdentifier(Swift.type(of: base))) }
                }
                types = inserted
            }
            if let types, types.isEmpty { return }
            indexes = IDIndexes()
        }
        try checkDistinctIDs(in: plan.snapshot, ofTypes: types, indexes: &indexes)
    }

    /// Notes the `id` of every item of `snapshot` (of `types` only, when given) and throws for the first
    /// one an earlier item of its type has.
    private func checkDistinctIDs(
        in snapshot: Snapshot<SectionIdentifier, AnyHashable>, ofTypes types: Set<ObjectIdentifier>?,
        indexes: inout IDIndexes
    ) throws(DataSourceError) {
        for section in 0..<snapshot.numberOfSections {
            for index in 0..<snapshot.numberOfItems(inSectionAt: section) {
                let indexPath = ListIndexPath(item: index, section: section)
                guard let item = snapshot.itemIdentifier(at: indexPath) else { continue }
                let base = item.base
                if let types, !types.contains(ObjectIdentifier(Swift.type(of: base))) { continue }
                queue.counts.identitiesRead += 1
                guard let (earlier, id) = indexes.index(for: base)?.note(base, at: indexPath) else { continue }
                let first = snapshot.itemIdentifier(at: earlier).map { String(reflecting: $0.base) } ?? ""
                throw .duplicateID(
                    id: id, itemType: String(reflecting: Swift.type(of: base)), first: first, firstIndexPath: earlier,
                    second: String(reflecting: base), secondIndexPath: indexPath)
            }
        }
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
            }
            lastType = type
        }
        return last
    }

    private static func makeIndex<Value: Identifiable>(_ value: Value) -> IDIndex { TypedIDIndex<Value>() }
}

/// Where the `id`s of one `Identifiable` type were seen (a box over ``TypedIDIndex``).
@MainActor
class IDIndex {
    /// Notes `value`'s `id` at `indexPath`; returns where an earlier value had it, and the `id`, if one did.
    func note(_ value: Any, at indexPath: ListIndexPath) -> (earlier: ListIndexPath, id: String)? { nil }
}

/// Where the `id`s of values of `Value` were seen.
@MainActor
final class TypedIDIndex<Value: Identifiable>: IDIndex {
    private var seen: [Value.ID: ListIndexPath] = [:]

    /// - Precondition: `value` is a `Value` (the index is the one for its type).
    override func note(_ value: Any, at indexPath: ListIndexPath) -> (earlier: ListIndexPath, id: String)? {
        let id = (value as! Value).id
        guard let earlier = seen.updateValue(indexPath, forKey: id) else { return nil }
        return (earlier, String(reflecting: id))
    }
}
