// Lets an item grow in place: invalidateSize lays the list out once per turn, without configuring the cell again.
import CellKit
import CellKitText
import DiffableStore

struct Comment: Hashable { var id: Int }

/// Which comments show their replies: state outside the snapshot, so the list cannot see it change.
@MainActor final class Discussion { var expanded: Set<Int> = [] }

final class CommentCell: TextCell {
    var id = 0
    var discussion: Discussion?
    override func render(width: Int) -> [String] {
        discussion?.expanded.contains(id) == true ? ["comment \(id) ▾", "  reply 1", "  reply 2"] : ["comment \(id) ▸"]
    }
}

let discussion = Discussion()
let list = TextListView(width: 16, height: 5)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCell(itemType: Comment.self, cellType: CommentCell.self, sizing: .automatic) { cell, _, comment in
    cell.id = comment.id
    cell.discussion = discussion
}
var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems((1...4).map { Comment(id: $0) })
try dataSource.apply(snapshot)
let configured = list.statistics.configured

// The cell grows; whoever knows says so, here three times in one turn.
discussion.expanded.insert(2)
for _ in 1...3 { dataSource.invalidateSize(of: Comment(id: 2)) }
await Task.yield()  // the turn ends: the list lays out once
print(list.render())
print(
    list.updateLog.last!, "| layouts:", list.statistics.relayouts, "| configured again:",
    list.statistics.configured - configured)
// snippet.hide
// Prints:
// comment 1 ▸
// comment 2 ▾
//   reply 1
//   reply 2
// comment 3 ▸
// resize 0.1 | layouts: 1 | configured again: 0
