#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// A compositional layout whose sections the host builds with the data source's sizes: the layout a
// screen gets its item sizes from (`ItemSizing`), since a compositional layout asks no delegate for them.

extension CollectionViewHost {
    /// A compositional layout of full-width rows sized as the data source says: each section is
    /// ``layoutSection(at:environment:itemHeight:)``.
    ///
    /// ```swift
    /// host.collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .estimated(44))
    /// ```
    ///
    /// Each section takes the layout the data source picks for it (``/CellKit/UniversalDataSource/sectionLayouts``:
    /// rows, a grid, a carousel, pinned headers). To mix these sections with sections of your own, call
    /// ``layoutSection(at:environment:itemHeight:)`` from your own section provider instead.
    ///
    /// - Parameter itemHeight: The height of an item the data source gives no length for (no
    ///   `ItemSizing`, not a static view): `.estimated(_:)`, which UIKit resolves by self-sizing the cell,
    ///   or `.absolute(_:)`.
    /// - Returns: A layout that holds the host weakly; give it to the collection view
    ///   (`collectionViewLayout`).
    public func makeCompositionalLayout(itemHeight: NSCollectionLayoutDimension = .estimated(44))
        -> UICollectionViewCompositionalLayout
    {
        let layout = UICollectionViewCompositionalLayout { [weak self] section, environment in
            self?.layoutSection(at: section, environment: environment, itemHeight: itemHeight)
        }
        drawSectionBackgrounds(in: layout)
        return layout
    }

