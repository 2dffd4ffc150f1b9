@_spi(ListHost) import CellKit
import DiffableStore

// Pinned headers and footers (`SectionLayout.pinned(header:footer:)`): a section's header stays on the
// viewport's top lines while the section scrolls under it, pushed up by the section's end, and its footer
// on the bottom lines, pushed down by the section's start, as `pinToVisibleBounds` boundary items do in
// UIKit's compositional layout.

extension TextListView {
    /// The line a row shows at: its own, or, for a pinned header or footer, where the viewport holds it.
    ///
    /// A pinned header shows at the viewport's top line, but never above its own line nor below the
    /// last lines of its section (the next section's header pushes it up); a pinned footer at the
    /// viewport's last lines, but never below its own line nor above its section's first line.
    ///
    /// - Complexity: O(log n).
    func displayTop(ofRow row: Int) -> Int {
        let natural = rows.top(ofRow: row)
        guard pinsAny, case .supplementary(let kind, let section) = rows.location(ofRow: row),
            section < sectionPins.count
        else { return natural }
        if kind == .header && sectionPins[section].header {
            let end = rows.top(ofRow: rows.sectionStarts[section + 1])
            return max(natural, min(firstVisibleLine, end - rows.height(ofRow: row)))
        }
        if kind == .footer && sectionPins[section].footer {
            let start = rows.top(ofRow: rows.sectionStarts[section])
            return min(natural, max(firstVisibleLine + height - rows.height(ofRow: row), start))
        }
        return natural
    }

    /// Shows the pinned header of the section at the viewport's top and the pinned footer of the section
    /// at its bottom when their rows are out of view but the viewport holds them in it, or recycles them
    /// when it does not. `shown` holds the rows the layout pass showed, ascending; `kept` the views that
    /// were showing, `met` which of them the pass kept.
    ///
    /// A header measured here for the first time changes the lines above the viewport: the viewport moves
    /// with it, so the rows it shows stay where they were.
    func placePinnedRows(
        _ shown: inout [(row: Int, view: TextCell)], kept: [(row: Int, view: TextCell)], met: inout [Bool]
    ) {
        guard pinsAny, let topRow = rows.row(containingLine: firstVisibleLine) else { return }
        let bottomLine = min(firstVisibleLine + height, rows.contentHeight) - 1
        let bottomRow = rows.row(containingLine: bottomLine) ?? topRow
        let candidates: [(section: Int, kind: SupplementaryKind)] = [
            (rows.section(ofRow: topRow), .header), (rows.section(ofRow: bottomRow), .footer),
        ]
        for (section, kind) in candidates {
            guard section < sectionPins.count,
                kind == .header ? sectionPins[section].header : sectionPins[section].footer,
                let row = rows.row(at: .supplementary(kind, section: section)), !rows.isEmpty(row: row),
                !shown.contains(where: { $0.row == row })
            else { continue }
            var view: TextCell?
            if let index = kept.indices.first(where: { kept[$0].row == row && !met[$0] }) {
                view = kept[index].view
                met[index] = true
            } else {
                let before = rows.height(ofRow: row)
                view = show(row: row)
                if kind == .header { firstVisibleLine += rows.height(ofRow: row) - before }
            }
            guard let view else { continue }
            let y = displayTop(ofRow: row)
            if y < firstVisibleLine + height && y + rows.height(ofRow: row) > firstVisibleLine {
                if kind == .header { shown.insert((row, view), at: 0) } else { shown.append((row, view)) }
            } else {
                endDisplaying(view, at: rows.location(ofRow: row))
            }
        }
    }

    /// Draws the pinned headers and footers that show away from their own lines over the viewport's lines
    /// (footers first, so that a header pinned over the same lines covers them).
    func overlayPinnedRows(on lines: inout [String]) {
        guard pinsAny else { return }
        var overlays: [(y: Int, row: Int, view: TextCell, isHeader: Bool)] = []
        for (row, view) in displayed {
            guard case .supplementary(let kind, _) = rows.location(ofRow: row), kind == .header || kind == .footer
            else { continue }
            let y = displayTop(ofRow: row)
            if y != rows.top(ofRow: row) { overlays.append((y, row, view, kind == .header)) }
        }
        for overlay in overlays.sorted(by: { !$0.isHeader && $1.isHeader }) {
            let rowHeight = rows.height(ofRow: overlay.row)
            let shown = rowLines(overlay.view, height: rowHeight)
            for index in 0..<rowHeight {
                let line = overlay.y + index - firstVisibleLine
                guard line >= 0 && line < lines.count else { continue }
                lines[line] = fittedLine(index < shown.count ? shown[index] : "", index: index, marker: nil)
            }
        }
    }
}
