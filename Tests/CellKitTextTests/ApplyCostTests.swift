@_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitText
@_spi(Testing) import DiffableStore
import Testing

/// A message: matched by `id`, its text may change under it.
private struct CostMessage: Hashable, Identifiable {
    var id: Int
    var text: String
}

/// Issue 37, item 4: after the diff, an apply costs what changed. A small edit to a large list, made on
/// the snapshot the data source hands out, is counted step by step (never timed): the data source's
/// checks, the item table the host reads, the card positions, and the text host's height tree.
@Suite("An apply after the diff costs what changed")
@MainActor
struct ApplyCostTests {
    /// 200,000 messages in 100 sections on an 80×10 text host, cards that read their position and sized by a
    /// calculation (so the size cache holds entries), shown and scrolled to the middle.
    static func makeScreen() throws -> (list: TextListView, dataSource: UniversalDataSource<Int>) {
        let list = TextListView(width: 80, height: 10)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(
            itemType: CostMessage.self, cellType: TextCell.self, sizing: .calculated { _, _ in 1 }
        ) { cell, context, message in
            cell.text = "\(context.position) \(message.text)"
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections(Array(0..<100))
        for section in 0..<100 {
            try snapshot.appendItems(
                (0..<2_000).map { AnyHashable(CostMessage(id: section * 2_000 + $0, text: "m\($0)")) },
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

    @Test(
        "one small edit to 200,000 items touches O(k log n + visible) entries in every step after the diff",
        arguments: ["insert", "delete", "move", "reconfigure", "content"])
    func smallEdit(kind: String) throws {
        let (list, dataSource) = try Self.makeScreen()
        let visible = try Self.firstVisible(list)
        let shown = dataSource.snapshot()
        let here = try #require(
            shown.itemIdentifier(at: ListIndexPath(item: visible.item + 2, section: visible.section)))
        let far = try #require(shown.itemIdentifier(at: ListIndexPath(item: 5, section: 3)))
        var edited = dataSource.snapshot()
        switch kind {
        case "insert": try edited.insertItems([CostMessage(id: -1, text: "new")], afterItem: here)
        case "delete": try edited.deleteItems([here])
        case "move": try edited.moveItem(far, afterItem: here)
        case "reconfigure": try edited.reconfigureItems([here])
        default:
            let message = try #require(here.base as? CostMessage)
            try edited.insertItems([CostMessage(id: message.id, text: "changed")], beforeItem: here)
            try edited.deleteItems([here])
        }
        let before = dataSource._workCounts
        list.rows.heights.work.blocks = 0
        let misses = dataSource.sizingStatistics.misses
        try dataSource.apply(edited)
        let rendered = list.render()
        let after = dataSource._workCounts

        #expect(dataSource.snapshot() == edited)
        #expect(after.diffs == before.diffs + 1)
        // The checks read the items the changeset adds or removes, not the list.
        #expect(after.itemsChecked - before.itemsChecked <= 2, "\(after.itemsChecked - before.itemsChecked) checked")
        #expect(
            after.identitiesRead - before.identitiesRead <= 2, "\(after.identitiesRead - before.identitiesRead) ids")
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

    @Test("an identity lookup after an apply reads the list once, and the apply before it reads none")
    func identityLookupReadsOnce() throws {
        let (list, dataSource) = try Self.makeScreen()
        let visible = try Self.firstVisible(list)
        let old = try #require(dataSource.snapshot().itemIdentifier(at: visible))
        let message = try #require(old.base as? CostMessage)
        var edited = dataSource.snapshot()
        let new = CostMessage(id: message.id, text: "changed")
        try edited.insertItems([new], beforeItem: old)
        try edited.deleteItems([old])
        let read = dataSource._workCounts.storeItemsRead
        try dataSource.apply(edited)
        #expect(dataSource._workCounts.storeItemsRead == read)
        // A swipe or a menu names the item as it was: found by identity, with a pass over the list once.
        #expect(dataSource._currentItem(for: old) == AnyHashable(new))
        #expect(dataSource._currentItem(for: old) == AnyHashable(new))
        #expect(dataSource._workCounts.storeItemsRead == read + 200_000)
    }
}
