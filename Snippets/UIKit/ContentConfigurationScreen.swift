// Registers a table's rows as a content and a background configuration made from the item and the cell's state; over the UIKit stand-in, a simulated user's tap updates the row in place.
import CellKit
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
import CellKitTesting  // SimulatedUser, a test's finger on the stand-in's views
import UIKitStandIn  // UIKit's API, where UIKit does not exist
#endif
// snippet.hide
@_spi(Simulation) import UIKitStandIn
// snippet.show

struct Contact: Hashable {
    var name: String
    var email: String
}

let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
tableView.rowHeight = 44
let host = TableViewHost(tableView: tableView)
let dataSource = UniversalDataSource<Int>(host: host)
if #available(iOS 14.0, *) {
    // The same closure shape as on the text host, with UIKit's configurations.
    dataSource.registerContent(itemType: Contact.self) { contact, state in
        var content = UIListContentConfiguration.subtitleCell()
        content.text = contact.name
        content.secondaryText = state.isSelected ? contact.email : nil
        return content
    } background: { _, state in
        var background = UIBackgroundConfiguration.clear()
        background.backgroundColor = state.isSelected ? .systemBlue : .systemBackground
        return background
    }
}

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([
    Contact(name: "Ada", email: "ada@example.com"), Contact(name: "Grace", email: "grace@example.com"),
])
try dataSource.apply(snapshot)

#if !canImport(UIKit)
@MainActor func printRows() {
    for indexPath in (tableView.indexPathsForVisibleRows ?? []).sorted() {
        guard let cell = tableView.cellForRow(at: indexPath),
            let content = cell.contentConfiguration as? UIListContentConfiguration
        else { continue }
        let background = cell.backgroundConfiguration?.backgroundColor.map { "\($0)" } ?? "none"
        print(content.text ?? "", content.secondaryText ?? "-", background)
    }
}
let user = SimulatedUser(host)
printRows()
try user.tap(Contact(name: "Grace", email: "grace@example.com"))
printRows()  // Grace's cell was asked again, in place: no reload
print(tableView._updateLog)
#endif
// snippet.hide
// UIKit would have raised nothing.
precondition(tableView._raisedExceptions.isEmpty, "\(tableView._raisedExceptions)")
// Prints:
// Ada - systemBackground
// Grace - systemBackground
// Ada - systemBackground
// Grace grace@example.com systemBlue
// ["reloadData", "performBatchUpdates: insert section 0"]
