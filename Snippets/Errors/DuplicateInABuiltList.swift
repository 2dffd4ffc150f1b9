// Shows that a list written with the snapshot builder refuses a duplicate item as appendItems does, naming the section, and shows none of it.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

struct Mail: Hashable { var id: Int }

final class MailCell: TextCell, ConfigurableView {
    func configure(with mail: Mail) { text = "mail \(mail.id)" }
}

let list = TextListView(width: 12, height: 1)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(MailCell.self)
try dataSource.apply { SnapshotSection("inbox") { Mail(id: 1) } }

// The server sent mail 2 in the inbox and again in the archive.
let inbox = [Mail(id: 1), Mail(id: 2)]
let archive = [Mail(id: 3), Mail(id: 2)]
do {
    try dataSource.apply {
        SnapshotSection("inbox") { inbox }
        SnapshotSection("archive") { archive }
    }
} catch let error as SnapshotError {
    print(error)
    print(error.rule, error.section ?? "")
}
print("still shown:", list.renderAll())
// snippet.hide
// Prints:
// duplicate item identifier DuplicateInABuiltList.Mail(id: 2) in section "archive": item identifiers must be unique within a snapshot
// duplicateItem "archive"
// still shown: mail 1
