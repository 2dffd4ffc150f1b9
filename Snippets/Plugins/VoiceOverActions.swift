// Describes rows to VoiceOver, reads the screen as a VoiceOver user meets it, and performs "Delete" and "Move up" by name.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Mail: Hashable, Identifiable {
    var id: Int
    var sender: String
    var isRead = false
}

final class MailCell: TextCell, ConfigurableView {
    func configure(with mail: Mail) { text = (mail.isRead ? "  " : "● ") + mail.sender }
}

// snippet.hide
let list = TextListView(width: 26, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(MailCell.self)

var inbox = [Mail(id: 1, sender: "Ann"), Mail(id: 2, sender: "Bob", isRead: true), Mail(id: 3, sender: "Cy")]
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(inbox)
    try dataSource.apply(snapshot)
}
// snippet.show
try dataSource.attach(
    AccessibilityPlugin().describe(Mail.self) { mail in
        AccessibilityDescription(
            label: "Mail from \(mail.sender)", value: mail.isRead ? nil : "unread", hint: "Opens the mail",
            traits: [.button])
    },
    SwipeActionsPlugin().trailing(Mail.self) { _ in
        [
            SwipeAction("Delete", isDestructive: true, for: Mail.self) { mail, done in
                inbox.removeAll { $0.id == mail.id }
                try? show()
                done(true)
            }
        ]
    })
dataSource.reorderingHandlers.canReorderItem = { _ in true }  // offers "Move up", "Move down", "Move to top"
dataSource.reorderingHandlers.didReorder = { move in
    inbox = move.finalSnapshot.itemIdentifiers.compactMap { $0.base as? Mail }
}
try show()

print(list.renderAccessibility())
list.performAccessibilityAction("Delete", on: ListIndexPath(item: 0, section: 0))
list.performAccessibilityAction("Move up", on: ListIndexPath(item: 1, section: 0))
print(list.renderAccessibility())
// snippet.hide
// Prints:
// Mail from Ann, unread, button. Opens the mail. Actions: Delete, Move down
// Mail from Bob, button. Opens the mail. Actions: Delete, Move up, Move down
// Mail from Cy, unread, button. Opens the mail. Actions: Delete, Move up, Move to top
// Mail from Cy, unread, button. Opens the mail. Actions: Delete, Move down
// Mail from Bob, button. Opens the mail. Actions: Delete, Move up
