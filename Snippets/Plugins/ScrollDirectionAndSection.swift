// Reports the scroll direction and the section at the top of the viewport, each only when it changes.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Food: Hashable { var name: String }

final class FoodCell: TextCell, ConfigurableView {
    func configure(with food: Food) { text = food.name }
}

let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(FoodCell.self)

try dataSource.attach(
    ScrollDirectionPlugin(deadZone: 1) { direction in print("scrolling \(direction)") },  // ignores 1-line jitters
    CurrentSectionPlugin { index, section in print("in section \(index): \(section)") })

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["Fruit", "Veg"])
try snapshot.appendItems(["Apple", "Fig", "Pear"].map(Food.init), toSection: "Fruit")
try snapshot.appendItems(["Kale", "Leek", "Okra"].map(Food.init), toSection: "Veg")
try dataSource.apply(snapshot)

list.scrollBy(lines: 2)  // down to Pear
list.scrollBy(lines: 2)  // Leek at the top: Veg
list.scrollBy(lines: -1)  // a jitter back up: within the dead zone
list.scroll(toLine: 0)  // back to the top
// snippet.hide
// Prints:
// in section 0: Fruit
// scrolling down
// in section 1: Veg
// in section 0: Fruit
// scrolling up
