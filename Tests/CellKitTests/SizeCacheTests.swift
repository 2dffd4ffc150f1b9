@_spi(Testing) @testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// Item sizes from registrations (fixed, calculated, automatic) and the size cache in front of them:
// what is measured, what is not, and which change drops which entry. A test of those sizes runs on
// `HostKind.takingItemSizes`: a list layout sizes each cell itself and asks the data source for no size.

/// A note of some lines; same id and new line count is the same item with new content.
struct Note: Hashable, Identifiable {
    var id: Int
    var lines: Int

    /// `n<id>.1` to `n<id>.<lines>`, one a line.
    var text: String { (1...max(1, lines)).map { "n\(id).\($0)" }.joined(separator: "\n") }
}

/// Notes as their text, by a `ConfigurableView`.
enum NoteLabel: LabelStyle {
    static func text(_ note: Note) -> String { note.text }
}

/// Paragraphs wrapped at the width, by a `ConfigurableView`.
enum ParagraphLabel: LabelStyle {
    static func text(_ paragraph: Paragraph) -> String { paragraph.text }
    static var wraps: Bool { true }
}

/// A paragraph that wraps at the width.
struct Paragraph: Hashable, Identifiable {
    var id: Int
    var text: String

    /// The lines it wraps to at a width.
    func lineCount(width: Int) -> Int { max(1, (text.count + width - 1) / width) }
}

/// An item whose height depends on state outside the snapshot: a row that expands in place.
struct Expandable: Hashable, Identifiable {
    var id: Int
}

@MainActor final class Expansion {
    var expanded: Set<Int> = []
}

/// Scrolls page by page until the last line shows, then back to the top.
@MainActor
func scrollThrough(_ harness: any HostHarness, height: Int) {
    harness.scroll(toLine: 0)
    var last = -1
    while harness.topLine != last {
        last = harness.topLine
        harness.scroll(byLines: height)
    }
    harness.scroll(toLine: 0)
}

@MainActor
@Suite("Size cache and item sizing")
struct SizeCacheTests {
    /// A host of `kind`, 24 wide and 10 tall, and a data source on it.
    private func screen(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make(width: 24, height: 10)
        return (harness, harness.makeDataSource(Section.self))
    }

    private func notes(_ range: ClosedRange<Int>, lines: (Int) -> Int = { _ in 1 }) -> [AnyHashable] {
        range.map { AnyHashable(Note(id: $0, lines: lines($0))) }
    }

    /// Registers notes, shown as `Note.text`, with a sizing.
    private func registerNotes(
        _ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>, sizing: ItemSizing<Note>?
    ) {
        harness.registerLabelType(dataSource, NoteLabel.self, sizing: sizing)
    }

    // MARK: Modes

