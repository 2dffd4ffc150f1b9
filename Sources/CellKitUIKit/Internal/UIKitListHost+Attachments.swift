#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// What a UIKit host shows with an item's cell, for both hosts: the item-scoped supplementary views
// (separators) below the cell's content, and its section's decorations (card backgrounds) behind both,
// drawn piece by piece with each item as `TextListView` draws them. They are asked for when the cell is
// configured, added to it, configured again in place with it, add their heights to the item's, and go
// back to the host's own reuse pool when the cell stops showing.

/// The views shown with one cell, and where its item was when they were asked for.
@MainActor
final class CellAttachments {
    var indexPath: ListIndexPath
    var position: PositionInSection
    var supplementaries: [(kind: SupplementaryKind, view: UIView)] = []
    var decorations: [(kind: SupplementaryKind, view: UIView)] = []
    /// Whether UIKit shows the cell (its item-scoped views' display was reported).
    var isDisplayed = false

    init(indexPath: ListIndexPath, position: PositionInSection) {
        self.indexPath = indexPath
        self.position = position
    }

    var views: [UIView] { supplementaries.map(\.view) + decorations.map(\.view) }
}

extension UIKitListHost {
    /// The data source's item-scoped supplementary kinds: none unless it adopts `ListHostItemViews`.
    func itemKinds(of dataSource: any ListHostDataSource) -> [SupplementaryKind] {
        (dataSource as? any ListHostItemViews)?.itemSupplementaryKinds(in: self) ?? []
    }

    /// The data source's decoration kinds: none unless it adopts `ListHostItemViews`.
    func decorationKinds(of dataSource: any ListHostDataSource) -> [SupplementaryKind] {
        (dataSource as? any ListHostItemViews)?.decorationKinds(in: self) ?? []
    }

    /// Whether the data source has item-scoped supplementary or decoration kinds.
    func hasAttachmentKinds(_ dataSource: any ListHostDataSource) -> Bool {
        guard let dataSource = dataSource as? any ListHostItemViews else { return false }
        return !dataSource.itemSupplementaryKinds(in: self).isEmpty || !dataSource.decorationKinds(in: self).isEmpty
    }

    /// The view for an item's attachment: the one already attached with the same kind and reuse
    /// identifier when the item is configured again in place (taken out of `inPlace`), a recycled one, or
    /// a new one made with the registered factory.
    func attachmentView(for key: UIKitHostState.ReuseKey, reusing inPlace: inout [UIKitHostState.ReuseKey: UIView])
        -> AnyObject
    {
        if let view = inPlace.removeValue(forKey: key) { return view }
        if let view = state.attachmentPool[key]?.popLast() {
            Self.prepareForReuse(view)
            return view
        }
        guard let factory = state.factories[key] else {
            // Not reached: the data source registers every kind it names. Traps as a sizing view would.
            return sizingView(for: key)
        }
        let view = factory()
        state.attachmentViewsCreated += 1
        state.attachmentKeys[ObjectIdentifier(view)] = key
        return view
    }

