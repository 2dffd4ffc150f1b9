#if !canImport(UIKit)
import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitUIKit
import DiffableStore
import Foundation
import Testing
import UIKitStandIn

// `SimulatedUser` (CellKitTesting), the documented way to drive a UIKit host in a test: its gestures reach
// the data source before the next line, it names items by identity, refuses what a finger cannot touch, and
// reads what the screen shows; on the collection (flow and compositional layouts) and table hosts.

/// The screens a `SimulatedUser` is tested on.
enum SimulatedScreenKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case collection, compositional, table
    var description: String { rawValue }
}

final class SimulatedRowCell: UICollectionViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with row: Plain) { title = row.name }
}

final class SimulatedTableRowCell: UITableViewCell, ConfigurableView, ReusableView {
    var title = ""
    func configure(with row: Plain) { title = row.name }
}

/// A screen of `count` rows of 44 points, `n0`, `n1`, ..., in a 320 × 220 viewport (five rows), and the
/// events its data source heard.
@MainActor
struct SimulatedScreen {
    let user: SimulatedUser
    let dataSource: UniversalDataSource<Section>
    let scrollView: UIScrollView
    let events: Ref<[ListHostEvent]>
    let host: AnyObject

    init(_ kind: SimulatedScreenKind, count: Int = 20) throws {
        let frame = CGRect(x: 0, y: 0, width: 320, height: 220)
        let dataSource: UniversalDataSource<Section>
        switch kind {
        case .collection, .compositional:
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 320, height: 44)
            let collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
            let host = CollectionViewHost(collectionView: collectionView)
            if kind == .compositional {
                collectionView.collectionViewLayout = host.makeCompositionalLayout(itemHeight: .absolute(44))
            }
            dataSource = UniversalDataSource(host: host)
            dataSource.registerCellType(SimulatedRowCell.self)
            user = SimulatedUser(host)
            scrollView = collectionView
            self.host = host
        case .table:
            let tableView = UITableView(frame: frame, style: .plain)
            tableView.rowHeight = 44
            let host = TableViewHost(tableView: tableView)
            dataSource = UniversalDataSource(host: host)
            dataSource.registerCellType(SimulatedTableRowCell.self)
            user = SimulatedUser(host)
            scrollView = tableView
            self.host = host
        }
        self.dataSource = dataSource
        let events = Ref<[ListHostEvent]>([])
        dataSource.onEvent = { events.value.append($0) }
        self.events = events
        try dataSource.apply(try makeSnapshot((0..<count).map { Plain(name: "n\($0)") }))
        user.endTurn()
        events.value = []
    }

    /// The events heard since the last call, without scrolls' and displays' (`didScroll`, dragging,
    /// display and prefetch events), as names: `"didSelect n2"`.
    func takeTouchEvents() -> [String] {
        defer { events.value = [] }
        return events.value.compactMap { event in
            switch event {
            case .didSelect(let item, _): "didSelect \(item)"
            case .didDeselect(let item, _): "didDeselect \(item)"
            case .didHighlight(let item, _): "didHighlight \(item)"
            case .didUnhighlight(let item, _): "didUnhighlight \(item)"
            default: nil
            }
        }
    }
}

