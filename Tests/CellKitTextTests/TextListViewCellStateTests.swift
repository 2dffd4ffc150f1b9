@_spi(Testing) import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitText
import DiffableStore
import Testing

private struct Task: Hashable {
    var name: String
}

/// A cell that shows its item's state, as a checkmark and brackets would.
@MainActor
private func stateText(_ name: String, _ state: CellState) -> String {
    (state.isSelected ? "✓ " : "  ") + name + (state.isSwiped ? " <swiped>" : "")
        + (state.isFocused ? " [focus]" : "") + (state.isHighlighted ? " (down)" : "")
}

@Suite("TextListView cell state")
@MainActor
struct TextListViewCellStateTests {
    let list = TextListView(width: 22, height: 3)
    let dataSource: UniversalDataSource<Int>
    /// Every context the registration received, by item name.
    let contexts = ContextLog()

    final class ContextLog {
        var byName: [String: [CellContext]] = [:]
        func last(_ name: String) -> CellState? { byName[name]?.last?.state }
    }

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: Task.self, cellType: TextCell.self) { [contexts] cell, context, task in
            contexts.byName[task.name, default: []].append(context)
            cell.text = stateText(task.name, context.state)
        }
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Task.self) { _ in [SwipeAction("Delete") { _, done in done(true) }] })
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems((0..<6).map { Task(name: "t\($0)") }, toSection: 0)
        try dataSource.apply(snapshot)
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    @Test("a selection reaches the cell's context and is shown in place, without a reload")
    func selection() {
        let before = list.statistics
        let cell = list.cellForItem(at: path(1))
        list.select(path(1))
        assertRender(
            list,
            """
              t0                  
            ✓ t1                  
              t2                  
            """)
        #expect(list.cellForItem(at: path(1)) === cell)
        #expect(list.statistics.stateUpdates == before.stateUpdates + 1)
        #expect(list.statistics.reloads == before.reloads)
        #expect(list.updateLog.last == "insert section 0")
        #expect(contexts.last("t1") == CellState(isSelected: true))
        list.select(path(2))
        #expect(contexts.last("t1") == CellState())
        #expect(contexts.last("t2") == CellState(isSelected: true))
        #expect(list.statistics.stateUpdates == before.stateUpdates + 3)
    }

    @Test("highlight and focus show as markers at the end of the row's first line, and in the context")
    func highlightAndFocus() {
        list.highlight(path(0))
        list.focus(path(2))
        assertRender(
            list,
            """
              t0 (down)          ◀
              t1                  
              t2 [focus]         ◁
            """)
        #expect(contexts.last("t0") == CellState(isHighlighted: true))
        #expect(contexts.last("t2") == CellState(isFocused: true))
        list.showsStateMarkers = false
        assertRender(
            list,
            """
              t0 (down)
              t1
              t2 [focus]
            """)
        assertMatchesFreshList(list, dataSource)
        list.showsStateMarkers = true
        list.unhighlight()
        list.focus(nil)
        assertRender(
            list,
            """
              t0                  
              t1                  
              t2                  
            """)
        #expect(list.focusedIndexPath == nil)
        #expect(!list.focus(path(9)))
    }

    @Test("a swipe open shows isSwiped until it closes")
    func swipe() {
        #expect(list.swipe(path(1), edge: .trailing) == ["Delete"])
        #expect(contexts.last("t1") == CellState(isSwiped: true))
        list.closeSwipe()
        #expect(contexts.last("t1") == CellState())
    }

    @Test("an item whose state changes off screen shows its state when it comes into view")
    func offScreen() {
        list.select(path(5))
        list.focus(path(4))
        #expect(contexts.byName["t5"] == nil)
        list.scrollToEnd()
        #expect(contexts.last("t5") == CellState(isSelected: true))
        #expect(contexts.last("t4") == CellState(isFocused: true))
        assertRender(
            list,
            """
              t3                  
              t4 [focus]         ◁
            ✓ t5                  
            """)
        assertMatchesFreshList(list, dataSource)
    }

    @Test("the focus follows its item through a batch and goes to the item after it when the item is deleted")
    func focusFollowsItem() throws {
        list.focus(path(1))
        var snapshot = dataSource.snapshot()
        try snapshot.insertItems([Task(name: "new")], beforeItem: Task(name: "t0"))
        try dataSource.apply(snapshot)
        #expect(list.focusedIndexPath == path(2))
        assertMatchesFreshList(list, dataSource)
        try snapshot.deleteItems([Task(name: "t1")])
        try dataSource.apply(snapshot)
        // t2 took t1's place: it has the focus now (`TextListView.focus(_:)`).
        #expect(list.focusedIndexPath == path(2))
        #expect(dataSource.item(at: path(2)) == AnyHashable(Task(name: "t2")))
        assertMatchesFreshList(list, dataSource)
    }

    @Test("a registration that does not receive a context is not asked again")
    func configurableViewIsNotAskedAgain() throws {
        let other = TextListView(width: 10, height: 2)
        let source = UniversalDataSource<Int>(host: other)
        source.register(.cell(NameCell.self))
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(["a", "b"], toSection: 0)
        try source.apply(snapshot)
        let configured = other.cellForItem(at: path(0))?.configureCount
        other.select(path(0))
        other.highlight(path(1))
        #expect(other.cellForItem(at: path(0))?.configureCount == configured)
        #expect(other.statistics.stateUpdates == 0)
    }

    @Test("the context describes its state")
    func contextDescription() {
        let context = CellContext(
            indexPath: path(2), position: .last, state: CellState(isSelected: true, isHighlighted: true))
        #expect(context.description == "0.2 (last; selected, highlighted)")
        #expect(CellState().description == "normal")
        #expect(CellContext(indexPath: path(0), position: .only, level: 1, isExpanded: true).state.isExpanded)
    }
}

/// A cell that shows a string and does not read its context.
@MainActor
private final class NameCell: TextCell, ConfigurableView {
    func configure(with viewModel: String) { text = viewModel }
}
