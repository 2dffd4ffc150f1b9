@_spi(ListHost) import CellKit
@testable import CellKitText
import DiffableStore
import SeededRandom
import Testing

/// Random valid batches, made by diffing random snapshots, applied to one list: after every batch it
/// shows what a brand-new list shows at the same scroll anchor, its heights are each row's real height
/// or the estimate, its selection is still on the item the user selected, and its display events name
/// exactly the items on screen.
@Suite("TextListView under random batches")
@MainActor
struct TextListViewRandomBatchTests {
    /// The lines a row takes once measured, read from the snapshot.
    static func expectedLines(_ location: TextListView.RowLocation, in snapshot: Snapshot<Int, TextRow>) -> Int {
        switch location {
        case .item(let path):
            snapshot.itemIdentifier(at: path).map {
                $0.text.split(separator: "\n", omittingEmptySubsequences: false).count
            } ?? -1
        case .supplementary:
            1
        }
    }

    @Test("after every batch the list equals a brand-new one at the same anchor", arguments: 0..<24)
    func randomBatches(seed: Int) throws {
        var maker = SnapshotMaker(seed: UInt64(seed))
        let kinds: [SupplementaryKind] = [[], [.header], [.header, .footer]][seed % 3]
        // At least the tallest row (3 lines): with a smaller estimate a brand-new list scrolled to an
        // anchor near the end finds its content shorter than it is and pins to the end, which the list
        // that measured those rows does not (as before the height tree; see the report of this change).
        let estimate = 3 + seed % 2
        let list = TextListView(width: 14, height: 7 + seed % 5, estimatedRowHeight: estimate)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = SnapshotDataSource(
            try maker.snapshot(sections: 1 + seed % 3, items: 0...(seed < 12 ? 6 : 40)),
            kinds: kinds, host: list)
        var displayed: Set<AnyHashable> = []
        var selected: Int?
        var stages = 0
        var sectionStages = 0
        // 40 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for step in 0..<SeededRuns.length(40, minimum: 6) {
            let next = try maker.change(
                dataSource.snapshot, count: Int.random(in: 1...(seed < 12 ? 3 : 12), using: &maker.random),
                sections: seed % 2 == 1 || step % 5 == 0)
            for stage in Changeset(from: dataSource.snapshot, to: next).stages {
                stages += 1
                let batch = stage.batch
                if !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty && batch.movedSections.isEmpty
                    && batch.reloadedSections.isEmpty)
                {
                    sectionStages += 1
                }
                let selectedBefore = list.selectedIndexPath
                try list.performBatchUpdates(stage.batch) { dataSource.snapshot = stage.snapshot }
                let context = "seed \(seed) step \(step): \(stage.batch)"
                try check(list, dataSource, estimate: estimate, kinds: kinds, selected: selected, context: context)
                // The selection follows its item; it goes with a delete or a reload, and with a section
                // that goes or reloads (its items are taken anew).
                if let before = selectedBefore, list.selectedIndexPath == nil {
                    let gone =
                        stage.batch.deletedItems.contains(before) || stage.batch.reloadedItems.contains(before)
                        || stage.batch.deletedSections.contains(before.section)
                        || stage.batch.reloadedSections.contains(before.section)
                    #expect(gone, "\(context): the selection on \(before) was dropped")
                    selected = nil
                }

                // Events: what they say is on screen is on screen.
                for event in recorder.events {
                    switch event {
                    case .willDisplay(let item, _):
                        #expect(displayed.insert(item).inserted, "\(context): \(item) shown twice")
                    case .didEndDisplaying(let item, _):
                        #expect(displayed.remove(item) != nil, "\(context): \(item) hidden, not shown")
                    default: break
                    }
                }
                recorder.events = []
                let visible = Set(
                    list.indexPathsForVisibleItems.compactMap {
                        dataSource.snapshot.itemIdentifier(at: $0).map { AnyHashable($0.id) }
                    })
                #expect(displayed == visible, "\(context)")
            }
            // Scroll somewhere, and sometimes select what shows.
            switch Int.random(in: 0..<5, using: &maker.random) {
            case 0: list.scroll(toLine: Int.random(in: 0...max(0, list.contentHeight), using: &maker.random))
            case 1: list.scrollBy(lines: Int.random(in: -5...5, using: &maker.random))
            case 2: list.scrollToEnd()
            default: break
            }
            if let path = list.indexPathsForVisibleItems.randomElement(using: &maker.random),
                Bool.random(using: &maker.random)
            {
                list.select(path)
                selected = dataSource.snapshot.itemIdentifier(at: path)?.id
            }
            if let id = selected, !dataSource.snapshot.itemIdentifiers.contains(where: { $0.id == id }) {
                selected = nil
            }
        }
        // A shortened run stages fewer (the full run, in the plain `swift test`, checks them).
        #expect(stages > 30 || SeededRuns.isShortened())
        if seed % 2 == 1 { #expect(sectionStages > 0 || SeededRuns.isShortened()) }
    }

    func check(
        _ list: TextListView, _ dataSource: SnapshotDataSource, estimate: Int, kinds: [SupplementaryKind],
        selected: Int?, context: String
    ) throws {
        list._checkInvariants()
        // 1. The screen equals a brand-new list's at the same anchor.
        let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: estimate)
        let freshSource = SnapshotDataSource(dataSource.snapshot, kinds: kinds, host: fresh)
        if let anchor = list.scrollAnchor { #expect(fresh.scroll(to: anchor), "\(context)") }
        let shown = list.render()
        let expected = fresh.render()
        #expect(shown == expected, "\(context)\nthe list shows\n\(shown)\na brand-new list shows\n\(expected)")
        _ = freshSource
        // 2. Every height is the row's real height or, unmeasured, the estimate; the content is their sum.
        var sum = 0
        for (row, raw) in list.rows.heights.rawHeights.enumerated() {
            let location = list.rows.location(ofRow: row)
            if raw >= 0 {
                #expect(
                    Int(raw) == Self.expectedLines(location, in: dataSource.snapshot),
                    "\(context): row \(row) (\(location)) is \(raw) lines")
            }
            sum += raw >= 0 ? Int(raw) : estimate
        }
        #expect(list.contentHeight == sum, "\(context)")
        #expect(list.numberOfSections == dataSource.snapshot.numberOfSections)
        // 3. The selection, if any, is on the item the user selected.
        if let path = list.selectedIndexPath {
            #expect(dataSource.snapshot.itemIdentifier(at: path)?.id == selected, "\(context)")
        }
        // 4. Every view on screen shows its row's current content, and knows where it is.
        for path in list.indexPathsForVisibleItems {
            #expect(
                list.cellForItem(at: path)?.text == dataSource.snapshot.itemIdentifier(at: path)?.text,
                "\(context): \(path)")
            #expect(list.cellForItem(at: path)?.indexPath == path)
            #expect(list.cellForItem(at: path)?.isSelected == (list.selectedIndexPath == path))
        }
    }
}
