@_spi(Testing) @testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// Item sizes from registrations (fixed, calculated, automatic) and the size cache in front of them:
// what is measured, what is not, and which change drops which entry.

/// A note of some lines; same id and new line count is the same item with new content.
struct Note: Hashable, Identifiable {
    var id: Int
    var lines: Int
}

@MainActor final class NoteCell: TextCell, ConfigurableView {
    func configure(with note: Note) {
        text = (1...max(1, note.lines)).map { "n\(note.id).\($0)" }.joined(separator: "\n")
    }
}

@MainActor final class EdgeNoteCell: TextCell {}

/// A paragraph that wraps at the width.
struct Paragraph: Hashable, Identifiable {
    var id: Int
    var text: String

    /// The lines it wraps to at a width.
    func lineCount(width: Int) -> Int { max(1, (text.count + width - 1) / width) }
}

@MainActor final class ParagraphCell: TextCell, ConfigurableView {
    var paragraph = Paragraph(id: 0, text: "")
    func configure(with paragraph: Paragraph) { self.paragraph = paragraph }
    override func render(width: Int) -> [String] {
        let characters = Array(paragraph.text)
        return stride(from: 0, to: max(1, characters.count), by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}

/// An item whose height depends on state outside the snapshot: a row that expands in place.
struct Expandable: Hashable, Identifiable {
    var id: Int
}

@MainActor final class Expansion {
    var expanded: Set<Int> = []
}

@MainActor final class ExpandableCell: TextCell {
    var id = 0
    var expansion: Expansion?
    override func render(width: Int) -> [String] {
        expansion?.expanded.contains(id) == true ? ["e\(id) open", "  more", "  more"] : ["e\(id)"]
    }
}

@MainActor
@Suite("Size cache and item sizing")
struct SizeCacheTests {
    let list = TextListView(width: 24, height: 10)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: list)
    }

    /// Scrolls page by page until the last line shows, then back to the top.
    private func scrollThrough() {
        list.scroll(toLine: 0)
        var last = -1
        while list.firstVisibleLine != last {
            last = list.firstVisibleLine
            list.pageDown()
        }
        list.scroll(toLine: 0)
    }

    private func notes(_ range: ClosedRange<Int>, lines: (Int) -> Int = { _ in 1 }) -> [AnyHashable] {
        range.map { AnyHashable(Note(id: $0, lines: lines($0))) }
    }

    // MARK: Modes