    @Test("a fixed size measures no cell: every row takes it, cut or padded", arguments: HostKind.takingItemSizes)
    func fixedMeasuresNothing(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .fixed(3))
        try dataSource.apply(makeSnapshot(notes(1...20, lines: { $0 % 2 == 0 ? 5 : 1 })))
        #expect(
            harness.screen() == [
                "n1.1", "", "", "n2.1", "n2.2", "n2.3", "n3.1", "", "", "n4.1",
            ])
        scrollThrough(harness, height: 10)
        #expect(harness.measuredViews == 0)
        if let text = harness as? TextHarness {
            // The text host asks the data source for the size of each row it configures. (UIKit's layouts ask
            // for every item's size on each layout pass, whatever they configure.)
            #expect(text.list.statistics.sizedByDataSource == text.list.statistics.configured)
        }
        #expect(harness.contentHeight == 60)
        #expect(dataSource.sizingStatistics.measures == 0 && dataSource.sizingStatistics.cached == 0)
        #expect(harness.problems == [])
    }

    @Test("automatic: one measure per item not seen yet, however often it shows", arguments: HostKind.takingItemSizes)
    func automaticMeasuresOncePerItem(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .automatic)
        try dataSource.apply(makeSnapshot(notes(1...30, lines: { $0 % 3 + 1 })))
        for _ in 0..<3 { scrollThrough(harness, height: 10) }
        #expect(dataSource.sizingStatistics.measures == 30)
        #expect(harness.measuredViews == 30)
        if let text = harness as? TextHarness {
            // Every other row the text host configured took its size from the data source.
            #expect(text.list.statistics.sizedByDataSource == text.list.statistics.configured - 30)
        }
        #expect(harness.problems == [])
    }

    // Text host only: it checks how TextListView measures rows without a sizing itself; on UIKit, UIKit sizes
    // them (the layout's itemSize or the table's rowHeight here: the stand-in does not self-size cells).
    @Test("without a sizing, the text host measures a row each time it shows, and shows what a sized list shows")
    func withoutSizingMeasuresPerDisplay() throws {
        let harness = HostKind.text.make(width: 24, height: 10)
        let dataSource = harness.makeDataSource(Section.self)
        registerNotes(harness, dataSource, sizing: .automatic)
        try dataSource.apply(makeSnapshot(notes(1...30, lines: { $0 % 3 + 1 })))
        for _ in 0..<3 { scrollThrough(harness, height: 10) }

        let plain = HostKind.text.make(width: 24, height: 10)
        let plainSource = plain.makeDataSource(Section.self)
        registerNotes(plain, plainSource, sizing: nil)
        try plainSource.apply(makeSnapshot(notes(1...30, lines: { $0 % 3 + 1 })))
        for _ in 0..<3 { scrollThrough(plain, height: 10) }
        #expect(plain.measuredViews == plain.configuredViews)
        #expect(plain.measuredViews > 60)
        #expect(plain.screen() == harness.screen())
    }

    @Test(
        "calculated: the closure runs once per item and width, with the width; no cell is measured",
        arguments: HostKind.takingItemSizes)
    func calculatedRunsOncePerItem(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        var widths: [Double] = []
        harness.registerLabelType(
            dataSource, ParagraphLabel.self,
            sizing: .calculated { paragraph, width in
                widths.append(width)
                return Double(paragraph.lineCount(width: Int(width)))
            })
        let paragraphs = (1...12).map { AnyHashable(Paragraph(id: $0, text: String(repeating: "x", count: $0 * 7))) }
        try dataSource.apply(makeSnapshot(paragraphs))
        scrollThrough(harness, height: 10)
        scrollThrough(harness, height: 10)
        #expect(widths.count == 12 && Set(widths) == [24])
        #expect(harness.measuredViews == 0)
        #expect(dataSource.cachedLength(of: Paragraph(id: 4, text: String(repeating: "x", count: 28))) == 2)
        #expect(harness.problems == [])
    }

    // MARK: The cache's rules

    @Test(
        "cache A and B, insert C before A: A's size comes without a measure; a new width re-measures all; A's new content re-measures A",
        arguments: HostKind.takingItemSizes)
    func checklistExample(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 3)
        let c = Note(id: 3, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.sizingStatistics.measures == 2)
        #expect(dataSource.cachedLength(of: a) == 2 && dataSource.cachedLength(of: b) == 3)

        try dataSource.apply(makeSnapshot([c, a, b]))
        #expect(harness.updates.last == "insert 0.0")
        #expect(dataSource.sizingStatistics.measures == 3)  // C only
        #expect(dataSource.cachedLength(of: a) == 2)

        // A reload asks for every visible size again: A and B (and C) come from the cache.
        let hits = dataSource.sizingStatistics.hits
        try dataSource.apply(makeSnapshot([c, a, b]), animatingDifferences: false)
        harness.layoutIfNeeded()
        #expect(dataSource.sizingStatistics.measures == 3)
        #expect(dataSource.sizingStatistics.hits == hits + 3)
        #expect(harness.measuredViews == 3)
        #expect(harness.screen().prefix(6) == ["n3.1", "n1.1", "n1.2", "n2.1", "n2.2", "n2.3"])

        // A new width: every entry is measured again.
        let configured = harness.configuredViews
        harness.resize(width: 20, height: 10)
        #expect(dataSource.sizingStatistics.measures == 6)
        #expect(harness.configuredViews == configured)

        // A with new content (same id): A alone is measured again.
        let a2 = Note(id: 1, lines: 4)
        try dataSource.apply(makeSnapshot([c, a2, b]))
        harness.layoutIfNeeded()
        #expect(harness.updates.last == "reconfigure 0.1")
        #expect(dataSource.sizingStatistics.measures == 7)
        #expect(dataSource.cachedLength(of: a2) == 4 && dataSource.cachedLength(of: a) == nil)
        #expect(
            harness.screen().prefix(8) == ["n3.1", "n1.1", "n1.2", "n1.3", "n1.4", "n2.1", "n2.2", "n2.3"])
        #expect(harness.problems == [])
    }

    @Test(
        "a delete drops the entry, a move keeps it, a reload or reconfigure mark re-measures the same content",
        arguments: HostKind.takingItemSizes)
    func deleteMoveAndMarks(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 1)
        let c = Note(id: 3, lines: 3)
        try dataSource.apply(makeSnapshot([a, b, c]))
        try dataSource.apply(makeSnapshot([a, c]))
        #expect(dataSource.cachedLength(of: b) == nil)
        #expect(dataSource.sizingStatistics.cached == 2)

        try dataSource.apply(makeSnapshot([c, a]))
        #expect(harness.updates.last == "move 0.1 -> 0.0")
        #expect(dataSource.sizingStatistics.measures == 3)
        #expect(dataSource.cachedLength(of: a) == 2 && dataSource.cachedLength(of: c) == 3)

        var snapshot = try makeSnapshot([c, a])
        try snapshot.reloadItems([a])
        try dataSource.apply(snapshot)
        #expect(dataSource.sizingStatistics.measures == 4)
        snapshot = try makeSnapshot([c, a])
        try snapshot.reconfigureItems([c])
        try dataSource.apply(snapshot)
        harness.layoutIfNeeded()
        #expect(dataSource.sizingStatistics.measures == 5)
        // A reinserted item is measured again: its entry went with the delete.
        try dataSource.apply(makeSnapshot([c, a, b]))
        #expect(dataSource.sizingStatistics.measures == 6)
        #expect(harness.problems == [])
    }

    @Test(
        "an apply without animation keeps the entries of items that stay as they were, and drops the rest",
        arguments: HostKind.takingItemSizes)
    func reloadKeepsWhatStays(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .automatic)
        let a = Note(id: 1, lines: 2)
        let b = Note(id: 2, lines: 1)
        let c = Note(id: 3, lines: 1)
        try dataSource.apply(makeSnapshot([a, b, c]))
        let b2 = Note(id: 2, lines: 2)
        try dataSource.apply(makeSnapshot([a, b2]), animatingDifferences: false)
        harness.layoutIfNeeded()
        #expect(dataSource.sizingStatistics.measures == 4)  // B's new content only
        #expect(dataSource.cachedLength(of: c) == nil && dataSource.cachedLength(of: a) == 2)
        #expect(dataSource.sizingStatistics.cached == 2)

        var marked = try makeSnapshot([a, b2])
        try marked.reloadItems([a])
        try dataSource.apply(marked, animatingDifferences: false)
        harness.layoutIfNeeded()
        #expect(dataSource.sizingStatistics.measures == 5)
        #expect(harness.problems == [])
    }

    @Test("an entry measured at another width is never returned", arguments: HostKind.takingItemSizes)
    func otherWidthsMiss(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        var widths: [Double] = []
        harness.registerLabelType(
            dataSource, ParagraphLabel.self,
            sizing: .calculated { paragraph, width in
                widths.append(width)
                return Double(paragraph.lineCount(width: Int(width)))
            })
        let long = Paragraph(id: 1, text: String(repeating: "y", count: 30))
        try dataSource.apply(makeSnapshot([long]))
        harness.resize(width: 12, height: 10)
        #expect(dataSource.cachedLength(of: long) == 3)
        harness.resize(width: 24, height: 10)
        #expect(widths == [24, 12, 24])
        #expect(dataSource.cachedLength(of: long) == 2)
        #expect(harness.screen().prefix(3) == [String(repeating: "y", count: 24), "yyyyyy", ""])
        #expect(harness.problems == [])
    }

    /// Registers notes drawn as `n<id>`, with one more line (`~~`) when last in their section.
    private func registerEdgeNotes(_ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>) {
        harness.registerLabel(dataSource, for: Note.self, sizing: .automatic) { context, note in
            "n\(note.id)" + (context.position.isLast ? "\n~~" : "")
        }
    }

    @Test(
        "a context-reading cell whose position changed is measured again; a calculated size is kept",
        arguments: HostKind.takingItemSizes)
    func positionChangeRemeasures(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerEdgeNotes(harness, dataSource)
        let a = Note(id: 1, lines: 1)
        let b = Note(id: 2, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.cachedLength(of: b) == 2)
        try dataSource.apply(makeSnapshot([a, b, Note(id: 3, lines: 1)]))
        #expect(harness.updates.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
        harness.layoutIfNeeded()
        #expect(dataSource.cachedLength(of: b) == 1)
        #expect(harness.screen().prefix(5) == ["n1", "n2", "n3", "~~", ""])

        let (fresh, freshSource) = screen(kind)
        registerEdgeNotes(fresh, freshSource)
        try freshSource.apply(dataSource.snapshot())
        #expect(fresh.screen() == harness.screen())
        #expect(harness.problems == [])
    }

    @Test(
        "an apply without animation measures a context-reading cell again when its position changed",
        arguments: HostKind.takingItemSizes)
    func reloadPositionChange(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerEdgeNotes(harness, dataSource)
        let a = Note(id: 1, lines: 1)
        let b = Note(id: 2, lines: 1)
        try dataSource.apply(makeSnapshot([a, b]))
        #expect(dataSource.cachedLength(of: a) == 1 && dataSource.cachedLength(of: b) == 2)
        try dataSource.apply(makeSnapshot([a, b, Note(id: 3, lines: 1)]), animatingDifferences: false)
        harness.layoutIfNeeded()
        #expect(dataSource.sizingStatistics.measures == 4)  // b (no longer last) and the new c; a kept
        #expect(harness.screen().prefix(5) == ["n1", "n2", "n3", "~~", ""])
        #expect(harness.problems == [])
    }

    @Test("replacing a registration drops every cached size", arguments: HostKind.takingItemSizes)
    func registrationDropsCache(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: .automatic)
        try dataSource.apply(makeSnapshot(notes(1...3)))
        #expect(dataSource.sizingStatistics.cached == 3)
        dataSource.onDiagnostic = { _ in }  // the replacement is on purpose
        registerNotes(harness, dataSource, sizing: .fixed(2))
        #expect(dataSource.sizingStatistics.cached == 0)
        #expect(harness.screen().prefix(4) == ["n1.1", "", "n2.1", ""])
        dataSource.invalidateAllSizes()
        #expect(dataSource.sizingStatistics.cached == 0)
        #expect(harness.problems == [])
    }

    @Test(
        "a data source answers nil for a registration without a sizing, and never measures",
        arguments: HostKind.allCases)
    func noSizingAnswersNil(kind: HostKind) throws {
        let (harness, dataSource) = screen(kind)
        registerNotes(harness, dataSource, sizing: nil)
        try dataSource.apply(makeSnapshot(notes(1...2)))
        var measured = false
        let length = dataSource.adapter.lengthOfItem(
            at: ListIndexPath(item: 0, section: 0), crossAxisLength: 24, in: harness.host
        ) {
            measured = true
            return 1
        }
        #expect(length == nil && !measured)
        #expect(
            dataSource.adapter.lengthOfItem(
                at: ListIndexPath(item: 9, section: 0), crossAxisLength: 24, in: harness.host
            ) { 1 }
                == nil)
        #expect(harness.problems == [])
    }

    // MARK: Self-resizing items

    /// Shows expandable rows, each drawn from `expansion` whenever it is drawn or measured (`e<id>`, or
    /// `e<id> open` and two more lines).
    private func showExpandables(
        _ count: Int, expansion: Expansion, on harness: any HostHarness,
        _ dataSource: UniversalDataSource<Section>
    ) throws {
        harness.registerLabel(dataSource, for: Expandable.self, sizing: .automatic, live: true) { _, item in
            expansion.expanded.contains(item.id) ? "e\(item.id) open\n  more\n  more" : "e\(item.id)"
        }
        try dataSource.apply(makeSnapshot((0..<count).map { AnyHashable(Expandable(id: $0)) }))
    }

    @Test(
        "invalidateSize three times in one turn: one layout pass, one measure, no configure",
        arguments: HostKind.takingItemSizes)
    func invalidateSizeCoalesces(kind: HostKind) async throws {
        let (harness, dataSource) = screen(kind)
        let expansion = Expansion()
        try showExpandables(30, expansion: expansion, on: harness, dataSource)
        let configured = harness.configuredViews
        let measured = harness.measuredViews
        expansion.expanded.insert(2)
        for _ in 0..<3 { dataSource.invalidateSize(of: Expandable(id: 2)) }
        #expect(dataSource.cachedLength(of: Expandable(id: 2)) == nil)
        #expect(harness.relayouts == 0)  // not before the turn ends
        await dataSource.scheduledSizeUpdate?.value
        harness.layoutIfNeeded()
        #expect(harness.relayouts == 1)
        #expect(harness.configuredViews == configured)
        #expect(harness.measuredViews == measured + 1)
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        if let text = harness as? TextHarness {
            // The text host lays out the rows it was given; UIKit's layouts invalidate as a whole.
            #expect(text.list.updateLog.last == "resize 0.2")
        }
        #expect(harness.screen().prefix(6) == ["e0", "e1", "e2 open", "  more", "  more", "e3"])
        #expect(dataSource.cachedLength(of: Expandable(id: 2)) == 3)
        #expect(harness.problems == [])
    }

    @Test(
        "invalidateSize of an item off screen drops its sizes; the item shows at its new size",
        arguments: HostKind.takingItemSizes
    )
    func invalidateOffScreen(kind: HostKind) async throws {
        let (harness, dataSource) = screen(kind)
        let expansion = Expansion()
        try showExpandables(30, expansion: expansion, on: harness, dataSource)
        scrollThrough(harness, height: 10)
        #expect(dataSource.cachedLength(of: Expandable(id: 25)) == 1)
        let statistics = (harness as? TextHarness)?.list.statistics
        let (configured, measured, relayouts) = (harness.configuredViews, harness.measuredViews, harness.relayouts)
        let shown = harness.screen()
        expansion.expanded.insert(25)
        dataSource.invalidateSize(of: Expandable(id: 25))
        await dataSource.scheduledSizeUpdate?.value
        harness.layoutIfNeeded()
        if let text = harness as? TextHarness {
            // The text host measures a row when it shows: off screen, the item only loses its size, and
            // the list does no work.
            #expect(dataSource.cachedLength(of: Expandable(id: 25)) == nil)
            #expect(text.list.statistics == statistics)
        } else {
            // UIKit's layouts ask for every item's size on their layout pass: the item is measured at
            // once, off screen (no cell is configured to show).
            #expect(dataSource.cachedLength(of: Expandable(id: 25)) == 3)
            #expect(harness.relayouts == relayouts + 1)
            #expect(harness.measuredViews == measured + 1)
            #expect(harness.configuredViews == configured)
        }
        #expect(harness.screen() == shown)
        harness.scrollToEnd()
        #expect(dataSource.cachedLength(of: Expandable(id: 25)) == 3)
        #expect(harness.screen().contains("e25 open"))
        #expect(harness.problems == [])
    }

    // TextListView keeps the row at its top in place when rows above it change size (its scroll anchor); the
    // UIKit hosts move the content offset so that the first visible item keeps its place.
    @Test(
        "an item above the viewport that changes size keeps what the viewport shows",
        arguments: HostKind.takingItemSizes)
    func invalidateAboveKeepsViewport(kind: HostKind) async throws {
        let (harness, dataSource) = screen(kind)
        let expansion = Expansion()
        expansion.expanded.insert(3)
        try showExpandables(30, expansion: expansion, on: harness, dataSource)  // e3 measured at 3 lines
        harness.scroll(toLine: 10)
        let shown = harness.screen()
        expansion.expanded.remove(3)
        dataSource.invalidateSize(of: Expandable(id: 3))
        dataSource.updateSizesIfNeeded()  // e3 is 1 line now (on the text host: counts as 1 until shown)
        #expect(harness.screen() == shown)
        #expect(harness.topLine == 8)
        if !(harness is TextHarness) {
            // Growing moves the content offset down by as much (the text host measures e3 when it shows).
            expansion.expanded.insert(3)
            dataSource.invalidateSize(of: Expandable(id: 3))
            dataSource.updateSizesIfNeeded()
            #expect(harness.screen() == shown)
            #expect(harness.topLine == 10)
        }
        harness.scroll(toLine: 0)
        let third = expansion.expanded.contains(3) ? ["e3 open", "  more"] : ["e3", "e4"]
        #expect(Array(harness.screen().prefix(5)) == ["e0", "e1", "e2"] + third)
        #expect(harness.problems == [])
    }

    @Test(
        "updateSizesIfNeeded sends now; the end of the turn then has nothing left; an item not shown is not sent",
        arguments: HostKind.allCases)
    func updateNow(kind: HostKind) async throws {
        let (harness, dataSource) = screen(kind)
        let expansion = Expansion()
        try showExpandables(5, expansion: expansion, on: harness, dataSource)
        expansion.expanded.insert(1)
        dataSource.invalidateSize(of: Expandable(id: 1))
        dataSource.invalidateSize(of: Expandable(id: 99))
        dataSource.updateSizesIfNeeded()
        #expect(harness.relayouts == 1)
        if let text = harness as? TextHarness {
            // The text host lays out the rows it was given; UIKit's layouts invalidate as a whole.
            #expect(text.list.updateLog.last == "resize 0.1")
        }
        await dataSource.scheduledSizeUpdate?.value
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        dataSource.invalidateSize(of: Expandable(id: 99))
        await dataSource.scheduledSizeUpdate?.value
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        #expect(harness.relayouts == 1)
        #expect(harness.screen().prefix(4) == ["e0", "e1 open", "  more", "  more"])
        #expect(harness.problems == [])
    }

    // Recording host only: it checks ListHost's default invalidateItemSizes, which every host here overrides.
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
        cache.store(2, of: Note(id: 1, lines: 2), width: 10)
        #expect(cache.length(of: Note(id: 1, lines: 2), width: 10) == 2)
        #expect(cache.length(of: Note(id: 1, lines: 3), width: 10) == nil)  // a new content version
        #expect(cache.length(of: Note(id: 2, lines: 2), width: 10) == nil)  // another identity
        #expect(cache.count == 1)
        cache.store(3, of: Note(id: 1, lines: 3), width: 10)  // replaces the older version
        #expect(cache.count == 1 && cache.peek(Note(id: 1, lines: 2)) == nil)
        #expect(cache.peek(Note(id: 1, lines: 3))?.length == 3)
        #expect(cache.length(of: Note(id: 1, lines: 3), width: 12) == nil)  // made for another width
        cache.store(5, of: Note(id: 2, lines: 5), width: 16)  // another item, at another width (in a card)
        #expect(cache.length(of: Note(id: 2, lines: 5), width: 16) == 5)
        #expect(cache.length(of: Note(id: 1, lines: 3), width: 10) == 3)  // each entry keeps its own width
        cache.store(4, of: Note(id: 1, lines: 3), width: 12)  // replaces the entry for width 10
        #expect(cache.count == 2 && cache.length(of: Note(id: 1, lines: 3), width: 10) == nil)
        #expect(cache.peek(Note(id: 1, lines: 3))! == (4, 12))
        #expect(cache.hits == 3 && cache.misses == 5)
    }

    @Test("a removal by identity drops any version; non-Identifiable items are their own identity")
    func removals() {
        var cache = SizeCache()
        _ = cache.length(of: "x", width: 5)
        cache.store(1, of: Note(id: 1, lines: 1), width: 5)
        cache.store(4, of: "plain", width: 5)
        cache.store(2, of: AnyHashable(7), width: 5)
        cache.remove(Note(id: 1, lines: 9))
        #expect(cache.peek(Note(id: 1, lines: 1)) == nil && cache.count == 2)
        cache.removeAll { $0 != AnyHashable("plain") }
        #expect(cache.peek("plain") == nil && cache.peek(AnyHashable(7))?.length == 2)
        #expect(cache.length(of: AnyHashable(7), width: 5) == 2)
        cache.removeAll()
        #expect(cache.isEmpty)
    }
}
