#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Sizes for both hosts: an item's length from the data source (`ItemSizing`), measured on the visible
// cell or on a sizing cell configured off screen; a static view's without one, self-sized; a header's or
// footer's, measured off screen.

extension UIKitListHost {
    /// The height a header or footer is laid out at before it says the height it wants: 44 points, the
    /// estimate UIKit's list layouts and Apple's compositional layout samples give a self-sizing header
    /// (`NSCollectionLayoutDimension.estimated(44)`), and a table view's default row height.
    var estimatedSupplementaryHeight: CGFloat { 44 }

    /// An item's length along the list: the length the data source gives for the width the cell's
    /// content renders at (``contentWidth(at:)``, measuring the cell at it when the data source asks), a
    /// static view's own length at that width when it gives none (``lengthOfStaticView(at:width:)``), or
    /// `nil`. A grid's item passes its column's `width` instead.
    func lengthOfItem(at indexPath: ListIndexPath, width columnWidth: CGFloat? = nil) -> CGFloat? {
        guard let dataSource else { return nil }
        let width = columnWidth ?? contentWidth(at: indexPath)
        let length = dataSource.lengthOfItem(at: indexPath, crossAxisLength: Double(width), in: self) {
            Double(measureItem(at: indexPath, width: width))
        }
        guard let length else { return lengthOfStaticView(at: indexPath, width: width) }
        state.hasItemSizes = true
        return CGFloat(length)
    }

    /// A ``/CellKit/StaticView``'s length when the data source gives none, self-sized as UIKit sizes a
    /// self-sizing cell: `systemLayoutSizeFitting` of the container cell that shows it (which answers with
    /// the static view's size), or of the static view itself while no cell shows it. Measured each time
    /// the list view asks (after a batch, `ListHost/invalidateItemSizes(at:)` or a reload), never by
    /// configuring: the static view is never configured, so its size follows its content once the list
    /// view lays out again. `nil` for any other item, and for a static view that fits in no height (one
    /// that does not say its size): it gets the layout's size then, as `UITableView` gives a self-sizing
    /// cell whose constraints suggest a height of zero its standard height.
    private func lengthOfStaticView(at indexPath: ListIndexPath, width: CGFloat) -> CGFloat? {
        guard let item = dataSource?.itemIdentifier(at: indexPath, in: self),
            let view = (item.base as? StaticView)?.view as? UIView
        else { return nil }
        let length =
            if let cell = visibleCellInListView(at: indexPath.indexPath), view.isShown(in: cell) {
                fit(cell, width: width)
            } else {
                fit(view, width: width)
            }
        return length > 0 ? length : nil
    }

    /// An item's length with what is shown with its cell (``attachmentsLength(at:)``): the length the
    /// data source gives, or `fallback` when it gives none.
    func lengthOfRow(at indexPath: ListIndexPath, fallback: CGFloat) -> CGFloat {
        (lengthOfItem(at: indexPath) ?? fallback) + attachmentsLength(at: indexPath)
    }

    /// A section's header or footer height: zero when the data source has no view of that kind, the view
    /// measured (off screen) otherwise.
    ///
    /// The view is measured as UIKit self-sizes one: laid out at the estimate first
    /// (``estimatedSupplementaryHeight``), then asked for the height it wants, so a view that does not say
    /// its height keeps the estimate, as a cell does, instead of vanishing at zero height.
    func heightOfSupplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> CGFloat {
        guard let dataSource, dataSource.supplementaryKinds(in: self).contains(kind) else { return 0 }
        let path = ListIndexPath(item: 0, section: section)
        guard let view = configuredView(for: .supplementary(kind, path), pick: sizingView) as? UIView else { return 0 }
        view.frame.size = CGSize(width: listViewWidth, height: estimatedSupplementaryHeight)
        return fit(view, width: listViewWidth)
    }

    /// Measures an item: its visible cell as it is, or a sizing cell configured for it off screen (no
    /// cell is dequeued from the list view), as for an item whose visible cell a batch is about to
    /// configure again.
    func measureItem(at indexPath: ListIndexPath, width: CGFloat) -> CGFloat {
        if !state.awaitingReconfigure.contains(indexPath), let cell = visibleCellInListView(at: indexPath.indexPath) {
            return fit(cell, width: width)
        }
        guard let view = configuredView(for: .cell(indexPath), pick: sizingView) as? UIView else { return 0 }
        return fit(view, width: width)
    }

    /// Whether `view` is one of the views the host measures with (configured off screen, never shown).
    func isSizingViewInHost(_ view: AnyObject) -> Bool {
        state.sizingViews.values.contains { $0 === view }
    }

    /// The height a view takes at a width (`systemLayoutSizeFitting` with the width required).
    func fit(_ view: UIView, width: CGFloat) -> CGFloat {
        view.systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    /// The view the host measures with for a kind (`nil` for cells) and reuse identifier, made once with
    /// its registered factory.
    func sizingView(for key: UIKitHostState.ReuseKey) -> AnyObject {
        if let view = state.sizingViews[key] { return view }
        guard let factory = state.factories[key] else {
            preconditionFailure(
                "\(Self.self) has no view registered for reuse identifier \"\(key.reuseIdentifier)\" to measure with")
        }
        let view = factory()
        state.sizingViews[key] = view
        return view
    }
}

extension UIView {
    /// Whether the view is `ancestor` or one of its subviews, at any depth.
    fileprivate func isShown(in ancestor: UIView) -> Bool {
        var view: UIView? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }
}
