@_spi(ListHost) import CellKit
@testable import CellKitText
import DiffableStore
import SeededRandom
import Testing

/// Grid sections (`SectionLayout.grid`) on the text host: items side by side, a grid row as tall as its
/// tallest item, adaptive column counts following the width, and, under random batches, layout changes,
/// scrolls and resizes, a screen equal to a brand-new list's.
@Suite("TextListView grid sections")
@MainActor
struct TextListViewGridTests {
    /// The layouts the random tests pick from, by section identifier and a salt that changes between
    /// applies.
    static func layout(_ section: Int, salt: Int) -> SectionLayout {
        switch (section + salt) % 6 {
        case 0: .list
        case 1: .grid(columns: 2)
        case 2: .grid(columns: 3, spacing: 1)
        case 3: .grid(minimumItemWidth: 6, spacing: 2)
        case 4: .list.pinned(header: true, footer: true)
        default: .grid(columns: 2, spacing: 3).pinned()
        }
    }

    @Test("a fixed grid shows its items side by side, each grid row as tall as its tallest item")
    func fixedGrid() throws {
        let list = TextListView(width: 20, height: 9)
        let dataSource = GeneratedDataSource(count: 5, host: list)
        dataSource.layout = .grid(columns: 3, spacing: 1)
        #expect(
            list.render() == """
                item 0 item 1 item 2
                         more   more
                                more
                                    
                item 3 item 4       
                         more       
                                    
                                    
                                    
                """)
        // Column width (20 - 2 gaps) / 3 = 6; one blank line (spacing 1, halved, rounded up) between
        // grid rows; rows 3 and 2 lines tall.
        #expect(list.contentHeight == 6)
        #expect(list.indexPathsForVisibleItems == (0..<5).map { at(0, $0) })
        list._checkInvariants()
    }

    @Test("an adaptive grid takes its column count from the width, and follows a width change")
    func adaptiveGrid() throws {
        let list = TextListView(width: 20, height: 4)
        let dataSource = GeneratedDataSource(count: 6, host: list)
        dataSource.layout = .grid(minimumItemWidth: 8)
        #expect(list.render().split(separator: "\n").first == "item 0    item 1    ")
        #expect(list.rows.grids == [TextGrid(.grid(minimumItemWidth: 8), width: 20)])
        #expect(list.rows.grids.first??.columns == 2)
        list.resize(width: 33, height: 4)
        #expect(list.rows.grids.first??.columns == 4)
        #expect(list.render().split(separator: "\n").first == "item 0  item 1  item 2  item 3   ")
        #expect(list.indexPathsForVisibleItems == (0..<6).map { at(0, $0) })
        list._checkInvariants()
        let fresh = TextListView(width: 33, height: 4)
        let freshSource = GeneratedDataSource(count: 6, host: fresh)
        freshSource.layout = .grid(minimumItemWidth: 8)
        #expect(list.render() == fresh.render())
    }

    @Test("selecting, focusing and scrolling to a grid item work on its cell")
    func gridItemsSelectAndScroll() throws {
        let list = TextListView(width: 20, height: 6, estimatedRowHeight: 3)
        let dataSource = GeneratedDataSource(count: 30, host: list)
        dataSource.layout = .grid(columns: 3)
        list.select(at(0, 4))
        #expect(list.selectedIndexPath == at(0, 4))
        list.scroll(to: at(0, 13))
        // Item 13 is in grid row 4 (items 12-14); the list scrolls to its first line.
        #expect(list.indexPathsForVisibleItems.prefix(3) == [at(0, 12), at(0, 13), at(0, 14)])
        #expect(list.cellForItem(at: at(0, 13)) != nil)
        #expect(list.cellForItem(at: at(0, 4)) == nil)
        list.scroll(toLine: 0)
        #expect(list.cellForItem(at: at(0, 4))?.isSelected == true)
        list._checkInvariants()
    }

    @Test("focus moves through grid items in reading order, and a card frames the whole grid")
    func focusAndCard() throws {
        let list = TextListView(width: 16, height: 5)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(GridNameCell.self)
        dataSource.sectionLayouts = { _ in .grid(columns: 3) }
        try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { _, _ in }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(["a", "b", "c", "d", "e"])
        try dataSource.apply(snapshot)
        #expect(
            list.render() == """
                ╭──────────────╮
                │ a   b   c    │
                │ d   e        │
                ╰──────────────╯
                                
                """)
        #expect(list.moveFocus(.down) == at(0, 0))
        #expect(list.moveFocus(.down) == at(0, 1))
        #expect(list.moveFocus(.down) == at(0, 2))
        #expect(list.moveFocus(.down) == at(0, 3))
        // The focus marker ends the first line of the focused item's column.
        #expect(list.render().split(separator: "\n")[2] == "│ d  ◁e        │")
        list._checkInvariants()
    }

    @Test("scrolling a 100,000-item grid touches O(v log n) blocks of the height tree")
    func gridWork() throws {
        func blocks(count: Int) -> (blocks: Int, levels: Int) {
            let list = TextListView(width: 30, height: 10)
            let dataSource = GeneratedDataSource(count: count, host: list)
            dataSource.layout = .grid(columns: 3, spacing: 1)
            _ = list.render()
            list.scroll(toLine: list.contentHeight / 2)
            _ = list.render()
            list.rows.heights.work.blocks = 0
            for _ in 0..<4 {
                list.pageDown()
                _ = list.render()
            }
            let touched = (list.rows.heights.blocksTouched, list.rows.heights.levels)
            list._checkInvariants()
            return touched
        }
        let big = blocks(count: 100_000)
        let small = blocks(count: 300)
        // Four pages of at most 10 slots of 3 items: each item costs a few descents of levels + 1 blocks.
        #expect(big.blocks <= 4 * 30 * 12 * (big.levels + 1), "touched \(big.blocks) blocks")
        #expect(
            Double(big.blocks) / Double(big.levels + 1) <= 1.5 * Double(small.blocks) / Double(small.levels + 1) + 50,
            "\(big) vs \(small)")
    }

    @Test(
        "random batches, layout changes, scrolls and resizes: the screen equals a brand-new list's",
        arguments: Array(0..<16))
    func randomGrids(seed: Int) throws {
        var maker = SnapshotMaker(seed: UInt64(1_000 + seed))
        let kinds: [SupplementaryKind] = [[], [.header], [.header, .footer]][seed % 3]
        // At least the tallest grid row (3 lines and a 2-line gap), so that a brand-new list scrolled to an
        // anchor near the end does not find its estimated content shorter than the measured one.
        let estimate = 5 + seed % 2
        let list = TextListView(width: 14 + seed % 7, height: 7 + seed % 5, estimatedRowHeight: estimate)
        let recorder = EventRecorder()
        list.delegate = recorder
        var salt = seed
        let dataSource = SnapshotDataSource(
            try maker.snapshot(sections: 1 + seed % 3, items: 0...(seed < 8 ? 8 : 40)), kinds: kinds, host: list)
        dataSource.layouts = { Self.layout($0, salt: salt) }
        var displayed: Set<AnyHashable> = []
        var selected: Int?
        var grids = 0
        func checkAll(_ context: String) throws {
            let freshSource = try check(
                list, dataSource, estimate: estimate, kinds: kinds, salt: salt, context: context)
            _ = freshSource
            grids += list.rows.grids.filter { $0 != nil }.count
            for event in recorder.events {
                switch event {
                case .willDisplay(let item, _):
                    #expect(displayed.insert(item).inserted, "\(context): \(item) shown twice")
                case .didEndDisplaying(let item, _):
                    #expect(displayed.remove(item) != nil, "\(context): \(item) hidden, not shown")
                default: break
                }
            }
            recorder.events = []
            let visible = Set(
                list.indexPathsForVisibleItems.compactMap {
                    dataSource.snapshot.itemIdentifier(at: $0).map { AnyHashable($0.id) }
                })
            #expect(displayed == visible, "\(context)")
            if let path = list.selectedIndexPath {
                #expect(dataSource.snapshot.itemIdentifier(at: path)?.id == selected, "\(context)")
            }
        }
        // 30 steps in full; fewer under `CELLKIT_INVARIANT_STEPS` (at least 8: a layout change or two).
        for step in 0..<SeededRuns.length(30, minimum: 8) {
            let next = try maker.change(
                dataSource.snapshot, count: Int.random(in: 1...(seed < 8 ? 3 : 10), using: &maker.random),
                sections: seed % 2 == 1 || step % 4 == 0)
            for stage in Changeset(from: dataSource.snapshot, to: next).stages {
                try list.performBatchUpdates(stage.batch) { dataSource.snapshot = stage.snapshot }
                try checkAll("seed \(seed) step \(step): \(stage.batch)")
            }
            if step % 7 == 3 {
                // The layouts change on an apply that changes nothing else.
                salt += 1
                try list.performBatchUpdates(BatchUpdate()) {}
                try checkAll("seed \(seed) step \(step): layouts changed")
            }
            switch Int.random(in: 0..<6, using: &maker.random) {
            case 0: list.scroll(toLine: Int.random(in: 0...max(0, list.contentHeight), using: &maker.random))
            case 1: list.scrollBy(lines: Int.random(in: -5...5, using: &maker.random))
            case 2: list.scrollToEnd()
            case 3: list.resize(width: Int.random(in: 10...26, using: &maker.random), height: list.height)
            default: break
            }
            try checkAll("seed \(seed) step \(step): scrolled or resized to \(list.width)")
            if let path = list.indexPathsForVisibleItems.randomElement(using: &maker.random),
                Bool.random(using: &maker.random)
            {
                list.select(path)
                selected = dataSource.snapshot.itemIdentifier(at: path)?.id
            }
            if let id = selected, !dataSource.snapshot.itemIdentifiers.contains(where: { $0.id == id }) {
                selected = nil
            }
            if list.selectedIndexPath == nil { selected = nil }
        }
        // A shortened run lays out fewer (the full run, in the plain `swift test`, checks it).
        #expect(grids > 20 || SeededRuns.isShortened(), "the seed laid out \(grids) grids")
    }

    /// Checks the list against a brand-new one at the same anchor, and every measured height against the
    /// snapshot: a list row's text lines, a grid row's tallest item plus its gap, `0` for the other items
    /// of a grid row.
    @discardableResult
    func check(
        _ list: TextListView, _ dataSource: SnapshotDataSource, estimate: Int, kinds: [SupplementaryKind], salt: Int,
        context: String
    ) throws -> SnapshotDataSource {
        list._checkInvariants()
        let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: estimate)
        let freshSource = SnapshotDataSource(dataSource.snapshot, kinds: kinds, host: fresh)
        freshSource.layouts = { Self.layout($0, salt: salt) }
        if let anchor = list.scrollAnchor { #expect(fresh.scroll(to: anchor), "\(context)") }
        let shown = list.render()
        let expected = fresh.render()
        #expect(shown == expected, "\(context)\nthe list shows\n\(shown)\na brand-new list shows\n\(expected)")
        let snapshot = dataSource.snapshot
        func lines(_ path: ListIndexPath) -> Int {
            snapshot.itemIdentifier(at: path).map {
                $0.text.split(separator: "\n", omittingEmptySubsequences: false).count
            } ?? -1
        }
        var sum = 0
        for (row, raw) in list.rows.heights.rawHeights.enumerated() {
            let location = list.rows.location(ofRow: row)
            if let position = list.rows.gridPosition(ofRow: row) {
                #expect(
                    list.rows.grids[position.section]
                        == TextGrid(
                            Self.layout(snapshot.sectionIdentifiers[position.section], salt: salt), width: list.width),
                    "\(context): section \(position.section)'s grid")
                if position.column > 0 {
                    #expect(raw == 0, "\(context): row \(row) (\(location)) is \(raw) lines")
                } else if raw >= 0 {
                    let slot = list.rows.slot(ofRow: row)
                    let tallest = slot.map { lines(list.rows.location(ofRow: $0).indexPath) }.max() ?? 0
                    let gap = position.slot > 0 ? position.grid.rowGap : 0
                    #expect(Int(raw) == gap + tallest, "\(context): grid row at \(row) (\(location)) is \(raw) lines")
                }
            } else if raw >= 0 {
                if case .item(let path) = location {
                    #expect(Int(raw) == lines(path), "\(context): row \(row) (\(location)) is \(raw) lines")
                } else {
                    #expect(raw == 1, "\(context): row \(row) (\(location)) is \(raw) lines")
                }
            }
            sum += raw >= 0 ? Int(raw) : estimate
        }
        #expect(list.contentHeight == sum, "\(context)")
        for path in list.indexPathsForVisibleItems {
            #expect(list.cellForItem(at: path)?.text == snapshot.itemIdentifier(at: path)?.text, "\(context): \(path)")
            #expect(list.cellForItem(at: path)?.indexPath == path)
        }
        return freshSource
    }
}

/// A text cell showing its name.
private final class GridNameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}
