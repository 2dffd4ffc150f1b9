@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore
import Testing

// A list that has not laid out yet (fresh, or given a new data source) lays out on first use, and a
// read can be that first use. UIKit tells its delegate `willDisplay` during the layout pass; the text
// host does the same: the read's layout delivers its events before the read answers.

@Suite("TextListView delivers the events of a layout a read causes")
@MainActor
struct TextListViewLoadEventsTests {
    /// The events a fresh 3-line list over `Apple`, `Pear`, `Plum`, `Fig` (one header) shows.
    static let firstLayout = [["willDisplay header 0 at 0.0", "willDisplay Apple at 0.0", "willDisplay Pear at 0.1"]]

    /// A fresh list with its data source and a recording delegate; nothing has used the list yet.
    static func freshList() -> (TextListView, ArrayDataSource, EventRecorder) {
        let list = TextListView(width: 12, height: 3)
        let dataSource = ArrayDataSource([["Apple", "Pear", "Plum", "Fig"]], kinds: [.header], host: list)
        let recorder = EventRecorder()
        list.delegate = recorder
        return (list, dataSource, recorder)
    }

    @Test("each read of a fresh list delivers the willDisplay events of its layout before it answers")
    func readsDeliver() {
        let reads: [(String, (TextListView) -> Void)] = [
            ("indexPathsForVisibleItems", { #expect($0.indexPathsForVisibleItems == [at(0, 0), at(0, 1)]) }),
            ("numberOfSections", { #expect($0.numberOfSections == 1) }),
            ("numberOfItems(inSection:)", { #expect($0.numberOfItems(inSection: 0) == 4) }),
            ("contentHeight", { #expect($0.contentHeight == 5) }),
            ("cellForItem(at:)", { #expect($0.cellForItem(at: at(0, 1))?.text == "Pear") }),
            (
                "supplementaryView(ofKind:inSection:)",
                { #expect($0.supplementaryView(ofKind: .header, inSection: 0) != nil) }
            ),
            (
                "itemSupplementaryView(ofKind:at:)",
                { #expect($0.itemSupplementaryView(ofKind: "separator", at: at(0, 0)) == nil) }
            ),
        ]
        for (name, read) in reads {
            let (list, dataSource, recorder) = Self.freshList()
            read(list)
            #expect(recorder.log == Self.firstLayout, "\(name) left the events of its layout pending")
            // The next operation has nothing left over to deliver.
            recorder.clear()
            list.scrollBy(lines: 0)
            #expect(recorder.log.isEmpty, "\(name): \(recorder.log)")
            _ = dataSource
        }
    }

    @Test("a read after the data source is replaced delivers the new rows' willDisplay events at once")
    func readAfterNewDataSource() {
        let (list, first, recorder) = Self.freshList()
        _ = list.render()
        recorder.clear()
        let second = ArrayDataSource([["Kiwi", "Lime"]], host: list)
        #expect(
            recorder.log == [
                ["didEndDisplaying header 0 at 0.0", "didEndDisplaying Apple at 0.0", "didEndDisplaying Pear at 0.1"]
            ])
        recorder.clear()
        #expect(list.indexPathsForVisibleItems == [at(0, 0), at(0, 1)])
        #expect(recorder.log == [["willDisplay Kiwi at 0.0", "willDisplay Lime at 0.1"]])
        _ = (first, second)
    }

    @Test("an operation that loads the list still delivers once, when it ends")
    func operationsDeliverOnce() {
        let (list, dataSource, recorder) = Self.freshList()
        list.select(at(0, 1))
        #expect(recorder.log == [Self.firstLayout[0] + ["didSelect Pear at 0.1"]])
        _ = dataSource
    }

    @Test("a delegate that reads the list while it hears the load's events sees it loaded, with nothing pending")
    func reentrantRead() {
        let (list, dataSource, _) = Self.freshList()
        let delegate = ReadingDelegate()
        list.delegate = delegate
        delegate.list = list
        #expect(list.contentHeight == 5)
        #expect(delegate.deliveries == [Self.firstLayout[0]])
        #expect(delegate.visibleWhileHearing == [[at(0, 0), at(0, 1)]])
        _ = dataSource
    }
}

/// A delegate that reads the list's visible items each time it hears events.
@MainActor
private final class ReadingDelegate: ListHostDelegate {
    weak var list: TextListView?
    var deliveries: [[String]] = []
    var visibleWhileHearing: [[ListIndexPath]] = []

    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) {
        deliveries.append(events.map(\.description))
        visibleWhileHearing.append(list?.indexPathsForVisibleItems ?? [])
    }
}
