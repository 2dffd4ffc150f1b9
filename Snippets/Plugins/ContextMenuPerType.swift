// Opens a row's context menu, then runs its action on the item it was opened for, moved and edited since.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Mail: Hashable, Identifiable {
    var id: Int
    var subject: String
    var isRead = false
}

final class MailCell: TextCell, ConfigurableView {
    func configure(with mail: Mail) { text = (mail.isRead ? "  " : "● ") + mail.subject }
}

let list = TextListView(width: 26, height: 8)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(MailCell.self)

var inbox = [Mail(id: 1, subject: "Lunch?"), Mail(id: 2, subject: "Invoice")]
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(inbox)
    try dataSource.apply(snapshot)
}

try dataSource.attach(
    ContextMenuPlugin().menu(Mail.self) { mail in
        ContextMenu(
            mail.subject,
            children: [
                .action(
                    ContextMenuAction("Mark as read", isDisabled: mail.isRead, for: Mail.self) { mail in
                        print("read:", mail.subject)  // the mail the menu was opened for, as it is now
                        inbox = inbox.map { $0.id == mail.id ? Mail(id: $0.id, subject: $0.subject, isRead: true) : $0 }
                        try? show()
                    }),
                .submenu(ContextMenu("Share", children: [.action(ContextMenuAction("Copy") { _ in })])),
                .action(
                    ContextMenuAction("Delete", isDestructive: true, for: Mail.self) { mail in
                        inbox.removeAll { $0.id == mail.id }
                        try? show()
                    }),
            ])
    })
try show()

list.openContextMenu(ListIndexPath(item: 1, section: 0))  // a long press on Invoice
print(list.render())
inbox = [Mail(id: 3, subject: "Hello"), Mail(id: 2, subject: "Invoice (2)"), Mail(id: 1, subject: "Lunch?")]
try show()  // a new mail on top, Invoice edited: the menu follows its row
print("menu now at", list.contextMenuIndexPath.map { "\($0)" } ?? "none")
list.chooseContextMenuEntry("Mark as read")
print(list.renderAll())
// snippet.hide
// Prints:
// ● Lunch?
// ● Invoice
// + Invoice
// | 1 Mark as read
// | 2 Share >
// | 3 Delete (destructive)
// +-------------------
//
// menu now at 0.1
// read: Invoice (2)
// ● Hello
//   Invoice (2)
// ● Lunch?
