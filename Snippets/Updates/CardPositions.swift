// Rounds the first and last rows of each section, and keeps them right as rows come and go.
import CellKit
import CellKitText
import DiffableStore

struct Task: Hashable {
    var title: String
}

final class CardCell: TextCell {}

let list = TextListView(width: 16, height: 4)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCell(itemType: Task.self, cellType: CardCell.self) { cell, context, task in
    // `position` stays current: a row that becomes, or stops being, first or last is configured again.
    // (`context.indexPath` is where the row was when configured; ask `dataSource.indexPath(for:)` later.)
    let edge =
        switch context.position {
        case .only: "()"
        case .first: "/\\"
        case .middle: "||"
        case .last: "\\/"
        }
    cell.text = "\(edge) \(task.title)"
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["today"])
try snapshot.appendItems([Task(title: "Write"), Task(title: "Test")])
try dataSource.apply(snapshot)
print(list.render())

// Insert at the top and append at the bottom: the old first and last rows become middle rows.
try snapshot.insertItems([Task(title: "Plan")], beforeItem: Task(title: "Write"))
try snapshot.appendItems([Task(title: "Ship")])
try dataSource.apply(snapshot)
print(list.updateLog.suffix(2).joined(separator: "\n"))
print(list.render())
print(dataSource.indexPath(for: Task(title: "Test"))!)
// snippet.hide
// Prints:
// /\ Write
// \/ Test
//
//
// insert 0.0, 0.3
// reconfigure 0.1, 0.2
// /\ Plan
// || Write
// || Test
// \/ Ship
// 0.2
