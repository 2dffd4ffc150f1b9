// Lays a section of a UICollectionView out as a carousel that scrolls sideways, and shows its offset kept by section identity through an apply that moves it; over the UIKit stand-in, prints the offsets.
import CellKit
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
@_spi(Simulation) import UIKitStandIn  // UIKit's API where UIKit does not exist, and the swipe it simulates
#endif

enum Shelf: Hashable { case featured, recent, notes }

final class TitleCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with title: String) { self.title = title }
}

let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
let host = CollectionViewHost(collectionView: collectionView)
collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(44))
let dataSource = UniversalDataSource<Shelf>(host: host)
// Two carousels of cards 80% of the width, so the next one peeks in; the notes are rows.
dataSource.sectionLayouts = { shelf in
    shelf == .notes ? .list : .carousel(itemWidth: .fractional(0.8), spacing: 8, scrolling: .groupPaging)
}
dataSource.registerCellType(TitleCell.self, sizing: .fixed(120))

var snapshot = Snapshot<Shelf, AnyHashable>()
try snapshot.appendSections([.featured, .recent])
try snapshot.appendItems(["f1", "f2", "f3"], toSection: .featured)
try snapshot.appendItems(["r1", "r2", "r3"], toSection: .recent)
try dataSource.apply(snapshot)

#if !canImport(UIKit)
// The user swipes the featured carousel to its second card (256 + 8 points in).
collectionView._scrollSection(0, toX: 264)
#endif
print("featured:", dataSource.carouselOffset(of: .featured), "recent:", dataSource.carouselOffset(of: .recent))

// Notes above both, and the carousels swapped: each keeps its own offset.
snapshot = Snapshot<Shelf, AnyHashable>()
try snapshot.appendSections([.notes, .recent, .featured])
try snapshot.appendItems(["n1"], toSection: .notes)
try snapshot.appendItems(["r1", "r2", "r3"], toSection: .recent)
try snapshot.appendItems(["f1", "f2", "f3"], toSection: .featured)
try dataSource.apply(snapshot)
print("featured:", dataSource.carouselOffset(of: .featured), "recent:", dataSource.carouselOffset(of: .recent))
#if !canImport(UIKit)
// What the collection view shows at each section's index.
print("on screen:", (0..<3).map { Int(collectionView._horizontalOffset(ofSection: $0)) })
#endif

// The app resets a carousel.
dataSource.setCarouselOffset(0, of: .featured)
print("featured:", dataSource.carouselOffset(of: .featured))
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// featured: 264.0 recent: 0.0
// featured: 264.0 recent: 0.0
// on screen: [0, 0, 264]
// featured: 0.0
