// Lets users drag rows into a new order, vetoes a drop above a pinned row during the drag, and hands over the result.
import CellKit
import CellKitText
import DiffableStore

struct Todo: Hashable { var title: String; var pinned = false }

final class TodoCell: TextCell, ConfigurableView {
    func configure(with todo: Todo) { text = (todo.pinned ? "📌 " : "☐ ") + todo.title }
}

let list = TextListView(width: 14, height: 4)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(TodoCell.self)

var todos = [Todo(title: "Inbox", pinned: true), Todo(title: "Milk"), Todo(title: "Eggs"), Todo(title: "Bread")]
var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["todo"])
try snapshot.appendItems(todos)
try dataSource.apply(snapshot)

dataSource.reorderingHandlers.canReorderItem = { item in (item.base as? Todo)?.pinned == false }
dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
    proposed.item == 0 ? nil : proposed  // nothing goes above the pinned row
}
dataSource.reorderingHandlers.didReorder = { transaction in
    // The data source shows the final snapshot already: update the model from it.
    todos = transaction.finalSnapshot.itemIdentifiers.compactMap { $0.base as? Todo }
    print("moved \(transaction.source) -> \(transaction.destination):", todos.map(\.title))
}

print("pick up Inbox:", list.beginMove(ListIndexPath(item: 0, section: 0)))
list.beginMove(ListIndexPath(item: 3, section: 0))  // pick up Bread
print("drag to 0.0, drops at", list.moveDrag(to: ListIndexPath(item: 0, section: 0))!)
print("drag to 0.1, drops at", list.moveDrag(to: ListIndexPath(item: 1, section: 0))!)
try list.endMove()
print("batch:", list.updateLog.last!)  // the one batch the drop performed

snapshot = Snapshot<String, AnyHashable>()  // the model now matches the screen
try snapshot.appendSections(["todo"])
try snapshot.appendItems(todos)
try dataSource.apply(snapshot)
print("batch:", list.updateLog.last!)  // still the move: nothing to animate
print(list.render())
// snippet.hide
// Prints:
// pick up Inbox: false
// drag to 0.0, drops at 0.3
// drag to 0.1, drops at 0.1
// moved 0.3 -> 0.1: ["Inbox", "Bread", "Milk", "Eggs"]
// batch: move 0.3 -> 0.1
// batch: move 0.3 -> 0.1
// 📌 Inbox
// ☐ Bread
// ☐ Milk
// ☐ Eggs
