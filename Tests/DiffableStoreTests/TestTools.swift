@_spi(Testing) @_spi(CellKitInternals) import DiffableStore
import SeededRandom

/// A seeded generator (SplitMix64), so every random case can be replayed from its seed.
typealias SeededGenerator = SplitMix64

/// An item matched by its whole value only.
struct Plain: Hashable, CustomStringConvertible {
    var value: Int
    var description: String { "p\(value)" }
}

/// An item with an identity and content: a new content is the same row, updated.
struct Row: Hashable, Identifiable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "r\(id)v\(content)" }
}

/// An item whose `hash(into:)` feeds a constant: every value has the same hash.
struct Colliding: Hashable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "c\(value)" }
}

/// Counts `hash(into:)` and `==` calls of ``Measured`` items.
final class Counter {
    var hashes = 0
    var equalities = 0
}

/// An item that counts the hashing and equality work done on it.
struct Measured: Hashable {
    var value: Int
    let counter: Counter
    static func == (lhs: Measured, rhs: Measured) -> Bool {
        lhs.counter.equalities += 1
        return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) {
        counter.hashes += 1
        hasher.combine(value)
    }
}

typealias TestSnapshot = Snapshot<Int, AnyHashable>

/// Builds a snapshot from sections of items; the items must be unique.
func makeSnapshot(_ sections: [(Int, [AnyHashable])]) throws -> TestSnapshot {
    var snapshot = TestSnapshot()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The sections of a snapshot with their items.
func contents(_ snapshot: TestSnapshot) -> [(Int, [AnyHashable])] {
    snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0) ?? []) }
}

/// A random pair of snapshots: an old one, and a new one made from it by random inserts, deletes,
/// moves (within and across sections), content updates and section operations; Identifiable and
/// plain items mixed.
struct RandomCase {
    var old: TestSnapshot
    var new: TestSnapshot

    init(seed: UInt64, maxItems: Int = 300, maxSections: Int = 10, sectionOperations: Bool = true, marks: Bool = true)
        throws
    {
        var random = SeededGenerator(seed: seed)
        var nextValue = 0
        func freshItem() -> AnyHashable {
            nextValue += 1
            return Bool.random(using: &random)
                ? AnyHashable(Row(id: nextValue, content: 0)) : AnyHashable(Plain(value: nextValue))
        }
        let sectionCount = Int.random(in: 0...maxSections, using: &random)
        let total = Int.random(in: 0...maxItems, using: &random)
        var sections: [(Int, [AnyHashable])] = (0..<sectionCount).map { ($0, []) }
        if !sections.isEmpty {
            for _ in 0..<total { sections[Int.random(in: 0..<sectionCount, using: &random)].1.append(freshItem()) }
        }
        old = try makeSnapshot(sections)
        var nextSection = sectionCount
        // Item edits.
        let rate = Double.random(in: 0...0.4, using: &random)
        for index in sections.indices {
            sections[index].1 = sections[index].1.compactMap { item in
                guard Double.random(in: 0..<1, using: &random) < rate else { return item }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: return nil  // delete
                case 1:  // update content if Identifiable
                    if let row = item.base as? Row { return AnyHashable(Row(id: row.id, content: row.content + 1)) }
                    return item
                default: return item
                }
            }
        }
        let moves = sections.isEmpty ? 0 : Int.random(in: 0...(total / 5 + 1), using: &random)
        for _ in 0..<moves {
            let from = Int.random(in: 0..<sections.count, using: &random)
            guard !sections[from].1.isEmpty else { continue }
            let item = sections[from].1.remove(at: Int.random(in: 0..<sections[from].1.count, using: &random))
            let to = Bool.random(using: &random) ? from : Int.random(in: 0..<sections.count, using: &random)
            sections[to].1.insert(item, at: Int.random(in: 0...sections[to].1.count, using: &random))
        }
        let inserts = sections.isEmpty ? 0 : Int.random(in: 0...(total / 5 + 1), using: &random)
        for _ in 0..<inserts {
            let to = Int.random(in: 0..<sections.count, using: &random)
            sections[to].1.insert(freshItem(), at: Int.random(in: 0...sections[to].1.count, using: &random))
        }
        // Section edits.
        if sectionOperations {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !sections.isEmpty:
                    sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                case 1:
                    let items = (0..<Int.random(in: 0...5, using: &random)).map { _ in freshItem() }
                    sections.insert((nextSection, items), at: Int.random(in: 0...sections.count, using: &random))
                    nextSection += 1
                default:
                    guard sections.count > 1 else { break }
                    let section = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                    sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
                }
            }
        }
        new = try makeSnapshot(sections)
        if marks {
            let items = new.itemIdentifiers
            if !items.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                try new.reloadItems([items[Int.random(in: 0..<items.count, using: &random)]])
            }
            if !items.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                try new.reconfigureItems([items[Int.random(in: 0..<items.count, using: &random)]])
            }
            if !new.sectionIdentifiers.isEmpty && Int.random(in: 0..<6, using: &random) == 0 {
                try new.reloadSections([
                    new.sectionIdentifiers[Int.random(in: 0..<new.numberOfSections, using: &random)]
                ])
            }
        }
    }
}

