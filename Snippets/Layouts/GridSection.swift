// Lays one section of a UICollectionView out as a grid (a fixed column count, then columns of a minimum width) and another as rows; over the UIKit stand-in, prints the items' frames.
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

enum Shelf: Hashable { case photos, notes }

final class TitleCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with title: String) { self.title = title }
}

let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
let host = CollectionViewHost(collectionView: collectionView)
collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(44))
let dataSource = UniversalDataSource<Shelf>(host: host)
var columns = SectionLayout.grid(columns: 3, spacing: 4)
dataSource.sectionLayouts = { shelf in shelf == .photos ? columns : .list }
// Square items: as tall as the column is wide.
dataSource.registerCellType(TitleCell.self, sizing: .calculated { _, width in width })

var snapshot = Snapshot<Shelf, AnyHashable>()
try snapshot.appendSections([.photos, .notes])
try snapshot.appendItems(["p1", "p2", "p3", "p4"], toSection: .photos)
try snapshot.appendItems(["n1"], toSection: .notes)
try dataSource.apply(snapshot)

@MainActor func printFrames() {
    for section in 0..<2 {
        for item in 0..<dataSource.snapshot().numberOfItems(inSectionAt: section) {
            let frame = collectionView.layoutAttributesForItem(at: IndexPath(indexes: [section, item]))!.frame
            print(Int(frame.minX), Int(frame.minY), Int(frame.width), Int(frame.height))
        }
    }
}
printFrames()

// Columns at least 150 points wide: two fit in 320 points.
columns = .grid(minimumItemWidth: 150, spacing: 4)
try snapshot.appendItems(["p5"], toSection: .photos)
try dataSource.apply(snapshot)
print("--")
printFrames()
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// 0 0 104 104
// 108 0 104 104
// 216 0 104 104
// 0 108 104 104
// 0 212 320 320
// --
// 0 0 158 158
// 162 0 158 158
// 0 162 158 158
// 162 162 158 158
// 0 324 158 158
// 0 482 320 320
