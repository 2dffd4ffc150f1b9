import CellKit
@testable import CellKitText
@_spi(ListHost) import DiffableStore
import SeededRandom
import Testing

/// The row layout's positions against a plain model, and its item batches against `BatchUpdate.apply`,
/// the reference for where UIKit places rows.
@Suite("RowLayout")
struct RowLayoutTests {
    /// Every row's location, section after section, computed the plain way.
    static func locations(itemCounts: [Int], above: [SupplementaryKind], below: [SupplementaryKind]) -> [TextListView
        .RowLocation]
    {
        itemCounts.enumerated().flatMap { section, count in
            above.map { TextListView.RowLocation.supplementary($0, section: section) }
                + (0..<count).map { .item(ListIndexPath(item: $0, section: section)) }
                + below.map { .supplementary($0, section: section) }
        }
    }

    @Test("positions: every row's location, and back, agree with a plain list of rows", arguments: 0..<10)
    func positions(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let above: [SupplementaryKind] = seed % 3 == 0 ? [] : seed % 3 == 1 ? [.header] : [.header, "badge"]
        let below: [SupplementaryKind] = seed % 2 == 0 ? [] : [.footer]
        let counts = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
        var layout = RowLayout(kindsAbove: above, kindsBelow: below, itemCounts: counts, estimatedRowHeight: 2)
        layout._checkInvariants()
        let expected = Self.locations(itemCounts: counts, above: above, below: below)
        #expect(layout.rowCount == expected.count)
        #expect(layout.sectionCount == counts.count)
        #expect(layout.itemCounts == counts)
        var heights: [Int] = []
        for (row, location) in expected.enumerated() {
            #expect(layout.location(ofRow: row) == location)
            #expect(layout.row(at: location) == row)
            if case .item(let path) = location { #expect(layout.row(of: path) == row) }
            let height = Int.random(in: 0...3, using: &random)
            if Bool.random(using: &random) { layout.setHeight(height, ofRow: row) }
            heights.append(Bool.random(using: &random) ? height : 2)
        }
        #expect(layout.row(of: ListIndexPath(item: 0, section: counts.count)) == nil)
        #expect(layout.row(of: ListIndexPath(item: -1, section: 0)) == nil)
        #expect(layout.row(at: .supplementary("missing", section: 0)) == nil)
        for section in counts.indices {
            #expect(layout.row(of: ListIndexPath(item: counts[section], section: section)) == nil)
        }
        // Lines: each row's top is the sum above it; each line belongs to the row that covers it.
        var line = 0
        for row in 0..<layout.rowCount {
            #expect(layout.top(ofRow: row) == line)
            for offset in 0..<layout.height(ofRow: row) { #expect(layout.row(containingLine: line + offset) == row) }
            line += layout.height(ofRow: row)
        }
        #expect(layout.contentHeight == line)
        #expect(layout.row(containingLine: line) == nil)
        layout._checkInvariants()
    }

    /// A token per row: its old location, and a raw height.
    struct Token: Hashable {
        var old: ListIndexPath?
        var raw: Int32
    }

    @Test(
        "a batch places rows and heights where BatchUpdate.apply places them, and maps every old index path",
        arguments: 0..<60)
    func itemBatches(seed: Int) throws {
        var maker = SnapshotMaker(seed: UInt64(seed) &+ 1_000)
        let above: [SupplementaryKind] = seed % 2 == 0 ? [.header] : []
        let below: [SupplementaryKind] = seed % 4 < 2 ? [.footer] : []
        var snapshot = try maker.snapshot(sections: 1 + seed % 4, items: 0...(seed < 20 ? 8 : 150))
        var batches = 0
        var sectionBatches = 0
        // 15 changes in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for _ in 0..<SeededRuns.length(15, minimum: 3) {
            let next = try maker.change(
                snapshot, count: 1 + Int.random(in: 0...(seed < 20 ? 4 : 40), using: &maker.random),
                sections: seed >= 40)
            for stage in Changeset(from: snapshot, to: next).stages {
                batches += 1
                let batch = stage.batch
                if !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty && batch.movedSections.isEmpty
                    && batch.reloadedSections.isEmpty)
                {
                    sectionBatches += 1
                }
                try check(
                    stage.batch, from: snapshot, to: stage.snapshot, above: above, below: below, random: &maker.random)
                snapshot = stage.snapshot
            }
            snapshot = next
        }
        // A shortened run makes fewer (the full run, in the plain `swift test`, checks them).
        #expect(batches > 5 || SeededRuns.isShortened())
        if seed >= 40 { #expect(sectionBatches > 0 || SeededRuns.isShortened()) }
    }

    func check(
        _ batch: BatchUpdate, from old: Snapshot<Int, TextRow>, to new: Snapshot<Int, TextRow>,
        above: [SupplementaryKind], below: [SupplementaryKind], random: inout SplitMix
    ) throws {
        // Old rows with random heights, each tagged with its old location.
        var sections: [(section: [Token], rows: [Token])] = []
        for section in 0..<old.numberOfSections {
            let items = (0..<old.numberOfItems(inSectionAt: section)).map {
                Token(old: ListIndexPath(item: $0, section: section), raw: Int32.random(in: -1...3, using: &random))
            }
            let supplementary = (0..<(above.count + below.count)).map { _ in
                Token(old: nil, raw: Int32.random(in: 0...2, using: &random))
            }
            sections.append((supplementary, items))
        }
        let fresh = { Token(old: nil, raw: -1) }
        let placed = try batch.apply(
            to: sections,
            newSection: { section in
                (
                    Array(repeating: fresh(), count: above.count + below.count),
                    Array(repeating: fresh(), count: new.numberOfItems(inSectionAt: section))
                )
            }, newRow: { _ in Token(old: nil, raw: -1) },
            updatedRow: { row, _, _ in row })
        func flatten(_ sections: [(section: [Token], rows: [Token])]) -> [[Int32]] {
            sections.map { ($0.section[..<above.count] + $0.rows + $0.section[above.count...]).map(\.raw) }
        }
        var layout = RowLayout(kindsAbove: above, kindsBelow: below, sections: flatten(sections), estimatedRowHeight: 2)
        let plan = BatchIndexMap(batch, sectionsBefore: old.numberOfSections, sectionsAfter: new.numberOfSections)
        let after = (0..<new.numberOfSections).map { new.numberOfItems(inSectionAt: $0) }
        layout.apply(plan, itemCountsAfter: after)
        layout._checkInvariants()
        #expect(layout.itemCounts == after)
        #expect(layout.heights.rawHeights == Array(flatten(placed).joined()), "\(batch)")
        // Every old index path goes where apply put its row, or is deleted.
        var expected: [ListIndexPath: ListIndexPath] = [:]
        for (section, value) in placed.enumerated() {
            for (item, token) in value.rows.enumerated() {
                if let old = token.old { expected[old] = ListIndexPath(item: item, section: section) }
            }
        }
        for section in 0..<old.numberOfSections {
            for item in 0..<old.numberOfItems(inSectionAt: section) {
                let path = ListIndexPath(item: item, section: section)
                #expect(plan.newIndexPath(ofOld: path) == expected[path], "\(path) in \(batch)")
            }
        }
    }
}
