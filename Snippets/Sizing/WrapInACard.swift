// Wraps a message at the width it renders at inside a card: 4 columns narrower than the list, every line kept.
import CellKit
import CellKitText
import DiffableStore

struct Message: Hashable { var text: String }

final class MessageCell: TextCell, ConfigurableView {
    var message = ""
    func configure(with message: Message) { self.message = message.text }
    override func render(width: Int) -> [String] {  // wraps at the width
        let characters = Array(message)
        return stride(from: 0, to: characters.count, by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}

let list = TextListView(width: 20, height: 5)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(
    MessageCell.self,
    sizing: .calculated { message, width in
        (Double(message.text.count) / width).rounded(.up)  // the lines it wraps to, without a cell
    })
// A card around the section's items: they render at 16 columns, and are sized for 16 (3 lines, not 2).
try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { _, _ in }

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Message(text: "Are you coming to the lake tonight?")])
try dataSource.apply(snapshot)
print(list.render())
// snippet.hide
// Prints:
// ╭──────────────────╮
// │ Are you coming t │
// │ o the lake tonig │
// │ ht?              │
// ╰──────────────────╯
