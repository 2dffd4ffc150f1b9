@_spi(Testing) import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

struct LoadError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// A host with a data source whose plain rows show as `[plain] <name>`.
@MainActor
func makePlainList(_ kind: HostKind, width: Int = 20, height: Int = 10) -> (
    harness: any HostHarness, dataSource: UniversalDataSource<Section>
) {
    let harness = kind.make(width: width, height: height)
    let dataSource = harness.makeDataSource(Section.self)
    harness.registerLabel(dataSource, for: Plain.self) { _, plain in "[plain] \(plain.name)" }
    return (harness, dataSource)
}

@MainActor
@Suite("Pagination plugin")
struct PaginationPluginTests {
    let loads = Ref<[PaginationPlugin.Token]>([])

    private func rows(_ count: Int) throws -> Snapshot<Section, AnyHashable> {
        try makeSnapshot((0..<count).map { Plain(name: "\($0)") })
    }

    private func attach(
        to dataSource: UniversalDataSource<Section>, policy: PaginationPlugin.ShortListPolicy = .fillViewport
    ) throws -> PaginationPlugin {
        let plugin = PaginationPlugin(policy: policy) { [loads] token in loads.value.append(token) }
        try dataSource.attach(plugin)
        return plugin
    }

    @Test(
        "the checklist script: one load per trigger, re-check after an empty page, no load while loading or failed, single-flight retry",
        arguments: HostKind.allCases)
    func checklist(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        let pagination = try attach(to: dataSource)
        // 5 items in a 10-line viewport: the last item shows at once, exactly one load.
        try dataSource.apply(rows(5))
        #expect(loads.value.count == 1)
        // The page added nothing and there are more: the end is still visible, so one more load.
        pagination.finish(loads.value[0], hasMore: true)
        #expect(loads.value.count == 2)
        // While loading, the last item leaving and coming back starts nothing.
        try dataSource.apply(rows(30))
        list.scrollToEnd()
        list.scroll(toLine: 0)
        list.scrollToEnd()
        #expect(loads.value.count == 2)
        // A failure latches: showing the end again starts nothing.
        pagination.fail(loads.value[1], LoadError())
        #expect(pagination.state == .failed("offline"))
        list.scroll(toLine: 0)
        list.scrollToEnd()
        #expect(loads.value.count == 2)
        // Retry twice: one load.
        pagination.retry()
        pagination.retry()
        #expect(loads.value.count == 3)
        #expect(pagination.state == .loading(loads.value[2]))
        #expect(list.problems == [])
    }

    @Test(
        "a load starts once however often the end shows while it loads; the library sets loading first",
        arguments: HostKind.allCases)
    func oncePerLoad(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        var reentered = 0
        let plugin = PaginationPlugin { [list, loads] token in
            loads.value.append(token)
            // A consumer that scrolls (showing the end again) inside the handler does not start another load.
            reentered += 1
            list.scroll(toLine: 0)
            list.scrollToEnd()
        }
        try dataSource.attach(plugin)
        try dataSource.apply(rows(40))
        list.scrollToEnd()
        #expect(loads.value.count == 1)
        #expect(reentered == 1)
        #expect(list.problems == [])
    }

    @Test("a successful page re-arms: the new last item starts the next load", arguments: HostKind.allCases)
    func rearms(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        let pagination = try attach(to: dataSource)
        try dataSource.apply(rows(20))
        #expect(loads.value.isEmpty)
        list.scrollToEnd()
        #expect(loads.value.count == 1)
        try dataSource.apply(rows(40))
        pagination.finish(loads.value[0], hasMore: true)
        #expect(loads.value.count == 1)  // the new last item is below the viewport
        list.scrollToEnd()
        #expect(loads.value.count == 2)
        try dataSource.apply(rows(45))
        pagination.finish(loads.value[1], hasMore: false)
        #expect(pagination.state == .disabled)
        list.scrollToEnd()
        #expect(loads.value.count == 2)
        #expect(list.problems == [])
    }

