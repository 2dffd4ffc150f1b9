#if !canImport(UIKit)
@_spi(Testing) import CellKit
import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// The invariant, on every host: after any sequence of applies, selections and scrolls, the host shows
// exactly what a brand-new host given the same snapshot, scrolled to the same place, shows.

@MainActor
@Suite("Render invariant on every host")
struct HostRenderInvariantTests {
    /// Steps per run: 300 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(300)

    /// The content version of each plain item, bumped when the item is reloaded.
    static func register(
        _ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>, version: Ref<[String: Int]>
    ) throws {
        harness.registerLabel(dataSource, for: Tile.self) { context, tile in
            "\(cardEdge(context.position)) \(tile.id) \(tile.title)"
        }
        harness.registerLabel(dataSource, for: Plain.self) { _, item in
            "\(item.name) v\(version.value[item.name, default: 0])"
        }
        try harness.registerLabel(dataSource, kind: .header) { _, section in "# \(section)" }
    }

    /// On the compositional layout, the second section is a carousel that scrolls sideways.
    static func layOut(_ kind: HostKind, _ dataSource: UniversalDataSource<Section>) {
        guard kind == .compositional else { return }
        dataSource.sectionLayouts = { $0 == .more ? .carousel(itemWidth: .absolute(12), spacing: 2) : .list }
    }

    @Test(
        "seeded random applies, reloads, selections and scrolls match a brand-new host",
        arguments: everyHostKind, [UInt64(1), 2, 3])
    func randomSequences(kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let harness = kind.make(height: 8)
        let dataSource = harness.makeDataSource()
        let version = Ref<[String: Int]>([:])
        try Self.register(harness, dataSource, version: version)
        Self.layOut(kind, dataSource)
        var sections: [Section: [AnyHashable]] = [.main: [], .more: []]
        var nextID = 0
        for step in 0..<Self.steps {
            switch random.next() % 10 {
            case 0...5:
                // Edit a section: delete, insert, move and retitle tiles.
                let section: Section = random.next() % 3 == 0 ? .more : .main
                var items = sections[section]!
                for _ in 0..<Int(random.next() % 3) where !items.isEmpty {
                    items.remove(at: Int(random.next() % UInt64(items.count)))
                }
                for _ in 0..<Int(random.next() % 3) {
                    nextID += 1
                    items.insert(Tile(id: nextID, title: "t"), at: Int(random.next() % UInt64(items.count + 1)))
                }
                if items.count > 1 && random.next() % 2 == 0 {
                    let moved = items.remove(at: Int(random.next() % UInt64(items.count)))
                    items.insert(moved, at: Int(random.next() % UInt64(items.count + 1)))
                }
                if !items.isEmpty, random.next() % 2 == 0 {
                    let index = Int(random.next() % UInt64(items.count))
                    if var tile = items[index].base as? Tile {
                        tile.title += "'"
                        items[index] = tile
                    }
                }
                if random.next() % 8 == 0 { items.append(Plain(name: "p\(step)")) }
                sections[section] = items
                var snapshot = Snapshot<Section, AnyHashable>()
                let order: [Section] = random.next() % 4 == 0 ? [.more, .main] : [.main, .more]
                for section in order where !(sections[section]!.isEmpty && random.next() % 2 == 0) {
                    try snapshot.appendSections([section])
                    try snapshot.appendItems(sections[section]!, toSection: section)
                }
                if let plain = snapshot.itemIdentifiers.first(where: { $0.base is Plain }), random.next() % 2 == 0 {
                    version.value[(plain.base as! Plain).name, default: 0] += 1
                    try snapshot.reloadItems([plain])
                }
                try dataSource.apply(snapshot, animatingDifferences: random.next() % 10 != 0)
            case 6, 7:
                if kind == .compositional, let collection = harness as? CollectionHarness, random.next() % 2 == 0,
                    let more = dataSource.snapshot().indexOfSection(.more)
                {
                    // A sideways scroll of the carousel.
                    collection.collectionView._scrollSection(more, toX: CGFloat(random.next() % 60))
                } else {
                    harness.scroll(toLine: Int(random.next() % 20))
                }
            default:
                let snapshot = dataSource.snapshot()
                guard snapshot.numberOfSections > 0 else { continue }
                let section = Int(random.next() % UInt64(snapshot.numberOfSections))
                let count = snapshot.numberOfItems(inSectionAt: section)
                guard count > 0 else { continue }
                harness.select(ListIndexPath(item: Int(random.next() % UInt64(count)), section: section))
            }
            let fresh = kind.make(height: 8)
            let freshDataSource = fresh.makeDataSource()
            try Self.register(fresh, freshDataSource, version: version)
            Self.layOut(kind, freshDataSource)
            freshDataSource.setCarouselOffset(dataSource.carouselOffset(of: .more), of: .more)
            try freshDataSource.apply(dataSource.snapshot())
            fresh.scroll(toLine: harness.topLine)
            let shown = harness.render()
            let expected = fresh.render()
            #expect(shown == expected, "seed \(seed), step \(step)")
            #expect(harness.problems == [], "seed \(seed), step \(step)")
            #expect(dataSource._checkInvariants() == [], "seed \(seed), step \(step)")
            if shown != expected || !harness.problems.isEmpty { return }
        }
    }
}
#endif