    @Test("a fixed size measures no cell: every row takes it, cut or padded")
    func fixedMeasuresNothing() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .fixed(3))
        try dataSource.apply(makeSnapshot(notes(1...20, lines: { $0 % 2 == 0 ? 5 : 1 })))
        #expect(
            renderedLines(list.render()) == [
                "n1.1", "", "", "n2.1", "n2.2", "n2.3", "n3.1", "", "", "n4.1",
            ])
        scrollThrough()
        #expect(list.statistics.measured == 0)
        #expect(list.statistics.sizedByDataSource == list.statistics.configured)
        #expect(list.contentHeight == 60)
        #expect(dataSource.sizingStatistics.measures == 0 && dataSource.sizingStatistics.cached == 0)
    }

    @Test("automatic: one measure per item not seen yet, however often it shows; without a sizing, one per display")
    func automaticMeasuresOncePerItem() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .automatic)
        try dataSource.apply(makeSnapshot(notes(1...30, lines: { $0 % 3 + 1 })))
        for _ in 0..<3 { scrollThrough() }
        #expect(dataSource.sizingStatistics.measures == 30)
        #expect(list.statistics.measured == 30)
        #expect(list.statistics.sizedByDataSource == list.statistics.configured - 30)

        // The same list without a sizing: the host measures each row every time it shows.
        let plain = TextListView(width: 24, height: 10)
        let plainSource = UniversalDataSource<Section>(host: plain)
        plainSource.registerCellType(NoteCell.self)
        try plainSource.apply(makeSnapshot(notes(1...30, lines: { $0 % 3 + 1 })))
        for _ in 0..<3 {
            plain.scroll(toLine: 0)
            var last = -1
            while plain.firstVisibleLine != last {
                last = plain.firstVisibleLine
                plain.pageDown()
            }
            plain.scroll(toLine: 0)
        }
        #expect(plain.statistics.measured == plain.statistics.configured)
        #expect(plain.statistics.measured > 60)
        #expect(plain.render() == list.render())
    }

    @Test("calculated: the closure runs once per item and width, with the width; no cell is measured")
    func calculatedRunsOncePerItem() throws {
        var widths: [Double] = []
        dataSource.registerCellType(
            ParagraphCell.self,
            sizing: .calculated { paragraph, width in
                widths.append(width)
                return Double(paragraph.lineCount(width: Int(width)))
            })
        let paragraphs = (1...12).map { AnyHashable(Paragraph(id: $0, text: String(repeating: "x", count: $0 * 7))) }
        try dataSource.apply(makeSnapshot(paragraphs))
        scrollThrough()
        scrollThrough()
        #expect(widths.count == 12 && Set(widths) == [24])
        #expect(list.statistics.measured == 0)
        #expect(dataSource.cachedLength(of: Paragraph(id: 4, text: String(repeating: "x", count: 28))) == 2)
    }

    // MARK: The cache's rules

    @Test(
        "cache A and B, insert C before A: A's size comes without a measure; a new width re-measures all; A's new content re-measures A"
    )
    func checklistExample() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 3)
        let c = Note(id: 3, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.sizingStatistics.measures == 2)
        #expect(dataSource.cachedLength(of: a) == 2 && dataSource.cachedLength(of: b) == 3)

        try dataSource.apply(makeSnapshot([c, a, b]))
        #expect(list.updateLog.last == "insert 0.0")
        #expect(dataSource.sizingStatistics.measures == 3)  // C only
        #expect(dataSource.cachedLength(of: a) == 2)

        // A reload asks for every visible size again: A and B (and C) come from the cache.
        let hits = dataSource.sizingStatistics.hits
        try dataSource.apply(makeSnapshot([c, a, b]), animatingDifferences: false)
        #expect(dataSource.sizingStatistics.measures == 3)
        #expect(dataSource.sizingStatistics.hits == hits + 3)
        #expect(list.statistics.measured == 3)
        #expect(renderedLines(list.render()).prefix(6) == ["n3.1", "n1.1", "n1.2", "n2.1", "n2.2", "n2.3"])

        // A new width: every entry is measured again.
        let configured = list.statistics.configured
        list.resize(width: 20, height: 10)
        #expect(dataSource.sizingStatistics.measures == 6)
        #expect(list.statistics.configured == configured)

        // A with new content (same id): A alone is measured again.
        let a2 = Note(id: 1, lines: 4)
        try dataSource.apply(makeSnapshot([c, a2, b]))
        #expect(list.updateLog.last == "reconfigure 0.1")
        #expect(dataSource.sizingStatistics.measures == 7)
        #expect(dataSource.cachedLength(of: a2) == 4 && dataSource.cachedLength(of: a) == nil)
        #expect(
            renderedLines(list.render()).prefix(8) == ["n3.1", "n1.1", "n1.2", "n1.3", "n1.4", "n2.1", "n2.2", "n2.3"])
    }

    @Test("a delete drops the entry, a move keeps it, a reload or reconfigure mark re-measures the same content")
    func deleteMoveAndMarks() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 1)
        let c = Note(id: 3, lines: 3)
        try dataSource.apply(makeSnapshot([a, b, c]))
        try dataSource.apply(makeSnapshot([a, c]))
        #expect(dataSource.cachedLength(of: b) == nil)
        #expect(dataSource.sizingStatistics.cached == 2)

        try dataSource.apply(makeSnapshot([c, a]))
        #expect(list.updateLog.last == "move 0.1 -> 0.0")
        #expect(dataSource.sizingStatistics.measures == 3)
        #expect(dataSource.cachedLength(of: a) == 2 && dataSource.cachedLength(of: c) == 3)

        var snapshot = try makeSnapshot([c, a])
        try snapshot.reloadItems([a])
        try dataSource.apply(snapshot)
        #expect(dataSource.sizingStatistics.measures == 4)
        snapshot = try makeSnapshot([c, a])
        try snapshot.reconfigureItems([c])
        try dataSource.apply(snapshot)
        #expect(dataSource.sizingStatistics.measures == 5)
        // A reinserted item is measured again: its entry went with the delete.
        try dataSource.apply(makeSnapshot([c, a, b]))
        #expect(dataSource.sizingStatistics.measures == 6)
    }

    @Test("an apply without animation keeps the entries of items that stay as they were, and drops the rest")
    func reloadKeepsWhatStays() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 1)
        let c = Note(id: 3, lines: 1)
        try dataSource.apply(makeSnapshot([a, b, c]))
        let b2 = Note(id: 2, lines: 2)
        try dataSource.apply(makeSnapshot([a, b2]), animatingDifferences: false)
        #expect(dataSource.sizingStatistics.measures == 4)  // B's new content only
        #expect(dataSource.cachedLength(of: c) == nil && dataSource.cachedLength(of: a) == 2)
        #expect(dataSource.sizingStatistics.cached == 2)

        var marked = try makeSnapshot([a, b2])
        try marked.reloadItems([a])
        try dataSource.apply(marked, animatingDifferences: false)
        #expect(dataSource.sizingStatistics.measures == 5)
    }

    @Test("an entry measured at another width is never returned")
    func otherWidthsMiss() throws {
        var widths: [Double] = []
        dataSource.registerCellType(
            ParagraphCell.self,
            sizing: .calculated { paragraph, width in
                widths.append(width)
                return Double(paragraph.lineCount(width: Int(width)))
            })
        let long = Paragraph(id: 1, text: String(repeating: "y", count: 30))
        try dataSource.apply(makeSnapshot([long]))
        list.resize(width: 12, height: 10)
        #expect(dataSource.cachedLength(of: long) == 3)
        list.resize(width: 24, height: 10)
        #expect(widths == [24, 12, 24])
        #expect(dataSource.cachedLength(of: long) == 2)
        #expect(renderedLines(list.render()).prefix(3) == [String(repeating: "y", count: 24), "yyyyyy", ""])
    }

    @Test("a context-reading cell whose position changed is measured again; a calculated size is kept")
    func positionChangeRemeasures() throws {
        dataSource.registerCell(itemType: Note.self, cellType: EdgeNoteCell.self, sizing: .automatic) {
            cell, context, note in
            cell.text = "n\(note.id)" + (context.position.isLast ? "\n~~" : "")
        }
        let a = Note(id: 1, lines: 1)
        let b = Note(id: 2, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.cachedLength(of: b) == 2)
        try dataSource.apply(makeSnapshot([a, b, Note(id: 3, lines: 1)]))
        #expect(list.updateLog.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
        #expect(dataSource.cachedLength(of: b) == 1)
        #expect(renderedLines(list.render()).prefix(5) == ["n1", "n2", "n3", "~~", ""])

        let fresh = TextListView(width: 24, height: 10)
        let freshSource = UniversalDataSource<Section>(host: fresh)
        freshSource.registerCell(itemType: Note.self, cellType: EdgeNoteCell.self, sizing: .automatic) {
            cell, context, note in
            cell.text = "n\(note.id)" + (context.position.isLast ? "\n~~" : "")
        }
        try freshSource.apply(dataSource.snapshot())
        #expect(fresh.render() == list.render())
    }

    @Test("an apply without animation measures a context-reading cell again when its position changed")
    func reloadPositionChange() throws {
        dataSource.registerCell(itemType: Note.self, cellType: EdgeNoteCell.self, sizing: .automatic) {
            cell, context, note in
            cell.text = "n\(note.id)" + (context.position.isLast ? "\n~~" : "")
        }
        let a = Note(id: 1, lines: 1)
        let b = Note(id: 2, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.cachedLength(of: a) == 1 && dataSource.cachedLength(of: b) == 2)
        try dataSource.apply(makeSnapshot([a, b, Note(id: 3, lines: 1)]), animatingDifferences: false)
        #expect(dataSource.sizingStatistics.measures == 4)  // b (no longer last) and the new c; a kept
        #expect(renderedLines(list.render()).prefix(5) == ["n1", "n2", "n3", "~~", ""])
    }

    @Test("replacing a registration drops every cached size")
    func registrationDropsCache() throws {
        dataSource.registerCellType(NoteCell.self, sizing: .automatic)
        try dataSource.apply(makeSnapshot(notes(1...3)))
        #expect(dataSource.sizingStatistics.cached == 3)
        dataSource.registerCellType(NoteCell.self, sizing: .fixed(2))
        #expect(dataSource.sizingStatistics.cached == 0)
        #expect(renderedLines(list.render()).prefix(4) == ["n1.1", "", "n2.1", ""])
        dataSource.invalidateAllSizes()
        #expect(dataSource.sizingStatistics.cached == 0)
    }

    @Test("a data source answers nil for a registration without a sizing, and never measures")
    func noSizingAnswersNil() throws {
        dataSource.registerCellType(NoteCell.self)
        try dataSource.apply(makeSnapshot(notes(1...2)))
        var measured = false
        let length = dataSource.lengthOfItem(at: ListIndexPath(item: 0, section: 0), crossAxisLength: 24, in: list) {
            measured = true
            return 1
        }
        #expect(length == nil && !measured)
        #expect(
            dataSource.lengthOfItem(at: ListIndexPath(item: 9, section: 0), crossAxisLength: 24, in: list) { 1 } == nil)
    }

    // MARK: Self-resizing items

    private func showExpandables(_ count: Int, expansion: Expansion) throws {
        dataSource.registerCell(itemType: Expandable.self, cellType: ExpandableCell.self, sizing: .automatic) {
            cell, _, item in
            cell.id = item.id
            cell.expansion = expansion
        }
        try dataSource.apply(makeSnapshot((0..<count).map { AnyHashable(Expandable(id: $0)) }))
    }

    @Test("invalidateSize three times in one turn: one layout pass, one measure, no configure")
    func invalidateSizeCoalesces() async throws {
        let expansion = Expansion()
        try showExpandables(30, expansion: expansion)
        let before = list.statistics
        expansion.expanded.insert(2)
        for _ in 0..<3 { dataSource.invalidateSize(of: Expandable(id: 2)) }
        #expect(dataSource.cachedLength(of: Expandable(id: 2)) == nil)
        #expect(list.statistics.relayouts == 0)  // not before the turn ends
        await dataSource.scheduledSizeUpdate?.value
        #expect(list.statistics.relayouts == 1)
        #expect(list.statistics.configured == before.configured)
        #expect(list.statistics.measured == before.measured + 1)
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        #expect(list.updateLog.last == "resize 0.2")
        #expect(renderedLines(list.render()).prefix(6) == ["e0", "e1", "e2 open", "  more", "  more", "e3"])
        #expect(dataSource.cachedLength(of: Expandable(id: 2)) == 3)
    }

    @Test("invalidateSize of an item off screen drops its sizes only: no layout, measured when it shows")
    func invalidateOffScreen() async throws {
        let expansion = Expansion()
        try showExpandables(30, expansion: expansion)
        scrollThrough()
        #expect(dataSource.cachedLength(of: Expandable(id: 25)) == 1)
        let before = list.statistics
        let shown = list.render()
        expansion.expanded.insert(25)
        dataSource.invalidateSize(of: Expandable(id: 25))
        await dataSource.scheduledSizeUpdate?.value
        #expect(dataSource.cachedLength(of: Expandable(id: 25)) == nil)
        #expect(list.statistics == before)
        #expect(list.render() == shown)
        list.scrollToEnd()
        #expect(dataSource.cachedLength(of: Expandable(id: 25)) == 3)
        #expect(renderedLines(list.render()).contains("e25 open"))
    }

    @Test("an item above the viewport that changes size keeps what the viewport shows")
    func invalidateAboveKeepsViewport() async throws {
        let expansion = Expansion()
        expansion.expanded.insert(3)
        try showExpandables(30, expansion: expansion)  // e3 measured at 3 lines
        list.scroll(toLine: 10)
        let shown = list.render()
        expansion.expanded.remove(3)
        dataSource.invalidateSize(of: Expandable(id: 3))
        dataSource.updateSizesIfNeeded()  // e3 forgets its 3 lines and counts as 1 until shown
        #expect(list.render() == shown)
        #expect(list.firstVisibleLine == 8)
        list.scroll(toLine: 0)
        #expect(renderedLines(list.render()).prefix(5) == ["e0", "e1", "e2", "e3", "e4"])
    }

    @Test("updateSizesIfNeeded sends now; the end of the turn then has nothing left; an item not shown is not sent")
    func updateNow() async throws {
        let expansion = Expansion()
        try showExpandables(5, expansion: expansion)
        expansion.expanded.insert(1)
        dataSource.invalidateSize(of: Expandable(id: 1))
        dataSource.invalidateSize(of: Expandable(id: 99))
        dataSource.updateSizesIfNeeded()
        #expect(list.updateLog.last == "resize 0.1")
        await dataSource.scheduledSizeUpdate?.value
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        dataSource.invalidateSize(of: Expandable(id: 99))
        await dataSource.scheduledSizeUpdate?.value
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
    }

    @Test("a host without its own size invalidation reconfigures the items")
    func defaultHostReconfigures() throws {
        let host = RecordingHost()
        let source = UniversalDataSource<Section>(host: host)
        source.registerCellType(PlainCell.self)
        try source.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        source.invalidateSize(of: Plain(name: "b"))
        source.updateSizesIfNeeded()
        #expect(host.events.last == "reconfigure 0.1")
    }
}