    @Test("a completion for a load that reset abandoned is ignored", arguments: HostKind.allCases)
    func staleCompletion(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        let pagination = try attach(to: dataSource)
        try dataSource.apply(rows(3))
        #expect(loads.value.count == 1)
        pagination.reset()
        // reset re-checks: the end is visible, so a new load (token 2) starts.
        #expect(loads.value.count == 2)
        pagination.finish(loads.value[0], hasMore: false)
        #expect(pagination.state == .loading(loads.value[1]))
        pagination.fail(loads.value[0], LoadError())
        #expect(pagination.state == .loading(loads.value[1]))
        #expect(list.problems == [])
    }

    @Test(
        "with the require-scroll policy a list that can scroll waits for a scroll; one shorter than its viewport loads",
        arguments: HostKind.allCases)
    func requireScroll(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        let pagination = try attach(to: dataSource, policy: .requireScroll)
        // Three rows in ten lines: the list cannot scroll, so there is no scroll to wait for.
        try dataSource.apply(rows(3))
        #expect(loads.value.count == 1)
        // Sixty rows can scroll: the end is below the viewport, and the next load waits for the scroll to it.
        try dataSource.apply(rows(60))
        pagination.finish(try #require(loads.value.first), hasMore: true)
        #expect(loads.value.count == 1)
        list.scrollToEnd()
        #expect(loads.value.count == 2)
        #expect(list.problems == [])
    }

    @Test(
        "a plugin attached after the first apply looks at the list at once: a short list loads, a long one waits",
        arguments: HostKind.allCases)
    func attachedAfterFirstApply(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
        try dataSource.apply(rows(3))
        _ = try attach(to: dataSource)
        #expect(loads.value.count == 1)
        let (long, longSource) = makePlainList(kind)
        try longSource.apply(rows(30))
        let longLoads = Ref<[PaginationPlugin.Token]>([])
        try longSource.attach(PaginationPlugin { longLoads.value.append($0) })
        #expect(longLoads.value.isEmpty)
        long.scrollToEnd()
        #expect(longLoads.value.count == 1)
        #expect(list.problems == [] && long.problems == [])
    }

    @Test(
        "a page applied and finished from inside the load handler is looked at after it is performed",
        arguments: HostKind.allCases)
    func synchronousPage(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind)
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
        #expect(list.problems == [])
    }
}

