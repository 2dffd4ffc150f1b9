// Drives a UITableView through TableViewHost (here over the UIKit stand-in) and prints what UIKit was told.
import CellKit
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn  // UIKit's API, where UIKit does not exist
#endif
// snippet.hide
@_spi(Simulation) import UIKitStandIn
// snippet.show

struct Fruit: Hashable, Identifiable {
    var id: Int
    var name: String
}

final class FruitCell: UITableViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with fruit: Fruit) { title = fruit.name }
}

final class BannerView: UITableViewHeaderFooterView, ReusableView {}

let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
tableView.rowHeight = 44
let host = TableViewHost(tableView: tableView)
let dataSource = UniversalDataSource<Int>(host: host)
dataSource.registerCellType(FruitCell.self)
// A table view shows section headers and footers, and separators and cards with its rows: a section-wide
// kind of your own is not shown.
try dataSource.registerSupplementaryView(ofKind: SupplementaryKind(rawValue: "banner"), viewType: BannerView.self) {
    _, _, _ in
}
print("not shown:", host.kindsNotShown)

@MainActor func show(_ fruit: [Fruit]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(fruit)
    try dataSource.apply(snapshot)
}

try show([Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Banana"), Fruit(id: 3, name: "Cherry")])
tableView.layoutIfNeeded()
// Banana is renamed in place (reconfigured, its cell kept), Cherry is deleted.
try show([Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Blueberry")])
// snippet.hide
for line in tableView._updateLog { print(line) }
print(tableView._visibleViewsTopToBottom.compactMap { ($0 as? FruitCell)?.title })
print("raised:", tableView._raisedExceptions)
// Prints:
// not shown: [banner]
// reloadData
// performBatchUpdates: insert section 0
// performBatchUpdates: delete 0.2
// reconfigureRows: 0.1
// ["Apple", "Blueberry"]
// raised: []
