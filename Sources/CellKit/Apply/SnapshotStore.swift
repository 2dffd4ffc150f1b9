import DiffableStore

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
        version &+= 1
    }

    /// `current`'s items in a form that does not depend on `SectionIdentifier`, made by the first read
    /// after `current` changed (a plan's stages that the host does not read in between cost nothing).
    ///
    /// - Complexity: O(1) when made already; O(s) for *s* sections, plus the cost of `itemIdentifiers`,
    ///   on the first read after a change.
    var itemTable: ItemTable {
        if let table { return table }
        let made = makeItemTable()
        table = made
        return made
    }

    /// The item table of `current`, once made.
    private var table: ItemTable?

    /// How many times `current` was set: what the host adapter keys what it resolved on.
    private(set) var version = 0

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

    /// What is wrong with the store: the item table against `current`, the outline rows against its
    /// items, the `id`s held for it against its `Identifiable` items, the shared-identifier flag against
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
        if itemTable.items != items {
            let first =
                zip(itemTable.items, items).enumerated().first { $1.0 != $1.1 }?.offset
                ?? min(itemTable.items.count, items.count)
            broken.append(
                "SnapshotStore: the item table holds \(itemTable.items.count) items, the snapshot \(items.count); "
                    + "they differ from position \(first)")
        }
        var starts = [0]
        for section in 0..<current.numberOfSections {
            starts.append(starts[section] + current.numberOfItems(inSectionAt: section))
        }
        if itemTable.sectionStarts != starts {
            broken.append("SnapshotStore: the item table's section starts \(itemTable.sectionStarts), not \(starts)")
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
    /// - Complexity: Expected O(1); O(n) for the *n* items on screen the first time an item's content
    ///   is found changed after an apply.
    func currentItem(for item: AnyHashable) -> AnyHashable? {
        current.contains(item) ? item : itemTable.item(withIdentityOf: item)
    }

    /// The item table of `current`.
    ///
    /// - Complexity: O(s) plus the cost of `itemIdentifiers` (which shares the snapshot's storage).
    private func makeItemTable() -> ItemTable {
        var starts = [0]
        starts.reserveCapacity(current.numberOfSections + 1)
        for section in 0..<current.numberOfSections {
            starts.append(starts[section] + current.numberOfItems(inSectionAt: section))
        }
        return ItemTable(items: current.itemIdentifiers, sectionStarts: starts)
    }
}

/// A snapshot's items, section after section, and where each section starts.
final class ItemTable {
    /// Every item, section after section.
    let items: [AnyHashable]
    /// `sectionStarts[s]..<sectionStarts[s + 1]` are the positions of section `s`'s items in `items`.
    let sectionStarts: [Int]

    /// The position in `items` of each `Identifiable` item by identity (its type and `id`), built by the
    /// first lookup that needs it.
    private var identityIndex: [ItemIdentity: Int]?

    init(items: [AnyHashable], sectionStarts: [Int]) {
        self.items = items
        self.sectionStarts = sectionStarts
    }

    /// The item with the identity of an `Identifiable` item (the same type and `id`), whatever its
    /// content; `nil` when there is none, or `item` is not `Identifiable`.
    ///
    /// - Complexity: O(n) for the *n* items on the first lookup of this table, expected O(1) after.
    func item(withIdentityOf item: AnyHashable) -> AnyHashable? {
        guard item.base is any Identifiable else { return nil }
        if identityIndex == nil {
            var index: [ItemIdentity: Int] = [:]
            for (position, element) in items.enumerated() where element.base is any Identifiable {
                index[ItemIdentity(element)] = position
            }
            identityIndex = index
        }
        return identityIndex?[ItemIdentity(item)].map { items[$0] }
    }
}
