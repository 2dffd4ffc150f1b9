@_spi(Testing) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// A card list rounds its first and last rows from `context.position`: after every kind of update the
// positions on screen must be the ones a brand-new list shows, on every host.

@MainActor
@Suite("Cell context after updates")
struct CellContextAfterUpdatesTests {
    /// A card list on a host 20 columns wide and 12 lines tall.
    @MainActor private struct Screen {
        let kind: HostKind
        let harness: any HostHarness
        let dataSource: UniversalDataSource<Section>

        init(_ kind: HostKind) {
            self.kind = kind
            harness = kind.make(width: 20, height: 12)
            dataSource = harness.makeDataSource(Section.self)
            Self.registerCards(harness, dataSource)
        }

        /// `/\` first, `||` middle, `\/` last, `()` only.
        static func registerCards(_ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>) {
            harness.registerLabel(dataSource, for: Plain.self) { context, item in
                "\(cardEdge(context.position)) \(item.name)"
            }
        }

        /// What a brand-new host and data source show for the same snapshot.
        func freshRender() throws -> [String] {
            let fresh = kind.make(width: 20, height: 12)
            let freshDataSource = fresh.makeDataSource(Section.self)
            Self.registerCards(fresh, freshDataSource)
            try freshDataSource.apply(dataSource.snapshot())
            return fresh.render()
        }

        func expectScreen(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let screen = harness.render()
            #expect(screen == lines, sourceLocation: sourceLocation)
            #expect(screen == (try freshRender()), "differs from a brand-new list", sourceLocation: sourceLocation)
            #expect(harness.problems == [], sourceLocation: sourceLocation)
        }
    }

    private func cards(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    @Test("appending a row makes the old last row a middle row", arguments: HostKind.allCases)
    func append(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("a1", "a2", "a3")))
        try screen.expectScreen(["/\\ a1", "|| a2", "\\/ a3"])
        let cells = (0..<3).map { screen.harness.cell(at: ListIndexPath(item: $0, section: 0)) }
        let configurations = cells.map { screen.harness.configurations(of: $0) }
        try screen.dataSource.apply(makeSnapshot(cards("a1", "a2", "a3", "a4")))
        try screen.expectScreen(["/\\ a1", "|| a2", "|| a3", "\\/ a4"])
        // Only the row whose position changed was configured again, in place.
        #expect(screen.harness.updateLog.suffix(2) == ["insert 0.3", "reconfigure 0.2"])
        #expect(
            cells.map { screen.harness.configurations(of: $0) } == [
                configurations[0], configurations[1], configurations[2] + 1,
            ])
        #expect(screen.harness.cell(at: ListIndexPath(item: 2, section: 0)) === cells[2])
    }

    @Test("deleting the first row makes the second one first", arguments: HostKind.allCases)
    func deleteFirst(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try screen.dataSource.apply(makeSnapshot(cards("b", "c")))
        try screen.expectScreen(["/\\ b", "\\/ c"])
    }

    @Test("inserting at the top makes the old first row a middle row", arguments: HostKind.allCases)
    func insertAtTop(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("x", "y")))
        try screen.dataSource.apply(makeSnapshot(cards("w", "x", "y")))
        try screen.expectScreen(["/\\ w", "|| x", "\\/ y"])
    }

    @Test("moving the last row to another section fixes both sections", arguments: HostKind.allCases)
    func moveAcrossSections(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot([(.main, cards("a", "b", "c")), (.more, cards("d"))]))
        try screen.dataSource.apply(makeSnapshot([(.main, cards("a", "b")), (.more, cards("d", "c"))]))
        try screen.expectScreen(["/\\ a", "\\/ b", "/\\ d", "\\/ c"])
    }

    @Test("deleting down to one row makes it the only row", arguments: HostKind.allCases)
    func deleteToOne(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try screen.dataSource.apply(makeSnapshot(cards("b")))
        try screen.expectScreen(["() b"])
    }

    @Test("a move inside a section swaps the first and last rows' edges", arguments: HostKind.allCases)
    func moveInsideSection(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try screen.dataSource.apply(makeSnapshot(cards("c", "b", "a")))
        try screen.expectScreen(["/\\ c", "|| b", "\\/ a"])
    }

    @Test("appends, deletes, moves and a move to another section keep every edge right", arguments: HostKind.allCases)
    func sequence(kind: HostKind) throws {
        let screen = Screen(kind)
        try screen.dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try screen.expectScreen(["/\\ a", "|| b", "\\/ c"])
        try screen.dataSource.apply(makeSnapshot(cards("a", "b", "c", "d")))
        try screen.expectScreen(["/\\ a", "|| b", "|| c", "\\/ d"])
        try screen.dataSource.apply(makeSnapshot(cards("b", "c", "d")))
        try screen.expectScreen(["/\\ b", "|| c", "\\/ d"])
        try screen.dataSource.apply(makeSnapshot(cards("d", "c", "b")))
        try screen.expectScreen(["/\\ d", "|| c", "\\/ b"])
        try screen.dataSource.apply(makeSnapshot([(.main, cards("d")), (.more, cards("c", "b"))]))
        try screen.expectScreen(["() d", "/\\ c", "\\/ b"])
    }

    @Test("cells that do not receive a context are not configured again", arguments: HostKind.allCases)
    func configurableViewsAreLeftAlone(kind: HostKind) throws {
        let harness = kind.make(width: 20, height: 5)
        let plain = harness.makeDataSource(Section.self)
        harness.registerConfigurableLabel(plain, for: Plain.self)
        try plain.apply(makeSnapshot(cards("a", "b")))
        _ = harness.render()
        let cells = (0..<2).map { harness.cell(at: ListIndexPath(item: $0, section: 0)) }
        let configurations = cells.map { harness.configurations(of: $0) }
        try plain.apply(makeSnapshot(cards("a", "b", "c")))
        _ = harness.render()
        #expect(harness.updateLog.last == "insert 0.2")
        #expect(cells.map { harness.configurations(of: $0) } == configurations)
        #expect(harness.configurations(of: harness.cell(at: ListIndexPath(item: 2, section: 0))) == 1)
        #expect(harness.problems == [])
    }

    @Test("the position check looks only at the ends of the sections a batch changed", arguments: HostKind.allCases)
    func positionCheckIsLocal(kind: HostKind) throws {
        // 1,000 sections of 3 rows; one row appended to the last section, one moved inside the first.
        let harness = kind.make(width: 10, height: 3)
        let big = harness.makeDataSource(Int.self)
        harness.registerLabel(big, for: Plain.self) { context, item in "\(context.position) \(item.name)" }
        var snapshot = Snapshot<Int, AnyHashable>()
        for section in 0..<1_000 {
            try snapshot.appendSections([section])
            try snapshot.appendItems((0..<3).map { Plain(name: "\(section).\($0)") }, toSection: section)
        }
        try big.apply(snapshot)
        var new = snapshot
        try new.appendItems([Plain(name: "tail")], toSection: 999)
        try new.moveItem(Plain(name: "0.0"), afterItem: Plain(name: "0.2"))
        let checks = big._workCounts.positionChecks
        try big.apply(new)
        // Two ends before and two after in each of the two sections, at most.
        #expect(big._workCounts.positionChecks - checks <= 8)
        #expect(big._workCounts.positionChecks - checks >= 2)
        #expect(harness.render() == ["first 0.1", "middle 0.2", "last 0.0"])
        #expect(harness.problems == [])
    }
}