@MainActor
@Suite("Pagination status row")
struct PaginationStatusRowTests {
    /// A 4-line host whose status rows say what they show.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, width: 30, height: 4)
        list.registerLabel(dataSource, for: PaginationStatusRow.self) { _, row in
            switch row.status {
            case .loading: "Loading…"
            case .failed(let message): "Failed (\(message)): tap to retry"
            }
        }
        return (list, dataSource)
    }

    @Test(
        "a loading row while a page loads, a failed row that retries when selected, none when idle",
        arguments: HostKind.allCases)
    func statusRow(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin(showsStatusRow: true) { loads.value.append($0) }
        try dataSource.attach(pagination)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(loads.value.count == 1)
        #expect(list.render() == ["[plain] a", "[plain] b", "Loading…"])
        // An apply from the app's model (no status row in it) keeps the row while the page loads.
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b"), Plain(name: "c")]))
        #expect(list.render() == ["[plain] a", "[plain] b", "[plain] c", "Loading…"])
        pagination.fail(loads.value[0], LoadError())
        #expect(list.render().last == "Failed (offline): tap to retry")
        #expect(list.performedUpdates.last == "reconfigure 0.3")
        list.select(ListIndexPath(item: 3, section: 0))
        #expect(loads.value.count == 2)
        #expect(list.render().last == "Loading…")
        pagination.finish(loads.value[1], hasMore: false)
        #expect(list.render() == ["[plain] a", "[plain] b", "[plain] c"])
        #expect(dataSource.snapshot().numberOfItems == 3)
        #expect(list.problems == [])
    }

    @Test(
        "without a cell for the status row, the row is left out and a diagnostic names showsStatusRow and what to register",
        arguments: HostKind.allCases)
    func statusRowWithoutRegistration(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind, width: 30, height: 4)
        let printed = Ref<[String]>([])
        dataSource._diagnosticsOutput = { printed.value.append($0) }
        let errors = Ref<[DataSourceError]>([])
        dataSource.onApplyError = { errors.value.append($0) }
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin(showsStatusRow: true) { loads.value.append($0) }
        try dataSource.attach(pagination)
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        #expect(loads.value.count == 1)
        #expect(errors.value.isEmpty)
        let expected = RegistrationError.unregisteredPluginItem(
            itemType: String(reflecting: PaginationStatusRow.self), plugin: String(reflecting: PaginationPlugin.self),
            setting: "showsStatusRow: true")
        #expect(dataSource.diagnostics == [expected])
        let sentence: String = """
            CellKitPlugins.PaginationPlugin was made with showsStatusRow: true, which shows \
            CellKitPlugins.PaginationStatusRow rows, and no cell is registered for \
            CellKitPlugins.PaginationStatusRow: register one (registerCell(itemType:cellType:configure:), or \
            registerCellType(_:) of a cell whose ViewModel it is), or leave out showsStatusRow: true; the rows \
            are left out until then
            """
        #expect("\(expected)" == sentence)
        #expect(printed.value.count == 1)
        #expect(list.render() == ["[plain] a"])
        // The app's own apply while the row is due is not refused, and nothing is reported again.
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(list.render() == ["[plain] a", "[plain] b"])
        pagination.fail(try #require(loads.value.first), LoadError())
        pagination.retry()
        #expect(loads.value.count == 2)
        pagination.finish(try #require(loads.value.last), hasMore: false)
        #expect(errors.value.isEmpty)
        #expect(dataSource.diagnostics == [expected])
        #expect(printed.value.count == 1)
        #expect(list.problems == [])
    }

    @Test(
        "the load handler is handed the plugin, so it ends the load without capturing it", arguments: HostKind.allCases)
    func loadHandlerIsHandedThePlugin(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind, width: 30, height: 4)
        let loads = Ref<[PaginationPlugin.Token]>([])
        let pagination = PaginationPlugin { token, pagination in
            loads.value.append(token)
            pagination.finish(token, hasMore: false)
        }
        try dataSource.attach(pagination)
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        #expect(loads.value.count == 1)
        #expect(pagination.state == .disabled)
        #expect(list.problems == [])
    }

    @Test(
        "both ends of one list paginate, each with its own status row; a failed row retries its own end",
        arguments: HostKind.allCases)
    func bothEdges(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let bottomLoads = Ref<[PaginationPlugin.Token]>([])
        let topLoads = Ref<[PaginationPlugin.Token]>([])
        let bottom = PaginationPlugin(edge: .bottom, showsStatusRow: true) { bottomLoads.value.append($0) }
        let top = PaginationPlugin(edge: .top, showsStatusRow: true) { topLoads.value.append($0) }
        try dataSource.attach(bottom, top)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(bottomLoads.value.count == 1 && topLoads.value.count == 1)
        #expect(list.render() == ["Loading…", "[plain] a", "[plain] b", "Loading…"])
        top.fail(topLoads.value[0], LoadError())
        #expect(list.render().first == "Failed (offline): tap to retry")
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(topLoads.value.count == 2 && bottomLoads.value.count == 1)
        bottom.finish(bottomLoads.value[0], hasMore: false)
        top.finish(topLoads.value[1], hasMore: false)
        #expect(dataSource.snapshot().itemIdentifiers == [Plain(name: "a"), Plain(name: "b")])
        #expect(list.problems == [])
    }
}
