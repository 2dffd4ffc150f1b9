#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// Carousel sections (`SectionLayout.carousel`) on CollectionViewHost's compositional layout, laid out by
// the stand-in as UIKit lays out orthogonal sections, and their offsets kept by section identity.

/// Sections of three kinds, so that a test can move carousels around each other.
private enum Shelf: Hashable, CustomStringConvertible {
    case feed
    case carousel(String)
    var description: String {
        switch self {
        case .feed: "feed"
        case .carousel(let name): name
        }
    }
}

/// A collection harness 30 points wide and `height` tall, its data source of shelves laying `.carousel`
/// sections out as carousels of items 12 points wide (2 apart), each item 2 points tall.
@MainActor
private func carouselHarness(
    height: Int = 10, layout: SectionLayout = .carousel(itemWidth: .absolute(12), spacing: 2)
) -> (CollectionHarness, UniversalDataSource<Shelf>) {
    let harness = collectionHarness(height: height) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
    let dataSource = harness.makeDataSource(Shelf.self)
    dataSource.sectionLayouts = { shelf in
        if case .carousel = shelf { return layout }
        return .list
    }
    harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
    return (harness, dataSource)
}

private func shelves(_ sections: [(Shelf, [AnyHashable])]) throws -> Snapshot<Shelf, AnyHashable> {
    var snapshot = Snapshot<Shelf, AnyHashable>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// `count` items named `<prefix><n>`.
private func cards(_ prefix: String, _ count: Int) -> [AnyHashable] {
    (0..<count).map { Plain(name: "\(prefix)\($0)") }
}

/// The items shown, in index path order, as `"<name> <x on screen>,<top>"`; a carousel's items at its
/// own offset.
@MainActor
private func shown(_ harness: CollectionHarness) -> [String] {
    let view = harness.collectionView
    harness.collectionHost.deliverPendingEvents()
    return view.indexPathsForVisibleItems.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.compactMap { path in
        guard let frame = view.layoutAttributesForItem(at: path)?.frame,
            let cell = view.cellForItem(at: path) as? Labelled
        else { return nil }
        return "\(cell.text) \(Int(frame.minX - view._horizontalOffset(ofSection: path[0]))),\(Int(frame.minY))"
    }
}

/// Each section's sideways offset on screen, by section index.
@MainActor
private func offsets(_ harness: CollectionHarness) -> [Int] {
    let sections = harness.collectionView._knownCounts?.count ?? 0
    return (0..<sections).map { Int(harness.collectionView._horizontalOffset(ofSection: $0)) }
}

/// The sideways offset of each section with an item in view (a section out of view shows none).
@MainActor
private func offsetsInView(_ harness: CollectionHarness) -> [Int: Int] {
    let sections = Set(harness.collectionView.indexPathsForVisibleItems.map { $0[0] })
    return Dictionary(
        uniqueKeysWithValues: sections.map { ($0, Int(harness.collectionView._horizontalOffset(ofSection: $0))) })
}

@MainActor
@Suite("Carousel sections on CollectionViewHost")
struct CarouselTests {
    @Test("a carousel lays its items side by side on one band and shows those in its width")
    func band() throws {
        let (harness, dataSource) = carouselHarness()
        try dataSource.apply(
            shelves([(.carousel("a"), cards("a", 5)), (.feed, cards("f", 2))]))
        // 12 wide, 2 apart: a0 at 0, a1 at 14, a2 at 28 (2 points of it in the 30-point width).
        #expect(shown(harness) == ["a0 0,0", "a1 14,0", "a2 28,0", "f0 0,2", "f1 0,4"])
        #expect(harness.contentHeight == 6)
        #expect(harness.problems == [])
    }

    @Test("a fractional item width is a fraction of the section's width, so the next item peeks in")
    func fractionalWidth() throws {
        let (harness, dataSource) = carouselHarness(
            layout: .carousel(itemWidth: .fractional(0.8), spacing: 1, scrolling: .groupPaging))
        try dataSource.apply(shelves([(.carousel("a"), cards("a", 3))]))
        let frame = try #require(harness.collectionView.layoutAttributesForItem(at: IndexPath(indexes: [0, 1]))?.frame)
        #expect(frame.minX == 25 && frame.width == 24)
        #expect(shown(harness) == ["a0 0,0", "a1 25,0"])
    }

    @Test("scrolling a carousel sideways shows, displays and prefetches its items, and only them")
    func scrollSideways() throws {
        let (harness, dataSource) = carouselHarness()
        harness.collectionView._prefetchDistance = 2
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .willDisplay(let item, _): events.value.append("show \(item)")
            case .didEndDisplaying(let item, _): events.value.append("end \(item)")
            case .prefetch(let items, _): events.value.append("prefetch \(items.map(\.description))")
            case .cancelPrefetching(let items, _): events.value.append("cancel \(items.map(\.description))")
            default: break
            }
        }
        try dataSource.apply(
            shelves([(.carousel("a"), cards("a", 8)), (.feed, cards("f", 2)), (.carousel("b"), cards("b", 4))]))
        harness.collectionHost.deliverPendingEvents()
        events.value = []
        harness.collectionView._scrollSection(0, toX: 30)
        #expect(
            shown(harness) == ["a2 -2,0", "a3 12,0", "a4 26,0", "f0 0,2", "f1 0,4", "b0 0,6", "b1 14,6", "b2 28,6"])
        #expect(events.value == ["end a0", "end a1", "show a3", "show a4", "prefetch [\"a5\", \"a6\"]"])
        // The other carousel keeps its own offset.
        #expect(offsets(harness) == [30, 0, 0])
        #expect(harness.collectionView.delegate != nil)
        #expect(harness.problems == [])
    }

    @Test("a carousel keeps its offset by identity through applies that insert and move sections")
    func offsetsFollowIdentity() throws {
        let (harness, dataSource) = carouselHarness(height: 20)
        let a = cards("a", 8)
        let b = cards("b", 8)
        try dataSource.apply(shelves([(.carousel("a"), a), (.carousel("b"), b)]))
        harness.collectionView._scrollSection(0, toX: 28)
        #expect(dataSource.carouselOffset(of: .carousel("a")) == 28)
        #expect(dataSource.carouselOffset(of: .carousel("b")) == 0)
        // Swapped: UIKit keeps offsets by index, so "b" would show "a"'s offset at index 0.
        try dataSource.apply(shelves([(.carousel("b"), b), (.carousel("a"), a)]))
        #expect(offsets(harness) == [0, 28])
        #expect(shown(harness).prefix(3) == ["b0 0,0", "b1 14,0", "b2 28,0"])
        // A section inserted before both.
        try dataSource.apply(shelves([(.feed, cards("f", 1)), (.carousel("b"), b), (.carousel("a"), a)]))
        #expect(offsets(harness) == [0, 0, 28])
        #expect(dataSource.carouselOffset(of: .carousel("a")) == 28)
        #expect(shown(harness).suffix(3) == ["a2 0,4", "a3 14,4", "a4 28,4"])
        #expect(harness.problems == [])
    }

    @Test("a carousel scrolled out of view and reused keeps its offset; others show their own")
    func offsetsThroughReuse() throws {
        let (harness, dataSource) = carouselHarness(height: 4)
        let sections: [(Shelf, [AnyHashable])] = [
            (.carousel("a"), cards("a", 6)), (.feed, cards("f", 6)), (.carousel("b"), cards("b", 6)),
        ]
        try dataSource.apply(shelves(sections))
        harness.collectionView._scrollSection(0, toX: 14)
        harness.scroll(toLine: 12)
        #expect(shown(harness).contains("b0 0,14"))
        harness.scroll(toLine: 0)
        #expect(shown(harness).prefix(2) == ["a1 0,0", "a2 14,0"])
        // An apply that moves "b" first, while "a" is out of view: "a" shows its own offset when it comes back.
        try dataSource.apply(shelves([sections[2], sections[1], sections[0]]))
        #expect(shown(harness).prefix(1) == ["b0 0,0"])
        harness.scroll(toLine: 12)
        #expect(shown(harness).suffix(3) == ["a1 0,14", "a2 14,14", "a3 28,14"])
        #expect(harness.problems == [])
    }

    @Test("deleting a carousel drops its offset; the app can set and reset one")
    func resetOnDeleteAndRequest() throws {
        let (harness, dataSource) = carouselHarness(height: 20)
        let a = cards("a", 8)
        try dataSource.apply(shelves([(.carousel("a"), a), (.feed, cards("f", 1))]))
        harness.collectionView._scrollSection(0, toX: 28)
        try dataSource.apply(shelves([(.feed, cards("f", 1))]))
        #expect(dataSource.carouselOffset(of: .carousel("a")) == 0)
        try dataSource.apply(shelves([(.carousel("a"), a), (.feed, cards("f", 1))]))
        #expect(offsets(harness) == [0, 0])
        // Set by the app: the carousel on screen scrolls there at once, clamped to its content (8 * 14 - 2).
        dataSource.setCarouselOffset(42, of: .carousel("a"))
        #expect(offsets(harness) == [42, 0])
        #expect(shown(harness).first == "a3 0,0")
        dataSource.setCarouselOffset(500, of: .carousel("a"))
        #expect(offsets(harness) == [80, 0])
        #expect(dataSource.carouselOffset(of: .carousel("a")) == 80)
        dataSource.setCarouselOffset(0, of: .carousel("a"))
        #expect(offsets(harness) == [0, 0])
        // Set before the section is shown: it shows there once added.
        dataSource.setCarouselOffset(14, of: .carousel("c"))
        try dataSource.apply(
            shelves([(.carousel("a"), a), (.feed, cards("f", 1)), (.carousel("c"), cards("c", 4))]))
        #expect(offsets(harness) == [0, 0, 14])
        #expect(harness.problems == [])
    }

    @Test("after random applies, vertical and sideways scrolls, the list shows what a new list of the same state shows")
    func seededInvariant() throws {
        let layouts: [SectionLayout] = [
            .list, .grid(columns: 2), .carousel(itemWidth: .absolute(12), spacing: 2),
            .carousel(itemWidth: .fractional(0.5), scrolling: .paging),
            SectionLayout.carousel(itemWidth: .absolute(9), spacing: 1, scrolling: .groupPaging).pinned(),
        ]
        for seed in UInt64(1)...12 {
            var random = SplitMix64(seed: seed)
            func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
            let chosen = Ref<[Shelf: SectionLayout]>([:])
            func make() throws -> (CollectionHarness, UniversalDataSource<Shelf>) {
                let harness = collectionHarness(height: 8) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
                let dataSource = harness.makeDataSource(Shelf.self)
                dataSource.sectionLayouts = { chosen.value[$0] ?? .list }
                harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
                try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
                return (harness, dataSource)
            }
            let (harness, dataSource) = try make()
            let names = ["a", "b", "c", "d"]
            var next = 0
            // 12 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
            for step in 0..<SeededRuns.length(12, minimum: 3) {
                var sections: [(Shelf, [AnyHashable])] = []
                for name in names.shuffled(using: &random) where pick(4) > 0 {
                    let shelf = Shelf.carousel(name)
                    if chosen.value[shelf] == nil || pick(3) == 0 { chosen.value[shelf] = layouts[pick(layouts.count)] }
                    // Items kept, some new ones: the same section keeps most of its content.
                    let kept = (dataSource.snapshot().itemIdentifiers(inSection: shelf) ?? []).filter { _ in pick(5) > 0
                    }
                    sections.append(
                        (
                            shelf,
                            kept
                                + (0..<pick(5)).map { _ in
                                    next += 1; return Plain(name: "\(name)\(next)")
                                }
                        ))
                }
                try dataSource.apply(shelves(sections))
                for _ in 0..<pick(3) {
                    let counts = harness.collectionView._knownCounts ?? []
                    let carousels = counts.indices.filter { chosen.value[sections[$0].0]?.carouselScrolling != nil }
                    guard let section = carousels.randomElement(using: &random) else { break }
                    harness.collectionView._scrollSection(section, toX: CGFloat(pick(60)))
                }
                harness.scroll(toLine: pick(max(1, harness.contentHeight)))
                let (fresh, freshSource) = try make()
                for (shelf, _) in sections {
                    freshSource.setCarouselOffset(dataSource.carouselOffset(of: shelf), of: shelf)
                }
                try freshSource.apply(dataSource.snapshot())
                fresh.scroll(toLine: harness.topLine)
                let context = "seed \(seed) step \(step)"
                #expect(laidOut(harness) == laidOut(fresh), "\(context)")
                #expect(shown(harness) == shown(fresh), "\(context)")
                #expect(offsetsInView(harness) == offsetsInView(fresh), "\(context)")
                #expect(harness.problems == [], "\(context)")
            }
        }
    }
}

@Suite("SectionLayout carousels")
struct CarouselLayoutValueTests {
    @Test("a carousel is neither a grid nor rows, and says its scrolling and item width")
    func carouselValues() {
        let carousel = SectionLayout.carousel(itemWidth: .fractional(0.5), spacing: 4, scrolling: .paging)
        #expect(!carousel.isGrid && carousel.columnCount(forWidth: 100) == 1)
        #expect(carousel.carouselScrolling == .paging && SectionLayout.list.carouselScrolling == nil)
        #expect(carousel.carouselItemWidth(inSectionWidth: 30) == 15)
        #expect(SectionLayout.carousel(itemWidth: .absolute(7)).carouselItemWidth(inSectionWidth: 30) == 7)
        #expect(carousel.pinned().pinsHeader && carousel.pinned().carouselScrolling == .paging)
    }
}
#endif
