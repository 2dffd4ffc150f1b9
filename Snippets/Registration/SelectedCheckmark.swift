// Shows each row's state from its context: a checkmark when selected, updated in place without a reload.
import CellKit
import CellKitText
import DiffableStore

struct Contact: Hashable { var name: String }

let list = TextListView(width: 16, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCell(itemType: Contact.self, cellType: TextCell.self) { cell, context, contact in
    // The context carries the cell's state; the closure runs again, in place, when it changes.
    cell.text = (context.state.isSelected ? "✓ " : "  ") + contact.name
}

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Contact(name: "Ada"), Contact(name: "Grace"), Contact(name: "Linus")])
try dataSource.apply(snapshot)

list.select(ListIndexPath(item: 1, section: 0))
list.highlight(ListIndexPath(item: 2, section: 0))  // a finger down on Linus: the list marks its row
print(list.render())
print(list.updateLog, list.statistics.stateUpdates)  // no reload, no reconfigure: two cells asked again
// snippet.hide
// Prints:
//   Ada
// ✓ Grace
//   Linus        ◀
// ["insert section 0"] 2
