@_spi(ListHost) import CellKit
import DiffableStore

// What an item row shows besides its cell: item-scoped supplementary views (separators) below the
// cell's lines, and its section's decorations (card backgrounds) drawn around both. They are asked for
// with the cell, held by it, reconfigured in place with it, and recycled with it.

extension TextListView {
    /// The item-scoped supplementary view of a kind showing with an item, if the item is visible.
    ///
    /// - Parameters:
    ///   - kind: An item-scoped kind.
    ///   - indexPath: The item's index path in the list's current state.
    /// - Returns: The view, or `nil` when the item is not visible or the data source gave none for it.
    /// - Complexity: O(log v + k) for *v* visible rows and *k* item-scoped kinds.
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> TextCell? {
        cellForItem(at: indexPath)?.attachments?.supplementaries.first { $0.kind == kind }?.view
    }

    /// Reads the kinds item rows show from the data source (when the list loads).
    func readAttachmentKinds(from dataSource: any ListHostDataSource) {
        guard let dataSource = dataSource as? any ListHostItemViews else {
            attachmentState.itemKinds = []
            attachmentState.decorationKinds = []
            return
        }
        var seen = Set<SupplementaryKind>()
        attachmentState.itemKinds = dataSource.itemSupplementaryKinds(in: self).filter { seen.insert($0).inserted }
        attachmentState.decorationKinds = dataSource.decorationKinds(in: self).filter { seen.insert($0).inserted }
    }

    /// The lines a row's view shows: with an item's attachments, framed; otherwise the view's own.
    /// A shown row's lines for the height it was measured at: the cell's lines cut or padded so that
    /// the cell and what is attached to it take `height` lines. Asks the data source nothing.
    func rowLines(_ view: TextCell, height: Int) -> [String] {
        guard let attachments = view.attachments else { return view.render(width: width) }
        let extra = attachments.lines(of: view, width: width, cellLines: 1).count - 1
        return attachments.lines(of: view, width: width, cellLines: max(1, height - extra))
    }

    /// A row's lines: the cell's (exactly `cellLines` when given) and what is attached to it.
    func rowLines(_ view: TextCell, cellLines: Int? = nil) -> [String] {
        guard let attachments = view.attachments else {
            return RowAttachments.fitted(view.render(width: width), to: cellLines)
        }
        return attachments.lines(of: view, width: width, cellLines: cellLines)
    }

    /// Asks the data source for the views shown with an item's cell and attaches them to it, telling the
    /// delegate about the supplementary views that start showing (none when rendering off screen).
    ///
    /// `source` says where the views come from: for ``ViewSource/inPlace(_:)`` (the item's row is
    /// configured again in place, with the views attached to it), the views of the same kinds and reuse
    /// identifiers are configured again, and only the views that come or go are reported.
    func attach(to cell: TextCell, at path: ListIndexPath, from source: ViewSource) {
        guard !attachmentState.isEmpty || cell.attachments != nil, dataSource != nil else { return }
        let previous = cell.attachments
        let offscreen = if case .scratch = source { true } else { false }
        let attachments = RowAttachments()
        attachments.position = PositionInSection(item: path.item, count: rows.itemCount(inSection: path.section))
        for kind in attachmentState.itemKinds {
            if !offscreen { statistics.configured += 1 }
            guard let view = configuredView(for: .supplementary(kind, path), from: source) else { continue }
            view.configureCount += 1
            attachments.supplementaries.append((kind, view))
        }
        for kind in attachmentState.decorationKinds {
            if !offscreen { statistics.configured += 1 }
            guard let view = configuredView(for: .decoration(kind, section: path.section), from: source) else {
                continue
            }
            guard let background = view as? TextSectionBackground else {
                preconditionFailure(
                    "TextListView draws decorations that are TextSectionBackground subclasses; the data source configured a \(type(of: view)) for \(kind)"
                )
            }
            background.configureCount += 1
            attachments.backgrounds.append((kind, background))
        }
        cell.attachments = attachments.isEmpty ? nil : attachments
        for view in attachments.views { view.indexPath = path }
        guard !offscreen else { return }
        let kept = Set((previous?.views ?? []).map(ObjectIdentifier.init))
        let now = Set(attachments.views.map(ObjectIdentifier.init))
        if let previous {
            for (kind, view) in previous.supplementaries where !now.contains(ObjectIdentifier(view)) {
                events.append(
                    cell.shownIdentity.map { .didEndDisplayingItemSupplementaryView(kind, item: $0, at: path) })
                recycle(view)
            }
            for (_, view) in previous.backgrounds where !now.contains(ObjectIdentifier(view)) { recycle(view) }
        }
        for (kind, view) in attachments.supplementaries where !kept.contains(ObjectIdentifier(view)) {
            events.append(cell.shownIdentity.map { .willDisplayItemSupplementaryView(kind, item: $0, at: path) })
        }
    }

    /// Reports that the views shown with an item's cell stopped showing, and puts them back in their
    /// pools (the scratch pools when `scratch`).
    func detachAll(from cell: TextCell, at location: RowLocation, scratch: Bool = false) {
        guard let attachments = cell.attachments else { return }
        cell.attachments = nil
        if scratch {
            for view in attachments.views { pool.recycle(view, scratch: true) }
            return
        }
        for (kind, view) in attachments.supplementaries {
            events.append(
                cell.shownIdentity.map {
                    .didEndDisplayingItemSupplementaryView(kind, item: $0, at: location.indexPath)
                })
            recycle(view)
        }
        for (_, view) in attachments.backgrounds { recycle(view) }
    }
}
