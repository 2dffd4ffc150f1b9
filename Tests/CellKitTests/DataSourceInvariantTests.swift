@_spi(Testing) @_spi(ListHost) @testable import CellKit
import CellKitText
import DiffableStore
import Testing

// `UniversalDataSource._checkInvariants()` checks that the data source's parts agree. The seeded random
// tests and the data-source fuzz target run it after every step; here each invariant is broken on
// purpose, in the part that keeps it, and the check must name it.

@MainActor
@Suite("The data source's invariants")
struct DataSourceInvariantTests {
    /// A text host and a data source showing tiles (`Identifiable`), plain rows and an outline section.
    private func makeScreen() throws -> (TextListView, UniversalDataSource<String>) {
        let list = TextListView(width: 20, height: 10)
        let dataSource = UniversalDataSource<String>(host: list)
        dataSource.registerCell(itemType: Tile.self, cellType: TextCell.self) { cell, _, tile in cell.text = tile.title
        }
        dataSource.registerCell(itemType: Plain.self, cellType: TextCell.self) { cell, _, plain in
            cell.text = plain.name
        }
        dataSource.registerCell(itemType: OutlineNode.self, cellType: TextCell.self) { cell, _, node in
            cell.text = node.name
        }
        dataSource.registerCell(itemType: Int.self, cellType: TextCell.self) { cell, _, number in
            cell.text = "\(number)"
        }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["tiles", "tree"])
        try snapshot.appendItems(
            [Tile(id: 1, title: "one"), Tile(id: 2, title: "two"), Plain(name: "p")], toSection: "tiles")
        try dataSource.apply(snapshot)
        try dataSource.apply(sampleOutline(), to: "tree")
        return (list, dataSource)
    }

    /// Breaks one part with `plant` and returns what the check says.
    private func broken(_ plant: (UniversalDataSource<String>) throws -> Void) throws -> [String] {
        let (_, dataSource) = try makeScreen()
        #expect(dataSource._checkInvariants() == [])
        try plant(dataSource)
        return dataSource._checkInvariants()
    }

    @Test("a data source after applies, moves and outline changes breaks none")
    func holdsAfterChanges() throws {
        let (list, dataSource) = try makeScreen()
        try dataSource.expand(node("C"))
        var next = dataSource.snapshot()
        try next.appendItems([Tile(id: 3, title: "three"), 7], toSection: "tiles")
        try next.deleteItems([Tile(id: 1, title: "one")])
        try dataSource.apply(next)
        _ = list.render()
        #expect(dataSource._checkInvariants() == [])
    }

    @Test("outline rows that name an item the snapshot does not show")
    func strayOutlineRow() throws {
        let found = try broken {
            $0.store.outlineRows[AnyHashable(Plain(name: "gone"))] = OutlineRow(level: 1, isExpanded: false)
        }
        #expect(found.contains { $0.contains("outline row for") })
    }

    @Test("outline rows that disagree with the outline shown")
    func wrongOutlineRow() throws {
        let found = try broken { $0.store.outlineRows[AnyHashable(node("B"))] = OutlineRow(level: 3, isExpanded: true) }
        #expect(found.contains { $0.contains("outline row says") && $0.contains("level 1, expanded false") })
    }

    @Test("an outline whose visible items are not the section's items")
    func outlineOutOfStep() throws {
        let found = try broken { dataSource in
            var outline = dataSource.outlineStore.shown["tree"]!
            try outline.expand([node("C")])
            dataSource.outlineStore.shown["tree"] = outline
        }
        #expect(found.contains { $0.contains("section tree shows 3 items, its outline 4") })
    }

    @Test("an outline for a section not shown")
    func outlineOfMissingSection() throws {
        let found = try broken { $0.outlineStore.shown["elsewhere"] = SectionSnapshot() }
        #expect(found.contains { $0.contains("outline for section elsewhere") })
    }

    @Test("`id`s held for the snapshot on screen that miss an item")
    func staleIdentities() throws {
        let found = try broken { $0.store.keepIdentities(IDIndexes()) }
        #expect(found.contains { $0.contains("miss") })
        #expect(found.contains { $0.contains("0 `id`s are held for 2 Identifiable items") })
    }

    @Test("a list showing an integer with the shared-identifier flag down")
    func unflaggedSharedIdentifiers() throws {
        let found = try broken { dataSource in
            var next = dataSource.snapshot()
            try next.appendItems([7], toSection: "tiles")
            try dataSource.apply(next)
            dataSource.store.mayShowSharedIdentifiers = false
        }
        #expect(found.contains { $0.contains("shares identifiers, unflagged") })
    }

    @Test("a transaction at rest holding an event or a plan")
    func queueNotIdle() throws {
        let events = try broken {
            $0.transaction.events.append(
                .didSelect(AnyHashable(Plain(name: "p")), at: ListIndexPath(item: 2, section: 0)))
        }
        #expect(events == ["ApplyTransaction: at rest with 1 events held"])
        let plans = try broken { dataSource in
            dataSource.transaction.plans.append(
                ApplyPlan(snapshot: dataSource.snapshot(), animated: true, generation: 0, outlines: [:]))
        }
        #expect(plans == ["ApplyTransaction: at rest with 1 plans queued"])
    }

    @Test("a data source checked inside a configuration call")
    func configuringAtRest() throws {
        let (_, dataSource) = try makeScreen()
        let found = dataSource.transaction.configuring { dataSource._checkInvariants() }
        #expect(found == ["ApplyTransaction: at rest inside 1 configuration calls"])
        #expect(dataSource._checkInvariants() == [])
    }

    @Test("a slice placed outside its section")
    func sliceOutOfPlace() throws {
        let (_, dataSource) = try makeScreen()
        let slice = try dataSource.makeSlice(in: "tiles", range: 0..<2)
        #expect(dataSource._checkInvariants() == [])
        // A write of the snapshot on screen that bypasses the slices: they no longer fit their section.
        var shorter = dataSource.snapshot()
        try shorter.deleteItems([Tile(id: 2, title: "two"), Plain(name: "p")])
        dataSource.transaction._showWithoutPlan(shorter)
        _ = slice
        #expect(dataSource._checkInvariants().contains { $0.contains("slices: slice") })
    }
}
