@_spi(CellKitInternals) import DiffableStore

/// The snapshot the host shows, and the forms of it the per-cell path reads.
///
/// Invariant: `itemTable` holds `current`'s items and section starts (it is made again on the first
/// read after `current` changes), so answering the host for a cell runs no generic code.
@MainActor
final class SnapshotStore<SectionIdentifier: Hashable> {
    /// The snapshot the host shows (during a batch: the state after it).
    private(set) var current = Snapshot<SectionIdentifier, AnyHashable>()

    /// Makes `snapshot` the one on screen: only ``ApplyTransaction`` can (it alone makes a ``ScreenWrite``).
    ///
    /// - Complexity: O(1); the item table is made again on its next read.
    func show(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>, _ write: ScreenWrite) {
        current = snapshot
        table = nil
        identityIndex = nil
        version &+= 1
    }

    /// Keeps `current`'s items in runs (`Snapshot._keepInRuns()`) before the data source hands out a
    /// copy of it (`dataSource.snapshot()`): the copy shares the runs, and its first edit copies the one
    /// run it changes instead of every item, so a small edit costs what it changed, end to end.
    ///
    /// Called there and not at apply: a snapshot the app built anew is shown as it is (flat), and the
    /// next full diff against another snapshot built anew reads it as one array; only a list whose
    /// snapshot the app takes (to edit it) pays the copy into runs, once, and the edited copy it applies
    /// is in runs already.
    ///
    /// - Complexity: O(n) at memory-copy speed when `current` is flat and holds at least 4,096 items (the
    ///   first call after an apply showed a snapshot the app built anew); O(1) otherwise.
    func keepInRuns() {
        let copied = current._keepInRuns()
        guard copied > 0 else { return }
        itemsKeptInRuns += copied
        // The table holds the flat storage: let it go with the table (it is made again on its next read).
        table = nil
    }

    /// How many items ``keepInRuns()`` copied into runs, in all (see ``_WorkCounts``).
    private(set) var itemsKeptInRuns = 0

    /// `current` in a form that does not depend on `SectionIdentifier`, made by the first read after
    /// `current` changed (a plan's stages that the host does not read in between cost nothing).
    ///
    /// - Complexity: O(1): it reads `current`'s storage, which it shares.
    var itemTable: ItemTable {
        if let table { return table }
        let made = ItemTable(current)
        table = made
        return made
    }

    /// The item table of `current`, once made.
    private var table: ItemTable?

    /// How many times `current` was set: what the host adapter keys what it resolved on.
    private(set) var version = 0

    /// Each `Identifiable` item of `current` by identity (its type and `id`), built by the first lookup
    /// that needs it and carried through each animated plan's changeset since (see `IdentityIndex.swift`).
    private var identityIndex: IdentityIndex?

    /// Hands over the identity index of `current`, if one is made, and holds none until
    /// ``keepIdentityIndex(_:)``: a plan carries it through its changeset.
    func takeIdentityIndex() -> IdentityIndex? {
        defer { identityIndex = nil }
        return identityIndex
    }

    /// Keeps an identity index of `current`, as it is now (one carried through the plan that showed it).
    func keepIdentityIndex(_ index: IdentityIndex) { identityIndex = index }

    /// How many items the store read out of the snapshots it showed, in all (what the per-apply path
    /// must not do: only the first identity lookup reads every item, and a plan reads the few items it
    /// carries the identity index through; see ``_WorkCounts``).
    var itemsRead = 0

    /// The level and expansion of every visible item of the shown outlines, for cell contexts.
    var outlineRows: [AnyHashable: OutlineRow] = [:]

    /// Whether the snapshot on screen may hold a value of a type whose values can equal another
    /// type's as `AnyHashable` (`Int` and `Int8`): only then do diffs look for items that change type
    /// (see `ItemTypeScan` in `Registration/ViewRegistry.swift`).
    var mayShowSharedIdentifiers = false

    /// Notes what a check of items found, before they are shown (so the flag is never short of the
    /// snapshot on screen): with a value of a type that shares identifiers among them, the diffs look
    /// for items that change type from now on.
    func noteChecked(_ scan: ItemTypeScan) {
        if scan.sharesIdentifiers { mayShowSharedIdentifiers = true }
    }

    /// The `id`s of `current`'s `Identifiable` items and the `version` they were made for: a plan's check
    /// carries them forward (see `Apply/ApplyTransaction+Steps.swift`).
    private var identities: (index: IDIndexes, version: Int)?

    /// Keeps the `id`s of `current`'s items, as they are now.
    func keepIdentities(_ index: IDIndexes?) {
        identities = index.map { ($0, version) }
    }

    /// Hands over the `id`s of `current`'s items, if they are held for it (a change of `current` since
    /// makes them stale), and holds none until ``keepIdentities(_:)``.
    func takeIdentities() -> IDIndexes? {
        defer { identities = nil }
        guard let identities, identities.version == version else { return nil }
        return identities.index
    }

