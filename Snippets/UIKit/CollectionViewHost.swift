// Drives a UICollectionView through CollectionViewHost; over the UIKit stand-in, a simulated user reads and taps it.
import CellKit
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
import CellKitTesting  // SimulatedUser, a test's finger on the stand-in's views
import UIKitStandIn  // UIKit's API, where UIKit does not exist
#endif
// snippet.hide
@_spi(Simulation) import UIKitStandIn
// snippet.show

struct Fruit: Hashable { var name: String }

final class FruitCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with fruit: Fruit) { title = fruit.name }
}

let layout = UICollectionViewFlowLayout()
layout.itemSize = CGSize(width: 320, height: 44)
let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
let host = CollectionViewHost(collectionView: collectionView)
let dataSource = UniversalDataSource<Int>(host: host)
dataSource.registerCellType(FruitCell.self)
// The data source made itself the host's delegate in its init: it hears taps with no wiring.
dataSource.onSelect = { fruit, indexPath in print("selected \(fruit) at \(indexPath)") }

@MainActor func show(_ names: [String]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(names.map(Fruit.init))
    try dataSource.apply(snapshot)
}

try show(["Apple", "Banana", "Cherry"])
collectionView.layoutIfNeeded()
// One checked batch: Banana deleted, Date inserted, Cherry moved to the top.
try show(["Cherry", "Apple", "Date"])

#if !canImport(UIKit)
let user = SimulatedUser(host)
for row in user.visibleItemFrames { print(row) }
try user.tap(Fruit(name: "Date"))
#endif
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// Fruit(name: "Cherry"): 0 to 44
// Fruit(name: "Apple"): 44 to 88
// Fruit(name: "Date"): 88 to 132
// selected Fruit(name: "Date") at 0.2
