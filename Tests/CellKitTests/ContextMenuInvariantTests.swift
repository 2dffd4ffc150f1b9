@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitPlugins
import DiffableStore
import Foundation
import HostHarness
import SeededRandom
import Testing

// Context menus open during applies, on every host at once, in seeded random sequences: edits that insert,
// delete and move rows (the one under the menu too), scrolls, menus opened on a visible row and actions
// chosen from them (Read, a Move submenu's "To top", Delete). After each step every host's actions reached
// the same items with the same values, every host shows the same snapshot, and, while no menu covers the text
// host's rows, the same rows as the text host and as a brand-new list. (The text host's menu itself, drawn over
// its rows, is checked against a brand-new list in `TextListViewContextMenuTests`.)

@MainActor
@Suite("Context menus on every host")
struct ContextMenuInvariantTests {
    /// Steps per run: 100 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(100)

    /// A host of a kind with one-line rows whose menu reads, moves to the top, or deletes its row; what its
    /// actions received goes to `log`.
    private static func makeList(_ kind: HostKind, log: Ref<[String]>) throws -> (
        any HostHarness, UniversalDataSource<Section>
    ) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        try dataSource.attach(
            ContextMenuPlugin().menu(Plain.self) { [unowned dataSource] plain in
                ContextMenu(
                    plain.name,
                    children: [
                        .action(ContextMenuAction("Read", for: Plain.self) { log.value.append("read \($0.name)") }),
                        .submenu(
                            ContextMenu(
                                "Move",
                                children: [
                                    .action(
                                        ContextMenuAction("To top") { items in
                                            log.value.append("top \(items)")
                                            var snapshot = dataSource.snapshot()
                                            guard let first = snapshot.itemIdentifiers.first, first != items[0] else {
                                                return
                                            }
                                            try? snapshot.moveItem(items[0], beforeItem: first)
                                            try? dataSource.apply(snapshot)
                                        })
                                ])),
                        .action(
                            ContextMenuAction("Delete", isDestructive: true) { items in
                                log.value.append("delete \(items)")
                                var snapshot = dataSource.snapshot()
                                try? snapshot.deleteItems(items)
                                try? dataSource.apply(snapshot)
                            }),
                    ])
            })
        return (list, dataSource)
    }

    @Test(
        "seeded random applies, scrolls and menus: every host's actions reach the same items, and the lists agree",
        arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        for kinds in GestureInvariantTests.lanes { try runSequence(seed: seed, on: kinds) }
    }

    private func runSequence(seed: UInt64, on kinds: [HostKind]) throws {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        let lists = try kinds.map { kind in
            let log = Ref<[String]>([])
            let (list, dataSource) = try Self.makeList(kind, log: log)
            return (kind: kind, list: list, dataSource: dataSource, log: log)
        }
        var items: [AnyHashable] = []
        var nextID = 0
        /// The item the last menu was opened for, until an action is chosen from it.
        var menuItem: AnyHashable?
        for step in 0..<Self.steps {
            switch random.next() % 8 {
            case 0...2:
                // Delete, insert and move rows anywhere, the one under a menu too.
                for _ in 0..<draw(3) where !items.isEmpty { items.remove(at: draw(items.count)) }
                if let shown = menuItem, draw(2) == 0 { items.removeAll { $0 == shown } }
                for _ in 0..<draw(5) {
                    nextID += 1
                    items.insert(Plain(name: "i\(nextID)"), at: draw(items.count + 1))
                }
                if items.count > 1 { items.insert(items.remove(at: draw(items.count)), at: draw(items.count)) }
                var snapshot = Snapshot<Section, AnyHashable>()
                if !items.isEmpty {
                    try snapshot.appendSections([.main])
                    try snapshot.appendItems(items, toSection: .main)
                }
                for entry in lists { try entry.dataSource.apply(snapshot) }
            case 3:
                let line = draw(20)
                for entry in lists { entry.list.scroll(toLine: line) }
            case 4, 5:
                // A long press on a row every host shows.
                var visible = Set(lists[0].list.host.indexPathsForVisibleItems)
                for entry in lists.dropFirst() { visible.formIntersection(entry.list.host.indexPathsForVisibleItems) }
                guard let path = visible.sorted().dropFirst(draw(visible.count)).first else { continue }
                menuItem = lists[0].dataSource.item(at: path)
                let offered = lists.map { $0.list.openContextMenu([path]) }
                #expect(
                    offered.allSatisfy { $0 == ["Read", "Move", "Delete"] }, "seed \(seed) step \(step): \(offered)")
            default:
                let choice = [["Read"], ["Move", "To top"], ["Delete"]][draw(3)]
                for entry in lists { entry.list.chooseContextMenuAction(choice) }
                menuItem = nil
            }
            items = lists[0].dataSource.snapshot().itemIdentifiers
            let reference = lists[0]
            for entry in lists {
                let context = "seed \(seed), step \(step), \(entry.kind)"
                #expect(entry.log.value == reference.log.value, "\(context)")
                #expect(entry.dataSource.snapshot() == reference.dataSource.snapshot(), "\(context)")
                #expect(entry.list.problems == [], "\(context)")
                #expect(entry.dataSource._checkInvariants() == [], "\(context)")
                guard !reference.list.isContextMenuOpen else { continue }
                #expect(entry.list.render() == reference.list.render(), "\(context)")
                let (fresh, freshDataSource) = try Self.makeList(entry.kind, log: Ref([]))
                try freshDataSource.apply(entry.dataSource.snapshot())
                fresh.scroll(like: entry.list)
                #expect(fresh.render() == entry.list.render(), "\(context): a brand-new list")
            }
            if lists.contains(where: { $0.log.value != reference.log.value }) { return }
        }
        // A shortened run (`SeededRuns`) runs fewer; the full run, in the plain `swift test`, checks it.
        #expect(
            lists[0].log.value.count > 5 || SeededRuns.isShortened(), "seed \(seed), \(kinds): too few actions ran")
    }
}
