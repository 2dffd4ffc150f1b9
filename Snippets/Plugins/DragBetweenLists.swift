// Drags a card from one list to another on the same screen: the receiving list may refuse it, or take a copy.
import CellKit
import CellKitText
import DiffableStore

struct Card: Hashable, Identifiable { var id: Int; var title: String }

final class CardCell: TextCell, ConfigurableView {
    func configure(with card: Card) { text = "· \(card.title)" }
}

/// A board column: its own list and data source.
@MainActor func column(_ cards: [Card]) throws -> (TextListView, UniversalDataSource<Int>) {
    let list = TextListView(width: 12, height: 4)
    let dataSource = UniversalDataSource<Int>(host: list)
    dataSource.registerCellType(CardCell.self)
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(cards, toSection: 0)
    try dataSource.apply(snapshot)
    dataSource.transferHandlers.canDragItem = { _ in true }
    return (list, dataSource)
}

let (todo, todoSource) = try column([Card(id: 1, title: "Milk"), Card(id: 2, title: "Eggs")])
let (done, doneSource) = try column([Card(id: 3, title: "Bread")])

// "done" takes cards from "todo" (they move), never above its first row; "todo" takes copies back.
doneSource.transferHandlers.acceptDrop = { drop in
    drop.source === todoSource && drop.destination.item > 0 ? .move(drop.items) : nil
}
todoSource.transferHandlers.acceptDrop = { drop in
    .copy(drop.items.compactMap { $0.base as? Card }.map { Card(id: $0.id + 100, title: $0.title + "²") })
}
doneSource.transferHandlers.didDrop = { drop, _ in
    print("done got", drop.items.compactMap { ($0.base as? Card)?.title })
}

todo.beginDragOut([ListIndexPath(item: 1, section: 0)])  // Eggs
print("above Bread:", done.dropOperation(forItemsDraggedFrom: todo, at: ListIndexPath(item: 0, section: 0)) as Any)
print("dropped:", done.dropItems(draggedFrom: todo, at: ListIndexPath(item: 1, section: 0)))
done.beginDragOut([ListIndexPath(item: 0, section: 0)])  // Bread, copied back
print("copied:", todo.dropItems(draggedFrom: done, at: ListIndexPath(item: 0, section: 0)))
print(todo.render())
print(done.render())
// snippet.hide
// Prints:
// above Bread: nil
// done got ["Eggs"]
// dropped: true
// copied: true
// · Bread²
// · Milk
//
//
// · Bread
// · Eggs
//
//
