@_spi(ListHost) @_spi(Testing) @testable import CellKit
import CellKitPlugins
import DiffableStore
import Testing

/// `apply { }`: the snapshot builder's block, applied by the data source.
@MainActor
@Suite("UniversalDataSource apply with a snapshot builder")
struct SnapshotBuilderApplyTests {
    let host = RecordingHost()
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: host)
        dataSource.registerCellType(PlainCell.self)
    }

    /// The synchronous `apply { }`, from synchronous code.
    private func applyNow(showsMore: Bool) throws {
        try dataSource.apply {
            SnapshotSection(.main) {
                Plain(name: "1")
                if showsMore { Plain(name: "2") }
            }
            if showsMore { SnapshotSection(.more) { Plain(name: "3") } }
        }
    }

    @Test("apply { } shows the built snapshot, and diffs the next one against it")
    func appliesTheBuiltSnapshot() throws {
        try applyNow(showsMore: false)
        var expected = Snapshot<Section, AnyHashable>()
        try expected.appendSections([.main])
        try expected.appendItems([Plain(name: "1")])
        #expect(dataSource.snapshot() == expected)

        try applyNow(showsMore: true)
        try expected.appendItems([Plain(name: "2")])
        try expected.appendSections([.more])
        try expected.appendItems([Plain(name: "3")])
        #expect(dataSource.snapshot() == expected)
        #expect(host.events.last?.hasPrefix("batch") == true)
    }

    @Test("a duplicate in apply { } throws the snapshot's error, and nothing is applied")
    func duplicateAppliesNothing() throws {
        try applyNow(showsMore: true)
        let shown = dataSource.snapshot()
        let events = host.events
        let error = #expect(throws: SnapshotError.self) {
            try dataSource.apply {
                SnapshotSection(.main) { Plain(name: "1") }
                SnapshotSection(.more) { Plain(name: "1") }
            }
        }
        #expect(error?.rule == .duplicateItem)
        #expect(error?.section == String(reflecting: Section.more))
        #expect(dataSource.snapshot() == shown)
        #expect(host.events == events)
    }

    @Test("await apply { } shows the built snapshot")
    func asyncApply() async throws {
        try await dataSource.apply {
            SnapshotSection(.main) { for value in 1...3 { Plain(name: "\(value)") } }
        }
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3].map { AnyHashable(Plain(name: "\($0)")) })
        await #expect(throws: SnapshotError.self) {
            try await dataSource.apply {
                SnapshotSection(.main)
                SnapshotSection(.main)
            }
        }
        // An item listed twice is found by the apply's check (the builder hashes nothing), thrown as the builder's.
        let error = await #expect(throws: SnapshotError.self) {
            try await dataSource.apply {
                SnapshotSection(.main) { Plain(name: "1") }
                SnapshotSection(.more) { Plain(name: "1") }
            }
        }
        #expect(error?.rule == .duplicateItem)
        #expect(error?.section == String(reflecting: Section.more))
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3].map { AnyHashable(Plain(name: "\($0)")) })
    }
}
