#if !canImport(UIKit)
@testable @_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// What the table host does its own way: registering by class with the table's calls, checking a batch
// before UIKit sees it, switching the counts inside the update closure, reconfiguring rows (and the reload
// fallback), headers and footers (section-wide kinds of your own listed as not shown), prefetch cancels by identity,
// swipe actions through the table's delegate, reordering in editing mode with a veto, row heights and a
// row that grows in place, static views.

@MainActor
@Suite("TableViewHost")
struct TableViewHostTests {
    let harness = TableHarness(height: 10)
    var tableView: UITableView { harness.tableView }
    var host: TableViewHost { harness.tableHost }

    func makeDataSource() -> UniversalDataSource<Section> {
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        dataSource.registerCellType(TileTableCell.self)  // reads no context: no position reconfigures
        return dataSource
    }

    /// The events the data source hears, as text, from now on.
    func recordEvents(_ dataSource: UniversalDataSource<Section>) -> Ref<[String]> {
        let events = Ref<[String]>([])
        dataSource.onEvent = { events.value.append("\($0)") }
        return events
    }

    @Test("registering passes the class to the table view and makes no view")
    func registersByClass() throws {
        let dataSource = makeDataSource()
        #expect(tableView._statistics.created == 0)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "t")]))
        _ = harness.render()
        #expect(tableView.cellForRow(at: ListIndexPath(item: 0, section: 0).indexPath) is UIKitTableLabelCell)
        #expect(tableView.cellForRow(at: ListIndexPath(item: 1, section: 0).indexPath) is TileTableCell)
        #expect(tableView._statistics.created == 2)
        #expect(harness.problems == [])
    }

