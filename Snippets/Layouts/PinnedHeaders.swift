// Pins each section's header to the top of a UICollectionView while its section scrolls under it; over the UIKit stand-in, prints where the headers show.
import CellKit
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
@_spi(Simulation) import UIKitStandIn  // UIKit's API where UIKit does not exist, and the frames it lays out
#endif

final class TitleCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with title: String) { self.title = title }
}

final class HeaderView: UICollectionReusableView, ConfigurableView, ReusableView {
    var title = ""
    func configure(with letter: String) { title = letter }
    // 30 points tall, as Auto Layout would measure it.
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 30) }
}

let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 120), collectionViewLayout: UICollectionViewFlowLayout())
let host = CollectionViewHost(collectionView: collectionView)
collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(44))
let dataSource = UniversalDataSource<String>(host: host)
dataSource.sectionLayouts = { _ in SectionLayout.list.pinned() }
dataSource.registerCellType(TitleCell.self, sizing: .fixed(50))
try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self)

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["A", "B"])
try snapshot.appendItems(["Ada", "Alan", "Anita"], toSection: "A")
try snapshot.appendItems(["Barbara", "Bjarne"], toSection: "B")
try dataSource.apply(snapshot)

for offset in [0, 100, 170] {
    collectionView.contentOffset.y = CGFloat(offset)
    #if !canImport(UIKit)
    // Where the stand-in shows the headers.
    let headers = collectionView._visibleFramesTopToBottom.compactMap { view, top, _ in
        (view as? HeaderView).map { "\($0.title) at \(Int(top))" }
    }
    print("scrolled to \(offset):", headers)
    #endif
}
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// scrolled to 0: ["A at 0"]
// scrolled to 100: ["A at 100", "B at 180"]
// scrolled to 170: ["A at 150", "B at 180"]
