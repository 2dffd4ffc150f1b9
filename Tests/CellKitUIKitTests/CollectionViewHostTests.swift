#if !canImport(UIKit)
@testable import CellKit
@testable @_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// What only the UIKit host does: checking a batch before UIKit sees it, switching the counts inside the
// update closure, registering by class, the reload fallback, prefetch cancels by identity, swipe
// configurations, interactive moves, sizes and static views.

@MainActor
@Suite("CollectionViewHost")
struct CollectionViewHostTests {
    let harness = CollectionHarness(height: 10)
    var collectionView: UICollectionView { harness.collectionView }
    var host: CollectionViewHost { harness.collectionHost }

    func makeDataSource() -> UniversalDataSource<Section> {
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        dataSource.registerCellType(TileLabelCell.self)  // reads no context: no position reconfigures
        return dataSource
    }

    @Test("registering passes the class to the collection view and makes no view")
    func registersByClass() throws {
        let dataSource = makeDataSource()
        #expect(collectionView._statistics.created == 0)
        try dataSource.apply(makeSnapshot(plains("a")))
        _ = harness.render()
        #expect(collectionView.cellForItem(at: ListIndexPath(item: 0, section: 0).indexPath) is UIKitLabelCell)
        #expect(collectionView._statistics.created == 1)
    }

