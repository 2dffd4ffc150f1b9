// Attaches eleven plugins to one data source and drives them on the text host.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Topic: Hashable { var name: String }  // folds its threads
struct Thread: Hashable { var title: String }

final class TopicCell: TextCell, ConfigurableView {
    func configure(with topic: Topic) { text = "# " + topic.name }
}
final class ThreadCell: TextCell, ConfigurableView {
    func configure(with thread: Thread) { text = "  " + thread.title }
}

let list = TextListView(width: 18, height: 4)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCellType(TopicCell.self)
dataSource.registerCellType(ThreadCell.self)
list.prefetchDistance = 1

var log: [String] = []
var topics = ["Swift", "Lists", "Tests"].map(Topic.init)
func threads(of topic: Topic) -> [AnyHashable] {
    (1...2).map { AnyHashable(Thread(title: "\(topic.name) \($0)")) }
}
@MainActor func show() throws {
    var snapshot = Snapshot<String, AnyHashable>()
    try snapshot.appendSections(["forum"])
    try snapshot.appendItems(topics)
    try dataSource.apply(snapshot)
}

let pagination = PaginationPlugin { token, pagination in
    log.append("load page \(token)")
    topics.append(Topic(name: "Page \(topics.count)"))
    try? show()
    pagination.finish(token, hasMore: topics.count < 5)
}
var refresh: RefreshPlugin!
refresh = RefreshPlugin(resetting: pagination) {
    log.append("refresh"); refresh.endRefreshing()
}
let folding = FoldingPlugin { item in (item.base as? Topic).map(threads(of:)) }
let titles = SectionIndexTitlesPlugin { section in (section.base as? String)?.uppercased() }

try dataSource.attach(
    pagination,
    refresh,
    folding,
    titles,
    SelectionPlugin().on(Thread.self) { thread, _ in log.append("open \(thread.title)") },
    DisplayPlugin().onWillDisplay(Thread.self) { thread, _ in log.append("show \(thread.title)") },
    LastItemVisiblePlugin { _ in log.append("end reached") },
    ScrollDirectionPlugin { log.append("scrolling \($0)") },
    CurrentSectionPlugin { _, section in log.append("in section \(section)") },
    ScrollSnappingPlugin { proposed, _ in proposed / 2 * 2 },
    PrefetchPlugin().on(Topic.self, start: { log.append("prefetch \($0.name)") }, cancel: { _ in })
)

try show()
list.select(ListIndexPath(item: 0, section: 0))  // the Swift topic unfolds
list.select(ListIndexPath(item: 1, section: 0))  // open its first thread
list.drag(byLines: 1, velocity: 2)  // comes to rest at an even line
list.scroll(toLine: 0)
list.pullToRefresh()
print(log.joined(separator: "\n"))
print(titles.titles, dataSource.attachedPlugins.count, "plugins")
print(list.render())
// snippet.hide
// Prints:
// in section forum
// load page #1
// end reached
// end reached
// load page #2
// prefetch Page 4
// show Swift 1
// show Swift 2
// prefetch Tests
// open Swift 1
// prefetch Page 3
// scrolling down
// prefetch Page 4
// show Swift 1
// scrolling up
// refresh
// ["FORUM"] 11 plugins
// # Swift
//   Swift 1
//   Swift 2
// # Lists
