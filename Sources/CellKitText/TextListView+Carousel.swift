@_spi(ListHost) import CellKit
import DiffableStore

// Carousel sections (`SectionLayout.carousel`): a section's items side by side on one strip that scrolls
// sideways by the section's own offset, kept by the data source by section identity. Only the cards in
// the strip's window are configured and shown.

extension TextListView {
    /// The offset a carousel section shows, in columns of the strip's content (`0`: its first card's
    /// start at the window's leading edge).
    ///
    /// - Parameter section: A section index.
    /// - Returns: The offset, or `nil` when the section is not a carousel or not in the list.
    /// - Complexity: O(1) once loaded.
    public func carouselOffset(inSection section: Int) -> Int? {
        loadIfNeeded()
        guard (0..<rows.sectionCount).contains(section), rows.grids[section]?.carousel != nil else { return nil }
        return shownCarouselOffset(ofSection: section)
    }

    /// Scrolls a carousel section sideways to an offset, as an app's code does (UIKit's
    /// `setContentOffset`): exactly there, clamped to the strip's content, whatever its scrolling
    /// behaviour. The offset is kept for the section's identity (the data source's
    /// `UniversalDataSource.carouselOffset(of:)`), so it follows the section through batches and reuse.
    ///
    /// Cards that come into the strip's window are configured and shown
    /// (``/CellKit/ListHostEvent/willDisplay(_:at:)``), cards that leave it are recycled
    /// (``/CellKit/ListHostEvent/didEndDisplaying(_:at:)``), and the strip is measured again (it is as
    /// tall as its tallest card in the window). To scroll a carousel by its identifier, set the offset
    /// on the data source (`UniversalDataSource.setCarouselOffset(_:of:)`).
    ///
    /// - Parameters:
    ///   - section: A section index.
    ///   - offset: Columns of the strip's content; clamped to `0...` the content's width less the window's.
    /// - Returns: `false`, changing nothing, when the section is not a carousel or not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the cards that come into view.
    @discardableResult
    public func scrollCarousel(inSection section: Int, toOffset offset: Int) -> Bool {
        transaction {
            loadIfNeeded()
            guard (0..<rows.sectionCount).contains(section), let carousel = rows.grids[section]?.carousel else {
                return false
            }
            let count = rows.itemCount(inSection: section)
            moveCarousel(inSection: section, to: carousel.clamped(offset, count: count), record: true)
            return true
        }
    }

    /// Scrolls a carousel section sideways as a user's swipe does: toward `columns` further (positive:
    /// toward its end), coming to rest as its `SectionLayout.CarouselScrolling` says. Continuous: at the
    /// target, clamped. Paging: at a multiple of the strip's window width (or the end) nearest the
    /// target. Group paging: with a card's start at the window's leading edge (or at the end), nearest the
    /// target. A paging swipe of any nonzero length turns at least one page. Otherwise as
    /// ``scrollCarousel(inSection:toOffset:)``.
    ///
    /// ```swift
    /// list.scrollCarousel(inSection: 0, by: 1)   // one column, or the next page when it pages
    /// ```
    ///
    /// - Parameters:
    ///   - section: A section index.
    ///   - columns: How far to scroll.
    /// - Returns: `false`, changing nothing, when the section is not a carousel or not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the cards that come into view.
    @discardableResult
    public func scrollCarousel(inSection section: Int, by columns: Int) -> Bool {
        transaction {
            loadIfNeeded()
            guard (0..<rows.sectionCount).contains(section), let carousel = rows.grids[section]?.carousel else {
                return false
            }
            let current = shownCarouselOffset(ofSection: section)
            let (target, overflow) = current.addingReportingOverflow(columns)
            let resting = carousel.resting(
                from: current, toward: overflow ? (columns > 0 ? Int.max : 0) : target,
                count: rows.itemCount(inSection: section))
            moveCarousel(inSection: section, to: resting, record: true)
            return true
        }
    }

    /// Shows a carousel section at the offset its data source now keeps for it (the app set or reset
    /// it), clamped to its content.
    ///
    /// - Parameter section: A section index in the current state.
    /// - Complexity: O(log n) per visible row, plus configuring the cards that come into view.
    @_spi(ListHost) public func carouselOffsetDidChange(inSection section: Int) {
        transaction {
            guard isLoaded, (0..<rows.sectionCount).contains(section), let carousel = rows.grids[section]?.carousel
            else { return }
            let offset = carousel.clamped(
                keptCarouselOffset(ofSection: section), count: rows.itemCount(inSection: section))
            moveCarousel(inSection: section, to: offset, record: false)
        }
    }

    // MARK: Internals

