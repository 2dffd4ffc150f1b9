import CellKit
import DiffableStore
import HostHarness
import Testing

@MainActor
@Suite("Reordering")
struct ReorderingTests {
    /// An 8-line host showing A, B, C in `.main` and D in `.more`, as `[plain] <name>`.
    private func makeList(_ kind: HostKind) throws -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 8)
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "A"), Plain(name: "B"), Plain(name: "C")]),
                (.more, [Plain(name: "D")]),
            ]))
        return (list, dataSource)
    }

    private func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

    @Test("nothing moves while reordering is off", arguments: HostKind.allCases)
    func offByDefault(kind: HostKind) throws {
        let (list, _) = try makeList(kind)
        #expect(!list.beginReorder(at(0, 0)))
        #expect(list.problems == [])
    }

    @Test(
        "a veto during the drag keeps the row where it was last allowed; the snapshot is unchanged",
        arguments: HostKind.allCases)
    func vetoDuringDrag(kind: HostKind) throws {
        let (list, dataSource) = try makeList(kind)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // B may not leave its section.
        dataSource.reorderingHandlers.targetIndexPath = { item, proposed in
            item == AnyHashable(Plain(name: "B")) && proposed.section != 0 ? nil : proposed
        }
        let before = dataSource.snapshot()
        #expect(list.beginReorder(at(0, 1)))
        #expect(list.reorderDrag(to: at(1, 0)) == at(0, 1))
        #expect(try list.endReorder() == false)
        #expect(dataSource.snapshot() == before)
        #expect(list.render() == ["[plain] A", "[plain] B", "[plain] C", "[plain] D"])
        #expect(list.problems == [])
    }

    @Test(
        "a move updates the snapshot in the same turn and reports a transaction; applying its final snapshot changes nothing",
        arguments: HostKind.allCases)
    func transaction(kind: HostKind) throws {
        let (list, dataSource) = try makeList(kind)
        let transactions = Ref<[ReorderTransaction<Section>]>([])
        let willCount = Ref(0)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.willReorder = { _ in willCount.value += 1 }
        dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
            transactions.value.append(transaction)
            // The app's model now matches: an apply of it is an empty changeset.
            try? dataSource.apply(transaction.finalSnapshot)
        }
        let batches = list.batchUpdates
        let log = list.performedUpdates
        #expect(list.beginReorder(at(0, 0)))
        #expect(list.reorderDrag(to: at(1, 1)) == at(1, 1))
        #expect(try list.endReorder())
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
        // The move itself (a batch of its own on the text host; UIKit moves the cell itself, then tells the
        // data source), and nothing else: the apply from didReorder performed nothing.
        let move = list.performsInteractiveMovesAsBatches ? ["move 0.0 -> 1.1"] : []
        #expect(list.batchUpdates == batches + move.count)
        #expect(list.performedUpdates == log + move)
        #expect(list.render() == ["[plain] B", "[plain] C", "[plain] D", "[plain] A"])
        #expect(list.problems == [])
    }

    @Test(
        "two rows dropped at the end of a section are appended in drag order, in one batch and one transaction",
        arguments: HostKind.allCases)
    func dropAtSectionEnd(kind: HostKind) throws {
        let (list, dataSource) = try makeList(kind)
        let transactions = Ref<[ReorderTransaction<Section>]>([])
        let moves = Ref<[String]>([])
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { transactions.value.append($0) }
        dataSource.onEvent = { event in
            if case .didMoveItem = event { moves.value.append("\(event)") }
        }
        let batches = list.batchUpdates
        // C then A, dropped at index 1 == the count of section 1.
        #expect(try list.drop([at(0, 2), at(0, 0)], at: at(1, 1)))
        #expect(
            dataSource.snapshot()
                == (try makeSnapshot([
                    (.main, [Plain(name: "B")]),
                    (.more, [Plain(name: "D"), Plain(name: "C"), Plain(name: "A")]),
                ])))
        #expect(list.batchUpdates == batches + 1)
        #expect(list.render() == ["[plain] B", "[plain] D", "[plain] C", "[plain] A"])
        #expect(
            moves.value == [
                "didMoveItem \(Plain(name: "C")) from 0.2 to 1.1", "didMoveItem \(Plain(name: "A")) from 0.0 to 1.2",
            ])
        let transaction = try #require(transactions.value.first)
        #expect(transactions.value.count == 1)
        #expect(transaction.items == [Plain(name: "C"), Plain(name: "A")])
        #expect(transaction.finalSnapshot == dataSource.snapshot())
        #expect(
            transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
                == transaction.finalSnapshot.itemIdentifiers)
        #expect(Changeset(from: dataSource.snapshot(), to: transaction.finalSnapshot).stages.isEmpty)
        #expect(list.problems == [])
    }

    @Test(
        "a drop is refused, changing nothing, for a pinned row, a vetoed destination, or past a section's end",
        arguments: HostKind.allCases)
    func dropRefused(kind: HostKind) throws {
        let (list, dataSource) = try makeList(kind)
        // A is pinned: it cannot be dragged, and nothing may be dropped above it.
        let pinned = AnyHashable(Plain(name: "A"))
        dataSource.reorderingHandlers.canReorderItem = { $0 != pinned }
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
            proposed == ListIndexPath(item: 0, section: 0) ? nil : proposed
        }
        let before = dataSource.snapshot()
        let log = list.performedUpdates
        #expect(try list.drop([at(0, 0), at(0, 1)], at: at(1, 0)) == false)
        #expect(try list.drop([at(0, 1), at(0, 0)], at: at(1, 0)) == false)
        #expect(try list.drop([at(0, 2), at(1, 0)], at: at(0, 0)) == false)
        // Section 1 keeps 0 items once D leaves it: index 1 is past its end.
        #expect(try list.drop([at(0, 2), at(1, 0)], at: at(1, 1)) == false)
        #expect(dataSource.snapshot() == before)
        #expect(list.performedUpdates == log)
        // Allowed: below the pinned row.
        #expect(try list.drop([at(1, 0), at(0, 2)], at: at(0, 1)))
        #expect(
            dataSource.snapshot().itemIdentifiers == [
                Plain(name: "A"), Plain(name: "D"), Plain(name: "C"), Plain(name: "B"),
            ])
        #expect(list.render() == ["[plain] A", "[plain] D", "[plain] C", "[plain] B"])
        #expect(list.problems == [])
    }
}