@MainActor
@Suite("SimulatedUser")
struct SimulatedUserTests {
    @Test(
        "a tap reaches the data source before the next line, with UIKit's sequence",
        arguments: SimulatedScreenKind.allCases)
    func tapIsDeliveredAtOnce(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        try screen.user.tap(Plain(name: "n2"))
        #expect(screen.takeTouchEvents() == ["didHighlight n2", "didUnhighlight n2", "didSelect n2"])
        try screen.user.tap(at: ListIndexPath(item: 3, section: 0))
        #expect(
            screen.takeTouchEvents() == ["didHighlight n3", "didUnhighlight n3", "didDeselect n2", "didSelect n3"])
    }

    @Test(
        "a tap on an item not on screen or not in the list throws, naming it, and touches nothing",
        arguments: SimulatedScreenKind.allCases)
    func tapRefusesWhatIsNotShown(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        #expect(
            throws: SimulatedUser.GestureError.notVisible(item: "n7", indexPath: ListIndexPath(item: 7, section: 0))
        ) {
            try screen.user.tap(Plain(name: "n7"))
        }
        #expect(throws: SimulatedUser.GestureError.notInList(item: "n99")) { try screen.user.tap(Plain(name: "n99")) }
        #expect(
            throws: SimulatedUser.GestureError.notVisible(item: nil, indexPath: ListIndexPath(item: 40, section: 0))
        ) {
            try screen.user.tap(at: ListIndexPath(item: 40, section: 0))
        }
        #expect(screen.takeTouchEvents() == [])
        #expect(
            "\(SimulatedUser.GestureError.notVisible(item: "n7", indexPath: ListIndexPath(item: 7, section: 0)))"
                == "n7 at 0.7 is not on screen: scroll to it before touching it")
    }

    @Test("the visible items and their frames are read top to bottom", arguments: SimulatedScreenKind.allCases)
    func readsVisibleItems(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        #expect(screen.user.visibleItems == (0..<5).map { AnyHashable(Plain(name: "n\($0)")) })
        #expect(
            screen.user.visibleItemFrames.map(\.description) == [
                "n0: 0 to 44", "n1: 44 to 88", "n2: 88 to 132", "n3: 132 to 176", "n4: 176 to 220",
            ])
        #expect(screen.user.visibleItemFrames.map(\.indexPath) == (0..<5).map { ListIndexPath(item: $0, section: 0) })
    }

    @Test(
        "scrolling to an item puts it at the top, clamped to the content, as a drag",
        arguments: SimulatedScreenKind.allCases)
    func scrollsToAnItem(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        try screen.user.scroll(to: Plain(name: "n5"))
        #expect(screen.scrollView.contentOffset.y == 220)
        #expect(screen.user.visibleItems == (5..<10).map { AnyHashable(Plain(name: "n\($0)")) })
        // The drag's events, and the displays it caused, arrived before this line.
        let heard = screen.events.value
        #expect(heard.first == .willBeginDragging(contentOffset: 0))
        #expect(heard.contains(.willDisplay(Plain(name: "n9"), at: ListIndexPath(item: 9, section: 0))))
        #expect(heard.contains(.didEndDragging(willDecelerate: false)))

        try screen.user.scroll(to: Plain(name: "n18"))
        #expect(screen.scrollView.contentOffset.y == 660)
        #expect(screen.user.visibleItemFrames.first?.description == "n15: 660 to 704")
        screen.user.scroll(toOffset: -50)
        #expect(screen.scrollView.contentOffset.y == 0)
        #expect(throws: SimulatedUser.GestureError.notInList(item: "n99")) {
            try screen.user.scroll(to: Plain(name: "n99"))
        }
        #expect(screen.scrollView.contentOffset.y == 0)
    }

    @Test(
        "a scroll is a drag: a snapping plugin decides where it comes to rest", arguments: SimulatedScreenKind.allCases)
    func scrollIsADrag(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        try screen.dataSource.attach(ScrollSnappingPlugin { proposed, _ in (proposed + 22) / 44 * 44 })
        screen.user.scroll(toOffset: 70)
        #expect(screen.scrollView.contentOffset.y == 88)
        #expect(screen.events.value.contains(.didEndDecelerating))
        #expect(screen.user.visibleItems.first == AnyHashable(Plain(name: "n2")))
    }

    @Test("endTurn delivers the events UIKit reported outside a gesture", arguments: SimulatedScreenKind.allCases)
    func endTurnDelivers(kind: SimulatedScreenKind) throws {
        let screen = try SimulatedScreen(kind)
        screen.scrollView.contentOffset = CGPoint(x: 0, y: 44)
        #expect(screen.events.value == [])
        screen.user.endTurn()
        #expect(screen.events.value.first == .didScroll(contentOffset: 44))
        #expect(screen.events.value.contains(.willDisplay(Plain(name: "n5"), at: ListIndexPath(item: 5, section: 0))))
    }
}

