@testable import CellKit
import CellKitText
import DiffableStore
import Testing

struct LoadError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

@MainActor
@Suite("Pagination plugin")
struct PaginationPluginTests {
    let listView = TextListView(width: 20, height: 10)
    let dataSource: UniversalDataSource<Section>
    let loads = Ref<[PaginationPlugin.Token]>([])

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        listView.delegate = dataSource
    }

    private func rows(_ count: Int) throws -> Snapshot<Section, AnyHashable> {
        try makeSnapshot((0..<count).map { Plain(name: "\($0)") })
    }

    private func attach(policy: PaginationPlugin.ShortListPolicy = .fillViewport) throws -> PaginationPlugin {
        let plugin = PaginationPlugin(policy: policy) { [loads] token in loads.value.append(token) }
        try dataSource.attach(plugin)
        return plugin
    }

    @Test(
        "the checklist script: one load per trigger, re-check after an empty page, no load while loading or failed, single-flight retry"
    )
    func checklist() throws {
        let pagination = try attach()
        // 5 items in a 10-line viewport: the last item shows at once, exactly one load.
        try dataSource.apply(rows(5))
        #expect(loads.value.count == 1)
        // The page added nothing and there are more: the end is still visible, so one more load.
        pagination.finish(loads.value[0], hasMore: true)
        #expect(loads.value.count == 2)
        // While loading, the last item leaving and coming back starts nothing.
        try dataSource.apply(rows(30))
        listView.scrollToEnd()
        listView.scroll(toLine: 0)
        listView.scrollToEnd()
        #expect(loads.value.count == 2)
        // A failure latches: showing the end again starts nothing.
        pagination.fail(loads.value[1], LoadError())
        #expect(pagination.state == .failed("offline"))
        listView.scroll(toLine: 0)
        listView.scrollToEnd()
        #expect(loads.value.count == 2)
        // Retry twice: one load.
        pagination.retry()
        pagination.retry()
        #expect(loads.value.count == 3)
        #expect(pagination.state == .loading(loads.value[2]))
    }

    @Test("a load starts once however often the end shows while it loads; the library sets loading first")
    func oncePerLoad() throws {
        var reentered = 0
        let plugin = PaginationPlugin { [listView, loads] token in
            loads.value.append(token)
            // A consumer that scrolls (showing the end again) inside the handler does not start another load.
            reentered += 1
            listView.scroll(toLine: 0)
            listView.scrollToEnd()
        }
        try dataSource.attach(plugin)
        try dataSource.apply(rows(40))
        listView.scrollToEnd()
        #expect(loads.value.count == 1)
        #expect(reentered == 1)
    }

    @Test("a successful page re-arms: the new last item starts the next load")
    func rearms() throws {
        let pagination = try attach()
        try dataSource.apply(rows(20))
        #expect(loads.value.isEmpty)
        listView.scrollToEnd()
        #expect(loads.value.count == 1)
        try dataSource.apply(rows(40))
        pagination.finish(loads.value[0], hasMore: true)
        #expect(loads.value.count == 1)  // the new last item is below the viewport
        listView.scrollToEnd()
        #expect(loads.value.count == 2)
        try dataSource.apply(rows(45))
        pagination.finish(loads.value[1], hasMore: false)
        #expect(pagination.state == .disabled)
        listView.scrollToEnd()
        #expect(loads.value.count == 2)
    }

    @Test("a completion for a load that reset abandoned is ignored")
    func staleCompletion() throws {
        let pagination = try attach()
        try dataSource.apply(rows(3))
        #expect(loads.value.count == 1)
        pagination.reset()
        // reset re-checks: the end is visible, so a new load (token 2) starts.
        #expect(loads.value.count == 2)
        pagination.finish(loads.value[0], hasMore: false)
        #expect(pagination.state == .loading(loads.value[1]))
        pagination.fail(loads.value[0], LoadError())
        #expect(pagination.state == .loading(loads.value[1]))
    }

    @Test("with the require-scroll policy a short list waits for a scroll")
    func requireScroll() throws {
        _ = try attach(policy: .requireScroll)
        try dataSource.apply(rows(3))
        #expect(loads.value.isEmpty)
        try dataSource.apply(rows(30))
        listView.scrollToEnd()
        #expect(loads.value.count == 1)
    }

    @Test("a page applied and finished from inside the load handler is looked at after it is performed")
    func synchronousPage() throws {
        let pagination = Ref<PaginationPlugin?>(nil)
        pagination.value = PaginationPlugin { [unowned dataSource, unowned pagination, loads] token in
            loads.value.append(token)
            // A cached page of 4 rows: applied and finished at once, from inside the event delivery.
            let count = loads.value.count * 4
            try? dataSource.apply(makeSnapshot((0..<count).map { Plain(name: "\($0)") }))
            pagination.value?.finish(token, hasMore: true)
        }
        try dataSource.attach(pagination.value!)
        try dataSource.apply(rows(2))
        // Fill the 10-line viewport, no further: pages of 4, 8 and 12 rows; the end of 12 is not visible.
        #expect(loads.value.count == 3)
        #expect(dataSource.snapshot().numberOfItems == 12)
        #expect(pagination.value?.state == .idle)
    }
}

