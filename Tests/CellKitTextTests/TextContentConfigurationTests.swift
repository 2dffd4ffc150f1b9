@_spi(Testing) import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import Testing

private struct Contact: Hashable {
    var name: String
    var email: String
}

private struct Folder: Hashable {
    var name: String
}

@Suite("Text content configurations")
@MainActor
struct TextContentConfigurationTests {
    let list = TextListView(width: 20, height: 4)
    let dataSource: UniversalDataSource<Int>
    /// How many times the content closure ran, by name.
    let asked = Counter()

    final class Counter {
        var byName: [String: Int] = [:]
    }

    init() {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerContent(itemType: Contact.self) { [asked] contact, state in
            asked.byName[contact.name, default: 0] += 1
            return TextContentConfiguration(
                text: contact.name, secondaryText: state.isHighlighted ? contact.email : nil, glyph: "☺",
                accessories: state.isSelected ? [.checkmark] : [.disclosureIndicator])
        } background: { _, state in
            TextBackgroundConfiguration(fill: state.isSelected ? "░" : " ")
        }
        dataSource.registerContent(itemType: Folder.self) { folder, _ in
            TextContentConfiguration(text: folder.name, glyph: "▸", accessories: [.label("3"), .detail])
        }
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    func apply(_ items: [AnyHashable]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(items, toSection: 0)
        try dataSource.apply(snapshot)
    }

    func contacts(_ count: Int) -> [AnyHashable] { (0..<count).map { Contact(name: "c\($0)", email: "c\($0)@x") } }

    @Test("a configuration draws its glyph, text, secondary text and accessories; a background fills the row")
    func lines() {
        let content = TextContentConfiguration(
            text: "Ada Lovelace\nCountess", secondaryText: "ada@example.com", glyph: "★",
            accessories: [.label("12"), .disclosureIndicator])
        #expect(
            content.lines(width: 20) == ["★ Ada Lovelace 12 ›", "  Countess         ", "  ada@example.com  "])
        #expect(
            content.lines(width: 20, background: TextBackgroundConfiguration(fill: "·")) == [
                "★ Ada Lovelace·12 ›", "  Countess·········", "  ada@example.com··",
            ])
        // Too wide: the text is cut, the accessories stay.
        #expect(
            TextContentConfiguration(text: "Ada Lovelace", accessories: [.checkmark]).lines(width: 10) == ["Ada Lo… ✓"])
        #expect(TextContentConfiguration().lines(width: 4) == ["   "])
    }

    @Test("the registration's configurations show on the list, each item's from its own type")
    func registration() throws {
        try apply([Contact(name: "Ada", email: "ada@x"), Folder(name: "Inbox"), Contact(name: "Alan", email: "al@x")])
        assertRender(
            list,
            """
            ☺ Ada             › 
            ▸ Inbox         3 ⓘ 
            ☺ Alan            › 
                                
            """)
    }

    @Test("a state change asks the registration again, in place, without a reload; the row resizes")
    func stateChange() throws {
        try apply(contacts(3))
        let cell = list.cellForItem(at: path(1))
        let before = list.statistics
        let log = list.updateLog
        list.select(path(1))
        list.highlight(path(2))
        assertRender(
            list,
            """
            ☺ c0              › 
            ☺ c1░░░░░░░░░░░░░░✓ 
            ☺ c2              ›◀
              c2@x              
            """)
        #expect(list.cellForItem(at: path(1)) === cell)
        #expect(list.updateLog == log)
        #expect(list.statistics.reloads == before.reloads)
        #expect(list.statistics.stateUpdates == before.stateUpdates + 2)
        #expect(asked.byName == ["c0": 1, "c1": 2, "c2": 2])
        list.unhighlight()
        list.deselect()
        assertRender(
            list,
            """
            ☺ c0              › 
            ☺ c1              › 
            ☺ c2              › 
                                
            """)
    }

    @Test("a reused cell gets configurations made for its new item; an item's state changed off screen shows")
    func reuseAndOffScreen() throws {
        try apply(contacts(8))
        list.select(path(0))
        list.scrollToEnd()
        // c0's cell is reused: the item it shows now has no checkmark and no fill.
        assertRender(
            list,
            """
            ☺ c4              › 
            ☺ c5              › 
            ☺ c6              › 
            ☺ c7              › 
            """)
        list.select(path(1))  // off screen: c0 is deselected, c1 selected
        list.scroll(toLine: 0)
        assertRender(
            list,
            """
            ☺ c0              › 
            ☺ c1░░░░░░░░░░░░░░✓ 
            ☺ c2              › 
            ☺ c3              › 
            """)
    }
}