    /// What is wrong with the store: the item table against `current`, the identity index against its
    /// `Identifiable` items, the outline rows against its items, the `id`s held for it against its `Identifiable` items, the shared-identifier flag against
    /// its item types (as `registry` reads them). Empty when nothing is.
    ///
    /// - Complexity: O(n) expected for the *n* items of `current`.
    func _checkInvariants(registry: ViewRegistry) -> [String] {
        var broken: [String] = []
        let items = current.itemIdentifiers
        if !mayShowSharedIdentifiers {
            var scan = ItemTypeScan()
            for item in items {
                scan.note(registry.valueType(of: item, representation: registry.representation(of: item)))
            }
            if scan.sharesIdentifiers {
                broken.append("UniversalDataSource: the list shows a value whose type shares identifiers, unflagged")
            }
        }
        let table = itemTable
        if table.sectionCount != current.numberOfSections {
            broken.append(
                "SnapshotStore: the item table has \(table.sectionCount) sections, the snapshot \(current.numberOfSections)"
            )
        } else {
            var position = 0
            sections: for section in 0..<current.numberOfSections {
                let count = current.numberOfItems(inSectionAt: section)
                guard table.numberOfItems(inSection: section) == count else {
                    broken.append(
                        "SnapshotStore: the item table counts \(table.numberOfItems(inSection: section) ?? -1) items in "
                            + "section \(section), the snapshot \(count)")
                    break
                }
                for item in 0..<count {
                    let path = ListIndexPath(item: item, section: section)
                    if table.item(at: path) != items[position] {
                        broken.append("SnapshotStore: the item table differs from the snapshot at \(path)")
                        break sections
                    }
                    position += 1
                }
            }
        }
        if let identityIndex {
            var identifiable = 0
            for item in items where item.base is any Identifiable {
                identifiable += 1
                if identityIndex[identityOf: item] != item {
                    broken.append("SnapshotStore: the identity index holds another value for \(item)")
                }
            }
            if identityIndex.count != identifiable {
                broken.append(
                    "SnapshotStore: the identity index holds \(identityIndex.count) items for \(identifiable) Identifiable items"
                )
            }
        }
        for item in outlineRows.keys where current.indexPath(of: item) == nil {
            broken.append("SnapshotStore: an outline row for \(item), which the snapshot does not show")
        }
        if let identities, identities.version == version {
            var index = identities.index
            var expected = 0
            for item in items {
                guard let ids = index.index(for: item.base) else { continue }
                expected += 1
                if !ids.contains(item.base) {
                    broken.append("SnapshotStore: the `id`s held for the snapshot miss \(item)'s")
                }
            }
            if index.count != expected {
                broken.append("SnapshotStore: \(index.count) `id`s are held for \(expected) Identifiable items")
            }
        }
        return broken
    }

    /// An item as it is now in `current`, found by identity: the item itself when it is there unchanged,
    /// the new version of an `Identifiable` item whose content changed (the same type and `id`), or `nil`
    /// when it is gone.
    ///
    /// - Complexity: Expected O(1); O(n) for the *n* items on screen the first time an item's content is
    ///   found changed, to make the identity index. Each animated plan carries the index after that
    ///   (in O(c log n) for its *c* changed items), and a row the user moves changes no value, so it is
    ///   made again only after a plan that reloads the list (not animated, or a host that missed changes)
    ///   or a plan the host rejected.
    func currentItem(for item: AnyHashable) -> AnyHashable? {
        if current.contains(item) { return item }
        guard item.base is any Identifiable else { return nil }
        if identityIndex == nil { identityIndex = IdentityIndex(current, read: &itemsRead) }
        return identityIndex?[identityOf: item]
    }
}

/// The snapshot on screen as the per-cell path reads it: its section count, each section's item count
/// and the item at an index path, answered from the snapshot's own storage (nothing is copied out of it).
///
/// Made in O(1) by the first read after the snapshot on screen changed (it keeps the snapshot's storage
/// alive, shared, not copied), so an apply costs no pass over the items to answer the host; a lookup
/// finds the section's start and the item's run in the snapshot (O(log s + log(n / 512))).
///
/// It holds the snapshot's item reader (`Snapshot._itemReader`), not the snapshot: the reader does not
/// depend on the section type, so a lookup runs code compiled for `AnyHashable` items. A lookup through
/// the snapshot (generic over the section type, which the store and the host adapter do not know at
/// compile time) ran unspecialized, with type metadata looked up on every call: 150-200 ns per cell.
final class ItemTable {
    /// The number of sections.
    let sectionCount: Int
    private let reader: _SnapshotItemReader<AnyHashable>

    init<SectionIdentifier: Hashable>(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        reader = snapshot._itemReader
        sectionCount = reader.numberOfSections
    }

    /// The number of items in the section at `section`, or `nil` when it is out of range.
    ///
    /// - Complexity: O(1).
    func numberOfItems(inSection section: Int) -> Int? { reader.numberOfItems(inSectionAt: section) }

    /// The item at an index path, or `nil` outside the snapshot.
    ///
    /// - Complexity: O(log s), plus O(log(n / 512)) once the snapshot was edited by identifier.
    func item(at indexPath: ListIndexPath) -> AnyHashable? { reader.item(at: indexPath) }
}
