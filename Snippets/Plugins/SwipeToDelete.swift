// Deletes the item a row was swiped for, even when a new row arrived above it before the tap on Delete.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Mail: Hashable { var subject: String }

final class MailCell: TextCell, ConfigurableView {
    func configure(with mail: Mail) { text = "✉ " + mail.subject }
}

let list = TextListView(width: 14, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(MailCell.self)

var inbox = ["Lunch?", "Invoice"].map(Mail.init)
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(inbox)
    try dataSource.apply(snapshot)
}

try dataSource.attach(
    SwipeActionsPlugin().trailing(Mail.self) { _ in
        [
            SwipeAction("Delete", isDestructive: true) { item, done in
                inbox.removeAll { AnyHashable($0) == item }  // the item the row was swiped for
                try? show()
                done(true)
            }
        ]
    })
try show()

print(list.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing) ?? [])  // swipe Invoice open
inbox.insert(Mail(subject: "Hello"), at: 0)  // new mail arrives on top
try show()
print("swiped row now at", list.swipedIndexPath.map { "\($0)" } ?? "none")
list.performSwipeAction("Delete")
print(list.renderAll())
// snippet.hide
// Prints:
// ["Delete"]
// swiped row now at 0.2
// ✉ Hello
// ✉ Lunch?
