@_spi(CellKitInternals) @_spi(ListHost) import DiffableStore

// The index a swipe, a menu or a drag uses to find an item as it is now: the `Identifiable` items of the
// snapshot on screen by identity (their type and `id`). `SnapshotStore.currentItem(for:)` builds it by
// reading every item, the first time it finds an item's content changed; from then on each animated plan
// carries it through its changeset (`ApplyTransaction.perform`), reading the items the changeset
// deletes, inserts, reloads or reconfigures only, so the next lookup after a small edit reads nothing.

/// The `Identifiable` items of a snapshot by identity: the value each identity has there.
struct IdentityIndex {
    private var items: [ItemIdentity: AnyHashable] = [:]

    /// The index of every `Identifiable` item of `snapshot`.
    ///
    /// - Parameter read: Counts the items read.
    /// - Complexity: O(n) expected for the *n* items of `snapshot`.
    init<SectionIdentifier: Hashable>(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>, read: inout Int) {
        for section in snapshot.sectionIdentifiers {
            let sectionItems = snapshot.itemIdentifiers(inSection: section) ?? []
            read += sectionItems.count
            for item in sectionItems where item.base is any Identifiable { items[ItemIdentity(item)] = item }
        }
    }

    /// The item with `item`'s identity, as it is in the indexed snapshot.
    ///
    /// - Complexity: Expected O(1).
    subscript(identityOf item: AnyHashable) -> AnyHashable? { items[ItemIdentity(item)] }

    /// How many items the index holds.
    var count: Int { items.count }

    /// Removes `item`'s identity, when the index holds `item` itself under it (an `id` an earlier item
    /// of the batch passed on stays with its new item).
    mutating func remove(_ item: AnyHashable) {
        guard item.base is any Identifiable else { return }
        let key = ItemIdentity(item)
        if items[key] == item { items[key] = nil }
    }

    /// Holds `item` under its identity.
    mutating func add(_ item: AnyHashable) {
        guard item.base is any Identifiable else { return }
        items[ItemIdentity(item)] = item
    }
}

extension ApplyTransaction {
    /// Carries an identity index of `base` to the snapshot `changeset` ends at: the items it deletes (and
    /// those of the sections it deletes or reloads) leave, the items it inserts (and those of the
    /// sections it inserts or reloads) arrive, and an item it reloads or reconfigures is held with its
    /// new value. Moves change no value. Returns `false` when an updated item cannot be placed (the
    /// index is then dropped, and made again by the next lookup that needs it).
    ///
    /// - Parameter read: Counts the items read.
    /// - Complexity: O(c log n) for the *c* items the changeset deletes, inserts, reloads or
    ///   reconfigures, and those of the sections it deletes, inserts or reloads (each read O(log n)),
    ///   plus O(b log b) per stage of *b* changes.
    func carry(
        _ index: inout IdentityIndex, through changeset: Changeset<SectionIdentifier, AnyHashable>,
        from base: Snapshot<SectionIdentifier, AnyHashable>, read: inout Int
    ) -> Bool {
        var before = base
        for stage in changeset.stages {
            let batch = stage.batch
            let state = stage.snapshot
            guard let updated = itemsUpdated(by: batch, from: before, to: state) else { return false }
            // Everything leaves before anything arrives: within one batch, an `id` may pass from one item
            // to another.
            var leaving: [AnyHashable] = []
            var arriving: [AnyHashable] = []
            for path in batch.deletedItems { if let item = before.itemIdentifier(at: path) { leaving.append(item) } }
            for (path, value) in updated {
                if let item = before.itemIdentifier(at: path) { leaving.append(item) }
                arriving.append(value)
            }
            for section in batch.deletedSections + batch.reloadedSections {
                guard let identifier = before.sectionIdentifier(at: section) else { return false }
                leaving += before.itemIdentifiers(inSection: identifier) ?? []
            }
            for path in batch.insertedItems { if let item = state.itemIdentifier(at: path) { arriving.append(item) } }
            var sections = batch.insertedSections.compactMap { state.sectionIdentifier(at: $0) }
            sections += batch.reloadedSections.compactMap { before.sectionIdentifier(at: $0) }
            for section in sections { arriving += state.itemIdentifiers(inSection: section) ?? [] }
            read += leaving.count + arriving.count
            for item in leaving { index.remove(item) }
            for item in arriving { index.add(item) }
            before = state
        }
        return true
    }
}
