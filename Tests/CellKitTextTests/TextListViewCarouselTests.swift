@_spi(ListHost) import CellKit
@testable import CellKitText
import DiffableStore
import SeededRandom
import Testing

/// Carousel sections (`SectionLayout.carousel`) on the text host: one strip of cards scrolled by the
/// section's own offset, kept by section identity; only the cards in the strip's window configured; and,
/// under random applies, carousel scrolls and layout changes, a screen equal to a brand-new list's.
@Suite("TextListView carousel sections")
@MainActor
struct TextListViewCarouselTests {
    /// A list of 22 columns (a window of 20) over a `UniversalDataSource` whose sections are given as
    /// item names; section 0 is a carousel laid out as `layout`, the others lists.
    static func make(
        _ sections: [[String]], layout: SectionLayout = .carousel(itemWidth: .fractional(0.4), spacing: 1),
        width: Int = 22, height: Int = 4
    ) throws -> (TextListView, UniversalDataSource<Int>, EventRecorder) {
        let list = TextListView(width: width, height: height)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(CardCell.self)
        dataSource.sectionLayouts = { $0 == 0 ? layout : .list }
        try dataSource.apply(snapshot(sections))
        let recorder = EventRecorder()
        list.delegate = recorder
        return (list, dataSource, recorder)
    }

    static func snapshot(_ sections: [[String]], ids: [Int]? = nil) throws -> Snapshot<Int, AnyHashable> {
        var snapshot = Snapshot<Int, AnyHashable>()
        for (index, items) in sections.enumerated() {
            let id = ids?[index] ?? index
            try snapshot.appendSections([id])
            try snapshot.appendItems(items.map(AnyHashable.init), toSection: id)
        }
        return snapshot
    }

    static let cards = (0..<6).map { "a\($0)" }

