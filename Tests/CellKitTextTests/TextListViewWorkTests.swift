import CellKit
@testable import CellKitText
import DiffableStore
import Testing

/// A batch costs what it changes, not what the list holds: counted in blocks of the height tree
/// touched, never timed.
@Suite("TextListView batch work")
@MainActor
struct TextListViewWorkTests {
    /// Blocks touched by one insert, after the list is loaded and scrolled to `line`.
    static func blocksForOneInsert(count: Int, at item: Int, scrolledTo line: Int) throws -> (blocks: Int, levels: Int)
    {
        let list = TextListView(width: 16, height: 10)
        let dataSource = GeneratedDataSource(count: count, host: list)
        list.scroll(toLine: line)
        _ = list.render()
        list.rows.heights.work.blocks = 0
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, item)])) { dataSource.count += 1 }
        _ = list.render()
        #expect(list.numberOfItems(inSection: 0) == count + 1)
        return (list.rows.heights.blocksTouched, list.rows.heights.levels)
    }

    @Test(
        "a one-item insert into a million rows touches O(log n + visible) blocks, not O(n)",
        arguments: [(500_000, 500_000), (10, 999_000)])
    func oneInsert(item: Int, line: Int) throws {
        let big = try Self.blocksForOneInsert(count: 1_000_000, at: item, scrolledTo: line)
        let small = try Self.blocksForOneInsert(
            count: 1_000, at: item * 1_000 / 1_000_000, scrolledTo: line * 1_000 / 1_000_000)
        // Every lookup is one descent of levels + 1 blocks; a layout makes a few per visible row (at most
        // 10 here). 1,000,000 rows are 15,625 leaves: a walk over them all would be far above this.
        #expect(big.levels == 4)
        #expect(big.blocks <= 10 * (big.levels + 1) * 10, "touched \(big.blocks) blocks")
        // The same batch on a thousand rows touches as many descents, each shorter.
        #expect(
            Double(big.blocks) / Double(big.levels + 1) <= 1.5 * Double(small.blocks) / Double(small.levels + 1) + 20,
            "\(big) vs \(small)")
    }

    @Test(
        "a batch that inserts, deletes and moves sections touches the blocks of those sections, not O(n)",
        arguments: ["insert", "delete", "move", "reload"])
    func sectionChanges(change: String) throws {
        // 2,000 sections of 100 items with a header: 202,000 rows, 3,157 leaves or more.
        let list = TextListView(width: 16, height: 10)
        let sections = (0..<2_000).map { section in (0..<100).map { "\(section).\($0)" } }
        let dataSource = ArrayDataSource(sections, kinds: [.header], host: list)
        list.scroll(toLine: list.contentHeight / 2)
        _ = list.render()
        let leaves = list.rows.rowCount / 64
        list.rows.heights.work.blocks = 0
        var after = dataSource.sections
        let batch: BatchUpdate
        switch change {
        case "insert":
            after.insert(["new"], at: 1_000)
            batch = BatchUpdate(insertedSections: [1_000])
        case "delete":
            after.remove(at: 10)
            batch = BatchUpdate(deletedSections: [10])
        case "move":
            after.insert(after.remove(at: 1_999), at: 0)
            batch = BatchUpdate(movedSections: [Move(1_999, 0)])
        default:
            after[1_500] = ["reloaded"]
            batch = BatchUpdate(reloadedSections: [1_500])
        }
        try list.performBatchUpdates(batch) { dataSource.sections = after }
        _ = list.render()
        #expect(list.numberOfSections == after.count)
        let blocks = list.rows.heights.blocksTouched
        let levels = list.rows.heights.levels
        // At most the section's 101 rows removed and inserted, each one descent, plus a few descents per
        // visible row: far below a walk over every leaf.
        #expect(blocks <= (2 * 101 + 10 * 10) * (levels + 1), "touched \(blocks) blocks of \(leaves)+ leaves")
        #expect(blocks < leaves / 2, "touched \(blocks) blocks of \(leaves)+ leaves")
        list._checkInvariants()
    }
}
