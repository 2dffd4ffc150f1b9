@_spi(ListHost) import CellKit
import CellKitTesting
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

/// A batch that breaks one of UIKit's rules, with the data source's counts before and after it.
struct RejectedBatch: Sendable, CustomTestStringConvertible {
    var rule: BatchUpdateError.Rule
    var batch: BatchUpdate
    var before: [Int]
    var after: [Int]
    var names: String
    var testDescription: String { rule.rawValue }
}

/// One broken batch for every rule a batch can break.
let rejectedBatches: [RejectedBatch] = [
    RejectedBatch(rule: .invalidNumberOfSections, batch: BatchUpdate(), before: [2], after: [2, 1], names: "(2)"),
    RejectedBatch(
        rule: .invalidNumberOfItems, batch: BatchUpdate(insertedItems: [at(0, 0)]), before: [2], after: [2],
        names: "section 0"),
    RejectedBatch(
        rule: .indexOutOfRange, batch: BatchUpdate(deletedItems: [at(0, 5)]), before: [2], after: [1],
        names: "0.5"),
    RejectedBatch(
        rule: .conflictingSources, batch: BatchUpdate(deletedItems: [at(0, 0), at(0, 0)]), before: [2], after: [0],
        names: "0.0"),
    RejectedBatch(
        rule: .conflictingDestinations,
        batch: BatchUpdate(insertedItems: [at(0, 0)], movedItems: [Move(at(0, 1), at(0, 0))]),
        before: [2], after: [3], names: "0.0"),
    RejectedBatch(
        rule: .reloadOfDeletedOrMoved, batch: BatchUpdate(deletedItems: [at(0, 1)], reloadedItems: [at(0, 1)]),
        before: [2], after: [1], names: "0.1"),
    RejectedBatch(
        rule: .reloadInSectionWithMoves,
        batch: BatchUpdate(
            movedItems: [Move(at(0, 0), at(0, 1)), Move(at(0, 1), at(0, 0))], reloadedItems: [at(0, 2)]),
        before: [3], after: [3], names: "0.2"),
    RejectedBatch(
        rule: .moveAcrossDeletedOrInsertedSection,
        batch: BatchUpdate(insertedSections: [1], movedItems: [Move(at(0, 0), at(1, 0))]),
        before: [2], after: [1, 1], names: "1.0"),
    RejectedBatch(
        rule: .itemChangeInInsertedSection, batch: BatchUpdate(insertedSections: [1], insertedItems: [at(1, 0)]),
        before: [2], after: [2, 1], names: "1.0"),
    RejectedBatch(
        rule: .itemChangeInDeletedSection, batch: BatchUpdate(deletedSections: [1], deletedItems: [at(1, 0)]),
        before: [2, 1], after: [2], names: "1.0"),
]