    /// Asks the data source for the views shown with an item's cell and adds them to it. When the cell
    /// has views already (the item is configured again in place), the dequeues get them back, and only the
    /// item-scoped views that come or go are reported.
    func attach(to cell: UIView, at path: ListIndexPath) {
        guard let dataSource else { return }
        let previous = state.attached[ObjectIdentifier(cell)]
        guard previous != nil || hasAttachmentKinds(dataSource) else { return }
        var inPlace: [UIKitHostState.ReuseKey: UIView] = [:]
        for view in previous?.views ?? [] {
            if let key = state.attachmentKeys[ObjectIdentifier(view)] { inPlace[key] = view }
        }
        let count = dataSource.numberOfItems(inSection: path.section, in: self)
        let attachments = CellAttachments(indexPath: path, position: PositionInSection(item: path.item, count: count))
        for kind in itemKinds(of: dataSource) {
            let configured = configuredView(for: .supplementary(kind, path)) {
                attachmentView(for: $0, reusing: &inPlace)
            }
            guard let view = configured as? UIView else { continue }
            attachments.supplementaries.append((kind, view))
        }
        for kind in decorationKinds(of: dataSource) where !drawsSectionBackgroundsInLayout {
            let configured = configuredView(for: .decoration(kind, section: path.section)) {
                attachmentView(for: $0, reusing: &inPlace)
            }
            guard let view = configured as? UIView else { continue }
            attachments.decorations.append((kind, view))
        }
        let left = inPlace.values
        let item = state.shownItems[ObjectIdentifier(cell)]
        attachments.isDisplayed = previous?.isDisplayed ?? false
        for view in left {
            if attachments.isDisplayed, let item,
                let kind = previous?.supplementaries.first(where: { $0.view === view })?.kind
            {
                state.events.append(.didEndDisplayingItemSupplementaryView(kind, item: item, at: path))
            }
            recycleAttachment(view)
        }
        place(attachments, in: cell)
        if attachments.isDisplayed, let item {
            let kept = Set((previous?.views ?? []).map(ObjectIdentifier.init))
            for (kind, view) in attachments.supplementaries where !kept.contains(ObjectIdentifier(view)) {
                state.events.append(.willDisplayItemSupplementaryView(kind, item: item, at: path))
            }
        }
        state.attached[ObjectIdentifier(cell)] = attachments.views.isEmpty ? nil : attachments
        if !attachments.views.isEmpty { state.hasAttachments = true }
    }

    /// Adds the views to the cell: the decorations behind everything, filling it; the item-scoped views
    /// stacked at its bottom, above the decorations' bottom margin when the item is its section's last,
    /// and between their leading and trailing margins (the width the cell's content renders at).
    private func place(_ attachments: CellAttachments, in cell: UIView) {
        let margins = marginViews(at: attachments.indexPath, shown: attachments)
        let leading = margins.map { $0.directionalLayoutMargins.leading }.reduce(0, +)
        let width = max(0, cell.bounds.width - Self.horizontalInsets(of: margins))
        var bottom = cell.bounds.height
        if attachments.position.isLast {
            bottom -= margins.map { $0.directionalLayoutMargins.bottom }.reduce(0, +)
        }
        for (_, view) in attachments.decorations {
            view.frame = cell.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if view.superview !== cell { cell.addSubview(view) }
        }
        for (_, view) in attachments.supplementaries.reversed() {
            let height = fit(view, width: width)
            bottom -= height
            view.frame = CGRect(x: leading, y: bottom, width: width, height: height)
            view.autoresizingMask = [.flexibleWidth]
            if view.superview !== cell { cell.addSubview(view) }
        }
    }

    /// The cell shows: its item-scoped views show with it.
    func attachmentsWillDisplay(with cell: AnyObject, item: AnyHashable, at path: ListIndexPath) {
        guard let attachments = state.attached[ObjectIdentifier(cell)], !attachments.isDisplayed else { return }
        attachments.isDisplayed = true
        for (kind, _) in attachments.supplementaries {
            report(.willDisplayItemSupplementaryView(kind, item: item, at: path))
        }
    }

    /// The cell stopped showing: its attached views stop showing with it and go back to the pool.
    func attachmentsDidEndDisplaying(with cell: AnyObject, item: AnyHashable, at path: ListIndexPath) {
        guard let attachments = state.attached.removeValue(forKey: ObjectIdentifier(cell)) else { return }
        if attachments.isDisplayed {
            for (kind, _) in attachments.supplementaries {
                report(.didEndDisplayingItemSupplementaryView(kind, item: item, at: path))
            }
        }
        for view in attachments.views { recycleAttachment(view) }
    }

    func recycleAttachment(_ view: UIView) {
        view.removeFromSuperview()
        guard let key = state.attachmentKeys[ObjectIdentifier(view)] else { return }
        state.attachmentPool[key, default: []].append(view)
    }