    @Test("a carousel is one strip of cards at its item width, with a sign where more lies to the side")
    func strip() throws {
        let (list, dataSource, _) = try Self.make([Self.cards, ["b0"]])
        // Window 20 columns; cards 8 wide (0.4 of 20), 1 apart: cards 0 and 1 whole, 2 columns of card 2.
        #expect(
            list.render() == """
                 a0       a1       a2›
                b0                    
                                      
                                      
                """)
        #expect(list.indexPathsForVisibleItems == [at(0, 0), at(0, 1), at(0, 2), at(1, 0)])
        // Only the cards in the window are configured.
        #expect(list.statistics.configured == 4)
        #expect(list.carouselOffset(inSection: 0) == 0)
        #expect(list.carouselOffset(inSection: 1) == nil)
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("scrolling a carousel shows the cards that come into its window, and only them")
    func scrolling() throws {
        let (list, dataSource, recorder) = try Self.make([Self.cards, ["b0"]])
        _ = list.render()
        recorder.events = []
        #expect(list.scrollCarousel(inSection: 0, by: 9))
        #expect(list.render().split(separator: "\n").first == "‹a1       a2       a3›")
        #expect(
            recorder.events.map(\.description) == ["didEndDisplaying a0 at 0.0", "willDisplay a3 at 0.3"])
        #expect(dataSource.carouselOffset(of: 0) == 9)
        // To the end, clamped: the content is 6 × 8 + 5 = 53 columns, the window 20.
        #expect(list.scrollCarousel(inSection: 0, toOffset: 1_000))
        #expect(list.carouselOffset(inSection: 0) == 33)
        #expect(list.render().split(separator: "\n").first == "‹   a4       a5       ")
        #expect(list.indexPathsForVisibleItems == [at(0, 3), at(0, 4), at(0, 5), at(1, 0)])
        #expect(!list.scrollCarousel(inSection: 1, by: 3), "section 1 is not a carousel")
        #expect(!list.scrollCarousel(inSection: 7, by: 3))
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("a carousel's strip is as tall as its tallest card in the window")
    func stripHeight() throws {
        let (list, dataSource, _) = try Self.make([["a0", "a1", "a2", "a3\ntall\ntaller"], ["b0"]])
        #expect(list.contentHeight == 2)
        list.scrollCarousel(inSection: 0, toOffset: 9)
        #expect(list.contentHeight == 4)
        #expect(
            list.render() == """
                ‹a1       a2       a3›
                                   ta 
                                   ta 
                b0                    
                """)
        list.scrollCarousel(inSection: 0, toOffset: 0)
        #expect(list.contentHeight == 2)
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("paging and group paging come to rest a page, or a card, at a time")
    func paging() throws {
        let (list, dataSource, _) = try Self.make(
            [Self.cards], layout: .carousel(itemWidth: .fractional(0.5), scrolling: .paging))
        // Cards 10 wide, pages of 20 columns; the content is 60 wide, so the last page starts at 40.
        list.scrollCarousel(inSection: 0, by: 1)
        #expect(list.carouselOffset(inSection: 0) == 20)
        list.scrollCarousel(inSection: 0, by: -3)
        #expect(list.carouselOffset(inSection: 0) == 0)
        list.scrollCarousel(inSection: 0, by: 35)
        #expect(list.carouselOffset(inSection: 0) == 40)
        list.scrollCarousel(inSection: 0, by: 5)
        #expect(list.carouselOffset(inSection: 0) == 40)
        // An offset set by code is not snapped.
        list.scrollCarousel(inSection: 0, toOffset: 7)
        #expect(list.carouselOffset(inSection: 0) == 7)

        let (group, groupSource, _) = try Self.make(
            [Self.cards], layout: .carousel(itemWidth: .absolute(7), spacing: 2, scrolling: .groupPaging))
        group.scrollCarousel(inSection: 0, by: 4)
        #expect(group.carouselOffset(inSection: 0) == 9)
        group.scrollCarousel(inSection: 0, by: 14)
        #expect(group.carouselOffset(inSection: 0) == 27, "a card's start: 9 + 14 = 23 rests at 27, not 18")
        group.scrollCarousel(inSection: 0, by: -1)
        #expect(group.carouselOffset(inSection: 0) == 18)
        #expect(group.render().split(separator: "\n").first == "‹a2       a3       a4›")
        group._checkInvariants()
        withExtendedLifetime((dataSource, groupSource)) {}
    }

