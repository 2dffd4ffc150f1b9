import CellKit
import CellKitTesting
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation
import SeededRandom
import Testing

// Drag and drop between two lists on one screen (`TransferHandlers`): rows picked up in one text list and
// dropped onto another move or are copied as the receiving list decides, found by identity when they
// drop; a refused drop changes neither list; each side hears the drop by its items.

/// A card of a board column, known by its `id`.
private struct Card: Hashable, Identifiable {
    var id: Int
    var title: String
}

/// A label the boards show, which no transfer below may carry.
private struct Note: Hashable {
    var text: String
}

@MainActor
@Suite("TextListView drag and drop between lists")
struct TextListViewTransferTests {
    /// A board column: a list of cards, 20 columns wide, 8 lines tall, one section.
    @MainActor
    final class Column {
        let list = TextListView(width: 20, height: 8)
        let dataSource: UniversalDataSource<Int>
        var heard: [String] = []

        init(_ name: String, cards: [Int]) throws {
            dataSource = UniversalDataSource<Int>(host: list)
            dataSource.registerCell(itemType: Card.self, cellType: TextCell.self) { cell, _, card in
                cell.text = "\(card.id) \(card.title)"
            }
            var snapshot = Snapshot<Int, AnyHashable>()
            try snapshot.appendSections([0])
            try snapshot.appendItems(cards.map { Card(id: $0, title: "c\($0)") }, toSection: 0)
            try dataSource.apply(snapshot, animatingDifferences: false)
            dataSource.transferHandlers.canDragItem = { $0.base is Card }
            dataSource.transferHandlers.acceptDrop = { .move($0.items) }
            dataSource.transferHandlers.didDrop = { [unowned self] drop, acceptance in
                heard.append("got \(Self.ids(acceptance.items)) at \(drop.destination) (\(acceptance.operation))")
            }
            dataSource.transferHandlers.didDragOut = { [unowned self] drop, acceptance in
                heard.append("gave \(Self.ids(drop.items)) (\(acceptance.operation))")
            }
        }

        /// The cards' ids, in order.
        var ids: [Int] { dataSource.snapshot().itemIdentifiers.compactMap { ($0.base as? Card)?.id } }

        static func ids(_ items: [AnyHashable]) -> [Int] { items.compactMap { ($0.base as? Card)?.id } }

        /// Applies the snapshot `edit` makes of the current one.
        func edit(_ edit: (inout Snapshot<Int, AnyHashable>) throws -> Void) throws {
            var snapshot = dataSource.snapshot()
            try edit(&snapshot)
            try dataSource.apply(snapshot)
        }
    }

