@_spi(ListHost) import CellKit
import DiffableStore

// Loading the rows and keeping the viewport filled: which rows have views, configuring rows that come
// into view, measuring them, and recycling the views of rows that leave.

extension TextListView {
    /// Loads the list if it is not loaded yet. The load is a transaction of its own: a read that lays
    /// out a fresh list (``indexPathsForVisibleItems``, ``contentHeight``…) delivers the `willDisplay`
    /// events of the rows it shows before it answers, as UIKit tells its delegate during the layout
    /// pass, not at some later operation. Inside an operation the events wait for its end, as always.
    func loadIfNeeded() {
        if !isLoaded { transaction { load() } }
    }

    /// Recycles every view (telling the delegate) and forgets every row; the list loads again when used.
    func unload() {
        openSwipe = nil
        openMenu = nil
        if let (item, path) = focused {
            focused = nil
            events.append(.didUnfocus(item, at: path))
        }
        lastFocused = nil
        if let (item, path) = accessibilityFocused {
            accessibilityFocused = nil
            events.append(.didAccessibilityUnfocus(item, at: path))
        }
        interactiveMove = nil
        if let (item, path) = highlighted {
            highlighted = nil
            events.append(.didUnhighlight(item, at: path))
        }
        for (row, view) in displayed { endDisplaying(view, at: rows.location(ofRow: row)) }
        cancelPrefetching(prefetched)
        prefetched = []
        displayed = []
        rows = RowLayout(estimatedRowHeight: estimatedRowHeight)
        endAllSelections()
        isLoaded = false
    }

    /// Reads the kinds and counts from the data source, with every row unmeasured, then lays out.
    func load() {
        unload()
        isLoaded = true
        guard let dataSource else { return }
        var seen = Set<SupplementaryKind>()
        let kinds = dataSource.supplementaryKinds(in: self).filter { seen.insert($0).inserted }
        readAttachmentKinds(from: dataSource)
        let sections = max(0, dataSource.numberOfSections(in: self))
        rows = RowLayout(
            kindsAbove: kinds.filter { $0 == .header } + kinds.filter { $0 != .header && $0 != .footer },
            kindsBelow: kinds.filter { $0 == .footer },
            itemCounts: (0..<sections).map { max(0, dataSource.numberOfItems(inSection: $0, in: self)) },
            estimatedRowHeight: estimatedRowHeight)
        readSectionLayouts()
        layout()
        _checkInvariantsInDebug()
    }

    var maximumFirstLine: Int { max(0, rows.contentHeight - height) }

    /// Shows the rows in the viewport: recycles views that left it, configures rows that entered it.
    ///
    /// A viewport scrolled to or past the end of the content stays at the end: rows measured there
    /// change the content's height, so it settles until the last line of content is the last line of
    /// the viewport (or the content is shorter than the viewport). A viewport at the top stays at the
    /// top, even when the content (estimated) was no taller than the viewport: a fresh list starts at
    /// its first row. Each pass measures new rows, so it ends within `height + 2` passes.
    func layout() {
        let pinnedToEnd = firstVisibleLine > 0 && firstVisibleLine >= maximumFirstLine
        for _ in 0..<(height + 2) {
            firstVisibleLine = pinnedToEnd ? maximumFirstLine : min(max(0, firstVisibleLine), maximumFirstLine)
            placeVisibleRows()
            if pinnedToEnd ? firstVisibleLine == maximumFirstLine : firstVisibleLine <= maximumFirstLine { break }
        }
    }

    private func placeVisibleRows() {
        let top = firstVisibleLine
        let bottom = top + height
        // Recycle first what is already out of view, so the rows coming in can reuse its views.
        var kept: [(row: Int, view: TextCell)] = []
        for (row, view) in displayed {
            let y = displayTop(ofRow: row)
            if y >= bottom || y + rows.height(ofRow: row) <= top || !isInCarouselWindow(row: row) {
                endDisplaying(view, at: rows.location(ofRow: row))
            } else {
                kept.append((row, view))
            }
        }
        var shown: [(row: Int, view: TextCell)] = []
        var met = [Bool](repeating: false, count: kept.count)
        var next = 0  // the next kept row to meet, ascending
        if var row = rows.row(containingLine: top) {
            var y = rows.top(ofRow: row)
            while row < rows.rowCount && y < bottom {
                // A row, or a grid slot: every item of a grid row shows (and measures) together.
                let slot = rows.slot(ofRow: row)
                let isGrid = rows.gridPosition(ofRow: row) != nil
                var views: [TextCell?] = []
                var fresh: [Bool] = []
                // A carousel's cards in its window (the others are not configured).
                let members = shownMembers(ofSlot: slot)
                for member in members {
                    while next < kept.count && kept[next].row < member { next += 1 }
                    var view: TextCell?
                    if next < kept.count && kept[next].row == member {
                        view = kept[next].view
                        met[next] = true
                    }
                    let isNew = view == nil && !rows.isEmpty(row: member)
                    if isNew {
                        view = show(row: member)
                    } else if let view, !isGrid, !rows.isMeasured(row: member) {
                        // Its height was forgotten while it showed (its section became a list).
                        measure(view, row: member)
                    }
                    views.append(view)
                    fresh.append(isNew)
                }
                if isGrid && (fresh.contains(true) || !rows.isMeasured(row: row)) {
                    if !rows.isMeasured(row: row) {
                        for (index, member) in members.enumerated() where !fresh[index] {
                            if let view = views[index] {
                                view.gridCellLines = lines(of: view, row: member, counting: true)
                            }
                        }
                    }
                    measureSlot(slot, views: views)
                }
                let rowHeight = rows.height(ofRow: row)
                for (member, view) in zip(members, views) {
                    guard let view else { continue }
                    if y + rowHeight > top {
                        shown.append((member, view))
                    } else {
                        endDisplaying(view, at: rows.location(ofRow: member))
                    }
                }
                y += rowHeight
                row = slot.upperBound
            }
        }
        placePinnedRows(&shown, kept: kept, met: &met)
        // Rows kept at first but pushed out by rows measured above them.
        for (index, (row, view)) in kept.enumerated() where !met[index] {
            endDisplaying(view, at: rows.location(ofRow: row))
        }
        displayed = shown
    }