    /// The offset a section shows now: its carousel's, `0` for any other section.
    func shownCarouselOffset(ofSection section: Int) -> Int {
        section < carouselOffsets.count ? carouselOffsets[section] : 0
    }

    /// Reads the offset of every carousel section from the data source, by identity, clamped to its
    /// content (a clamp is shown, not kept: the section shows the offset kept again once its content is
    /// wide enough). O(s).
    func readCarouselOffsets() {
        carouselOffsets = (0..<rows.sectionCount).map { section in
            guard let carousel = rows.grids[section]?.carousel else { return 0 }
            return carousel.clamped(keptCarouselOffset(ofSection: section), count: rows.itemCount(inSection: section))
        }
    }

    /// The offset kept for the section at an index, by its identifier: the data source's when it keeps
    /// carousel offsets, the list's own otherwise; `0` for a section without an identifier.
    private func keptCarouselOffset(ofSection section: Int) -> Int {
        guard let dataSource, let identity = dataSource.sectionIdentifier(at: section, in: self) else { return 0 }
        guard let carousels = dataSource as? any ListHostCarousels else { return ownCarouselOffsets[identity] ?? 0 }
        let kept = carousels.carouselOffset(ofSection: identity, in: self)
        guard kept.isFinite, kept > 0 else { return 0 }
        return Int(min(kept.rounded(), 1e15))
    }

    /// Shows a carousel at an offset: its strip is measured again and the viewport laid out, so that the
    /// cards that come into the window show and those that leave it are recycled; when `record`, the
    /// offset is kept for the section's identity.
    private func moveCarousel(inSection section: Int, to offset: Int, record: Bool) {
        let before = shownCarouselOffset(ofSection: section)
        let identity = dataSource?.sectionIdentifier(at: section, in: self)
        if record, let identity {
            if let carousels = dataSource as? any ListHostCarousels {
                carousels.recordCarouselOffset(Double(offset), ofSection: identity, in: self)
            } else {
                ownCarouselOffsets[identity] = offset == 0 ? nil : offset
            }
        }
        guard offset != before else { return }
        carouselOffsets[section] = offset
        if let identity { carouselPrefetchSide = (identity, offset > before) }
        if rows.itemCount(inSection: section) > 0, let leader = rows.row(of: ListIndexPath(item: 0, section: section)) {
            rows.invalidateHeight(ofRow: leader)
        }
        layout()
    }

    /// The rows of a slot that show: a carousel's cards with a column in its window, or every item of a
    /// grid row (or the row alone). O(log s).
    func shownMembers(ofSlot slot: Range<Int>) -> Range<Int> {
        guard let position = rows.gridPosition(ofRow: slot.lowerBound), let carousel = position.grid.carousel else {
            return slot
        }
        let items = carousel.visibleItems(offset: shownCarouselOffset(ofSection: position.section), count: slot.count)
        return (slot.lowerBound + items.lowerBound)..<(slot.lowerBound + items.upperBound)
    }

    /// Whether a row shows on its carousel's strip: `true` for a row outside a carousel. O(log s).
    func isInCarouselWindow(row: Int) -> Bool {
        guard let position = rows.gridPosition(ofRow: row), let carousel = position.grid.carousel else { return true }
        return carousel.visibleItems(
            offset: shownCarouselOffset(ofSection: position.section), count: rows.itemCount(inSection: position.section)
        ).contains(position.item)
    }

    /// Scrolls a carousel item's card into its strip's window, as little as it takes (to a resting offset
    /// when the strip pages); nothing for an item outside a carousel.
    func revealCarouselItem(_ indexPath: ListIndexPath) {
        guard let row = rows.row(of: indexPath), let position = rows.gridPosition(ofRow: row),
            let carousel = position.grid.carousel
        else { return }
        let current = shownCarouselOffset(ofSection: position.section)
        let offset = carousel.offset(
            showing: position.item, from: current, count: rows.itemCount(inSection: position.section))
        moveCarousel(inSection: position.section, to: offset, record: true)
    }

    /// The columns a section's decorations (its card) take around its items: the sum of their insets,
    /// `0` for a section without items or decorations. Asks the data source for each decoration kind,
    /// configuring the views off screen (the scratch pools), as an item row attaches them.
    ///
    /// - Complexity: O(k) for the *k* decoration kinds, plus configuring their views.
    func decorationInsets(ofSection section: Int) -> Int {
        guard !attachmentState.decorationKinds.isEmpty, rows.itemCount(inSection: section) > 0 else { return 0 }
        var columns = 0
        for kind in attachmentState.decorationKinds {
            guard let view = configuredView(for: .decoration(kind, section: section), from: .scratch) else {
                continue
            }
            if let background = view as? TextSectionBackground {
                columns += background.insets.leading + background.insets.trailing
            }
            pool.recycle(view, scratch: true)
        }
        return columns
    }

