@_spi(Testing) import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore
import Testing

/// The text host's VoiceOver cursor: moved by swipes and touches, reported by item to handlers and the
/// accessibility plugin, shown in the accessibility rendering, and tied to its item (or its neighbour)
/// through applies.
@Suite("TextListView VoiceOver cursor")
@MainActor
struct TextListViewAccessibilityFocusTests {
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let list = TextListView(width: 20, height: 3)
    let dataSource: UniversalDataSource<Int>
    let plugin = AccessibilityPlugin()
    let events = Box<[String]>([])

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: String.self, cellType: TextCell.self) { cell, _, name in cell.text = name }
        try dataSource.attach(plugin)
        dataSource.onEvent = { [events] event in
            switch event {
            case .didAccessibilityFocus, .didAccessibilityUnfocus, .didFocus, .didUnfocus:
                events.value.append("\(event)")
            default: break
            }
        }
        plugin.onAccessibilityFocusChange = { [events] item in
            events.value.append("plugin: \(item.map { "\($0)" } ?? "nil")")
        }
    }

    func show(_ sections: [[String]]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        for (index, names) in sections.enumerated() {
            try snapshot.appendSections([index])
            try snapshot.appendItems(names.map(AnyHashable.init), toSection: index)
        }
        try dataSource.apply(snapshot)
    }

    @Test("swipes move the cursor through every section in order, scrolling; it stops at the ends")
    func swipes() throws {
        try show([["a", "b"], [], ["c", "d"]])
        #expect(list.moveAccessibilityFocus(.previous) == at(2, 1))
        #expect(list.moveAccessibilityFocus(.next) == nil)
        #expect(list.moveAccessibilityFocus(.first) == at(0, 0))
        #expect(list.moveAccessibilityFocus(.previous) == nil)
        #expect(list.moveAccessibilityFocus(.next) == at(0, 1))
        #expect(list.moveAccessibilityFocus(.next) == at(2, 0))
        #expect(list.accessibilityFocusedIndexPath == at(2, 0))
        #expect(list.renderAccessibility() == "a\nb\n▸ c")
        // The viewport (3 lines) scrolls to the row.
        #expect(list.moveAccessibilityFocus(.last) == at(2, 1))
        #expect(list.renderAccessibility() == "b\nc\n▸ d")
        #expect(list.accessibilityFocus(at(1, 0)) == false)
        #expect(list.accessibilityFocusedIndexPath == at(2, 1))
        #expect(
            events.value == [
                "plugin: d", "didAccessibilityFocus d at 2.1", "plugin: nil", "didAccessibilityUnfocus d at 2.1",
                "plugin: a", "didAccessibilityFocus a at 0.0", "plugin: nil", "didAccessibilityUnfocus a at 0.0",
                "plugin: b", "didAccessibilityFocus b at 0.1", "plugin: nil", "didAccessibilityUnfocus b at 0.1",
                "plugin: c", "didAccessibilityFocus c at 2.0", "plugin: nil", "didAccessibilityUnfocus c at 2.0",
                "plugin: d", "didAccessibilityFocus d at 2.1",
            ])
    }

    @Test("the cursor is VoiceOver's own: it neither moves nor follows the keyboard focus")
    func apartFromTheFocus() throws {
        try show([["a", "b", "c"]])
        list.accessibilityFocus(at(0, 0))
        list.moveFocus(.down)
        list.moveFocus(.down)
        #expect(list.accessibilityFocusedIndexPath == at(0, 0))
        #expect(list.focusedIndexPath == at(0, 1))
        #expect(list.renderAccessibility() == "▸ a\nb\nc")
    }

    @Test("the cursor follows its item through moves, goes to its neighbour when it is deleted, and leaves on reload")
    func throughApplies() throws {
        try show([["a", "b", "c", "d"]])
        list.accessibilityFocus(at(0, 1))
        try show([["d", "c", "a", "b"]])
        #expect(list.accessibilityFocusedIndexPath == at(0, 3))
        events.value = []
        // b is deleted: the cursor goes to the item that followed it (none), else the one before it, a.
        try show([["d", "c", "a"]])
        #expect(list.accessibilityFocusedIndexPath == at(0, 2))
        #expect(
            events.value == [
                "plugin: nil", "didAccessibilityUnfocus b at 0.3", "plugin: a", "didAccessibilityFocus a at 0.2",
            ])
        // c is deleted while the cursor is on a: it stays on a.
        try show([["d", "a"]])
        #expect(list.accessibilityFocusedIndexPath == at(0, 1))
        events.value = []
        try dataSource.apply(dataSource.snapshot(), animatingDifferences: false)
        #expect(list.accessibilityFocusedIndexPath == nil)
        #expect(events.value == ["plugin: nil", "didAccessibilityUnfocus a at 0.1"])
    }
}
