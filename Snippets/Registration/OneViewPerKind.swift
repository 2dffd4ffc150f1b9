// Refuses a second view for a kind, and answers a host that asks for an unregistered kind with no view and a diagnostic.
import CellKit
import CellKitText
import DiffableStore

final class TitleHeader: TextCell, ConfigurableView {
    func configure(with section: String) { text = section.uppercased() }
}
final class OtherHeader: TextCell {}
final class ItemCell: TextCell, ConfigurableView {
    func configure(with item: String) { text = "  " + item }
}

let list = TextListView(width: 12, height: 2)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(ItemCell.self)
try dataSource.registerSupplementaryView(ofKind: .header, viewType: TitleHeader.self)

// One registration per kind: a second header is refused, and the first one stays.
do {
    try dataSource.registerSupplementaryView(ofKind: .header, viewType: OtherHeader.self) { _, _, _ in }
} catch {
    print(error)
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["fruit"])
try snapshot.appendItems(["Apple"])
try dataSource.apply(snapshot)
print(list.render())

// A host asking for a kind nobody registered gets no view, and the data source records why.
dataSource.onDiagnostic = { print("diagnostic:", $0) }
print(list.dataSource?.reuse(for: .supplementary("badge", ListIndexPath(item: 0, section: 0)), in: list) == nil)
print(dataSource.diagnostics.count)
// snippet.hide
// Prints:
// a header view is registered already (OneViewPerKind.TitleHeader); register one view per kind
// FRUIT
//   Apple
// diagnostic: the host asked for a supplementary view of kind badge at 0.0, which has no registration; registered supplementary kinds: header
// true
// 1
