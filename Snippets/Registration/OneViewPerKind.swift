// Refuses a second view for a kind, and keeps the first.
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

// snippet.hide
// Prints:
// a header view is registered already (OneViewPerKind.TitleHeader); register one view per kind
// FRUIT
//   Apple
