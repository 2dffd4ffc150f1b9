@_spi(Testing) import CellKit
@testable import CellKitText
import DiffableStore
import Foundation
import Testing

// The invariant with sizes from the data source: after random applies, width and height changes,
// self-resizing static views and scrolls, the list renders what a brand-new list renders.

/// A paragraph that wraps at the width; its size is calculated.
struct SizedParagraph: Hashable {
    var id: Int
    var length: Int
}

/// A static block you own, whose number of lines you change (and then report).
@MainActor final class SizedBlock: TextCell {
    let id: Int
    var lines: Int

    init(id: Int, lines: Int) {
        self.id = id
        self.lines = lines
        super.init()
    }

    required init() {
        id = 0
        lines = 1
        super.init()
    }

    override func render(width: Int) -> [String] { (1...lines).map { "block \(id).\($0)" } }

    /// Another instance that renders the same: what a brand-new screen shows.
    func copy() -> SizedBlock { SizedBlock(id: id, lines: lines) }
}

@MainActor final class SizedCardCell: TextCell {}
@MainActor final class SizedParagraphCell: TextCell {
    var paragraph = SizedParagraph(id: 0, length: 0)
    override func render(width: Int) -> [String] {
        let text = "p\(paragraph.id):" + String(repeating: "~", count: paragraph.length)
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}
@MainActor final class SizedNumberCell: TextCell, ConfigurableView {
    func configure(with number: Int) { text = "#\(number)\nsecond\nthird" }  // cut to its fixed 2 lines
}
@MainActor final class SizedNoteCell: TextCell, ConfigurableView {
    func configure(with note: InvariantNote) { text = "note \(note.id)" }
}
@MainActor final class SizedHeader: TextCell, ConfigurableView {
    func configure(with section: Int) { text = "== S\(section) ==" }
}

/// A screen with every sizing: automatic (a context-reading card whose last row has one more line),
/// calculated (paragraphs wrapping at the width), fixed (numbers), none (notes), and static blocks.
@MainActor
struct SizingScreen {
    let list: TextListView
    let dataSource: UniversalDataSource<Int>

    init(width: Int, height: Int) throws {
        list = TextListView(width: width, height: height, estimatedRowHeight: 2)
        dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(itemType: InvariantCard.self, cellType: SizedCardCell.self, sizing: .automatic) {
            cell, context, card in
            let edge = cardEdge(context.position)
            cell.text =
                card.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "\(edge) c\(card.id) \($0)" }.joined(separator: "\n") + (context.position.isLast ? "\n\\__" : "")
        }
        dataSource.registerCell(
            itemType: SizedParagraph.self, cellType: SizedParagraphCell.self,
            sizing: .calculated { paragraph, width in
                let characters = "p\(paragraph.id):".count + paragraph.length
                return (Double(characters) / width).rounded(.up)
            }
        ) { cell, _, paragraph in
            cell.paragraph = paragraph
        }
        dataSource.registerCellType(SizedNumberCell.self, sizing: .fixed(2))
        dataSource.registerCellType(SizedNoteCell.self)
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: SizedHeader.self)
    }
}

/// The snapshot with every static block replaced by a copy: a view shows in one list at a time.
@MainActor
func copyingStaticViews(_ snapshot: Snapshot<Int, AnyHashable>) throws -> Snapshot<Int, AnyHashable> {
    var copy = Snapshot<Int, AnyHashable>()
    for section in snapshot.sectionIdentifiers {
        try copy.appendSections([section])
        let items = (snapshot.itemIdentifiers(inSection: section) ?? []).map { item -> AnyHashable in
            guard let block = (item.base as? StaticView)?.view as? SizedBlock else { return item }
            return AnyHashable(StaticView(block.copy()))
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

/// Replays a seeded random sequence on a sizing screen and checks after every step that it renders
/// what a brand-new screen of the same size renders. Returns the first failure, or `nil`.
@MainActor
func runSizingInvariant(seed: UInt64, steps: Int) async throws -> String? {
    let random = InvariantRandom(seed: seed)
    var width = 24
    var height = 9
    let screen = try SizingScreen(width: width, height: height)
    let list = screen.list
    let dataSource = screen.dataSource
    var blocks: [SizedBlock] = []

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
            let block = SizedBlock(id: newID(), lines: random.int(in: 1...3))
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
        func fail(_ message: String) -> String { "seed \(seed) step \(step): \(message)" }
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
            ($0.base as? StaticView)?.view as? SizedBlock
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
        case 0: list.scroll(toLine: random.int(in: 0...max(0, list.contentHeight)))
        case 1: list.scrollBy(lines: random.int(in: -6...6))
        case 2: list.scrollToEnd()
        case 3, 4:
            width = random.int(in: 8...32)
            height = random.int(in: 4...12)
            list.resize(width: width, height: height)
        default: break
        }

        let fresh = try SizingScreen(width: width, height: height)
        try applyNow(copyingStaticViews(dataSource.snapshot()), to: fresh.dataSource, animated: true)
        if let anchor = list.scrollAnchor {
            // Every row measured first: rows taller than the estimate would otherwise move an anchor
            // near the end (an offset past the anchor row's estimate, or a viewport that reaches the
            // estimated end of the content and stays pinned there).
            var last = -1
            while fresh.list.firstVisibleLine != last {
                last = fresh.list.firstVisibleLine
                fresh.list.pageDown()
            }
            fresh.list.scroll(to: anchor)
        }
        let shown = list.render()
        let expected = fresh.list.render()
        if shown != expected {
            return fail(
                "the list (\(width)×\(height)) shows\n\(shown)\nbut a brand-new list shows\n\(expected)\n(anchor \(String(describing: list.scrollAnchor)))"
            )
        }
        // A static block shows in this list's container, not in the brand-new list's.
        for block in shownBlocks {
            if let path = dataSource.indexPath(for: StaticView(block)), let cell = list.cellForItem(at: path),
                block.staticContainer !== cell
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
        arguments: [UInt64(21), 22, 23, 24])
    func invariant(seed: UInt64) async throws {
        let failure = try await runSizingInvariant(seed: seed, steps: RenderInvariantTests.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
