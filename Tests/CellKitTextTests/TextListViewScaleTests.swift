import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

/// Work is bounded by counting configurations, never by timing.
@Suite("TextListView at a million items")
@MainActor
struct TextListViewScaleTests {
    static let count = 1_000_000

    @Test("a million self-sizing items scroll to the end, configuring only what shows")
    func scrollToEnd() {
        let list = TextListView(width: 16, height: 10)
        let dataSource = GeneratedDataSource(count: Self.count, host: list)
        _ = list.render()
        // Items 0...5 take 1, 2, 3, 1, 2, 3 lines: six rows fill ten lines.
        #expect(list.statistics.configured == 6)
        list.scrollToEnd()
        #expect(list.indexPathsForVisibleItems.last == at(0, Self.count - 1))
        #expect(list.statistics.configured <= 6 + 10)
        let lines = list.render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 10)
        #expect(lines.last?.hasPrefix("item 999999") == true)  // 999,999 is a multiple of 3: one line
        #expect(list.firstVisibleLine == list.contentHeight - 10)
        #expect(dataSource.cellRequests == list.statistics.configured)
    }

    @Test("jumping to an item in the middle shows it at the top")
    func jumpToMiddle() {
        let list = TextListView(width: 16, height: 10)
        let dataSource = GeneratedDataSource(count: Self.count, host: list)
        #expect(list.scroll(to: at(0, 500_000)))
        let lines = list.render().split(separator: "\n")
        #expect(lines.first?.hasPrefix("item 500000") == true)
        #expect(list.indexPathsForVisibleItems.first == at(0, 500_000))
        #expect(list.statistics.configured <= 6 + 10)
        _ = dataSource
    }

    @Test("paging up from the end configures each row once")
    func pagingUp() {
        let list = TextListView(width: 16, height: 10)
        let dataSource = GeneratedDataSource(count: Self.count, host: list)
        list.scrollToEnd()
        let atEnd = list.statistics.configured
        let endLine = list.firstVisibleLine
        for _ in 0..<50 { list.pageUp() }
        // 50 pages of 10 lines; rows take 2 lines on average, at least 1: at most 500 rows, plus the
        // rows cut at each page's edges.
        #expect(list.statistics.configured - atEnd <= 500 + 50)
        #expect(list.statistics.viewsCreated <= 2 * 10)
        // Measuring rows moves the end of the content, not the lines above the viewport.
        #expect(list.firstVisibleLine == endLine - 500)
        _ = dataSource
    }

    @Test("a batch on a million items keeps scrolling working")
    func batchAtScale() throws {
        let list = TextListView(width: 16, height: 10)
        let dataSource = GeneratedDataSource(count: Self.count, host: list)
        _ = list.render()
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 0)])) { dataSource.count = Self.count - 1 }
        #expect(list.numberOfItems(inSection: 0) == Self.count - 1)
        list.scrollToEnd()
        #expect(list.indexPathsForVisibleItems.last == at(0, Self.count - 2))
    }
}
