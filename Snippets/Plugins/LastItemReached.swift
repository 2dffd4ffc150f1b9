// Calls an action every time the last item is about to show, for a pagination policy of your own.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Row: Hashable { var number: Int }

final class RowCell: TextCell, ConfigurableView {
    func configure(with row: Row) { text = "row \(row.number)" }
}

let list = TextListView(width: 10, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(RowCell.self)

try dataSource.attach(
    LastItemVisiblePlugin { item in
        print("end reached: row \((item.base as? Row)?.number ?? 0)")
    })

var rows = (1...5).map(Row.init)
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(rows)
    try dataSource.apply(snapshot)
}

try show()
print("-- scroll to the end")
list.scrollToEnd()
print("-- back to the top, and to the end again")
list.scroll(toLine: 0)
list.scrollToEnd()
print("-- append a row below the end")
rows.append(Row(number: 6))
try show()
list.scrollToEnd()
// snippet.hide
// Prints:
// -- scroll to the end
// end reached: row 5
// -- back to the top, and to the end again
// end reached: row 5
// -- append a row below the end
// end reached: row 6
