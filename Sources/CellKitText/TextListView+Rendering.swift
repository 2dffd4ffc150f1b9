import CellKit
import DiffableStore

// Turning rows into text: the viewport, and every row for tests on small lists.

extension TextListView {
    /// The viewport as text: exactly ``height`` lines, each exactly ``width`` display columns, joined by
    /// `"\n"`.
    ///
    /// Each visible row shows its view's ``TextCell/render(width:)`` lines, cut or padded to the row's
    /// measured height; lines are fitted to the width with ``TextWidth/fit(_:width:)``. The first line of
    /// the highlighted item's row ends with ``highlightMarker`` in the last column, of the focused
    /// item's, ``focusMarker``, of a disabled item's, ``disabledMarker``, and of every other item's while
    /// the list ``isEditing``, ``editingMarker`` (the text is fitted to one column less), unless
    /// ``showsStateMarkers`` is off.
    /// While ``contentUnavailable`` is set, its block shows in place of the rows (see
    /// ``activateContentUnavailableButton()``). Lines below the
    /// content are blank. An open context menu (``openContextMenu(_:)``) covers the lines below its row,
    /// or above it when it does not fit below. Rendering does not ask the data source for anything once the list is loaded.
    ///
    /// - Complexity: O(v log n + c) for *v* visible rows and *c* characters shown.
    public func render() -> String {
        transaction {
            loadIfNeeded()
            var lines: [String] = []
            lines.reserveCapacity(height)
            if let contentUnavailable {
                lines = Array(contentUnavailableLines(contentUnavailable).prefix(height))
                let blank = String(repeating: " ", count: width)
                while lines.count < height { lines.append(blank) }
                return lines.joined(separator: "\n")
            }
            let top = firstVisibleLine
            let bottom = top + height
            if var row = rows.row(containingLine: top) {
                var y = rows.top(ofRow: row)
                while row < rows.rowCount && y < bottom {
                    let slot = rows.slot(ofRow: row)
                    let rowHeight = rows.height(ofRow: row)
                    let first = max(y, top)
                    let last = min(y + rowHeight, bottom)
                    if first < last {
                        if rows.gridPosition(ofRow: row) != nil {
                            let shown = shownSlotLines(slot, height: rowHeight)
                            for line in first..<last {
                                let index = line - y
                                lines.append(TextWidth.fit(index < shown.count ? shown[index] : "", width: width))
                            }
                        } else {
                            let shown = view(atRow: row).map { rowLines($0, height: rowHeight) } ?? []
                            let marker = stateMarker(atRow: row)
                            for line in first..<last {
                                let index = line - y
                                let text = index < shown.count ? shown[index] : ""
                                lines.append(fittedLine(text, index: index, marker: marker))
                            }
                        }
                    }
                    y += rowHeight
                    row = slot.upperBound
                }
            }
            let blank = String(repeating: " ", count: width)
            while lines.count < height { lines.append(blank) }
            overlayPinnedRows(on: &lines)
            overlayContextMenu(on: &lines)
            return lines.joined(separator: "\n")
        }
    }

    /// Every row of the list as text, not just the viewport: for tests on small lists.
    ///
    /// Visible rows show as in ``render()``. Rows off screen are configured on views kept apart from the
    /// reuse pools, selected and highlighted as they would be on screen (``TextCell/isSelected``,
    /// ``TextCell/isHighlighted``), and shown at the height they would have there (their rendered lines,
    /// or the size the data source gives); this asks the data source, but changes no
    /// state of the list: not the measured heights, the statistics, the reuse pools nor the events.
    ///
    /// - Returns: One line per line of content, each exactly ``width`` columns, joined by `"\n"`.
    /// - Complexity: O(n) views configured and rendered.
    public func renderAll() -> String {
        transaction {
            loadIfNeeded()
            if let contentUnavailable { return contentUnavailableLines(contentUnavailable).joined(separator: "\n") }
            var lines: [String] = []
            var row = 0
            while row < rows.rowCount {
                let slot = rows.slot(ofRow: row)
                defer { row = slot.upperBound }
                if rows.gridPosition(ofRow: row) != nil {
                    lines += allSlotLines(slot)
                    continue
                }
                if let index = displayedIndex(ofRow: row) {
                    let shown = rowLines(displayed[index].view, height: rows.height(ofRow: row))
                    let marker = stateMarker(atRow: row)
                    for index in 0..<rows.height(ofRow: row) {
                        lines.append(fittedLine(index < shown.count ? shown[index] : "", index: index, marker: marker))
                    }
                    continue
                }
                guard let view = offscreenView(forRow: row) else { continue }
                let shown = rowLines(view, cellLines: self.lines(of: view, row: row, counting: false))
                let marker = stateMarker(atRow: row)
                for index in 0..<max(1, shown.count) {
                    lines.append(fittedLine(index < shown.count ? shown[index] : "", index: index, marker: marker))
                }
                putBack(offscreen: view, row: row)
            }
            return lines.joined(separator: "\n")
        }
    }

    /// A grid slot's lines for ``renderAll()``: as shown when its items are displayed; otherwise its items
    /// configured off screen and measured at their natural heights.
    private func allSlotLines(_ slot: Range<Int>) -> [String] {
        let members = shownMembers(ofSlot: slot)
        if displayedIndex(ofRow: members.first ?? slot.lowerBound) != nil {
            return shownSlotLines(slot, height: rows.height(ofRow: slot.lowerBound)).map {
                TextWidth.fit($0, width: width)
            }
        }
        let views = members.map { offscreenView(forRow: $0) }
        let cellLines = zip(members, views).map { row, view in
            view.map { lines(of: $0, row: row, counting: false) } ?? 1
        }
        let markers = members.map { stateMarker(atRow: $0) }
        let shown =
            if let carousel = rows.gridPosition(ofRow: slot.lowerBound)?.grid.carousel {
                stripLines(
                    slot, members: members, carousel: carousel, views: views, cellLines: cellLines, markers: markers)
            } else {
                slotLines(slot, views: views, cellLines: cellLines, markers: markers)
            }
        for (row, view) in zip(members, views) {
            if let view { putBack(offscreen: view, row: row) }
        }
        return shown.map { TextWidth.fit($0, width: width) }
    }

    /// A row configured on a view from the scratch pools, or `nil` when nothing shows there; an item's
    /// cell is selected, highlighted and focused as the row would show in the viewport.
    private func offscreenView(forRow row: Int) -> TextCell? {
        let location = rows.location(ofRow: row)
        guard let view = configuredView(for: location.element, from: .scratch) else { return nil }
        if case .item(let path) = location {
            attach(to: view, at: path, from: .scratch)
            view.isSelected = isSelected(path)
            view.isHighlighted = highlighted?.indexPath == path
            view.isFocused = focused?.indexPath == path
        }
        return view
    }

    /// Returns a view configured off screen to the scratch pools.
    private func putBack(offscreen view: TextCell, row: Int) {
        view.isSelected = false
        view.isHighlighted = false
        view.isFocused = false
        detachAll(from: view, at: rows.location(ofRow: row), scratch: true)
        pool.recycle(view, scratch: true)
    }
}
