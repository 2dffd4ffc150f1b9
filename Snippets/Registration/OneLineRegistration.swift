// Registers a cell in one line, keyed by the type of view model it shows, and shows a list.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

struct Fruit: Hashable { var name: String }

final class FruitCell: TextCell, ConfigurableView {
    func configure(with fruit: Fruit) { text = "• " + fruit.name }
}

let list = TextListView(width: 16, height: 3)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(FruitCell.self)

try dataSource.apply {
    SnapshotSection("fruit") {
        Fruit(name: "Apple")
        Fruit(name: "Pear")
        Fruit(name: "Plum")
    }
}
print(list.render())
// snippet.hide
// Prints:
// • Apple
// • Pear
// • Plum