/// The length of a longest strictly increasing subsequence, by the quadratic textbook method.
func quadraticLIS(_ values: [Int]) -> Int {
    guard !values.isEmpty else { return 0 }
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max()!
}

/// The identity used by the oracle: Identifiable items by id, others by value.
enum OracleIdentity: Hashable, CustomStringConvertible {
    case row(Int)
    case plain(Int)
    case other(AnyHashable)

    var description: String {
        switch self {
        case .row(let id): "row \(id)"
        case .plain(let value): "p\(value)"
        case .other(let value): "\(value)"
        }
    }
}

/// The oracle's identity of an item (a plain enum, so dictionaries keyed by it stay cheap).
func oracleIdentity(_ item: AnyHashable) -> OracleIdentity {
    if let row = item.base as? Row { return .row(row.id) }
    if let plain = item.base as? Plain { return .plain(plain.value) }
    return .other(item)
}

// MARK: - The staging promise

/// Where each old section of a batch goes: its index after the batch, `-1` when it is deleted.
/// The batch must be valid for `oldCount` sections (the validator checks that first).
func newSectionIndices(of batch: BatchUpdate, oldCount: Int) -> [Int] {
    let newCount = oldCount - batch.deletedSections.count + batch.insertedSections.count
    var newIndexOfOld = [Int](repeating: -2, count: oldCount)
    var taken = [Bool](repeating: false, count: max(newCount, 0))
    for section in batch.deletedSections { newIndexOfOld[section] = -1 }
    for section in batch.insertedSections { taken[section] = true }
    for move in batch.movedSections {
        newIndexOfOld[move.source] = move.destination
        taken[move.destination] = true
    }
    var free = 0
    for old in 0..<oldCount where newIndexOfOld[old] == -2 {
        while taken[free] { free += 1 }
        newIndexOfOld[old] = free
        free += 1
    }
    return newIndexOfOld
}

/// What ``Changeset`` promises about every stage beyond UIKit's own rules, as a list of the
/// breaches found in one (valid) batch; empty when the batch keeps the promise:
/// 1. no reload or reconfigure of an item that the same batch moves;
/// 2. no reload or reconfigure in a section that a move leaves or enters in the same batch;
/// 3. no item insert, delete or move inside a section that the same batch moves;
/// 4. no reload or reconfigure in a batch that moves a section.
func stagingPromiseBreaches(_ batch: BatchUpdate, oldSectionCount: Int) -> [String] {
    var breaches: [String] = []
    let newIndexOfOld = newSectionIndices(of: batch, oldCount: oldSectionCount)
    let updates = batch.reloadedItems.map { ("reload", $0) } + batch.reconfiguredItems.map { ("reconfigure", $0) }
    let moveSources = Set(batch.movedItems.map(\.source))
    for (verb, path) in updates {
        if moveSources.contains(path) { breaches.append("\(verb) \(path) of an item that moves") }
        let newSection = newIndexOfOld[path.section]
        if let move = batch.movedItems.first(where: {
            $0.source.section == path.section || $0.destination.section == newSection
        }) {
            breaches.append(
                "\(verb) \(path) in a section that move \(move.source) -> \(move.destination) leaves or enters")
        }
        if let move = batch.movedSections.first {
            breaches.append("\(verb) \(path) beside move section \(move.source) -> \(move.destination)")
        }
    }
    for move in batch.movedSections {
        let inside =
            batch.deletedItems.filter { $0.section == move.source }.map { "delete \($0)" }
            + batch.insertedItems.filter { $0.section == move.destination }.map { "insert \($0)" }
            + batch.movedItems.filter { $0.source.section == move.source || $0.destination.section == move.destination }
            .map { "move \($0.source) -> \($0.destination)" }
        for change in inside {
            breaches.append("\(change) inside section \(move.source) -> \(move.destination), which moves")
        }
    }
    return breaches
}

