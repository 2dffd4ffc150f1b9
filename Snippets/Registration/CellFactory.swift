// Chooses a message's cell by its value: yours on the right, theirs on the left; a message no cell fits is refused.
import CellKit
import CellKitText
import DiffableStore

struct Message: Hashable {
    var text: String
    var isMine: Bool?  // nil: not sent yet, which no cell shows
}

final class MineCell: TextCell, ConfigurableView {
    func configure(with message: Message) { text = String(repeating: " ", count: 8) + message.text + " <" }
}
final class TheirCell: TextCell, ConfigurableView {
    func configure(with message: Message) { text = "> " + message.text }
}

let list = TextListView(width: 20, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
// One item type, two cells: the factory picks one per message.
try dataSource.registerCells(for: Message.self, [.cell(MineCell.self), .cell(TheirCell.self)]) { message in
    switch message.isMine {
    case true?: MineCell.self
    case false?: TheirCell.self
    case nil: nil
    }
}

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Message(text: "hi!", isMine: false), Message(text: "hello", isMine: true)])
try dataSource.apply(snapshot)
print(list.render())

// A message the factory maps to no cell: apply refuses the snapshot, and the list keeps what it showed.
try snapshot.appendItems([Message(text: "draft", isMine: nil)])
do {
    try dataSource.apply(snapshot)
} catch {
    print(error)
}
print(list.render())
// snippet.hide
// Prints:
// > hi!
//         hello <
// no cell registration for item CellFactory.Message(text: "draft", isMine: nil) of type CellFactory.Message at 0.2; the cell factory for CellFactory.Message chooses no cell for it
// > hi!
//         hello <
