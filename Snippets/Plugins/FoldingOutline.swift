// Folds an outline on tap: collapsing a parent hides its whole subtree, and expanding it restores each child's own state.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Node: Hashable {
    var name: String
    var depth = 0
    var children: [Node] = []
}

final class NodeCell: TextCell, ConfigurableView {
    func configure(with node: Node) {
        text = String(repeating: "  ", count: node.depth) + (node.children.isEmpty ? "· " : "▸ ") + node.name
    }
}

let list = TextListView(width: 12, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(NodeCell.self)

let c = Node(name: "C", depth: 2)
let b = Node(name: "B", depth: 1, children: [c])
let a = Node(name: "A", children: [b])
let folding = FoldingPlugin { item in
    guard let node = item.base as? Node, !node.children.isEmpty else { return nil }  // a leaf does not fold
    return node.children.map(AnyHashable.init)
}
try dataSource.attach(folding)

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([a])
try dataSource.apply(snapshot)

@MainActor func tap(_ item: Int, _ step: String) {
    list.select(ListIndexPath(item: item, section: 0))
    print("-- \(step)\n" + list.renderAll())
}
tap(0, "expand A")
tap(1, "expand B")
tap(0, "collapse A: B and C go")
tap(0, "expand A: B comes back expanded")
print(folding.expandedItems.count, "expanded")
// snippet.hide
// Prints:
// -- expand A
// ▸ A
//   ▸ B
// -- expand B
// ▸ A
//   ▸ B
//     · C
// -- collapse A: B and C go
// ▸ A
// -- expand A: B comes back expanded
// ▸ A
//   ▸ B
//     · C
// 2 expanded
