@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitText
import DiffableStore
import Foundation
import HostHarness
import Testing

// The invariant with separators and cards: after random applies and scrolls, the list renders what a
// brand-new list given the same snapshot renders, and the separators' display events name exactly the
// items on screen. Some items wrap at the width they render at inside the card, sized by a calculation
// or measured: no wrapped line is lost.

/// A line of `+` that wraps at the width it renders at; measured (`.automatic`).
struct WrappedRule: Hashable {
    var id: Int
    var length: Int
}

/// A screen like ``HostInvariantScreen``, on a host of a kind, plus a separator per item and a card per
/// section.
@MainActor
struct DecoratedInvariantScreen {
    let screen: HostInvariantScreen
    var harness: any HostHarness { screen.harness }
    var dataSource: UniversalDataSource<Int> { screen.dataSource }

    init(_ kind: HostKind, height: Int = 11) throws {
        screen = try HostInvariantScreen(kind, width: 24, height: height)
        // No row is taller (top edge, two lines of card, two of separator, bottom edge): a brand-new text
        // list restored to the same anchor is never pinned to an end that estimates put too high.
        (screen.harness as? TextHarness)?.list.estimatedRowHeight = 6
        try screen.harness.registerTextSeparator(screen.dataSource, kind: .separator) { context, item, section in
            // Two lines for the first item of an even section, to vary heights; none after the last.
            let line = "- \(invariantKey(item)) in S\(section) -"
            return context.position.isLast
                ? "" : context.position.isFirst && section % 2 == 0 ? line + "\n" + line : line
        }
        try screen.harness.registerCard(screen.dataSource, kind: .background) { section, _ in
            (rounded: section % 2 == 0, title: "S\(section)")
        }
        // Wrapping at the width inside the card: a paragraph of `~` sized by a calculation from the width
        // it is given, a rule of `+` measured.
        screen.harness.registerLabel(
            screen.dataSource, for: SizedParagraph.self,
            sizing: .calculated { paragraph, width in
                (Double("p\(paragraph.id):".count + paragraph.length) / width).rounded(.up)
            }, wrapsAtWidth: true
        ) { _, paragraph in
            "p\(paragraph.id):" + String(repeating: "~", count: paragraph.length)
        }
        screen.harness.registerLabel(screen.dataSource, for: WrappedRule.self, sizing: .automatic, wrapsAtWidth: true) {
            _, rule in
            "r\(rule.id):" + String(repeating: "+", count: rule.length)
        }
    }
}