    /// Configures a row coming into view and measures it; `nil` when nothing shows there (the row is
    /// then measured at zero lines).
    func show(row: Int) -> TextCell? {
        let inGrid = rows.gridPosition(ofRow: row) != nil
        guard let dataSource else {
            if !inGrid { rows.setHeight(0, ofRow: row) }
            return nil
        }
        let location = rows.location(ofRow: row)
        statistics.configured += 1
        guard let view = configuredView(for: location.element, from: .pool) else {
            if !inGrid { rows.setHeight(0, ofRow: row) }
            return nil
        }
        view.configureCount += 1
        view.indexPath = location.indexPath
        if case .item(let path) = location { view.isSelected = isSelected(path) }
        view.isHighlighted = highlighted.map { location == .item($0.indexPath) } ?? false
        view.isFocused = focused.map { location == .item($0.indexPath) } ?? false
        view.shownIdentity = identity(at: location, from: dataSource)
        events.append(location.willDisplay(view.shownIdentity))
        if case .item(let path) = location { attach(to: view, at: path, from: .pool) }
        if inGrid {
            // The caller measures the slot once all of its items show.
            view.gridCellLines = lines(of: view, row: row, counting: true)
        } else {
            measure(view, row: row)
        }
        if case .item = location, let item = view.shownIdentity { prefetchDidShow(item) }
        return view
    }

    /// Reports that a view stopped showing (naming what it was configured for, not what is at its
    /// location now) and puts it back in its pool.
    func endDisplaying(_ view: TextCell, at location: RowLocation) {
        events.append(location.didEndDisplaying(view.shownIdentity))
        detachAll(from: view, at: location)
        view.shownIdentity = nil
        recycle(view)
    }

    /// The item or section at a location, as the data source names it now.
    private func identity(at location: RowLocation, from dataSource: any ListHostDataSource) -> AnyHashable? {
        switch location {
        case .item(let path): dataSource.itemIdentifier(at: path, in: self)
        case .supplementary(_, let section): dataSource.sectionIdentifier(at: section, in: self)
        }
    }

    /// Records a row's height: the data source's size for the item (or the lines its view renders, at
    /// least one), with what is attached to an item's cell.
    func measure(_ view: TextCell, row: Int) {
        if rows.gridPosition(ofRow: row) != nil {
            view.gridCellLines = lines(of: view, row: row, counting: true)
            let slot = rows.slot(ofRow: row)
            measureSlot(slot, views: shownMembers(ofSlot: slot).map { $0 == row ? view : self.view(atRow: $0) })
            return
        }
        let cellLines = lines(of: view, row: row, counting: true)
        rows.setHeight(max(1, rowLines(view, cellLines: cellLines).count), ofRow: row)
    }

    // MARK: Invariants

    /// Checks the row layout's invariants, and that the displayed rows are ascending, in the layout, and
    /// each view knows where it shows; O(n). Runs in debug builds after loads and batches, and in tests.
    func _checkInvariants() {
        rows._checkInvariants()
        for (index, entry) in displayed.enumerated() {
            assert(entry.row >= 0 && entry.row < rows.rowCount, "Displayed row \(entry.row) is outside the list")
            assert(index == 0 || displayed[index - 1].row < entry.row, "Displayed rows are ascending")
            assert(
                entry.view.indexPath == rows.location(ofRow: entry.row).indexPath,
                "The view of row \(entry.row) says it shows at \(String(describing: entry.view.indexPath))")
            assert(isInCarouselWindow(row: entry.row), "Row \(entry.row) shows outside its carousel's window")
        }
        for section in 0..<rows.sectionCount {
            guard let carousel = rows.grids[section]?.carousel else { continue }
            let offset = shownCarouselOffset(ofSection: section)
            assert(
                offset == carousel.clamped(offset, count: rows.itemCount(inSection: section)),
                "Carousel \(section) shows offset \(offset) outside its content")
        }
        for (_, selected) in selection {
            assert(rows.row(of: selected) != nil, "The selection \(selected) is outside the list")
        }
        assert(Set(selection.map(\.indexPath)).count == selection.count, "An item is selected twice")
        if let open = openMenu {
            assert(rows.row(of: open.indexPath) != nil, "The context menu's row \(open.indexPath) is outside the list")
        }
    }

    func _checkInvariantsInDebug() {
        #if DEBUG
        _checkInvariants()
        #endif
    }
}
