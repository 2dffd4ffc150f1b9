// Registers a cell with a closure that receives the cell, where it shows, and the item, all typed.
import CellKit
import CellKitText
import DiffableStore

struct Setting: Hashable {
    var title: String
    var isOn: Bool
}

final class SettingCell: TextCell {}

let list = TextListView(width: 20, height: 3)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCell(itemType: Setting.self, cellType: SettingCell.self) { cell, context, setting in
    // The context says where the cell shows: round the first and last rows of the section.
    let edge = context.position.isFirst ? "╭" : context.position.isLast ? "╰" : "│"
    cell.text = "\(edge) \(setting.title): \(setting.isOn ? "on" : "off")"
}

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["network"])
try snapshot.appendItems([
    Setting(title: "Wi-Fi", isOn: true),
    Setting(title: "Bluetooth", isOn: false),
    Setting(title: "Hotspot", isOn: false),
])
try dataSource.apply(snapshot)
print(list.render())
// snippet.hide
// Prints:
// ╭ Wi-Fi: on
// │ Bluetooth: off
// ╰ Hotspot: off