/// Replays a changeset on `old` stage by stage and reports the first problem, or `nil`.
///
/// Each batch is validated and applied with ``BatchUpdate/apply(to:newSection:newRow:updatedRow:)``.
/// Inserted rows and sections come from the stage's snapshot (a data source supplies them), but an
/// updated row is computed from the *source* row: it becomes the value that `final` holds for the
/// same identity. Kept and moved rows are carried as they were, so a row whose content changed and
/// that no stage updates, or an update at the wrong index path, shows up as a mismatch. Every stage
/// must also keep the staging promise, and its result must equal the stage's snapshot.
///
/// - Returns: The first problem (`nil` when there is none), the identities of the rows a data source
///   supplied (inserted rows, and the rows of inserted and reloaded sections), and the identities of
///   the rows updated, once per update.
func replayFromSource(_ old: TestSnapshot, _ changeset: Changeset<Int, AnyHashable>, final: TestSnapshot)
    -> (problem: String?, supplied: [OracleIdentity], updated: [OracleIdentity])
{
    var supplied: [OracleIdentity] = []
    var updated: [OracleIdentity] = []
    let problem = replayFromSource(old, changeset, final: final, supplied: &supplied, updated: &updated)
    return (problem, supplied, updated)
}

private func replayFromSource(
    _ old: TestSnapshot, _ changeset: Changeset<Int, AnyHashable>, final: TestSnapshot,
    supplied: inout [OracleIdentity], updated: inout [OracleIdentity]
) -> String? {
    var finalByIdentity: [OracleIdentity: AnyHashable] = [:]
    for item in final.itemIdentifiers { finalByIdentity[oracleIdentity(item)] = item }
    var current = old
    for (number, stage) in changeset.stages.enumerated() {
        let label = "stage \(number + 1) of \(changeset.stages.count) (\(stage.batch))"
        let target = stage.snapshot
        let result: [(section: Int, rows: [AnyHashable])]
        do {
            let before = (0..<current.numberOfSections).map { current.numberOfItems(inSectionAt: $0) }
            let after = (0..<target.numberOfSections).map { target.numberOfItems(inSectionAt: $0) }
            try stage.batch.validate(itemCountsBefore: before, itemCountsAfter: after)
            result = try stage.batch.apply(
                to: contents(current).map { (section: $0.0, rows: $0.1) },
                newSection: { (index: Int) throws(BatchUpdateError) -> (section: Int, rows: [AnyHashable]) in
                    guard let section = target.sectionIdentifier(at: index) else {
                        throw BatchUpdateError(.missingTargetValue, "no section \(index)")
                    }
                    let rows = target.itemIdentifiers(inSection: section) ?? []
                    supplied += rows.map(oracleIdentity)
                    return (section, rows)
                },
                newRow: { (path: ListIndexPath) throws(BatchUpdateError) -> AnyHashable in
                    guard let item = target.itemIdentifier(at: path) else {
                        throw BatchUpdateError(.missingTargetValue, "no item \(path)")
                    }
                    supplied.append(oracleIdentity(item))
                    return item
                },
                updatedRow: { row, _, _ in
                    updated.append(oracleIdentity(row))
                    return finalByIdentity[oracleIdentity(row)] ?? row
                })
        } catch {
            return "\(label): \(error)"
        }
        let breaches = stagingPromiseBreaches(stage.batch, oldSectionCount: current.numberOfSections)
        if !breaches.isEmpty { return "\(label) breaks the staging promise: \(breaches.joined(separator: "; "))" }
        guard let replayed = try? makeSnapshot(result.map { ($0.section, $0.rows) }) else {
            return "\(label): the replay holds an identifier twice"
        }
        guard replayed == target else { return "\(label): replayed\n\(replayed)\nbut the stage reports\n\(target)" }
        current = replayed
    }
    guard current == final else { return "the last stage shows\n\(current)\nnot\n\(final)" }
    return nil
}

