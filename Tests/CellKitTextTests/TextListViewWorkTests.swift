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
    static func blocksForOneInsert(count: Int, at item: Int, scrolledTo line: Int) throws -> (blocks: Int, levels: Int) {
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

    @Test("a one-item insert into a million rows touches O(log n + visible) blocks, not O(n)",
          arguments: [(500_000, 500_000), (10, 999_000)])
    func oneInsert(item: Int, line: Int) throws {
        let big = try Self.blocksForOneInsert(count: 1_000_000, at: item, scrolledTo: line)
        let small = try Self.blocksForOneInsert(count: 1_000, at: item * 1_000 / 1_000_000, scrolledTo: line * 1_000 / 1_000_000)
        // Every lookup is one descent of levels + 1 blocks; a layout makes a few per visible row (at most
        // 10 here). 1,000,000 rows are 15,625 leaves: a walk over them all would be far above this.
        #expect(big.levels == 4)
        #expect(big.blocks <= 10 * (big.levels + 1) * 10, "touched \(big.blocks) blocks")
        // The same batch on a thousand rows touches as many descents, each shorter.
        #expect(Double(big.blocks) / Double(big.levels + 1) <= 1.5 * Double(small.blocks) / Double(small.levels + 1) + 20,
                "\(big) vs \(small)")
    }
}
