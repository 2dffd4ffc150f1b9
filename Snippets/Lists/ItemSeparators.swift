// Draws a separator below every row but the last of its section, and keeps it right as rows are added.
import CellKit
import CellKitText
import DiffableStore

struct Contact: Hashable {
    var name: String
}

final class ContactCell: TextCell, ConfigurableView {
    func configure(with contact: Contact) { text = contact.name }
}

/// A separator line; a hidden one takes no lines.
final class Separator: TextCell {
    var isShown = true
    override func render(width: Int) -> [String] {
        isShown ? [String(repeating: "·", count: width)] : []
    }
}

let list = TextListView(width: 12, height: 5)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(ContactCell.self)
// One separator per item: the closure gets the item's position, kept current after every apply.
try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: Separator.self) { separator, context, _, _ in
    separator.isShown = !context.position.isLast
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["friends"])
try snapshot.appendItems([Contact(name: "Ada"), Contact(name: "Grace")])
try dataSource.apply(snapshot)
print(list.render())

// Append a row: Grace is no longer last, so her row is configured again in place, separator included.
try snapshot.appendItems([Contact(name: "Linus")])
try dataSource.apply(snapshot)
print(list.updateLog.suffix(2).joined(separator: "\n"))
print(list.render())
// snippet.hide
// Prints:
// Ada
// ············
// Grace
//
//
// insert 0.2
// reconfigure 0.1
// Ada
// ············
// Grace
// ············
// Linus
