@testable import CellKit
import CellKitText
import DiffableStore
import Testing

// Every event names the item it was about when it happened, and an apply made from an event handler
// runs after the delivery, in order.

@MainActor
@Suite("Event delivery")
struct EventDeliveryTests {
    let listView = TextListView(width: 20, height: 10)
    let dataSource: UniversalDataSource<Section>
    let log = Ref<[String]>([])

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        listView.delegate = dataSource
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    @Test("a selection after an accordion closes names the item the user selected")
    func accordion() throws {
        // [A, A detail, B, C, D] with A selected; deselecting A closes its detail row.
        try dataSource.apply(makeSnapshot(plains("A", "A detail", "B", "C", "D")))
        _ = listView.render()
        listView.select(ListIndexPath(item: 0, section: 0))
        let selected = Ref<[String]>([])
        dataSource.onSelect = { item, indexPath in selected.value.append("\(item.base) at \(indexPath)") }
        dataSource.onEvent = { [unowned dataSource] event in
            guard case .didDeselect = event else { return }
            try? dataSource.apply(
                makeSnapshot([Plain(name: "A"), Plain(name: "B"), Plain(name: "C"), Plain(name: "D")]))
        }
        // The user taps C at 0.3: the host deselects A, then selects C.
        listView.select(ListIndexPath(item: 3, section: 0))
        #expect(selected.value == ["\(Plain(name: "C")) at 0.3"])
        // The accordion's apply ran after the delivery; the selection followed C.
        #expect(listView.selectedIndexPath == ListIndexPath(item: 2, section: 0))
        #expect(dataSource.item(at: ListIndexPath(item: 2, section: 0)) == AnyHashable(Plain(name: "C")))
    }

    @Test("with one row fewer the selection still fires, for the right item")
    func accordionLastRow() throws {
        try dataSource.apply(makeSnapshot(plains("A", "A detail", "B", "C", "D")))
        _ = listView.render()
        listView.select(ListIndexPath(item: 0, section: 0))
        let selected = Ref<[AnyHashable]>([])
        dataSource.onSelect = { item, _ in selected.value.append(item) }
        dataSource.onEvent = { [unowned dataSource] event in
            guard case .didDeselect = event else { return }
            try? dataSource.apply(
                makeSnapshot([Plain(name: "A"), Plain(name: "B"), Plain(name: "C"), Plain(name: "D")]))
        }
        listView.select(ListIndexPath(item: 4, section: 0))
        #expect(selected.value == [AnyHashable(Plain(name: "D"))])
        #expect(listView.selectedIndexPath == ListIndexPath(item: 3, section: 0))
    }

    @Test("a row that ends display because it was deleted names the deleted item")
    func endDisplayingDeleted() throws {
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = listView.render()
        let events = Ref<[ListHostEvent]>([])
        dataSource.onEvent = { events.value.append($0) }
        try dataSource.apply(makeSnapshot(plains("a", "c")))
        #expect(events.value == [.didEndDisplaying(Plain(name: "b"), at: ListIndexPath(item: 1, section: 0))])
    }

