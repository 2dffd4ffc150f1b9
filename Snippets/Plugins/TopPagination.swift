// Loads older messages above a chat as its top shows, with the first visible message kept in place.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Message: Hashable { var number: Int }

final class MessageCell: TextCell, ConfigurableView {
    func configure(with message: Message) { text = "message \(message.number)" }
}

let list = TextListView(width: 12, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(MessageCell.self)
list.keepsFirstVisibleItemAnchored = true  // a prepend moves the viewport with the content

var messages = (7...9).map(Message.init)
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(messages)
    try dataSource.apply(snapshot)
}

let pagination = PaginationPlugin(edge: .top) { token, pagination in  // the trigger is the first item
    let oldest = messages[0].number
    print("load \(token): messages \(oldest - 3)...\(oldest - 1)")
    messages.insert(contentsOf: (oldest - 3..<oldest).map(Message.init), at: 0)
    try? show()
    pagination.finish(token, hasMore: oldest - 3 > 1)
}
try dataSource.attach(pagination)

try show()  // message 7 is at the top: a page loads above it
print("top line \(list.firstVisibleLine):\n" + list.render())
list.scroll(toLine: 0)  // the user scrolls up to message 4: the last page
print("top line \(list.firstVisibleLine):\n" + list.render())
// snippet.hide
// Prints:
// load #1: messages 4...6
// top line 3:
// message 7
// message 8
// message 9
// load #2: messages 1...3
// top line 3:
// message 4
// message 5
// message 6
