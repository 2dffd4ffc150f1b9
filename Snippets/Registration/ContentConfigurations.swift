// Shows each row through a content and a background configuration made from the item and its cell's state, asked again in place when the state changes.
import CellKit
import CellKitText
import DiffableStore

struct Contact: Hashable {
    var name: String
    var email: String
}

let list = TextListView(width: 24, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
// One closure shape, (item, state) -> configuration; on a UIKit host, return UIKit's configurations.
dataSource.registerContent(itemType: Contact.self) { contact, state in
    TextContentConfiguration(
        text: contact.name, secondaryText: state.isSelected ? contact.email : nil, glyph: "☺",
        accessories: state.isSelected ? [.checkmark] : [.disclosureIndicator])
} background: { _, state in
    TextBackgroundConfiguration(fill: state.isSelected ? "░" : " ")
}

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([
    Contact(name: "Ada", email: "ada@example.com"), Contact(name: "Grace", email: "grace@example.com"),
    Contact(name: "Linus", email: "linus@example.com"),
])
try dataSource.apply(snapshot)

list.select(ListIndexPath(item: 1, section: 0))
print(list.render())
print(list.updateLog, list.statistics.stateUpdates)  // no reload: Grace's cell was asked again, in place
// snippet.hide
// Prints:
// ☺ Ada                 ›
// ☺ Grace░░░░░░░░░░░░░░░✓
//   grace@example.com░░░░
// ☺ Linus               ›
// ["insert section 0"] 1
