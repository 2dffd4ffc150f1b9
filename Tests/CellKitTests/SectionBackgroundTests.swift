@testable import CellKit
import CellKitText
import DiffableStore
import Testing

// Section backgrounds (cards): a decoration configured from the section identifier, spanning exactly
// the section's items, following every edit.

@MainActor final class CardHeader: TextCell, ConfigurableView {
    func configure(with section: String) { text = section.uppercased() }
}

@MainActor
@Suite("Section backgrounds (cards)")
struct SectionBackgroundTests {
    let list = TextListView(width: 12, height: 20)
    let dataSource: UniversalDataSource<String>
    /// The sections the background closure was configured with.
    let configured = Ref<[String]>([])

    init() throws {
        dataSource = UniversalDataSource<String>(host: list)
        dataSource.registerCellType(NameTextCell.self)
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: CardHeader.self)
        try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) {
            [configured] card, section in
            configured.value.append(section)
            card.style = section == "b" ? .square : .rounded
        }
    }

    private func show(_ sections: [(String, [String])]) throws {
        var snapshot = Snapshot<String, AnyHashable>()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items, toSection: section)
        }
        try dataSource.apply(snapshot)
    }

    @Test("the card encloses exactly the section's items, under its header, configured from the section")
    func enclosesItems() throws {
        try show([("a", ["x", "y"]), ("b", ["z"]), ("c", [])])
        #expect(
            renderedLines(list.renderAll()) == [
                "A",
                "╭──────────╮",
                "│ x        │",
                "│ y        │",
                "╰──────────╯",
                "B",
                "┌──────────┐",
                "│ z        │",
                "└──────────┘",
                "C",
            ])
        #expect(Set(configured.value) == ["a", "b"], "a section without items has no card")
    }

    @Test("deleting the first item: the border still encloses exactly the remaining items")
    func deleteFirst() throws {
        try show([("a", ["x", "y", "z"])])
        try show([("a", ["y", "z"])])
        #expect(list.updateLog.suffix(2) == ["delete 0.0", "reconfigure 0.0"])
        #expect(
            renderedLines(list.renderAll()) == [
                "A",
                "╭──────────╮",
                "│ y        │",
                "│ z        │",
                "╰──────────╯",
            ])
    }

    @Test("the card follows inserts at both ends, moves between sections and emptying a section")
    func followsEdits() throws {
        try show([("a", ["x"]), ("b", ["y"])])
        try show([("a", ["w", "x", "v"]), ("b", ["y"])])
        #expect(
            renderedLines(list.renderAll()) == [
                "A", "╭──────────╮", "│ w        │", "│ x        │", "│ v        │", "╰──────────╯",
                "B", "┌──────────┐", "│ y        │", "└──────────┘",
            ])
        try show([("a", ["w", "x"]), ("b", ["y", "v"])])
        try show([("a", []), ("b", ["y", "v", "w", "x"])])
        #expect(
            renderedLines(list.renderAll()) == [
                "A",
                "B", "┌──────────┐", "│ y        │", "│ v        │", "│ w        │", "│ x        │", "└──────────┘",
            ])
    }

    @Test("separators sit inside the card, below each item")
    func separatorsInside() throws {
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: DashSeparator.self) {
            view, context, _, _ in
            view.isShown = !context.position.isLast
        }
        try show([("a", ["x", "y"])])
        #expect(
            renderedLines(list.renderAll()) == [
                "A", "╭──────────╮", "│ x        │", "│ -------- │", "│ y        │", "╰──────────╯",
            ])
    }

    @Test("swipe works on a card's first and last items: the card is drawn by the background, not the cells")
    func swipeInCards() throws {
        try dataSource.attach(
            SwipeActionsPlugin().trailing(String.self) { [dataSource] _ in
                [
                    SwipeAction("Delete", isDestructive: true) { item, done in
                        var snapshot = dataSource.snapshot()
                        try? snapshot.deleteItems([item])
                        try? dataSource.apply(snapshot)
                        done(true)
                    }
                ]
            })
        try show([("a", ["x", "y", "z"])])
        #expect(list.swipe(ListIndexPath(item: 0, section: 0), edge: .trailing) == ["Delete"])
        #expect(list.performSwipeAction("Delete"))
        #expect(list.swipe(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        #expect(list.performSwipeAction("Delete"))
        #expect(renderedLines(list.renderAll()) == ["A", "╭──────────╮", "│ y        │", "╰──────────╯"])
    }

    @Test("a card cut by the viewport shows only its visible lines, and its title fits the top edge")
    func scrolled() throws {
        let list = TextListView(width: 14, height: 3)
        let dataSource = UniversalDataSource<String>(host: list)
        dataSource.registerCellType(NameTextCell.self)
        try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) {
            card, section in
            card.title = section
        }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["Friends"])
        try snapshot.appendItems(["Ada", "Grace", "Linus"])
        try dataSource.apply(snapshot)
        #expect(renderedLines(list.render()) == ["╭─ Friends ──╮", "│ Ada        │", "│ Grace      │"])
        list.scrollBy(lines: 2)
        #expect(renderedLines(list.render()) == ["│ Grace      │", "│ Linus      │", "╰────────────╯"])
        #expect(list.contentHeight == 5)
    }
}
