#if !canImport(UIKit)
@_spi(Testing) import CellKit
import CellKitUIKit
@testable import CellKitSwiftUI
import DiffableStore
import Foundation
import HostHarness
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// `ListContainerCoordinator`, what `CellKitList` does with each SwiftUI update, over the stand-in's collection
// view: the input applied once per change (coalesced when large), the selection binding kept in step both
// ways without feedback, the first visible item kept, and the render invariant.

private enum Section: Hashable, Sendable { case a, b }

private final class Ref<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A list made as `CellKitList` makes it: a collection harness, its data source with a row registration
/// that shows the selected state (` ✓`), and the coordinator.
@MainActor
private struct Screen {
    let harness: CollectionHarness
    let dataSource: UniversalDataSource<Section>
    let coordinator: ListContainerCoordinator<Section>
    let reported = Ref<[Set<AnyHashable>]>([])
    let events = Ref<[String]>([])

    init(layout: CollectionHarness.Layout = .flow, height: Int = 5, threshold: Int = 1000, multiple: Bool = false) {
        harness = CollectionHarness(width: 20, height: height, layout: layout)
        dataSource = harness.makeDataSource(Section.self)
        harness.registerContentRow(dataSource, for: String.self) { name, state in
            name + (state.isSelected ? " ✓" : "")
        } marked: { _, _ in
            false
        }
        coordinator = ListContainerCoordinator(
            dataSource: dataSource, host: harness.collectionHost, asyncApplyThreshold: threshold)
        harness.collectionHost.allowsMultipleSelection = multiple
        coordinator.onSelectionChange = { [reported] in reported.value.append($0) }
        coordinator.onEvent = { [events] in events.value.append($0.description) }
    }

    func path(_ item: String) -> ListIndexPath? { dataSource.indexPath(for: item) }
}

private func snapshot(_ a: [String], _ b: [String] = []) -> Snapshot<Section, AnyHashable> {
    var snapshot = Snapshot<Section, AnyHashable>()
    do {
        try snapshot.appendSections([.a])
        try snapshot.appendItems(a, toSection: .a)
        if !b.isEmpty {
            try snapshot.appendSections([.b])
            try snapshot.appendItems(b, toSection: .b)
        }
    } catch {
        Issue.record(error)
    }
    return snapshot
}

@MainActor
@Suite("List container coordinator", .serialized)
struct ListContainerCoordinatorTests {
    @Test("an input is applied once per change, animated as asked")
    func appliesChanges() throws {
        let screen = Screen()
        screen.coordinator.update(snapshot: snapshot(["a", "b"]), selection: [], animated: true)
        #expect(screen.harness.render() == ["a", "b"])
        let updates = screen.harness.performedUpdates
        // SwiftUI updates the view for other state: the same input applies nothing.
        screen.coordinator.update(snapshot: snapshot(["a", "b"]), selection: [], animated: true)
        #expect(screen.coordinator.appliesMade == 1)
        screen.coordinator.update(snapshot: snapshot(["b", "c", "a"]), selection: [], animated: true)
        #expect(screen.harness.render() == ["b", "c", "a"])
        #expect(screen.coordinator.appliesMade == 2)
        #expect(screen.harness.performedUpdates.count > updates.count)
        // Equal items with a reconfigure mark (which `Snapshot`'s `==` leaves out) are an input to apply.
        var marked = snapshot(["b", "c", "a"])
        try marked.reconfigureItems(["c"])
        screen.coordinator.update(snapshot: marked, selection: [], animated: true)
        #expect(screen.coordinator.appliesMade == 3)
        #expect(screen.harness.problems == [])
    }

