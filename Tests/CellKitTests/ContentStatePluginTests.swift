@_spi(Testing) import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore
import Foundation
import HostHarness
import SeededRandom
import Testing

/// The descriptions the tests show: each state's own text, a retry button on a failure.
@MainActor
func describeState(_ state: ContentStatePlugin.State) -> ContentUnavailable? {
    switch state {
    case .content: nil
    case .empty: ContentUnavailable(image: "tray", text: "No posts", secondaryText: "Pull to refresh")
    case .loading: ContentUnavailable(text: "Loading")
    case .failed(let message): ContentUnavailable(text: "Could not load", secondaryText: message, buttonTitle: "Retry")
    }
}

@MainActor
@Suite("Content state plugin")
struct ContentStatePluginTests {
    /// A plain list whose pagination status rows show as `Loading…` and `Failed`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, width: 30, height: 6)
        list.registerLabel(dataSource, for: PaginationStatusRow.self) { _, row in
            row.isFailure ? "Failed" : "Loading…"
        }
        return (list, dataSource)
    }

    private func rows(_ count: Int) throws -> Snapshot<Section, AnyHashable> {
        try makeSnapshot((0..<count).map { Plain(name: "\($0)") })
    }

    @Test("without other plugins the app's load chooses the state; retry calls the app", arguments: HostKind.allCases)
    func appLoad(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let retries = Ref(0)
        let state = ContentStatePlugin(retry: { retries.value += 1 }, content: describeState)
        try dataSource.apply(rows(0))
        try dataSource.attach(state)
        #expect(state.state == .empty)
        #expect(list.shownContentUnavailable == "No posts | Pull to refresh")
        state.load = .loading
        #expect(list.shownContentUnavailable == "Loading")
        state.load = .failed("offline")
        #expect(state.state == .failed("offline"))
        #expect(list.shownContentUnavailable == "Could not load | offline | [Retry]")
        // The button retries: the app's handler runs, and the list shows the load.
        #expect(list.pressContentUnavailableButton())
        #expect(retries.value == 1)
        #expect(state.load == .loading)
        #expect(list.shownContentUnavailable == "Loading")
        #expect(!list.pressContentUnavailableButton())  // no button while loading
        // Items show as rows, whatever the app's load says.
        try dataSource.apply(rows(2))
        #expect(state.state == .content)
        #expect(list.shownContentUnavailable == nil)
        #expect(list.render() == ["[plain] 0", "[plain] 1"])
        state.load = .idle
        try dataSource.apply(rows(0))
        #expect(list.shownContentUnavailable == "No posts | Pull to refresh")
        try dataSource.detach(state)
        #expect(list.shownContentUnavailable == nil)
        #expect(list.problems == [])
    }

    @Test(
        "with refresh and pagination: a first load shows loading, a failure retries the refresh, items hide it",
        arguments: HostKind.allCases)
    func withPlugins(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let loads = Ref<[PaginationPlugin.Token]>([])
        let refreshes = Ref(0)
        let pagination = PaginationPlugin(showsStatusRow: true) { loads.value.append($0) }
        let refresh = RefreshPlugin(resetting: pagination) { refreshes.value += 1 }
        let state = ContentStatePlugin(pagination: pagination, refresh: refresh, content: describeState)
        try dataSource.attach(pagination, refresh, state)
        try dataSource.apply(rows(0))
        #expect(list.shownContentUnavailable == "No posts | Pull to refresh")
        refresh.beginRefreshing()
        #expect(state.state == .loading)
        #expect(list.shownContentUnavailable == "Loading")
        // The refresh fails: the app says so; the button begins another refresh.
        state.load = .failed("offline")
        refresh.endRefreshing()
        #expect(list.shownContentUnavailable == "Could not load | offline | [Retry]")
        #expect(list.pressContentUnavailableButton())
        #expect(refreshes.value == 2)
        #expect(list.shownContentUnavailable == "Loading")
        // The refresh brings a page: the rows show; the pagination status row reports the next page.
        try dataSource.apply(rows(2))
        refresh.endRefreshing()
        #expect(state.state == .content)
        #expect(list.shownContentUnavailable == nil)
        // The end of the list shows: a page loads (the refresh's end reset the pagination plugin, whose
        // first load it abandoned, so the page is its second).
        #expect(loads.value.count == 2)
        #expect(list.render() == ["[plain] 0", "[plain] 1", "Loading…"])
        pagination.fail(loads.value[1], LoadError())
        #expect(list.render() == ["[plain] 0", "[plain] 1", "Failed"])
        #expect(list.shownContentUnavailable == nil)
        // The app empties the list while pagination has failed: the placeholder shows the failure, not
        // the status row, and its button retries the pagination plugin's load.
        try dataSource.apply(rows(0))
        #expect(state.state == .failed("offline"))
        #expect(dataSource.snapshot().numberOfItems == 0)
        #expect(list.shownContentUnavailable == "Could not load | offline | [Retry]")
        #expect(list.pressContentUnavailableButton())
        #expect(loads.value.count == 3)
        #expect(pagination.state == .loading(loads.value[2]))
        #expect(state.state == .loading)
        #expect(dataSource.snapshot().numberOfItems == 0)
        #expect(list.shownContentUnavailable == "Loading")
        pagination.finish(loads.value[2], hasMore: false)
        #expect(list.shownContentUnavailable == "No posts | Pull to refresh")
        #expect(list.problems == [])
    }

    @Test("the text host shows the block centred at the top, in place of the rows")
    func textBlock() throws {
        let list = TextListView(width: 24, height: 7)
        let dataSource = UniversalDataSource<Section>(host: list)
        dataSource.registerCell(itemType: Plain.self, cellType: TextCell.self) { cell, _, plain in
            cell.text = plain.name
        }
        let state = ContentStatePlugin(content: describeState)
        try dataSource.attach(state)
        try dataSource.apply(rows(0))
        state.load = .failed("offline")
        #expect(
            list.render().split(separator: "\n", omittingEmptySubsequences: false).map { "|\($0)|" } == [
                "|                        |",
                "|     Could not load     |",
                "|        offline         |",
                "|       [ Retry ]        |",
                "|                        |",
                "|                        |",
                "|                        |",
            ])
        #expect(list.renderAll().split(separator: "\n").count == 4)
    }

    /// Steps per run: 100 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(100)

    @Test(
        "after any applies, loads, refreshes and retries the list shows what a brand-new list in that state shows",
        arguments: HostKind.allCases, [1, 2, 3] as [UInt64])
    func invariant(kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (list, dataSource) = makeList(kind)
        let refresh = RefreshPlugin {}
        let state = ContentStatePlugin(refresh: refresh, content: describeState)
        try dataSource.attach(refresh, state)
        var count = 0
        for step in 0..<Self.steps {
            switch random.next() % 5 {
            case 0:
                count = Int(random.next() % 4)
                try dataSource.apply(rows(count))
            case 1: state.load = [.idle, .loading, .failed("offline"), .failed("timeout")][Int(random.next() % 4)]
            case 2: refresh.beginRefreshing()
            case 3: refresh.endRefreshing()
            default: list.pressContentUnavailableButton()
            }
            let (fresh, freshDataSource) = makeList(kind)
            let freshRefresh = RefreshPlugin {}
            let freshState = ContentStatePlugin(refresh: freshRefresh, content: describeState)
            freshState.load = state.load
            try freshDataSource.apply(rows(count))
            try freshDataSource.attach(freshRefresh, freshState)
            if refresh.isRefreshing { freshRefresh.beginRefreshing() }
            #expect(state.state == freshState.state, "step \(step)")
            #expect(list.shownContentUnavailable == fresh.shownContentUnavailable, "step \(step)")
            #expect(list.render() == fresh.render(), "step \(step)")
        }
        #expect(list.problems == [])
    }
}
