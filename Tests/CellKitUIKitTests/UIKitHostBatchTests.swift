#if !canImport(UIKit)
@_spi(ListHost) @testable import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// How both UIKit hosts hand a batch to their list view: checking it before UIKit sees it, switching the
// counts inside UIKit's update closure, reconfiguring after the batch (and the reload fallback before iOS
// 15), cancelling prefetches by identity. Each test runs on the collection view host and the table view
// host; what differs between their list views the harness says (UIKitHostUnderTest.swift).

@MainActor
@Suite("UIKit hosts performing batches")
struct UIKitHostBatchTests {
    @Test("a batch that breaks UIKit's rules throws before the list view sees it", arguments: uikitHostKinds)
    func rejectedBatch(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: plains("a", "b"))
        let log = harness.listView._updateLog
        let wrong = BatchUpdate(insertedItems: [ListIndexPath(item: 0, section: 0)])
        #expect(throws: BatchUpdateError.self) {
            try harness.uikitHost.performBatchUpdates(wrong) {}  // the data source still has 2 items: no insert
        }
        #expect(harness.listView._updateLog == log)
        #expect(harness.problems == [])
        #expect(harness.render() == ["a", "b"])
        #expect(dataSource.snapshot().itemIdentifiers == plains("a", "b"))
    }

    @Test("the list view reads the new counts only inside the update closure", arguments: uikitHostKinds)
    func countsSwitchInsideTheUpdateClosure(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: [Tile(id: 1, title: "a")])
        // The list view forgets its counts (a reload it has not laid out yet); the next batch comes before it
        // lays out, so it asks for the counts at the start of performBatchUpdates.
        harness.reloadListView()
        #expect(harness.listView._knownCounts == nil)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(harness.problems == [])
        #expect(harness.render() == ["a", "b"])
        #expect(harness.listView._updateLog.last == "performBatchUpdates: insert 0.1")
    }

    @Test(
        "between updateData and UIKit's update closure the list view still reads the old counts",
        arguments: uikitHostKinds)
    func oldCountsUntilTheUpdateClosure(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, showing: [Tile(id: 1, title: "a")])
        let read = Ref<[Int]>([])
        try harness.uikitHost.performBatchUpdates(BatchUpdate(insertedItems: [ListIndexPath(item: 1, section: 0)])) {
            dataSource.transaction._showWithoutPlan(
                try! makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
            // What UIKit would read if it asked now, with the data source already switched.
            read.value.append(harness.numberOfItemsReported(inSection: 0))
        }
        read.value.append(harness.numberOfItemsReported(inSection: 0))
        #expect(read.value == [1, 2])
        #expect(harness.render() == ["a", "b"])
    }

    @Test(
        "UIKit reads the old counts when its batch starts, and the new ones inside its update closure",
        arguments: uikitHostKinds)
    func countsAtTheStartOfUIKitsBatch(kind: HostKind) throws {
        let harness = try uikitHarness(kind)
        let (host, listView) = harness.makeCountsRecordingHost()
        let dataSource = UniversalDataSource<Section>(host: host)
        harness.registerTileCell(dataSource)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        listView.reads = []
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(listView.reads == ["start 1", "inside 2"])
        #expect(listView._raisedExceptions == [])
    }

    /// Tiles a, b, c; then b changes its title and moves to the end (a, c, B): the cell that showed b.
    private func showTilesThenChangeAndMoveB(
        _ harness: any UIKitHostUnderTest, _ dataSource: UniversalDataSource<Section>
    ) throws -> AnyObject? {
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["a", "c", "B"])
        return cell
    }

    /// One batch that moves the first tile (a) to the end and reconfigures it, its title now A (c, B, A).
    private func moveFirstToEndReconfiguring(
        _ harness: any UIKitHostUnderTest, _ dataSource: UniversalDataSource<Section>
    ) throws {
        let moved = try makeSnapshot([Tile(id: 3, title: "c"), Tile(id: 2, title: "B"), Tile(id: 1, title: "A")])
        try harness.uikitHost.performBatchUpdates(
            BatchUpdate(
                movedItems: [Move(ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0))],
                reconfiguredItems: [ListIndexPath(item: 0, section: 0)])
        ) { dataSource.transaction._showWithoutPlan(moved) }
        #expect(harness.render() == ["c", "B", "A"])
    }

    @Test(
        "before iOS 15 a reconfigure reloads the item, at its index path after the batch, and the item displays again",
        arguments: uikitHostKinds)
    func reloadFallback(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        harness.usesReconfigure = false
        _ = try showTilesThenChangeAndMoveB(harness, dataSource)
        #expect(
            harness.listView._updateLog.suffix(2) == [
                "performBatchUpdates: reload 0.1", "performBatchUpdates: move 0.2 -> 0.1",
            ])
        #expect(harness.reconfiguredInPlace == 0)  // a reload dequeues (maybe recycling the cell)
        // A reconfigure in a batch that moves the item reloads it at its new index path, in a batch of its
        // own; the delegate hears the old value end display and the new one display.
        let events = recordEvents(dataSource)
        try moveFirstToEndReconfiguring(harness, dataSource)
        #expect(
            harness.listView._updateLog.suffix(2) == [
                "performBatchUpdates: move 0.0 -> 0.2", "performBatchUpdates: reload 0.2",
            ])
        #expect(
            events.value == [
                "didEndDisplaying \(Tile(id: 1, title: "a")) at 0.2",
                "willDisplay \(Tile(id: 1, title: "A")) at 0.2",
            ])
        #expect(harness.problems == [])
    }

    @Test(
        "before iOS 15 the reload that stands for a reconfigure keeps the selections of the items it reloads",
        arguments: uikitHostKinds)
    func reloadFallbackKeepsSelection(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        harness.usesReconfigure = false
        harness.allowsMultipleSelection = true
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        harness.select(ListIndexPath(item: 0, section: 0))
        harness.select(ListIndexPath(item: 1, section: 0))
        let events = recordEvents(dataSource)
        // b changes content and moves to the end; a changes content in place.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "A"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["A", "c", "B"])
        #expect(harness.listView._updateLog.contains { $0.contains("reload") })
        #expect(harness.selectedIndexPaths == [ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0)])
        #expect(
            harness.visiblySelectedIndexPaths == [
                ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0),
            ])
        #expect(!events.value.contains { $0.hasPrefix("didDeselect") })
        #expect(harness.problems == [])
    }

    @Test("from iOS 15 a reconfigure keeps the cell, at its index path after the batch", arguments: uikitHostKinds)
    func reconfigureAfterMove(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        let cell = try showTilesThenChangeAndMoveB(harness, dataSource)
        let call = harness.reconfigureCall
        #expect(harness.listView._updateLog.suffix(2) == ["\(call): 0.1", "performBatchUpdates: move 0.2 -> 0.1"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === cell)
        #expect(harness.reconfiguredInPlace == 1)
        // A reconfigure in a batch that moves the item lands at its new index path, after the batch.
        let first = harness.cell(at: ListIndexPath(item: 0, section: 0))
        let events = recordEvents(dataSource)
        try moveFirstToEndReconfiguring(harness, dataSource)
        #expect(harness.listView._updateLog.suffix(2) == ["performBatchUpdates: move 0.0 -> 0.2", "\(call): 0.2"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === first)
        #expect(events.value == [])  // the item stays on screen: no end display, no display
        #expect(harness.problems == [])
    }

    @Test(
        "a prefetched item that a batch deletes is cancelled by identity, at its old index path",
        arguments: uikitHostKinds)
    func prefetchCancelledOnDelete(kind: HostKind) throws {
        let (harness, dataSource) = try labelledUIKitHost(kind, height: 2)
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            if case .prefetch = event { events.value.append("\(event)") }
            if case .cancelPrefetching = event { events.value.append("\(event)") }
        }
        harness.prefetchDistance = 2
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d", "e")))
        _ = harness.render()
        #expect(events.value == ["prefetch c at 0.2, d at 0.3"])
        try dataSource.apply(makeSnapshot(plains("a", "b", "x", "e")))
        #expect(events.value.contains("cancelPrefetching c at 0.2, d at 0.3"))
        #expect(harness.problems == [])
    }
}
#endif