    @Test("a tap is reported once, and an update before the binding has it does not undo it")
    func tapReported() {
        let screen = Screen()
        let input = snapshot(["a", "b", "c"])
        screen.coordinator.update(snapshot: input, selection: ["a"], animated: true)
        #expect(screen.harness.render() == ["a ✓", "b", "c"])
        screen.harness.select(screen.path("b")!)
        #expect(screen.harness.render() == ["a", "b ✓", "c"])
        // As the host tells them, in the same turn (SwiftUI updates the view once for both writes).
        #expect(screen.reported.value == [[], ["b"]])
        // An update made before the binding's new value reached the view: its input did not change.
        screen.coordinator.update(snapshot: input, selection: ["a"], animated: true)
        #expect(screen.harness.render() == ["a", "b ✓", "c"])
        // The binding's new value arrives: nothing to do, nothing reported again.
        screen.coordinator.update(snapshot: input, selection: ["b"], animated: true)
        #expect(screen.harness.render() == ["a", "b ✓", "c"])
        #expect(screen.reported.value == [[], ["b"]])
        #expect(screen.harness.problems == [])
    }

    @Test("a binding change selects in place, and is not reported back")
    func bindingSelects() {
        let screen = Screen(multiple: true)
        let input = snapshot(["a", "b", "c"])
        screen.coordinator.update(snapshot: input, selection: [], animated: true)
        let cell = screen.harness.cell(at: screen.path("b")!)
        screen.coordinator.update(snapshot: input, selection: ["b", "c"], animated: true)
        #expect(screen.harness.render() == ["a", "b ✓", "c ✓"])
        #expect(screen.harness.cell(at: screen.path("b")!) === cell)
        screen.coordinator.update(snapshot: input, selection: ["a"], animated: true)
        #expect(screen.harness.render() == ["a ✓", "b", "c"])
        #expect(screen.reported.value == [])
        // The host's events reach the view all the same.
        #expect(screen.events.value.contains("didSelect a at 0.0"))
        // A tap on a selected item with multiple selection deselects it alone.
        screen.harness.select(screen.path("a")!)
        #expect(screen.harness.render() == ["a", "b", "c"])
        #expect(screen.reported.value == [[]])
        #expect(screen.harness.problems == [])
    }

    @Test("selected items the list does not show are selected when they show; an apply changes no selection")
    func selectionThroughApplies() throws {
        let screen = Screen()
        screen.coordinator.update(snapshot: snapshot(["a", "b"]), selection: ["c"], animated: true)
        #expect(screen.harness.render() == ["a", "b"])
        screen.coordinator.update(snapshot: snapshot(["a", "b", "c"]), selection: ["c"], animated: true)
        #expect(screen.harness.render() == ["a", "b", "c ✓"])
        // Deleted, then back: selected again, as SwiftUI's List keeps the selection of items it does not show.
        screen.coordinator.update(snapshot: snapshot(["a", "b"]), selection: ["c"], animated: true)
        screen.coordinator.update(snapshot: snapshot(["c", "a", "b"]), selection: ["c"], animated: true)
        #expect(screen.harness.render() == ["c ✓", "a", "b"])
        // A reloaded item (UIKit deselects it) and a reload of everything (not animated) keep it selected.
        var reload = snapshot(["c", "a", "b"])
        try reload.reloadItems(["c"])
        screen.coordinator.update(snapshot: reload, selection: ["c"], animated: true)
        #expect(screen.harness.render() == ["c ✓", "a", "b"])
        screen.coordinator.update(snapshot: snapshot(["c", "b"]), selection: ["c"], animated: false)
        #expect(screen.harness.render() == ["c ✓", "b"])
        #expect(screen.reported.value == [])
        #expect(screen.harness.problems == [])
    }

    @Test("the first visible item stays where it was when items come above it")
    func keepsScrollPosition() {
        let screen = Screen(height: 3)
        let names = (0..<10).map { "i\($0)" }
        screen.coordinator.update(snapshot: snapshot(names), selection: [], animated: true)
        screen.harness.scroll(toLine: 4)
        #expect(screen.harness.render() == ["i4", "i5", "i6"])
        screen.coordinator.update(snapshot: snapshot(["n0", "n1"] + names), selection: [], animated: true)
        #expect(screen.harness.render() == ["i4", "i5", "i6"])
        #expect(screen.harness.problems == [])
    }

