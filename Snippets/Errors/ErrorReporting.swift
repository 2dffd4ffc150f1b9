// Shows what duplicate items, a missing registration and a bad batch report: typed errors, nothing crashes, state unchanged.
import CellKit
import CellKitText
import DiffableStore

struct Mail: Hashable { var id: Int }
struct Ad: Hashable { var id: Int }

final class MailCell: TextCell, ConfigurableView {
    func configure(with mail: Mail) { text = "mail \(mail.id)" }
}

let list = TextListView(width: 12, height: 1)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(MailCell.self)  // a cell for Mail only
var shown = Snapshot<String, AnyHashable>()
try shown.appendSections(["inbox"])
try shown.appendItems([Mail(id: 1)])
try dataSource.apply(shown)

// Duplicate identifiers, say from a server: appends do not check them (they hash nothing); apply
// refuses the snapshot before showing anything, naming the item and its section.
var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["inbox"])
try snapshot.appendItems([Mail(id: 2), Mail(id: 2)])
do {
    try dataSource.apply(snapshot)
} catch {
    print(error)
    print("still shown:", list.render())
}

// An item whose type has no registration: apply refuses the snapshot before showing anything.
snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["inbox"])
try snapshot.appendItems([Mail(id: 2), Ad(id: 7)])
do {
    try dataSource.apply(snapshot)
} catch {
    print(error)
    print("still shown:", list.render())
}

// A batch that breaks UIKit's rules is refused by the host, with UIKit's message.
let batch = BatchUpdate(insertedItems: [ListIndexPath(item: 0, section: 0)])
do {
    try list.performBatchUpdates(batch) {}
} catch {
    print(error)
}
// snippet.hide
// Prints:
// the snapshot cannot be shown: duplicate item identifier ErrorReporting.Mail(id: 2) in section "inbox": item identifiers must be unique within a snapshot
// still shown: mail 1
// no cell registration for item ErrorReporting.Ad(id: 7) of type ErrorReporting.Ad at 0.1; registered item types: ErrorReporting.Mail
// still shown: mail 1
// Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (1) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).