/// What a diff from `old` to `new` must do to each item of `new`, whatever its stages: the
/// identities a data source supplies (new items, items whose old or new section is not kept, and
/// every item of an inserted or reloaded section), and the identities updated (items kept in kept
/// sections whose content changed or that `new` marks). A section is kept when it is in both
/// snapshots and `new` does not mark it for reload.
func expectedKinds(from old: TestSnapshot, to new: TestSnapshot) -> (
    supplied: Set<OracleIdentity>, updated: Set<OracleIdentity>
) {
    let kept = Set(old.sectionIdentifiers).intersection(new.sectionIdentifiers).subtracting(
        new.reloadedSectionIdentifiers)
    var oldItems: [OracleIdentity: (section: Int, item: AnyHashable)] = [:]
    for (section, items) in contents(old) {
        for item in items { oldItems[oracleIdentity(item)] = (section, item) }
    }
    let marked = new.reloadedItemIdentifiers.union(new.reconfiguredItemIdentifiers)
    var supplied = Set<OracleIdentity>()
    var updated = Set<OracleIdentity>()
    for (section, items) in contents(new) {
        for item in items {
            let identity = oracleIdentity(item)
            guard kept.contains(section), let before = oldItems[identity], kept.contains(before.section) else {
                supplied.insert(identity)
                continue
            }
            if before.item != item || marked.contains(item) { updated.insert(identity) }
        }
    }
    return (supplied, updated)
}

// MARK: - Model-based random test

/// A snapshot as plain arrays: what the mutation API is checked against.
struct SnapshotModel {
    var sections: [Int] = []
    var items: [[Int]] = []
    var reloaded: Set<Int> = []
    var reconfigured: Set<Int> = []
    var reloadedSections: Set<Int> = []

    var allItems: [Int] { items.flatMap { $0 } }

    func place(of item: Int) -> (section: Int, item: Int)? {
        for (section, list) in items.enumerated() {
            if let index = list.firstIndex(of: item) { return (section, index) }
        }
        return nil
    }

    /// The first of `new` that is present or repeats, as the snapshot reports it.
    func firstDuplicate(_ new: [Int], in present: [Int]) -> Int? {
        var seen = Set(present)
        for value in new where !seen.insert(value).inserted { return value }
        return nil
    }

    mutating func dropMissingMarks() {
        let present = Set(allItems)
        reloaded.formIntersection(present)
        reconfigured.formIntersection(present)
        reloadedSections.formIntersection(sections)
    }
}

/// One call of the snapshot's mutation API, with arguments that may or may not be valid.
enum SnapshotMutation: CustomStringConvertible {
    case appendSections([Int])
    case insertSectionsBefore([Int], Int)
    case insertSectionsAfter([Int], Int)
    case deleteSections([Int])
    case moveSectionBefore(Int, Int)
    case moveSectionAfter(Int, Int)
    case reloadSections([Int])
    case appendItems([Int], toSection: Int?)
    case insertItemsBefore([Int], Int)
    case insertItemsAfter([Int], Int)
    case deleteItems([Int])
    case moveItemBefore(Int, Int)
    case moveItemAfter(Int, Int)
    case reloadItems([Int])
    case reconfigureItems([Int])
    case deleteAllItems
    case clearReloadMarks

    static let sectionUniverse = 0..<8
    static let itemUniverse = 0..<40

