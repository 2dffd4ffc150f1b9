// Builds one screen from parts: each part owns a run of rows after its title and edits it through a slice.
import CellKit
import CellKitText
import DiffableStore

struct Title: Hashable { var text: String }
struct Row: Hashable { var name: String }

final class TitleCell: TextCell, ConfigurableView {
    func configure(with title: Title) { text = "# " + title.text }
}
final class RowCell: TextCell, ConfigurableView {
    func configure(with row: Row) { text = "  " + row.name }
}

let list = TextListView(width: 14, height: 6)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(TitleCell.self)
dataSource.registerCellType(RowCell.self)

// The parent lays the screen out before it is shown: two titles.
var skeleton = Snapshot<Int, AnyHashable>()
try skeleton.appendSections([0])
try skeleton.appendItems([Title(text: "Pockets"), Title(text: "Cards")])
try dataSource.prepare(skeleton)

// Each part owns the empty run of rows right after its title.
let pockets = try dataSource.makeSlice(in: 0, range: 1..<1)
let cards = try dataSource.makeSlice(in: 0, range: 2..<2)
pockets.onReady = { print("pockets ready") }
try pockets.setItems([Row(name: "Travel"), Row(name: "Rent")])  // not on screen yet: no animation

try dataSource.apply(dataSource.snapshot())  // on screen: one reload, then onReady
try cards.append([Row(name: "Visa")])
try pockets.insert([Row(name: "Savings")], at: 0)  // local 0: right after its title
print("pockets:", try pockets.range, "cards:", try cards.range)

do {
    try cards.delete(at: 1)  // cards has one row: local 0 only
} catch {
    print(error)
}

try dataSource.performSliceEdits {  // edits of both parts: one batch
    try pockets.deleteIfNeeded(from: 2)
    try cards.append([Row(name: "Amex")])
}
print(list.updateLog.last!)
print(list.render())
// snippet.hide
// Prints:
// pockets ready
// pockets: 1..<4 cards: 5..<6
// local index 1 is not in 0..<1, the indexes of the slice this edit accepts
// delete 0.3; insert 0.5
// # Pockets
//   Savings
//   Travel
// # Cards
//   Visa
//   Amex