@Suite("TextListView batch updates")
@MainActor
struct TextListViewBatchTests {
    @Test("every UIKit rule, broken once, is rejected and the list keeps its state", arguments: rejectedBatches)
    func rejects(_ rejected: RejectedBatch) {
        let list = TextListView(width: 10, height: 3)
        let recorder = EventRecorder()
        list.delegate = recorder
        let names = rejected.before.enumerated().map { section, count in (0..<count).map { "s\(section) i\($0)" } }
        let dataSource = ArrayDataSource(names, kinds: [.header], host: list)
        list.scroll(toLine: 1)
        list.select(at(0, 0))
        let before = ObservedState(list)
        let events = recorder.events.count

        let error = #expect(throws: BatchUpdateError.self) {
            try list.performBatchUpdates(rejected.batch) {
                dataSource.sections = rejected.after.map { count in (0..<count).map { "new \($0)" } }
            }
        }
        #expect(error?.rule == rejected.rule)
        #expect(error?.message.contains(rejected.names) == true, "\(String(describing: error))")
        dataSource.sections = names  // the caller restores its data
        #expect(ObservedState(list) == before)
        #expect(list.selectedIndexPath == at(0, 0))
        #expect(recorder.events.count == events)
    }

    @Test("every rule a batch can break is covered")
    func coverage() {
        #expect(Set(rejectedBatches.map(\.rule)).count == 10)
    }

    @Test("[A, B, C, D] -> [D, A, C']: moves placed like UIKit, C reconfigured in place")
    func movesAndReconfigure() throws {
        let list = TextListView(width: 10, height: 5)
        let dataSource = ArrayDataSource([["A", "B", "C", "D"]], host: list)
        _ = list.render()
        let cellC = list.cellForItem(at: at(0, 2))
        let cellB = list.cellForItem(at: at(0, 1))
        let created = list.statistics.viewsCreated
        let batch = BatchUpdate(
            deletedItems: [at(0, 1)],
            movedItems: [Move(at(0, 0), at(0, 1)), Move(at(0, 3), at(0, 0))],
            reconfiguredItems: [at(0, 2)])
        try list.performBatchUpdates(batch) { dataSource.sections = [["D", "A", "C'"]] }
        assertRender(
            list,
            """
            D
            A
            C'


            """)
        #expect(list.cellForItem(at: at(0, 2)) === cellC)
        #expect(cellC?.configureCount == 2)
        #expect(cellC?.prepareForReuseCount == 0)
        #expect(cellB?.indexPath == nil)  // recycled
        #expect(list.statistics.viewsCreated == created)
        #expect(list.statistics.reconfiguredInPlace == 1)
        #expect(list.statistics.recycled == 1)
        #expect(list.updateLog == ["delete 0.1; move 0.0 -> 0.1, 0.3 -> 0.0; reconfigure 0.2"])
    }

    @Test("a reload dequeues a cell through the reuse pool; a reconfigure keeps the cell")
    func reloadVersusReconfigure() throws {
        let list = TextListView(width: 10, height: 3)
        let dataSource = ArrayDataSource([["A", "B"]], host: list)
        _ = list.render()
        let reused = list.statistics.reused
        try list.performBatchUpdates(BatchUpdate(reloadedItems: [at(0, 1)])) { dataSource.sections = [["A", "B2"]] }
        #expect(list.statistics.reused == reused + 1)
        #expect(list.statistics.reconfiguredInPlace == 0)
        #expect(list.cellForItem(at: at(0, 1))?.prepareForReuseCount == 1)

        let cell = list.cellForItem(at: at(0, 0))
        dataSource.sections = [["A2", "B2"]]
        list.reconfigureItems(at: [at(0, 0), at(5, 5)])
        #expect(list.cellForItem(at: at(0, 0)) === cell)
        #expect(cell?.text == "A2")
        #expect(cell?.prepareForReuseCount == 0)
        #expect(list.updateLog.last == "reconfigure 0.0")
    }

    @Test("reconfiguring an item measures it again")
    func reconfigureResizes() throws {
        let list = TextListView(width: 10, height: 5)
        let dataSource = ArrayDataSource([["A", "B"]], host: list)
        #expect(list.contentHeight == 2)
        try list.performBatchUpdates(BatchUpdate(reconfiguredItems: [at(0, 0)])) {
            dataSource.sections = [["A\nA2\nA3", "B"]]
        }
        #expect(list.contentHeight == 4)
        assertRender(
            list,
            """
            A
            A2
            A3
            B

            """)
    }

    @Test("sections inserted, moved and deleted, with their headers")
    func sectionChanges() throws {
        let list = TextListView(width: 12, height: 8)
        let dataSource = ArrayDataSource([["a"], ["b"], ["c"]], kinds: [.header], host: list)
        _ = list.render()
        let batch = BatchUpdate(deletedSections: [0], insertedSections: [0], movedSections: [Move(2, 1)])
        try list.performBatchUpdates(batch) { dataSource.sections = [["new"], ["c"], ["b"]] }
        // Headers are not reconfigured by a move: each keeps the view it had, now in another section.
        assertRender(
            list,
            """
            [header 0]
            new
            [header 2]
            c
            [header 1]
            b


            """)
        #expect(list.supplementaryView(ofKind: .header, inSection: 2)?.indexPath == at(2, 0))
        list.reloadData()
        assertRender(
            list,
            """
            [header 0]
            new
            [header 1]
            c
            [header 2]
            b


            """)
    }

    @Test("the selection follows its item through moves and goes with a delete")
    func selectionFollows() throws {
        let list = TextListView(width: 10, height: 4)
        let dataSource = ArrayDataSource([["a", "b", "c"]], host: list)
        list.select(at(0, 2))
        try list.performBatchUpdates(BatchUpdate(movedItems: [Move(at(0, 2), at(0, 0))])) {
            dataSource.sections = [["c", "a", "b"]]
        }
        #expect(list.selectedIndexPath == at(0, 0))
        #expect(list.cellForItem(at: at(0, 0))?.isSelected == true)
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 0)])) { dataSource.sections = [["a", "b"]] }
        #expect(list.selectedIndexPath == nil)
    }

    @Test("rows that a batch pushes out of the viewport are recycled, rows it brings in configured")
    func viewportAfterBatch() throws {
        let list = TextListView(width: 10, height: 2)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a", "b", "c"]], host: list)
        _ = list.render()
        recorder.events = []
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 0)])) {
            dataSource.sections = [["new", "a", "b", "c"]]
        }
        #expect(list.indexPathsForVisibleItems == [at(0, 0), at(0, 1)])
        #expect(recorder.events == [.didEndDisplaying("b", at: at(0, 2)), .willDisplay("new", at: at(0, 0))])
        assertRender(
            list,
            """
            new
            a
            """)
    }

    @Test("a batch on a list not loaded yet loads the state before it first")
    func batchBeforeLoad() throws {
        let list = TextListView(width: 10, height: 3)
        let dataSource = ArrayDataSource([["a"]], host: list)
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 1)])) { dataSource.sections = [["a", "b"]] }
        assertRender(
            list,
            """
            a
            b

            """)
    }

    @Test("a batch and the reconfigure after it are one operation: their events reach the delegate in one delivery")
    func batchThenReconfigureIsOneOperation() throws {
        let list = TextListView(width: 12, height: 3)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        let recorder = EventRecorder()
        list.delegate = recorder
        _ = list.render()
        recorder.clear()
        recorder.deliveries = 0
        var asked = 0
        try list.performBatchUpdates(
            BatchUpdate(insertedItems: [at(0, 2)]), updateData: { dataSource.sections = [["Apple", "Pear", "Plum"]] },
            thenReconfigure: {
                asked += 1
                // Apple grows a line once the batch is done, which pushes the new Plum off the screen.
                dataSource.sections[0][0] = "Apple\nred"
                return [at(0, 0)]
            })
        #expect(asked == 1)
        #expect(recorder.deliveries == 1)
        #expect(recorder.log == [["willDisplay Plum at 0.2", "didEndDisplaying Plum at 0.2"]])
        #expect(list.cellForItem(at: at(0, 0))?.text == "Apple\nred")
        #expect(list.updateLog.suffix(2) == ["insert 0.2", "reconfigure 0.0"])
    }

    @Test("a rejected batch does not ask what to reconfigure after it")
    func rejectedBatchAsksNothing() {
        let list = TextListView(width: 12, height: 3)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        _ = list.render()
        var asked = 0
        #expect(throws: BatchUpdateError.self) {
            try list.performBatchUpdates(
                BatchUpdate(insertedItems: [at(0, 2)]), updateData: {},
                thenReconfigure: {
                    asked += 1
                    return [at(0, 0)]
                })
        }
        #expect(asked == 0)
        _ = dataSource
    }
}
