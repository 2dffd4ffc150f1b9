import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

@MainActor
@Suite("Gesture and prefetch plugins")
struct GesturePluginTests {
    private func rows(_ range: Range<Int>) throws -> Snapshot<Section, AnyHashable> {
        try makeSnapshot(range.map { Plain(name: "\($0)") })
    }

    @Test("a snapping provider rewrites where a drag comes to rest", arguments: HostKind.allCases)
    func snapping(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        try dataSource.attach(ScrollSnappingPlugin { proposed, _ in (proposed + 5) / 10 * 10 })
        try dataSource.apply(rows(0..<100))
        list.drag(byLines: 3, velocity: 10)  // proposed target: line 13
        #expect(list.topLine == 10)
        #expect(list.problems == [])
    }

    @Test("a refresh is single-flight and resets pagination when it ends", arguments: HostKind.allCases)
    func refresh(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        var refreshes = 0
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin { loads.value.append($0) }
        let refresh = RefreshPlugin(resetting: pagination) { refreshes += 1 }
        try dataSource.attach(pagination, refresh)
        try dataSource.apply(rows(0..<3))
        pagination.fail(loads.value[0], LoadError())
        #expect(list.pullToRefresh())
        #expect(list.pullToRefresh())
        refresh.beginRefreshing()
        #expect(refreshes == 1)
        #expect(refresh.isRefreshing)
        refresh.endRefreshing()
        #expect(!refresh.isRefreshing)
        // The failure is cleared; the end of the (short) list is visible, so the reset pagination loads.
        #expect(pagination.state == .loading(loads.value[1]))
        #expect(list.problems == [])
    }

    @Test(
        "prefetch cancels go to the items that were started, not to what is at those rows after a delete",
        arguments: HostKind.allCases)
    func prefetchByIdentity(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        let started = Ref<[String]>([])
        let cancelled = Ref<[String]>([])
        try dataSource.attach(
            PrefetchPlugin().on(
                Plain.self,
                start: { started.value.append($0.name) },
                cancel: { cancelled.value.append($0.name) }))
        list.prefetchDistance = 3
        try dataSource.apply(rows(0..<40))
        // The first layout prefetches rows 10–12 below the viewport; scrolling down one line shows row 10
        // and prefetches row 13.
        list.scroll(byLines: 1)
        #expect(started.value == ["10", "11", "12", "13"])
        // Delete a row above them: item 11 comes into view (its prefetch is done), item 14 is prefetched.
        try dataSource.apply(makeSnapshot((0..<40).filter { $0 != 5 }.map { Plain(name: "\($0)") }))
        list.scroll(byLines: -1)  // scrolling up: the rest will not come into view
        // Each item was started once, and exactly the started items that never showed are cancelled.
        #expect(Set(started.value).count == started.value.count)
        #expect(started.value == ["10", "11", "12", "13", "14"])
        #expect(cancelled.value.sorted() == ["12", "13", "14"])
        #expect(list.problems == [])
    }

    @Test(
        "top pagination keeps the first visible item in place across a prepend, on the last page too",
        arguments: HostKind.allCases)
    func topPagination(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        list.keepsFirstVisibleItemAnchored = true
        let pagination = Ref<PaginationPlugin?>(nil)
        pagination.value = PaginationPlugin(edge: .top) { [unowned dataSource, unowned pagination] token in
            try? dataSource.apply(makeSnapshot((10..<40).map { Plain(name: "\($0)") }))
            pagination.value?.finish(token, hasMore: false)
        }
        try dataSource.attach(pagination.value!)
        try dataSource.apply(rows(20..<40))
        #expect(pagination.value?.state == .disabled)
        #expect(list.render().first == "[plain] 20")
        // A list layout lays the rows loaded above out at its estimate (they never showed).
        if kind.takesItemSizes { #expect(list.topLine == 10) }
        #expect(dataSource.snapshot().numberOfItems == 30)
        #expect(list.problems == [])
    }
}

@MainActor
@Suite("Highlight plugin")
struct HighlightPluginTests {
    @Test(
        "highlight and unhighlight reach the handler of the item's type, naming the item", arguments: HostKind.allCases)
    func highlight(kind: HostKind) throws {
        let (list, source) = makePlainList(kind, height: 4)
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
        #expect(list.problems == [])
    }

    @Test(
        "the visible cell restyles on highlight, select and the automatic deselect, in that order",
        arguments: HostKind.allCases)
    func styleLog(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 4)
        let source = list.makeDataSource(Section.self)
        let styles = Ref<[String]>([])
        list.registerStateLogging(source, for: Plain.self, text: \.name) { styles.value.append($0) }
        try source.attach(
            HighlightPlugin(), SelectionPlugin().on(Plain.self) { _, _ in styles.value.append("handler") })
        try source.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        list.highlight(ListIndexPath(item: 1, section: 0))
        list.select(ListIndexPath(item: 1, section: 0))
        #expect(styles.value == ["b highlighted", "b plain", "b selected", "handler", "b plain"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.problems == [])
    }
}
