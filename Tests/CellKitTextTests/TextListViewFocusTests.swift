import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation
import SeededRandom
import Testing

struct FocusRow: Hashable, Identifiable {
    var id: Int
    var title: String
    /// A locked row cannot take the focus.
    var locked = false
}

/// The text host's focus: which rows can take it, moving it by arrow and tab, the selection following
/// it, the row focused last remembered, and the focus tied to its item (or its neighbour) through applies;
/// in seeded random sequences, part of the state a brand-new list shows.
@Suite("TextListView focus")
@MainActor
struct TextListViewFocusTests {
    let list: TextListView
    let dataSource: UniversalDataSource<Int>
    let plugin: FocusPlugin
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let rows = Box<[FocusRow]>([])
    let events = Box<[String]>([])

    init(height: Int = 6, selectionFollowsFocus: Bool = false, remembers: Bool = false) throws {
        list = TextListView(width: 20, height: height)
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: FocusRow.self, cellType: TextCell.self) { cell, _, row in
            cell.text = "row \(row.title)"
        }
        plugin = FocusPlugin(selectionFollowsFocus: selectionFollowsFocus, remembersLastFocusedIndexPath: remembers)
            .focusable(FocusRow.self) { !$0.locked }
        try dataSource.attach(plugin)
        dataSource.onEvent = { [events] event in
            switch event {
            case .didFocus, .didUnfocus, .didSelect, .didDeselect: events.value.append("\(event)")
            default: break
            }
        }
    }

    static func snapshot(_ rows: [FocusRow]) throws -> Snapshot<Int, AnyHashable> {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(rows.map(AnyHashable.init), toSection: 0)
        return snapshot
    }

    func show(_ shown: [FocusRow]) throws {
        rows.value = shown
        try dataSource.apply(Self.snapshot(shown))
    }

    func show(_ titles: String, locked: Set<String> = []) throws {
        try show(
            titles.split(separator: " ").enumerated().map { index, title in
                FocusRow(id: index + 1, title: String(title), locked: locked.contains(String(title)))
            })
    }

    /// The focused row's title.
    var focusedTitle: String? {
        list.focusedIndexPath.flatMap { (dataSource.item(at: $0)?.base as? FocusRow)?.title }
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    @Test("arrows move the focus row by row, skipping rows that cannot take it, and stop at the ends")
    func arrows() throws {
        try show("a b c d", locked: ["a", "c"])
        #expect(list.moveFocus(.down) == path(1))
        #expect(list.render().split(separator: "\n")[1].hasSuffix(String(TextListView.focusMarker)))
        #expect(list.moveFocus(.down) == path(3))
        #expect(list.moveFocus(.down) == nil)
        #expect(focusedTitle == "d")
        #expect(list.moveFocus(.up) == path(1))
        #expect(list.moveFocus(.up) == nil)
        #expect(focusedTitle == "b")
        #expect(
            events.value == [
                "didFocus \(rows.value[1]) at 0.1", "didUnfocus \(rows.value[1]) at 0.1",
                "didFocus \(rows.value[3]) at 0.3", "didUnfocus \(rows.value[3]) at 0.3",
                "didFocus \(rows.value[1]) at 0.1",
            ])
    }

    @Test("tab and shift-tab move the focus and wrap around the ends")
    func tab() throws {
        try show("a b c", locked: ["b"])
        #expect(list.moveFocus(.next) == path(0))
        #expect(list.moveFocus(.next) == path(2))
        #expect(list.moveFocus(.next) == path(0))
        #expect(list.moveFocus(.previous) == path(2))
        #expect(list.moveFocus(.previous) == path(0))
        // Coming back with shift-tab starts at the last row that can take the focus.
        list.focus(nil)
        #expect(list.moveFocus(.previous) == path(2))
    }

    @Test("focusing a row that cannot take the focus, or is not there, changes nothing")
    func refused() throws {
        try show("a b c", locked: ["b"])
        #expect(list.focus(path(0)))
        events.value = []
        #expect(!list.focus(path(1)))
        #expect(!list.focus(path(7)))
        #expect(!list.focus(ListIndexPath(item: 0, section: 3)))
        #expect(list.focusedIndexPath == path(0))
        #expect(events.value.isEmpty)
        // Focusing the focused row again tells nothing.
        #expect(list.focus(path(0)))
        #expect(events.value.isEmpty)
        // Nothing can take the focus: the keys move nowhere.
        try show("x y", locked: ["x", "y"])
        #expect(list.focusedIndexPath == nil)
        #expect(list.moveFocus(.down) == nil)
        #expect(list.moveFocus(.next) == nil)
    }

    @Test("the focus follows its row through a move, and goes to the row that took its place when it is deleted")
    func followsItsItem() throws {
        try show("a b c d")
        list.focus(path(1))
        var shown = rows.value
        shown.swapAt(1, 3)  // a d c b
        try show(shown)
        #expect(focusedTitle == "b")
        #expect(list.focusedIndexPath == path(3))
        // Deleting it: the row after it (before the apply) is gone too, the one before it is left.
        events.value = []
        let b = shown[3]
        shown.remove(at: 3)
        try show(shown)
        #expect(focusedTitle == "c")
        #expect(events.value == ["didUnfocus \(b) at 0.3", "didFocus \(shown[2]) at 0.2"])
        // Deleting c with d before it and nothing after it: the focus goes to d.
        shown.remove(at: 2)
        try show(shown)
        #expect(focusedTitle == "d")
        // Deleting d and inserting x where it was: the focus goes to a row the user saw, a.
        shown[1] = FocusRow(id: 99, title: "x")
        try show(shown)
        #expect(focusedTitle == "a")
        // A row that can no longer take the focus gives it to its neighbour.
        shown = [FocusRow(id: 1, title: "a", locked: true), FocusRow(id: 99, title: "x")]
        try show(shown)
        #expect(focusedTitle == "x")
        // The last row deleted: the focus is lost.
        try show([shown[0]])
        #expect(list.focusedIndexPath == nil)
        #expect(events.value.last == "didUnfocus \(shown[1]) at 0.1")
    }

    @Test("the focus goes to the next row that can take it, not the next row, when its row is deleted")
    func neighbourSkipsLocked() throws {
        try show("a b c d", locked: ["c"])
        list.focus(path(1))
        var shown = rows.value
        shown.remove(at: 1)
        try show(shown)
        #expect(focusedTitle == "d")
    }

    @Test("with selectionFollowsFocus, a focus moved by a key selects its row; one moved by an apply does not")
    func selectionFollowsFocus() throws {
        let tests = try TextListViewFocusTests(selectionFollowsFocus: true)
        try tests.show("a b c")
        #expect(tests.list.selectionFollowsFocus)
        tests.list.moveFocus(.down)
        tests.list.moveFocus(.down)
        #expect(tests.list.indexPathsForSelectedItems == [path(1)])
        #expect(tests.events.value.contains("didDeselect \(tests.rows.value[0]) at 0.0"))
        var shown = tests.rows.value
        shown.remove(at: 1)
        try tests.show(shown)
        #expect(tests.focusedTitle == "c")
        #expect(tests.list.indexPathsForSelectedItems.isEmpty)
        // Without it, the focus selects nothing.
        try show("a b c")
        list.moveFocus(.down)
        #expect(list.indexPathsForSelectedItems.isEmpty)
        #expect(!list.selectionFollowsFocus)
    }

    @Test("with remembersLastFocusedIndexPath, focus coming back goes to the row focused last, wherever it moved")
    func remembers() throws {
        let tests = try TextListViewFocusTests(remembers: true)
        try tests.show("a b c d")
        tests.list.focus(path(2))
        tests.list.focus(nil)
        var shown = tests.rows.value
        shown.insert(shown.remove(at: 2), at: 0)  // c a b d
        try tests.show(shown)
        #expect(tests.list.lastFocusedIndexPath == path(0))
        #expect(tests.list.moveFocus(.down) == path(0))
        #expect(tests.focusedTitle == "c")
        // Deleted, it is forgotten: focus comes back to the first row.
        tests.list.focus(nil)
        shown.remove(at: 0)
        try tests.show(shown)
        #expect(tests.list.lastFocusedIndexPath == nil)
        #expect(tests.list.moveFocus(.down) == path(0))
        #expect(tests.focusedTitle == "a")
        // Without it, focus comes back to the first row.
        try show("a b c d")
        list.focus(path(2))
        list.focus(nil)
        #expect(list.moveFocus(.down) == path(0))
    }

    @Test("moving the focus scrolls its row into view, as little as it takes")
    func scrollsIntoView() throws {
        let tests = try TextListViewFocusTests(height: 3)
        try tests.show("a b c d e f")
        _ = tests.list.render()
        for _ in 0..<4 { tests.list.moveFocus(.down) }
        #expect(tests.list.focusedIndexPath == path(3))
        #expect(tests.list.firstVisibleLine == 1)
        tests.list.moveFocus(.next)
        tests.list.moveFocus(.next)
        #expect(tests.list.firstVisibleLine == 3)
        tests.list.moveFocus(.next)  // wraps to a
        #expect(tests.list.firstVisibleLine == 0)
        #expect(tests.list.render().hasPrefix("row a              ◁"))
    }

    @Test("the plugin and the handlers hear the focus events, naming the item")
    func pluginHearsEvents() throws {
        var heard: [String] = []
        plugin.onFocusChange = { item in heard.append(item.map { "\(($0.base as? FocusRow)?.title ?? "?")" } ?? "nil") }
        try show("a b")
        list.moveFocus(.down)
        list.moveFocus(.down)
        #expect(plugin.focusedItem == AnyHashable(rows.value[1]))
        list.focus(nil)
        #expect(plugin.focusedItem == nil)
        #expect(heard == ["a", "nil", "b", "nil"])
    }

    /// Steps per run: 300 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(300)

    @Test(
        "seeded random applies, scrolls and focus moves keep the focus on its item or its neighbour, as a brand-new list shows it",
        arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        let tests = try TextListViewFocusTests(selectionFollowsFocus: seed == 2, remembers: seed != 3)
        var random = SplitMix64(seed: seed)
        func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        var nextID = 1
        func newRow() -> FocusRow {
            defer { nextID += 1 }
            return FocusRow(id: nextID, title: "n\(nextID)", locked: int(0..<4) == 0)
        }
        try tests.show((0..<8).map { _ in newRow() })
        var moves = 0
        var neighbours = 0
        for step in 0..<Self.steps {
            let before = tests.rows.value
            let focusedBefore = tests.list.focusedIndexPath.map { before[$0.item] }
            switch int(0..<8) {
            case 0, 1:
                var edited = before
                for _ in 0..<int(1..<4) {
                    switch int(0..<5) {
                    case 0 where !edited.isEmpty: edited.remove(at: int(0..<edited.count))
                    case 1: edited.insert(newRow(), at: int(0..<(edited.count + 1)))
                    case 2 where edited.count > 1:
                        edited.insert(edited.remove(at: int(0..<edited.count)), at: int(0..<edited.count))
                    case 3 where !edited.isEmpty: edited[int(0..<edited.count)].locked.toggle()
                    case 4 where !edited.isEmpty: edited[int(0..<edited.count)].title += "'"
                    default: break
                    }
                }
                try tests.show(edited)
                guard let focused = focusedBefore else { break }
                let now = edited.firstIndex { $0.id == focused.id }
                if let now, !edited[now].locked {
                    // Still there and focusable: still focused.
                    #expect(tests.list.focusedIndexPath == path(now), "seed \(seed) step \(step)")
                } else {
                    // The neighbour: the first row after it (before the apply) still there and focusable,
                    // else the nearest one before it.
                    let index = before.firstIndex { $0.id == focused.id }!
                    let candidates = Array(before[(index + 1)...]) + before[..<index].reversed()
                    let expected = candidates.lazy.compactMap { old in edited.firstIndex { $0.id == old.id } }
                        .first { !edited[$0].locked }
                    #expect(tests.list.focusedIndexPath == expected.map(path), "seed \(seed) step \(step)")
                    if expected != nil { neighbours += 1 }
                }
            case 2:
                tests.list.scroll(toLine: int(0..<(max(1, tests.list.contentHeight - tests.list.height + 2))))
            case 3, 4, 5:
                let heading = [TextListView.FocusHeading.up, .down, .next, .previous][int(0..<4)]
                if tests.list.moveFocus(heading) != nil, let focused = tests.list.focusedIndexPath {
                    moves += 1
                    // The focused row shows whole, or from its top when taller than the viewport.
                    let visible = tests.list.indexPathsForVisibleItems
                    #expect(visible.contains(focused), "seed \(seed) step \(step)")
                }
            case 6:
                let target = int(0..<(before.count + 1))
                let accepted = tests.list.focus(path(target))
                #expect(accepted == (target < before.count && !before[target].locked), "seed \(seed) step \(step)")
                if !accepted {
                    #expect(tests.list.focusedIndexPath.map { before[$0.item] } == focusedBefore)
                }
            default:
                tests.list.focus(nil)
            }
            if let focused = tests.list.focusedIndexPath {
                #expect(!tests.rows.value[focused.item].locked, "seed \(seed) step \(step)")
                // The plugin heard the focus reach this row's item (named as it was then).
                #expect((tests.plugin.focusedItem?.base as? FocusRow)?.id == tests.rows.value[focused.item].id)
                if seed == 2 { #expect(tests.list.indexPathsForSelectedItems.count <= 1) }
            } else {
                #expect(tests.plugin.focusedItem == nil, "seed \(seed) step \(step)")
            }
            if let difference = freshListDifference(tests.list, tests.dataSource) {
                Issue.record("seed \(seed) step \(step): \(difference)")
                return
            }
        }
        #expect(moves > 50 || SeededRuns.isShortened())
        #expect(neighbours >= 3 || SeededRuns.isShortened())
    }
}
