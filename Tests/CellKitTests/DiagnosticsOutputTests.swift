@_spi(Testing) @testable import CellKit
import DiffableStore
import Testing

// Issue 31, item 5: a diagnostic reaches a developer who never reads `diagnostics`: printed once in debug
// builds (captured here in place of standard error) unless `onDiagnostic` handles it.

@MainActor
@Suite("Diagnostics output")
struct DiagnosticsOutputTests {
    let host = RecordingHost()
    let dataSource: UniversalDataSource<Section>
    /// The lines the data source printed (captured in place of standard error).
    let printed = Ref<[String]>([])

    init() {
        dataSource = UniversalDataSource<Section>(host: host)
        dataSource._diagnosticsOutput = { [printed] in printed.value.append($0) }
    }

    @Test("a debug build prints each diagnostic once by default, naming it and how to handle it")
    func printsOnceByDefault() {
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCellType(OtherTileCell.self)
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCellType(OtherTileCell.self)  // the same replacement again: recorded, not printed again
        #expect(dataSource.diagnostics.count == 3)
        #expect(printed.value.count == 2)
        let line: String = """
            CellKit diagnostic: a cell for item type CellKitTests.Tile was registered already \
            (CellKitTests.TileCell); CellKitTests.OtherTileCell replaces it (last wins): register one cell per item \
            type, or replace one with register(_:) (recorded in UniversalDataSource.diagnostics; set onDiagnostic \
            to handle these yourself: { _ in } to stop printing them, { fatalError("\\($0)") } to stop at them)
            """
        #expect(printed.value.first == line)
    }

    @Test("a kind the host asks for with no registration is printed once, however often it is asked for")
    func unregisteredKindPrintedOnce() {
        for section in 0..<3 {
            _ = dataSource.registry.resolveSupplementary(
                ofKind: .header, at: ListIndexPath(item: 0, section: section), of: dataSource.snapshot())
        }
        #expect(printed.value.count == 1)
        #expect(printed.value.first?.contains("kind header") == true)
    }

    @Test("an onDiagnostic handler takes the diagnostics over: recorded and handed to it, not printed")
    func handlerTakesOver() {
        let heard = Ref<[RegistrationError]>([])
        dataSource.onDiagnostic = { heard.value.append($0) }
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCellType(OtherTileCell.self)
        #expect(dataSource.diagnostics.count == 1)
        #expect(heard.value == dataSource.diagnostics)
        #expect(printed.value.isEmpty)
    }

    @Test("a handler that stops the program makes a misconfiguration fatal")
    func fatalHandler() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let dataSource = UniversalDataSource<Section>(host: RecordingHost())
                dataSource.onDiagnostic = { fatalError("\($0)") }
                dataSource.registerCellType(TileCell.self)
                dataSource.registerCellType(OtherTileCell.self)
            }
        }
    }
}
