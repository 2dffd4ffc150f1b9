@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// A card list rounds its first and last rows from `context.position`: after every kind of update the
// positions on screen must be the ones a brand-new list shows.

@MainActor
@Suite("Cell context after updates")
struct CellContextAfterUpdatesTests {
    let listView = TextListView(width: 20, height: 12)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        Self.registerCards(dataSource)
    }

    /// `/-` first, `|-` middle, `\-` last, `--` only.
    static func registerCards(_ dataSource: UniversalDataSource<Section>) {
        dataSource.registerCell(itemType: Plain.self, cellType: CardTextCell.self) { cell, context, item in
            cell.text = "\(cardEdge(context.position)) \(item.name)"
        }
    }

    private func cards(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    /// What a brand-new list and data source show for the same snapshot.
    private func freshRender() throws -> [String] {
        let fresh = TextListView(width: listView.width, height: listView.height)
        let freshDataSource = UniversalDataSource<Section>(host: fresh)
        Self.registerCards(freshDataSource)
        try freshDataSource.apply(dataSource.snapshot())
        return renderedLines(fresh.render())
    }

    private func expectScreen(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screen = renderedLines(listView.render())
        #expect(screen.prefix(lines.count) == lines[...], sourceLocation: sourceLocation)
        #expect(screen == (try freshRender()), "differs from a brand-new list", sourceLocation: sourceLocation)
    }

    @Test("appending a row makes the old last row a middle row")
    func append() throws {
        try dataSource.apply(makeSnapshot(cards("a1", "a2", "a3")))
        try expectScreen(["/\\ a1", "|| a2", "\\/ a3"])
        try dataSource.apply(makeSnapshot(cards("a1", "a2", "a3", "a4")))
        try expectScreen(["/\\ a1", "|| a2", "|| a3", "\\/ a4"])
        // Only the row whose position changed was configured again, in place.
        #expect(listView.updateLog.suffix(2) == ["insert 0.3", "reconfigure 0.2"])
    }

    @Test("deleting the first row makes the second one first")
    func deleteFirst() throws {
        try dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try dataSource.apply(makeSnapshot(cards("b", "c")))
        try expectScreen(["/\\ b", "\\/ c"])
    }

    @Test("inserting at the top makes the old first row a middle row")
    func insertAtTop() throws {
        try dataSource.apply(makeSnapshot(cards("x", "y")))
        try dataSource.apply(makeSnapshot(cards("w", "x", "y")))
        try expectScreen(["/\\ w", "|| x", "\\/ y"])
    }

    @Test("moving the last row to another section fixes both sections")
    func moveAcrossSections() throws {
        try dataSource.apply(makeSnapshot([(.main, cards("a", "b", "c")), (.more, cards("d"))]))
        try dataSource.apply(makeSnapshot([(.main, cards("a", "b")), (.more, cards("d", "c"))]))
        try expectScreen(["/\\ a", "\\/ b", "/\\ d", "\\/ c"])
    }

    @Test("deleting down to one row makes it the only row")
    func deleteToOne() throws {
        try dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try dataSource.apply(makeSnapshot(cards("b")))
        try expectScreen(["() b"])
    }

    @Test("a move inside a section swaps the first and last rows' edges")
    func moveInsideSection() throws {
        try dataSource.apply(makeSnapshot(cards("a", "b", "c")))
        try dataSource.apply(makeSnapshot(cards("c", "b", "a")))
        try expectScreen(["/\\ c", "|| b", "\\/ a"])
    }

    @Test("cells that do not receive a context are not configured again")
    func configurableViewsAreLeftAlone() throws {
        let list = TextListView(width: 20, height: 5)
        let plain = UniversalDataSource<Section>(host: list)
        plain.registerCellType(PlainTextCell.self)
        try plain.apply(makeSnapshot(cards("a", "b")))
        let configured = list.statistics.configured
        try plain.apply(makeSnapshot(cards("a", "b", "c")))
        #expect(list.updateLog.last == "insert 0.2")
        #expect(list.statistics.configured == configured + 1)
    }

    @Test("the position check looks only at the ends of the sections a batch changed")
    func positionCheckIsLocal() throws {
        // 1,000 sections of 3 rows; one row appended to the last section, one moved inside the first.
        let big = UniversalDataSource<Int>(host: TextListView(width: 10, height: 3))
        big.registerCell(itemType: Plain.self, cellType: CardTextCell.self) { cell, context, item in
            cell.text = "\(context.position) \(item.name)"
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        for section in 0..<1_000 {
            try snapshot.appendSections([section])
            try snapshot.appendItems((0..<3).map { Plain(name: "\(section).\($0)") }, toSection: section)
        }
        try big.apply(snapshot)
        var new = snapshot
        try new.appendItems([Plain(name: "tail")], toSection: 999)
        try new.moveItem(Plain(name: "0.0"), afterItem: Plain(name: "0.2"))
        let checks = big.positionChecks
        try big.apply(new)
        // Two ends before and two after in each of the two sections, at most.
        #expect(big.positionChecks - checks <= 8)
        #expect(big.positionChecks - checks >= 2)
    }
}
