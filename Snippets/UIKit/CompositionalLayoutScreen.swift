// Lays a UICollectionView out with a compositional layout of the host's sections, each item as tall as the data source says; over the UIKit stand-in, a simulated user reads the frames.
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

struct Photo: Hashable {
    var caption: String
    var aspectRatio: Double
}

final class PhotoCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var caption = ""
    func configure(with photo: Photo) { caption = photo.caption }
}

let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
let host = CollectionViewHost(collectionView: collectionView)
collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(44))
let dataSource = UniversalDataSource<Int>(host: host)
// The layout takes each photo's height from its sizing: the width over its aspect ratio.
dataSource.registerCellType(PhotoCell.self, sizing: .calculated { photo, width in width / photo.aspectRatio })

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Photo(caption: "Harbour", aspectRatio: 2), Photo(caption: "Dunes", aspectRatio: 1)])
try dataSource.apply(snapshot)

#if !canImport(UIKit)
for row in SimulatedUser(host).visibleItemFrames { print(row) }
#endif
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// Photo(caption: "Harbour", aspectRatio: 2.0): 0 to 160
// Photo(caption: "Dunes", aspectRatio: 1.0): 160 to 480
