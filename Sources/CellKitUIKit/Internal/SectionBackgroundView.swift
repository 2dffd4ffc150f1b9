#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit

/// The view a compositional layout made by ``CollectionViewHost/makeCompositionalLayout(itemHeight:)``
/// shows behind a section for one of the data source's decoration kinds (a card): the layout makes it,
/// without the data source (`NSCollectionLayoutDecorationItem.background(elementKind:)`), and hands it its
/// section in its layout attributes; it asks the host it finds above it (the collection view's data
/// source) for the data source's decoration view of that kind for that section, and shows it filling its
/// bounds.
@MainActor
final class SectionBackgroundView: UICollectionReusableView {
    /// The section and decoration kind of the attributes last applied.
    private(set) var section: Int?
    private(set) var kind: SupplementaryKind?
    /// The data source's decoration view shown, and the host it came from.
    var embedded: UIView?

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        section = layoutAttributes.indexPath.count == 2 ? layoutAttributes.indexPath[0] : nil
        kind = layoutAttributes.representedElementKind.flatMap(CollectionViewHost.decorationKind(ofElementKind:))
        host?.configureBackground(self)
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        host?.configureBackground(self)
    }

    /// The host whose collection view shows this view, found through the collection view's data source.
    private var host: CollectionViewHost? {
        var view = superview
        while let current = view, !(current is UICollectionView) { view = current.superview }
        return ((view as? UICollectionView)?.dataSource as? CollectionViewBridge)?.host
    }
}

/// A background view the host keeps without keeping it alive.
@MainActor
struct WeakSectionBackground {
    weak var view: SectionBackgroundView?
}
