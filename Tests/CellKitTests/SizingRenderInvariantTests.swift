@_spi(Testing) import CellKit
@testable import CellKitText
import DiffableStore
import Foundation
import HostHarness
import Testing

// The invariant with sizes from the data source: after random applies, width and height changes,
// self-resizing static views and scrolls, the list renders what a brand-new list renders.

/// A paragraph that wraps at the width; its size is calculated.
struct SizedParagraph: Hashable {
    var id: Int
    var length: Int
}

/// Numbers cut to their fixed 2 lines, by a `ConfigurableView`.
enum SizedNumberLabel: LabelStyle {
    static func text(_ number: Int) -> String { "#\(number)\nsecond\nthird" }
}

/// Notes without a sizing, by a `ConfigurableView`.
enum SizedNoteLabel: LabelStyle {
    static func text(_ note: InvariantNote) -> String { "note \(note.id)" }
}

/// A screen on a host of a kind with every sizing: automatic (a context-reading card whose last row has one
/// more line), calculated (paragraphs wrapping at the width), fixed (numbers), none (notes), and static
/// blocks.
@MainActor
struct SizingScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<Int>

    init(_ kind: HostKind, width: Int, height: Int) throws {
        harness = kind.make(width: width, height: height, estimatedRowHeight: 2)
        dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: InvariantCard.self, sizing: .automatic) { context, card in
            let edge = cardEdge(context.position)
            return card.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "\(edge) c\(card.id) \($0)" }.joined(separator: "\n") + (context.position.isLast ? "\n\\__" : "")
        }
        harness.registerLabel(
            dataSource, for: SizedParagraph.self,
            sizing: .calculated { paragraph, width in
                let characters = "p\(paragraph.id):".count + paragraph.length
                return (Double(characters) / width).rounded(.up)
            }, wrapsAtWidth: true
        ) { _, paragraph in
            "p\(paragraph.id):" + String(repeating: "~", count: paragraph.length)
        }
        harness.registerLabelType(dataSource, SizedNumberLabel.self, sizing: .fixed(2))
        harness.registerLabelType(dataSource, SizedNoteLabel.self)
        try harness.registerLabel(dataSource, kind: .header) { _, section in "== S\(section) ==" }
    }
}

/// The snapshot with every static block replaced by a copy made on `harness`: a view shows in one list
/// at a time.
@MainActor
func copyingStaticViews(_ snapshot: Snapshot<Int, AnyHashable>, on harness: any HostHarness) throws
    -> Snapshot<Int, AnyHashable>
{
    var copy = Snapshot<Int, AnyHashable>()
    for section in snapshot.sectionIdentifiers {
        try copy.appendSections([section])
        let items = (snapshot.itemIdentifiers(inSection: section) ?? []).map { item -> AnyHashable in
            guard let block = (item.base as? StaticView)?.view as? any StaticLabelBlock else { return item }
            return AnyHashable(StaticView(harness.makeStaticBlock(id: block.id, lines: block.lines)))
        }
        try copy.appendItems(items, toSection: section)
    }
    return copy
}

/// A synchronous apply, from async code (where `apply` would pick the async overload).
@MainActor
func applyNow(_ snapshot: Snapshot<Int, AnyHashable>, to dataSource: UniversalDataSource<Int>, animated: Bool) throws {
    try dataSource.apply(snapshot, animatingDifferences: animated)
}

