// Lays a UICollectionView out with a compositional layout of the host's sections, each item as tall as the data source says (here over the UIKit stand-in).
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
// snippet.hide
for (view, top, height) in collectionView._visibleFramesTopToBottom {
    print("\((view as? PhotoCell)?.caption ?? "?"): \(Int(top)) to \(Int(top + height))")
}
print("raised:", collectionView._raisedExceptions)
// Prints:
// Harbour: 0 to 160
// Dunes: 160 to 480
// raised: []
