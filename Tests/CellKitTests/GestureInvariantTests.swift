@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitPlugins
import DiffableStore
import Foundation
import HostHarness
import SeededRandom
import Testing

// The gestures the plugin tests drive, in seeded random sequences, on every host at once: applies that
// insert and delete above and below the viewport (with the first visible item kept in place or not),
// scrolls, interactive moves, drops of several rows, and swipes whose action deletes its row. After each
// step every host shows what the text host shows, at the same line, with the same snapshot, and what a
// brand-new list given that snapshot and scrolled there shows (the list layout runs its own sequences:
// `lanes`).

@MainActor
@Suite("Gestures on every host")
struct GestureInvariantTests {
    /// Steps per run: 150 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(150)

    /// A host of a kind with one-line rows, every third item pinned (it cannot move, and nothing drops at
    /// the top of the first section), and a "Delete" swipe action on every row.
    private static func makeList(_ kind: HostKind) throws -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        dataSource.reorderingHandlers.canReorderItem = { item in
            guard let plain = item.base as? Plain, let id = Int(plain.name.dropFirst()) else { return false }
            return id % 3 != 0
        }
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
            proposed == ListIndexPath(item: 0, section: 0) ? nil : proposed
        }
        try dataSource.attach(
            SwipeActionsPlugin().trailing(Plain.self) { [unowned dataSource] _ in
                [
                    SwipeAction("Delete", isDestructive: true) { item, done in
                        var snapshot = dataSource.snapshot()
                        try? snapshot.deleteItems([item])
                        try? dataSource.apply(snapshot)
                        done(true)
                    }
                ]
            })
        return (list, dataSource)
    }

    @Test(
        "seeded random applies, scrolls, moves, drops and swipes show the same on every host as on a brand-new list",
        arguments: [UInt64(1), 2, 3], [false, true])
    func randomSequences(seed: UInt64, anchored: Bool) throws {
        for kinds in Self.lanes { try runSequence(seed: seed, anchored: anchored, on: kinds) }
    }

    /// The hosts that run a sequence together, the first the one the others are compared with: the text
    /// host and the hosts of exact heights, at the same line; and the list layout alone, whose rows take a
    /// 44-point estimate until they show, so that a line offset names another place (another row, other
    /// rows in view to swipe or drag) there than on the others, by design (UIKit's list sections size their
    /// cells so). Each is compared with a brand-new list scrolled to its anchor.
    static let lanes: [[HostKind]] = [
        HostKind.allCases.filter(\.takesItemSizes), HostKind.allCases.filter { !$0.takesItemSizes },
    ].filter { !$0.isEmpty }

    private func runSequence(seed: UInt64, anchored: Bool, on kinds: [HostKind]) throws {
        var random = SplitMix64(seed: seed)
        let lists = try kinds.map { kind in
            let (list, dataSource) = try Self.makeList(kind)
            list.keepsFirstVisibleItemAnchored = anchored
            return (kind: kind, list: list, dataSource: dataSource)
        }
        var sections: [Section: [AnyHashable]] = [.main: [], .more: []]
        var nextID = 0
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        for step in 0..<Self.steps {
            let snapshot = lists[0].dataSource.snapshot()
            let results: [String]
            switch random.next() % 10 {
            case 0...3:
                // Edit a section: delete and insert rows anywhere, above the viewport too.
                let section: Section = draw(3) == 0 ? .more : .main
                var items = sections[section]!
                for _ in 0..<draw(3) where !items.isEmpty { items.remove(at: draw(items.count)) }
                for _ in 0..<draw(6) {
                    nextID += 1
                    items.insert(Plain(name: "i\(nextID)"), at: draw(items.count + 1))
                }
                sections[section] = items
                var new = Snapshot<Section, AnyHashable>()
                for section in [Section.main, .more] where !sections[section]!.isEmpty {
                    try new.appendSections([section])
                    try new.appendItems(sections[section]!, toSection: section)
                }
                for entry in lists { try entry.dataSource.apply(new) }
                results = []
            case 4, 5:
                let line = draw(30)
                for entry in lists { entry.list.scroll(toLine: line) }
                results = []
            case 6 where !anchored:
                // Pick a row up and drag it (the text host performs the drop as a batch, which would move
                // the viewport with an anchored item; UIKit moves the cell itself).
                let visible = lists[0].list.host.indexPathsForVisibleItems
                guard !visible.isEmpty, let target = Self.randomPath(in: snapshot, draw: draw) else { continue }
                let source = visible[draw(visible.count)]
                results = try lists.map { entry in
                    let began = entry.list.beginReorder(source)
                    let dragged = entry.list.reorderDrag(to: target)
                    return "\(began) \(dragged.map(\.description) ?? "-") \(try entry.list.endReorder())"
                }
            case 6, 7:
                // Drag up to three rows together and drop them somewhere, maybe past a section's end.
                let count = 1 + draw(3)
                var sources: [ListIndexPath] = []
                for _ in 0..<count {
                    if let path = Self.randomPath(in: snapshot, draw: draw), !sources.contains(path) {
                        sources.append(path)
                    }
                }
                guard !sources.isEmpty, snapshot.numberOfSections > 0 else { continue }
                let section = draw(snapshot.numberOfSections)
                let destination = ListIndexPath(
                    item: draw(snapshot.numberOfItems(inSectionAt: section) + 1), section: section)
                results = try lists.map { "\(try $0.list.drop(sources, at: destination))" }
            default:
                // Swipe a visible row and delete it with its action, or leave the swipe open.
                let visible = lists[0].list.host.indexPathsForVisibleItems
                guard !visible.isEmpty else { continue }
                let path = visible[draw(visible.count)]
                let deletes = draw(2) == 0
                results = lists.map { entry in
                    let offered = entry.list.swipeOpen(path, edge: .trailing)
                    let performed = deletes && entry.list.tapSwipeAction("Delete")
                    return "\(offered ?? []) \(performed) \(entry.list.swipedIndexPath.map(\.description) ?? "-")"
                }
            }
            // The app's model follows what the user did.
            for section in [Section.main, .more] {
                let current = lists[0].dataSource.snapshot()
                sections[section] = current.itemIdentifiers(inSection: section) ?? []
            }
            let reference = lists[0]  // the text host, or the list layout in its lane
            let expected = reference.list.render()
            for entry in lists {
                let context = "seed \(seed), anchored \(anchored), step \(step), \(entry.kind)"
                #expect(results.allSatisfy { $0 == results.first }, "\(context): \(results)")
                #expect(entry.dataSource.snapshot() == reference.dataSource.snapshot(), "\(context)")
                #expect(entry.list.topLine == reference.list.topLine, "\(context)")
                #expect(entry.list.render() == expected, "\(context)")
                let (fresh, freshDataSource) = try Self.makeList(entry.kind)
                try freshDataSource.apply(entry.dataSource.snapshot())
                fresh.scroll(like: entry.list)
                #expect(fresh.render() == entry.list.render(), "\(context): a brand-new list")
                #expect(entry.list.problems == [], "\(context)")
                #expect(entry.dataSource._checkInvariants() == [], "\(context)")
            }
            if !Set(lists.map { $0.list.render() }).allSatisfy({ $0 == expected }) { return }
        }
    }

    /// A random item of a snapshot, if it has any.
    private static func randomPath(in snapshot: Snapshot<Section, AnyHashable>, draw: (Int) -> Int) -> ListIndexPath? {
        let sections = (0..<snapshot.numberOfSections).filter { snapshot.numberOfItems(inSectionAt: $0) > 0 }
        guard !sections.isEmpty else { return nil }
        let section = sections[draw(sections.count)]
        return ListIndexPath(item: draw(snapshot.numberOfItems(inSectionAt: section)), section: section)
    }
}
