@_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitText
@_spi(Testing) import DiffableStore
import Testing

/// A message: matched by `id`, its text may change under it.
private struct CostMessage: Hashable, Identifiable {
    var id: Int
    var text: String
}

/// A message that is not `Identifiable`: a changed text is another item.
private struct CostPlain: Hashable {
    var number: Int
    var text: String
}

/// A value handed to `await apply`'s `sending` parameter while the test keeps a copy to compare with
/// (a snapshot is a copy-on-write value; the apply only reads it).
private struct Handed<Value>: @unchecked Sendable {
    let value: Value
}

/// The value in a hand-over, as a value the caller may send.
private nonisolated func takeOver<Value>(_ handed: Handed<Value>) -> sending Value { handed.value }

/// Issue 37, items 4 and 5: after the diff, an apply costs what changed. A small edit to a large list, made on
/// the snapshot the data source hands out, is counted step by step (never timed): the data source's
/// checks, the item table the host reads, the card positions, and the text host's height tree.
@Suite("An apply after the diff costs what changed")
@MainActor
struct ApplyCostTests {
    /// 200,000 messages in 100 sections on an 80×10 text host, cards that read their position and sized by a
    /// calculation (so the size cache holds entries), shown and scrolled to the middle.
    ///
    /// - Parameter identifiable: Whether the messages are `Identifiable` (`CostMessage`) or not (`CostPlain`).
    static func makeScreen(identifiable: Bool = true) throws -> (
        list: TextListView, dataSource: UniversalDataSource<Int>
    ) {
        let list = TextListView(width: 80, height: 10)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(
            itemType: CostMessage.self, cellType: TextCell.self, sizing: .calculated { _, _ in 1 }
        ) { cell, context, message in
            cell.text = "\(context.position) \(message.text)"
        }
        dataSource.registerCell(
            itemType: CostPlain.self, cellType: TextCell.self, sizing: .calculated { _, _ in 1 }
        ) { cell, context, message in
            cell.text = "\(context.position) \(message.text)"
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections(Array(0..<100))
        for section in 0..<100 {
            try snapshot.appendItems(
                (0..<2_000).map {
                    identifiable
                        ? AnyHashable(CostMessage(id: section * 2_000 + $0, text: "m\($0)"))
                        : AnyHashable(CostPlain(number: section * 2_000 + $0, text: "m\($0)"))
                },
                toSection: section)
        }
        try dataSource.apply(snapshot, animatingDifferences: false)
        list.scroll(toLine: list.contentHeight / 2)
        _ = list.render()
        return (list, dataSource)
    }

    /// The visible items' index paths, top first.
    static func firstVisible(_ list: TextListView) throws -> ListIndexPath {
        try #require(list.indexPathsForVisibleItems.min())
    }

    /// The data source's snapshot with one small edit near the visible rows (or, for a move, from far away).
    static func edited(_ kind: String, _ list: TextListView, _ dataSource: UniversalDataSource<Int>) throws -> Snapshot<
        Int, AnyHashable
    > {
        let visible = try firstVisible(list)
        let shown = dataSource.snapshot()
        let here = try #require(
            shown.itemIdentifier(at: ListIndexPath(item: visible.item + 2, section: visible.section)))
        let far = try #require(shown.itemIdentifier(at: ListIndexPath(item: 5, section: 3)))
        var edited = dataSource.snapshot()
        let new: AnyHashable =
            here.base is CostMessage ? CostMessage(id: -1, text: "new") : CostPlain(number: -1, text: "new")
        switch kind {
        case "insert": try edited.insertItems([new], afterItem: here)
        case "delete": try edited.deleteItems([here])
        case "move": try edited.moveItem(far, afterItem: here)
        case "reconfigure": try edited.reconfigureItems([here])
        default:
            let changed: AnyHashable =
                if let message = here.base as? CostMessage {
                    CostMessage(id: message.id, text: "changed")
                } else {
                    CostPlain(number: try #require(here.base as? CostPlain).number, text: "changed")
                }
            try edited.insertItems([changed], beforeItem: here)
            try edited.deleteItems([here])
        }
        return edited
    }

    /// The counts of one small edit's apply: every step after the diff touches O(k log n + visible) entries.
    static func expectSmallCost(
        _ kind: String, _ list: TextListView, _ dataSource: UniversalDataSource<Int>,
        edited: Snapshot<Int, AnyHashable>,
        before: _WorkCounts, misses: Int, rendered: String
    ) {
        let after = dataSource._workCounts
        #expect(dataSource.snapshot() == edited)
        #expect(after.diffs == before.diffs + 1)
        // The checks read the items the changeset adds or removes, not the list.
        #expect(after.itemsChecked - before.itemsChecked <= 2, "\(after.itemsChecked - before.itemsChecked) checked")
        #expect(
            after.identitiesRead - before.identitiesRead <= 2, "\(after.identitiesRead - before.identitiesRead) ids")
        // No item's type is read to check one of each type (the async apply's check of a whole snapshot).
        #expect(after.itemTypesRead == before.itemTypesRead, "\(after.itemTypesRead - before.itemTypesRead) types")
        // Card positions: the ends of the (at most two) sections the batch changed, before and after.
        #expect(after.positionChecks - before.positionChecks <= 8)
        // The item table the host reads is the snapshot's own storage: no item is copied out of it.
        #expect(after.storeItemsRead == before.storeItemsRead, "\(after.storeItemsRead - before.storeItemsRead) read")
        // Sizes: the visible rows at most are calculated again, not the list.
        #expect(dataSource.sizingStatistics.misses - misses <= 12)
        // The height tree: one descent (5 blocks here) per row changed and a few per visible row.
        let blocks = list.rows.heights.blocksTouched
        #expect(blocks <= (4 + 10 * 10) * (list.rows.heights.levels + 1), "touched \(blocks) blocks")
        #expect(rendered.contains(kind == "content" ? "changed" : "m"))
        #expect(dataSource._checkInvariants() == [])
    }

