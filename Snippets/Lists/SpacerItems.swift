// Places a spacer row after chosen items of a section, with identities that follow their items across edits.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Post: Hashable, Identifiable {
    var id: Int
    var title: String
}

/// A decoration: an empty row of a number of lines.
struct Spacer: Hashable {
    var lines: Int
}

final class PostCell: TextCell, ConfigurableView {
    func configure(with post: Post) { text = post.title }
}

let list = TextListView(width: 16, height: 5)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(PostCell.self)
// A spacer is a real item, `DecorationItem<Spacer>`, shown by its own cell.
dataSource.registerCell(itemType: DecorationItem<Spacer>.self, cellType: TextCell.self) { cell, _, spacer in
    cell.text = Array(repeating: "   ⋮", count: spacer.decoration.lines).joined(separator: "\n")
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["feed"])
try snapshot.appendItems([Post(id: 1, title: "Pinned"), Post(id: 2, title: "Hello")])
// One spacer right after the first post, even when it is the only one.
try snapshot.decorate("feed", with: Spacer(lines: 2), at: .after, rule: .first)
try dataSource.apply(snapshot)
print(list.render())

// Edit the posts and decorate again: the spacer keeps its identity (from post 1's id), so the diff leaves it alone.
try snapshot.insertItems([Post(id: 1, title: "Pinned (edited)")], beforeItem: Post(id: 1, title: "Pinned"))
try snapshot.deleteItems([Post(id: 1, title: "Pinned")])
try snapshot.appendItems([Post(id: 3, title: "New")])
try snapshot.decorate("feed", with: Spacer(lines: 2), at: .after, rule: .first)
try dataSource.apply(snapshot)
print(list.updateLog.last ?? "")
print(list.render())
// snippet.hide
// Prints:
// Pinned
//    ⋮
//    ⋮
// Hello
//
// insert 0.3; reconfigure 0.0
// Pinned (edited)
//    ⋮
//    ⋮
// Hello
// New
