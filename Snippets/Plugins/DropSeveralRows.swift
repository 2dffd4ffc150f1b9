// Drops several dragged rows at the end of another section, in the order they were dragged, with a pinned row no drop can pass.
import CellKit
import CellKitText
import DiffableStore

struct Card: Hashable { var title: String; var pinned = false }

final class CardCell: TextCell, ConfigurableView {
    func configure(with card: Card) { text = (card.pinned ? "📌 " : "· ") + card.title }
}

let list = TextListView(width: 16, height: 6)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(CardCell.self)
try dataSource.registerSupplementaryView(ofKind: .header, viewType: TextCell.self) { header, _, column in
    header.text = "# \(column)"
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["todo", "done"])
try snapshot.appendItems(
    [Card(title: "Rules", pinned: true), Card(title: "Milk"), Card(title: "Eggs")], toSection: "todo")
try snapshot.appendItems([Card(title: "Bread")], toSection: "done")
try dataSource.apply(snapshot)

dataSource.reorderingHandlers.canReorderItem = { ($0.base as? Card)?.pinned == false }
dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
    proposed == ListIndexPath(item: 0, section: 0) ? nil : proposed  // nothing lands above the pinned row
}
dataSource.reorderingHandlers.didReorder = { transaction in
    print("dropped", transaction.items.compactMap { ($0.base as? Card)?.title }, "at", transaction.destination)
}

// Eggs then Milk, dragged together, dropped at the end of "done" (index 1: its count).
let eggs = ListIndexPath(item: 2, section: 0), milk = ListIndexPath(item: 1, section: 0)
print("above the pin:", try list.drop([eggs, milk], at: ListIndexPath(item: 0, section: 0)))
print("at the end:", try list.drop([eggs, milk], at: ListIndexPath(item: 1, section: 1)))
print("batch:", list.updateLog.last!)
print(list.render())
// snippet.hide
// Prints:
// above the pin: false
// dropped ["Eggs", "Milk"] at 1.1
// at the end: true
// batch: move 0.2 -> 1.1, 0.1 -> 1.2
// # todo
// 📌 Rules
// # done
// · Bread
// · Eggs
// · Milk
