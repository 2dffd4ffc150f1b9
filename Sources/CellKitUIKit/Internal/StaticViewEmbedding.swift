#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit

/// What a container cell does with the `UIView` of a ``/CellKit/StaticView`` (both hosts' containers use it):
/// it adds the view to the cell's content view, sized to it, lets go of it on reuse only if the view is still
/// there (a view shows in one container at a time), and reports the view's size.
@MainActor
struct StaticViewEmbedding {
    /// The static view last embedded (shown while it is in the content view).
    private weak var embedded: UIView?

    /// Shows `view` in `contentView`, taking it from the container that showed it.
    ///
    /// - Precondition: `view` is a `UIView`.
    mutating func embed<Host>(_ view: AnyObject, in contentView: UIView, for host: Host.Type) {
        guard let view = view as? UIView else {
            preconditionFailure("\(Host.self) shows UIView static views; a StaticView holds a \(type(of: view))")
        }
        embedded = view
        guard view.superview !== contentView else { return }
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
    }

    /// Lets go of the view if it still shows in `contentView` (the cell is being reused).
    mutating func release(from contentView: UIView) {
        if let embedded, embedded.superview === contentView { embedded.removeFromSuperview() }
        embedded = nil
    }

    /// The static view's size, when it shows in `contentView`: its autoresizing mask does not take part in
    /// Auto Layout, so the cell asks it.
    func size(
        in contentView: UIView, fitting targetSize: CGSize, horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize? {
        guard let embedded, embedded.superview === contentView else { return nil }
        return embedded.systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
            verticalFittingPriority: verticalFittingPriority)
    }
}
