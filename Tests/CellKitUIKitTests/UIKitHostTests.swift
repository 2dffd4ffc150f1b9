#if !canImport(UIKit)
@_spi(ListHost) @testable @_spi(Testing) import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(ListHost) import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// What both UIKit hosts do with their list view outside batches: registering by class, swipe actions,
// interactive moves, sizes, static views, selection and highlight, and where a drag comes to rest. Each
// test runs on the collection view host and the table view host; what differs between their list views
// the harness says (UIKitHostUnderTest.swift). The batches are in UIKitHostBatchTests.

@MainActor
@Suite("UIKit hosts")
struct UIKitHostTests {
    @Test("registering passes the class to the list view and makes no view", arguments: uikitHostKinds)
    func registersByClass(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        #expect(harness.viewsCreated == 0)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "t")]))
        _ = harness.render()
        let label = try #require(harness.cell(at: ListIndexPath(item: 0, section: 0)))
        #expect(ObjectIdentifier(type(of: label)) == ObjectIdentifier(harness.labelType(.cell)))
        #expect(harness.isTileCell(harness.cell(at: ListIndexPath(item: 1, section: 0))))
        #expect(harness.viewsCreated == 2)
        #expect(harness.problems == [])
    }

    @Test(
        "a swipe action acts on the item swiped, even after an item is inserted above it; a declined one says so",
        arguments: uikitHostKinds)
    func swipeActions(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        var items = plains("a", "b")
        let deleted = Ref<[AnyHashable]>([])
        try dataSource.attach(
            SwipeActionsPlugin()
                .trailing(Plain.self) { _ in
                    [
                        SwipeAction("Delete", isDestructive: true) { item, done in
                            deleted.value.append(item)
                            done(true)
                        }
                    ]
                }
                .leading(Plain.self) { plain in
                    plain.name == "a" ? [SwipeAction("Pin") { _, done in done(false) }] : nil
                })
        try dataSource.apply(makeSnapshot(items))
        _ = harness.render()
        let second = ListIndexPath(item: 1, section: 0)
        let configuration = try #require(harness.swipeConfiguration(at: second, edge: .trailing))
        #expect(configuration.actions.map(\.title) == ["Delete"])
        #expect(configuration.actions.first?.style == .destructive)
        #expect(harness.swipeConfiguration(at: second, edge: .leading) == nil)
        items.insert(Plain(name: "new"), at: 0)
        try dataSource.apply(makeSnapshot(items))
        let completed = Ref<[Bool]>([])
        let action = configuration.actions[0]
        action.handler(action, UIView(frame: .zero)) { completed.value.append($0) }
        #expect(deleted.value == [AnyHashable(Plain(name: "b"))])
        // "a" is at 0.1 now; its leading action declines.
        let pin = try #require(harness.swipeConfiguration(at: second, edge: .leading)).actions[0]
        #expect(pin.style == .normal)
        pin.handler(pin, UIView(frame: .zero)) { completed.value.append($0) }
        #expect(completed.value == [true, false])
        #expect(harness.problems == [])
    }

    @Test(
        "an interactive move updates the data in the same turn and names the moved item; a vetoed place holds",
        arguments: uikitHostKinds)
    func interactiveMove(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: plains("a", "b", "c"))
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // "c" is pinned last: no item may be dropped at index 2.
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in proposed.item == 2 ? nil : proposed }
        let moves = Ref<[String]>([])
        dataSource.onEvent = { event in if case .didMoveItem = event { moves.value.append("\(event)") } }
        #expect(harness.beginReorder(ListIndexPath(item: 0, section: 0)))
        #expect(harness.reorderDrag(to: ListIndexPath(item: 1, section: 0)) == ListIndexPath(item: 1, section: 0))
        // Vetoed: the item stays over 0.1.
        #expect(harness.reorderDrag(to: ListIndexPath(item: 2, section: 0)) == ListIndexPath(item: 1, section: 0))
        #expect(try harness.endReorder())
        #expect(dataSource.snapshot().itemIdentifiers == plains("b", "a", "c"))
        #expect(harness.render() == ["b", "a", "c"])
        #expect(moves.value == ["didMoveItem a from 0.0 to 0.1"])
        #expect(harness.problems == [])
        // A further apply of the same snapshot changes nothing.
        let log = harness.listView._updateLog
        try dataSource.apply(dataSource.snapshot())
        #expect(harness.listView._updateLog == log)
    }

    @Test(
        "item sizes come from the data source: fixed, and measured once on a sizing cell",
        arguments: sizedUIKitHostKinds)
    func sizes(kind: HostKind) throws {
        let harness = try uikitHarness(kind)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .calculated { item, _ in Double(item.name.count) }) {
            _, item in item.name
        }
        harness.registerLabel(dataSource, for: Tile.self, sizing: .automatic) { _, tile in tile.title }
        try dataSource.apply(makeSnapshot([Plain(name: "abc"), Tile(id: 1, title: "one\ntwo"), Plain(name: "z")]))
        _ = harness.render()
        let tops = (0..<3).map { harness.listView._top(of: ListIndexPath(item: $0, section: 0).indexPath) }
        #expect(tops == [0, 3, 5])
        #expect(dataSource.sizingStatistics.measures == 1)
        #expect(harness.problems == [])
    }

    @Test(
        "a static view shows in the host's container, the same instance after it scrolls away and back",
        arguments: uikitHostKinds)
    func staticViews(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, height: 3)
        let search = UIView(frame: .zero)
        try dataSource.apply(makeSnapshot([StaticView(search)] + (0..<10).map { Plain(name: "\($0)") }))
        _ = harness.render()
        #expect(harness.isListViewCell(search.superview?.superview))
        harness.scroll(toLine: 8)
        harness.scroll(toLine: 0)
        #expect(harness.isListViewCell(search.superview?.superview))
        #expect(harness.problems == [])
    }

    @Test(
        "deselecting in code tells the delegate, which UIKit does not; a highlighted item deleted names its item",
        arguments: uikitHostKinds)
    func deselectAndHighlight(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: plains("a", "b", "c"))
        harness.select(ListIndexPath(item: 1, section: 0))
        let events = recordEvents(dataSource)
        harness.uikitHost.deselectItem(at: ListIndexPath(item: 1, section: 0))
        #expect(events.value == ["didDeselect b at 0.1"])
        #expect(harness.selectedIndexPaths == [])
        events.value = []
        harness.highlight(ListIndexPath(item: 2, section: 0))
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        #expect(events.value.contains("didHighlight c at 0.2"))
        #expect(events.value.contains("didUnhighlight c at 0.2"))
        #expect(harness.problems == [])
    }

    @Test("the delegate picks where a drag comes to rest", arguments: uikitHostKinds)
    func dragTarget(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: (0..<40).map { Plain(name: "\($0)") })
        let snapper = Snapper()
        harness.setDelegate(snapper)
        harness.drag(byLines: 5, velocity: 8)
        #expect(harness.topLine == 10)
        #expect(snapper.log.contains("willEndDragging velocity 8 target 13"))
        #expect(snapper.log.last == "didEndDecelerating")
        withExtendedLifetime(dataSource) {}  // the host holds its data source weakly
    }
}

/// A delegate that snaps the end of a drag to a multiple of 10 and logs what it hears.
@MainActor
final class Snapper: ListHostDelegate {
    var log: [String] = []
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { log += events.map(\.description) }
    func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int) -> Int
    {
        proposedContentOffset / 10 * 10
    }
}
#endif
