@_spi(ListHost) import CellKit
import CellKitTesting
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

@Suite("TextListView")
@MainActor
struct TextListViewTests {
    @Test("render shows headers above and footers below each section's items")
    func sectionsWithHeadersAndFooters() {
        let list = TextListView(width: 12, height: 6)
        let dataSource = ArrayDataSource([["Apple", "Pear"], ["Plum"]], kinds: [.header, .footer], host: list)
        assertRender(
            list,
            """
            [header 0]
            Apple
            Pear
            [footer 0]
            [header 1]
            Plum
            """)
        assertRenderAll(
            list,
            """
            [header 0]
            Apple
            Pear
            [footer 0]
            [header 1]
            Plum
            [footer 1]
            """)
        #expect(list.supplementaryView(ofKind: .header, inSection: 1)?.text == "[header 1]")
        #expect(list.supplementaryView(ofKind: .footer, inSection: 1) == nil)  // below the viewport
        _ = dataSource
    }

    @Test("other kinds show above the items after the header; a kind answered nil takes no lines")
    func otherKinds() {
        let list = TextListView(width: 12, height: 4)
        let dataSource = ArrayDataSource([["Apple"], ["Plum"]], kinds: [.footer, "badge", .header], host: list)
        dataSource.missingKinds = [.footer]
        list.reloadData()
        assertRender(
            list,
            """
            [header 0]
            [badge 0]
            Apple
            [header 1]
            """)
    }

    @Test("render is exactly height lines of exactly width columns", arguments: [1, 2, 5, 9])
    func exactSize(width: Int) {
        let list = TextListView(width: width, height: 5)
        let dataSource = ArrayDataSource([["日本語のテキスト", "👍🏽 ok", "e\u{301}cole", "tab\there"]], host: list)
        let lines = list.render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        for line in lines { #expect(TextWidth.columns(of: line) == width, "\(line)") }
        _ = dataSource
    }

    @Test("long lines are cut with an ellipsis and wide characters counted as two columns")
    func truncation() {
        let list = TextListView(width: 6, height: 2)
        let dataSource = ArrayDataSource([["Blueberry", "日本語です"]], host: list)
        #expect(list.render() == "Blueb…\n日本… ")
        _ = dataSource
    }

    @Test("rows size themselves to the lines they render")
    func selfSizing() {
        let list = TextListView(width: 8, height: 6)
        let dataSource = ArrayDataSource([["one\ntwo\nthree", "four", ""]], host: list)
        assertRender(
            list,
            """
            one
            two
            three
            four


            """)
        #expect(list.contentHeight == 5)
        _ = dataSource
    }

    @Test("rows count as the estimated height until measured")
    func estimatedHeights() {
        let list = TextListView(width: 8, height: 3, estimatedRowHeight: 1)
        let dataSource = ArrayDataSource([(0..<10).map { "r\($0)\nx" }], host: list)
        #expect(list.contentHeight == 12)  // rows 0 and 1 measured at 2 lines, 8 estimated at 1
        list.estimatedRowHeight = 2
        #expect(list.contentHeight == 20)
        _ = dataSource
    }

    @Test("the delegate hears rows shown and hidden, scrolling and selection")
    func events() {
        let list = TextListView(width: 8, height: 2)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a", "b", "c", "d"]], host: list)
        _ = list.render()
        #expect(recorder.events == [.willDisplay("a", at: at(0, 0)), .willDisplay("b", at: at(0, 1))])
        recorder.events = []
        list.scroll(toLine: 2)
        #expect(
            recorder.events == [
                .didEndDisplaying("a", at: at(0, 0)), .didEndDisplaying("b", at: at(0, 1)),
                .willDisplay("c", at: at(0, 2)), .willDisplay("d", at: at(0, 3)), .didScroll(contentOffset: 2),
            ])
        recorder.events = []
        list.select(at(0, 2))
        list.select(at(0, 3))
        #expect(!list.select(at(0, 9)))
        #expect(
            recorder.events == [
                .didSelect("c", at: at(0, 2)), .didDeselect("c", at: at(0, 2)), .didSelect("d", at: at(0, 3)),
            ])
        #expect(list.cellForItem(at: at(0, 3))?.isSelected == true)
        #expect(list.cellForItem(at: at(0, 2))?.isSelected == false)
        _ = dataSource
    }

    @Test("supplementary views send their own display events")
    func supplementaryEvents() {
        let list = TextListView(width: 12, height: 2)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a"]], kinds: [.header], host: list)
        _ = list.render()
        #expect(
            recorder.events == [
                .willDisplaySupplementaryView(.header, section: 0, at: at(0, 0)), .willDisplay("a", at: at(0, 0)),
            ])
        _ = dataSource
    }

    @Test("a fresh list whose rows turn out taller than estimated starts at its first row")
    func freshListStartsAtTop() {
        let list = TextListView(width: 10, height: 4)
        // Three rows of 3 lines each, estimated at 1 line: the estimate fits the viewport, the real rows do not.
        let dataSource = ArrayDataSource([["a\na\na", "b\nb\nb", "c\nc\nc"]], host: list)
        #expect(trimmed(list.render()) == ["a", "a", "a", "b"])
        #expect(list.firstVisibleLine == 0)
        list.scrollToEnd()
        #expect(trimmed(list.render()) == ["b", "c", "c", "c"])
        _ = dataSource
    }

    @Test("scrolling is clamped to the content")
    func clamping() {
        let list = TextListView(width: 4, height: 3)
        let dataSource = ArrayDataSource([["a", "b", "c", "d", "e"]], host: list)
        list.scroll(toLine: 100)
        #expect(list.firstVisibleLine == 2)
        #expect(list.indexPathsForVisibleItems == [at(0, 2), at(0, 3), at(0, 4)])
        list.scrollBy(lines: Int.min)
        #expect(list.firstVisibleLine == 0)
        list.pageDown()
        #expect(list.firstVisibleLine == 2)
        list.pageUp()
        #expect(list.firstVisibleLine == 0)
        #expect(list.scroll(to: at(0, 1)))
        #expect(list.firstVisibleLine == 1)
        #expect(!list.scroll(to: at(1, 0)))
        _ = dataSource
    }

    @Test("a list with no data source or no rows renders blank lines")
    func empty() {
        let list = TextListView(width: 3, height: 2)
        #expect(list.render() == "   \n   ")
        #expect(list.renderAll() == "")
        #expect(list.contentHeight == 0)
        #expect(list.indexPathsForVisibleItems.isEmpty)
    }

    @Test("reloadData asks for everything again, clears the selection and is logged")
    func reload() {
        let list = TextListView(width: 8, height: 3)
        let dataSource = ArrayDataSource([["a", "b"]], host: list)
        list.select(at(0, 1))
        dataSource.sections = [["x"]]
        list.reloadData()
        assertRender(
            list,
            """
            x


            """)
        #expect(list.selectedIndexPath == nil)
        #expect(list.updateLog == ["reload data"])
        #expect(list.statistics.reloads == 1)
    }

    @Test("renderAll changes nothing: not the statistics, the heights nor the events")
    func renderAllIsPure() {
        let list = TextListView(width: 8, height: 2)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a", "b\nb", "c\nc\nc", "d"]], host: list)
        _ = list.render()
        let statistics = list.statistics
        let height = list.contentHeight
        let events = recorder.events
        #expect(list.renderAll() == "a       \nb       \nb       \nc       \nc       \nc       \nd       ")
        #expect(list.statistics == statistics)
        #expect(list.contentHeight == height)
        #expect(recorder.events == events)
        _ = dataSource
    }
}
