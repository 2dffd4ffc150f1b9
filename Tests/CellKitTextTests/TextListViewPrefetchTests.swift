@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore
import Testing

@Suite("TextListView prefetching")
@MainActor
struct TextListViewPrefetchTests {
    @Test("off by default; on, it prefetches the rows below, each once, and drops those that came into view")
    func prefetchDown() {
        let off = ListFixture()
        defer { withExtendedLifetime(off) {} }
        off.list.scrollBy(lines: 2)
        off.list.scrollBy(lines: 2)
        off.list.scroll(toLine: 0)
        #expect(
            off.recorder.events.allSatisfy { event in
                switch event {
                case .prefetch, .cancelPrefetching: false
                default: true
                }
            },
            "no prefetch events while prefetching is off"
        )

        let fresh = ListFixture()
        defer { withExtendedLifetime(fresh) {} }
        let (list2, recorder2) = (fresh.list, fresh.recorder)
        list2.prefetchDistance = 2
        list2.scrollBy(lines: 1)
        list2.scrollBy(lines: 1)
        #expect(
            recorder2.log == [
                ["prefetch i3 at 0.3, i4 at 0.4"],
                ["didEndDisplaying i0 at 0.0", "willDisplay i3 at 0.3", "prefetch i5 at 0.5", "didScroll 1"],
                ["didEndDisplaying i1 at 0.1", "willDisplay i4 at 0.4", "prefetch i6 at 0.6", "didScroll 2"],
            ])
    }

    @Test("prefetching looks the way the last scroll went: after scrolling up to the top, nothing is above")
    func directionOfLastScroll() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, recorder) = (fixture.list, fixture.recorder)
        list.scrollBy(lines: 1)
        list.scrollBy(lines: -1)
        recorder.clear()
        list.prefetchDistance = 2
        list.scrollBy(lines: 1)
        #expect(
            recorder.log == [
                ["didEndDisplaying i0 at 0.0", "willDisplay i3 at 0.3", "prefetch i4 at 0.4, i5 at 0.5", "didScroll 1"]
            ])
    }

    @Test("scrolling back cancels what was prefetched below and prefetches above, nearest first")
    func scrollBack() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, recorder) = (fixture.list, fixture.recorder)
        list.scroll(toLine: 5)
        list.prefetchDistance = 2
        recorder.clear()
        list.scrollBy(lines: -1)
        list.scroll(toLine: 0)
        #expect(
            recorder.log == [
                [
                    "didEndDisplaying i7 at 0.7", "willDisplay i4 at 0.4",
                    "cancelPrefetching i8 at 0.8, i9 at 0.9", "prefetch i3 at 0.3, i2 at 0.2", "didScroll 4",
                ],
                // i2 came into view; i3, prefetched above line 4, stays below the viewport at line 0.
                [
                    "didEndDisplaying i4 at 0.4", "didEndDisplaying i5 at 0.5", "didEndDisplaying i6 at 0.6",
                    "willDisplay i0 at 0.0", "willDisplay i1 at 0.1", "willDisplay i2 at 0.2",
                    "cancelPrefetching i3 at 0.3", "didScroll 0",
                ],
            ])
    }

    @Test("a delete above keeps each prefetch on its item: cancels name the items prefetched, at their index paths now")
    func deleteAbove() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.prefetchDistance = 3
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 0)])) { dataSource.sections[0].remove(at: 0) }
        // i3 came into view (it was prefetched: nothing to cancel); i4 and i5 stay prefetched; i6 is new.
        #expect(recorder.log == [["didEndDisplaying i0 at 0.0", "willDisplay i3 at 0.2", "prefetch i6 at 0.5"]])
        recorder.clear()
        list.prefetchDistance = 0
        #expect(recorder.log == [["cancelPrefetching i4 at 0.3, i5 at 0.4, i6 at 0.5"]])
    }

    @Test("an insert above pushes prefetched items out of reach: they are cancelled at their new index paths")
    func insertAbove() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.prefetchDistance = 2
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 0), at(0, 1)])) {
            dataSource.sections[0].insert(contentsOf: ["new0", "new1"], at: 0)
        }
        #expect(
            recorder.log == [
                [
                    "didEndDisplaying i1 at 0.3", "didEndDisplaying i2 at 0.4",
                    "willDisplay new0 at 0.0", "willDisplay new1 at 0.1",
                    "cancelPrefetching i3 at 0.5, i4 at 0.6", "prefetch i1 at 0.3, i2 at 0.4",
                ]
            ])
    }

    @Test("deleting a prefetched item cancels it, named, in the batch; a reload cancels and prefetches it again")
    func deleteAndReloadPrefetched() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.prefetchDistance = 2
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 3)])) { dataSource.sections[0].remove(at: 3) }
        // The row at 0.3 is now i4, already prefetched; the cancel names i3.
        #expect(recorder.log == [["cancelPrefetching i3 at 0.3", "prefetch i5 at 0.4"]])
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(reloadedItems: [at(0, 3)])) { dataSource.sections[0][3] = "i4 v2" }
        #expect(recorder.log == [["cancelPrefetching i4 at 0.3", "prefetch i4 v2 at 0.3"]])
    }

    @Test("batches that rebuild the rows carry prefetches to their items' new index paths, or cancel them")
    func sectionChanges() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.prefetchDistance = 2
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(insertedSections: [0])) { dataSource.sections.insert(["s"], at: 0) }
        // i3 stays prefetched (no second prefetch); i4 moved out of reach and is cancelled at its new path.
        #expect(
            recorder.log == [
                [
                    "didEndDisplaying i2 at 1.2", "willDisplay s at 0.0",
                    "cancelPrefetching i4 at 1.4", "prefetch i2 at 1.2",
                ]
            ])
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(deletedSections: [1], insertedSections: [1])) {
            dataSource.sections[1] = ["t0", "t1", "t2"]
        }
        #expect(
            recorder.log == [
                [
                    "didEndDisplaying i0 at 1.0", "didEndDisplaying i1 at 1.1",
                    "cancelPrefetching i2 at 1.2, i3 at 1.3",
                    "willDisplay t0 at 1.0", "willDisplay t1 at 1.1", "prefetch t2 at 1.2",
                ]
            ])
    }

    @Test("rows of headers and footers are not prefetched and do not count")
    func supplementaryRowsSkipped() {
        let list = TextListView(width: 8, height: 3)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource([["a0", "a1"], ["b0", "b1"]], kinds: [.header, .footer], host: list)
        _ = list.render()
        recorder.clear()
        list.prefetchDistance = 2
        #expect(recorder.log == [["prefetch b0 at 1.0, b1 at 1.1"]])
        recorder.clear()
        list.reloadData()
        #expect(recorder.events.contains(.cancelPrefetching(items: ["b0", "b1"], at: [at(1, 0), at(1, 1)])))
        _ = dataSource
    }

    @Test(
        "random scrolls and batches: each item prefetched once while outstanding, never while shown; cancels name outstanding items; deleted items are cancelled",
        arguments: [UInt64(1), 2, 3, 4])
    func randomized(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let list = TextListView(width: 8, height: 4)
        let recorder = EventRecorder()
        list.delegate = recorder
        var next = 0
        func name() -> String {
            next += 1
            return "n\(next)" + (next % 3 == 0 ? "\nmore" : "")
        }
        let dataSource = ArrayDataSource([(0..<30).map { _ in name() }, (0..<5).map { _ in name() }], host: list)
        list.prefetchDistance = 3
        var shown = Set<AnyHashable>()
        var outstanding = Set<AnyHashable>()
        for step in 0..<300 {
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1, 2: list.scrollBy(lines: Int.random(in: -6...6, using: &random))
            case 3: list.scroll(toLine: Int.random(in: 0...list.contentHeight, using: &random))
            case 4:
                let section = Int.random(in: 0..<2, using: &random)
                let item = Int.random(in: 0...dataSource.sections[section].count, using: &random)
                try list.performBatchUpdates(BatchUpdate(insertedItems: [at(section, item)])) {
                    dataSource.sections[section].insert(name(), at: item)
                }
            case 5, 6:
                let section = Int.random(in: 0..<2, using: &random)
                guard !dataSource.sections[section].isEmpty else { continue }
                let item = Int.random(in: 0..<dataSource.sections[section].count, using: &random)
                try list.performBatchUpdates(BatchUpdate(deletedItems: [at(section, item)])) {
                    dataSource.sections[section].remove(at: item)
                }
            default:
                list.prefetchDistance = Int.random(in: 0...4, using: &random)
            }
            for event in recorder.events {
                switch event {
                case .willDisplay(let item, _):
                    shown.insert(item)
                    outstanding.remove(item)
                case .didEndDisplaying(let item, _):
                    shown.remove(item)
                case .prefetch(let items, let paths):
                    #expect(items.count == paths.count)
                    for item in items {
                        #expect(
                            outstanding.insert(item).inserted, "seed \(seed) step \(step): \(item) prefetched twice")
                        #expect(!shown.contains(item), "seed \(seed) step \(step): \(item) prefetched while shown")
                    }
                case .cancelPrefetching(let items, let paths):
                    #expect(items.count == paths.count)
                    for item in items {
                        #expect(
                            outstanding.remove(item) != nil,
                            "seed \(seed) step \(step): \(item) cancelled, not prefetched")
                    }
                default:
                    break
                }
            }
            recorder.clear()
            let present = Set(dataSource.sections.joined().map(AnyHashable.init))
            #expect(
                outstanding.isSubset(of: present),
                "seed \(seed) step \(step): a deleted item's prefetch was not cancelled")
            #expect(outstanding.count <= list.prefetchDistance, "seed \(seed) step \(step)")
        }
    }
}
