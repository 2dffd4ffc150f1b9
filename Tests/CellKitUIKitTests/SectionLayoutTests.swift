#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// The layouts a data source picks per section (`sectionLayouts`), built by CollectionViewHost's compositional
// layout and laid out by the stand-in: grids side by side, pinned headers and footers.

/// Each item shown, as `"<name> <x>,<top> <width>"`, in the order the list view lays them out.
@MainActor
private func itemFrames(_ harness: CollectionHarness) -> [String] {
    let paths = harness.collectionView.indexPathsForVisibleItems.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    return paths.compactMap { path in
        guard let frame = harness.collectionView.layoutAttributesForItem(at: path)?.frame,
            let cell = harness.collectionView.cellForItem(at: path) as? Labelled
        else { return nil }
        func number(_ value: CGFloat) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", Double(value))
        }
        return "\(cell.text) \(number(frame.minX)),\(number(frame.minY)) \(number(frame.width))"
    }
}

@MainActor
@Suite("Section layouts on CollectionViewHost")
struct SectionLayoutTests {
    @Test("a grid of a fixed column count lays items out side by side, row by row, with the spacing between")
    func fixedGrid() throws {
        let harness = collectionHarness(height: 20) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource()
        dataSource.sectionLayouts = { $0 == .main ? .grid(columns: 2, spacing: 1) : .list }
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b", "c", "d", "e")), (.more, plains("f"))]))
        // Width 30: two columns of 14.5 points, 1 point apart; rows of 2 points, 1 point apart.
        #expect(
            itemFrames(harness) == [
                "a 0,1 14.5", "b 15.5,1 14.5", "c 0,4 14.5", "d 15.5,4 14.5", "e 0,7 14.5", "f 0,10 30",
            ])
        #expect(laidOut(harness).first == "# main 0+1")
        #expect(harness.contentHeight == 12)
        #expect(harness.problems == [])
    }

    @Test("an adaptive grid has as many columns as fit the minimum width, and follows a new width")
    func adaptiveGrid() throws {
        let harness = collectionHarness(height: 20) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource()
        dataSource.sectionLayouts = { _ in .grid(minimumItemWidth: 9, spacing: 1) }
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(1)) { _, plain in plain.name }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d")))
        // (30 + 1) / (9 + 1): three columns of 9.33 points.
        #expect(itemFrames(harness) == ["a 0,0 9.3", "b 10.3,0 9.3", "c 20.7,0 9.3", "d 0,2 9.3"])
        harness.resize(width: 19, height: 20)
        #expect(itemFrames(harness) == ["a 0,0 9", "b 10,0 9", "c 0,2 9", "d 10,2 9"])
        #expect(harness.problems == [])
    }

    @Test("a grid item is as tall as the data source says for its column's width; a row as its tallest item")
    func gridItemsSizeAtColumnWidth() throws {
        let harness = collectionHarness(height: 20) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource()
        dataSource.sectionLayouts = { _ in .grid(columns: 3) }
        let widths = Ref<[Double]>([])
        harness.registerLabel(
            dataSource, for: Plain.self,
            sizing: .calculated { plain, width in
                widths.value.append(width)
                return Double(plain.name.count)
            }
        ) { _, plain in plain.name }
        try dataSource.apply(makeSnapshot(plains("a", "bbb", "cc", "dd")))
        #expect(Set(widths.value) == [10])
        #expect(itemFrames(harness) == ["a 0,0 10", "bbb 10,0 10", "cc 20,0 10", "dd 0,3 10"])
        #expect(harness.contentHeight == 5)
    }

    @Test("a pinned header stays at the top while its section scrolls under it, then leaves with the section")
    func pinnedHeader() throws {
        let harness = collectionHarness(height: 6) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource()
        let pins = Ref(true)
        dataSource.sectionLayouts = { $0 == .main && pins.value ? SectionLayout.list.pinned() : .list }
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        let main = plains("a", "b", "c", "d", "e")
        try dataSource.apply(makeSnapshot([(.main, main), (.more, plains("f", "g", "h"))]))
        harness.scroll(toLine: 4)
        // The header's own frame is 0+1; pinned, it shows at the top of the viewport, over "b".
        #expect(laidOut(harness) == ["b 3+2", "# main 4+1", "c 5+2", "d 7+2", "e 9+2"])
        #expect(harness.supplementaryView(ofKind: .header, inSection: 0) != nil)
        // The section's items end at 11: the header goes up with them.
        harness.scroll(toLine: 10)
        #expect(laidOut(harness).prefix(2) == ["e 9+2", "# main 10+1"])
        harness.scroll(toLine: 11)
        #expect(laidOut(harness).prefix(2) == ["# more 11+1", "f 12+2"])
        #expect(harness.supplementaryView(ofKind: .header, inSection: 0) == nil)
        // Unpinned (a layout changed by an apply), the header scrolls away with its section's top.
        pins.value = false
        try dataSource.apply(makeSnapshot([(.main, main + plains("x")), (.more, plains("f", "g", "h"))]))
        harness.scroll(toLine: 4)
        #expect(laidOut(harness) == ["b 3+2", "c 5+2", "d 7+2", "e 9+2"])
        #expect(harness.supplementaryView(ofKind: .header, inSection: 0) == nil)
        #expect(harness.problems == [])
    }

    @Test("a pinned footer stays at the bottom while its section is in view")
    func pinnedFooter() throws {
        let harness = collectionHarness(height: 6) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource()
        dataSource.sectionLayouts = { _ in SectionLayout.grid(columns: 2).pinned(header: false, footer: true) }
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, section in "end \(section)" }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d", "e", "f", "g", "h")))
        #expect(laidOut(harness) == ["a 0+2", "b 0+2", "c 2+2", "d 2+2", "e 4+2", "f 4+2", "end main 5+1"])
        harness.scrollToEnd()
        #expect(laidOut(harness).last == "end main 8+1")
        #expect(harness.problems == [])
    }

    @Test("after random applies, layout changes and scrolls, the list lays out as a new list of the same state")
    func seededInvariant() throws {
        for seed in UInt64(1)...12 {
            var random = SplitMix64(seed: seed)
            func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
            let choices: [SectionLayout] = [
                .list, .grid(columns: 2), .grid(columns: 3, spacing: 1), .grid(minimumItemWidth: 7),
                SectionLayout.list.pinned(), SectionLayout.grid(columns: 2, spacing: 2).pinned(footer: true),
            ]
            let layouts = Ref<[Section: SectionLayout]>([:])
            func make() throws -> (CollectionHarness, UniversalDataSource<Section>) {
                let harness = collectionHarness(height: 8) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
                let dataSource = harness.makeDataSource()
                dataSource.sectionLayouts = { layouts.value[$0] ?? .list }
                harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
                try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
                try harness.registerLinesLabel(dataSource, kind: .footer) { _, section in "end \(section)" }
                return (harness, dataSource)
            }
            let (harness, dataSource) = try make()
            var next = 0
            // 10 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
            for _ in 0..<SeededRuns.length(10, minimum: 2) {
                layouts.value = [.main: choices[pick(choices.count)], .more: choices[pick(choices.count)]]
                let sections = [Section.main, .more].map { section -> (Section, [AnyHashable]) in
                    (
                        section,
                        (0..<pick(9)).map { _ in
                            next += 1; return Plain(name: "\(next)")
                        }
                    )
                }
                try dataSource.apply(makeSnapshot(sections))
                harness.scroll(toLine: pick(max(1, harness.contentHeight)))
                let (fresh, freshSource) = try make()
                try freshSource.apply(dataSource.snapshot())
                fresh.scroll(toLine: harness.topLine)
                #expect(laidOut(harness) == laidOut(fresh), "seed \(seed)")
                #expect(itemFrames(harness) == itemFrames(fresh), "seed \(seed)")
                #expect(harness.problems == [], "seed \(seed)")
            }
        }
    }
}

@Suite("SectionLayout")
struct SectionLayoutValueTests {
    @Test("the column count: 1 for a list, the grid's, or as many minimum widths as fit with their spacing")
    func columnCounts() {
        #expect(SectionLayout.list.columnCount(forWidth: 100) == 1)
        #expect(SectionLayout.grid(columns: 4).columnCount(forWidth: 1) == 4)
        #expect(SectionLayout.grid(minimumItemWidth: 10, spacing: 2).columnCount(forWidth: 34) == 3)
        #expect(SectionLayout.grid(minimumItemWidth: 10, spacing: 2).columnCount(forWidth: 33) == 2)
        #expect(SectionLayout.grid(minimumItemWidth: 10).columnCount(forWidth: 5) == 1)
        #expect(!SectionLayout.list.isGrid && SectionLayout.grid(columns: 1).isGrid)
        let pinned = SectionLayout.grid(columns: 2).pinned(footer: true)
        #expect(pinned.pinsHeader && pinned.pinsFooter && pinned != .grid(columns: 2))
    }
}
#endif
