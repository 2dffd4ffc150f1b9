@_spi(Testing) @testable import CellKit
import DiffableStore
import Testing

// Issue #23, "no silent traps": registering a cell twice, and items that share an `id`.

/// A second cell class for tiles.
@MainActor final class OtherTileCell: LabelView, ConfigurableView {
    func configure(with viewModel: Tile) { text = "other \(viewModel.title)" }
}

/// An `Identifiable` item that is not a `Tile`, with the same kind of `id`.
struct Badge: Hashable, Identifiable {
    var id: Int
    var label: String
}

extension UniversalDataSourceTests {
    // MARK: A second cell registration for an item type

    @Test("a second registerCellType for a view-model type replaces the first and records a diagnostic")
    func secondCellRegistrationIsRecorded() throws {
        let heard = Ref<[RegistrationError]>([])
        dataSource.onDiagnostic = { heard.value.append($0) }
        dataSource.registerCellType(TileCell.self)
        #expect(dataSource.diagnostics.isEmpty)
        dataSource.registerCellType(OtherTileCell.self)
        let expected = RegistrationError.replacedCellRegistration(
            itemType: String(reflecting: Tile.self), registered: String(reflecting: TileCell.self),
            replacement: String(reflecting: OtherTileCell.self))
        #expect(dataSource.diagnostics == [expected])
        #expect(heard.value == [expected])
        #expect(
            "\(expected)"
                == "a cell for item type CellKitTests.Tile was registered already (CellKitTests.TileCell); "
                + "CellKitTests.OtherTileCell replaces it (last wins): register one cell per item type, or replace "
                + "one with register(_:)")
        // Last wins.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        #expect(host.texts == [["other a"]])
    }

    @Test("every registerCell form records the replacement; register(_:) replaces on purpose, silently")
    func everyCellFormRecords() {
        dataSource.onDiagnostic = { _ in }  // recorded in `diagnostics`, not printed
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCell(itemType: Tile.self, cellType: AlertCell.self) { cell, _, tile in cell.text = tile.title
        }
        #expect(dataSource.diagnostics.count == 1)
        dataSource.register(.cell(TileCell.self))
        #expect(dataSource.diagnostics.count == 1)
        dataSource.registerCellType(PlainCell.self)  // another item type: nothing to record
        #expect(dataSource.diagnostics.count == 1)
    }

    // MARK: Items that share an `id`

    @Test("two Identifiable items with one id and different content are refused, naming both; nothing changes")
    func duplicateIDsAreRefused() throws {
        dataSource.registerCellType(TileCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        let events = host.events
        let duplicate = try makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 1, title: "c")])
        let expected = DataSourceError.duplicateID(
            id: "1", itemType: String(reflecting: Tile.self), first: #"CellKitTests.Tile(id: 1, title: "a")"#,
            firstIndexPath: ListIndexPath(item: 0, section: 0), second: #"CellKitTests.Tile(id: 1, title: "c")"#,
            secondIndexPath: ListIndexPath(item: 2, section: 0))
        #expect(throws: expected) { try dataSource.apply(duplicate) }
        #expect(throws: expected) { try dataSource.apply(duplicate, animatingDifferences: false) }
        #expect(
            "\(expected)"
                == #"items CellKitTests.Tile(id: 1, title: "a") at 0.0 and CellKitTests.Tile(id: 1, title: "c") at 0.2 "#
                + "of type CellKitTests.Tile share the id 1: Identifiable items of one type need distinct ids "
                + "(the diff matches them by id)")
        #expect(host.events == events)
        #expect(dataSource.snapshot() == (try makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")])))
    }

    @Test(
        "the same id in two Identifiable types is no duplicate, nor are equal ids of values that are not Identifiable")
    func idsArePerType() throws {
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCell(itemType: Badge.self, cellType: AlertCell.self) { cell, _, badge in
            cell.text = badge.label
        }
        dataSource.registerCellType(PlainCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Badge(id: 1, label: "b"), Plain(name: "1")]))
        #expect(dataSource.snapshot().numberOfItems == 3)
    }

    @Test("a duplicate id that an inserted item brings next to an unchanged item is refused")
    func insertedDuplicateOfUnchangedItem() throws {
        dataSource.registerCellType(TileCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(
                makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 2, title: "again")]))
        }
        // An item whose content changed, and an inserted one with its id.
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(
                makeSnapshot([Tile(id: 1, title: "A"), Tile(id: 2, title: "b"), Tile(id: 1, title: "also")]))
        }
        #expect(host.texts == [["tile a", "tile b"]])
    }

    // MARK: The synchronous apply from async code

    @Test("applySynchronously is the synchronous apply from async code: shown when it returns, no await")
    func applySynchronouslyFromAsyncCode() async throws {
        dataSource.registerCellType(TileCell.self)
        let diffs = dataSource._workCounts.diffs
        // In an async function `try dataSource.apply(s)` means the async apply (it asks for `await`).
        try dataSource.applySynchronously(makeSnapshot([Tile(id: 1, title: "a")]))
        #expect(host.texts == [["tile a"]])
        #expect(dataSource._workCounts.diffs == diffs + 1)
        try await dataSource.apply(makeSnapshot([Tile(id: 1, title: "b")]))
        #expect(host.texts == [["tile b"]])
    }
}
