@_spi(Testing) @_spi(CellKitInternals) import DiffableStore
import FuzzSupport

/// Checks the changeset that `new`'s record of its edits gives (when it gives one) against the full
/// diff: the same stages, with the same deletes, inserts, updates and section changes, a move set of
/// the same size, and equal stage snapshots. Skipped when `old` holds a NaN: the full diff deletes and
/// inserts it (it matches nothing), while the record keeps it in place when no edit touched it, as
/// `==` does for storage it shares; the changeset checks accept either.
func checkRecordAgrees(from old: FuzzSnapshot, to new: FuzzSnapshot, fail: (String) -> Never) {
    guard let fast = Changeset._fromRecord(from: old, to: new), !old.itemIdentifiers.contains(where: { isNaN($0) })
    else {
        return
    }
    let full = Changeset._fullDiff(from: old, to: new)
    guard fast.stages.count == full.stages.count else {
        fail("the record gives \(fast.stages.count) stages, the full diff \(full.stages.count)")
    }
    for (number, (f, g)) in zip(fast.stages, full.stages).enumerated() {
        let (a, b) = (f.batch, g.batch)
        let same =
            a.deletedItems == b.deletedItems && a.insertedItems == b.insertedItems
            && a.movedItems.count == b.movedItems.count && a.reloadedItems == b.reloadedItems
            && a.reconfiguredItems == b.reconfiguredItems && a.deletedSections == b.deletedSections
            && a.insertedSections == b.insertedSections && a.movedSections == b.movedSections
            && a.reloadedSections == b.reloadedSections
        if !same { fail("stage \(number + 1): the record gives\n\(a)\nthe full diff\n\(b)") }
        if f.snapshot != g.snapshot { fail("stage \(number + 1): the record's stage snapshot differs") }
    }
    // The data source's diff, which reloads values that change type under `==`: against the same
    // content and marks built anew (no record, so the full diff answers).
    var independent = FuzzSnapshot()
    for section in new.sectionIdentifiers {
        try? independent.appendSections([section])
        try? independent.appendItemsChecked(new.itemIdentifiers(inSection: section) ?? [], toSection: section)
    }
    try? independent.reloadItems(Array(new.reloadedItemIdentifiers))
    try? independent.reconfigureItems(Array(new.reconfiguredItemIdentifiers))
    try? independent.reloadSections(Array(new.reloadedSectionIdentifiers))
    let typed = Changeset(from: old, to: new, reloadingTypeChanges: true)
    let typedFull = Changeset(from: old, to: independent, reloadingTypeChanges: true)
    let sameUpdates = zip(typed.stages, typedFull.stages).allSatisfy {
        $0.batch.reloadedItems == $1.batch.reloadedItems && $0.batch.reconfiguredItems == $1.batch.reconfiguredItems
            && $0.batch.movedItems.count == $1.batch.movedItems.count && $0.snapshot == $1.snapshot
    }
    if typed.stages.count != typedFull.stages.count || !sameUpdates {
        fail(
            "with reloadingTypeChanges, the record gives\n\(typed.stages.map(\.batch))\nthe full diff\n\(typedFull.stages.map(\.batch))"
        )
    }
}
