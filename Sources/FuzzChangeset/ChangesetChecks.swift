@_spi(Testing) import DiffableStore
import FuzzSupport
@_spi(Simulation) import UIKitStandIn

/// The identity a diff must follow: a card by its id, a NaN as "a NaN" (it matches nothing, not even
/// itself), any other value by itself under `AnyHashable`'s `==`.
enum Identity: Hashable, CustomStringConvertible {
    case card(Int)
    case nan
    case value(AnyHashable)

    init(_ item: AnyHashable) {
        if let card = item.base as? Card {
            self = .card(card.id)
        } else if isNaN(item) {
            self = .nan
        } else {
            self = .value(item)
        }
    }

    var description: String {
        switch self {
        case .card(let id): "card \(id)"
        case .nan: "NaN"
        case .value(let value): "\(type(of: value.base))(\(value))"
        }
    }
}

/// One identifier the same as another: `==`, or both NaN.
func sameIdentifier(_ lhs: AnyHashable, _ rhs: AnyHashable) -> Bool { lhs == rhs || (isNaN(lhs) && isNaN(rhs)) }

/// The sections and rows of a snapshot.
func rows(of snapshot: FuzzSnapshot) -> [(section: AnyHashable, rows: [AnyHashable])] {
    snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0) ?? []) }
}

func sameRows(
    _ lhs: [(section: AnyHashable, rows: [AnyHashable])], _ rhs: [(section: AnyHashable, rows: [AnyHashable])]
) -> Bool {
    lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy { left, right in
            left.section == right.section && left.rows.count == right.rows.count
                && zip(left.rows, right.rows).allSatisfy(sameIdentifier)
        }
}

func show(_ rows: [(section: AnyHashable, rows: [AnyHashable])]) -> String {
    rows.map { "\($0.section): \($0.rows.map { "\($0)" }.joined(separator: ", "))" }.joined(separator: "\n")
}

/// What ``Changeset`` promises about every stage beyond UIKit's rules (the breaches found; empty when
/// the batch keeps the promise): no reload or reconfigure of an item the batch moves, or in a section a
/// move leaves or enters, or beside a section move; no item insert, delete or move inside a section that
/// the batch moves (UIKit accepts those, but `UICollectionView` corrupts its memory on them).
func stagingPromiseBreaches(_ batch: BatchUpdate, sectionMap: [Int?]) -> [String] {
    var breaches: [String] = []
    let updates = batch.reloadedItems.map { ("reload", $0) } + batch.reconfiguredItems.map { ("reconfigure", $0) }
    for (verb, path) in updates {
        if batch.movedItems.contains(where: { $0.source == path }) {
            breaches.append("\(verb) \(path) of an item that moves")
        }
        let newSection = sectionMap[path.section]
        if batch.movedItems.contains(where: {
            $0.source.section == path.section || $0.destination.section == newSection
        }) {
            breaches.append("\(verb) \(path) in a section that a move leaves or enters")
        }
        if !batch.movedSections.isEmpty { breaches.append("\(verb) \(path) beside a section move") }
    }
    for move in batch.movedSections {
        let inside =
            batch.deletedItems.contains { $0.section == move.source }
            || batch.insertedItems.contains { $0.section == move.destination }
            || batch.movedItems.contains {
                $0.source.section == move.source || $0.destination.section == move.destination
            }
        if inside {
            breaches.append("an item change inside section \(move.source) -> \(move.destination), which moves")
        }
    }
    return breaches
}