/// Swipes: a table view, and a collection view with a list layout; a flow layout reveals nothing.
@MainActor
@Suite("SimulatedUser swipes")
struct SimulatedUserSwipeTests {
    enum SwipeScreenKind: String, CaseIterable, CustomStringConvertible, Sendable {
        case list, table
        var description: String { rawValue }
    }

    /// Ada, Grace and Linus, each offering Delete (trailing) and Pin (leading); Delete removes the row.
    private func contacts(_ kind: SwipeScreenKind) throws -> (SimulatedUser, UniversalDataSource<Section>) {
        let frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let dataSource: UniversalDataSource<Section>
        let user: SimulatedUser
        switch kind {
        case .list:
            let collectionView = UICollectionView(frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
            let host = CollectionViewHost(collectionView: collectionView)
            collectionView.collectionViewLayout = host.makeListLayout(.init(appearance: .plain))
            dataSource = UniversalDataSource(host: host)
            dataSource.registerListCell(itemType: Plain.self) { content, _, row in content.text = row.name }
            user = SimulatedUser(host)
        case .table:
            let tableView = UITableView(frame: frame, style: .plain)
            tableView.rowHeight = 44
            let host = TableViewHost(tableView: tableView)
            dataSource = UniversalDataSource(host: host)
            dataSource.registerCellType(SimulatedTableRowCell.self)
            user = SimulatedUser(host)
        }
        try dataSource.attach(
            SwipeActionsPlugin()
                .trailing(Plain.self) { _ in
                    [
                        SwipeAction("Delete", isDestructive: true) { [weak dataSource] item, done in
                            guard let dataSource else { return done(false) }
                            var snapshot = dataSource.snapshot()
                            do {
                                try snapshot.deleteItems([item])
                                try dataSource.apply(snapshot)
                                done(true)
                            } catch {
                                done(false)
                            }
                        }
                    ]
                }
                .leading(Plain.self) { _ in [SwipeAction("Pin") { _, done in done(true) }] })
        try dataSource.apply(try makeSnapshot(plains("Ada", "Grace", "Linus")))
        return (user, dataSource)
    }

    @Test("a swipe reveals the data source's actions, and a tap on one runs it", arguments: SwipeScreenKind.allCases)
    func swipeAndTapAnAction(kind: SwipeScreenKind) throws {
        let (user, _) = try contacts(kind)
        #expect(try user.swipe(Plain(name: "Grace"), edge: .trailing) == ["Delete"])
        #expect(try user.swipe(Plain(name: "Grace"), edge: .leading) == ["Pin"])
        #expect(try user.swipe(Plain(name: "Grace"), edge: .trailing) == ["Delete"])
        try user.tapSwipeAction("Delete")
        #expect(user.visibleItems == plains("Ada", "Linus"))
        // The swipe closed with the action: there is none to tap.
        #expect(throws: SimulatedUser.GestureError.noSwipeAction("Delete")) { try user.tapSwipeAction("Delete") }
    }

    @Test(
        "a tap on an action the open swipe does not offer throws and runs nothing", arguments: SwipeScreenKind.allCases)
    func tapSwipeActionRefusesOthers(kind: SwipeScreenKind) throws {
        let (user, _) = try contacts(kind)
        try user.swipe(Plain(name: "Ada"), edge: .leading)
        #expect(throws: SimulatedUser.GestureError.noSwipeAction("Delete")) { try user.tapSwipeAction("Delete") }
        #expect(user.visibleItems == plains("Ada", "Grace", "Linus"))
        #expect(throws: SimulatedUser.GestureError.notInList(item: "Bob")) {
            try user.swipe(Plain(name: "Bob"), edge: .trailing)
        }
    }

    @Test("a flow layout's cells reveal no swipe actions")
    func flowLayoutRevealsNothing() throws {
        let screen = try SimulatedScreen(.collection)
        try screen.dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { _ in [SwipeAction("Delete") { _, done in done(true) }] })
        #expect(try screen.user.swipe(Plain(name: "n1"), edge: .trailing) == [])
        #expect(throws: SimulatedUser.GestureError.noSwipeAction("Delete")) { try screen.user.tapSwipeAction("Delete") }
    }
}
#endif
