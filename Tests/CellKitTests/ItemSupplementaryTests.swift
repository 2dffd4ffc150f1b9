@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// Item-scoped supplementary views (separators) through UniversalDataSource and TextListView: one per
// item, configured with the item and its position, kept current when positions change, and named by
// their item in display events.

/// A separator below its item: a line of dashes, or nothing when hidden.
@MainActor final class DashSeparator: TextCell {
    var isShown = true
    override func render(width: Int) -> [String] { isShown ? [String(repeating: "-", count: width)] : [] }
}

/// A cell that shows its item and does not read its context.
@MainActor final class NameTextCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

/// A cell drawn by its position: `╭` first, `│` middle, `╰` last, `─` only.
@MainActor final class EdgeTextCell: TextCell {}

func edge(_ position: PositionInSection) -> String {
    switch position {
    case .only: "─"
    case .first: "╭"
    case .middle: "│"
    case .last: "╰"
    }
}

@MainActor
@Suite("Item-scoped supplementary views")
struct ItemSupplementaryTests {
    let list = TextListView(width: 12, height: 10)
    let dataSource: UniversalDataSource<String>
    /// What the separator closure was given, in order: "item position section".
    let calls = Ref<[String]>([])

    init() throws {
        dataSource = UniversalDataSource<String>(host: list)
        dataSource.registerCellType(NameTextCell.self)
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: DashSeparator.self) {
            [calls] view, context, item, section in
            calls.value.append("\(item) \(context.position) \(section)")
            view.isShown = !context.position.isLast
        }
    }

    private func show(_ items: [String], in section: String = "s") throws {
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections([section])
        try snapshot.appendItems(items)
        try dataSource.apply(snapshot)
    }

    @Test("3 items render 3 separators, the last hidden by the position check")
    func threeItems() throws {
        try show(["a", "b", "c"])
        #expect(renderedLines(list.renderAll()) == ["a", "------------", "b", "------------", "c"])
        #expect(calls.value == ["a first s", "b middle s", "c last s"])
        for item in 0..<3 {
            let separator = list.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: item, section: 0))
            #expect((separator as? DashSeparator)?.isShown == (item < 2))
            #expect(separator?.indexPath == ListIndexPath(item: item, section: 0))
        }
        #expect(dataSource.supplementaryKinds(in: list) == [], "a separator is not a section row")
    }

    @Test("appending after the last item reconfigures it in place, separator included: insert 0.2 plus reconfigure 0.1")
    func appendReconfiguresTheOldLast() throws {
        try show(["a", "b"])
        let bCell = list.cellForItem(at: ListIndexPath(item: 1, section: 0))
        let bSeparator = list.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 1, section: 0))
        let created = list.statistics.viewsCreated
        calls.value = []
        try show(["a", "b", "c"])
        #expect(list.updateLog.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
        #expect(renderedLines(list.render()).prefix(5) == ["a", "------------", "b", "------------", "c"])
        #expect(calls.value == ["c last s", "b middle s"], "c is configured by the batch, b after it")
        #expect(list.cellForItem(at: ListIndexPath(item: 1, section: 0)) === bCell)
        #expect(list.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 1, section: 0)) === bSeparator)
        #expect(list.statistics.viewsCreated == created + 2, "only c's cell and separator are new")
    }

    @Test("deleting the last item makes the one before it last: its separator hides")
    func deleteLast() throws {
        try show(["a", "b", "c"])
        try show(["a", "b"])
        #expect(list.updateLog.suffix(2) == ["delete 0.2", "reconfigure 0.1"])
        #expect(renderedLines(list.renderAll()) == ["a", "------------", "b"])
    }

    @Test("with cells that read their position: the rows read ╭ a, │ b, ╰ c after appending c to ╭ a, ╰ b")
    func edgesAndSeparators() throws {
        dataSource.registerCell(itemType: String.self, cellType: EdgeTextCell.self) { cell, context, name in
            cell.text = "\(edge(context.position)) \(name)"
        }
        try show(["a", "b"])
        #expect(renderedLines(list.renderAll()) == ["╭ a", "------------", "╰ b"])
        try show(["a", "b", "c"])
        #expect(renderedLines(list.renderAll()) == ["╭ a", "------------", "│ b", "------------", "╰ c"])
        #expect(list.updateLog.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
    }

    @Test("an item moved to another section, keeping its position, is configured again with its new section")
    func movedAcrossSections() throws {
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["s", "t"])
        try snapshot.appendItems(["a", "b"], toSection: "s")
        try snapshot.appendItems(["c", "d"], toSection: "t")
        try dataSource.apply(snapshot)
        calls.value = []
        try snapshot.moveItem("b", afterItem: "d")
        try snapshot.moveItem("d", afterItem: "a")
        try dataSource.apply(snapshot)
        #expect(calls.value.sorted() == ["b last t", "d last s"])
    }

    @Test("display events of a separator name its item, also when the item is deleted")
    func displayEvents() throws {
        var events: [String] = []
        list.delegate = dataSource
        dataSource.onEvent = { event in
            switch event {
            case .willDisplayItemSupplementaryView, .didEndDisplayingItemSupplementaryView: events.append("\(event)")
            default: break
            }
        }
        try show(["a", "b"])
        #expect(events == ["willDisplay separator of a at 0.0", "willDisplay separator of b at 0.1"])
        events = []
        try show(["b"])
        #expect(events == ["didEndDisplaying separator of a at 0.0"])
        let event = ListHostEvent.willDisplayItemSupplementaryView(
            .separator, item: "b", at: ListIndexPath(item: 0, section: 0))
        #expect(event.item == AnyHashable("b"))
        #expect(event.indexPath == ListIndexPath(item: 0, section: 0))
    }

    @Test("a reconfigure in place keeps the separator and tells the delegate nothing")
    func inPlaceNoEvents() throws {
        var events: [ListHostEvent] = []
        list.delegate = dataSource
        try show(["a", "b"])
        dataSource.onEvent = { events.append($0) }
        let separator = list.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 0, section: 0))
        list.reconfigureItems(at: [ListIndexPath(item: 0, section: 0)])
        #expect(list.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 0, section: 0)) === separator)
        #expect(events.isEmpty)
    }

    @Test("scrolled out of view, a separator goes back to its pool with its cell and is reused")
    func recycling() throws {
        let list = TextListView(width: 12, height: 4)
        let dataSource = UniversalDataSource<String>(host: list)
        dataSource.registerCellType(NameTextCell.self)
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: DashSeparator.self) {
            view, context, _, _ in
            view.isShown = !context.position.isLast
        }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems((0..<50).map { "row \($0)" })
        try dataSource.apply(snapshot)
        let created = list.statistics.viewsCreated
        list.scrollToEnd()
        #expect(renderedLines(list.render()) == ["------------", "row 48", "------------", "row 49"])
        #expect(list.statistics.viewsCreated <= created + 2, "views of rows that left are reused")
    }
}
