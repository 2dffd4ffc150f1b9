@_spi(ListHost) import CellKit
import DiffableStore

// Grid sections (`SectionLayout.grid`): a section's items side by side in columns, a grid row (a slot) as
// tall as its tallest item, framed as one by the section's decorations.

extension TextListView {
    /// Reads each section's layout from the data source, for the list's width (a carousel's strip: for
    /// what its section's card leaves of it); the items of a section whose grid changed (or whose
    /// adaptive column count the width changed) forget their heights.
    ///
    /// - Complexity: O(s), plus configuring each carousel section's decorations off screen, plus
    ///   O(r log n) for the *r* items of each section whose grid changed.
    func readSectionLayouts() {
        sectionPins = []
        pinsAny = false
        guard let dataSource else { return }
        sectionPins.reserveCapacity(rows.sectionCount)
        for section in 0..<rows.sectionCount {
            let layout = dataSource.layout(ofSection: section, in: self)
            // A carousel's strip is as wide as what its card leaves; a grid's columns follow the card's
            // insets as its items are drawn.
            let frame = layout.carouselScrolling == nil ? 0 : decorationInsets(ofSection: section)
            rows.setGrid(TextGrid.of(layout, width: max(1, width - frame)), ofSection: section)
            sectionPins.append((layout.pinsHeader, layout.pinsFooter))
            pinsAny = pinsAny || layout.pinsHeader || layout.pinsFooter
        }
        readCarouselOffsets()
    }

    /// The columns a grid item's cell renders at (its column's width inside its decorations), or `nil`
    /// for a row outside a grid.
    func gridColumnWidth(ofRow row: Int, view: TextCell) -> Int? {
        rows.gridPosition(ofRow: row).map {
            $0.grid.carousel?.itemWidth ?? $0.grid.columnWidth(in: cellWidth(of: view))
        }
    }

    /// Measures a grid slot from its items' views (`nil` for an item without one, whose column stays
    /// blank), each at the cell lines it last measured, and records the slot's height: the lines
    /// ``slotLines(_:views:cellLines:markers:)`` would draw, counted without drawing the cells. For a
    /// carousel, `views` are the cards in its window (``shownMembers(ofSlot:)``).
    func measureSlot(_ slot: Range<Int>, views: [TextCell?]) {
        guard let position = rows.gridPosition(ofRow: slot.lowerBound) else { return }
        if let carousel = position.grid.carousel {
            measureStrip(slot, carousel: carousel, views: views)
            return
        }
        let frame = views.lazy.compactMap { $0 }.first?.attachments
        let inner = frame?.innerWidth(width) ?? width
        let columnWidth = position.grid.columnWidth(in: inner)
        var tallest = 1
        for view in views {
            guard let view else { continue }
            var lines = view.gridCellLines ?? 1
            for (_, supplementary) in view.attachments?.supplementaries ?? [] {
                lines += supplementary.render(width: columnWidth).count
            }
            tallest = max(tallest, lines)
        }
        var lines = (position.slot > 0 ? position.grid.rowGap : 0) + tallest
        if let frame {
            // What each frame adds around the slot (its opening and closing lines), counted on one line.
            var framedWidth = inner
            var one = [""]
            let place = PositionInSection(item: position.slot, count: rows.slotCount(inSection: position.section))
            for (_, background) in frame.backgrounds.reversed() {
                framedWidth += background.insets.leading + background.insets.trailing
                one = background.frame(one, width: framedWidth, position: place)
            }
            lines += one.count - 1
        }
        rows.setHeight(lines, ofRow: slot.lowerBound)
    }

