// Drives a UICollectionView through CollectionViewHost (here over the UIKit stand-in) and prints what UIKit was told.
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

@MainActor func show(_ names: [String]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(names.map(Fruit.init))
    try dataSource.apply(snapshot)
}

try show(["Apple", "Banana", "Cherry"])
collectionView.layoutIfNeeded()
try show(["Cherry", "Apple", "Date"])
// snippet.hide
for line in collectionView._updateLog { print(line) }
print(collectionView._visibleViewsTopToBottom.compactMap { ($0 as? FruitCell)?.title })
print("raised:", collectionView._raisedExceptions)
// Prints:
// reloadData
// performBatchUpdates: insert section 0
// performBatchUpdates: delete 0.1; insert 0.2; move 0.2 -> 0.0
// ["Cherry", "Apple", "Date"]
// raised: []