    @Test("an apply from an event handler runs after every event of the delivery, in call order")
    func applyFromHandlerIsQueued() throws {
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = listView.render()
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [unowned dataSource] event in
            // Every handler sees the state the events were made in until the delivery is over.
            seen.value.append("\(event) | \(dataSource.snapshot().numberOfItems) items")
            if case .didDeselect = event {
                try? dataSource.apply(makeSnapshot([Plain(name: "c")]))
                try? dataSource.apply(makeSnapshot([Plain(name: "c"), Plain(name: "d")]))
            }
        }
        listView.select(ListIndexPath(item: 0, section: 0))
        seen.value = []
        listView.select(ListIndexPath(item: 2, section: 0))
        #expect(
            seen.value == [
                "didDeselect \(Plain(name: "a")) at 0.0 | 3 items",
                "didSelect \(Plain(name: "c")) at 0.2 | 3 items",
                // The two queued applies, in order; each one's events are delivered before the next runs.
                "didEndDisplaying \(Plain(name: "a")) at 0.0 | 1 items",
                "didEndDisplaying \(Plain(name: "b")) at 0.1 | 1 items",
                "willDisplay \(Plain(name: "d")) at 0.1 | 2 items",
            ])
        #expect(renderedLines(listView.render()).prefix(2) == ["[plain] c", "[plain] d"])
    }

    @Test("an invalid apply from an event handler throws at the call and nothing is queued")
    func invalidApplyFromHandlerThrows() throws {
        try dataSource.apply(makeSnapshot(plains("a")))
        _ = listView.render()
        let thrown = Ref<[DataSourceError]>([])
        dataSource.onSelect = { [unowned dataSource] _, _ in
            do { try dataSource.apply(makeSnapshot([Alert(text: "unregistered")])) } catch let error as DataSourceError
            {
                thrown.value.append(error)
            } catch {}
        }
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(thrown.value.count == 1)
        #expect(dataSource.snapshot() == (try makeSnapshot(plains("a"))))
    }

    @Test("a queued apply the host rejects with no caller left goes to onApplyError")
    func rejectedQueuedApply() throws {
        let host = RecordingHost()
        let source = UniversalDataSource<Section>(host: host)
        source.registerCellType(PlainCell.self)
        try source.apply(makeSnapshot(plains("a")))
        let errors = Ref<[DataSourceError]>([])
        source.onApplyError = { errors.value.append($0) }
        source.onEvent = { [source] _ in try? source.apply(makeSnapshot([Plain(name: "b")])) }
        host.rejectBatch = 0
        // The host reports a selection outside any apply; the handler's apply is rejected later.
        source.host(host, didReceive: [.didSelect(Plain(name: "a"), at: ListIndexPath(item: 0, section: 0))])
        #expect(errors.value.count == 1)
        if case .hostRejectedUpdate = errors.value.first {
        } else {
            Issue.record("expected hostRejectedUpdate, got \(errors.value)")
        }
        #expect(source.snapshot() == (try makeSnapshot(plains("a"))))
    }

    @Test("events made during an apply reach the handlers once it has finished")
    func eventsAfterApply() throws {
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [unowned dataSource] event in
            seen.value.append("\(event) | \(dataSource.snapshot().numberOfItems)")
        }
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        #expect(
            seen.value == [
                "willDisplay \(Plain(name: "a")) at 0.0 | 2",
                "willDisplay \(Plain(name: "b")) at 0.1 | 2",
            ])
    }

    @Test("handlers see the data source settled even when an apply takes several stages")
    func eventsAfterStagedApply() throws {
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = listView.render()
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [unowned dataSource] event in
            seen.value.append("\(event) | \(dataSource.snapshot().itemIdentifiers.map { ($0.base as! Plain).name })")
        }
        // A reload of an item that also moves takes a stage of its own, before the move.
        var new = try makeSnapshot(plains("c", "b", "a"))
        try new.reloadItems([Plain(name: "a")])
        try dataSource.apply(new)
        #expect(listView.updateLog.count >= 3)
        #expect(!seen.value.isEmpty)
        for line in seen.value {
            #expect(line.hasSuffix("| [\"c\", \"b\", \"a\"]"), "\(line)")
        }
    }

    @Test("events that happen during a delivery are delivered once, in order, in a nested call")
    func hostDeliveryOrder() throws {
        let list = TextListView(width: 10, height: 2)
        let source = UniversalDataSource<Section>(host: list)
        source.registerCellType(PlainTextCell.self)
        try source.apply(makeSnapshot((0..<6).map { Plain(name: "\($0)") }))
        _ = list.render()
        let recorder = NestingRecorder()
        list.delegate = recorder
        recorder.onFirst = { list.scroll(toLine: 4) }
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(recorder.maximumDepth == 2)
        #expect(
            recorder.deliveries == [
                ["didSelect \(Plain(name: "0")) at 0.0"],
                [
                    "didEndDisplaying \(Plain(name: "0")) at 0.0", "didEndDisplaying \(Plain(name: "1")) at 0.1",
                    "willDisplay \(Plain(name: "4")) at 0.4", "willDisplay \(Plain(name: "5")) at 0.5", "didScroll 4",
                ],
            ])
    }
}

/// A delegate that records its deliveries and how deeply they nest; `onFirst` runs inside the first.
@MainActor
final class NestingRecorder: ListHostDelegate {
    var deliveries: [[String]] = []
    var depth = 0
    var maximumDepth = 0
    var onFirst: (() -> Void)?

    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) {
        depth += 1
        maximumDepth = max(maximumDepth, depth)
        defer { depth -= 1 }
        deliveries.append(events.map(\.description))
        if let onFirst {
            self.onFirst = nil
            onFirst()
        }
    }
}
