@testable @_spi(Testing) import CellKitText
@_spi(ListHost) import CellKit
import DiffableStore
import Testing

// The viewport's size, and row heights that come from the data source or are invalidated.

/// A cell that wraps its text at the width it renders at.
final class WrapCell: TextCell {
    override func render(width: Int) -> [String] {
        let characters = Array(text)
        return stride(from: 0, to: max(1, characters.count), by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}

/// One section of texts shown in wrapping cells; `lengths` gives the data source's size per item
/// (`nil`: the list measures).
@MainActor
final class WrapDataSource: ListHostDataSource {
    var texts: [String]
    var lengths: [Int: Double] = [:]
    /// The widths the list asked for sizes at.
    var askedWidths: [Double] = []

    init(_ texts: [String], host: TextListView) {
        self.texts = texts
        host.registerCell(WrapCell.self, reuseIdentifier: "wrap") { WrapCell() }
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { 1 }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int { texts.count }
    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        guard case .cell = element else { return nil }
        return ViewReuse(reuseIdentifier: "wrap", viewClass: WrapCell.self)
    }
    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        guard case .cell(let indexPath) = element else { return }
        (view as? TextCell)?.text = texts[indexPath.item]
    }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        texts.indices.contains(indexPath.item) ? texts[indexPath.item] : nil
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? { 0 }
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost,
        measuring measure: () -> Double
    ) -> Double? {
        askedWidths.append(crossAxisLength)
        return lengths[indexPath.item]
    }
}

@MainActor
@Suite("TextListView resizing and item sizes")
struct TextListViewResizeTests {
    let list = TextListView(width: 10, height: 5)

    /// Items `0...count-1`, item *i* is *i* % 3 + 1 tens of letters (so it wraps to that many lines at 10 columns).
    private func texts(_ count: Int) -> [String] {
        (0..<count).map { String(repeating: Character(UnicodeScalar(97 + $0 % 26)!), count: ($0 % 3 + 1) * 10) }
    }

