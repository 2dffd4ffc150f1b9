// Shows a placeholder in place of an empty list, while its first content loads, and after the load failed.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Post: Hashable { var number: Int }

final class PostCell: TextCell, ConfigurableView {
    func configure(with post: Post) { text = "post \(post.number)" }
}

let list = TextListView(width: 26, height: 5)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PostCell.self)

@MainActor func show(_ posts: [Post]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(posts)
    try dataSource.apply(snapshot)
}

// The first load is a refresh; it ends later, as from a network.
var loads = 0
let refresh = RefreshPlugin { loads += 1 }
// One description per state; a failure's button retries (here: another refresh).
let contentState = ContentStatePlugin(refresh: refresh) { state in
    switch state {
    case .content: nil
    case .empty: ContentUnavailable(image: "✉", text: "No posts yet")
    case .loading: ContentUnavailable(text: "Loading…")
    case .failed(let message):
        ContentUnavailable(text: "Could not load", secondaryText: message, buttonTitle: "Retry")
    }
}
try dataSource.attach(refresh, contentState)

try show([])
refresh.beginRefreshing()
print(list.render())

contentState.load = .failed("offline")  // the refresh failed: say so, and end it
refresh.endRefreshing()
print(list.render())

list.activateContentUnavailableButton()  // tap Retry: a second refresh, which brings posts
try show([Post(number: 1), Post(number: 2)])
refresh.endRefreshing()
print(list.render())
print("loads: \(loads), state: \(contentState.state)")
// snippet.hide
// Prints:
//
//          Loading…
//
//
//
//
//       Could not load
//          offline
//         [ Retry ]
//
// post 1
// post 2
//
//
//
// loads: 2, state: content
