// Builds the letters down the side of a contacts list from its sections, and jumps to the section of a tapped letter.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Contact: Hashable { var name: String }

final class ContactCell: TextCell, ConfigurableView {
    func configure(with contact: Contact) { text = contact.name }
}

let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(ContactCell.self)

let index = SectionIndexTitlesPlugin { section in section.base as? String }  // the section is its letter
try dataSource.attach(index)

let contacts = ["A": ["Ada", "Alan"], "B": ["Brian"], "D": ["Dennis", "Donald"], "G": ["Grace"]]
try dataSource.apply {
    for letter in contacts.keys.sorted() {
        SnapshotSection(letter) {
            for name in contacts[letter]! { Contact(name: name) }
        }
    }
}

print(index.titles)  // the sections on screen, in order
if let section = index.section(forTitle: "D") {  // the user taps D
    list.scroll(to: ListIndexPath(item: 0, section: section))
}
print(list.render())
// snippet.hide
// Prints:
// ["A", "B", "D", "G"]
// Dennis
// Donald
