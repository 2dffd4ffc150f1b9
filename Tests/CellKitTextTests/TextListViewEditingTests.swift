@_spi(Testing) import CellKit
import CellKitText
import DiffableStore
import Testing

// The text host's editing mode and disabled items: the states reach the cells (asked again in place, without
// a reload), `render()` marks the rows, and a disabled item cannot be selected or highlighted.

@Suite("Text list editing and disabled items")
@MainActor
struct TextListViewEditingTests {
    let list = TextListView(width: 16, height: 3)
    let dataSource: UniversalDataSource<Int>

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerContent(itemType: String.self) { name, state in
            TextContentConfiguration(
                text: name + (state.isEditing ? " edit" : "") + (state.isDisabled ? " off" : "")
                    + (state.isSelected ? " ✓" : ""))
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(["a", "b", "c", "d", "e"], toSection: 0)
        try dataSource.apply(snapshot)
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// A marked row's first line: its text, then the marker in the last of the 16 columns.
    func row(_ text: String, _ marker: String) -> String {
        text + String(repeating: " ", count: 15 - text.count) + marker
    }

    func lines() -> [String] {
        list.render().split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("editing mode reaches every cell in place, and each row ends with the editing marker")
    func editing() {
        #expect(lines() == ["a", "b", "c"])
        let updates = list.updateLog
        let asked = list.statistics.stateUpdates
        list.isEditing = true
        #expect(lines() == [row("a edit", "≡"), row("b edit", "≡"), row("c edit", "≡")])
        #expect(list.statistics.stateUpdates == asked + 3)
        #expect(list.updateLog == updates)
        // A row scrolled in gets the state when it shows.
        list.scroll(toLine: 2)
        #expect(lines() == [row("c edit", "≡"), row("d edit", "≡"), row("e edit", "≡")])
        list.isEditing = false
        #expect(lines() == ["c", "d", "e"])
        #expect(list.updateLog == updates)
    }

    @Test("a disabled item shows disabled wherever it moves, and is not selected or highlighted")
    func disabled() throws {
        list.disabledItems = ["b", "e"]
        #expect(lines() == ["a", row("b off", "⊘"), "c"])
        #expect(!list.select(path(1)))
        #expect(!list.highlight(path(1)))
        #expect(list.indexPathsForSelectedItems.isEmpty && list.highlightedIndexPath == nil)
        #expect(list.select(path(0)))
        // Moved to the top: still disabled, by identity.
        var snapshot = dataSource.snapshot()
        try snapshot.moveItem("b", beforeItem: "a")
        try dataSource.apply(snapshot)
        #expect(lines() == [row("b off", "⊘"), "a ✓", "c"])
        // Off screen when disabled, disabled when it shows.
        list.scrollToEnd()
        #expect(lines() == ["c", "d", row("e off", "⊘")])
        // Enabled again in place, and selectable; disabling a selected item leaves it selected.
        let asked = list.statistics.stateUpdates
        list.disabledItems = ["c"]
        #expect(lines() == [row("c off", "⊘"), "d", "e"])
        #expect(list.statistics.stateUpdates == asked + 2)
        #expect(list.select(path(4)))
        list.disabledItems = ["e"]
        #expect(lines() == ["c", "d", row("e off ✓", "⊘")])
    }
}