    private func at(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// The list's lines that show something, without their padding.
    private func shownRows(_ list: TextListView) -> [String] {
        list.render().split(separator: "\n").map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            .filter { !$0.isEmpty }
    }

    @Test("dragged rows move to the other list at the drop, in drag order; each side hears its items")
    func move() throws {
        let todo = try Column("todo", cards: [1, 2, 3, 4])
        let done = try Column("done", cards: [10, 11])
        #expect(todo.list.beginDragOut([at(2), at(0)]))
        #expect(todo.list.itemsDraggedOut == [AnyHashable(Card(id: 3, title: "c3")), Card(id: 1, title: "c1")])
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: at(1)) == .move)
        #expect(done.list.dropItems(draggedFrom: todo.list, at: at(1)))
        #expect(todo.ids == [2, 4])
        #expect(done.ids == [10, 3, 1, 11])
        #expect(todo.list.itemsDraggedOut.isEmpty)
        #expect(done.heard == ["got [3, 1] at 0.1 (move)"])
        #expect(todo.heard == ["gave [3, 1] (move)"])
        assertMatchesFreshList(todo.list, todo.dataSource)
        assertMatchesFreshList(done.list, done.dataSource)
        #expect(shownRows(done.list) == ["10 c10", "3 c3", "1 c1", "11 c11"])
    }

    @Test("a copy keeps the dragged rows; the receiving list inserts what it makes of them")
    func copyWithTransform() throws {
        let todo = try Column("todo", cards: [1, 2])
        let done = try Column("done", cards: [10])
        done.dataSource.transferHandlers.acceptDrop = { drop in
            .copy(drop.items.compactMap { ($0.base as? Card).map { Card(id: $0.id + 100, title: "copy") } })
        }
        #expect(todo.list.beginDragOut([at(1)]))
        #expect(done.list.dropItems(draggedFrom: todo.list, at: at(1)))
        #expect(todo.ids == [1, 2])
        #expect(done.ids == [10, 102])
        #expect(shownRows(done.list) == ["10 c10", "102 copy"])
        #expect(todo.heard == ["gave [2] (copy)"])
        assertMatchesFreshList(done.list, done.dataSource)
    }

    @Test("a refused drop changes neither list: the veto, a destination out of range, an item already there")
    func refusals() throws {
        let todo = try Column("todo", cards: [1, 2])
        let done = try Column("done", cards: [10, 2])
        let before = (todo.dataSource.snapshot(), done.dataSource.snapshot())
        // The veto: the receiving list takes nothing past its second row.
        done.dataSource.transferHandlers.acceptDrop = { $0.destination.item > 1 ? nil : .move($0.items) }
        #expect(todo.list.beginDragOut([at(0)]))
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: at(2)) == nil)
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(2)))
        #expect(todo.list.itemsDraggedOut.isEmpty, "a refused drop ends the drag")
        // Out of range, and a section that does not exist.
        #expect(todo.list.beginDragOut([at(0)]))
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: at(3)) == nil)
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: ListIndexPath(item: 0, section: 1)) == nil)
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: at(0)) == .move)
        todo.list.cancelDragOut()
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(0)), "no drag under way")
        // Card 2 is in both lists: it cannot arrive twice.
        #expect(todo.list.beginDragOut([at(1)]))
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(0)))
        // A drop onto the list it came from is a reorder, not a transfer.
        #expect(todo.list.beginDragOut([at(0)]))
        #expect(!todo.list.dropItems(draggedFrom: todo.list, at: at(1)))
        todo.list.cancelDragOut()
        #expect(todo.dataSource.snapshot() == before.0)
        #expect(done.dataSource.snapshot() == before.1)
        #expect(todo.heard.isEmpty && done.heard.isEmpty)
    }

    @Test("a drop whose arriving items the receiving list cannot show is refused, and nothing changes")
    func unregisteredArrival() throws {
        let todo = try Column("todo", cards: [1, 2])
        let done = try Column("done", cards: [10])
        done.dataSource.transferHandlers.acceptDrop = { drop in .move(drop.items.map { _ in Note(text: "?") }) }
        #expect(todo.list.beginDragOut([at(0)]))
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(0)))
        #expect(todo.ids == [1, 2] && done.ids == [10])
        #expect(todo.heard.isEmpty && done.heard.isEmpty)
    }

    @Test("rows that may not leave cannot be picked up, and a list without handlers takes no drop")
    func dragSide() throws {
        let todo = try Column("todo", cards: [1, 2])
        let done = try Column("done", cards: [])
        todo.dataSource.transferHandlers.canDragItem = { ($0.base as? Card)?.id != 2 }
        #expect(!todo.list.beginDragOut([at(1)]))
        #expect(!todo.list.beginDragOut([at(0), at(0)]), "the same row twice")
        #expect(!todo.list.beginDragOut([at(5)]))
        #expect(todo.list.itemsDraggedOut.isEmpty)
        done.dataSource.transferHandlers.acceptDrop = nil
        #expect(todo.list.beginDragOut([at(0)]))
        #expect(done.list.dropOperation(forItemsDraggedFrom: todo.list, at: at(0)) == nil)
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(0)))
        #expect(todo.ids == [1, 2])
    }

    @Test("the drop takes the dragged items as they are then: moved, changed, or gone meanwhile")
    func appliesDuringTheDrag() throws {
        let todo = try Column("todo", cards: [1, 2, 3])
        let done = try Column("done", cards: [10])
        #expect(todo.list.beginDragOut([at(0), at(2)]))
        // During the drag: card 3 moves to the top and is renamed, card 1 is deleted.
        try todo.edit { snapshot in
            try snapshot.deleteItems([Card(id: 3, title: "c3"), Card(id: 1, title: "c1")])
            try snapshot.insertItems([Card(id: 3, title: "renamed")], beforeItem: Card(id: 2, title: "c2"))
        }
        #expect(done.list.dropItems(draggedFrom: todo.list, at: at(0)))
        #expect(todo.ids == [2])
        #expect(
            done.dataSource.snapshot().itemIdentifiers == [Card(id: 3, title: "renamed"), Card(id: 10, title: "c10")])
        #expect(done.heard == ["got [3] at 0.0 (move)"])
        // Every dragged item gone: the drop is refused.
        #expect(todo.list.beginDragOut([at(0)]))
        try todo.edit { try $0.deleteItems($0.itemIdentifiers) }
        #expect(!done.list.dropItems(draggedFrom: todo.list, at: at(0)))
        #expect(done.ids == [3, 10])
    }

    /// Steps per run: 150 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(150)

    @Test(
        "seeded random applies, scrolls and drags between two lists: no card is lost or doubled, and each list shows what a brand-new one shows",
        arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        let columns = [try Column("a", cards: Array(0..<6)), try Column("b", cards: Array(100..<104))]
        // The second column refuses drops at its third row.
        columns[1].dataSource.transferHandlers.acceptDrop = { drop in
            guard drop.destination.item != 2 else { return nil }  // a veto
            return .move(drop.items)
        }
        var nextID = 1_000
        for step in 0..<Self.steps {
            let from = draw(2)
            let source = columns[from]
            let target = columns[1 - from]
            let count = source.ids.count
            switch draw(6) {
            case 0:  // the app inserts a card
                nextID += 1
                let card = Card(id: nextID, title: "n\(nextID)")
                try source.edit { snapshot in
                    if let first = snapshot.itemIdentifiers.first, draw(2) == 0 {
                        try snapshot.insertItems([card], beforeItem: first)
                    } else {
                        try snapshot.appendItems([card], toSection: 0)
                    }
                }
            case 1 where count > 0:  // the app renames or deletes a card
                let item = source.dataSource.snapshot().itemIdentifiers[draw(count)]
                try source.edit { snapshot in
                    try snapshot.deleteItems([item])
                    if draw(2) == 0, let card = item.base as? Card {
                        try snapshot.appendItems([Card(id: card.id, title: "r\(step)")], toSection: 0)
                    }
                }
            case 2:
                source.list.scrollBy(lines: draw(5) - 2)
            case 3 where count > 0 && source.list.itemsDraggedOut.isEmpty:  // picks up one or two rows
                let first = draw(count)
                let second = draw(count)
                _ = source.list.beginDragOut(first == second ? [at(first)] : [at(first), at(second)])
            default:  // drops what the source drags, anywhere (maybe out of range)
                let dragged = source.list.itemsDraggedOut
                let before = (source.ids, target.ids)
                let destination = at(draw(target.ids.count + 2))
                let proposed = target.list.dropOperation(forItemsDraggedFrom: source.list, at: destination)
                let dropped = target.list.dropItems(draggedFrom: source.list, at: destination)
                #expect(dropped == (proposed != nil), "step \(step): the proposal and the drop disagree")
                if dropped {
                    let leaving = Set(before.0).intersection(Column.ids(dragged))
                    #expect(source.ids == before.0.filter { !leaving.contains($0) }, "step \(step)")
                    #expect(target.ids.count == before.1.count + leaving.count, "step \(step)")
                } else {
                    #expect(source.ids == before.0 && target.ids == before.1, "step \(step)")
                }
            }
            // No card is in both columns, and each shows what a brand-new list given its state shows.
            #expect(Set(columns[0].ids).isDisjoint(with: columns[1].ids), "step \(step)")
            for column in columns {
                if let difference = freshListDifference(column.list, column.dataSource) {
                    Issue.record("seed \(seed) step \(step): \(difference)")
                    return
                }
            }
        }
    }
}
