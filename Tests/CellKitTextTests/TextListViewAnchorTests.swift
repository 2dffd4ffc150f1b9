@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore
import Testing

@Suite("TextListView first visible item anchor")
@MainActor
struct TextListViewAnchorTests {
    @Test("items 20-29 at line 0; prepend 10 rows: item 20 is still at line 0, and only the scroll is reported")
    func prependKeepsFirstVisibleItem() throws {
        let fixture = ListFixture(count: 40, height: 10)
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.keepsFirstVisibleItemAnchored = true
        list.scroll(toLine: 20)
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(insertedItems: (0..<10).map { at(0, $0) })) {
            dataSource.sections[0].insert(contentsOf: (0..<10).map { "p\($0)" }, at: 0)
        }
        #expect(list.firstVisibleLine == 30)
        #expect(trimmed(list.render()) == (20..<30).map { "i\($0)" })
        #expect(recorder.log == [["didScroll 30"]])
    }

    @Test("off by default: the first visible line stays and the content moves under it")
    func offByDefault() throws {
        let fixture = ListFixture(count: 40, height: 10)
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource) = (fixture.list, fixture.dataSource)
        list.scroll(toLine: 20)
        try list.performBatchUpdates(BatchUpdate(insertedItems: (0..<10).map { at(0, $0) })) {
            dataSource.sections[0].insert(contentsOf: (0..<10).map { "p\($0)" }, at: 0)
        }
        #expect(list.firstVisibleLine == 20)
        #expect(trimmed(list.render()) == (10..<20).map { "i\($0)" })
    }

    @Test("a row scrolled partly past keeps its offset; rows deleted above move the viewport up")
    func partialRowAndDeletes() throws {
        let list = TextListView(width: 8, height: 3)
        let dataSource = ArrayDataSource([["a", "b", "c", "d\nd2\nd3", "e", "f", "g", "h", "i"]], host: list)
        list.keepsFirstVisibleItemAnchored = true
        list.scroll(to: at(0, 3))
        list.scrollBy(lines: 1)  // d2 at the top
        #expect(list.firstVisibleLine == 4)
        #expect(trimmed(list.render()) == ["d2", "d3", "e"])
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 1)])) {
            dataSource.sections[0].insert("x", at: 1)
        }
        #expect(list.firstVisibleLine == 5)
        #expect(trimmed(list.render()) == ["d2", "d3", "e"])
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 0), at(0, 1), at(0, 2)])) {
            dataSource.sections[0].removeSubrange(0..<3)
        }
        #expect(list.firstVisibleLine == 2)
        #expect(trimmed(list.render()) == ["d2", "d3", "e"])
    }

    @Test("when the first visible item is deleted, the next visible one that stays keeps its place")
    func anchorItemDeleted() throws {
        let fixture = ListFixture(count: 40, height: 10)
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource) = (fixture.list, fixture.dataSource)
        list.keepsFirstVisibleItemAnchored = true
        list.scroll(toLine: 20)
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 20)], insertedItems: (0..<5).map { at(0, $0) })) {
            dataSource.sections[0].remove(at: 20)
            dataSource.sections[0].insert(contentsOf: (0..<5).map { "p\($0)" }, at: 0)
        }
        // i21 starts one line below the top, as before; i19 shows above it where i20 was.
        #expect(list.firstVisibleLine == 24)
        #expect(trimmed(list.render()) == ["i19"] + (21..<30).map { "i\($0)" })
    }

    @Test("a batch that rebuilds the rows (a section inserted above) keeps the first visible item too")
    func sectionInsertedAbove() throws {
        let list = TextListView(width: 8, height: 3)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a0", "a1", "a2", "a3", "a4"]], kinds: [.header], host: list)
        list.keepsFirstVisibleItemAnchored = true
        list.scroll(toLine: 3)  // a2 at the top
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(insertedSections: [0])) {
            dataSource.sections.insert(["s0", "s1"], at: 0)
        }
        #expect(list.firstVisibleLine == 6)
        #expect(trimmed(list.render()) == ["a2", "a3", "a4"])
        #expect(recorder.log == [["didScroll 6"]])
    }

    @Test("a prepend to a list shorter than the viewport keeps the first item where the content allows")
    func shortList() throws {
        let fixture = ListFixture(count: 2, height: 5)
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource) = (fixture.list, fixture.dataSource)
        list.keepsFirstVisibleItemAnchored = true
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 0)])) {
            dataSource.sections[0].insert("p0", at: 0)
        }
        #expect(list.firstVisibleLine == 0)
        #expect(trimmed(list.render()) == ["p0", "i0", "i1", "", ""])
    }

    @Test(
        "a fresh list scrolled to another list's anchor near the end shows the same rows, rows taller than estimated below it included"
    )
    func anchorNearTheEndOfTallRows() throws {
        // Three-line rows, estimated at one line: the content's end is known only once they are measured.
        let sections = [(0..<12).map { "row \($0)\n  more\n  more" }]
        let shown = TextListView(width: 10, height: 5)
        let shownSource = ArrayDataSource(sections, host: shown)
        shown.scrollToEnd()
        shown.scrollBy(lines: -4)
        let anchor = try #require(shown.scrollAnchor)
        let fresh = TextListView(width: 10, height: 5)
        let freshSource = ArrayDataSource(sections, host: fresh)
        defer { withExtendedLifetime((shownSource, freshSource)) {} }
        #expect(fresh.scroll(to: anchor))
        #expect(fresh.scrollAnchor == anchor)
        #expect(fresh.render() == shown.render())
    }
}
