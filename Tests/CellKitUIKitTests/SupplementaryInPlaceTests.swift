#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Testing
@_spi(Simulation) import UIKitStandIn

// What the UIKit hosts do when a data source does not hand back the header it is given to configure again
// in place (`reconfigureSupplementaryViews(inSections:)`): they reload, so no stale header stays on screen.
// (`UniversalDataSource` always hands it back: a registration that changes reloads the host first; the
// in-place path itself is tested on every host in CellKitTests' SectionContentChangeTests.)

/// One section of two rows whose header, once `switched`, is another class's.
@MainActor
final class SwitchingHeaderDataSource: ListHostDataSource {
    var switched = false
    var title = "one"

    func numberOfSections(in host: any ListHost) -> Int { 1 }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int { 2 }
    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        switch element {
        case .cell: ViewReuse(reuseIdentifier: "row", viewClass: UIView.self)
        case .supplementary: ViewReuse(reuseIdentifier: switched ? "other" : "header", viewClass: UIView.self)
        case .decoration: nil
        }
    }
    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        switch element {
        case .cell(let indexPath): (view as? Labelled)?.text = "row \(indexPath.item)"
        case .supplementary: (view as? Labelled)?.text = "\(switched ? "other" : "header") \(title)"
        case .decoration: break
        }
    }
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? { indexPath.item }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? { title }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [.header] }
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost, measuring measure: () -> Double
    ) -> Double? { nil }
}

@MainActor
@Suite("UIKit hosts configuring headers again in place")
struct SupplementaryInPlaceTests {
    enum Kind: CaseIterable { case collection, table }

    /// A host of the kind with the data source, the rows and both header classes registered.
    private func makeHost(_ kind: Kind, _ dataSource: SwitchingHeaderDataSource) -> any HostHarness {
        switch kind {
        case .collection:
            let harness = CollectionHarness(height: 10)
            let host = harness.collectionHost
            host.registerCell(UIKitLabelCell.self, reuseIdentifier: "row") { UIKitLabelCell(frame: .zero) }
            for identifier in ["header", "other"] {
                host.registerSupplementaryView(LinesCollectionView.self, ofKind: .header, reuseIdentifier: identifier) {
                    LinesCollectionView(frame: .zero)
                }
            }
            host.dataSource = dataSource
            return harness
        case .table:
            let harness = TableHarness(height: 10)
            let host = harness.tableHost
            host.registerCell(UIKitTableLabelCell.self, reuseIdentifier: "row") { UIKitTableLabelCell(frame: .zero) }
            for identifier in ["header", "other"] {
                host.registerSupplementaryView(LinesTableView.self, ofKind: .header, reuseIdentifier: identifier) {
                    LinesTableView(frame: .zero)
                }
            }
            host.dataSource = dataSource
            return harness
        }
    }

    @Test("a header the data source configures in place keeps its view; rows stay", arguments: Kind.allCases)
    func inPlace(kind: Kind) {
        let dataSource = SwitchingHeaderDataSource()
        let harness = makeHost(kind, dataSource)
        #expect(harness.render() == ["header one", "row 0", "row 1"])
        let header = harness.supplementaryView(ofKind: .header, inSection: 0)
        let row = harness.cell(at: ListIndexPath(item: 0, section: 0))
        let log = harness.updateLog
        dataSource.title = "two"
        harness.host.reconfigureSupplementaryViews(inSections: [0, 7])
        #expect(harness.render() == ["header two", "row 0", "row 1"])
        #expect(header != nil && harness.supplementaryView(ofKind: .header, inSection: 0) === header)
        #expect(row != nil && harness.cell(at: ListIndexPath(item: 0, section: 0)) === row)
        #expect(harness.updateLog == log)
        #expect(harness.problems == [])
    }

    @Test("a header the data source wants of another class makes the host reload", arguments: Kind.allCases)
    func otherClassReloads(kind: Kind) {
        let dataSource = SwitchingHeaderDataSource()
        let harness = makeHost(kind, dataSource)
        #expect(harness.render() == ["header one", "row 0", "row 1"])
        let header = harness.supplementaryView(ofKind: .header, inSection: 0)
        dataSource.switched = true
        dataSource.title = "two"
        harness.host.reconfigureSupplementaryViews(inSections: [0])
        #expect(harness.updateLog.last == "reload data")
        #expect(harness.render() == ["other two", "row 0", "row 1"])
        #expect(harness.supplementaryView(ofKind: .header, inSection: 0) !== header)
        #expect(harness.problems == [])
    }
}
#endif