    /// The width an item's cell renders its content at: the list view's width less the leading and
    /// trailing layout margins (`directionalLayoutMargins`) of the decorations drawn around it, such as a
    /// card. Read on the decorations shown with its cell, or on sizing views configured for it off screen;
    /// the list view's width when the data source has no decoration kinds.
    ///
    /// - Complexity: O(1) without decoration kinds; otherwise O(d) for *d* kinds, plus configuring the
    ///   sizing decorations of an item whose cell is not shown.
    func contentWidth(at path: ListIndexPath) -> CGFloat {
        let width = listViewWidth
        guard let dataSource else { return width }
        guard !decorationKinds(of: dataSource).isEmpty else { return width }
        return max(0, width - Self.horizontalInsets(of: marginViews(at: path, shown: shownAttachments(at: path))))
    }

    /// The decorations whose layout margins inset an item's content: the ones shown with its cell, or ones
    /// configured for its section off screen when no cell of it shows or when the layout draws the
    /// section's cards behind the cells (``CollectionViewHost/drawsSectionBackgroundsInLayout``).
    private func marginViews(at path: ListIndexPath, shown: CellAttachments?) -> [UIView] {
        if let shown, !drawsSectionBackgroundsInLayout { return shown.decorations.map(\.view) }
        guard let dataSource else { return [] }
        return decorationKinds(of: dataSource).compactMap {
            configuredView(for: .decoration($0, section: path.section), pick: sizingView) as? UIView
        }
    }

    /// The leading and trailing layout margins of decorations, added up.
    private static func horizontalInsets(of decorations: [UIView]) -> CGFloat {
        decorations.map { $0.directionalLayoutMargins.leading + $0.directionalLayoutMargins.trailing }.reduce(0, +)
    }

    /// The attachments of an item's visible cell, when they were made for it where it is now (and no batch
    /// is about to configure the cell again).
    private func shownAttachments(at path: ListIndexPath) -> CellAttachments? {
        guard !state.awaitingReconfigure.contains(path), let cell = visibleCellInListView(at: path.indexPath),
            let attachments = state.attached[ObjectIdentifier(cell)], attachments.indexPath == path
        else { return nil }
        return attachments
    }

    /// What an item's attachments add to its length: the item-scoped views' heights at the width the
    /// cell's content renders at (inside the decorations' margins), and the decorations' top margins for
    /// its section's first item and bottom margins for its last. Measured on the views shown with its
    /// cell, or on sizing views configured for it off screen.
    func attachmentsLength(at path: ListIndexPath) -> CGFloat {
        guard let dataSource, hasAttachmentKinds(dataSource) else { return 0 }
        let width = listViewWidth
        if let attachments = shownAttachments(at: path) {
            return length(
                attachments.supplementaries.map(\.view), marginViews(at: path, shown: attachments),
                at: attachments.position, width: width)
        }
        let count = dataSource.numberOfItems(inSection: path.section, in: self)
        let supplementaries = itemKinds(of: dataSource).compactMap {
            configuredView(for: .supplementary($0, path), pick: sizingView) as? UIView
        }
        return length(
            supplementaries, marginViews(at: path, shown: nil), at: PositionInSection(item: path.item, count: count),
            width: width)
    }

    private func length(
        _ supplementaries: [UIView], _ decorations: [UIView], at position: PositionInSection, width: CGFloat
    ) -> CGFloat {
        let inner = max(0, width - Self.horizontalInsets(of: decorations))
        var length = supplementaries.map { fit($0, width: inner) }.reduce(0, +)
        for view in decorations {
            if position.isFirst { length += view.directionalLayoutMargins.top }
            if position.isLast { length += view.directionalLayoutMargins.bottom }
        }
        return length
    }

    /// The views shown with a cell, for tests.
    func attachedViews(of cell: AnyObject) -> (
        supplementaries: [AnyObject], decorations: [AnyObject], position: PositionInSection
    )? {
        guard let attachments = state.attached[ObjectIdentifier(cell)] else { return nil }
        return (attachments.supplementaries.map(\.view), attachments.decorations.map(\.view), attachments.position)
    }

    /// Calls UIKit's `prepareForReuse()` on a recycled view that has one.
    private static func prepareForReuse(_ view: UIView) {
        if let view = view as? UICollectionReusableView {
            view.prepareForReuse()
        } else if let view = view as? UITableViewHeaderFooterView {
            view.prepareForReuse()
        } else if let view = view as? UITableViewCell {
            view.prepareForReuse()
        }
    }
}
