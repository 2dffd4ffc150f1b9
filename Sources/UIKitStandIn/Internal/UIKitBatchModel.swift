// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The model is the stand-in's own judge of batches, and the fuzz targets' oracle; not API: behind
// `@_spi(Simulation)`, its members are named for what they hold.)
import DiffableStore

/// How UIKit reads one batch of updates, modelled on its own: written from the rules UIKit documents
/// and enforces (the list in `BatchUpdate.validate(itemCountsBefore:itemCountsAfter:)`'s documentation
/// and the facts gathered for the text host), not from the library's validator, so that the validator,
/// the text host and the diff can each be checked against it.
///
/// The model decides whether a batch is accepted for given counts and, when it is, where every row of
/// the result comes from. It says *why* a batch is rejected only in words, for failure messages: the
/// order in which the library reports rules is its own business. The stand-in list views judge every
/// batch with it (never with the library's validator, which they are there to check), and the fuzz
/// targets use it as their oracle.
@_spi(Simulation)
public struct UIKitBatchModel: Sendable {
    /// Where a row after the batch comes from.
    public enum Source: Hashable, Sendable {
        /// The row at this old index path, carried by the rows around it (neither deleted nor moved).
        case kept(ListIndexPath)
        /// The row at this old index path, moved here.
        case moved(ListIndexPath)
        /// A row the data source supplies: an insert.
        case inserted
    }

    /// For each section after the batch: `nil` when the data source supplies all of its rows (an
    /// inserted section, or the new place of a reloaded one), else the source of each row.
    public let rows: [[Source]?]
    /// For each section after the batch, its index before (`nil` for an inserted section).
    public let oldSectionOfNew: [Int?]
    /// Old index paths reloaded (replaced by a row from the data source in the same place).
    public let reloaded: Set<ListIndexPath>
    /// Old index paths reconfigured (the same row, configured again wherever it goes).
    public let reconfigured: Set<ListIndexPath>

