@_spi(Testing) import CellKit
import CellKitText
import DiffableStore
import HostHarness
import Testing

// Every way of changing what is shown makes one plan, and a plan computes its diff and its section
// renaming once: counted through the data source's SPI counter, on every host.

@MainActor
@Suite("Apply plans")
struct ApplyPlanTests {
    private func makeScreen(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make(width: 20, height: 6)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerConfigurableLabel(dataSource, for: Plain.self)
        return (harness, dataSource)
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    /// The diffs and renamings computed since `before`.
    private func computed(_ dataSource: UniversalDataSource<Section>, since before: _WorkCounts) -> [Int] {
        let now = dataSource._workCounts
        return [now.diffs - before.diffs, now.sectionRenamings - before.sectionRenamings]
    }

    @Test("an animated apply computes its diff and its section renaming once", arguments: HostKind.allCases)
    func animatedApply(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        let before = dataSource._workCounts
        try dataSource.apply(makeSnapshot(plains("b", "a", "c")))
        #expect(computed(dataSource, since: before) == [1, 1])
        #expect(dataSource.snapshot().itemIdentifiers == [Plain(name: "b"), Plain(name: "a"), Plain(name: "c")])
    }

    @Test("a reload computes no diff", arguments: HostKind.allCases)
    func reload(kind: HostKind) throws {
        let (_, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        let before = dataSource._workCounts
        try dataSource.apply(makeSnapshot(plains("c")), animatingDifferences: false)
        #expect(computed(dataSource, since: before) == [0, 0])
    }

    @Test(
        "an apply queued from an event handler computes its diff once, when it runs", arguments: HostKind.allCases)
    func queuedApply(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        dataSource.onSelect = { [unowned dataSource] _, _ in
            try? dataSource.apply(makeSnapshot([Plain(name: "c"), Plain(name: "a")]))
        }
        let before = dataSource._workCounts
        harness.select(ListIndexPath(item: 1, section: 0))
        #expect(computed(dataSource, since: before) == [1, 1])
        #expect(dataSource.snapshot().itemIdentifiers == [Plain(name: "c"), Plain(name: "a")])
    }

    @Test("an async apply computes its diff once, off the main actor", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let (_, dataSource) = makeScreen(kind)
        try await dataSource.apply(makeSnapshot(plains("a", "b")))
        let before = dataSource._workCounts
        try await dataSource.apply(makeSnapshot(plains("b", "c")))
        #expect(computed(dataSource, since: before) == [1, 1])
        #expect(dataSource.snapshot().itemIdentifiers == [Plain(name: "b"), Plain(name: "c")])
    }
}
