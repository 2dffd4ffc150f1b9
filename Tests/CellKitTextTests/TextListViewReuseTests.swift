import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

@Suite("TextListView reuse and virtualisation")
@MainActor
struct TextListViewReuseTests {
    @Test("paging through a list reuses the views of rows that left the viewport")
    func pagingReuses() {
        let list = TextListView(width: 10, height: 10)
        let dataSource = ArrayDataSource([(0..<100).map { "row \($0)" }], host: list)
        _ = list.render()
        #expect(list.statistics.viewsCreated == 10)
        #expect(list.statistics.reused == 0)
        var seen = Set<ObjectIdentifier>()
        for page in 1..<10 {
            list.pageDown()
            #expect(list.indexPathsForVisibleItems.first == at(0, page * 10))
            for path in list.indexPathsForVisibleItems {
                if let cell = list.cellForItem(at: path) { seen.insert(ObjectIdentifier(cell)) }
            }
        }
        #expect(list.statistics.viewsCreated == 10)
        #expect(list.statistics.reused == 90)
        #expect(list.statistics.recycled == 90)
        #expect(list.statistics.dequeued == 100)
        #expect(list.statistics.configured == 100)
        #expect(seen.count == 10)
        let last = list.cellForItem(at: at(0, 95))
        #expect(last?.text == "row 95")
        #expect(last?.prepareForReuseCount == 9)
        #expect(last?.configureCount == 10)
        _ = dataSource
    }

    @Test("scrolling by one line configures only the row that comes into view")
    func scrollingByOneLine() {
        let list = TextListView(width: 10, height: 5)
        let dataSource = ArrayDataSource([(0..<50).map { "row \($0)" }], host: list)
        _ = list.render()
        for step in 1...20 {
            list.scrollBy(lines: 1)
            #expect(list.statistics.configured == 5 + step)
            #expect(list.statistics.viewsCreated <= 6)
        }
        #expect(dataSource.cellRequests == 25)
    }

    @Test("only visible rows are configured, however long the list", arguments: [10, 1_000, 100_000])
    func virtualised(count: Int) {
        let list = TextListView(width: 12, height: 8)
        let dataSource = ArrayDataSource([(0..<count).map { "row \($0)" }], kinds: [.header], host: list)
        _ = list.render()
        let visible = min(count + 1, 8)
        #expect(list.statistics.configured == visible)
        list.scrollToEnd()
        #expect(list.statistics.configured <= 2 * visible)
        #expect(list.indexPathsForVisibleItems.last == at(0, count - 1))
        #expect(dataSource.cellRequests + dataSource.supplementaryRequests == list.statistics.configured)
    }

    @Test("a recycled view is prepared for reuse before it is handed out again")
    func prepareForReuse() {
        let list = TextListView(width: 10, height: 1)
        let dataSource = ArrayDataSource([["a", "b"]], host: list)
        let first = list.cellForItem(at: at(0, 0))
        list.scroll(toLine: 1)
        let second = list.cellForItem(at: at(0, 1))
        #expect(first === second)
        #expect(second?.prepareForReuseCount == 1)
        #expect(second?.text == "b")
        #expect(second?.indexPath == at(0, 1))
        _ = dataSource
    }

    @Test("headers and footers are recycled in pools of their own kind")
    func supplementaryPools() {
        let list = TextListView(width: 12, height: 3)
        let dataSource = ArrayDataSource(Array(repeating: ["x"], count: 20), kinds: [.header, .footer], host: list)
        _ = list.render()
        for _ in 0..<19 { list.pageDown() }
        // Each page shows one header, one item and one footer: three views, reused page after page.
        #expect(list.statistics.viewsCreated <= 6)
        #expect(list.supplementaryView(ofKind: .footer, inSection: 19)?.supplementaryKind == .footer)
        _ = dataSource
    }
}
