import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore
import HostHarness
import Testing

// Section backgrounds (cards): a decoration configured from the section identifier, spanning exactly
// the section's items, following every edit. A test that reads a card's margins or its separators' lines runs
// on `HostKind.takingItemSizes`: a list layout sizes each cell itself, so they do not add to its row there.

/// A list on a host of a kind showing strings under a header, each section's items in a card (square
/// for section "b", rounded otherwise).
@MainActor
struct CardScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<String>
    /// The sections the card closure was configured with (to show).
    let configured = Ref<[String]>([])

    init(_ kind: HostKind) throws {
        harness = kind.make(width: 12, height: 20)
        dataSource = harness.makeDataSource()
        harness.registerLabelType(dataSource, NameLabel.self)
        try harness.registerLabel(dataSource, kind: .header) { _, section in section.uppercased() }
        try harness.registerCard(dataSource, kind: .background) { [configured] section, shows in
            if shows { configured.value.append(section) }
            return (rounded: section != "b", title: "")
        }
    }

    func show(_ sections: [(String, [String])]) throws {
        var snapshot = Snapshot<String, AnyHashable>()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items, toSection: section)
        }
        try dataSource.apply(snapshot)
    }
}

@MainActor
@Suite("Section backgrounds (cards)")
struct SectionBackgroundTests {
    @Test(
        "the card encloses exactly the section's items, under its header, configured from the section",
        arguments: HostKind.takingItemSizes)
    func enclosesItems(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        try screen.show([("a", ["x", "y"]), ("b", ["z"]), ("c", [])])
        #expect(
            screen.harness.contentLines() == [
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
        #expect(Set(screen.configured.value) == ["a", "b"], "a section without items has no card")
        #expect(screen.harness.problems == [])
    }

    @Test(
        "deleting the first item: the border still encloses exactly the remaining items",
        arguments: HostKind.takingItemSizes)
    func deleteFirst(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        try screen.show([("a", ["x", "y", "z"])])
        try screen.show([("a", ["y", "z"])])
        #expect(screen.harness.updates.suffix(2) == ["delete 0.0", "reconfigure 0.0"])
        #expect(
            screen.harness.contentLines() == [
                "A",
                "╭──────────╮",
                "│ y        │",
                "│ z        │",
                "╰──────────╯",
            ])
        #expect(screen.harness.problems == [])
    }

    @Test(
        "the card follows inserts at both ends, moves between sections and emptying a section",
        arguments: HostKind.takingItemSizes)
    func followsEdits(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        try screen.show([("a", ["x"]), ("b", ["y"])])
        try screen.show([("a", ["w", "x", "v"]), ("b", ["y"])])
        #expect(
            screen.harness.contentLines() == [
                "A", "╭──────────╮", "│ w        │", "│ x        │", "│ v        │", "╰──────────╯",
                "B", "┌──────────┐", "│ y        │", "└──────────┘",
            ])
        try screen.show([("a", ["w", "x"]), ("b", ["y", "v"])])
        try screen.show([("a", []), ("b", ["y", "v", "w", "x"])])
        #expect(
            screen.harness.contentLines() == [
                "A",
                "B", "┌──────────┐", "│ y        │", "│ v        │", "│ w        │", "│ x        │", "└──────────┘",
            ])
        #expect(screen.harness.problems == [])
    }

    @Test("separators sit inside the card, below each item", arguments: HostKind.takingItemSizes)
    func separatorsInside(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        try screen.harness.registerRuleSeparator(screen.dataSource, kind: .separator, rule: "-") {
            context, _, _, _ in
            !context.position.isLast
        }
        try screen.show([("a", ["x", "y"])])
        #expect(
            screen.harness.contentLines() == [
                "A", "╭──────────╮", "│ x        │", "│ -------- │", "│ y        │", "╰──────────╯",
            ])
        #expect(screen.harness.problems == [])
    }

    @Test(
        "swipe works on a card's first and last items: the card is drawn by the background, not the cells",
        arguments: HostKind.takingItemSizes)
    func swipeInCards(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        let harness = screen.harness
        try screen.dataSource.attach(
            SwipeActionsPlugin().trailing(String.self) { [dataSource = screen.dataSource] _ in
                [
                    SwipeAction("Delete", isDestructive: true) { item, done in
                        var snapshot = dataSource.snapshot()
                        try? snapshot.deleteItems([item])
                        try? dataSource.apply(snapshot)
                        done(true)
                    }
                ]
            })
        try screen.show([("a", ["x", "y", "z"])])
        #expect(harness.swipeOpen(ListIndexPath(item: 0, section: 0), edge: .trailing) == ["Delete"])
        #expect(harness.tapSwipeAction("Delete"))
        #expect(harness.swipeOpen(ListIndexPath(item: 1, section: 0), edge: .trailing) == ["Delete"])
        #expect(harness.tapSwipeAction("Delete"))
        #expect(harness.contentLines() == ["A", "╭──────────╮", "│ y        │", "╰──────────╯"])
        #expect(harness.problems == [])
    }

    @Test(
        "a card cut by the viewport shows only its visible lines, and its title fits the top edge",
        arguments: HostKind.takingItemSizes)
    func scrolled(kind: HostKind) throws {
        let harness = kind.make(width: 14, height: 3)
        let dataSource = harness.makeDataSource(String.self)
        harness.registerLabelType(dataSource, NameLabel.self)
        try harness.registerCard(dataSource, kind: .background) { section, _ in (rounded: true, title: section) }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["Friends"])
        try snapshot.appendItems(["Ada", "Grace", "Linus"])
        try dataSource.apply(snapshot)
        #expect(harness.screen() == ["╭─ Friends ──╮", "│ Ada        │", "│ Grace      │"])
        harness.scroll(byLines: 2)
        #expect(harness.screen() == ["│ Grace      │", "│ Linus      │", "╰────────────╯"])
        #expect(harness.contentHeight == 5)
        #expect(harness.problems == [])
    }
}
