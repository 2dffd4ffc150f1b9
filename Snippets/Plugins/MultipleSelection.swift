// Picks several rows at once: a tap toggles its row, and each pick follows its item until it is deleted.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Photo: Hashable { var name: String }

final class PhotoCell: TextCell, ConfigurableView {  // a picked row shows a check mark
    func configure(with photo: Photo) { text = photo.name }
    override func render(width: Int) -> [String] { [(isSelected ? "[x] " : "[ ] ") + text] }
}

let list = TextListView(width: 16, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PhotoCell.self)

// The plugin turns the list's multiple selection on; nothing is deselected automatically.
let picker = SelectionPlugin(allowsMultipleSelection: true)
    .on(Photo.self) { photo, _ in print("picked \(photo.name)") }
    .onDeselect(Photo.self) { photo, _ in print("unpicked \(photo.name)") }
try dataSource.attach(picker)

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Photo(name: "beach"), Photo(name: "city"), Photo(name: "dog")])
try dataSource.apply(snapshot)

list.select(ListIndexPath(item: 0, section: 0))  // beach
list.select(ListIndexPath(item: 2, section: 0))  // dog
list.select(ListIndexPath(item: 0, section: 0))  // beach again: unpicked
list.select(ListIndexPath(item: 1, section: 0))  // city
print(list.render())

// The picks follow their items: dog moves to the top, city is deleted (its pick ends with it).
try snapshot.deleteItems([Photo(name: "city")])
try snapshot.moveItem(Photo(name: "dog"), beforeItem: Photo(name: "beach"))
try dataSource.apply(snapshot)
print(picker.selectedItems.map { ($0.base as! Photo).name })
// snippet.hide
// Prints:
// picked beach
// picked dog
// unpicked beach
// picked city
// [ ] beach
// [x] city
// [x] dog
// unpicked city
// ["dog"]
