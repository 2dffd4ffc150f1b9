@_spi(Testing) import CellKit
@_spi(Testing) import DiffableStore
import HostHarness
import Testing

// Appends do not check for duplicates (they hash nothing): the apply does, before anything is shown.

@MainActor
@Suite("Duplicates appended unchecked are reported by apply")
struct UncheckedAppendTests {
    private func shown(_ kind: HostKind) throws -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self, tag: Plain.self) { _, plain in "[plain] \(plain.name)" }
        try dataSource.apply(
            makeSnapshot([(.main, [Plain(name: "a"), Plain(name: "b")]), (.more, [Plain(name: "c")])]))
        return (harness, dataSource)
    }

    /// Applies `snapshot` (animated, then not, then asynchronously) and expects each to throw the
    /// duplicate `name` appended to `section`, with the data source's snapshot and the screen unchanged.
    private func expectRefused(
        _ snapshot: Snapshot<Section, AnyHashable>, duplicate name: String, in section: Section, kind: HostKind
    ) async throws {
        let (harness, dataSource) = try shown(kind)
        let before = dataSource.snapshot()
        let screen = harness.render()
        let identifier = SnapshotError(.duplicateItem, identifier: AnyHashable(Plain(name: name))).identifier
        func isExpected(_ error: any Error) -> Bool {
            guard case .invalidSnapshot(let inner) = error as? DataSourceError else { return false }
            return inner.rule == .duplicateItem && inner.identifier == identifier
                && inner.section == String(reflecting: section)
        }
        #expect(performing: { try dataSource.apply(snapshot) }, throws: isExpected)
        #expect(performing: { try dataSource.apply(snapshot, animatingDifferences: false) }, throws: isExpected)
        await #expect(performing: { try await dataSource.apply(snapshot) }, throws: isExpected)
        #expect(dataSource.snapshot() == before)
        #expect(dataSource.snapshot()._uncheckedItemCount == 0)
        #expect(harness.render() == screen)
        #expect(harness.problems == [])
        // Without the duplicate, the same list applies.
        var fixed = Snapshot<Section, AnyHashable>()
        try fixed.appendSections(snapshot.sectionIdentifiers)
        for section in snapshot.sectionIdentifiers {
            var seen = Set<AnyHashable>()
            try fixed.appendItems(
                (snapshot.itemIdentifiers(inSection: section) ?? []).filter {
                    seen.insert($0).inserted && !fixed.contains($0)
                }, toSection: section)
        }
        try await dataSource.apply(fixed)
        #expect(dataSource.snapshot() == fixed)
    }

    @Test("a duplicate appended twice in one section is refused at apply, naming it", arguments: HostKind.allCases)
    func sameSection(kind: HostKind) async throws {
        var snapshot = Snapshot<Section, AnyHashable>()
        try snapshot.appendSections([.main])
        try snapshot.appendItems([Plain(name: "a"), Plain(name: "x")])
        try snapshot.appendItems([Plain(name: "x")])  // not checked here
        try await expectRefused(snapshot, duplicate: "x", in: .main, kind: kind)
    }

    @Test(
        "a duplicate appended to two sections is refused at apply, naming the later section",
        arguments: HostKind.allCases)
    func acrossSections(kind: HostKind) async throws {
        var snapshot = Snapshot<Section, AnyHashable>()
        try snapshot.appendSections([.main, .more])
        try snapshot.appendItems([Plain(name: "a"), Plain(name: "b")], toSection: .main)
        try snapshot.appendItems([Plain(name: "c"), Plain(name: "a")], toSection: .more)
        try await expectRefused(snapshot, duplicate: "a", in: .more, kind: kind)
    }

    @Test("a duplicate in sections appended with their items is refused at apply", arguments: HostKind.allCases)
    func viaAppendSections(kind: HostKind) async throws {
        var snapshot = Snapshot<Section, AnyHashable>()
        for (section, names) in [(Section.main, ["a", "b"]), (.more, ["c"]), (.last, ["d", "b"])] {
            try snapshot.appendSections([section])
            try snapshot.appendItems(names.map { Plain(name: $0) })
        }
        try await expectRefused(snapshot, duplicate: "b", in: .last, kind: kind)
    }

    @Test("edits by identifier still report a duplicate or a missing item at the call")
    func editsReportAtTheCall() throws {
        var snapshot = try makeSnapshot([(.main, [Plain(name: "a"), Plain(name: "b")])])
        #expect(snapshot._uncheckedItemCount == 2)
        #expect(throws: SnapshotError(.duplicateItem, identifier: AnyHashable(Plain(name: "a")))) {
            try snapshot.insertItems([Plain(name: "a")], afterItem: Plain(name: "b"))
        }
        #expect(throws: SnapshotError(.itemNotFound, identifier: AnyHashable(Plain(name: "z")))) {
            try snapshot.deleteItems([Plain(name: "z")])
        }
        #expect(throws: SnapshotError(.itemNotFound, identifier: AnyHashable(Plain(name: "z")))) {
            try snapshot.moveItem(Plain(name: "a"), afterItem: Plain(name: "z"))
        }
        // The lookup indexed the appended items: none is left unchecked.
        #expect(snapshot._uncheckedItemCount == 0)
        // An edit by identifier on a snapshot holding a duplicate appended earlier reports that duplicate.
        try snapshot.appendItems([Plain(name: "b")])
        #expect(
            performing: { try snapshot.deleteItems([Plain(name: "a")]) },
            throws: { error in
                let error = error as? SnapshotError
                return error?.rule == .duplicateItem && error?.section == String(reflecting: Section.main)
                    && error?.identifier
                        == SnapshotError(.duplicateItem, identifier: AnyHashable(Plain(name: "b"))).identifier
            })
        #expect(snapshot.numberOfItems == 3 && snapshot._uncheckedItemCount == 1)
        #expect(snapshot._checkInvariants().isEmpty)
    }
}