    static func random(using generator: inout SeededGenerator) -> SnapshotMutation {
        func section() -> Int { Int.random(in: sectionUniverse, using: &generator) }
        func item() -> Int { Int.random(in: itemUniverse, using: &generator) }
        func sections() -> [Int] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in section() } }
        func items() -> [Int] { (0..<Int.random(in: 0...4, using: &generator)).map { _ in item() } }
        switch Int.random(in: 0..<40, using: &generator) {
        case 0..<3: return .appendSections(sections())
        case 3: return .insertSectionsBefore(sections(), section())
        case 4: return .insertSectionsAfter(sections(), section())
        case 5: return .deleteSections(sections())
        case 6: return .moveSectionBefore(section(), section())
        case 7: return .moveSectionAfter(section(), section())
        case 8: return .reloadSections(sections())
        case 9..<16: return .appendItems(items(), toSection: Bool.random(using: &generator) ? nil : section())
        case 16..<19: return .insertItemsBefore(items(), item())
        case 19..<22: return .insertItemsAfter(items(), item())
        case 22..<26: return .deleteItems(items())
        case 26..<29: return .moveItemBefore(item(), item())
        case 29..<32: return .moveItemAfter(item(), item())
        case 32..<35: return .reloadItems(items())
        case 35..<38: return .reconfigureItems(items())
        case 38: return .deleteAllItems
        default: return .clearReloadMarks
        }
    }

    var description: String {
        switch self {
        case .appendSections(let s): "appendSections(\(s))"
        case .insertSectionsBefore(let s, let t): "insertSections(\(s), beforeSection: \(t))"
        case .insertSectionsAfter(let s, let t): "insertSections(\(s), afterSection: \(t))"
        case .deleteSections(let s): "deleteSections(\(s))"
        case .moveSectionBefore(let s, let t): "moveSection(\(s), beforeSection: \(t))"
        case .moveSectionAfter(let s, let t): "moveSection(\(s), afterSection: \(t))"
        case .reloadSections(let s): "reloadSections(\(s))"
        case .appendItems(let i, toSection: let s): "appendItems(\(i), toSection: \(s.map(String.init) ?? "nil"))"
        case .insertItemsBefore(let i, let x): "insertItems(\(i), beforeItem: \(x))"
        case .insertItemsAfter(let i, let x): "insertItems(\(i), afterItem: \(x))"
        case .deleteItems(let i): "deleteItems(\(i))"
        case .moveItemBefore(let i, let x): "moveItem(\(i), beforeItem: \(x))"
        case .moveItemAfter(let i, let x): "moveItem(\(i), afterItem: \(x))"
        case .reloadItems(let i): "reloadItems(\(i))"
        case .reconfigureItems(let i): "reconfigureItems(\(i))"
        case .deleteAllItems: "deleteAllItems()"
        case .clearReloadMarks: "clearReloadMarks()"
        }
    }

    /// Performs the mutation on a snapshot.
    func perform(on snapshot: inout Snapshot<Int, Int>) throws(SnapshotError) {
        switch self {
        case .appendSections(let s): try snapshot.appendSections(s)
        case .insertSectionsBefore(let s, let t): try snapshot.insertSections(s, beforeSection: t)
        case .insertSectionsAfter(let s, let t): try snapshot.insertSections(s, afterSection: t)
        case .deleteSections(let s): try snapshot.deleteSections(s)
        case .moveSectionBefore(let s, let t): try snapshot.moveSection(s, beforeSection: t)
        case .moveSectionAfter(let s, let t): try snapshot.moveSection(s, afterSection: t)
        case .reloadSections(let s): try snapshot.reloadSections(s)
        case .appendItems(let i, toSection: let s): try snapshot.appendItems(i, toSection: s)
        case .insertItemsBefore(let i, let x): try snapshot.insertItems(i, beforeItem: x)
        case .insertItemsAfter(let i, let x): try snapshot.insertItems(i, afterItem: x)
        case .deleteItems(let i): try snapshot.deleteItems(i)
        case .moveItemBefore(let i, let x): try snapshot.moveItem(i, beforeItem: x)
        case .moveItemAfter(let i, let x): try snapshot.moveItem(i, afterItem: x)
        case .reloadItems(let i): try snapshot.reloadItems(i)
        case .reconfigureItems(let i): try snapshot.reconfigureItems(i)
        case .deleteAllItems: snapshot.deleteAllItems()
        case .clearReloadMarks: snapshot.clearReloadMarks()
        }
    }

    /// Performs the mutation on the model; returns the error the snapshot must throw instead, in
    /// which case the model is unchanged.
    func perform(on model: inout SnapshotModel) -> SnapshotError? {
        func missingSection(_ sections: [Int]) -> SnapshotError? {
            sections.first { !model.sections.contains($0) }.map { SnapshotError(.sectionNotFound, identifier: $0) }
        }
        func missingItem(_ items: [Int]) -> SnapshotError? {
            let present = Set(model.allItems)
            return items.first { !present.contains($0) }.map { SnapshotError(.itemNotFound, identifier: $0) }
        }
        func insertSections(_ new: [Int], at index: Int) -> SnapshotError? {
            if let duplicate = model.firstDuplicate(new, in: model.sections) {
                return SnapshotError(.duplicateSection, identifier: duplicate)
            }
            model.sections.insert(contentsOf: new, at: index)
            model.items.insert(contentsOf: new.map { _ in [] }, at: index)
            return nil
        }
        func insertItems(_ new: [Int], section: Int, at index: Int) -> SnapshotError? {
            if let duplicate = model.firstDuplicate(new, in: model.allItems) {
                return SnapshotError(.duplicateItem, identifier: duplicate)
            }
            model.items[section].insert(contentsOf: new, at: index)
            return nil
        }
        func moveSection(_ section: Int, _ anchor: Int, after: Bool) -> SnapshotError? {
            if section == anchor { return SnapshotError(.sectionRelativeToItself, identifier: section) }
            if let error = missingSection([section, anchor]) { return error }
            let from = model.sections.firstIndex(of: section)!
            let items = model.items.remove(at: from)
            model.sections.remove(at: from)
            let to = model.sections.firstIndex(of: anchor)! + (after ? 1 : 0)
            model.sections.insert(section, at: to)
            model.items.insert(items, at: to)
            return nil
        }
        func moveItem(_ item: Int, _ anchor: Int, after: Bool) -> SnapshotError? {
            if item == anchor { return SnapshotError(.itemRelativeToItself, identifier: item) }
            if let error = missingItem([item, anchor]) { return error }
            let from = model.place(of: item)!
            model.items[from.section].remove(at: from.item)
            let to = model.place(of: anchor)!
            model.items[to.section].insert(item, at: to.item + (after ? 1 : 0))
            return nil
        }
        switch self {
        case .appendSections(let s):
            return insertSections(s, at: model.sections.count)
        case .insertSectionsBefore(let s, let t), .insertSectionsAfter(let s, let t):
            if s.contains(t) { return SnapshotError(.sectionRelativeToItself, identifier: t) }
            guard let index = model.sections.firstIndex(of: t) else {
                return SnapshotError(.sectionNotFound, identifier: t)
            }
            if case .insertSectionsAfter = self { return insertSections(s, at: index + 1) }
            return insertSections(s, at: index)
        case .deleteSections(let s):
            if let error = missingSection(s) { return error }
            let doomed = Set(s)
            for index in model.sections.indices.reversed() where doomed.contains(model.sections[index]) {
                model.sections.remove(at: index)
                model.items.remove(at: index)
            }
            model.dropMissingMarks()
            return nil
        case .moveSectionBefore(let s, let t): return moveSection(s, t, after: false)
        case .moveSectionAfter(let s, let t): return moveSection(s, t, after: true)
        case .reloadSections(let s):
            if let error = missingSection(s) { return error }
            model.reloadedSections.formUnion(s)
            return nil
        case .appendItems(let i, toSection: let s):
            let section: Int
            if let s {
                guard let index = model.sections.firstIndex(of: s) else {
                    return SnapshotError(.sectionNotFound, identifier: s)
                }
                section = index
            } else {
                guard !model.sections.isEmpty else { return SnapshotError(.noSections, identifier: nil) }
                section = model.sections.count - 1
            }
            return insertItems(i, section: section, at: model.items[section].count)
        case .insertItemsBefore(let i, let x), .insertItemsAfter(let i, let x):
            if i.contains(x) { return SnapshotError(.itemRelativeToItself, identifier: x) }
            guard let place = model.place(of: x) else { return SnapshotError(.itemNotFound, identifier: x) }
            if case .insertItemsAfter = self { return insertItems(i, section: place.section, at: place.item + 1) }
            return insertItems(i, section: place.section, at: place.item)
        case .deleteItems(let i):
            if let error = missingItem(i) { return error }
            let doomed = Set(i)
            model.items = model.items.map { $0.filter { !doomed.contains($0) } }
            model.dropMissingMarks()
            return nil
        case .moveItemBefore(let i, let x): return moveItem(i, x, after: false)
        case .moveItemAfter(let i, let x): return moveItem(i, x, after: true)
        case .reloadItems(let i):
            if let error = missingItem(i) { return error }
            model.reloaded.formUnion(i)
            return nil
        case .reconfigureItems(let i):
            if let error = missingItem(i) { return error }
            model.reconfigured.formUnion(i)
            return nil
        case .deleteAllItems:
            model = SnapshotModel()
            return nil
        case .clearReloadMarks:
            model.reloaded = []
            model.reconfigured = []
            model.reloadedSections = []
            return nil
        }
    }
}