    nonisolated static let kinds = ["insert", "delete", "move", "reconfigure", "content"]

    @Test(
        "one small edit to 200,000 items touches O(k log n + visible) entries in every step after the diff",
        arguments: kinds, [true, false])
    func smallEdit(kind: String, identifiable: Bool) throws {
        let (list, dataSource) = try Self.makeScreen(identifiable: identifiable)
        let edited = try Self.edited(kind, list, dataSource)
        let before = dataSource._workCounts
        list.rows.heights.work.blocks = 0
        let misses = dataSource.sizingStatistics.misses
        try dataSource.apply(edited)
        let rendered = list.render()
        Self.expectSmallCost(kind, list, dataSource, edited: edited, before: before, misses: misses, rendered: rendered)
    }

    @Test(
        "await apply of one small edit to 200,000 items: the diff from the record, and every step after it, cost what changed",
        arguments: kinds, [true, false])
    func smallEditAsync(kind: String, identifiable: Bool) async throws {
        let (list, dataSource) = try Self.makeScreen(identifiable: identifiable)
        let edited = try Self.edited(kind, list, dataSource)
        // The off-main diff answers from the edited snapshot's record of its edits (a reconfigure mark
        // alone leaves no record: the full diff finds the storage shared, and the mark).
        if kind != "reconfigure" { #expect(Changeset._recordWork(from: dataSource.snapshot(), to: edited) != nil) }
        let before = dataSource._workCounts
        list.rows.heights.work.blocks = 0
        let misses = dataSource.sizingStatistics.misses
        try await dataSource.apply(takeOver(Handed(value: edited)))
        let rendered = list.render()
        Self.expectSmallCost(kind, list, dataSource, edited: edited, before: before, misses: misses, rendered: rendered)
    }

    @Test("an async apply overtaken by another apply checks the type of every item, read off the main actor")
    func overtakenAsyncApplyChecksEveryType() async throws {
        let (list, dataSource) = try Self.makeScreen()
        let edited = try Self.edited("insert", list, dataSource)
        let other = try Self.edited("delete", list, dataSource)
        dataSource._afterAsyncDiff = { try? dataSource.applySynchronously(other) }
        let before = dataSource._workCounts
        try await dataSource.apply(takeOver(Handed(value: edited)))
        dataSource._afterAsyncDiff = nil
        let after = dataSource._workCounts
        #expect(after.itemTypesRead - before.itemTypesRead == edited.numberOfItems)
        #expect(after.diffs - before.diffs == 3, "the async diff, the sync one, the async one again")
        #expect(dataSource.snapshot() == edited)
        #expect(dataSource._checkInvariants() == [])
    }

    @Test(
        "the snapshot on screen is kept in runs: the first edit of the data source's snapshot copies a run, not the list"
    )
    func firstEditCopiesOneRun() throws {
        // `makeScreen` applies a snapshot built by appends (flat): the data source keeps it in runs.
        let (_, dataSource) = try Self.makeScreen()
        let shown = dataSource.snapshot()
        let here = try #require(shown.itemIdentifier(at: ListIndexPath(item: 1_000, section: 50)))
        let far = try #require(shown.itemIdentifier(at: ListIndexPath(item: 5, section: 3)))
        var edited = dataSource.snapshot()
        edited._resetWork()
        try edited.insertItems([CostMessage(id: -1, text: "new")], afterItem: here)
        // One run of at most 512 items changes (a split writes 513): not the 200,000 items of the list,
        // which a flat snapshot on screen made its copy split into runs at this first edit.
        #expect(edited._work.itemsShifted <= 513, "\(edited._work)")
        #expect(edited._work.indexRebuilds == 0)
        try dataSource.apply(edited)
        // The edited copy is shown as it is (in runs): the next copy's first edit changes two runs.
        var next = dataSource.snapshot()
        next._resetWork()
        try next.moveItem(far, afterItem: here)
        #expect(next._work.itemsShifted <= 2 * 513, "\(next._work)")
        try dataSource.apply(next)
        #expect(dataSource.snapshot() == next && dataSource.snapshot().indexOfItem(far) == next.indexOfItem(here)! + 1)
        #expect(dataSource._checkInvariants() == [])
    }

    @Test(
        "an apply shows a snapshot built anew as it is; the first snapshot() after it keeps it in runs, once"
    )
    func runsAreMadeWhenTheSnapshotIsTaken() throws {
        let (_, dataSource) = try Self.makeScreen()
        // `makeScreen` applied a snapshot built by appends: shown flat, nothing copied (the next full
        // diff against another snapshot built anew reads it as one array).
        #expect(dataSource._workCounts.itemsKeptInRuns == 0)
        var edited = dataSource.snapshot()
        #expect(dataSource._workCounts.itemsKeptInRuns == 200_000)
        _ = dataSource.snapshot()
        #expect(dataSource._workCounts.itemsKeptInRuns == 200_000)
        let here = try #require(edited.itemIdentifier(at: ListIndexPath(item: 7, section: 9)))
        try edited.insertItems([CostMessage(id: -1, text: "new")], afterItem: here)
        try dataSource.apply(edited)
        // The edited copy is in runs: taking it again copies nothing.
        _ = dataSource.snapshot()
        #expect(dataSource._workCounts.itemsKeptInRuns == 200_000)
        // Another snapshot built anew is shown flat again, and applying it copies nothing either.
        var rebuilt = Snapshot<Int, AnyHashable>()
        try rebuilt.appendSections(Array(0..<100))
        for section in 0..<100 {
            try rebuilt.appendItems(
                (0..<50).map { AnyHashable(CostMessage(id: section * 2_000 + $0, text: "m\($0)")) },
                toSection: section)
        }
        try dataSource.apply(rebuilt)
        #expect(dataSource._workCounts.itemsKeptInRuns == 200_000)
        #expect(dataSource.snapshot() == rebuilt)
        #expect(dataSource._workCounts.itemsKeptInRuns == 205_000)
        #expect(dataSource._checkInvariants() == [])
    }

    @Test(
        "an identity lookup reads the list once; applies after it carry the index through what they change",
        arguments: [false, true])
    func identityLookupReadsOnce(async: Bool) async throws {
        let (list, dataSource) = try Self.makeScreen()
        var read = dataSource._workCounts.storeItemsRead
        // Each round: a message's content changes (a reconfigure), as it does under an open swipe or menu.
        for round in 0..<3 {
            let visible = try Self.firstVisible(list)
            let old = try #require(dataSource.snapshot().itemIdentifier(at: visible))
            let message = try #require(old.base as? CostMessage)
            var edited = dataSource.snapshot()
            let new = CostMessage(id: message.id, text: "changed \(round)")
            try edited.insertItems([new], beforeItem: old)
            try edited.deleteItems([old])
            if async {
                try await dataSource.apply(takeOver(Handed(value: edited)))
            } else {
                try dataSource.applySynchronously(edited)
            }
            // The apply reads no item out of the list; carrying a made index reads the two it changed.
            #expect(dataSource._workCounts.storeItemsRead - read <= (round == 0 ? 0 : 2))
            read = dataSource._workCounts.storeItemsRead
            // A swipe or a menu names the item as it was: found by identity, with a pass over the list the
            // first time only.
            #expect(dataSource._currentItem(for: old) == AnyHashable(new))
            #expect(dataSource._currentItem(for: old) == AnyHashable(new))
            #expect(dataSource._workCounts.storeItemsRead - read == (round == 0 ? 200_000 : 0))
            read = dataSource._workCounts.storeItemsRead
            #expect(dataSource._checkInvariants() == [])
        }
        // A reload (not animated) makes the index again on the next lookup.
        let shown = dataSource.snapshot()
        let old = try #require(shown.itemIdentifier(at: ListIndexPath(item: 0, section: 0)))
        var reloaded = shown
        let new = CostMessage(id: try #require(old.base as? CostMessage).id, text: "reloaded")
        try reloaded.insertItems([new], beforeItem: old)
        try reloaded.deleteItems([old])
        try dataSource.applySynchronously(reloaded, animatingDifferences: false)
        #expect(dataSource._currentItem(for: old) == AnyHashable(new))
        #expect(dataSource._workCounts.storeItemsRead - read == 200_000)
    }

    @Test("a row the user moved keeps the ids and the identity index: the next apply and lookup read no list")
    func userMoveKeepsIndexes() throws {
        let (list, dataSource) = try Self.makeScreen()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // A lookup makes the identity index once.
        let visible = try Self.firstVisible(list)
        let first = try #require(dataSource.snapshot().itemIdentifier(at: visible))
        var changed = dataSource.snapshot()
        let firstNew = CostMessage(id: try #require(first.base as? CostMessage).id, text: "changed")
        try changed.insertItems([firstNew], beforeItem: first)
        try changed.deleteItems([first])
        try dataSource.apply(changed)
        #expect(dataSource._currentItem(for: first) == AnyHashable(firstNew))
        // The user drags a row one place down.
        let moved = try #require(dataSource.snapshot().itemIdentifier(at: visible))
        #expect(list.beginMove(visible))
        _ = list.moveDrag(to: ListIndexPath(item: visible.item + 1, section: visible.section))
        #expect(try list.endMove())
        #expect(
            dataSource.snapshot().indexPath(of: moved)
                == ListIndexPath(item: visible.item + 1, section: visible.section))
        // Then a small apply and a lookup: what changed is read, not the list.
        let before = dataSource._workCounts
        let old = try #require(
            dataSource.snapshot().itemIdentifier(at: ListIndexPath(item: 3, section: visible.section)))
        var edited = dataSource.snapshot()
        let new = CostMessage(id: try #require(old.base as? CostMessage).id, text: "again")
        try edited.insertItems([new], beforeItem: old)
        try edited.deleteItems([old])
        // An inserted `Identifiable` item: its `id` is checked against those held for the list.
        try edited.insertItems([CostMessage(id: -5, text: "inserted")], afterItem: new)
        try dataSource.apply(edited)
        #expect(dataSource._currentItem(for: old) == AnyHashable(new))
        #expect(dataSource._currentItem(for: first) == AnyHashable(firstNew))
        let after = dataSource._workCounts
        // Three items changed (one removed, two added): each is read once by the check and by the index.
        #expect(
            after.identitiesRead - before.identitiesRead <= 3, "\(after.identitiesRead - before.identitiesRead) ids")
        #expect(
            after.storeItemsRead - before.storeItemsRead <= 3, "\(after.storeItemsRead - before.storeItemsRead) read")
        #expect(dataSource._checkInvariants() == [])
    }
}
