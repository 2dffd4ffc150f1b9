// Catches a stale cell that a hand-written test misses, by comparing the screen with a brand-new list given the same state.
import CellKit
import CellKitTesting
import CellKitText
import DiffableStore

struct Post: Hashable { var title: String }

/// A screen with a bug: likes live beside the items, and liking applies an unchanged snapshot, so the
/// visible cell is never configured again.
@MainActor final class FeedScreen {
    let list = TextListView(width: 16, height: 2)
    let dataSource: UniversalDataSource<Int>
    var likes: [Post: Int] = [:]

    init(_ posts: [Post]) throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: Post.self, cellType: TextCell.self) { [unowned self] cell, _, post in
            cell.text = "\(post.title) ♥ \(likes[post, default: 0])"
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(posts)
        try dataSource.apply(snapshot)
    }

    func like(_ post: Post) throws {
        likes[post, default: 0] += 1
        try dataSource.apply(dataSource.snapshot())  // the bug: nothing in the snapshot changed
    }
}

let screen = try FeedScreen([Post(title: "Hello"), Post(title: "News")])
try screen.like(Post(title: "News"))

// The hand-written check passes: the model has the like.
print("likes:", screen.likes[Post(title: "News")]!)
// The screen does not show it; in a test, `assertMatchesFreshList(screen.list, screen.dataSource)`
// fails with this report at its line.
print(freshListDifference(screen.list, screen.dataSource) ?? "no difference")
// snippet.hide
// Prints:
// likes: 1
// the list differs from a brand-new list given the same state (- brand-new, + shown):
//   |Hello ♥ 0
// - |News ♥ 1
// + |News ♥ 0