/// Checks the changeset from `old` to `new`: every stage is a batch UIKit accepts (by the library's
/// validator and by the independent model) and keeps the staging promise; replaying each stage from
/// the rows before it, with the model, gives the stage's snapshot when inserted rows come from that
/// snapshot and updated rows become what `new` holds for their identity; the last stage gives `new`.
/// Every item of `new` is supplied by the data source or carried, as its identity and sections say,
/// and a carried item is updated exactly when its content changed or `new` marks it.
func checkChangeset(from old: FuzzSnapshot, to new: FuzzSnapshot, fail: (String) -> Never) {
    let changeset = Changeset(from: old, to: new)
    let hasMarks =
        !(new.reloadedItemIdentifiers.isEmpty && new.reconfiguredItemIdentifiers.isEmpty
        && new.reloadedSectionIdentifiers.isEmpty)
    if changeset.isEmpty != (old == new && !hasMarks) {
        fail(
            "the changeset is \(changeset.isEmpty ? "" : "not ")empty, but old == new is \(old == new) and new has \(hasMarks ? "" : "no ")marks"
        )
    }

    // The value `new` holds for each identity, when it holds one.
    var finalValue: [Identity: AnyHashable] = [:]
    var ambiguous = false
    for item in new.itemIdentifiers where !isNaN(item) {
        if finalValue.updateValue(item, forKey: Identity(item)) != nil { ambiguous = true }
    }
    for item in old.itemIdentifiers where !isNaN(item) {
        if old.itemIdentifiers.filter({ Identity($0) == Identity(item) }).count > 1 { ambiguous = true }
    }

    var current = rows(of: old)
    var supplied: [Identity] = []
    var updated: [Identity] = []
    for (number, stage) in changeset.stages.enumerated() {
        let label = "stage \(number + 1) of \(changeset.stages.count) (\(stage.batch))"
        let target = stage.snapshot
        let broken = target._checkInvariants()
        if !broken.isEmpty { fail("\(label): the stage's snapshot breaks its invariants: \(broken)") }
        let before = current.map(\.rows.count)
        let after = target.sectionIdentifiers.map { target.numberOfItems(inSection: $0)! }
        do {
            try stage.batch.validate(itemCountsBefore: before, itemCountsAfter: after)
        } catch {
            fail("\(label): the library's validator rejects the stage: \(error)")
        }
        let model: UIKitBatchModel
        switch UIKitBatchModel.read(stage.batch, countsBefore: before, countsAfter: after) {
        case .success(let read): model = read
        case .failure(let rejection): fail("\(label): UIKit rejects the stage: \(rejection)")
        }
        guard
            case .success(let sectionMap) = UIKitBatchModel.newSections(
                of: stage.batch, oldCount: before.count, newCount: after.count)
        else {
            fail("\(label): UIKit rejects the stage's sections")
        }
        let breaches = stagingPromiseBreaches(stage.batch, sectionMap: sectionMap)
        if !breaches.isEmpty { fail("\(label) breaks the staging promise: \(breaches.joined(separator: "; "))") }

        let targetRows = rows(of: target)
        let replayed = model.replay(
            current.map(\.rows),
            newSection: { section in
                supplied += targetRows[section].rows.map(Identity.init)
                return targetRows[section].rows
            },
            newRow: { path in
                let row = targetRows[path.section].rows[path.item]
                supplied.append(Identity(row))
                return row
            },
            updated: { row, path, _ in
                // An update shows what the data source holds for the row now, and must be at its row.
                let shown = targetRows[path.section].rows[path.item]
                if Identity(shown) != Identity(row) {
                    fail("\(label): \(row) is updated at \(path), where \(shown) is")
                }
                updated.append(Identity(row))
                return ambiguous ? shown : (finalValue[Identity(row)] ?? row)
            })
        // Section identifiers: carried sections keep theirs, the data source's come from the target.
        let replayedSections: [AnyHashable] = model.oldSectionOfNew.enumerated().map { new, old in
            old.map { current[$0].section } ?? targetRows[new].section
        }
        let result = Array(zip(replayedSections, replayed)).map { (section: $0.0, rows: $0.1) }
        if !sameRows(result, targetRows) {
            fail(
                "\(label): replayed from the rows before it, the stage shows\n\(show(result))\nbut its snapshot is\n\(show(targetRows))"
            )
        }
        current = result
    }
    if !sameRows(current, rows(of: new)) { fail("the stages end at\n\(show(current))\nnot at\n\(show(rows(of: new)))") }
    do {
        let applied = try old.applying(changeset)
        if !sameRows(rows(of: applied), rows(of: new)) { fail("old.applying(changeset) is\n\(applied)\nnot\n\(new)") }
    } catch {
        fail("old.applying(changeset) throws \(error)")
    }
    guard !ambiguous else { return }

    // What must happen to each item of `new`, whatever the stages.
    let kept = Set(old.sectionIdentifiers).intersection(new.sectionIdentifiers).subtracting(
        new.reloadedSectionIdentifiers)
    var oldPlace: [Identity: (section: AnyHashable, item: AnyHashable)] = [:]
    for (section, items) in rows(of: old) {
        for item in items where !isNaN(item) { oldPlace[Identity(item)] = (section, item) }
    }
    let marked = new.reloadedItemIdentifiers.union(new.reconfiguredItemIdentifiers)
    var expectedSupplied: [Identity] = []
    var expectedUpdated: [Identity] = []
    for (section, items) in rows(of: new) {
        for item in items {
            let identity = Identity(item)
            guard kept.contains(section), let before = oldPlace[identity], kept.contains(before.section) else {
                expectedSupplied.append(identity)
                continue
            }
            if before.item != item || marked.contains(item) { expectedUpdated.append(identity) }
        }
    }
    // A NaN matches nothing, so it is usually deleted and supplied again; but snapshots that share
    // their storage are equal without comparing items (see "Equality" in `Snapshot`), so a NaN in an
    // unchanged copy may be carried. Either is right; NaNs are left out of the count.
    func counted(_ identities: [Identity]) -> [Identity: Int] {
        identities.reduce(into: [:]) { if $1 != .nan { $0[$1, default: 0] += 1 } }
    }
    if counted(supplied) != counted(expectedSupplied) {
        fail(
            "the data source supplied \(supplied.sorted { "\($0)" < "\($1)" }), expected \(expectedSupplied.sorted { "\($0)" < "\($1)" })"
        )
    }
    if counted(updated) != counted(expectedUpdated) {
        fail(
            "the stages updated \(updated.sorted { "\($0)" < "\($1)" }), expected \(expectedUpdated.sorted { "\($0)" < "\($1)" }) (once each)"
        )
    }
}