/// Replays a seeded random sequence on a sizing screen on a host of `kind` and checks after every step
/// that it shows what a brand-new screen of the same size shows. Returns the first failure, or `nil`.
@MainActor
func runSizingInvariant(kind: HostKind, seed: UInt64, steps: Int) async throws -> String? {
    let random = InvariantRandom(seed: seed)
    var width = 24
    var height = 9
    let screen = try SizingScreen(kind, width: width, height: height)
    let harness = screen.harness
    let dataSource = screen.dataSource
    var blocks: [any StaticLabelBlock] = []

    var nextID = 1
    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
    func cardText() -> String {
        let word = random.element(["red", "green", "blue", "gold"])!
        return random.bool() ? word : word + "\nmore " + word
    }
    func newItem() -> AnyHashable {
        switch random.int(in: 0..<5) {
        case 0: return AnyHashable(InvariantCard(id: newID(), text: cardText()))
        case 1: return AnyHashable(SizedParagraph(id: newID(), length: random.int(in: 0...40)))
        case 2: return AnyHashable(InvariantNote(id: newID()))
        case 3:
            let block = harness.makeStaticBlock(id: newID(), lines: random.int(in: 1...3))
            blocks.append(block)
            return AnyHashable(StaticView(block))
        default: return AnyHashable(newID())
        }
    }

    var snapshot = Snapshot<Int, AnyHashable>()
    for _ in 0..<3 {
        let section = newID()
        try snapshot.appendSections([section])
        try snapshot.appendItems((0..<random.int(in: 1...6)).map { _ in newItem() }, toSection: section)
    }
    try applyNow(snapshot, to: dataSource, animated: true)

    for step in 0..<steps {
        func fail(_ message: String) -> String { "\(kind) seed \(seed) step \(step): \(message)" }
        var next = dataSource.snapshot()
        for _ in 0..<random.int(in: 0...3) {
            try mutate(&next, random: random, newItem: newItem, newSection: newID, cardText: cardText)
        }
        let all = next.itemIdentifiers
        if !all.isEmpty && random.int(in: 0..<5) == 0 { try next.reloadItems([random.element(all)!]) }
        if !all.isEmpty && random.int(in: 0..<5) == 0 { try next.reconfigureItems([random.element(all)!]) }
        let animated = random.int(in: 0..<8) != 0
        if random.int(in: 0..<4) == 0 {
            try await dataSource.apply(next, animatingDifferences: animated)
        } else {
            try applyNow(next, to: dataSource, animated: animated)
        }

        // A static block that is shown changes its lines and says so; sometimes an item says so for nothing.
        let shownBlocks = dataSource.snapshot().itemIdentifiers.compactMap {
            ($0.base as? StaticView)?.view as? any StaticLabelBlock
        }
        if let block = random.element(shownBlocks), random.int(in: 0..<3) == 0 {
            block.lines = random.int(in: 1...4)
            dataSource.invalidateSize(of: StaticView(block))
        }
        if let item = random.element(dataSource.snapshot().itemIdentifiers), random.int(in: 0..<4) == 0 {
            dataSource.invalidateSize(of: item)
        }
        if random.bool() {
            dataSource.updateSizesIfNeeded()
        } else {
            await dataSource.scheduledSizeUpdate?.value
        }

        switch random.int(in: 0..<8) {
        case 0: harness.scroll(toLine: random.int(in: 0...max(0, harness.contentHeight)))
        case 1: harness.scroll(byLines: random.int(in: -6...6))
        case 2: harness.scrollToEnd()
        case 3, 4:
            width = random.int(in: 8...32)
            height = random.int(in: 4...12)
            harness.resize(width: width, height: height)
        default: break
        }

        let fresh = try SizingScreen(kind, width: width, height: height)
        try applyNow(copyingStaticViews(dataSource.snapshot(), on: fresh.harness), to: fresh.dataSource, animated: true)
        // Every row measured first: rows taller than the text host's estimate would otherwise move an
        // anchor near the end (an offset past the anchor row's estimate, or a viewport that reaches the
        // estimated end of the content and stays pinned there).
        scrollThrough(fresh.harness, height: height)
        fresh.harness.scroll(like: harness)
        let shown = harness.screen()
        let expected = fresh.harness.screen()
        if shown != expected {
            return fail("the list (\(width)×\(height)) shows\n\(shown)\nbut a brand-new list shows\n\(expected)")
        }
        if let problem = harness.problems.first { return fail(problem) }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        // A static block shows in this list's container, not in the brand-new list's.
        for block in shownBlocks {
            if let path = dataSource.indexPath(for: StaticView(block)), let cell = harness.cell(at: path),
                !block.isShown(in: cell)
            {
                return fail("block \(block.id) is not in the container showing it")
            }
        }
    }
    _ = blocks
    return nil
}

@MainActor
@Suite("A list with item sizes renders what a brand-new list renders")
struct SizingRenderInvariantTests {
    @Test(
        "after random applies, resizes, self-resizing static views and scrolls the screen equals a brand-new one's",
        arguments: HostKind.allCases, [UInt64(21), 22, 23, 24])
    func invariant(kind: HostKind, seed: UInt64) async throws {
        let failure = try await runSizingInvariant(kind: kind, seed: seed, steps: RenderInvariantTests.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
