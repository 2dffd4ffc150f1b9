@_spi(ListHost) import DiffableStore
import SeededRandom
import Testing

// Where the hosts find an item after a batch (`BatchIndexMap`, which the text host's row layout, the UIKit
// hosts' anchoring and reconfigures, and the data source's updated items use): checked against
// `BatchUpdate.apply` on seeded random batches.

@Suite("BatchIndexMap")
struct BatchIndexMapTests {
    @Test("the index map places every surviving item where BatchUpdate.apply does", arguments: [UInt64(7), 8, 9])
    func batchIndexMap(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<SeededRuns.length(200) {
            var old = Snapshot<Int, Int>()
            var new = Snapshot<Int, Int>()
            let sections = Array(0..<4).filter { _ in random.next() % 4 != 0 }
            try old.appendSections(sections)
            try new.appendSections(sections.shuffled(using: &random).filter { _ in random.next() % 5 != 0 } + [9])
            var next = 0
            for section in sections {
                let items = (0..<Int(random.next() % 6)).map { _ in
                    next += 1; return next
                }
                try old.appendItems(items, toSection: section)
            }
            for item in old.itemIdentifiers where random.next() % 4 != 0 {
                let target = new.sectionIdentifiers[Int(random.next() % UInt64(new.numberOfSections))]
                try new.appendItems([item], toSection: target)
            }
            try new.appendItems([1000 + next], toSection: 9)
            var state = old
            for stage in Changeset(from: old, to: new).stages {
                let batch = stage.batch
                let rows = (0..<state.numberOfSections).map { section in
                    (
                        section: section,
                        rows: (0..<state.numberOfItems(inSectionAt: section)).map {
                            Optional(ListIndexPath(item: $0, section: section))
                        }
                    )
                }
                let placed = try batch.apply(
                    to: rows,
                    newSection: { index in
                        (
                            section: -1,
                            rows: [ListIndexPath?](
                                repeating: nil, count: stage.snapshot.numberOfItems(inSectionAt: index))
                        )
                    },
                    newRow: { _ in nil },
                    updatedRow: { row, _, update in update == .reload ? nil : row })
                let map = BatchIndexMap(
                    batch, sectionsBefore: state.numberOfSections, sectionsAfter: stage.snapshot.numberOfSections)
                var expected: [ListIndexPath: ListIndexPath] = [:]
                for (section, entry) in placed.enumerated() {
                    for (item, row) in entry.rows.enumerated() {
                        if let row { expected[row] = ListIndexPath(item: item, section: section) }
                    }
                }
                for section in 0..<state.numberOfSections {
                    for item in 0..<state.numberOfItems(inSectionAt: section) {
                        let path = ListIndexPath(item: item, section: section)
                        #expect(map.newIndexPath(ofOld: path) == expected[path], "\(batch) \(path)")
                    }
                }
                state = stage.snapshot
            }
        }
    }
}
