import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import Testing

/// A cell that marks a selected row with `>` and a highlighted one with `*`.
private final class MarkedCell: TextCell {
    override func render(width: Int) -> [String] { [(isHighlighted ? "* " : isSelected ? "> " : "  ") + text] }
}

private final class EventLog { var events: [ListHostEvent] = [] }

@Suite("TextListView selection")
@MainActor
struct TextListViewSelectionTests {
    let list = TextListView(width: 8, height: 2)
    let dataSource: UniversalDataSource<Int>

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: String.self, cellType: MarkedCell.self) { cell, _, name in cell.text = name }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(["a", "b", "c", "d"])
        try dataSource.apply(snapshot)
    }

    @Test("renderAll marks a selected row off screen as the viewport would, and a highlighted one")
    func renderAllShowsSelection() {
        list.allowsMultipleSelection = true
        list.select(ListIndexPath(item: 0, section: 0))
        list.scroll(toLine: 2)
        list.select(ListIndexPath(item: 3, section: 0))
        list.highlight(ListIndexPath(item: 2, section: 0))
        list.scroll(toLine: 0)
        // d (selected) and c (highlighted) are off screen now.
        assertRender(
            list,
            """
            > a
              b
            """)
        assertRenderAll(
            list,
            """
            > a
              b
            * c    ◀
            > d
            """)
        // The scratch views are put back unmarked: a later row off screen is not marked.
        list.unhighlight()
        list.deselect()
        assertRenderAll(
            list,
            """
              a
              b
              c
              d
            """)
    }

    @Test("deselect() ends every selection, in the order they were selected")
    func deselectAll() {
        list.allowsMultipleSelection = true
        list.select(ListIndexPath(item: 2, section: 0))
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(
            list.indexPathsForSelectedItems == [ListIndexPath(item: 2, section: 0), ListIndexPath(item: 0, section: 0)])
        #expect(list.selectedIndexPath == ListIndexPath(item: 0, section: 0))
        let log = EventLog()
        dataSource.onEvent = { log.events.append($0) }
        list.deselect()
        #expect(
            log.events == [
                .didDeselect("c", at: ListIndexPath(item: 2, section: 0)),
                .didDeselect("a", at: ListIndexPath(item: 0, section: 0)),
            ])
        #expect(list.indexPathsForSelectedItems == [])
    }

    @Test("assertMatchesFreshList gives the brand-new list the same selections")
    func freshListHasTheSelections() {
        list.allowsMultipleSelection = true
        list.select(ListIndexPath(item: 0, section: 0))
        list.select(ListIndexPath(item: 1, section: 0))
        assertMatchesFreshList(list, dataSource)
        #expect(freshListDifference(list, dataSource) == nil)
    }
}
