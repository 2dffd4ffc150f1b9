import CellKit
import DiffableStore

// Moving the viewport: to a line, an anchor or an item, by lines or pages.

extension TextListView {
    /// Scrolls so that a content line is at the top, as far as the content allows.
    ///
    /// Rows that come into view are configured and measured; if they turn out shorter than estimated at
    /// the end of the content, the list settles so the viewport stays full.
    ///
    /// - Parameter line: A content line; clamped to `0...max(0, contentHeight - height)`.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    public func scroll(toLine line: Int) {
        transaction {
            loadIfNeeded()
            let before = firstVisibleLine
            firstVisibleLine = line
            layout()
            noteScroll(from: before)
        }
    }

    /// The row at the top of the viewport and how far it is scrolled; `nil` when the list is empty.
    ///
    /// - Complexity: O(log n).
    public var scrollAnchor: ScrollAnchor? {
        transaction {
            loadIfNeeded()
            guard let row = rows.row(containingLine: firstVisibleLine) else { return nil }
            return ScrollAnchor(row: rows.location(ofRow: row), lineOffset: firstVisibleLine - rows.top(ofRow: row))
        }
    }

    /// Scrolls so that an anchor's row, scrolled by its offset, is at the top, as far as the content allows.
    ///
    /// - Parameter anchor: A row of the list and a line offset into it.
    /// - Returns: `false`, without scrolling, when the row is not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func scroll(to anchor: ScrollAnchor) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = rows.row(at: anchor.row) else { return false }
            let before = firstVisibleLine
            if anchor.lineOffset > 0 {
                // Measure the row first (it is measured once it shows at the top): an offset past its
                // estimated height would otherwise land in a later row.
                firstVisibleLine = rows.top(ofRow: row)
                layout()
            }
            // Rows that come into view are measured by the layout, which moves the anchor row's top (rows
            // above it) or the end of the content (rows below it, near the end): aim again until the row
            // is where the anchor says, or the content's end holds it back. Each pass measures rows that
            // were estimated, so this ends; it is bounded anyway.
            for _ in 0..<8 {
                let target = rows.top(ofRow: row) + max(0, anchor.lineOffset)
                let aimed = firstVisibleLine
                firstVisibleLine = target
                layout()
                if firstVisibleLine == target || firstVisibleLine == aimed { break }
            }
            noteScroll(from: before)
            return true
        }
    }

    /// Scrolls so that an item is at the top of the viewport, as far as the content allows.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, without scrolling, when the item is not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func scroll(to indexPath: ListIndexPath) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = rows.row(of: indexPath) else { return false }
            let before = firstVisibleLine
            firstVisibleLine = rows.top(ofRow: row)
            layout()
            noteScroll(from: before)
            return true
        }
    }

    /// Scrolls by a number of lines: down when positive, up when negative.
    ///
    /// - Parameter lines: How far to scroll.
    public func scrollBy(lines: Int) {
        let (target, overflow) = firstVisibleLine.addingReportingOverflow(lines)
        scroll(toLine: overflow ? (lines > 0 ? Int.max : 0) : target)
    }

    /// Scrolls down by one viewport height.
    public func pageDown() { scrollBy(lines: height) }

    /// Scrolls up by one viewport height.
    public func pageUp() { scrollBy(lines: -height) }

    /// Scrolls to the end of the content.
    public func scrollToEnd() { scroll(toLine: Int.max) }
}
