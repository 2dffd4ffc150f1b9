#if !canImport(UIKit)
@_spi(Testing) import CellKit
import CellKitText
import DiffableStore
import HostHarness
import Testing
import UIKitStandIn

// Issue 31, item 2: a cell class of the wrong kind for the host is refused at registration, naming the
// class, the host and the class it needs, instead of trapping when the first cell shows.

@MainActor final class WrongKindTableCell: UITableViewCell, ReusableView, ConfigurableView {
    func configure(with viewModel: Plain) {}
}

@MainActor final class WrongKindCollectionCell: UICollectionViewCell, ReusableView, ConfigurableView {
    func configure(with viewModel: Plain) {}
}

@MainActor final class WrongKindTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: Plain) { text = viewModel.name }
}

@MainActor
@Suite("Cell class checks")
struct WrongCellClassTests {
    /// A cell class the host cannot show, and the base class the host names.
    private func wrongClass(for kind: HostKind) -> (cellType: any (ConfigurableView & ReusableView).Type, base: String)
    {
        switch kind {
        case .text: (WrongKindTableCell.self, "CellKitText.TextCell")
        case .table: (WrongKindCollectionCell.self, "UITableViewCell")
        case .collection, .compositional, .list: (WrongKindTextCell.self, "UICollectionViewCell")
        }
    }

    /// Registers `cellType` with the one-line form.
    private func registerCellType<Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, on dataSource: UniversalDataSource<Section>
    ) {
        dataSource.registerCellType(cellType)
    }

    @Test(
        "registerCellType with a cell class the host cannot show is refused and reported, naming the class and host",
        arguments: HostKind.allCases)
    func refusedAtRegistration(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        let printed = Ref<[String]>([])
        dataSource._diagnosticsOutput = { printed.value.append($0) }
        let (cellType, base) = wrongClass(for: kind)
        let registered = dataSource.registrations.map(\.key)
        registerCellType(cellType, on: dataSource)
        let expected = RegistrationError.wrongCellClass(
            cellType: String(reflecting: cellType), itemType: String(reflecting: Plain.self),
            host: String(reflecting: type(of: harness.host)), requiredBaseClass: base)
        #expect(dataSource.diagnostics == [expected])
        #expect(dataSource.registrations.map(\.key) == registered)
        #expect(printed.value.count == 1)
        #expect(
            "\(expected)"
                == "\(String(reflecting: cellType)) cannot show in \(String(reflecting: type(of: harness.host))), "
                + "whose cells are \(base) subclasses; the cell registration for item type "
                + "CellKitUIKitTests.Plain was refused: register a \(base) subclass")
        // Nothing was registered: an apply is refused with a typed error, not a trap when the cell shows.
        #expect(throws: DataSourceError.self) { try dataSource.apply(makeSnapshot(plains("a"))) }
        #expect(harness.render() == [])
    }

    /// Registers a cell factory of the one cell class `cellType`.
    private func registerFactory<Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, on dataSource: UniversalDataSource<Section>
    ) throws(RegistrationError) where Cell.ViewModel == Plain {
        try dataSource.registerCells(for: Plain.self, [.cell(cellType)]) { _ in cellType }
    }

    @Test(
        "a cell factory listing a cell class the host cannot show throws wrongCellClass", arguments: HostKind.allCases)
    func cellFactoryThrows(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        let base = wrongClass(for: kind).base
        do throws(RegistrationError) {
            switch kind {
            case .text: try registerFactory(WrongKindTableCell.self, on: dataSource)
            case .table: try registerFactory(WrongKindCollectionCell.self, on: dataSource)
            case .collection, .compositional, .list: try registerFactory(WrongKindTextCell.self, on: dataSource)
            }
            Issue.record("registerCells did not throw")
        } catch {
            guard case .wrongCellClass(_, _, _, let required) = error else {
                Issue.record("expected wrongCellClass, got \(error)")
                return
            }
            #expect(required == base)
        }
        #expect(dataSource.cellRegistration(for: Plain(name: "a")) == nil)
    }
}
#endif