    @Test("large inputs diff off the main actor; inputs that arrive meanwhile are coalesced into the newest")
    func coalescesLargeApplies() async {
        let screen = Screen(threshold: 3)
        screen.coordinator.update(snapshot: snapshot(["a", "b", "c"]), selection: [], animated: true)
        // The apply is under way off the main actor: nothing shown yet.
        #expect(screen.dataSource.snapshot().numberOfItems == 0)
        screen.coordinator.update(snapshot: snapshot(["a", "b", "c", "d"]), selection: [], animated: true)
        screen.coordinator.update(snapshot: snapshot(["e", "a", "b", "c", "d"]), selection: ["e"], animated: true)
        await screen.coordinator.settled()
        #expect(screen.harness.render() == ["e ✓", "a", "b", "c", "d"])
        // The first had not begun (the test never let the main actor go): one apply, of the newest.
        #expect(screen.coordinator.appliesMade == 1)
        #expect(screen.harness.problems == [])
    }

    @Test(
        "seeded input changes, taps and scrolls match a brand-new list given the same input",
        arguments: [CollectionHarness.Layout.flow, .list], [UInt64(1), 2, 3])
    func randomSequences(layout: CollectionHarness.Layout, seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        let multiple = seed % 2 == 0
        let screen = Screen(layout: layout, threshold: 6, multiple: multiple)
        var names = ["a", "b", "c"]
        var selection: Set<AnyHashable> = []
        var next = 0
        // The binding: what the coordinator reported, once SwiftUI hands it back.
        screen.coordinator.onSelectionChange = { selection = $0 }
        // 100 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for step in 0..<SeededRuns.length(100, minimum: 15) {
            var animated = true
            switch random.next() % 8 {
            case 0...3:
                for _ in 0..<Int(random.next() % 3) where !names.isEmpty {
                    names.remove(at: Int(random.next() % UInt64(names.count)))
                }
                for _ in 0..<Int(random.next() % 4) {
                    next += 1
                    names.insert("n\(next)", at: Int(random.next() % UInt64(names.count + 1)))
                }
                animated = random.next() % 8 != 0
            case 4:
                // The binding changes in SwiftUI: some items, shown or not.
                let pool = names + ["n\(next + 1)", "gone"]
                let count = multiple ? Int(random.next() % 3) : Int(random.next() % 2)
                selection = Set((0..<count).map { _ in AnyHashable(pool[Int(random.next() % UInt64(pool.count))]) })
            case 5, 6:
                guard !names.isEmpty, screen.coordinator.selection == selection else { break }
                // The user taps a row on screen.
                let shown = screen.harness.visibleIndexPaths.compactMap(ListIndexPath.init)
                if let path = shown.isEmpty ? nil : shown[Int(random.next() % UInt64(shown.count))] {
                    screen.harness.select(path)
                }
            default:
                screen.harness.scroll(toLine: Int(random.next() % 12))
            }
            let split = Int(random.next() % UInt64(names.count + 1))
            let input = snapshot(Array(names[..<split]), Array(names[split...]))
            screen.coordinator.update(snapshot: input, selection: selection, animated: animated)
            if random.next() % 3 == 0 { await screen.coordinator.settled() }
            await screen.coordinator.settled()
            let fresh = Screen(layout: layout, threshold: 6, multiple: multiple)
            fresh.coordinator.update(snapshot: input, selection: selection, animated: true)
            await fresh.coordinator.settled()
            fresh.harness.scroll(like: screen.harness)
            let shown = screen.harness.render()
            let expected = fresh.harness.render()
            #expect(shown == expected, "seed \(seed), step \(step)")
            #expect(screen.harness.problems == [], "seed \(seed), step \(step)")
            #expect(screen.dataSource._checkInvariants() == [], "seed \(seed), step \(step)")
            if shown != expected || !screen.harness.problems.isEmpty { return }
        }
    }
}
#endif
