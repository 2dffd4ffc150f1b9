#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Sizes for both hosts: an item's length from the data source (`ItemSizing`), measured on the visible
// cell or on a sizing cell configured off screen; a header's or footer's, measured off screen.

extension UIKitListHost {
    /// An item's length along the list: the length the data source gives (measuring the cell when it
    /// asks), or `nil` when it gives none.
    func lengthOfItem(at indexPath: ListIndexPath) -> CGFloat? {
        guard let dataSource else { return nil }
        let width = listViewWidth
        let length = dataSource.lengthOfItem(at: indexPath, crossAxisLength: Double(width), in: self) {
            Double(measureItem(at: indexPath, width: width))
        }
        if length != nil { state.hasItemSizes = true }
        return length.map { CGFloat($0) }
    }

    /// An item's length with what is shown with its cell (``attachmentsLength(at:)``): the length the
    /// data source gives, or `fallback` when it gives none.
    func lengthOfRow(at indexPath: ListIndexPath, fallback: CGFloat) -> CGFloat {
        (lengthOfItem(at: indexPath) ?? fallback) + attachmentsLength(at: indexPath)
    }

    /// A section's header or footer height: zero when the data source has no view of that kind, the view
    /// measured (off screen) otherwise.
    func heightOfSupplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> CGFloat {
        guard let dataSource, dataSource.supplementaryKinds(in: self).contains(kind) else { return 0 }
        state.isMeasuring = true
        let view = dataSource.supplementaryView(ofKind: kind, at: ListIndexPath(item: 0, section: section), in: self)
        state.isMeasuring = false
        guard let view = view as? UIView else { return 0 }
        return fit(view, width: listViewWidth)
    }

    /// Measures an item: its visible cell as it is, or a sizing cell configured for it off screen (no
    /// cell is dequeued from the list view), as for an item whose visible cell a batch is about to
    /// configure again.
    private func measureItem(at indexPath: ListIndexPath, width: CGFloat) -> CGFloat {
        if !state.awaitingReconfigure.contains(indexPath), let cell = visibleCellInListView(at: indexPath.indexPath) {
            return fit(cell, width: width)
        }
        guard let dataSource else { return 0 }
        state.isMeasuring = true
        let object = dataSource.cell(at: indexPath, in: self)
        state.isMeasuring = false
        guard let view = object as? UIView else { return 0 }
        return fit(view, width: width)
    }

    /// The height a view takes at a width (`systemLayoutSizeFitting` with the width required).
    func fit(_ view: UIView, width: CGFloat) -> CGFloat {
        view.systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    /// The view the host measures with for a reuse identifier, made once with its registered factory.
    func sizingView(ofKind kind: SupplementaryKind?, reuseIdentifier: String) -> AnyObject {
        let key = UIKitHostState.ReuseKey(kind: kind, reuseIdentifier: reuseIdentifier)
        if let view = state.sizingViews[key] { return view }
        guard let factory = state.factories[key] else {
            preconditionFailure(
                "\(Self.self) has no view registered for reuse identifier \"\(reuseIdentifier)\" to measure with")
        }
        let view = factory()
        state.sizingViews[key] = view
        return view
    }
}