    /// Records a carousel strip's height: its tallest card in the window (the cell's lines it last
    /// measured, and its item-scoped views), at least one line, plus the lines its section's card adds
    /// above and below it. `views` are the window's cards.
    func measureStrip(_ slot: Range<Int>, carousel: TextCarousel, views: [TextCell?]) {
        var tallest = 1
        for view in views {
            guard let view else { continue }
            var lines = view.gridCellLines ?? 1
            for (_, supplementary) in view.attachments?.supplementaries ?? [] {
                lines += supplementary.render(width: carousel.itemWidth).count
            }
            tallest = max(tallest, lines)
        }
        let card = stripFrame(views: views).map { framed([""], carousel: carousel, by: $0).count - 1 } ?? 0
        rows.setHeight(tallest + card, ofRow: slot.lowerBound)
    }

    /// The decorations that frame a strip: those attached to its first card in the window that has a
    /// view (every card of a section carries its section's), or `nil` for none.
    private func stripFrame(views: [TextCell?]) -> RowAttachments? {
        guard let attachments = views.lazy.compactMap({ $0 }).first?.attachments, !attachments.backgrounds.isEmpty
        else { return nil }
        return attachments
    }

    /// A strip's lines framed by its section's decorations, innermost first, as a section's only row
    /// (the card opens above the strip and closes below it): the gutters inside the card.
    private func framed(_ lines: [String], carousel: TextCarousel, by frame: RowAttachments) -> [String] {
        var lines = lines
        var width = carousel.window + (carousel.hasGutters ? 2 : 0)
        for (_, background) in frame.backgrounds.reversed() {
            width += background.insets.leading + background.insets.trailing
            lines = background.frame(lines, width: width, position: .only)
        }
        return lines
    }

    /// A carousel strip's lines: the window's cards side by side at the section's offset, each
    /// ``TextCarousel/itemWidth`` columns wide (a card cut by the window's edge shows its columns inside
    /// it), ``TextCarousel/spacing`` blank columns between two; a card's lines are its cell's `cellLines`
    /// lines (its first ending with the item's state marker) then its item-scoped views. The gutter
    /// columns show, on the strip's first line, `‹` while cards lie before the window and `›` while
    /// cards lie after it. The section's decorations (its card) frame the whole strip, gutters
    /// included: the card opens on the line above the cards and closes on the line below them, and the
    /// strip is as wide as the card leaves (``decorationInsets(ofSection:)``).
    ///
    /// - Parameters:
    ///   - slot: The section's item rows.
    ///   - members: The rows of the window's cards (``shownMembers(ofSlot:)``).
    ///   - views: Their views, `nil` for a card without one (blank).
    func stripLines(
        _ slot: Range<Int>, members: Range<Int>, carousel: TextCarousel, views: [TextCell?], cellLines: [Int],
        markers: [Character?]
    ) -> [String] {
        let section = rows.section(ofRow: slot.lowerBound)
        let offset = shownCarouselOffset(ofSection: section)
        let width = carousel.itemWidth
        var cards: [[String]] = []
        cards.reserveCapacity(views.count)
        for (index, view) in views.enumerated() {
            guard let view else {
                cards.append([])
                continue
            }
            cards.append(cardLines(of: view, width: width, lines: cellLines[index], marker: markers[index]))
        }
        let height = max(1, cards.lazy.map(\.count).max() ?? 1)
        let end = offset + carousel.window
        let hasBefore = offset > 0
        let hasAfter = offset < carousel.maximumOffset(count: slot.count)
        var lines: [String] = []
        lines.reserveCapacity(height)
        for line in 0..<height {
            var text = ""
            if carousel.hasGutters { text += line == 0 && hasBefore ? "‹" : " " }
            var cursor = offset
            for (index, member) in members.enumerated() {
                let start = carousel.start(ofItem: member - slot.lowerBound)
                let from = max(start, offset)
                let to = min(start + width, end)
                guard from < to else { continue }
                if from > cursor { text += String(repeating: " ", count: from - cursor) }
                let card = cards[index]
                text += TextWidth.columns(
                    line < card.count ? card[line] : "", from: from - start, width: to - from)
                cursor = to
            }
            if cursor < end { text += String(repeating: " ", count: end - cursor) }
            if carousel.hasGutters { text += line == 0 && hasAfter ? "›" : " " }
            lines.append(text)
        }
        guard let frame = stripFrame(views: views) else { return lines }
        return framed(lines, carousel: carousel, by: frame)
    }
}
