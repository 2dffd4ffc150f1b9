// Applies a new snapshot as an animated update, and prints the changeset the diff produced.
import CellKit
import CellKitText
import DiffableStore

final class TaskCell: TextCell, ConfigurableView {
    func configure(with task: String) { text = "[ ] " + task }
}

let list = TextListView(width: 18, height: 4)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(TaskCell.self)
var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["todo"])
try snapshot.appendItems(["Write", "Test", "Review", "Ship"])
try dataSource.apply(snapshot)

// A new snapshot: one task deleted, one moved, one inserted.
let old = dataSource.snapshot()
var new = old
try new.deleteItems(["Review"])
try new.moveItem("Ship", beforeItem: "Write")
try new.insertItems(["Celebrate"], afterItem: "Test")

// The changeset: batches in the coordinates UIKit's performBatchUpdates expects.
let changeset = Changeset(from: old, to: new)
print(changeset.summary)
for stage in changeset.stages {
    print(stage.batch)
}
// A changeset replays on the old snapshot to give the new one.
print(try old.applying(changeset) == new)

// apply(_:) computes the same changeset and performs it on the list view.
try dataSource.apply(new)
print(list.updateLog.last ?? "")
print(list.render())
// snippet.hide
// Prints:
// 1 delete, 1 insert, 1 move, 0 updates
// delete 0.2; insert 0.3; move 0.3 -> 0.0
// true
// delete 0.2; insert 0.3; move 0.3 -> 0.0
// [ ] Ship
// [ ] Write
// [ ] Test
// [ ] Celebrate
