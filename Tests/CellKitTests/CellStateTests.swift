import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

@MainActor
@Suite("Cell state on every host")
struct CellStateTests {
    private func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// The lines shown, without the text host's highlight and focus markers.
    private func lines(_ list: any HostHarness) -> [String] {
        list.render().map {
            String($0.filter { $0 != "◀" && $0 != "◁" }.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test(
        "a selection, a highlight and a swipe reach the cell's context, in place, without a reload",
        arguments: HostKind.allCases)
    func stateInPlace(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 5)
        let dataSource = list.makeDataSource(Section.self)
        let states = Ref<[String: CellState]>([:])
        list.registerLabel(dataSource, for: Plain.self) { context, plain in
            states.value[plain.name] = context.state
            return plain.name + (context.state.isSelected ? " ✓" : "") + (context.state.isHighlighted ? " ↓" : "")
                + (context.state.isSwiped ? " <" : "")
        }
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { _ in [SwipeAction("Delete") { _, done in done(false) }] })
        try dataSource.apply(makeSnapshot(["a", "b", "c"].map { Plain(name: $0) }))
        #expect(lines(list) == ["a", "b", "c"])
        let cell = list.cell(at: path(1))
        let updates = list.performedUpdates
        let made = list.viewsCreated

        list.select(path(1))
        list.highlight(path(2))
        #expect(lines(list) == ["a", "b ✓", "c ↓"])
        #expect(states.value["b"] == CellState(isSelected: true))
        #expect(list.cell(at: path(1)) === cell)
        list.unhighlight()
        list.swipeOpen(path(0), edge: .trailing)
        #expect(lines(list) == ["a <", "b ✓", "c"])
        #expect(states.value["c"] == CellState())
        list.select(path(2))
        #expect(lines(list) == ["a <", "b", "c ✓"])
        #expect(list.performedUpdates == updates)
        #expect(list.viewsCreated == made)
    }

    @Test(
        "a reused cell shows its new item's state; an item deselected off screen shows so when it comes back",
        arguments: HostKind.allCases)
    func offScreen(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 2)
        let dataSource = list.makeDataSource(Section.self)
        list.registerLabel(dataSource, for: Plain.self) { context, plain in
            plain.name + (context.state.isSelected ? " ✓" : "")
        }
        try dataSource.apply(makeSnapshot((0..<6).map { Plain(name: "p\($0)") }))
        list.select(path(0))
        #expect(lines(list) == ["p0 ✓", "p1"])
        list.scrollToEnd()
        #expect(lines(list) == ["p4", "p5"])
        list.deselectAll()
        list.scroll(toLine: 0)
        #expect(lines(list) == ["p0", "p1"])
    }
}
