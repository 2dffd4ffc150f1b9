@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore
import Testing

/// A list of one-line items `i0`, `i1`, ... in one section, its data source and a recorder (the list holds
/// both weakly: keep the fixture alive while the list is used).
@MainActor
struct ListFixture {
    let list: TextListView
    let dataSource: ArrayDataSource
    let recorder: EventRecorder

    /// `count` items in a viewport of `height` lines, loaded, with nothing recorded yet.
    init(count: Int = 10, height: Int = 3) {
        list = TextListView(width: 8, height: height)
        recorder = EventRecorder()
        list.delegate = recorder
        dataSource = ArrayDataSource([(0..<count).map { "i\($0)" }], host: list)
        _ = list.render()
        recorder.clear()
    }
}

@Suite("TextListView gestures: highlight, drag, pull to refresh")
@MainActor
struct TextListViewGestureTests {
    // MARK: Events

    @Test("the new events describe themselves and name their items and index paths")
    func eventDescriptions() {
        let prefetch = ListHostEvent.prefetch(items: ["Plum", "Fig"], at: [at(0, 4), at(0, 5)])
        #expect(prefetch.description == "prefetch Plum at 0.4, Fig at 0.5")
        #expect(prefetch.item == nil && prefetch.indexPath == nil)
        let cancel = ListHostEvent.cancelPrefetching(items: ["Fig"], at: [at(0, 5)])
        #expect(cancel.description == "cancelPrefetching Fig at 0.5")
        #expect(cancel.item == nil && cancel.indexPath == nil)
        let highlight = ListHostEvent.didHighlight("Pear", at: at(0, 3))
        #expect(highlight.description == "didHighlight Pear at 0.3")
        #expect(highlight.item == AnyHashable("Pear") && highlight.indexPath == at(0, 3))
        #expect(ListHostEvent.didUnhighlight("Pear", at: at(0, 3)).description == "didUnhighlight Pear at 0.3")
        let others: [(ListHostEvent, String)] = [
            (.willBeginDragging(contentOffset: 4), "willBeginDragging 4"),
            (.willEndDragging(velocity: 3, proposedContentOffset: 12), "willEndDragging velocity 3 target 12"),
            (.didEndDragging(willDecelerate: true), "didEndDragging decelerating"),
            (.didEndDragging(willDecelerate: false), "didEndDragging"),
            (.didEndDecelerating, "didEndDecelerating"),
            (.didRequestRefresh, "didRequestRefresh"),
        ]
        for (event, text) in others {
            #expect(event.description == text)
            #expect(
                event.item == nil && event.indexPath == nil,
                "\(event)")
        }
        #expect(Set<ListHostEvent>([.didEndDecelerating, .didEndDecelerating, .didRequestRefresh]).count == 2)
    }

    // MARK: Highlight

    @Test("highlight names the item, moves to another row with an unhighlight first, and ends once")
    func highlight() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        #expect(list.highlight(at(0, 1)))
        #expect(list.highlightedIndexPath == at(0, 1))
        #expect(list.cellForItem(at: at(0, 1))?.isHighlighted == true)
        #expect(list.highlight(at(0, 1)))  // again: nothing new
        #expect(list.highlight(at(0, 2)))
        #expect(list.cellForItem(at: at(0, 1))?.isHighlighted == false)
        #expect(list.cellForItem(at: at(0, 2))?.isHighlighted == true)
        list.unhighlight()
        list.unhighlight()
        #expect(!list.highlight(at(0, 10)))
        #expect(!list.highlight(at(1, 0)))
        #expect(list.highlightedIndexPath == nil)
        #expect(list.cellForItem(at: at(0, 2))?.isHighlighted == false)
        #expect(
            recorder.log == [
                ["didHighlight i1 at 0.1"],
                ["didUnhighlight i1 at 0.1", "didHighlight i2 at 0.2"],
                ["didUnhighlight i2 at 0.2"],
            ])
    }

    @Test("a highlight follows its item through an insert above and ends, naming it, when it is deleted")
    func highlightThroughBatches() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.highlight(at(0, 2))
        try list.performBatchUpdates(BatchUpdate(insertedItems: [at(0, 0)])) {
            dataSource.sections[0].insert("new", at: 0)
        }
        #expect(list.highlightedIndexPath == at(0, 3))
        #expect(list.cellForItem(at: at(0, 3)) == nil)  // pushed out of view: line 0 shows new, i0, i1
        list.scroll(toLine: 1)
        #expect(list.cellForItem(at: at(0, 3))?.isHighlighted == true)
        #expect(list.cellForItem(at: at(0, 2))?.isHighlighted == false)
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 3)])) { dataSource.sections[0].remove(at: 3) }
        #expect(list.highlightedIndexPath == nil)
        #expect(recorder.log == [["didUnhighlight i2 at 0.3", "didEndDisplaying i2 at 0.3", "willDisplay i3 at 0.3"]])
    }

    @Test("a highlight is carried through a batch that rebuilds the rows, and ends on a reload")
    func highlightThroughSectionChanges() throws {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, dataSource, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.highlight(at(0, 1))
        try list.performBatchUpdates(BatchUpdate(insertedSections: [0])) { dataSource.sections.insert(["s"], at: 0) }
        #expect(list.highlightedIndexPath == at(1, 1))
        recorder.clear()
        list.unhighlight()
        #expect(recorder.log == [["didUnhighlight i1 at 1.1"]])
        list.highlight(at(1, 0))
        recorder.clear()
        list.reloadData()
        #expect(list.highlightedIndexPath == nil)
        #expect(recorder.events.first == .didUnhighlight("i0", at: at(1, 0)))
    }

    // MARK: Dragging

    @Test(
        "a drag sends begin, the scroll, will end with the proposed target, then end dragging, the coast and end decelerating"
    )
    func dragSequence() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        #expect(list.drag(byLines: 2, velocity: 3))
        #expect(list.firstVisibleLine == 5)
        #expect(!list.isDragging)
        #expect(
            recorder.log == [
                ["willBeginDragging 0"],
                [
                    "didEndDisplaying i0 at 0.0", "didEndDisplaying i1 at 0.1", "willDisplay i3 at 0.3",
                    "willDisplay i4 at 0.4",
                    "didScroll 2",
                ],
                ["willEndDragging velocity 3 target 5"],
                ["target? 5 velocity 3"],
                [
                    "didEndDragging decelerating",
                    "didEndDisplaying i2 at 0.2", "didEndDisplaying i3 at 0.3", "didEndDisplaying i4 at 0.4",
                    "willDisplay i5 at 0.5", "willDisplay i6 at 0.6", "willDisplay i7 at 0.7",
                    "didScroll 5", "didEndDecelerating",
                ],
            ])
    }

    @Test("the delegate rewrites the proposed target: the content comes to rest where it says, clamped")
    func dragTargetRewritten() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        recorder.targetLine = { proposed, _ in (proposed + 2) / 3 * 3 }  // snap to pages of three lines
        list.drag(byLines: 1, velocity: 3)
        #expect(list.firstVisibleLine == 6)
        #expect(
            recorder.log[2...] == [
                ["willEndDragging velocity 3 target 4"],
                ["target? 4 velocity 3"],
                [
                    "didEndDragging decelerating",
                    "didEndDisplaying i1 at 0.1", "didEndDisplaying i2 at 0.2", "didEndDisplaying i3 at 0.3",
                    "willDisplay i6 at 0.6", "willDisplay i7 at 0.7", "willDisplay i8 at 0.8",
                    "didScroll 6", "didEndDecelerating",
                ],
            ])
        recorder.clear()
        recorder.targetLine = { _, _ in 100 }
        list.drag(byLines: -1, velocity: -2)
        #expect(list.firstVisibleLine == 7)  // ten lines, three in view
        #expect(recorder.log[2] == ["willEndDragging velocity -2 target 3"])
        #expect(recorder.log[4].suffix(2) == ["didScroll 7", "didEndDecelerating"])
    }

    @Test("a target where the content already is ends the drag without decelerating")
    func dragWithoutCoasting() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        list.drag(byLines: 1)
        #expect(
            recorder.log[2...] == [
                ["willEndDragging velocity 0 target 1"], ["target? 1 velocity 0"], ["didEndDragging"],
            ])
        recorder.clear()
        recorder.targetLine = { _, _ in 1 }
        list.drag(byLines: 2, velocity: 4)
        #expect(list.firstVisibleLine == 1)
        #expect(
            recorder.log[2...] == [
                ["willEndDragging velocity 4 target 7"], ["target? 7 velocity 4"],
                [
                    "didEndDragging decelerating",  // from line 3 back to 1: i3 stays in view
                    "didEndDisplaying i4 at 0.4", "didEndDisplaying i5 at 0.5", "willDisplay i1 at 0.1",
                    "willDisplay i2 at 0.2",
                    "didScroll 1", "didEndDecelerating",
                ],
            ])
    }

    @Test("a drag in steps reports each move; steps out of order are refused and tell nothing")
    func dragInSteps() {
        let fixture = ListFixture(height: 10)
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        #expect(!list.dragBy(lines: 1))
        #expect(!list.endDragging())
        #expect(list.beginDragging())
        #expect(list.isDragging)
        #expect(!list.beginDragging())
        #expect(!list.drag(byLines: 1))
        #expect(list.dragBy(lines: 1))  // ten lines fit: nothing moves
        #expect(list.endDragging())
        #expect(
            recorder.log == [
                ["willBeginDragging 0"], ["willEndDragging velocity 0 target 0"], ["target? 0 velocity 0"],
                ["didEndDragging"],
            ])
    }

    // MARK: Refreshing

    @Test("pull to refresh asks for a refresh at the top only")
    func pullToRefresh() {
        let fixture = ListFixture()
        defer { withExtendedLifetime(fixture) {} }
        let (list, _, recorder) = (fixture.list, fixture.dataSource, fixture.recorder)
        #expect(list.pullToRefresh())
        list.scroll(toLine: 1)
        recorder.clear()
        #expect(!list.pullToRefresh())
        list.scroll(toLine: 0)
        recorder.clear()
        #expect(list.pullToRefresh())
        #expect(recorder.log == [["didRequestRefresh"]])
        #expect(list.firstVisibleLine == 0)

        let empty = TextListView(width: 8, height: 3)
        let emptyRecorder = EventRecorder()
        empty.delegate = emptyRecorder
        let emptyDataSource = ArrayDataSource([], host: empty)
        #expect(empty.pullToRefresh())
        #expect(emptyRecorder.events == [.didRequestRefresh])
        _ = emptyDataSource
    }
}
