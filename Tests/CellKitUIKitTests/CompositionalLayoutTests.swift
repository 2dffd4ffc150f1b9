#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// CollectionViewHost with a compositional layout: the sections the host builds with the data source's
// sizes (`layoutSection(at:environment:itemHeight:)`), and a layout of the app's own, which sizes its items
// itself. The shared data-source tests run on the host's sections too (`HostKind.compositional`).

/// A collection harness `height` points tall whose collection view has the layout `layout` makes for its host.
@MainActor
func collectionHarness(height: Int = 10, layout: (CollectionViewHost) -> UICollectionViewLayout) -> CollectionHarness {
    let harness = CollectionHarness(width: 30, height: height)
    harness.collectionView.collectionViewLayout = layout(harness.collectionHost)
    return harness
}

/// The views shown, top to bottom, as `"<text> <top>+<height>"` (a view's lines joined with `/`).
@MainActor
func laidOut(_ harness: CollectionHarness) -> [String] {
    let frames = harness.collectionView._visibleFramesTopToBottom
    harness.collectionHost.deliverPendingEvents()
    return frames.map { view, top, height in
        let lines =
            (view as? any CompositionLabel)?.lines(width: 30)
            ?? ((view as? Labelled)?.text).map { $0.split(separator: "\n").map(String.init) }
            ?? [((view as? UICollectionViewCell)?.contentConfiguration as? UIListContentConfiguration)?.text ?? "?"]
        return "\(lines.joined(separator: "/")) \(Int(top))+\(Int(height))"
    }
}

/// A compositional layout of one section: full-width items, and a header when `header` says so, all
/// estimated at `estimate` points.
@MainActor
func estimatedLayout(_ estimate: CGFloat, header: Bool = true) -> UICollectionViewCompositionalLayout {
    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate))
    let section = NSCollectionLayoutSection(
        group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
    if header {
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        ]
    }
    return UICollectionViewCompositionalLayout(section: section)
}

@MainActor
@Suite("CollectionViewHost with a compositional layout")
struct CompositionalLayoutTests {
    @Test("the host's sections size items as the data source says, and lay headers and footers out as boundary items")
    func hostSections() throws {
        let harness = collectionHarness(height: 20) { $0.makeCompositionalLayout(itemHeight: .estimated(5)) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(3)) { _, plain in plain.name }
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, section in "end\nof \(section)" }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "t1\nt2\nt3")]))
        // The plain is as tall as its sizing says; the tile, without one, sizes itself from its estimate.
        #expect(laidOut(harness) == ["# main 0+1", "a 1+3", "t1/t2/t3 4+3", "end/of main 7+2"])
        #expect(harness.contentHeight == 9)
        #expect(harness.problems == [])
    }

    @Test("an absolute item height is the height of every item the data source gives no length for")
    func absoluteFallback() throws {
        let harness = collectionHarness { $0.makeCompositionalLayout(itemHeight: .absolute(2)) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "one"), Tile(id: 2, title: "a\nb\nc")]))
        #expect(laidOut(harness) == ["one 0+2", "a/b/c 2+2"])
        #expect(harness.problems == [])
    }

    @Test("an item shown with a separator is measured by the host, separator included; self-sizing would leave it out")
    func separatorsAddToEstimatedItems() throws {
        let harness = collectionHarness { $0.makeCompositionalLayout(itemHeight: .estimated(5)) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try harness.registerRuleSeparator(dataSource, kind: SupplementaryKind(rawValue: "rule"), rule: "-") {
            _, _, _, _ in true
        }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a\nb"), Tile(id: 2, title: "c")]))
        #expect(laidOut(harness) == ["a/b 0+3", "c 3+2"])
        #expect(
            harness.screen().prefix(5) == [
                "a", "b", String(repeating: "-", count: 30), "c", String(repeating: "-", count: 30),
            ])
        #expect(harness.problems == [])
    }

    @Test("a section of the host's mixes with sections of the app's own in one section provider")
    func mixedSections() throws {
        let harness = collectionHarness { host in
            UICollectionViewCompositionalLayout { section, environment in
                guard section == 1 else {
                    return host.layoutSection(at: section, environment: environment, itemHeight: .absolute(1))
                }
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(4))
                return NSCollectionLayoutSection(
                    group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
            }
        }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in plain.name }
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b")), (.more, plains("c"))]))
        #expect(laidOut(harness) == ["a 0+2", "b 2+2", "c 4+4"])
        #expect(harness.problems == [])
    }

    @Test("with a layout of the app's own, items and headers size themselves: the data source's sizes do not reach it")
    func ownLayoutSelfSizes() throws {
        let harness = collectionHarness { _ in estimatedLayout(4) }
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(3)) { _, plain in plain.name }
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in tile.title }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "t1\nt2")]))
        #expect(laidOut(harness) == ["# main 0+1", "a 1+1", "t1/t2 2+2"])
        #expect(harness.problems == [])
    }

    @Test("with a layout of the app's own, invalidateSize sizes a shown cell again; the items below it move down")
    func ownLayoutInvalidateSize() throws {
        let harness = collectionHarness(height: 6) { _ in estimatedLayout(1, header: false) }
        let dataSource = harness.makeDataSource()
        let texts = Ref<[String: String]>([:])
        harness.registerLabel(dataSource, for: Plain.self, sizing: nil, live: true) { _, plain in
            texts.value[plain.name] ?? plain.name
        }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d", "e", "f", "g", "h")))
        harness.scroll(toLine: 1)
        #expect(laidOut(harness) == ["b 1+1", "c 2+1", "d 3+1", "e 4+1", "f 5+1", "g 6+1"])
        texts.value["c"] = "c1\nc2\nc3"
        dataSource.invalidateSize(of: Plain(name: "c"))
        dataSource.updateSizesIfNeeded()
        #expect(laidOut(harness) == ["b 1+1", "c1/c2/c3 2+3", "d 5+1", "e 6+1"])
        #expect(harness.topLine == 1)
        #expect(harness.problems == [])
    }
}
#endif
