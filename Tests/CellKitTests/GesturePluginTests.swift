@testable import CellKit
import CellKitText
import DiffableStore
import Testing

@MainActor
@Suite("Gesture and prefetch plugins")
struct GesturePluginTests {
    let listView = TextListView(width: 20, height: 10)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        listView.delegate = dataSource
    }

    private func rows(_ range: Range<Int>) throws -> Snapshot<Section, AnyHashable> {
        try makeSnapshot(range.map { Plain(name: "\($0)") })
    }

    @Test("a snapping provider rewrites where a drag comes to rest")
    func snapping() throws {
        try dataSource.attach(ScrollSnappingPlugin { proposed, _ in (proposed + 5) / 10 * 10 })
        try dataSource.apply(rows(0..<100))
        listView.drag(byLines: 3, velocity: 10)  // proposed target: line 13
        #expect(listView.firstVisibleLine == 10)
    }

    @Test("a refresh is single-flight and resets pagination when it ends")
    func refresh() throws {
        var refreshes = 0
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin { loads.value.append($0) }
        let refresh = RefreshPlugin(resetting: pagination) { refreshes += 1 }
        try dataSource.attach(pagination, refresh)
        try dataSource.apply(rows(0..<3))
        pagination.fail(loads.value[0], LoadError())
        listView.pullToRefresh()
        listView.pullToRefresh()
        refresh.beginRefreshing()
        #expect(refreshes == 1)
        #expect(refresh.isRefreshing)
        refresh.endRefreshing()
        #expect(!refresh.isRefreshing)
        // The failure is cleared; the end of the (short) list is visible, so the reset pagination loads.
        #expect(pagination.state == .loading(loads.value[1]))
    }

    @Test("prefetch cancels go to the items that were started, not to what is at those rows after a delete")
    func prefetchByIdentity() throws {
        let started = Ref<[String]>([])
        let cancelled = Ref<[String]>([])
        try dataSource.attach(
            PrefetchPlugin().on(
                Plain.self,
                start: { started.value.append($0.name) },
                cancel: { cancelled.value.append($0.name) }))
        listView.prefetchDistance = 3
        try dataSource.apply(rows(0..<40))
        // The first layout prefetches rows 10–12 below the viewport; scrolling down one line shows row 10
        // and prefetches row 13.
        listView.scrollBy(lines: 1)
        #expect(started.value == ["10", "11", "12", "13"])
        // Delete a row above them: item 11 comes into view (its prefetch is done), item 14 is prefetched.
        try dataSource.apply(makeSnapshot((0..<40).filter { $0 != 5 }.map { Plain(name: "\($0)") }))
        listView.scrollBy(lines: -1)  // scrolling up: the rest will not come into view
        // Each item was started once, and exactly the started items that never showed are cancelled.
        #expect(Set(started.value).count == started.value.count)
        #expect(started.value == ["10", "11", "12", "13", "14"])
        #expect(cancelled.value.sorted() == ["12", "13", "14"])
    }

    @Test("top pagination keeps the first visible item in place across a prepend, on the last page too")
    func topPagination() throws {
        listView.keepsFirstVisibleItemAnchored = true
        let pagination = Ref<PaginationPlugin?>(nil)
        pagination.value = PaginationPlugin(edge: .top) { [unowned dataSource, unowned pagination] token in
            try? dataSource.apply(makeSnapshot((10..<40).map { Plain(name: "\($0)") }))
            pagination.value?.finish(token, hasMore: false)
        }
        try dataSource.attach(pagination.value!)
        try dataSource.apply(rows(20..<40))
        #expect(pagination.value?.state == .disabled)
        #expect(renderedLines(listView.render()).first == "[plain] 20")
        #expect(listView.firstVisibleLine == 10)
        #expect(dataSource.snapshot().numberOfItems == 30)
    }
}

@MainActor
@Suite("Highlight plugin")
struct HighlightPluginTests {
    @Test("highlight and unhighlight reach the handler of the item's type, naming the item")
    func highlight() throws {
        let list = TextListView(width: 20, height: 4)
        let source = UniversalDataSource<Section>(host: list)
        source.registerCellType(PlainTextCell.self)
        list.delegate = source
        let log = Ref<[String]>([])
        try source.attach(
            HighlightPlugin().on(
                Plain.self,
                highlight: { plain, path in log.value.append("down \(plain.name) at \(path)") },
                unhighlight: { plain, path in log.value.append("up \(plain.name) at \(path)") }))
        try source.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        list.highlight(ListIndexPath(item: 1, section: 0))
        try source.apply(makeSnapshot([Plain(name: "new"), Plain(name: "a"), Plain(name: "b")]))
        list.unhighlight()
        #expect(log.value == ["down b at 0.1", "up b at 0.2"])
    }

    @Test("the visible cell restyles on highlight, select and the automatic deselect, in that order")
    func styleLog() throws {
        let list = TextListView(width: 20, height: 4)
        let source = UniversalDataSource<Section>(host: list)
        let styles = Ref<[String]>([])
        source.registerCell(itemType: Plain.self, cellType: StyledCell.self) { cell, _, plain in
            cell.text = plain.name
            cell.styles = styles
        }
        list.delegate = source
        try source.attach(
            HighlightPlugin(), SelectionPlugin().on(Plain.self) { _, _ in styles.value.append("handler") })
        try source.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        list.highlight(ListIndexPath(item: 1, section: 0))
        list.select(ListIndexPath(item: 1, section: 0))
        #expect(styles.value == ["b highlighted", "b plain", "b selected", "handler", "b plain"])
        #expect(list.selectedIndexPath == nil)
    }
}

/// A cell that logs how the host restyles it.
@MainActor final class StyledCell: TextCell {
    var styles: Ref<[String]>?
    override func stateDidChange() {
        let state = isHighlighted ? "highlighted" : isSelected ? "selected" : "plain"
        styles?.value.append("\(text) \(state)")
    }
}
