@_spi(Testing) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation
import HostHarness
import Testing

/// Marks the main queue, where main-actor jobs run. (Under the async test runner on Linux those jobs
/// need not run on the main *thread*, so `Thread.isMainThread` would not tell.)
let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// An item that records whether it was compared on the main queue (the main actor) or elsewhere.
struct ThreadProbe: Hashable, Identifiable {
    nonisolated(unsafe) static var comparisonsOnMainThread = 0
    nonisolated(unsafe) static var comparisonsElsewhere = 0
    var id: Int
    var text: String
    static func == (lhs: ThreadProbe, rhs: ThreadProbe) -> Bool {
        if DispatchQueue.getSpecific(key: mainQueueKey) == true {
            comparisonsOnMainThread += 1
        } else {
            comparisonsElsewhere += 1
        }
        return lhs.id == rhs.id && lhs.text == rhs.text
    }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The synchronous apply, called from synchronous code (in an async context `apply` picks the async one).
@MainActor
func applyNow(_ dataSource: UniversalDataSource<Section>, _ snapshot: Snapshot<Section, AnyHashable>) throws {
    try dataSource.apply(snapshot)
}

@MainActor
@Suite("UniversalDataSource async apply", .serialized)
struct AsyncApplyTests {
    /// A host 20 columns wide and 6 lines tall, with a data source showing plains and thread probes.
    private func makeScreen(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make(width: 40, height: 6)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerConfigurableLabel(dataSource, for: Plain.self)
        // ConfigurableView cells: no context, so no position checks (which compare items on the main actor).
        harness.registerConfigurableLabel(dataSource, for: ThreadProbe.self)
        return (harness, dataSource)
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    @Test(
        "an async apply shows what a synchronous apply shows, and performs the same batches",
        arguments: HostKind.allCases)
    func sameAsSync(kind: HostKind) async throws {
        let (harness, dataSource) = makeScreen(kind)
        let (other, sync) = makeScreen(kind)
        for names in [["a", "b", "c"], ["c", "a", "d"], ["d"], []] {
            let snapshot = try makeSnapshot(names.map { AnyHashable(Plain(name: $0)) })
            try await dataSource.apply(snapshot)
            try applyNow(sync, try makeSnapshot(names.map { AnyHashable(Plain(name: $0)) }))
            #expect(harness.render() == other.render())
            #expect(harness.updateLog == other.updateLog)
            #expect(harness.render() == names.map { "\(Plain(name: $0))" })
        }
        #expect(harness.problems == [])
    }

    @Test(
        "the diff runs off the main thread; the main thread only checks types and performs the batch",
        arguments: HostKind.allCases)
    func diffOffMain(kind: HostKind) async throws {
        let (harness, dataSource) = makeScreen(kind)
        let old = (0..<500).map { AnyHashable(ThreadProbe(id: $0, text: "x")) }
        try applyNow(dataSource, try makeSnapshot(old))
        _ = harness.render()
        var newItems = old
        newItems.swapAt(10, 400)
        newItems[20] = AnyHashable(ThreadProbe(id: 20, text: "changed"))
        let snapshot = try makeSnapshot(newItems)
        ThreadProbe.comparisonsOnMainThread = 0
        ThreadProbe.comparisonsElsewhere = 0
        // The probe itself: a comparison made on the main actor counts as such.
        _ = ThreadProbe(id: 0, text: "a") == ThreadProbe(id: 0, text: "a")
        #expect(ThreadProbe.comparisonsOnMainThread == 1)
        ThreadProbe.comparisonsOnMainThread = 0
        try await dataSource.apply(snapshot)
        #expect(ThreadProbe.comparisonsElsewhere >= 400)
        #expect(ThreadProbe.comparisonsOnMainThread == 0)
        #expect(dataSource.snapshot() == (try makeSnapshot(newItems)))
        #expect(harness.render().first == "\(ThreadProbe(id: 0, text: "x"))")
        #expect(harness.problems == [])
    }

    @Test(
        "an item type with no registration throws, naming the first such item; nothing changes",
        arguments: HostKind.allCases)
    func unregisteredType(kind: HostKind) async throws {
        let (harness, dataSource) = makeScreen(kind)
        try applyNow(dataSource, try makeSnapshot(plains("a")))
        let screen = harness.render()
        let log = harness.updateLog
        let snapshot = try makeSnapshot([Plain(name: "a"), Alert(text: "first"), Alert(text: "second")])
        do {
            try await dataSource.apply(snapshot)
            Issue.record("expected an error")
        } catch {
            #expect(
                error
                    == .noCellRegistration(
                        item: String(reflecting: Alert(text: "first")), itemType: String(reflecting: Alert.self),
                        indexPath: ListIndexPath(item: 1, section: 0),
                        registeredTypes: dataSource._registeredCellTypeNames))
        }
        #expect(harness.updateLog == log)
        #expect(harness.render() == screen)
        #expect(dataSource.snapshot() == (try makeSnapshot(plains("a"))))
        #expect(harness.problems == [])
    }

    @Test("async applies run in call order: one made while another diffs waits for it", arguments: HostKind.allCases)
    func callOrder(kind: HostKind) async throws {
        let (harness, dataSource) = makeScreen(kind)
        try applyNow(dataSource, try makeSnapshot(plains("a")))
        let start = harness.updateLog.count
        // The first diff is long, the second short: without the queue the second would finish first.
        let first = try makeSnapshot((0..<100_000).map { AnyHashable(Plain(name: "\($0)")) })
        let second = try makeSnapshot(plains("b", "c"))
        let one = Task { try await dataSource.apply(first) }
        await Task.yield()
        let two = Task { try await dataSource.apply(second) }
        try await one.value
        try await two.value
        let showsSecond = dataSource.snapshot() == second
        #expect(showsSecond)
        // One batch each, the long one first.
        let batches = Array(harness.updateLog.dropFirst(start))
        #expect(batches.count == 2)
        #expect(batches.first?.hasPrefix("delete 0.0; insert 0.0, 0.1, 0.2") == true)
        #expect(harness.render() == ["\(Plain(name: "b"))", "\(Plain(name: "c"))"])
        #expect(harness.problems == [])
    }

    @Test(
        "a synchronous apply made while an async one diffs runs at once; the async one diffs again",
        arguments: HostKind.allCases)
    func syncApplyInBetween(kind: HostKind) async throws {
        let (harness, dataSource) = makeScreen(kind)
        try applyNow(dataSource, try makeSnapshot(plains("a", "b")))
        // The synchronous apply lands after the async apply diffed from ["a", "b"], before it is performed.
        dataSource._afterAsyncDiff = { [dataSource] in
            dataSource._afterAsyncDiff = nil
            try? applyNow(dataSource, try makeSnapshot(plains("x")))
        }
        try await dataSource.apply(try makeSnapshot(plains("b", "c")))
        // The async apply diffed again, from ["x"]: its batch is valid and it shows its snapshot.
        #expect(dataSource.snapshot() == (try makeSnapshot(plains("b", "c"))))
        #expect(harness.updateLog.suffix(2) == ["delete 0.0, 0.1; insert 0.0", "delete 0.0; insert 0.0, 0.1"])
        #expect(harness.render() == ["\(Plain(name: "b"))", "\(Plain(name: "c"))"])
        #expect(harness.problems == [])
    }
}
