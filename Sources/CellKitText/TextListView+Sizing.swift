@_spi(ListHost) import CellKit
import DiffableStore

// Row heights from the data source, a resizable viewport, and items whose size changed.

extension TextListView {
    /// Changes the viewport's size.
    ///
    /// A new width forgets every row's height: the rows on screen are measured again at the new width
    /// (their views render at it; they are not configured again), and the data source is asked again
    /// for their sizes, at the new width; the other rows are measured when they come into view. A new
    /// height alone measures nothing again: it shows more or fewer rows, and rows that come into view
    /// are configured and measured as in a scroll. The row at the top of the viewport stays at the top.
    ///
    /// ```swift
    /// list.resize(width: 40, height: list.height)   // a rotation: every row is measured at 40 columns
    /// ```
    ///
    /// - Parameters:
    ///   - width: Columns per line; at least 1.
    ///   - height: Lines in the viewport; at least 1.
    /// - Precondition: `width` and `height` are at least 1.
    /// - Complexity: O(n + s) when the width changes (every row's height is forgotten), plus measuring
    ///   the visible rows again; O(v log n) for *v* visible rows when only the height changes. Plus
    ///   configuring the rows that come into view.
    public func resize(width: Int, height: Int) {
        precondition(width >= 1 && height >= 1, "TextListView needs a viewport of at least 1×1, not \(width)×\(height)")
        transaction {
            guard width != self.width || height != self.height else { return }
            let widthChanged = width != self.width
            self.width = width
            self.height = height
            guard isLoaded else { return }
            let anchor = topRow()
            if widthChanged {
                forgetMeasuredHeights()
                readSectionLayouts()
                for (row, view) in displayed { measure(view, row: row) }
            }
            let before = firstVisibleLine
            restore(anchor)
            layout()
            noteScroll(from: before)
        }
    }

    /// Measures items again whose size changed, and lays the list out once: visible items are
    /// measured again (their size asked of the data source again, or their lines counted) without
    /// being configured again; items off screen only forget their height, and are measured when they
    /// come into view. The row at the top of the viewport stays at the top, so when only items off
    /// screen changed, what the viewport shows does not, and no layout pass runs. Logs
    /// `"resize 0.1, 0.4"`; `statistics.relayouts` counts the layout passes.
    ///
    /// `UniversalDataSource.invalidateSize(of:)` calls this once per turn for the items invalidated in it.
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside the list are ignored.
    /// - Complexity: O(k log n) for *k* index paths, plus measuring the visible ones and laying out.
    public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        transaction {
            loadIfNeeded()
            let targets = Set(indexPaths).compactMap { path in rows.row(of: path).map { (path: path, row: $0) } }
                .sorted { $0.row < $1.row }
            guard !targets.isEmpty else { return }
            updateLog.append("resize " + targets.map(\.path.description).joined(separator: ", "))
            let anchor = topRow()
            var remeasured = false
            for (_, row) in targets {
                if let view = view(atRow: row) {
                    measure(view, row: row)
                    remeasured = true
                } else {
                    rows.invalidateHeight(ofRow: row)
                }
            }
            let before = firstVisibleLine
            restore(anchor)
            if remeasured || firstVisibleLine > maximumFirstLine {
                statistics.relayouts += 1
                layout()
            }
            noteScroll(from: before)
        }
    }

    // MARK: Heights

    /// The lines a row's cell takes: for an item, the size its data source gives for the width the cell
    /// renders at (``cellWidth(of:)``), rounded up to whole lines (at least one); otherwise, or when the
    /// data source gives none, the lines its view renders at that width (at least one). `counting` adds
    /// the work to `statistics`.
    func lines(of view: TextCell, row: Int, counting: Bool) -> Int {
        let width = gridColumnWidth(ofRow: row, view: view) ?? cellWidth(of: view)
        var rendered = false
        func render() -> Int {
            rendered = true
            if counting { statistics.measured += 1 }
            return max(1, view.render(width: width).count)
        }
        if case .item(let path) = rows.location(ofRow: row), let dataSource,
            let length = dataSource.lengthOfItem(
                at: path, crossAxisLength: Double(width), in: self, measuring: { Double(render()) })
        {
            if counting && !rendered { statistics.sizedByDataSource += 1 }
            return Self.lines(length)
        }
        return render()
    }

    /// The columns a row's view renders at: the list's width, less the insets of the decorations drawn
    /// around an item's cell (a ``TextSectionBackground``'s 4 columns).
    func cellWidth(of view: TextCell) -> Int {
        view.attachments?.innerWidth(width) ?? width
    }

    /// A size as whole lines: rounded up, at least 1; a size that is not finite counts as 1.
    static func lines(_ length: Double) -> Int {
        guard length.isFinite, length > 1 else { return 1 }
        return Int(min(length.rounded(.up), Double(Int32.max)))
    }

    /// Forgets every measured height (rows of supplementary views the data source does not have stay
    /// empty). O(n + s).
    private func forgetMeasuredHeights() {
        let raw = rows.heights.rawHeights
        var sections: [[Int32]] = []
        sections.reserveCapacity(rows.sectionCount)
        for section in 0..<rows.sectionCount {
            sections.append(raw[rows.sectionStarts[section]..<rows.sectionStarts[section + 1]].map { $0 > 0 ? -1 : $0 })
        }
        rows = RowLayout(
            kindsAbove: rows.kindsAbove, kindsBelow: rows.kindsBelow, sections: sections, grids: rows.grids,
            estimatedRowHeight: estimatedRowHeight)
    }

    /// The row at the top of the viewport and how many of its lines are scrolled past.
    private func topRow() -> (row: Int, offset: Int)? {
        rows.row(containingLine: firstVisibleLine).map { ($0, firstVisibleLine - rows.top(ofRow: $0)) }
    }

    /// Scrolls, before a layout, so that a row is at the top again, scrolled by its offset (at most
    /// its height less one line).
    private func restore(_ anchor: (row: Int, offset: Int)?) {
        guard let anchor, anchor.row < rows.rowCount else { return }
        firstVisibleLine = rows.top(ofRow: anchor.row) + min(anchor.offset, max(0, rows.height(ofRow: anchor.row) - 1))
    }
}
