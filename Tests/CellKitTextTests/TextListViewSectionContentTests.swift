@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

@MainActor
@Suite("TextListView reconfiguring supplementary views")
struct TextListViewSectionContentTests {
    @Test("visible headers and footers are configured again in place; rows are not")
    func inPlace() {
        let list = TextListView(width: 20, height: 10)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a", "b"], ["c"]], kinds: [.header, .footer], host: list)
        _ = list.render()
        let header = list.supplementaryView(ofKind: .header, inSection: 0)
        recorder.clear()
        list.statistics = .init()
        dataSource.sectionTitles[0] = "Inbox"
        list.reconfigureSupplementaryViews(inSections: [0, 7])
        #expect(list.supplementaryView(ofKind: .header, inSection: 0) === header)
        #expect(
            trimmed(list.renderAll()) == [
                "[header Inbox]", "a", "b", "[footer Inbox]", "[header 1]", "c", "[footer 1]",
            ])
        #expect(list.statistics.configured == 2)
        #expect(list.statistics.reconfiguredInPlace == 2)
        #expect(dataSource.cellRequests == 3)
        #expect(recorder.events.isEmpty)
        #expect(list.updateLog.last == "reconfigure supplementary views in sections 0")
    }

    @Test("a header that grows pushes the rows down; one the data source drops stops showing")
    func heightsFollow() {
        let list = TextListView(width: 20, height: 10)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a"], ["c"]], kinds: [.header], host: list)
        _ = list.render()
        dataSource.sectionTitles[0] = "two\nlines"
        dataSource.missingKinds = []
        list.reconfigureSupplementaryViews(inSections: [0])
        #expect(trimmed(list.renderAll()) == ["[header two", "lines]", "a", "[header 1]", "c"])
        recorder.clear()
        dataSource.missingKinds = [.header]
        list.reconfigureSupplementaryViews(inSections: [1])
        #expect(trimmed(list.renderAll()) == ["[header two", "lines]", "a", "c"])
        #expect(recorder.events.count == 1)
    }
}