    @Test("an offset belongs to its section: kept across section moves and reuse, dropped on delete")
    func offsetsFollowIdentity() throws {
        let list = TextListView(width: 22, height: 3)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(CardCell.self)
        dataSource.sectionLayouts = { $0 < 10 ? .carousel(itemWidth: .fractional(0.4), spacing: 1) : .list }
        let a = Self.cards
        let b = (0..<6).map { "b\($0)" }
        let rows = (0..<8).map { "r\($0)" }
        try dataSource.apply(Self.snapshot([a, b, rows], ids: [1, 2, 10]))
        list.scrollCarousel(inSection: 0, by: 9)
        #expect(list.carouselOffset(inSection: 1) == 0)
        // Section 2 moves above section 1: each keeps its own offset.
        try dataSource.apply(Self.snapshot([b, a, rows], ids: [2, 1, 10]))
        #expect(list.carouselOffset(inSection: 0) == 0)
        #expect(list.carouselOffset(inSection: 1) == 9)
        #expect(list.render().split(separator: "\n")[0...1] == [" b0       b1       b2›", "‹a1       a2       a3›"])
        // Scrolled away and back: the cards' views are reused; each strip shows its own offset.
        list.scrollToEnd()
        list.scroll(toLine: 0)
        #expect(list.render().split(separator: "\n")[0...1] == [" b0       b1       b2›", "‹a1       a2       a3›"])
        // Deleted, then back: it starts at its leading edge.
        try dataSource.apply(Self.snapshot([b, rows], ids: [2, 10]))
        try dataSource.apply(Self.snapshot([b, a, rows], ids: [2, 1, 10]))
        #expect(list.carouselOffset(inSection: 1) == 0)
        #expect(list.render().split(separator: "\n")[1] == " a0       a1       a2›")
        // The app sets an offset: the list shows it at once.
        dataSource.setCarouselOffset(18, of: 1)
        #expect(list.carouselOffset(inSection: 1) == 18)
        #expect(list.render().split(separator: "\n")[1] == "‹a2       a3       a4›")
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("focus moves left and right through a carousel, scrolling it; up and down leave it")
    func focus() throws {
        let (list, dataSource, _) = try Self.make([Self.cards, ["b0"]])
        #expect(list.focus(at(0, 0)))
        #expect(list.moveFocus(.left) == nil)
        #expect(list.moveFocus(.right) == at(0, 1))
        #expect(list.carouselOffset(inSection: 0) == 0)
        #expect(list.moveFocus(.right) == at(0, 2))
        // Card 2 (columns 18-25) shows whole once the strip scrolls by 6.
        #expect(list.carouselOffset(inSection: 0) == 6)
        #expect(list.render().split(separator: "\n").first == "‹   a1       a2     ◁›")
        #expect(list.moveFocus(.down) == at(1, 0))
        #expect(list.moveFocus(.left) == nil, "a list row has nothing to the side")
        #expect(list.moveFocus(.up) == at(0, 2), "up enters the carousel at a card in its window")
        #expect(list.moveFocus(.down) == at(1, 0))
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("prefetching follows a carousel's sideways scroll and passes over the cards it hides")
    func prefetch() throws {
        let (list, dataSource, recorder) = try Self.make([Self.cards, ["b0", "b1", "b2", "b3", "b4"]], height: 2)
        list.prefetchDistance = 2
        recorder.events = []
        list.scrollCarousel(inSection: 0, by: 9)
        #expect(
            recorder.events.map(\.description) == [
                "didEndDisplaying a0 at 0.0", "willDisplay a3 at 0.3", "prefetch a4 at 0.4, a5 at 0.5",
            ])
        recorder.events = []
        list.scrollCarousel(inSection: 0, by: -9)
        #expect(
            recorder.events.map(\.description) == [
                "didEndDisplaying a3 at 0.3", "willDisplay a0 at 0.0", "cancelPrefetching a4 at 0.4, a5 at 0.5",
            ])
        // Scrolling up toward the strip prefetches the cards in its window, not the ones it hides.
        list.scrollBy(lines: 2)
        list.scrollCarousel(inSection: 0, toOffset: 9)
        recorder.events = []
        list.scrollBy(lines: -1)
        #expect(
            recorder.events.contains { $0.description == "prefetch a3 at 0.3, a2 at 0.2" },
            "\(recorder.events.map(\.description))")
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("scrolling a 100,000-card carousel sideways touches O(v log n) blocks of the height tree")
    func carouselWork() throws {
        func blocks(count: Int) -> (blocks: Int, levels: Int, configured: Int) {
            let list = TextListView(width: 30, height: 10)
            let dataSource = GeneratedDataSource(count: count, host: list)
            dataSource.layout = .carousel(itemWidth: .fractional(0.3), spacing: 1)
            _ = list.render()
            list.scrollCarousel(inSection: 0, toOffset: count / 2 * 9)
            _ = list.render()
            list.rows.heights.work.blocks = 0
            list.statistics = .init()
            for _ in 0..<4 {
                list.scrollCarousel(inSection: 0, by: 28)
                _ = list.render()
            }
            let touched = (list.rows.heights.blocksTouched, list.rows.heights.levels, list.statistics.configured)
            list._checkInvariants()
            return touched
        }
        let big = blocks(count: 100_000)
        let small = blocks(count: 300)
        // Four windows of at most 4 cards: each card costs a few descents of levels + 1 blocks.
        #expect(big.blocks <= 4 * 4 * 12 * (big.levels + 1), "touched \(big.blocks) blocks")
        #expect(
            Double(big.blocks) / Double(big.levels + 1) <= 1.5 * Double(small.blocks) / Double(small.levels + 1) + 50,
            "\(big) vs \(small)")
        // Each scroll configures the cards that come into the window, and no others.
        #expect(big.configured <= 4 * 4 && big.configured == small.configured, "\(big) vs \(small)")
    }

    // MARK: The render invariant

    /// The layouts the random test picks from, by section identifier and a salt that changes between
    /// applies.
    static func layout(_ section: Int, salt: Int) -> SectionLayout {
        switch (section + salt) % 6 {
        case 0: .list
        case 1: .grid(columns: 2, spacing: 1)
        case 2: .carousel(itemWidth: .fractional(0.45), spacing: 1)
        case 3: .carousel(itemWidth: .absolute(7), spacing: 2, scrolling: .groupPaging).pinned()
        case 4: .carousel(itemWidth: .fractional(1), scrolling: .paging)
        default: .carousel(itemWidth: .fractional(0.3))
        }
    }

    /// A generated row's id.
    static func id(_ item: AnyHashable) -> Int { (item as? TextRow)?.id ?? -1 }

    static func converted(_ snapshot: Snapshot<Int, TextRow>) throws -> Snapshot<Int, AnyHashable> {
        var result = Snapshot<Int, AnyHashable>()
        for section in snapshot.sectionIdentifiers {
            try result.appendSections([section])
            try result.appendItems(
                (snapshot.itemIdentifiers(inSection: section) ?? []).map(AnyHashable.init), toSection: section)
        }
        return result
    }

    @Test(
        "random applies, carousel scrolls, layout and card changes and scrolls: the screen equals a brand-new list's",
        arguments: Array(0..<16))
    func randomCarousels(seed: Int) throws {
        var maker = SnapshotMaker(seed: UInt64(2_000 + seed))
        // At least the tallest card (3 lines), so that a brand-new list scrolled to an anchor near the end
        // does not find its estimated content shorter than the measured one.
        let estimate = 4
        let width = 14 + seed % 9
        let height = 6 + seed % 5
        let list = TextListView(width: width, height: height, estimatedRowHeight: estimate)
        var salt = seed
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(RowCard.self)
        dataSource.sectionLayouts = { Self.layout($0, salt: salt) }
        // Odd seeds draw cards (`TextSectionBackground`) around sections, some going without, by the salt.
        let carded = seed % 2 == 1
        func addCards(to dataSource: UniversalDataSource<Int>) throws {
            guard carded else { return }
            try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) {
                card, section in
                card.title = "S\(section)"
            }
            dataSource.sectionOmittedKinds = { ($0 + salt) % 3 == 0 ? [.background] : [] }
        }
        try addCards(to: dataSource)
        var rows = try maker.snapshot(sections: 2 + seed % 3, items: 0...(seed < 8 ? 8 : 30))
        try dataSource.apply(Self.converted(rows))
        let recorder = EventRecorder()
        list.delegate = recorder
        var displayed: Set<Int> = []
        var carousels = 0
        var scrolled = 0
        func check(_ context: String) throws {
            list._checkInvariants()
            let snapshot = try Self.converted(rows)
            let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: estimate)
            let freshSource = UniversalDataSource<Int>(host: fresh)
            freshSource.registerCellType(RowCard.self)
            freshSource.sectionLayouts = { Self.layout($0, salt: salt) }
            try addCards(to: freshSource)
            for section in snapshot.sectionIdentifiers {
                freshSource.setCarouselOffset(dataSource.carouselOffset(of: section), of: section)
            }
            try freshSource.apply(snapshot)
            if let anchor = list.scrollAnchor { #expect(fresh.scroll(to: anchor), "\(context)") }
            let shown = list.render()
            let expected = fresh.render()
            #expect(shown == expected, "\(context)\nthe list shows\n\(shown)\na brand-new list shows\n\(expected)")
            for section in 0..<list.numberOfSections {
                #expect(
                    list.carouselOffset(inSection: section) == fresh.carouselOffset(inSection: section), "\(context)")
                if list.carouselOffset(inSection: section) != nil { carousels += 1 }
            }
            // Items by id: an item whose content changes keeps its cell, and is named as it was shown.
            for event in recorder.events {
                switch event {
                case .willDisplay(let item, _):
                    #expect(displayed.insert(Self.id(item)).inserted, "\(context): \(item) shown twice")
                case .didEndDisplaying(let item, _):
                    #expect(displayed.remove(Self.id(item)) != nil, "\(context): \(item) hidden, not shown")
                default: break
                }
            }
            recorder.events = []
            let visible = Set(
                list.indexPathsForVisibleItems.compactMap { snapshot.itemIdentifier(at: $0).map(Self.id) })
            #expect(displayed == visible, "\(context)")
            // Only the cards in a strip's window show.
            #expect(list.indexPathsForVisibleItems.count == fresh.indexPathsForVisibleItems.count, "\(context)")
        }
        let first = try Self.converted(rows)
        displayed = Set(list.indexPathsForVisibleItems.compactMap { first.itemIdentifier(at: $0).map(Self.id) })
        recorder.events = []
        // 30 steps in full; fewer under `CELLKIT_INVARIANT_STEPS` (at least 8: a layout change or two).
        for step in 0..<SeededRuns.length(30, minimum: 8) {
            rows = try maker.change(
                rows, count: Int.random(in: 1...(seed < 8 ? 3 : 8), using: &maker.random), sections: step % 2 == 0)
            try dataSource.apply(Self.converted(rows))
            try check("seed \(seed) step \(step): apply")
            if step % 5 == 2 {
                // The layouts change: an apply reloads the sections (their identifiers stay, and so do their
                // carousel offsets).
                salt += 1
                var reloaded = try Self.converted(rows)
                try reloaded.reloadSections(reloaded.sectionIdentifiers)
                try dataSource.apply(reloaded)
                try check("seed \(seed) step \(step): layouts changed")
            }
            for _ in 0..<Int.random(in: 1...3, using: &maker.random) {
                let section = Int.random(in: 0..<max(1, list.numberOfSections), using: &maker.random)
                switch Int.random(in: 0..<4, using: &maker.random) {
                case 0:
                    if list.scrollCarousel(
                        inSection: section, by: Int.random(in: -12...12, using: &maker.random))
                    {
                        scrolled += 1
                    }
                case 1:
                    if list.scrollCarousel(inSection: section, toOffset: Int.random(in: 0...60, using: &maker.random)) {
                        scrolled += 1
                    }
                case 2:
                    if let id = rows.sectionIdentifiers.randomElement(using: &maker.random) {
                        dataSource.setCarouselOffset(Double(Int.random(in: 0...40, using: &maker.random)), of: id)
                    }
                default:
                    if let path = list.indexPathsForVisibleItems.randomElement(using: &maker.random) {
                        list.focus(path)
                        list.moveFocus([.left, .right, .up, .down].randomElement(using: &maker.random)!)
                        list.focus(nil)
                    }
                }
                try check("seed \(seed) step \(step): carousel \(section) scrolled")
            }
            switch Int.random(in: 0..<5, using: &maker.random) {
            case 0: list.scroll(toLine: Int.random(in: 0...max(0, list.contentHeight), using: &maker.random))
            case 1: list.scrollBy(lines: Int.random(in: -5...5, using: &maker.random))
            case 2: list.scrollToEnd()
            case 3: list.resize(width: Int.random(in: 10...26, using: &maker.random), height: list.height)
            default: break
            }
            try check("seed \(seed) step \(step): scrolled or resized to \(list.width)")
        }
        // A shortened run lays out and scrolls fewer (the full run, in the plain `swift test`, checks them).
        #expect(carousels > 20 || SeededRuns.isShortened(), "the seed laid out \(carousels) carousels")
        #expect(scrolled > 5 || SeededRuns.isShortened(), "the seed scrolled \(scrolled) carousels")
    }
}

/// A text cell showing its name.
private final class CardCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

/// A text cell showing a generated row's text.
private final class RowCard: TextCell, ConfigurableView {
    func configure(with row: TextRow) { text = row.text }
}
