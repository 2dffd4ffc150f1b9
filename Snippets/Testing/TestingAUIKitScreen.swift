// Tests a UITableView screen headless on Linux: a simulated user taps, scrolls and swipes it, and the test reads what it shows.
import CellKit
import CellKitPlugins
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
import CellKitTesting  // SimulatedUser, a test's finger on the stand-in's views
import Testing
import UIKitStandIn  // UIKit's API, where UIKit does not exist
#endif

struct Message: Hashable { var subject: String }

final class MessageCell: UITableViewCell, ConfigurableView, ReusableView {
    var subject = ""
    func configure(with message: Message) { subject = message.subject }
}

/// The screen under test: an inbox whose rows open on a tap and delete on a swipe.
@MainActor final class InboxScreen {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 220), style: .plain)
    let host: TableViewHost
    let dataSource: UniversalDataSource<Int>
    private(set) var opened: [Message] = []

    init() throws {
        tableView.rowHeight = 44
        host = TableViewHost(tableView: tableView)
        dataSource = UniversalDataSource(host: host)
        dataSource.registerCellType(MessageCell.self)
        dataSource.onSelect = { [unowned self] item, _ in
            if let message = item as? Message { opened.append(message) }
        }
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Message.self) { [unowned self] _ in
                [SwipeAction("Delete", isDestructive: true) { item, done in done(self.delete(item)) }]
            })
    }

    func show(_ messages: [Message]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(messages)
        try dataSource.apply(snapshot)
    }

    private func delete(_ item: AnyHashable) -> Bool {
        var snapshot = dataSource.snapshot()
        do {
            try snapshot.deleteItems([item])
            try dataSource.apply(snapshot)
            return true
        } catch {
            return false
        }
    }
}

#if !canImport(UIKit)
@Test @MainActor func openAndDeleteMessages() throws {
    let screen = try InboxScreen()
    try screen.show((1...20).map { Message(subject: "Message \($0)") })
    let user = SimulatedUser(screen.host)
    try #require(user.visibleItems.count == 5)  // 220 points of 44-point rows

    // The tap reaches the screen before the next line: no waiting.
    try user.tap(Message(subject: "Message 2"))
    try #require(screen.opened == [Message(subject: "Message 2")])

    // Scroll as a finger would, to an item by its value, then read where the rows are.
    try user.scroll(to: Message(subject: "Message 9"))
    try #require(user.visibleItemFrames.first?.description == #"Message(subject: "Message 9"): 352 to 396"#)

    // Swipe, read the actions offered, and tap one.
    try #require(try user.swipe(Message(subject: "Message 9"), edge: .trailing) == ["Delete"])
    try user.tapSwipeAction("Delete")
    try #require(user.visibleItems.first == AnyHashable(Message(subject: "Message 10")))

    // A finger cannot touch what the screen does not show.
    try #require(throws: SimulatedUser.GestureError.self) { try user.tap(Message(subject: "Message 1")) }
}
#endif
// snippet.hide
// `swift test` runs the test in a test target; here it is called directly, and passes.
try openAndDeleteMessages()
print("openAndDeleteMessages passed")
// What a gesture on a row off screen throws:
let screen = try InboxScreen()
try screen.show((1...20).map { Message(subject: "Message \($0)") })
do {
    try SimulatedUser(screen.host).tap(Message(subject: "Message 12"))
} catch {
    print(error)
}
// Prints:
// openAndDeleteMessages passed
// Message(subject: "Message 12") at 0.11 is not on screen: scroll to it before touching it
