#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit

/// The cell a ``CollectionViewHost`` shows ``/CellKit/StaticView`` items in: it adds the static view, a
/// `UIView` you own, to its content view, sized to it, and never configures it.
///
/// A view shows in one container at a time: embedding it here moves it from the cell that showed it.
/// When the cell is reused, it lets go of the view only if the view is still in it.
final class StaticViewCollectionCell: UICollectionViewCell, StaticViewContainer {
    /// The static view last embedded here (shown while it is in this cell's content view).
    private weak var embedded: UIView?

    func embed(_ view: AnyObject) {
        guard let view = view as? UIView else {
            preconditionFailure("CollectionViewHost shows UIView static views; a StaticView holds a \(type(of: view))")
        }
        embedded = view
        guard view.superview !== contentView else { return }
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        if let embedded, embedded.superview === contentView { embedded.removeFromSuperview() }
        embedded = nil
    }

    /// The static view's size, when it shows here: its autoresizing mask does not take part in Auto
    /// Layout, so the cell asks it.
    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                          verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard let embedded, embedded.superview === contentView else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        return embedded.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                verticalFittingPriority: verticalFittingPriority)
    }
}
