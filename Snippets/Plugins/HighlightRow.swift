// Styles a row while a finger is down on it, and ends the highlight when the finger lifts or the row goes away.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Button: Hashable { var title: String }

final class ButtonCell: TextCell, ConfigurableView {
    func configure(with button: Button) { text = button.title }
    override func render(width: Int) -> [String] { [isHighlighted ? "[\(text)]" : " \(text)"] }
}

let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(ButtonCell.self)

try dataSource.attach(
    HighlightPlugin().on(
        Button.self,
        highlight: { button, indexPath in print("press \(button.title) at \(indexPath)") },
        unhighlight: { button, indexPath in print("release \(button.title) at \(indexPath)") }))

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Button(title: "Save"), Button(title: "Share")])
try dataSource.apply(snapshot)

list.highlight(ListIndexPath(item: 0, section: 0))  // finger down on Save
print(list.render())
list.highlight(ListIndexPath(item: 1, section: 0))  // slides to Share: Save is released first
list.unhighlight()  // finger up
list.highlight(ListIndexPath(item: 0, section: 0))
try snapshot.deleteItems([Button(title: "Save")])
try dataSource.apply(snapshot)  // the pressed row is deleted: released, by name
// snippet.hide
// Prints:
// press Save at 0.0
// [Save]   ◀
//  Share
// release Save at 0.0
// press Share at 0.1
// release Share at 0.1
// press Save at 0.0
// release Save at 0.0