@Suite("SizeCache")
struct SizeCacheUnitTests {
    @Test("a hit needs the same identity, the same content and the same width")
    func keys() {
        var cache = SizeCache()
        #expect(cache.length(of: Note(id: 1, lines: 2), width: 10) == nil)
        cache.store(2, of: Note(id: 1, lines: 2))
        #expect(cache.length(of: Note(id: 1, lines: 2), width: 10) == 2)
        #expect(cache.length(of: Note(id: 1, lines: 3), width: 10) == nil)  // a new content version
        #expect(cache.length(of: Note(id: 2, lines: 2), width: 10) == nil)  // another identity
        #expect(cache.count == 1)
        cache.store(3, of: Note(id: 1, lines: 3))  // replaces the older version
        #expect(cache.count == 1 && cache.peek(Note(id: 1, lines: 2)) == nil && cache.peek(Note(id: 1, lines: 3)) == 3)
        #expect(cache.length(of: Note(id: 1, lines: 3), width: 12) == nil)  // another width empties it
        #expect(cache.isEmpty && cache.width == 12)
        #expect(cache.hits == 1 && cache.misses == 4)
    }

    @Test("a removal by identity drops any version; non-Identifiable items are their own identity")
    func removals() {
        var cache = SizeCache()
        _ = cache.length(of: "x", width: 5)
        cache.store(1, of: Note(id: 1, lines: 1))
        cache.store(4, of: "plain")
        cache.store(2, of: AnyHashable(7))
        cache.remove(Note(id: 1, lines: 9))
        #expect(cache.peek(Note(id: 1, lines: 1)) == nil && cache.count == 2)
        cache.removeAll { $0 != AnyHashable("plain") }
        #expect(cache.peek("plain") == nil && cache.peek(AnyHashable(7)) == 2)
        #expect(cache.length(of: AnyHashable(7), width: 5) == 2)
        cache.removeAll()
        #expect(cache.isEmpty)
    }
}
