// Rebuilds the whole list from the screen's state on every change, written the way the screen reads; the diff animates only what changed.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

struct Todo: Hashable { var title: String }
struct Done: Hashable { var title: String }
struct Notice: Hashable { var text: String }

final class TodoCell: TextCell, ConfigurableView {
    func configure(with todo: Todo) { text = "[ ] " + todo.title }
}
final class DoneCell: TextCell, ConfigurableView {
    func configure(with done: Done) { text = "[x] " + done.title }
}
final class NoticeCell: TextCell, ConfigurableView {
    func configure(with notice: Notice) { text = "! " + notice.text }
}

let list = TextListView(width: 20, height: 5)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(TodoCell.self)
dataSource.registerCellType(DoneCell.self)
dataSource.registerCellType(NoticeCell.self)

/// Everything the screen shows.
struct State {
    var todos: [Todo]
    var done: [Done] = []
    var isOffline = false
}

/// The list, from the state: called after every change.
@MainActor func render(_ state: State) throws {
    try dataSource.apply {
        if state.isOffline {
            SnapshotSection("status") { Notice(text: "Offline") }
        }
        SnapshotSection("todo") {
            for todo in state.todos { todo }
        }
        if !state.done.isEmpty {
            SnapshotSection("done") { state.done }
        }
    }
}

var state = State(todos: [Todo(title: "Write"), Todo(title: "Test")])
try render(state)
print(list.renderAll())

// The state changes; the list is built again, and only the difference is performed.
state.todos.removeFirst()
state.done.append(Done(title: "Write"))
state.isOffline = true
try render(state)
print(list.updateLog.last ?? "")
print(list.renderAll())
// snippet.hide
// Prints:
// [ ] Write
// [ ] Test
// insert section 0, 2; delete 0.0
// ! Offline
// [ ] Test
// [x] Write