    /// Checks `batch` against the item counts before and after it.
    ///
    /// - Returns: The model of the accepted batch, or why UIKit rejects it.
    public static func read(_ batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int]) -> Result<
        UIKitBatchModel, Rejection
    > {
        do {
            return .success(try UIKitBatchModel(batch, countsBefore: countsBefore, countsAfter: countsAfter))
        } catch {
            return .failure(error)
        }
    }

    /// Why UIKit rejects a batch, in words.
    public struct Rejection: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Where each old section goes when the section part of `batch` is accepted for `oldCount` sections
    /// before and `newCount` after: its new index, or `nil` when it is deleted. The counts of items play
    /// no part in this.
    public static func newSections(of batch: BatchUpdate, oldCount: Int, newCount: Int) -> Result<[Int?], Rejection> {
        do {
            return .success(try sectionMap(batch, oldCount: oldCount, newCount: newCount))
        } catch {
            return .failure(error)
        }
    }

    /// The number of rows each section has after `batch` when the data source keeps to it: for a
    /// section that carries rows, the rows kept plus those inserted and moved in; for one the data
    /// source fills, `supplied(section)`. `nil` when the section part is rejected.
    public static func countsAfter(
        _ batch: BatchUpdate, countsBefore: [Int], newCount: Int,
        supplied: (Int) -> Int
    ) -> [Int]? {
        guard case .success(let map) = newSections(of: batch, oldCount: countsBefore.count, newCount: newCount) else {
            return nil
        }
        var counts = [Int](repeating: 0, count: newCount)
        var fromDataSource = [Bool](repeating: true, count: newCount)
        for (old, new) in map.enumerated() {
            guard let new else { continue }
            if !batch.reloadedSections.contains(old) {
                fromDataSource[new] = false
                counts[new] = countsBefore[old]
            }
        }
        for path in batch.deletedItems where countsBefore.indices.contains(path.section) {
            if let new = map[path.section], !fromDataSource[new] { counts[new] -= 1 }
        }
        for move in batch.movedItems {
            if countsBefore.indices.contains(move.source.section), let new = map[move.source.section],
                !fromDataSource[new]
            {
                counts[new] -= 1
            }
            if counts.indices.contains(move.destination.section), !fromDataSource[move.destination.section] {
                counts[move.destination.section] += 1
            }
        }
        for path in batch.insertedItems where counts.indices.contains(path.section) && !fromDataSource[path.section] {
            counts[path.section] += 1
        }
        for section in 0..<newCount where fromDataSource[section] { counts[section] = supplied(section) }
        return counts
    }

    // MARK: Reading a batch

    static func sectionMap(_ batch: BatchUpdate, oldCount: Int, newCount: Int) throws(Rejection) -> [Int?] {
        let old = 0..<oldCount
        let new = 0..<newCount
        for section in batch.deletedSections + batch.reloadedSections + batch.movedSections.map(\.source)
        where !old.contains(section) {
            throw Rejection("section \(section) is not among the \(oldCount) sections before the update")
        }
        for section in batch.insertedSections + batch.movedSections.map(\.destination) where !new.contains(section) {
            throw Rejection("section \(section) is not among the \(newCount) sections after the update")
        }
        // Each old section leaves at most once (a delete or a move); each new place is filled at most
        // once (an insert or a move).
        var leaving = [Int](repeating: 0, count: oldCount)
        for section in batch.deletedSections + batch.movedSections.map(\.source) { leaving[section] += 1 }
        if let section = leaving.firstIndex(where: { $0 > 1 }) {
            throw Rejection("section \(section) is deleted or moved more than once")
        }
        var arriving = [Int](repeating: 0, count: newCount)
        for section in batch.insertedSections + batch.movedSections.map(\.destination) { arriving[section] += 1 }
        if let section = arriving.firstIndex(where: { $0 > 1 }) {
            throw Rejection("section \(section) is the target of more than one insert or move")
        }
        if let section = batch.reloadedSections.first(where: { leaving[$0] > 0 }) {
            throw Rejection("section \(section) is reloaded and also deleted or moved")
        }
        guard newCount == oldCount - batch.deletedSections.count + batch.insertedSections.count else {
            throw Rejection(
                "Invalid update: invalid number of sections. The number of sections contained after the update "
                    + "(\(newCount)) must be equal to the number of sections contained before the update "
                    + "(\(oldCount)), plus or minus the number of sections inserted or deleted "
                    + "(\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted).")
        }
        // Moved sections take their places; the others keep their order in the free places.
        var map = [Int?](repeating: nil, count: oldCount)
        for move in batch.movedSections { map[move.source] = move.destination }
        var free = (0..<newCount).filter { arriving[$0] == 0 }[...]
        for section in 0..<oldCount where leaving[section] == 0 { map[section] = free.popFirst() }
        return map
    }

    init(_ batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int]) throws(Rejection) {
        if let count = (countsBefore + countsAfter).first(where: { $0 < 0 }) {
            throw Rejection("a section has \(count) items")
        }
        let map = try Self.sectionMap(batch, oldCount: countsBefore.count, newCount: countsAfter.count)
        let reloadedSections = Set(batch.reloadedSections)
        // A new section fills from the data source when it is inserted or a reloaded section's new place.
        var oldSectionOfNew = [Int?](repeating: nil, count: countsAfter.count)
        for (old, new) in map.enumerated() { if let new { oldSectionOfNew[new] = old } }
        func suppliedByDataSource(_ new: Int) -> Bool {
            guard let old = oldSectionOfNew[new] else { return true }
            return reloadedSections.contains(old)
        }
        func keptOld(_ section: Int) -> Bool { map[section] != nil && !reloadedSections.contains(section) }

        // Ranges, in the coordinates of each kind of change.
        func isOld(_ path: ListIndexPath) -> Bool {
            countsBefore.indices.contains(path.section) && (0..<countsBefore[path.section]).contains(path.item)
        }
        func isNew(_ path: ListIndexPath) -> Bool {
            countsAfter.indices.contains(path.section) && (0..<countsAfter[path.section]).contains(path.item)
        }
        let sources =
            batch.deletedItems + batch.reloadedItems + batch.reconfiguredItems + batch.movedItems.map(\.source)
        if let path = sources.first(where: { !isOld($0) }) {
            throw Rejection("\(path) is not an index path before the update")
        }
        let targets = batch.insertedItems + batch.movedItems.map(\.destination)
        if let path = targets.first(where: { !isNew($0) }) {
            throw Rejection("\(path) is not an index path after the update")
        }

        // Item changes in sections that go or are taken anew.
        if let path = sources.first(where: { !keptOld($0.section) }) {
            throw Rejection("item \(path) is changed or moved in a section that is deleted or reloaded")
        }
        if let path = targets.first(where: { suppliedByDataSource($0.section) }) {
            throw Rejection("item \(path) is inserted or moved into a section the data source fills")
        }

        // Each old row leaves at most once; each new place is filled at most once.
        let leavingRows = batch.deletedItems + batch.movedItems.map(\.source)
        if Set(leavingRows).count != leavingRows.count { throw Rejection("an item is deleted or moved twice") }
        if Set(targets).count != targets.count { throw Rejection("two inserts or moves target one index path") }
        let left = Set(leavingRows)
        if let path = batch.reloadedItems.first(where: { left.contains($0) }) {
            throw Rejection("item \(path) is reloaded and also deleted or moved")
        }
        let deleted = Set(batch.deletedItems)
        if let path = batch.reconfiguredItems.first(where: { deleted.contains($0) }) {
            throw Rejection("item \(path) is reconfigured and deleted")
        }
        let reloadedItems = Set(batch.reloadedItems)
        if let path = batch.reconfiguredItems.first(where: { reloadedItems.contains($0) }) {
            throw Rejection("item \(path) is reloaded and reconfigured")
        }
        // A reload is a delete plus an insert that UIKit places ignoring the moves.
        for path in batch.reloadedItems {
            let newSection = map[path.section]
            if batch.movedItems.contains(where: {
                $0.source.section == path.section || $0.destination.section == newSection
            }) {
                throw Rejection("item \(path) is reloaded in a section that a move leaves or enters")
            }
        }

        // Rows: in each carried section, moved-in and inserted rows take their places, and the rows
        // that stay fill the others in their order. The count must come out exactly.
        var rows = [[Source]?](repeating: nil, count: countsAfter.count)
        var arrivals: [Int: [(item: Int, source: Source)]] = [:]
        for path in batch.insertedItems { arrivals[path.section, default: []].append((path.item, .inserted)) }
        for move in batch.movedItems {
            arrivals[move.destination.section, default: []].append((move.destination.item, .moved(move.source)))
        }
        for new in countsAfter.indices where !suppliedByDataSource(new) {
            let old = oldSectionOfNew[new]!
            var slots = [Source?](repeating: nil, count: countsAfter[new])
            for arrival in arrivals[new] ?? [] { slots[arrival.item] = arrival.source }
            let staying = (0..<countsBefore[old]).map { ListIndexPath(item: $0, section: old) }.filter {
                !left.contains($0)
            }
            let free = slots.indices.filter { slots[$0] == nil }
            guard free.count == staying.count else {
                // UIKit's words (`NSInternalInconsistencyException`).
                throw Rejection(
                    "Invalid update: invalid number of items in section \(new). The number of items contained in an "
                        + "existing section after the update (\(countsAfter[new])) must be equal to the number of "
                        + "items contained in that section before the update (\(countsBefore[old])), plus or minus "
                        + "the number of items inserted or deleted from that section "
                        + "(\(batch.insertedItems.filter { $0.section == new }.count) inserted, "
                        + "\(batch.deletedItems.filter { $0.section == old }.count) deleted) and plus or minus the "
                        + "number of items moved into or out of that section "
                        + "(\(batch.movedItems.filter { $0.destination.section == new }.count) moved in, "
                        + "\(batch.movedItems.filter { $0.source.section == old }.count) moved out).")
            }
            for (slot, path) in zip(free, staying) { slots[slot] = .kept(path) }
            rows[new] = slots.map { $0! }
        }
        self.rows = rows
        self.oldSectionOfNew = oldSectionOfNew
        self.reloaded = Set(batch.reloadedItems)
        self.reconfigured = Set(batch.reconfiguredItems)
    }

    // MARK: Using an accepted batch

    /// What a reloaded or reconfigured row becomes.
    public enum Update: Sendable { case reload, reconfigure }

    /// The rows after the batch, from the rows before it: carried rows are taken from `old` (through
    /// `updated` when the batch reloads or reconfigures them), the others from the data source.
    ///
    /// - Parameters:
    ///   - old: The rows before the batch, per section.
    ///   - newSection: The rows of a section the data source fills, by its new index.
    ///   - newRow: An inserted row, by its new index path.
    ///   - updated: A carried row that is reloaded or reconfigured, given its new index path.
    public func replay<Row>(
        _ old: [[Row]], newSection: (Int) -> [Row], newRow: (ListIndexPath) -> Row,
        updated: (Row, ListIndexPath, Update) -> Row
    ) -> [[Row]] {
        rows.enumerated().map { section, sources in
            guard let sources else { return newSection(section) }
            return sources.enumerated().map { item, source in
                let path = ListIndexPath(item: item, section: section)
                switch source {
                case .inserted:
                    return newRow(path)
                case .kept(let from), .moved(let from):
                    let row = old[from.section][from.item]
                    if reloaded.contains(from) { return updated(row, path, .reload) }
                    if reconfigured.contains(from) { return updated(row, path, .reconfigure) }
                    return row
                }
            }
        }
    }

    /// Where the row at an old index path is after the batch; `nil` when it is deleted or its section
    /// is deleted or reloaded. A reloaded row keeps its place.
    public func newIndexPath(ofOld path: ListIndexPath) -> ListIndexPath? {
        for (section, sources) in rows.enumerated() {
            guard let sources else { continue }
            for (item, source) in sources.enumerated() {
                switch source {
                case .kept(let from) where from == path, .moved(let from) where from == path:
                    return ListIndexPath(item: item, section: section)
                default:
                    continue
                }
            }
        }
        return nil
    }
}