@MainActor final class StatusRowCell: TextCell, ConfigurableView {
    func configure(with row: PaginationStatusRow) {
        text =
            switch row.status {
            case .loading: "Loading…"
            case .failed(let message): "Failed (\(message)): tap to retry"
            }
    }
}

@MainActor
@Suite("Pagination status row")
struct PaginationStatusRowTests {
    let listView = TextListView(width: 30, height: 4)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        dataSource.registerCellType(StatusRowCell.self)
        listView.delegate = dataSource
    }

    @Test("a loading row while a page loads, a failed row that retries when selected, none when idle")
    func statusRow() throws {
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin(showsStatusRow: true) { loads.value.append($0) }
        try dataSource.attach(pagination)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(loads.value.count == 1)
        #expect(renderedLines(listView.render()).prefix(3) == ["[plain] a", "[plain] b", "Loading…"])
        // An apply from the app's model (no status row in it) keeps the row while the page loads.
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b"), Plain(name: "c")]))
        #expect(renderedLines(listView.render()) == ["[plain] a", "[plain] b", "[plain] c", "Loading…"])
        pagination.fail(loads.value[0], LoadError())
        #expect(renderedLines(listView.render()).last == "Failed (offline): tap to retry")
        #expect(listView.updateLog.last == "reconfigure 0.3")
        listView.select(ListIndexPath(item: 3, section: 0))
        #expect(loads.value.count == 2)
        #expect(renderedLines(listView.render()).last == "Loading…")
        pagination.finish(loads.value[1], hasMore: false)
        #expect(renderedLines(listView.render()) == ["[plain] a", "[plain] b", "[plain] c", ""])
        #expect(dataSource.snapshot().numberOfItems == 3)
    }

    @Test("both ends of one list paginate, each with its own status row; a failed row retries its own end")
    func bothEdges() throws {
        let bottomLoads = Ref<[PaginationPlugin.Token]>([])
        let topLoads = Ref<[PaginationPlugin.Token]>([])
        let bottom = PaginationPlugin(edge: .bottom, showsStatusRow: true) { bottomLoads.value.append($0) }
        let top = PaginationPlugin(edge: .top, showsStatusRow: true) { topLoads.value.append($0) }
        try dataSource.attach(bottom, top)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(bottomLoads.value.count == 1 && topLoads.value.count == 1)
        #expect(renderedLines(listView.render()).prefix(4) == ["Loading…", "[plain] a", "[plain] b", "Loading…"])
        top.fail(topLoads.value[0], LoadError())
        #expect(renderedLines(listView.render()).first == "Failed (offline): tap to retry")
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(topLoads.value.count == 2 && bottomLoads.value.count == 1)
        bottom.finish(bottomLoads.value[0], hasMore: false)
        top.finish(topLoads.value[1], hasMore: false)
        #expect(dataSource.snapshot().itemIdentifiers == [Plain(name: "a"), Plain(name: "b")])
    }
}
