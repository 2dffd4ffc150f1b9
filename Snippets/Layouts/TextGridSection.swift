// Lays a section out as a card of three columns on the text host, with its header pinned while it scrolls, then as columns of a minimum width that follow a resize; prints the screen.
import CellKit
import CellKitText
import DiffableStore

final class NameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

final class ShelfHeader: TextCell, ConfigurableView {
    func configure(with shelf: String) { text = shelf.uppercased() }
}

let list = TextListView(width: 24, height: 8)
let dataSource = UniversalDataSource<String>(host: list)
// Photos: three columns 1 column apart (and 1 line apart), its header pinned. Notes: rows.
var photos = SectionLayout.grid(columns: 3, spacing: 1).pinned()
dataSource.sectionLayouts = { shelf in shelf == "Photos" ? photos : .list }
dataSource.registerCellType(NameCell.self)
try dataSource.registerSupplementaryView(ofKind: .header, viewType: ShelfHeader.self)
try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { _, _ in }

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["Photos", "Notes"])
try snapshot.appendItems(["beach", "city", "dunes", "field", "glacier"], toSection: "Photos")
try snapshot.appendItems(["Groceries", "Ideas"], toSection: "Notes")
try dataSource.apply(snapshot)
print(list.render())
print("--")

// Scrolled by three lines: the header stays on the top line while the grid scrolls under it.
list.scroll(toLine: 3)
print(list.render())
print("--")

// Columns at least 8 wide: as many as fit the list's width, and more when it widens.
photos = SectionLayout.grid(minimumItemWidth: 8, spacing: 1)
try snapshot.reloadSections(["Photos"])
try dataSource.apply(snapshot)
list.scroll(toLine: 0)
print(list.render())
print("--")
list.resize(width: 40, height: 8)
print(list.render())
// snippet.hide
// Prints:
// PHOTOS
// ╭──────────────────────╮
// │ beach  city   dunes  │
// │                      │
// │ field  glaci…        │
// ╰──────────────────────╯
// NOTES
// ╭──────────────────────╮
// --
// PHOTOS
// │ field  glaci…        │
// ╰──────────────────────╯
// NOTES
// ╭──────────────────────╮
// │ Groceries            │
// │ Ideas                │
// ╰──────────────────────╯
// --
// PHOTOS
// ╭──────────────────────╮
// │ beach     city       │
// │                      │
// │ dunes     field      │
// │                      │
// │ glacier              │
// ╰──────────────────────╯
// --
// PHOTOS
// ╭──────────────────────────────────────╮
// │ beach    city     dunes    field     │
// │                                      │
// │ glacier                              │
// ╰──────────────────────────────────────╯
// NOTES
// ╭──────────────────────────────────────╮
