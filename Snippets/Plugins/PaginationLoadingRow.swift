// Shows a loading row at the end of the list while a page loads, and a row that retries a failed load.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Post: Hashable { var number: Int }

final class PostCell: TextCell, ConfigurableView {
    func configure(with post: Post) { text = "post \(post.number)" }
}

// The status row is an item like any other: it needs a cell (without one, the plugin leaves the row out
// and reports it in `dataSource.diagnostics`, printed in debug builds).
final class StatusCell: TextCell, ConfigurableView {
    func configure(with row: PaginationStatusRow) {
        switch row.status {
        case .loading: text = "Loading…"
        case .failed(let message): text = "\(message): tap to retry"
        }
    }
}

let list = TextListView(width: 24, height: 6)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PostCell.self)
dataSource.registerCellType(StatusCell.self)

var posts = (1...3).map { Post(number: $0) }
@MainActor func show(_ posts: [Post]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(posts)
    try dataSource.apply(snapshot)
}

// Pages arrive later, as from a network: the plugin hands over a token, and the load ends with it.
var pending: PaginationPlugin.Token?
let pagination = PaginationPlugin(showsStatusRow: true) { token in pending = token }
try dataSource.attach(pagination)

try show(posts)  // three posts do not fill six lines: a page loads, and the loading row shows
print(list.render())

struct Offline: Error, CustomStringConvertible { var description: String { "Offline" } }
pagination.fail(pending!, Offline())  // the loading row becomes a row that retries
print(list.render())

list.select(ListIndexPath(item: 3, section: 0))  // tap it: the page loads again
posts += (4...6).map { Post(number: $0) }
try show(posts)  // show the page first,
pagination.finish(pending!, hasMore: false)  // then end the load: the status row goes
print(list.render())
// snippet.hide
// Prints:
// post 1
// post 2
// post 3
// Loading…
//
//
// post 1
// post 2
// post 3
// Offline: tap to retry
//
//
// post 1
// post 2
// post 3
// post 4
// post 5
// post 6