    @Test("a batch that breaks UIKit's rules throws before the collection view sees it")
    func rejectedBatch() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        let log = collectionView._updateLog
        let wrong = BatchUpdate(insertedItems: [ListIndexPath(item: 0, section: 0)])
        #expect(throws: BatchUpdateError.self) {
            try host.performBatchUpdates(wrong) {}  // the data source still has 2 items: no insert
        }
        #expect(collectionView._updateLog == log)
        #expect(collectionView._raisedExceptions == [])
        #expect(harness.render() == ["a", "b"])
    }

    @Test("the collection view reads the new counts only inside the update closure")
    func countsSwitchInsideTheUpdateClosure() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        _ = harness.render()
        // The collection view forgets its counts (a reload it has not laid out yet); the next batch comes
        // before it lays out, so it asks for the counts at the start of performBatchUpdates.
        collectionView.reloadData()
        #expect(collectionView._knownCounts == nil)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(collectionView._raisedExceptions == [])
        #expect(harness.render() == ["a", "b"])
        #expect(collectionView._updateLog.last == "performBatchUpdates: insert 0.1")
    }

    @Test("between updateData and UIKit's update closure the collection view still reads the old counts")
    func oldCountsUntilTheUpdateClosure() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        _ = harness.render()
        let read = Ref<[Int]>([])
        try host.performBatchUpdates(BatchUpdate(insertedItems: [ListIndexPath(item: 1, section: 0)])) {
            dataSource.current = try! makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")])
            // What UIKit would read if it asked now, with the data source already switched.
            read.value.append(collectionView.dataSource!.collectionView(collectionView, numberOfItemsInSection: 0))
        }
        read.value.append(collectionView.dataSource!.collectionView(collectionView, numberOfItemsInSection: 0))
        #expect(read.value == [1, 2])
        #expect(harness.render() == ["a", "b"])
    }

    @Test("UIKit reads the old counts when its batch starts, and the new ones inside its update closure")
    func countsAtTheStartOfUIKitsBatch() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 30, height: 1)
        let collectionView = CountsRecordingCollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 10), collectionViewLayout: layout)
        let host = CollectionViewHost(collectionView: collectionView)
        let dataSource = UniversalDataSource<Section>(host: host)
        host.delegate = dataSource
        dataSource.registerCellType(TileLabelCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        collectionView.reads = []
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(collectionView.reads == ["start 1", "inside 2"])
        #expect(collectionView._raisedExceptions == [])
    }

    @Test("before iOS 15 a reconfigure reloads the item, at its index path after the batch")
    func reloadFallback() throws {
        host.usesReconfigure = false
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        // b changes its content and moves to the end.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["a", "c", "B"])
        #expect(
            collectionView._updateLog.suffix(2) == [
                "performBatchUpdates: reload 0.1", "performBatchUpdates: move 0.2 -> 0.1",
            ])
        _ = cell
        #expect(collectionView._statistics.reconfiguredInPlace == 0)  // a reload dequeues (maybe recycling the cell)
        // A reconfigure in a batch that moves the item reloads it at its new index path, in a batch of its own.
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
            collectionView._updateLog.suffix(2) == [
                "performBatchUpdates: move 0.0 -> 0.2", "performBatchUpdates: reload 0.2",
            ])
        #expect(harness.render() == ["c", "B", "A"])
        #expect(collectionView._raisedExceptions == [])
    }

    @Test("from iOS 15 a reconfigure keeps the cell, at its index path after the batch")
    func reconfigureAfterMove() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 3, title: "c")]))
        _ = harness.render()
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 3, title: "c"), Tile(id: 2, title: "B")]))
        #expect(harness.render() == ["a", "c", "B"])
        #expect(
            collectionView._updateLog.suffix(2) == ["reconfigureItems: 0.1", "performBatchUpdates: move 0.2 -> 0.1"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === cell)
        #expect(collectionView._statistics.reconfiguredInPlace == 1)
        // A reconfigure in a batch that moves the item lands at its new index path, after the batch.
        let first = harness.cell(at: ListIndexPath(item: 0, section: 0))
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
            collectionView._updateLog.suffix(2) == ["performBatchUpdates: move 0.0 -> 0.2", "reconfigureItems: 0.2"])
        #expect(harness.render() == ["c", "B", "A"])
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === first)
    }

    @Test("a prefetched item that a batch deletes is cancelled by identity, at its old index path")
    func prefetchCancelledOnDelete() throws {
        let harness = CollectionHarness(height: 2)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            if case .prefetch = event { events.value.append("\(event)") }
            if case .cancelPrefetching = event { events.value.append("\(event)") }
        }
        harness.collectionView._prefetchDistance = 2
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d", "e")))
        _ = harness.render()
        #expect(events.value == ["prefetch c at 0.2, d at 0.3"])
        try dataSource.apply(makeSnapshot(plains("a", "b", "x", "e")))
        #expect(events.value.contains("cancelPrefetching c at 0.2, d at 0.3"))
        #expect(harness.problems == [])
    }

    @Test("a swipe action acts on the item swiped, even after a row is inserted above it")
    func swipeActions() throws {
        let dataSource = makeDataSource()
        var items = plains("a", "b")
        let deleted = Ref<[AnyHashable]>([])
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { _ in
                [
                    SwipeAction("Delete", isDestructive: true) { item, done in
                        deleted.value.append(item)
                        done(true)
                    }
                ]
            })
        try dataSource.apply(makeSnapshot(items))
        _ = harness.render()
        let configuration = try #require(
            host.swipeActionsConfiguration(forItemAt: ListIndexPath(item: 1, section: 0).indexPath, edge: .trailing))
        #expect(configuration.actions.map(\.title) == ["Delete"])
        #expect(configuration.actions.first?.style == .destructive)
        #expect(
            host.swipeActionsConfiguration(forItemAt: ListIndexPath(item: 1, section: 0).indexPath, edge: .leading)
                == nil)
        items.insert(Plain(name: "new"), at: 0)
        try dataSource.apply(makeSnapshot(items))
        let completed = Ref<[Bool]>([])
        let action = configuration.actions[0]
        action.handler(action, UIView(frame: .zero)) { completed.value.append($0) }
        #expect(deleted.value == [AnyHashable(Plain(name: "b"))])
        #expect(completed.value == [true])
    }

    @Test("an interactive move updates the data in the same turn and names the moved item; a veto holds")
    func interactiveMove() throws {
        let dataSource = makeDataSource()
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let moves = Ref<[String]>([])
        dataSource.onEvent = { event in if case .didMoveItem = event { moves.value.append("\(event)") } }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        #expect(collectionView.beginInteractiveMovementForItem(at: ListIndexPath(item: 0, section: 0).indexPath))
        collectionView._updateInteractiveMovementTarget(ListIndexPath(item: 2, section: 0).indexPath)
        collectionView.endInteractiveMovement()
        host.deliverPendingEvents()
        #expect(dataSource.snapshot().itemIdentifiers == plains("b", "c", "a"))
        #expect(harness.render() == ["b", "c", "a"])
        #expect(moves.value == ["didMoveItem a from 0.0 to 0.2"])
        #expect(collectionView._raisedExceptions == [])
        // A further apply of the same snapshot changes nothing.
        let log = collectionView._updateLog
        try dataSource.apply(dataSource.snapshot())
        #expect(collectionView._updateLog == log)
    }

    @Test("item sizes come from the data source: fixed, and measured once on a sizing cell")
    func sizes() throws {
        let dataSource = UniversalDataSource<Section>(host: host)
        dataSource.register(
            .cell(
                itemType: Plain.self, cellType: UIKitLabelCell.self,
                sizing: .calculated { item, _ in
                    Double(item.name.count)
                }
            ) { cell, _, item in cell.text = item.name })
        dataSource.register(
            .cell(itemType: Tile.self, cellType: UIKitLabelCell.self, sizing: .automatic) { cell, _, tile in
                cell.text = tile.title
            })
        try dataSource.apply(makeSnapshot([Plain(name: "abc"), Tile(id: 1, title: "one\ntwo"), Plain(name: "z")]))
        _ = harness.render()
        #expect(collectionView._top(of: ListIndexPath(item: 1, section: 0).indexPath) == 3)
        #expect(collectionView._top(of: ListIndexPath(item: 2, section: 0).indexPath) == 5)
        #expect(collectionView._raisedExceptions == [])
    }

    @Test("a static view shows in the host's container, the same instance after it scrolls away and back")
    func staticViews() throws {
        let harness = CollectionHarness(height: 3)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let search = UIView(frame: .zero)
        try dataSource.apply(makeSnapshot([StaticView(search)] + (0..<10).map { Plain(name: "\($0)") }))
        _ = harness.render()
        #expect(search.superview != nil)
        let container = search.superview?.superview
        #expect(container is UICollectionViewCell)
        harness.scroll(toLine: 8)
        harness.scroll(toLine: 0)
        #expect(search.superview?.superview is UICollectionViewCell)
        #expect(harness.problems == [])
    }

    @Test("the delegate picks where a drag comes to rest")
    func dragTarget() throws {
        let dataSource = makeDataSource()
        try dataSource.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        _ = harness.render()
        let snapper = Snapper()
        host.delegate = snapper
        collectionView._drag(by: 5, coast: 8)
        host.deliverPendingEvents()
        #expect(collectionView.contentOffset.y == 10)
        #expect(snapper.log.contains("willEndDragging velocity 8 target 13"))
        #expect(snapper.log.last == "didEndDecelerating")
    }

    @Test("the index map places every surviving item where BatchUpdate.apply does", arguments: [UInt64(7), 8, 9])
    func batchIndexMap(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            var old = Snapshot<Int, Int>()
            var new = Snapshot<Int, Int>()
            let sections = Array(0..<4).filter { _ in random.next() % 4 != 0 }
            try old.appendSections(sections)
            try new.appendSections(sections.shuffled(using: &random).filter { _ in random.next() % 5 != 0 } + [9])
            var next = 0
            for section in sections {
                let items = (0..<Int(random.next() % 6)).map { _ in
                    next += 1; return next
                }
                try old.appendItems(items, toSection: section)
            }
            for item in old.itemIdentifiers where random.next() % 4 != 0 {
                let target = new.sectionIdentifiers[Int(random.next() % UInt64(new.numberOfSections))]
                try new.appendItems([item], toSection: target)
            }
            try new.appendItems([1000 + next], toSection: 9)
            var state = old
            for stage in Changeset(from: old, to: new).stages {
                let batch = stage.batch
                let rows = (0..<state.numberOfSections).map { section in
                    (
                        section: section,
                        rows: (0..<state.numberOfItems(inSectionAt: section)).map {
                            Optional(ListIndexPath(item: $0, section: section))
                        }
                    )
                }
                let placed = try batch.apply(
                    to: rows,
                    newSection: { index in
                        (
                            section: -1,
                            rows: [ListIndexPath?](
                                repeating: nil, count: stage.snapshot.numberOfItems(inSectionAt: index))
                        )
                    },
                    newRow: { _ in nil },
                    updatedRow: { row, _, update in update == .reload ? nil : row })
                let map = BatchIndexMap(
                    batch, sectionsBefore: state.numberOfSections, sectionsAfter: stage.snapshot.numberOfSections)
                var expected: [ListIndexPath: ListIndexPath] = [:]
                for (section, entry) in placed.enumerated() {
                    for (item, row) in entry.rows.enumerated() {
                        if let row { expected[row] = ListIndexPath(item: item, section: section) }
                    }
                }
                for section in 0..<state.numberOfSections {
                    for item in 0..<state.numberOfItems(inSectionAt: section) {
                        let path = ListIndexPath(item: item, section: section)
                        #expect(map.newIndexPath(ofOld: path) == expected[path], "\(batch) \(path)")
                    }
                }
                state = stage.snapshot
            }
        }
    }
}

/// A tile cell that reads no cell context.
@MainActor final class TileLabelCell: UICollectionViewCell, ConfigurableView, ReusableView, Labelled {
    var text = ""
    func configure(with tile: Tile) { text = tile.title }
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

/// A delegate that snaps the end of a drag to a multiple of 10 and logs what it hears.
@MainActor
final class Snapper: ListHostDelegate {
    var log: [String] = []
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { log += events.map(\.description) }
    func host(_ host: any ListHost, targetLineForDragEndingAt proposedTargetLine: Int, velocity: Int) -> Int {
        proposedTargetLine / 10 * 10
    }
}

/// A collection view that records the items its data source reports in section 0 when a batch starts and
/// at the end of the batch's update closure.
@MainActor final class CountsRecordingCollectionView: UICollectionView {
    var reads: [String] = []
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        reads.append("start \(dataSource!.collectionView(self, numberOfItemsInSection: 0))")
        super.performBatchUpdates(
            { [self] in
                updates?()
                reads.append("inside \(dataSource!.collectionView(self, numberOfItemsInSection: 0))")
            }, completion: completion)
    }
}
#endif