/// The differences between a snapshot and the model, read through every lookup; empty when they agree.
func disagreements(_ snapshot: Snapshot<Int, Int>, _ model: SnapshotModel) -> [String] {
    var found: [String] = []
    func check(_ holds: Bool, _ what: @autoclosure () -> String) { if !holds { found.append(what()) } }
    check(snapshot.sectionIdentifiers == model.sections, "sections \(snapshot.sectionIdentifiers) != \(model.sections)")
    check(snapshot.itemIdentifiers == model.allItems, "items \(snapshot.itemIdentifiers) != \(model.allItems)")
    check(snapshot.numberOfSections == model.sections.count && snapshot.numberOfItems == model.allItems.count, "counts")
    for section in SnapshotMutation.sectionUniverse {
        let index = model.sections.firstIndex(of: section)
        check(snapshot.indexOfSection(section) == index, "indexOfSection(\(section))")
        check(
            snapshot.itemIdentifiers(inSection: section) == index.map { model.items[$0] },
            "itemIdentifiers(inSection: \(section))")
        check(
            snapshot.numberOfItems(inSection: section) == index.map { model.items[$0].count },
            "numberOfItems(inSection: \(section))")
        if let index { check(snapshot.sectionIdentifier(at: index) == section, "sectionIdentifier(at: \(index))") }
    }
    let flat = model.allItems
    for item in SnapshotMutation.itemUniverse {
        let place = model.place(of: item)
        check(snapshot.indexOfItem(item) == flat.firstIndex(of: item), "indexOfItem(\(item))")
        check(snapshot.contains(item) == (place != nil), "contains(\(item))")
        check(
            snapshot.indexPath(of: item) == place.map { ListIndexPath(item: $0.item, section: $0.section) },
            "indexPath(of: \(item))")
        check(
            snapshot.sectionIdentifier(containingItem: item) == place.map { model.sections[$0.section] },
            "sectionIdentifier(containingItem: \(item))")
        if let place {
            check(
                snapshot.itemIdentifier(at: ListIndexPath(item: place.item, section: place.section)) == item,
                "itemIdentifier(at:) of \(item)")
        }
    }
    check(
        snapshot.reloadedItemIdentifiers == model.reloaded,
        "reloaded \(snapshot.reloadedItemIdentifiers) != \(model.reloaded)")
    check(
        snapshot.reconfiguredItemIdentifiers == model.reconfigured,
        "reconfigured \(snapshot.reconfiguredItemIdentifiers) != \(model.reconfigured)")
    check(snapshot.reloadedSectionIdentifiers == model.reloadedSections, "reloaded sections")
    return found
}
