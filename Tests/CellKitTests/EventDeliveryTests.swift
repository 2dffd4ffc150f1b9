@_spi(ListHost) @testable import CellKit
import CellKitText
import DiffableStore
@_spi(ListHost) import HostHarness
import Testing

// Every event names the item it was about when it happened, and an apply made from an event handler
// runs after the delivery, in order; on every host.

@MainActor
@Suite("Event delivery")
struct EventDeliveryTests {
    /// A host 20 columns wide and 10 lines tall, with a data source (its delegate) showing plains.
    private func makeScreen(_ kind: HostKind, height: Int = 10) -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make(width: 20, height: height)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in "[plain] \(item.name)" }
        return (harness, dataSource)
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    @Test("a selection after an accordion closes names the item the user selected", arguments: HostKind.allCases)
    func accordion(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        // [A, A detail, B, C, D] with A selected; deselecting A closes its detail row.
        try dataSource.apply(makeSnapshot(plains("A", "A detail", "B", "C", "D")))
        _ = harness.render()
        harness.select(ListIndexPath(item: 0, section: 0))
        let selected = Ref<[String]>([])
        dataSource.onSelect = { item, indexPath in selected.value.append("\(item.base) at \(indexPath)") }
        dataSource.onEvent = { [unowned dataSource] event in
            guard case .didDeselect = event else { return }
            try? dataSource.apply(
                makeSnapshot([Plain(name: "A"), Plain(name: "B"), Plain(name: "C"), Plain(name: "D")]))
        }
        // The user taps C at 0.3: the host deselects A, then selects C.
        harness.select(ListIndexPath(item: 3, section: 0))
        #expect(selected.value == ["\(Plain(name: "C")) at 0.3"])
        // The accordion's apply ran after the delivery; the selection followed C.
        #expect(harness.selectedIndexPaths == [ListIndexPath(item: 2, section: 0)])
        #expect(dataSource.item(at: ListIndexPath(item: 2, section: 0)) == AnyHashable(Plain(name: "C")))
        #expect(harness.render() == ["[plain] A", "[plain] B", "[plain] C", "[plain] D"])
        #expect(harness.problems == [])
    }

    @Test("with one row fewer the selection still fires, for the right item", arguments: HostKind.allCases)
    func accordionLastRow(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("A", "A detail", "B", "C", "D")))
        _ = harness.render()
        harness.select(ListIndexPath(item: 0, section: 0))
        let selected = Ref<[AnyHashable]>([])
        dataSource.onSelect = { item, _ in selected.value.append(item) }
        dataSource.onEvent = { [unowned dataSource] event in
            guard case .didDeselect = event else { return }
            try? dataSource.apply(
                makeSnapshot([Plain(name: "A"), Plain(name: "B"), Plain(name: "C"), Plain(name: "D")]))
        }
        harness.select(ListIndexPath(item: 4, section: 0))
        #expect(selected.value == [AnyHashable(Plain(name: "D"))])
        #expect(harness.selectedIndexPaths == [ListIndexPath(item: 3, section: 0)])
        #expect(harness.problems == [])
    }

    @Test("a row that ends display because it was deleted names the deleted item", arguments: HostKind.allCases)
    func endDisplayingDeleted(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let events = Ref<[ListHostEvent]>([])
        dataSource.onEvent = { events.value.append($0) }
        try dataSource.apply(makeSnapshot(plains("a", "c")))
        #expect(events.value == [.didEndDisplaying(Plain(name: "b"), at: ListIndexPath(item: 1, section: 0))])
        #expect(harness.problems == [])
    }

    @Test(
        "an apply from an event handler runs after every event of the delivery, in call order",
        arguments: HostKind.allCases)
    func applyFromHandlerIsQueued(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [unowned dataSource] event in
            // Every handler sees the state the events were made in until the delivery is over.
            seen.value.append("\(event) | \(dataSource.snapshot().numberOfItems) items")
            if case .didDeselect = event {
                try? dataSource.apply(makeSnapshot([Plain(name: "c")]))
                try? dataSource.apply(makeSnapshot([Plain(name: "c"), Plain(name: "d")]))
            }
        }
        harness.select(ListIndexPath(item: 0, section: 0))
        seen.value = []
        harness.select(ListIndexPath(item: 2, section: 0))
        // The host's own events of the tap (a highlight, on the UIKit hosts) are left out.
        let delivered = seen.value.filter { !$0.hasPrefix("didHighlight") && !$0.hasPrefix("didUnhighlight") }
        #expect(
            delivered == [
                "didDeselect \(Plain(name: "a")) at 0.0 | 3 items",
                "didSelect \(Plain(name: "c")) at 0.2 | 3 items",
                // The two queued applies, in order; each one's events are delivered before the next runs.
                "didEndDisplaying \(Plain(name: "a")) at 0.0 | 1 items",
                "didEndDisplaying \(Plain(name: "b")) at 0.1 | 1 items",
                "willDisplay \(Plain(name: "d")) at 0.1 | 2 items",
            ])
        #expect(harness.render() == ["[plain] c", "[plain] d"])
        #expect(harness.problems == [])
    }

    @Test(
        "an invalid apply from an event handler throws at the call and nothing is queued", arguments: HostKind.allCases)
    func invalidApplyFromHandlerThrows(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a")))
        _ = harness.render()
        let thrown = Ref<[DataSourceError]>([])
        dataSource.onSelect = { [unowned dataSource] _, _ in
            do { try dataSource.apply(makeSnapshot([Alert(text: "unregistered")])) } catch let error as DataSourceError
            {
                thrown.value.append(error)
            } catch {}
        }
        harness.select(ListIndexPath(item: 0, section: 0))
        #expect(thrown.value.count == 1)
        #expect(dataSource.snapshot() == (try makeSnapshot(plains("a"))))
        #expect(harness.render() == ["[plain] a"])
        #expect(harness.problems == [])
    }

    // Recording host only: the data source's answer to a host that rejects a batch; no real host rejects
    // the batches the data source makes.
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
        source.adapter.host(host, didReceive: [.didSelect(Plain(name: "a"), at: ListIndexPath(item: 0, section: 0))])
        #expect(errors.value.count == 1)
        if case .hostRejectedUpdate = errors.value.first {
        } else {
            Issue.record("expected hostRejectedUpdate, got \(errors.value)")
        }
        #expect(source.snapshot() == (try makeSnapshot(plains("a"))))
    }

    @Test("events made during an apply reach the handlers once it has finished", arguments: HostKind.allCases)
    func eventsAfterApply(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
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
        #expect(harness.problems == [])
    }

    @Test(
        "handlers see the data source settled even when an apply takes several stages", arguments: HostKind.allCases)
    func eventsAfterStagedApply(kind: HostKind) throws {
        let harness = kind.make(width: 20, height: 10)
        let dataSource = harness.makeDataSource(Section.self)
        let version = Ref(1)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in
            "[plain] \(item.name)\(item.name == "a" ? version.value : 1)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let log = harness.updateLog.count
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [unowned dataSource] event in
            seen.value.append("\(event) | \(dataSource.snapshot().itemIdentifiers.map { ($0.base as! Plain).name })")
        }
        // A reload of an item that also moves takes a stage of its own, before the move.
        version.value = 2
        var new = try makeSnapshot(plains("c", "b", "a"))
        try new.reloadItems([Plain(name: "a")])
        try dataSource.apply(new)
        #expect(harness.updateLog.count - log >= 2)
        #expect(!seen.value.isEmpty)
        for line in seen.value {
            #expect(line.hasSuffix("| [\"c\", \"b\", \"a\"]"), "\(line)")
        }
        // Shown as a brand-new list shows it.
        #expect(harness.render() == ["[plain] c1", "[plain] b1", "[plain] a2"])
        #expect(harness.problems == [])
    }

    @Test(
        "events that happen during a delivery are delivered once, in order, in a nested call",
        arguments: HostKind.allCases)
    func hostDeliveryOrder(kind: HostKind) throws {
        let harness = kind.make(width: 10, height: 2)
        let source = harness.makeDataSource(Section.self)
        harness.registerLabel(source, for: Plain.self) { _, item in item.name }
        try source.apply(makeSnapshot((0..<6).map { Plain(name: "\($0)") }))
        _ = harness.render()
        let recorder = NestingRecorder()
        harness.setDelegate(recorder)
        recorder.onFirst = { harness.scroll(toLine: 4) }
        harness.select(ListIndexPath(item: 0, section: 0))
        // The host's own events of the tap (a highlight, on the UIKit hosts) are left out.
        let deliveries = recorder.deliveries.map {
            $0.filter { !$0.hasPrefix("didHighlight") && !$0.hasPrefix("didUnhighlight") }
        }
        let displays = [
            "didEndDisplaying \(Plain(name: "0")) at 0.0", "didEndDisplaying \(Plain(name: "1")) at 0.1",
            "willDisplay \(Plain(name: "4")) at 0.4", "willDisplay \(Plain(name: "5")) at 0.5",
        ]
        // UIKit tells its delegate of the scroll as the offset changes, before the layout pass that shows the
        // rows; the text host after it.
        let scroll = kind == .text ? displays + ["didScroll 4"] : ["didScroll 4"] + displays
        #expect(recorder.maximumDepth == 2)
        #expect(deliveries == [["didSelect \(Plain(name: "0")) at 0.0"], scroll])
        #expect(harness.problems == [])
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
