// Gives each registration its items' sizes: fixed, calculated from the item without a cell, or measured once and cached.
import CellKit
import CellKitText
import DiffableStore

struct Divider: Hashable { var id: Int }
struct Message: Hashable { var text: String }
struct Photo: Hashable { var caption: String }

final class DividerCell: TextCell, ConfigurableView {
    func configure(with divider: Divider) { text = "--------" }
}
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
final class PhotoCell: TextCell, ConfigurableView {
    func configure(with photo: Photo) { text = "[photo]\n" + photo.caption }
}

let list = TextListView(width: 16, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(DividerCell.self, sizing: .fixed(1))
dataSource.registerCellType(
    MessageCell.self,
    sizing: .calculated { message, width in
        (Double(message.text.count) / width).rounded(.up)  // the lines it wraps to, without a cell
    })
dataSource.registerCellType(PhotoCell.self, sizing: .automatic)  // measured once per photo and width

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([
    Message(text: "Are you coming to the lake?"), Divider(id: 1),
    Photo(caption: "The lake"), Divider(id: 2), Message(text: "On my way"),
])
try dataSource.apply(snapshot)
print(list.render())
for _ in 0..<3 {  // scroll away and back three times: every row is configured again, nothing measured again
    list.scrollToEnd()
    list.scroll(toLine: 0)
}
print("measured \(list.statistics.measured), sized without measuring \(list.statistics.sizedByDataSource)")
// snippet.hide
// Prints:
// Are you coming t
// o the lake?
// --------
// [photo]
// measured 1, sized without measuring 14