    @Test("a new width measures the visible rows again at that width, configuring none")
    func widthChangeRemeasures() {
        let source = WrapDataSource(texts(20), host: list)
        #expect(trimmed(list.render()) == ["aaaaaaaaaa", "bbbbbbbbbb", "bbbbbbbbbb", "cccccccccc", "cccccccccc"])
        let before = list.statistics
        let shown = (0..<3).compactMap { list.cellForItem(at: ListIndexPath(item: $0, section: 0)) }
        list.resize(width: 20, height: 5)
        // a, b and c are measured again, not configured; d comes into view (configured and measured).
        #expect(shown.map(\.configureCount) == [1, 1, 1])
        #expect(list.statistics.configured == before.configured + 1)
        #expect(list.statistics.measured == before.measured + 4)
        #expect(
            trimmed(list.render()) == [
                "aaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccc", "cccccccccc", "dddddddddd",
            ])
        #expect(source.askedWidths.last == 20)
        // Rows measured at the old width and off screen now are measured again when they show.
        list.scrollToEnd()
        #expect(list.render() == freshRender(source.texts, width: 20, height: 5, scrolledToEnd: true))
    }

    @Test("a new height measures nothing again: only rows coming into view are configured and measured")
    func heightChangeMeasuresNothing() {
        let source = WrapDataSource(texts(20), host: list)
        _ = list.render()
        var before = list.statistics
        list.resize(width: 10, height: 3)
        #expect(list.statistics.measured == before.measured)
        #expect(list.statistics.configured == before.configured)
        #expect(trimmed(list.render()) == ["aaaaaaaaaa", "bbbbbbbbbb", "bbbbbbbbbb"])
        before = list.statistics
        list.resize(width: 10, height: 9)
        #expect(list.statistics.measured - before.measured == list.statistics.configured - before.configured)
        #expect(list.statistics.configured - before.configured == 3)  // c, d and e come into view; a and b stay
        #expect(trimmed(list.render()).count == 9)
        _ = source
    }

    @Test("the row at the top stays at the top, scrolled as far into it as it still reaches")
    func topRowStays() {
        let source = WrapDataSource(texts(20), host: list)
        list.scroll(to: ListIndexPath(item: 4, section: 0))  // e: 20 letters, two lines
        list.scrollBy(lines: 1)
        let anchor = list.scrollAnchor
        #expect(anchor?.description == "0.4 +1")
        list.resize(width: 20, height: 5)
        #expect(list.scrollAnchor?.description == "0.4 +0")  // e is one line now
        #expect(trimmed(list.render()).first == String(repeating: "e", count: 20))
        list.resize(width: 10, height: 5)
        #expect(list.scrollAnchor?.description == "0.4 +0")
        _ = source
    }

    @Test("a resize to the same size, or before loading, changes nothing")
    func sameSizeAndUnloaded() {
        let unloaded = TextListView(width: 10, height: 5)
        let source = WrapDataSource(texts(5), host: unloaded)
        unloaded.resize(width: 30, height: 2)
        #expect(unloaded.width == 30 && unloaded.height == 2)
        #expect(trimmed(unloaded.render()) == ["aaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbb"])
        let before = unloaded.statistics
        let log = unloaded.updateLog
        unloaded.resize(width: 30, height: 2)
        #expect(unloaded.statistics == before && unloaded.updateLog == log)
        _ = source
    }

    @Test("the data source's size is the row's height: rounded up, at least one line; the view is not measured")
    func dataSourceSizes() {
        let source = WrapDataSource(["a", "b", "c", "d", "e", "f"], host: list)
        source.lengths = [0: 2.2, 1: 0, 2: .nan, 3: -4, 4: .infinity]
        list.resize(width: 10, height: 8)
        #expect(trimmed(list.render()) == ["a", "", "", "b", "c", "d", "e", "f"])
        #expect(list.statistics.measured == 1)  // f: the data source gave no size
        #expect(list.statistics.sizedByDataSource == 5)
        #expect(trimmed(list.renderAll()) == ["a", "", "", "b", "c", "d", "e", "f"])
    }

    @Test("renderAll shows rows off screen at the data source's size, without touching the statistics")
    func renderAllUsesSizes() {
        let source = WrapDataSource(["a", "b", "c", "d"], host: list)
        source.lengths = [3: 3]
        list.resize(width: 10, height: 2)
        _ = list.render()
        let before = list.statistics
        #expect(trimmed(list.renderAll()) == ["a", "b", "c", "d", "", ""])
        #expect(list.statistics == before)
    }

    @Test("invalidateItemSizes measures visible rows without configuring, forgets hidden ones, lays out once")
    func invalidateItemSizes() {
        let source = WrapDataSource(texts(20), host: list)
        _ = list.render()
        let before = list.statistics
        list.cellForItem(at: ListIndexPath(item: 0, section: 0))?.text = String(repeating: "z", count: 20)
        source.texts[0] = String(repeating: "z", count: 20)
        source.texts[15] = "short"
        list.invalidateItemSizes(at: [
            ListIndexPath(item: 0, section: 0), ListIndexPath(item: 15, section: 0),
            ListIndexPath(item: 0, section: 0), ListIndexPath(item: 99, section: 0),
        ])
        #expect(list.statistics.configured == before.configured)
        #expect(list.statistics.measured == before.measured + 1)
        #expect(list.statistics.relayouts == 1)
        #expect(list.updateLog.last == "resize 0.0, 0.15")
        #expect(trimmed(list.render()) == ["zzzzzzzzzz", "zzzzzzzzzz", "bbbbbbbbbb", "bbbbbbbbbb", "cccccccccc"])
        list.scrollToEnd()
        #expect(list.render() == freshRender(source.texts, width: 10, height: 5, scrolledToEnd: true))
        // Nothing in the list: nothing happens.
        let after = list.statistics
        list.invalidateItemSizes(at: [ListIndexPath(item: 40, section: 0)])
        #expect(list.statistics == after)
    }

    /// What a brand-new list of these texts renders.
    private func freshRender(_ texts: [String], width: Int, height: Int, scrolledToEnd: Bool) -> String {
        let fresh = TextListView(width: width, height: height)
        let source = WrapDataSource(texts, host: fresh)
        if scrolledToEnd { fresh.scrollToEnd() }
        _ = source
        return fresh.render()
    }
}