    /// A compositional layout section of full-width rows for one of the host's sections, sized as the data
    /// source says: call it from a section provider.
    ///
    /// Each item is as tall as the data source's length (its registration's `ItemSizing`) or a static
    /// view's own height, plus what shows with its cell (separators, a card's margins), as an absolute
    /// height; an item the data source gives no length for takes `itemHeight`: an estimated height, which
    /// UIKit resolves by self-sizing the cell once it shows (an item shown with separators or a card is
    /// measured by the host instead, as a self-sized cell's height leaves them out), or an absolute one,
    /// to which what shows with the cell is added. The section's header and footer, when the data source
    /// has views of those kinds, are boundary supplementary items of UIKit's header and footer kinds
    /// (`.top` and `.bottom`), as tall as the configured view measures. Other section-wide kinds are not
    /// laid out: add boundary items of their kinds (their raw values) to the section returned.
    ///
    /// The section is laid out as the data source's ``/CellKit/UniversalDataSource/sectionLayouts`` says
    /// for it: full-width rows, or a grid, whose rows are horizontal groups of as many items as it has
    /// columns at the container's effective width, each a column wide and as tall as the data source's
    /// length for that width (or `itemHeight`; what shows with a cell is not added in a grid), with the
    /// grid's spacing between items and rows; or a carousel, a section with `orthogonalScrollingBehavior`
    /// of one horizontal group per item, as wide as the carousel's item width (`.fractionalWidth(_:)` of the
    /// container for a fractional one) and as tall as the tallest item (its length for that width, or
    /// `itemHeight`), `interGroupSpacing` apart, whose `visibleItemsInvalidationHandler` reports the offset
    /// to the data source by section identity and puts back the kept offset after a batch or a reload
    /// (UIKit keeps them by index). A pinned header or footer is a boundary item with `pinToVisibleBounds`.
    /// In a layout made by ``makeCompositionalLayout(itemHeight:)`` or given to
    /// ``drawSectionBackgrounds(in:)``, each of the section's cards (the data source's decoration kinds) is
    /// a background decoration item over its items.
    ///
    /// The items are the subitems of one vertical group, in order: the section must be asked for again
    /// whenever the items change, which UIKit does on every layout pass after a batch or an invalidation.
    ///
    /// - Parameters:
    ///   - section: The section index, as the section provider gets it.
    ///   - environment: The layout environment, as the section provider gets it.
    ///   - itemHeight: The height of an item the data source gives no length for: `.estimated(_:)` or
    ///     `.absolute(_:)`.
    /// - Returns: The section.
    /// - Complexity: O(n) for the section's *n* items, plus the measuring the data source asks for
    ///   (answered from its size cache), one measure of each static view and of each item shown with
    ///   separators or a card without a length, and one of the header and of the footer.
    public func layoutSection(
        at section: Int, environment: any NSCollectionLayoutEnvironment,
        itemHeight: NSCollectionLayoutDimension = .estimated(44)
    ) -> NSCollectionLayoutSection {
        let counts = knownCounts()
        let count = counts.indices.contains(section) ? counts[section] : 0
        let layout = dataSource?.layout(ofSection: section, in: self) ?? .list
        let layoutSection =
            layout.carouselScrolling == nil
            ? NSCollectionLayoutSection(
                group: verticalGroup(
                    section: section, count: count, layout: layout, environment: environment, itemHeight: itemHeight))
            : carouselSection(
                at: section, count: count, layout: layout, environment: environment, itemHeight: itemHeight)
        for (kind, alignment)
            in [(SupplementaryKind.header, NSRectAlignment.top), (.footer, .bottom)]
        {
            let height = heightOfSupplementaryView(ofKind: kind, inSection: section)
            guard height > 0 else { continue }
            let boundary = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: Self.fullWidth(.absolute(height)), elementKind: Self.elementKind(kind),
                alignment: alignment)
            boundary.pinToVisibleBounds = kind == .header ? layout.pinsHeader : layout.pinsFooter
            layoutSection.boundarySupplementaryItems.append(boundary)
        }
        layoutSection.decorationItems = backgroundItems(inSection: section)
        return layoutSection
    }

    /// The group of a section that scrolls vertically: a grid's rows, or full-width rows.
    private func verticalGroup(
        section: Int, count: Int, layout: SectionLayout, environment: any NSCollectionLayoutEnvironment,
        itemHeight: NSCollectionLayoutDimension
    ) -> NSCollectionLayoutGroup {
        guard layout.isGrid else { return rowsGroup(section: section, count: count, itemHeight: itemHeight) }
        return gridGroup(
            section: section, count: count, layout: layout, width: environment.container.effectiveContentSize.width,
            itemHeight: itemHeight)
    }

    /// One vertical group of the section's items, each on a full-width row.
    private func rowsGroup(section: Int, count: Int, itemHeight: NSCollectionLayoutDimension)
        -> NSCollectionLayoutGroup
    {
        var subitems: [NSCollectionLayoutItem] = []
        var total: CGFloat = 0
        var isEstimated = false
        for item in 0..<count {
            let height = heightDimension(at: ListIndexPath(item: item, section: section), fallback: itemHeight)
            subitems.append(NSCollectionLayoutItem(layoutSize: Self.fullWidth(height)))
            total += height.dimension
            if height.isEstimated { isEstimated = true }
        }
        // UIKit takes no group without subitems; a section without items never lays one out.
        if subitems.isEmpty { subitems = [NSCollectionLayoutItem(layoutSize: Self.fullWidth(itemHeight))] }
        return NSCollectionLayoutGroup.vertical(
            layoutSize: Self.fullWidth(isEstimated ? .estimated(total) : .absolute(total)), subitems: subitems)
    }

    /// One vertical group of horizontal row groups, each of as many items as the grid has columns at the
    /// container's width, each item a column wide and as tall as the data source says for that width;
    /// a row is as tall as its tallest item, and `spacing` lies between columns and between rows.
    private func gridGroup(
        section: Int, count: Int, layout: SectionLayout, width: CGFloat, itemHeight: NSCollectionLayoutDimension
    ) -> NSCollectionLayoutGroup {
        let columns = layout.columnCount(forWidth: Double(width))
        let spacing = CGFloat(layout.spacing)
        let columnWidth = max(0, (width - spacing * CGFloat(columns - 1)) / CGFloat(columns))
        var rows: [NSCollectionLayoutItem] = []
        var total: CGFloat = 0
        var isEstimated = false
        for start in stride(from: 0, to: count, by: columns) {
            var cells: [NSCollectionLayoutItem] = []
            var rowHeight: CGFloat = 0
            var rowIsEstimated = false
            for item in start..<min(start + columns, count) {
                let path = ListIndexPath(item: item, section: section)
                let height = lengthOfItem(at: path, width: columnWidth).map { .absolute($0) } ?? itemHeight
                cells.append(
                    NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .absolute(columnWidth), heightDimension: height)
                    ))
                rowHeight = max(rowHeight, height.dimension)
                if height.isEstimated { rowIsEstimated = true }
            }
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: Self.fullWidth(rowIsEstimated ? .estimated(rowHeight) : .absolute(rowHeight)),
                subitems: cells)
            row.interItemSpacing = .fixed(spacing)
            rows.append(row)
            total += rowHeight
            if rowIsEstimated { isEstimated = true }
        }
        total += spacing * CGFloat(max(0, rows.count - 1))
        // UIKit takes no group without subitems; a section without items never lays one out.
        if rows.isEmpty { rows = [NSCollectionLayoutItem(layoutSize: Self.fullWidth(itemHeight))] }
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: Self.fullWidth(isEstimated ? .estimated(total) : .absolute(total)), subitems: rows)
        group.interItemSpacing = .fixed(spacing)
        return group
    }

    /// An item's height in a section the host builds: the data source's length (or a static view's) with
    /// what shows with the cell; without one, `fallback`, estimated or with what shows with the cell added
    /// to it; an estimated item shown with separators or a card is measured.
    private func heightDimension(at path: ListIndexPath, fallback: NSCollectionLayoutDimension)
        -> NSCollectionLayoutDimension
    {
        if let length = lengthOfItem(at: path) { return .absolute(length + attachmentsLength(at: path)) }
        let attachments = attachmentsLength(at: path)
        if fallback.isAbsolute { return .absolute(fallback.dimension + attachments) }
        guard let dataSource, hasAttachmentKinds(dataSource) else { return fallback }
        return .absolute(measureItem(at: path, width: contentWidth(at: path)) + attachments)
    }

    private static func fullWidth(_ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
    }
}
