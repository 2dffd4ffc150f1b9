@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

@MainActor
@Suite("Reordering")
struct ReorderingTests {
    let listView = TextListView(width: 20, height: 8)
    let dataSource: UniversalDataSource<Section>

    init() throws {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        listView.delegate = dataSource
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "A"), Plain(name: "B"), Plain(name: "C")]),
                (.more, [Plain(name: "D")]),
            ]))
    }

    private func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

    @Test("nothing moves while reordering is off")
    func offByDefault() {
        #expect(!listView.beginMove(at(0, 0)))
    }

    @Test("a veto during the drag keeps the row where it was last allowed; the snapshot is unchanged")
    func vetoDuringDrag() throws {
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // B may not leave its section.
        dataSource.reorderingHandlers.targetIndexPath = { item, proposed in
            item == AnyHashable(Plain(name: "B")) && proposed.section != 0 ? nil : proposed
        }
        let before = dataSource.snapshot()
        #expect(listView.beginMove(at(0, 1)))
        #expect(listView.moveDrag(to: at(1, 0)) == at(0, 1))
        #expect(try listView.endMove() == false)
        #expect(dataSource.snapshot() == before)
    }

    @Test(
        "a move updates the snapshot in the same turn and reports a transaction; applying its final snapshot changes nothing"
    )
    func transaction() throws {
        let transactions = Ref<[ReorderTransaction<Section>]>([])
        let willCount = Ref(0)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.willReorder = { _ in willCount.value += 1 }
        dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
            transactions.value.append(transaction)
            // The app's model now matches: an apply of it is an empty changeset.
            try? dataSource.apply(transaction.finalSnapshot)
        }
        let batches = listView.statistics.batchUpdates
        #expect(listView.beginMove(at(0, 0)))
        #expect(listView.moveDrag(to: at(1, 1)) == at(1, 1))
        #expect(try listView.endMove())
        #expect(willCount.value == 1)
        #expect(transactions.value.count == 1)
        let transaction = try #require(transactions.value.first)
        #expect(transaction.finalSnapshot == dataSource.snapshot())
        #expect(
            dataSource.snapshot()
                == (try makeSnapshot([
                    (.main, [Plain(name: "B"), Plain(name: "C")]),
                    (.more, [Plain(name: "D"), Plain(name: "A")]),
                ])))
        #expect(
            transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
                == transaction.finalSnapshot.itemIdentifiers)
        // One batch: the move itself; the apply from didReorder performed nothing.
        #expect(listView.statistics.batchUpdates == batches + 1)
        #expect(listView.updateLog.last == "move 0.0 -> 1.1")
        #expect(renderedLines(listView.render()).prefix(4) == ["[plain] B", "[plain] C", "[plain] D", "[plain] A"])
    }

    @Test("two rows dropped at the end of a section are appended in drag order, in one batch and one transaction")
    func dropAtSectionEnd() throws {
        let transactions = Ref<[ReorderTransaction<Section>]>([])
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { transactions.value.append($0) }
        let batches = listView.statistics.batchUpdates
        // C then A, dropped at index 1 == the count of section 1.
        #expect(try listView.drop([at(0, 2), at(0, 0)], at: at(1, 1)))
        #expect(
            dataSource.snapshot()
                == (try makeSnapshot([
                    (.main, [Plain(name: "B")]),
                    (.more, [Plain(name: "D"), Plain(name: "C"), Plain(name: "A")]),
                ])))
        #expect(listView.statistics.batchUpdates == batches + 1)
        #expect(renderedLines(listView.render()).prefix(4) == ["[plain] B", "[plain] D", "[plain] C", "[plain] A"])
        let transaction = try #require(transactions.value.first)
        #expect(transactions.value.count == 1)
        #expect(transaction.items == [Plain(name: "C"), Plain(name: "A")])
        #expect(transaction.finalSnapshot == dataSource.snapshot())
        #expect(
            transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
                == transaction.finalSnapshot.itemIdentifiers)
        #expect(Changeset(from: dataSource.snapshot(), to: transaction.finalSnapshot).stages.isEmpty)
    }

    @Test("a drop is refused, changing nothing, for a pinned row, a vetoed destination, or past a section's end")
    func dropRefused() throws {
        // A is pinned: it cannot be dragged, and nothing may be dropped above it.
        let pinned = AnyHashable(Plain(name: "A"))
        dataSource.reorderingHandlers.canReorderItem = { $0 != pinned }
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
            proposed == ListIndexPath(item: 0, section: 0) ? nil : proposed
        }
        let before = dataSource.snapshot()
        let log = listView.updateLog
        #expect(try listView.drop([at(0, 0), at(0, 1)], at: at(1, 0)) == false)
        #expect(try listView.drop([at(0, 2), at(1, 0)], at: at(0, 0)) == false)
        // Section 1 keeps 0 items once D leaves it: index 1 is past its end.
        #expect(try listView.drop([at(0, 2), at(1, 0)], at: at(1, 1)) == false)
        #expect(dataSource.snapshot() == before)
        #expect(listView.updateLog == log)
        // Allowed: below the pinned row.
        #expect(try listView.drop([at(1, 0), at(0, 2)], at: at(0, 1)))
        #expect(
            dataSource.snapshot().itemIdentifiers == [
                Plain(name: "A"), Plain(name: "D"), Plain(name: "C"), Plain(name: "B"),
            ])
    }
}
