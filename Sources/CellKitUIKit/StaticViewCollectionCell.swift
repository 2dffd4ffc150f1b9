#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit

/// The cell a ``CollectionViewHost`` shows ``/CellKit/StaticView`` items in: it adds the static view, a
/// `UIView` you own, to its content view, sized to it, and never configures it.
///
/// A view shows in one container at a time: embedding it here moves it from the cell that showed it.
/// When the cell is reused, it lets go of the view only if the view is still in it.
final class StaticViewCollectionCell: UICollectionViewCell, StaticViewContainer {
    private var embedding = StaticViewEmbedding()

    func embed(_ view: AnyObject) {
        embedding.embed(view, in: contentView, for: CollectionViewHost.self)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        embedding.release(from: contentView)
    }

    /// The static view's size, when it shows here.
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        embedding.size(
            in: contentView, fitting: targetSize, horizontalFittingPriority: horizontalFittingPriority,
            verticalFittingPriority: verticalFittingPriority)
            ?? super.systemLayoutSizeFitting(
                targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                verticalFittingPriority: verticalFittingPriority)
    }
}
