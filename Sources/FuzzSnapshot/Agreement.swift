@_spi(Testing) import DiffableStore
import FuzzSupport

/// The ways a snapshot disagrees with the model, read through every lookup the snapshot offers and its
/// own storage invariants; empty when they agree.
func disagreements(_ snapshot: Snapshot<AnyHashable, AnyHashable>, _ model: SnapshotModel) -> [String] {
    var found: [String] = []
    func check(_ holds: Bool, _ what: @autoclosure () -> String) { if !holds { found.append(what()) } }

    found += snapshot._checkInvariants()
    let flat = model.allItems
    check(
        isSameValues(snapshot.sectionIdentifiers, model.sections),
        "sectionIdentifiers \(snapshot.sectionIdentifiers), model \(model.sections)")
    check(isSameValues(snapshot.itemIdentifiers, flat), "itemIdentifiers \(snapshot.itemIdentifiers), model \(flat)")
    check(snapshot.numberOfSections == model.sections.count, "numberOfSections \(snapshot.numberOfSections)")
    check(snapshot.numberOfItems == flat.count, "numberOfItems \(snapshot.numberOfItems)")

    // Sections, by identifier and by index.
    for section in Universe.sections {
        let index = model.sectionIndex(of: section)
        check(
            snapshot.indexOfSection(section) == index,
            "indexOfSection(\(section)) = \(String(describing: snapshot.indexOfSection(section))), model \(String(describing: index))"
        )
        check(
            snapshot.numberOfItems(inSection: section) == index.map { model.items[$0].count },
            "numberOfItems(inSection: \(section))")
        let items = snapshot.itemIdentifiers(inSection: section)
        check(
            items.map { isSameValues($0, model.items[index!]) } ?? (index == nil),
            "itemIdentifiers(inSection: \(section)) = \(String(describing: items))")
    }
    for index in -1...model.sections.count {
        let section = snapshot.sectionIdentifier(at: index)
        if model.sections.indices.contains(index) {
            check(
                section.map { isSameValue($0, model.sections[index]) } ?? false,
                "sectionIdentifier(at: \(index)) = \(String(describing: section))")
            check(
                snapshot.numberOfItems(inSectionAt: index) == model.items[index].count,
                "numberOfItems(inSectionAt: \(index))")
        } else {
            check(section == nil, "sectionIdentifier(at: \(index)) = \(String(describing: section)), outside")
        }
    }

    // Items, by value and by index path.
    for item in Universe.items {
        let place = model.place(of: item)
        let flatIndex = flat.firstIndex { $0 == item }
        check(
            snapshot.indexOfItem(item) == flatIndex,
            "indexOfItem(\(item)) = \(String(describing: snapshot.indexOfItem(item))), model \(String(describing: flatIndex))"
        )
        check(snapshot.contains(item) == (place != nil), "contains(\(item))")
        check(
            snapshot.indexPath(of: item) == place,
            "indexPath(of: \(item)) = \(String(describing: snapshot.indexPath(of: item))), model \(String(describing: place))"
        )
        let section = snapshot.sectionIdentifier(containingItem: item)
        check(
            section.map { s in place.map { isSameValue(s, model.sections[$0.section]) } ?? false } ?? (place == nil),
            "sectionIdentifier(containingItem: \(item)) = \(String(describing: section))")
    }
    for section in -1...model.items.count {
        let count = model.items.indices.contains(section) ? model.items[section].count : 0
        for item in -1...count {
            let path = ListIndexPath(item: item, section: section)
            let stored = snapshot.itemIdentifier(at: path)
            if model.items.indices.contains(section) && model.items[section].indices.contains(item) {
                check(
                    stored.map { isSameValue($0, model.items[section][item]) } ?? false,
                    "itemIdentifier(at: \(path)) = \(String(describing: stored))")
            } else {
                check(stored == nil, "itemIdentifier(at: \(path)) = \(String(describing: stored)), outside")
            }
        }
    }

    // Marks, as sets under `==`.
    func sameMarks(_ marks: Set<AnyHashable>, _ expected: [AnyHashable]) -> Bool {
        marks.count == expected.count && expected.allSatisfy(marks.contains)
    }
    check(
        sameMarks(snapshot.reloadedItemIdentifiers, model.reloaded),
        "reloaded items \(snapshot.reloadedItemIdentifiers), model \(model.reloaded)")
    check(
        sameMarks(snapshot.reconfiguredItemIdentifiers, model.reconfigured),
        "reconfigured items \(snapshot.reconfiguredItemIdentifiers), model \(model.reconfigured)")
    check(
        sameMarks(snapshot.reloadedSectionIdentifiers, model.reloadedSections),
        "reloaded sections \(snapshot.reloadedSectionIdentifiers), model \(model.reloadedSections)")

    // `==` against a snapshot built by appends: equal unless a NaN (never equal to itself) is stored.
    let rebuilt = model.build()
    let equal = snapshot == rebuilt
    check(equal == !flat.contains(where: isNaN), "snapshot == the model built by appends is \(equal)")
    check(equal == (rebuilt == snapshot), "== is not symmetric")
    return found
}

/// Whether a snapshot holds the contents and marks of the model, without the lookups: for a copy
/// that must not have changed.
func sameContents(_ snapshot: Snapshot<AnyHashable, AnyHashable>, _ model: SnapshotModel) -> Bool {
    isSameValues(snapshot.sectionIdentifiers, model.sections)
        && model.sections.indices.allSatisfy {
            isSameValues(snapshot.itemIdentifiers(inSection: model.sections[$0]) ?? [], model.items[$0])
        }
        && snapshot.reloadedItemIdentifiers.count == model.reloaded.count
        && snapshot.reconfiguredItemIdentifiers.count == model.reconfigured.count
        && snapshot.reloadedSectionIdentifiers.count == model.reloadedSections.count
}
