// Registers a cell in one line, keyed by the type of view model it shows, and shows a list.
import CellKit
import CellKitText
import DiffableStore

struct Fruit: Hashable {
    var name: String
}

final class FruitCell: TextCell, ConfigurableView {
    func configure(with fruit: Fruit) { text = "• " + fruit.name }
}

let list = TextListView(width: 16, height: 3)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(FruitCell.self)

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["fruit"])
try snapshot.appendItems([Fruit(name: "Apple"), Fruit(name: "Pear"), Fruit(name: "Plum")])
try dataSource.apply(snapshot)
print(list.render())
// snippet.hide
// Prints:
// • Apple
// • Pear
// • Plum