/// Replays a seeded random sequence of applies and scrolls on a decorated screen and checks the
/// invariant after every step, on a host of `kind`. Returns the first failure as "kind seed S step N: ...",
/// or `nil`.
@MainActor
func runDecoratedRenderInvariant(kind: HostKind, seed: UInt64, steps: Int) throws -> String? {
    let random = InvariantRandom(seed: seed)
    let screen = try DecoratedInvariantScreen(kind)
    let harness = screen.harness
    let dataSource = screen.dataSource

    var nextID = 1
    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
    func newItem() -> AnyHashable {
        switch random.int(in: 0..<5) {
        case 0: AnyHashable(InvariantCard(id: newID(), text: cardText()))
        case 1: AnyHashable(InvariantNote(id: newID()))
        case 2: AnyHashable(SizedParagraph(id: newID(), length: random.int(in: 0...50)))
        case 3: AnyHashable(WrappedRule(id: newID(), length: random.int(in: 0...50)))
        default: AnyHashable(newID())
        }
    }
    func cardText() -> String {
        let word = random.element(["red", "green", "blue"])!
        return random.bool() ? word : word + "\nmore"
    }

    // The items whose separator shows, by the display events; and what the events got wrong.
    var separators: Set<String> = []
    var problems: [String] = []
    dataSource.onEvent = { event in
        switch event {
        case .willDisplayItemSupplementaryView(.separator, let item, _):
            if !separators.insert(invariantKey(item)).inserted {
                problems.append("separator of \(invariantKey(item)) shown twice")
            }
        case .didEndDisplayingItemSupplementaryView(.separator, let item, _):
            if separators.remove(invariantKey(item)) == nil {
                problems.append("separator of \(invariantKey(item)) ended, not shown")
            }
        default:
            break
        }
    }

    var snapshot = Snapshot<Int, AnyHashable>()
    for _ in 0..<3 {
        let section = newID()
        try snapshot.appendSections([section])
        try snapshot.appendItems((0..<random.int(in: 0...4)).map { _ in newItem() }, toSection: section)
    }
    try dataSource.apply(snapshot)

    for step in 0..<steps {
        func fail(_ message: String) -> String { "\(kind) seed \(seed) step \(step): \(message)" }
        var next = dataSource.snapshot()
        for _ in 0..<random.int(in: 1...4) {
            try mutate(&next, random: random, newItem: newItem, newSection: newID, cardText: cardText)
        }
        let all = next.itemIdentifiers
        if !all.isEmpty && random.int(in: 0..<5) == 0 { try next.reconfigureItems([random.element(all)!]) }
        if !all.isEmpty && random.int(in: 0..<6) == 0 { try next.reloadItems([random.element(all)!]) }
        if next.numberOfSections > 0 && random.int(in: 0..<12) == 0 {
            try next.reloadSections([random.element(next.sectionIdentifiers)!])
        }
        try dataSource.apply(next, animatingDifferences: random.int(in: 0..<10) != 0)
        switch random.int(in: 0..<5) {
        case 0: harness.scroll(toLine: random.int(in: 0...max(0, harness.contentHeight)))
        case 1: harness.scroll(byLines: random.int(in: -8...8))
        case 2: harness.scrollToEnd()
        default: break
        }

        let fresh = try DecoratedInvariantScreen(kind)
        try fresh.dataSource.apply(dataSource.snapshot())
        fresh.harness.scroll(like: harness)
        if let text = harness as? TextHarness, let freshText = fresh.harness as? TextHarness {
            // Every row, off screen too (the text host renders rows off screen; the UIKit hosts show only
            // what UIKit laid out in the viewport).
            let everything = text.list.renderAll()
            if everything != freshText.list.renderAll() {
                return fail(
                    "every row of the list reads\n\(everything)\nbut a brand-new list's read\n\(freshText.list.renderAll())"
                )
            }
            // Every wrapped character shows: nothing is cut for being measured at another width.
            let items = dataSource.snapshot().itemIdentifiers
            let tildes = items.compactMap { ($0.base as? SizedParagraph)?.length }.reduce(0, +)
            let rules = items.compactMap { ($0.base as? WrappedRule)?.length }.reduce(0, +)
            if everything.count(where: { $0 == "~" }) != tildes || everything.count(where: { $0 == "+" }) != rules {
                return fail("wrapped lines are cut in\n\(everything)")
            }
        }
        if kind.takesItemSizes, step % 4 == 3 || step == steps - 1 {
            // On every host that takes the data source's sizes (a list layout sizes its cells itself, and
            // its cards do not add to a row's height: see `HostKind.takingItemSizes`): a brand-new list tall
            // enough for all of its content shows every wrapped character (a size made at the list's width
            // instead of the card's cuts lines).
            let tall = try DecoratedInvariantScreen(kind, height: 600)
            try tall.dataSource.apply(dataSource.snapshot())
            if tall.harness.contentHeight <= 600 {
                let items = dataSource.snapshot().itemIdentifiers
                let tildes = items.compactMap { ($0.base as? SizedParagraph)?.length }.reduce(0, +)
                let rules = items.compactMap { ($0.base as? WrappedRule)?.length }.reduce(0, +)
                let content = tall.harness.contentLines().joined(separator: "\n")
                if content.count(where: { $0 == "~" }) != tildes || content.count(where: { $0 == "+" }) != rules {
                    return fail("a brand-new list cuts wrapped lines:\n\(content)")
                }
            }
        }
        let shown = harness.screen()
        let expected = fresh.harness.screen()
        if shown != expected {
            return fail("the list shows\n\(shown)\nbut a brand-new list shows\n\(expected)")
        }
        if let problem = problems.first { return fail(problem) }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        if let problem = harness.problems.first { return fail(problem) }
        let visible = Set(harness.host.indexPathsForVisibleItems.map { invariantKey(dataSource.item(at: $0)!) })
        if separators != visible {
            return fail(
                "separator events say \(separators.sorted()) are displayed, the screen shows \(visible.sorted())")
        }
    }
    return nil
}

@MainActor
@Suite("A list with separators and cards renders what a brand-new list renders")
struct DecoratedRenderInvariantTests {
    @Test(
        "after random applies and scrolls the screen equals a brand-new one's, and separator events name their items",
        arguments: HostKind.allCases, [UInt64(21), 22, 23, 24])
    func invariant(kind: HostKind, seed: UInt64) throws {
        let failure = try runDecoratedRenderInvariant(kind: kind, seed: seed, steps: RenderInvariantTests.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
