// Loads the next page when the end of the list shows, with the state machine owned by the library.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Post: Hashable {
    var number: Int
}

final class PostCell: TextCell, ConfigurableView {
    func configure(with post: Post) { text = "post \(post.number)" }
}

let list = TextListView(width: 12, height: 5)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PostCell.self)

var posts = (1...3).map { Post(number: $0) }
@MainActor func show(_ posts: [Post]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(posts)
    try dataSource.apply(snapshot)
}

// A "server" with 9 posts, 3 per page. The plugin enters `loading` before it calls this closure,
// so a page is requested once however often the last row shows while it loads.
let pagination = PaginationPlugin { token, pagination in
    let next = posts.count + 1
    print("load \(token): posts \(next)...\(next + 2)")
    posts += (next...next + 2).map { Post(number: $0) }
    try? show(posts)  // show the page first,
    pagination.finish(token, hasMore: posts.count < 9)  // then end the load
}
try dataSource.attach(pagination)

// Three posts do not fill five lines: the plugin loads until the viewport is full.
try show(posts)
print(pagination.state)
list.scrollToEnd()  // the end shows: the last page
print(pagination.state)
list.scrollToEnd()  // no more pages: nothing is loaded
print(list.render())
// snippet.hide
// Prints:
// load #1: posts 4...6
// idle
// load #2: posts 7...9
// disabled
// post 5
// post 6
// post 7
// post 8
// post 9
