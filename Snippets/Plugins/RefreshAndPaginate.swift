// Pull-to-refresh clears a failed pagination, so the end of the list loads pages again.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Post: Hashable { var number: Int }

final class PostCell: TextCell, ConfigurableView {
    func configure(with post: Post) { text = "post \(post.number)" }
}

let list = TextListView(width: 10, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PostCell.self)

var posts = (1...4).map(Post.init)
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(posts)
    try dataSource.apply(snapshot)
}

struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
var online = false
let pagination = PaginationPlugin { token, pagination in
    print("load page \(token)")
    guard online else { return pagination.fail(token, Offline()) }
    posts += (posts.count + 1...posts.count + 2).map(Post.init)
    try? show()
    pagination.finish(token, hasMore: false)
}
var refresh: RefreshPlugin!
refresh = RefreshPlugin(resetting: pagination) {  // a finished refresh resets pagination
    print("refresh")
    online = true
    posts = (1...4).map(Post.init)
    try? show()
    refresh.endRefreshing()
}
try dataSource.attach(pagination, refresh)
try show()

list.scrollToEnd()  // the end shows: the load fails, and the failure latches
list.scroll(toLine: 0)
list.scrollToEnd()  // nothing is loaded while failed
print(pagination.state)
list.scroll(toLine: 0)
list.pullToRefresh()
print(pagination.state)
list.scrollToEnd()  // loads again: the last page
print(pagination.state)
list.scrollToEnd()  // down to the new posts
print(list.render())
// snippet.hide
// Prints:
// load page #1
// failed: offline
// refresh
// idle
// load page #2
// disabled
// post 4
// post 5
// post 6