    @Test("a batch that breaks UIKit's rules throws before the table view sees it")
    func rejectedBatch() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        let log = tableView._updateLog
        let wrong = BatchUpdate(insertedItems: [ListIndexPath(item: 0, section: 0)])
        #expect(throws: BatchUpdateError.self) {
            try host.performBatchUpdates(wrong) {}  // the data source still has 2 items: no insert
        }
        #expect(tableView._updateLog == log)
        #expect(tableView._raisedExceptions == [])
        #expect(harness.render() == ["a", "b"])
    }

    @Test("the table view reads the new counts only inside the update closure")
    func countsSwitchInsideTheUpdateClosure() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        _ = harness.render()
        // The table view forgets its counts (a reload it has not laid out yet); the next batch comes before
        // it lays out, so it asks for the counts at the start of performBatchUpdates.
        tableView.reloadData()
        #expect(tableView._knownCounts == nil)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(tableView._raisedExceptions == [])
        #expect(harness.render() == ["a", "b"])
        #expect(tableView._updateLog.last == "performBatchUpdates: insert 0.1")
    }

    @Test("between updateData and UIKit's update closure the table view still reads the old counts")
    func oldCountsUntilTheUpdateClosure() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        _ = harness.render()
        let read = Ref<[Int]>([])
        try host.performBatchUpdates(BatchUpdate(insertedItems: [ListIndexPath(item: 1, section: 0)])) {
            dataSource.current = try! makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")])
            // What UIKit would read if it asked now, with the data source already switched.
            read.value.append(tableView.dataSource!.tableView(tableView, numberOfRowsInSection: 0))
        }
        read.value.append(tableView.dataSource!.tableView(tableView, numberOfRowsInSection: 0))
        #expect(read.value == [1, 2])
        #expect(harness.render() == ["a", "b"])
    }

    @Test("UIKit reads the old counts when its batch starts, and the new ones inside its update closure")
    func countsAtTheStartOfUIKitsBatch() throws {
        let tableView = CountsRecordingTableView(frame: CGRect(x: 0, y: 0, width: 30, height: 10), style: .plain)
        let host = TableViewHost(tableView: tableView)
        let dataSource = UniversalDataSource<Section>(host: host)
        host.delegate = dataSource
        dataSource.registerCellType(TileTableCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        tableView.reads = []
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(tableView.reads == ["start 1", "inside 2"])
        #expect(tableView._raisedExceptions == [])
    }

    @Test("before iOS 15 a reconfigure reloads the row, at its index path after the batch, and the row displays again")
    func reloadFallback() throws {
        host.usesReconfigure = false
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        // b changes its content and moves to the end.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["a", "c", "B"])
        #expect(
            tableView._updateLog.suffix(2) == [
                "performBatchUpdates: reload 0.1", "performBatchUpdates: move 0.2 -> 0.1",
            ])
        #expect(tableView._statistics.reconfiguredInPlace == 0)
        // A reconfigure in a batch that moves the row reloads it at its new index path, in a batch of its own;
        // the delegate hears the old value end display and the new one display.
        let events = recordEvents(dataSource)
        try host.performBatchUpdates(
            BatchUpdate(
                movedItems: [Move(ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0))],
                reconfiguredItems: [ListIndexPath(item: 0, section: 0)])
        ) {
            dataSource.current = try! makeSnapshot([
                Tile(id: 3, title: "c"), Tile(id: 2, title: "B"), Tile(id: 1, title: "A"),
            ])
        }
        #expect(
            tableView._updateLog.suffix(2) == [
                "performBatchUpdates: move 0.0 -> 0.2", "performBatchUpdates: reload 0.2",
            ])
        #expect(harness.render() == ["c", "B", "A"])
        #expect(
            events.value == [
                "didEndDisplaying \(Tile(id: 1, title: "a")) at 0.2",
                "willDisplay \(Tile(id: 1, title: "A")) at 0.2",
            ])
        #expect(tableView._raisedExceptions == [])
    }

    @Test("from iOS 15 a reconfigure keeps the cell, at its index path after the batch")
    func reconfigureAfterMove() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["a", "c", "B"])
        #expect(tableView._updateLog.suffix(2) == ["reconfigureRows: 0.1", "performBatchUpdates: move 0.2 -> 0.1"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === cell)
        #expect(tableView._statistics.reconfiguredInPlace == 1)
        // A reconfigure in a batch that moves the row lands at its new index path, after the batch.
        let first = harness.cell(at: ListIndexPath(item: 0, section: 0))
        let events = recordEvents(dataSource)
        try host.performBatchUpdates(
            BatchUpdate(
                movedItems: [Move(ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0))],
                reconfiguredItems: [ListIndexPath(item: 0, section: 0)])
        ) {
            dataSource.current = try! makeSnapshot([
                Tile(id: 3, title: "c"), Tile(id: 2, title: "B"), Tile(id: 1, title: "A"),
            ])
        }
        #expect(tableView._updateLog.suffix(2) == ["performBatchUpdates: move 0.0 -> 0.2", "reconfigureRows: 0.2"])
        #expect(harness.render() == ["c", "B", "A"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === first)
        #expect(events.value == [])  // the row stays on screen: no end display, no display
        #expect(tableView._raisedExceptions == [])
    }

    @Test("headers and footers show; a section-wide kind of your own is listed as not shown and never asked for")
    func headersAndFootersOnly() throws {
        let dataSource = makeDataSource()
        try harness.registerLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try harness.registerLabel(dataSource, kind: .footer) { _, section in "end \(section)" }
        try harness.registerLabel(dataSource, kind: SupplementaryKind(rawValue: "banner")) { _, _ in "banner" }
        #expect(host.kindsNotShown == [SupplementaryKind(rawValue: "banner")])
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .willDisplaySupplementaryView, .didEndDisplayingSupplementaryView: events.value.append("\(event)")
            default: break
            }
        }
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b")), (.more, plains("c"))]))
        #expect(harness.render() == ["# main", "a", "b", "end main", "# more", "c", "end more"])
        #expect(
            events.value == [
                "willDisplay header main at 0.0", "willDisplay footer main at 0.0",
                "willDisplay header more at 1.0", "willDisplay footer more at 1.0",
            ])
        #expect(dataSource.diagnostics == [])  // the host asked for no kind it does not show
        // The section deleted above: its header and footer end display naming it, at its old index.
        events.value = []
        try dataSource.apply(makeSnapshot([(.more, plains("c"))]))
        #expect(harness.render() == ["# more", "c", "end more"])
        #expect(events.value == ["didEndDisplaying header main at 0.0", "didEndDisplaying footer main at 0.0"])
        #expect(harness.problems == [])
    }

    @Test("a prefetched row that a batch deletes is cancelled by identity, at its old index path")
    func prefetchCancelledOnDelete() throws {
        let harness = TableHarness(height: 2)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            if case .prefetch = event { events.value.append("\(event)") }
            if case .cancelPrefetching = event { events.value.append("\(event)") }
        }
        harness.tableView._prefetchDistance = 2
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d", "e")))
        _ = harness.render()
        #expect(events.value == ["prefetch c at 0.2, d at 0.3"])
        try dataSource.apply(makeSnapshot(plains("a", "b", "x", "e")))
        #expect(events.value.contains("cancelPrefetching c at 0.2, d at 0.3"))
        #expect(harness.problems == [])
    }

    @Test("a swipe action acts on the row swiped, even after a row is inserted above it; a declined one says so")
    func swipeActions() throws {
        let dataSource = makeDataSource()
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
        let row1 = ListIndexPath(item: 1, section: 0).indexPath
        let configuration = try #require(tableView._swipe(row1, leading: false))
        #expect(configuration.actions.map(\.title) == ["Delete"])
        #expect(configuration.actions.first?.style == .destructive)
        #expect(tableView._swipe(row1, leading: true) == nil)
        items.insert(Plain(name: "new"), at: 0)
        try dataSource.apply(makeSnapshot(items))
        let completed = Ref<[Bool]>([])
        let action = configuration.actions[0]
        action.handler(action, UIView(frame: .zero)) { completed.value.append($0) }
        #expect(deleted.value == [AnyHashable(Plain(name: "b"))])
        // "a" is at 0.1 now; its leading action declines.
        let pin = try #require(tableView._swipe(ListIndexPath(item: 1, section: 0).indexPath, leading: true)).actions[0]
        #expect(pin.style == .normal)
        pin.handler(pin, UIView(frame: .zero)) { completed.value.append($0) }
        #expect(completed.value == [true, false])
        #expect(harness.problems == [])
    }

    @Test("reordering works in editing mode only, updates the data in the same turn, and a vetoed place holds")
    func reorder() throws {
        let dataSource = makeDataSource()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // "c" is pinned last: no row may be dropped at index 2.
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in proposed.item == 2 ? nil : proposed }
        let moves = Ref<[String]>([])
        dataSource.onEvent = { event in if case .didMoveItem = event { moves.value.append("\(event)") } }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let first = ListIndexPath(item: 0, section: 0).indexPath
        #expect(!tableView._beginReorder(at: first))  // no reorder controls outside editing mode
        tableView.setEditing(true, animated: false)
        #expect(tableView._beginReorder(at: first))
        tableView._updateReorderTarget(ListIndexPath(item: 1, section: 0).indexPath)
        tableView._updateReorderTarget(ListIndexPath(item: 2, section: 0).indexPath)  // vetoed: stays at 0.1
        tableView._endReorder()
        host.deliverPendingEvents()
        #expect(dataSource.snapshot().itemIdentifiers == plains("b", "a", "c"))
        #expect(harness.render() == ["b", "a", "c"])
        #expect(moves.value == ["didMoveItem a from 0.0 to 0.1"])
        #expect(tableView._raisedExceptions == [])
        // A further apply of the same snapshot changes nothing.
        let log = tableView._updateLog
        try dataSource.apply(dataSource.snapshot())
        #expect(tableView._updateLog == log)
    }

    @Test("row heights come from the data source (fixed, measured once on a sizing cell) or the table's rowHeight")
    func rowHeights() throws {
        let dataSource = UniversalDataSource<Section>(host: host)
        host.delegate = dataSource
        dataSource.register(
            .cell(
                itemType: Plain.self, cellType: UIKitTableLabelCell.self,
                sizing: .calculated { item, _ in
                    Double(item.name.count)
                }
            ) { cell, _, item in cell.text = item.name })
        dataSource.register(
            .cell(itemType: Tile.self, cellType: UIKitTableLabelCell.self, sizing: .automatic) { cell, _, tile in
                cell.text = tile.title
            })
        dataSource.registerCellType(NumberTableCell.self)  // no sizing: the table's rowHeight
        tableView.rowHeight = 4
        try dataSource.apply(
            makeSnapshot([Plain(name: "abc"), Tile(id: 1, title: "one\ntwo"), Plain(name: "z"), 7, Plain(name: "end")]))
        _ = harness.render()
        let tops = (0..<5).map { tableView._top(of: ListIndexPath(item: $0, section: 0).indexPath) }
        #expect(tops == [0, 3, 5, 6, 10])
        #expect(dataSource.sizingStatistics.measures == 1)
        #expect(tableView._raisedExceptions == [])
    }

    @Test("a row that grows is laid out again once, without being configured again")
    func selfResizingRow() throws {
        let dataSource = UniversalDataSource<Section>(host: host)
        host.delegate = dataSource
        let expanded = Ref<Set<Int>>([])
        let configurations = Ref(0)
        dataSource.register(
            .cell(itemType: Tile.self, cellType: GrowingTableCell.self, sizing: .automatic) { cell, _, tile in
                configurations.value += 1
                cell.lines = { expanded.value.contains(tile.id) ? 3 : 1 }
            })
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        #expect(tableView._top(of: ListIndexPath(item: 2, section: 0).indexPath) == 2)
        let configured = configurations.value
        expanded.value.insert(2)
        for _ in 1...3 { dataSource.invalidateSize(of: Tile(id: 2, title: "b")) }
        dataSource.updateSizesIfNeeded()
        #expect(tableView._top(of: ListIndexPath(item: 2, section: 0).indexPath) == 4)
        #expect(tableView._updateLog.last == "performBatchUpdates: no changes")
        #expect(dataSource.sizingStatistics.hostUpdates == 1)
        #expect(configurations.value == configured)
        #expect(tableView._raisedExceptions == [])
    }

    @Test("a static view shows in the host's container, the same instance after it scrolls away and back")
    func staticViews() throws {
        let harness = TableHarness(height: 3)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let search = UIView(frame: .zero)
        try dataSource.apply(makeSnapshot([StaticView(search)] + (0..<10).map { Plain(name: "\($0)") }))
        _ = harness.render()
        #expect(search.superview?.superview is UITableViewCell)
        harness.scroll(toLine: 8)
        harness.scroll(toLine: 0)
        #expect(search.superview?.superview is UITableViewCell)
        #expect(harness.problems == [])
    }

    @Test("deselecting in code tells the delegate, which UIKit does not; a highlighted row deleted names its item")
    func deselectAndHighlight() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        harness.select(ListIndexPath(item: 1, section: 0))
        let events = recordEvents(dataSource)
        host.deselectItem(at: ListIndexPath(item: 1, section: 0))
        #expect(events.value == ["didDeselect b at 0.1"])
        #expect(harness.selectedIndexPaths == [])
        events.value = []
        tableView._touchDown(ListIndexPath(item: 2, section: 0).indexPath)
        host.deliverPendingEvents()
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        #expect(events.value.contains("didHighlight c at 0.2"))
        #expect(events.value.contains("didUnhighlight c at 0.2"))
        #expect(harness.problems == [])
    }

    @Test("the delegate picks where a drag comes to rest")
    func dragTarget() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        _ = harness.render()
        let snapper = Snapper()
        host.delegate = snapper
        tableView._drag(by: 5, coast: 8)
        host.deliverPendingEvents()
        #expect(tableView.contentOffset.y == 10)
        #expect(snapper.log.contains("willEndDragging velocity 8 target 13"))
        #expect(snapper.log.last == "didEndDecelerating")
    }
}

/// A tile cell that reads no cell context.
@MainActor final class TileTableCell: UITableViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with tile: Tile) { text = tile.title }
}

/// A cell for an `Int`, registered without a size.
@MainActor final class NumberTableCell: UITableViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with number: Int) { text = "\(number)" }
}

/// A cell whose height (in lines) comes from outside, so it can change without the cell being configured.
@MainActor final class GrowingTableCell: UITableViewCell, ReusableView {
    var lines: () -> Int = { 1 }
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(lines()))
    }
}

/// A table view that records the rows its data source reports in section 0 when a batch starts and at the
/// end of the batch's update closure.
@MainActor final class CountsRecordingTableView: UITableView {
    var reads: [String] = []
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        reads.append("start \(dataSource!.tableView(self, numberOfRowsInSection: 0))")
        super.performBatchUpdates(
            { [self] in
                updates?()
                reads.append("inside \(dataSource!.tableView(self, numberOfRowsInSection: 0))")
            }, completion: completion)
    }
}
#endif