    /// A shown grid slot's lines at the height it was measured at, with its items' state markers (a
    /// carousel's strip, with the cards in its window).
    func shownSlotLines(_ slot: Range<Int>, height: Int) -> [String] {
        let members = shownMembers(ofSlot: slot)
        if let carousel = rows.gridPosition(ofRow: slot.lowerBound)?.grid.carousel {
            let views = members.map { view(atRow: $0) }
            let lines = stripLines(
                slot, members: members, carousel: carousel, views: views,
                cellLines: views.map { $0?.gridCellLines ?? 1 }, markers: members.map { stateMarker(atRow: $0) })
            return RowAttachments.fitted(lines, to: height)
        }
        let views = slot.map { view(atRow: $0) }
        let lines = slotLines(
            slot, views: views, cellLines: views.map { $0?.gridCellLines ?? 1 },
            markers: slot.map { stateMarker(atRow: $0) })
        return RowAttachments.fitted(lines, to: height)
    }

    /// One grid item's or carousel card's lines at `width`: its cell fitted to `lines` lines (at least
    /// one), the selection marker at the end of the first, then the supplementary views it carries.
    func cardLines(of view: TextCell, width: Int, lines: Int, marker: Character?) -> [String] {
        var cell = RowAttachments.fitted(view.render(width: width), to: lines)
        if cell.isEmpty { cell = [""] }
        var fitted = cell.map { TextWidth.fit($0, width: width) }
        if let marker, width > 1 {
            fitted[0] = TextWidth.fit(cell[0], width: width - 1) + String(marker)
        }
        for (_, supplementary) in view.attachments?.supplementaries ?? [] {
            fitted += supplementary.render(width: width).map { TextWidth.fit($0, width: width) }
        }
        return fitted
    }

    /// A grid slot's lines: ``TextGrid/rowGap`` blank lines above every slot but the section's first,
    /// then its items side by side, each in a column ``TextGrid/columnWidth(in:)`` wide with
    /// ``TextGrid/columnGap`` blank columns between two: the cell's `cellLines` lines, then its
    /// item-scoped views, the first line ending with the item's state marker. Columns shorter than the
    /// tallest are padded below. The first item's decorations frame the whole slot, placed as the slot
    /// is among the section's slots (the first slot's frame opens, the last's closes).
    func slotLines(_ slot: Range<Int>, views: [TextCell?], cellLines: [Int], markers: [Character?]) -> [String] {
        guard let position = rows.gridPosition(ofRow: slot.lowerBound) else { return [] }
        let grid = position.grid
        let frame = views.lazy.compactMap { $0 }.first?.attachments
        let inner = frame?.innerWidth(width) ?? width
        let columnWidth = grid.columnWidth(in: inner)
        var columns: [[String]] = []
        columns.reserveCapacity(views.count)
        for (index, view) in views.enumerated() {
            guard let view else {
                columns.append([])
                continue
            }
            columns.append(cardLines(of: view, width: columnWidth, lines: cellLines[index], marker: markers[index]))
        }
        let contentHeight = max(1, columns.lazy.map(\.count).max() ?? 1)
        let blankColumn = String(repeating: " ", count: columnWidth)
        let gap = String(repeating: " ", count: grid.columnGap)
        let blank = TextWidth.fit("", width: inner)
        // Every column is exactly `columnWidth` wide: the lines are padded to `inner` without measuring.
        let used = views.count * columnWidth + (views.count - 1) * grid.columnGap
        let padding = String(repeating: " ", count: max(0, inner - used))
        var lines = Array(repeating: blank, count: position.slot > 0 ? grid.rowGap : 0)
        for line in 0..<contentHeight {
            let text = columns.lazy.map { line < $0.count ? $0[line] : blankColumn }.joined(separator: gap)
            lines.append(used <= inner ? text + padding : TextWidth.fit(text, width: inner))
        }
        guard let frame else { return lines }
        var framedWidth = inner
        let place = PositionInSection(item: position.slot, count: rows.slotCount(inSection: position.section))
        for (_, background) in frame.backgrounds.reversed() {
            framedWidth += background.insets.leading + background.insets.trailing
            lines = background.frame(lines, width: framedWidth, position: place)
        }
        return lines
    }
}
