#if !canImport(UIKit)
@_spi(ListHost) @_spi(Testing) @testable import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// Drops of several rows on the UIKit hosts that only UIKit's drag and drop has, played in steps as a user
// does (begin the drag, hold it over places, drop it): the list changing during the drag (rows are found by
// identity), a drag carried over from another list view (not handled) or to another app (kept in the app),
// a row that cannot join the drag, and proposals that veto while the finger moves. The drops `TextListView.drop(_:at:)` also takes are in CellKitTests'
// ReorderingTests and GestureInvariantTests, on every host.

/// The steps of a drag on a UIKit host's list view, each followed by the events the host delivers.
extension UIKitHarness {
    /// A long press on `sources[0]`, then a tap on each other source: the sources that joined the drag.
    @discardableResult
    func beginDrag(_ sources: [ListIndexPath]) -> [ListIndexPath] {
        defer { uikitHost.deliverPendingEvents() }
        return listView._beginDrag(sources.map(\.indexPath)).compactMap(ListIndexPath.init)
    }

    /// The finger holds the drag over `destination` (`nil`: past the last item): the proposed operation.
    @discardableResult
    func dragOver(_ destination: ListIndexPath?) -> UIDropOperation? {
        defer { uikitHost.deliverPendingEvents() }
        return listView._dragOver(destination?.indexPath)
    }

    /// The finger lifts over `destination`: whether the host was asked to drop, and where it placed the
    /// drag items.
    @discardableResult
    func dropDrag(at destination: ListIndexPath?) -> (performed: Bool, placed: [ListIndexPath]) {
        defer { uikitHost.deliverPendingEvents() }
        let drop = listView._drop(at: destination?.indexPath)
        return (drop.performed, drop.placed.compactMap(ListIndexPath.init))
    }

    /// The finger carries the drag over another harness's list view.
    func carryDrag(to other: any UIKitHarness) {
        listView._carryDrag(to: other.listView)
    }

    /// The finger carries the drag to another app and lifts it there: how many items that app got (`nil`:
    /// the drag could not drop there).
    func dropInAnotherApp() -> Int? {
        defer { uikitHost.deliverPendingEvents() }
        return listView._dropInAnotherApp()?.count
    }
}

private func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

/// The UIKit hosts.
private let kinds: [HostKind] = [.collection, .table, .compositional, .list]

/// A data source that hands every question to another and counts the item identifiers the host asks for.
@MainActor
final class CountingDataSource: ListHostReordering, ListHostSwipeActions, ListHostItemViews {
    let base: any ListHostReordering & ListHostSwipeActions & ListHostItemViews
    var itemIdentifierCalls = 0

    init(_ base: any ListHostDataSource) {
        guard let base = base as? any ListHostReordering & ListHostSwipeActions & ListHostItemViews else {
            preconditionFailure("CountingDataSource forwards to a data source with every behaviour")
        }
        self.base = base
    }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        itemIdentifierCalls += 1
        return base.itemIdentifier(at: indexPath, in: host)
    }
    func numberOfSections(in host: any ListHost) -> Int { base.numberOfSections(in: host) }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        base.numberOfItems(inSection: section, in: host)
    }
    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? { base.reuse(for: element, in: host) }
    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        base.configure(view, for: element, in: host)
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        base.sectionIdentifier(at: index, in: host)
    }
    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        base.canMoveItem(at: indexPath, in: host)
    }
    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?
    { base.targetIndexPath(forMoveFrom: source, to: proposed, in: host) }
    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost) {
        base.moveItem(from: source, to: destination, in: host)
    }
    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost) {
        base.moveItems(from: sources, to: destination, in: host)
    }
    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost) -> SwipeActionsConfiguration?
    {
        base.swipeActions(at: indexPath, edge: edge, in: host)
    }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { base.supplementaryKinds(in: host) }
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost, measuring measure: () -> Double
    ) -> Double? {
        base.lengthOfItem(at: indexPath, crossAxisLength: crossAxisLength, in: host, measuring: measure)
    }
    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { base.itemSupplementaryKinds(in: host) }
    func decorationKinds(in host: any ListHost) -> [SupplementaryKind] { base.decorationKinds(in: host) }
}

@MainActor
@Suite("Drops on the UIKit hosts")
struct DropTests {
    /// A host showing `main: A B C`, `more: D`, one line a row, whose data source lets every row move.
    static func make(_ kind: HostKind) throws -> (harness: any UIKitHarness, dataSource: UniversalDataSource<Section>) {
        let harness = try #require(kind.make(height: 8) as? any UIKitHarness)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try dataSource.apply(makeSnapshot([(.main, plains("A", "B", "C")), (.more, plains("D"))]))
        _ = harness.render()
        return (harness, dataSource)
    }

    /// What a brand-new host of the kind shows for the data source's snapshot, scrolled like `harness`.
    static func freshRender(
        _ kind: HostKind, like harness: any HostHarness, _ dataSource: UniversalDataSource<Section>
    ) throws -> [String] {
        let fresh = kind.make(height: 8)
        let freshDataSource = fresh.makeDataSource()
        fresh.registerLabel(freshDataSource, for: Plain.self) { _, item in item.name }
        try freshDataSource.apply(dataSource.snapshot())
        fresh.scroll(toLine: harness.topLine)
        return fresh.render()
    }

    @Test(
        "a row inserted above the dragged rows during the drag: the rows picked up drop, found by identity",
        arguments: kinds)
    func insertAboveDuringDrag(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        let transactions = Ref<[ReorderTransaction<Section>]>([])
        let moves = Ref<[String]>([])
        dataSource.reorderingHandlers.didReorder = { transactions.value.append($0) }
        dataSource.onEvent = { event in if case .didMoveItem = event { moves.value.append("\(event)") } }
        // C and A are picked up at 0.2 and 0.0, then X is inserted above them: C is at 0.3 and A at 0.1.
        #expect(harness.beginDrag([at(0, 2), at(0, 0)]) == [at(0, 2), at(0, 0)])
        try dataSource.apply(makeSnapshot([(.main, plains("X", "A", "B", "C")), (.more, plains("D"))]))
        let batches = harness.batchUpdates
        #expect(harness.dragOver(at(1, 1)) == .move)
        let drop = harness.dropDrag(at: at(1, 1))
        #expect(drop.performed && drop.placed == [at(1, 1), at(1, 2)])
        #expect(
            dataSource.snapshot() == (try makeSnapshot([(.main, plains("X", "B")), (.more, plains("D", "C", "A"))])))
        #expect(harness.batchUpdates == batches + 1)
        #expect(transactions.value.map(\.items) == [plains("C", "A")])
        #expect(moves.value == ["didMoveItem C from 0.3 to 1.1", "didMoveItem A from 0.1 to 1.2"])
        #expect(harness.render() == ["X", "B", "D", "C", "A"])
        #expect(harness.render() == (try Self.freshRender(kind, like: harness, dataSource)))
        #expect(harness.problems == [])
    }

    @Test(
        "a dragged row moved to another section and one deleted during the drag: the others drop, in drag order",
        arguments: kinds)
    func moveAndDeleteDuringDrag(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        #expect(harness.beginDrag([at(0, 1), at(0, 2), at(1, 0)]).count == 3)
        // During the drag B is deleted, C moves to the end of `more`, and Y is inserted at the top.
        try dataSource.apply(makeSnapshot([(.main, plains("Y", "A")), (.more, plains("D", "C"))]))
        // Over the top of `more`, which C and D leave: allowed; past its end once they left it: refused.
        #expect(harness.dragOver(at(1, 0)) == .move)
        #expect(harness.dragOver(at(1, 1)) == .forbidden)
        let drop = harness.dropDrag(at: at(0, 1))
        #expect(drop.performed && drop.placed == [at(0, 1), at(0, 2)])
        #expect(dataSource.snapshot() == (try makeSnapshot([(.main, plains("Y", "C", "D", "A")), (.more, [])])))
        #expect(harness.render() == (try Self.freshRender(kind, like: harness, dataSource)))
        #expect(harness.problems == [])
    }

    @Test("a drag whose rows were all deleted during it is forbidden and drops nothing", arguments: kinds)
    func everyRowDeletedDuringDrag(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        #expect(harness.beginDrag([at(0, 0)]) == [at(0, 0)])
        try dataSource.apply(makeSnapshot([(.main, plains("B", "C")), (.more, plains("D"))]))
        let log = harness.updateLog
        #expect(harness.dragOver(at(1, 0)) == .forbidden)
        #expect(harness.dropDrag(at: at(1, 0)).performed == false)
        #expect(harness.updateLog == log)
        #expect(dataSource.snapshot().itemIdentifiers == plains("B", "C", "D"))
        #expect(harness.problems == [])
    }

    @Test(
        "a host takes only the drags it began: one carried over from another list view is not handled, not dropped",
        arguments: kinds, kinds)
    func dragFromAnotherListView(kind: HostKind, otherKind: HostKind) throws {
        let (first, firstDataSource) = try Self.make(otherKind)
        let (second, secondDataSource) = try Self.make(kind)
        let log = second.updateLog
        // The same items show in both lists: only the host that began the drag may drop it.
        #expect(first.beginDrag([at(0, 0), at(0, 1)]).count == 2)
        first.carryDrag(to: second)
        // The second host cannot handle the drag, so UIKit asks it for no proposal (nil), not even a forbidden one.
        #expect(second.dragOver(at(1, 1)) == nil)
        #expect(second.dropDrag(at: at(1, 1)).performed == false)
        #expect(firstDataSource.snapshot().itemIdentifiers == plains("A", "B", "C", "D"))
        #expect(secondDataSource.snapshot().itemIdentifiers == plains("A", "B", "C", "D"))
        #expect(second.updateLog == log)
        // The host that began a drag still takes its own.
        #expect(first.beginDrag([at(0, 0), at(0, 1)]).count == 2)
        #expect(first.dropDrag(at: at(1, 1)).performed)
        #expect(firstDataSource.snapshot().itemIdentifiers == plains("C", "D", "A", "B"))
        #expect(first.problems == [] && second.problems == [])
    }

    @Test(
        "a drag from another app is not handled: the host is asked for no proposal and drops nothing",
        arguments: kinds)
    func dragFromAnotherApp(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        let log = harness.updateLog
        harness.listView._beginDragFromAnotherApp(count: 2)
        #expect(harness.dragOver(at(1, 1)) == nil)
        #expect(harness.dropDrag(at: at(1, 1)).performed == false)
        #expect(harness.updateLog == log)
        #expect(dataSource.snapshot().itemIdentifiers == plains("A", "B", "C", "D"))
        #expect(harness.problems == [])
    }

    @Test(
        "a drag the host began stays in the app: lifted over another app, it drops nothing there and moves nothing",
        arguments: kinds)
    func dragStaysInTheApp(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        let log = harness.updateLog
        #expect(harness.beginDrag([at(0, 0), at(0, 2)]).count == 2)
        #expect(harness.dragOver(at(1, 1)) == .move)
        // The drag items carry an empty item provider: another app must not get them.
        #expect(harness.dropInAnotherApp() == nil)
        // The drag ended there: lifting the finger over the list now drops nothing.
        #expect(harness.dropDrag(at: at(1, 1)).performed == false)
        #expect(harness.updateLog == log)
        #expect(dataSource.snapshot().itemIdentifiers == plains("A", "B", "C", "D"))
        // The next drag reorders as before.
        #expect(harness.beginDrag([at(0, 0)]) == [at(0, 0)])
        #expect(harness.dropDrag(at: at(1, 1)).placed == [at(1, 1)])
        #expect(dataSource.snapshot() == (try makeSnapshot([(.main, plains("B", "C")), (.more, plains("D", "A"))])))
        #expect(harness.problems == [])
    }

    @Test("a row that cannot move does not join a drag, nor one already in it; the others drop", arguments: kinds)
    func rowsThatDoNotJoin(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        let pinned = AnyHashable(Plain(name: "A"))
        dataSource.reorderingHandlers.canReorderItem = { $0 != pinned }
        // A pinned row does not lift: no drag begins.
        #expect(harness.beginDrag([at(0, 0), at(0, 1)]) == [])
        // B lifts; A is not added, C is, and B is not added twice.
        #expect(harness.beginDrag([at(0, 1), at(0, 0), at(0, 2), at(0, 1)]) == [at(0, 1), at(0, 2)])
        #expect(harness.dropDrag(at: at(1, 0)).placed == [at(1, 0), at(1, 1)])
        #expect(dataSource.snapshot() == (try makeSnapshot([(.main, plains("A")), (.more, plains("B", "C", "D"))])))
        #expect(harness.render() == (try Self.freshRender(kind, like: harness, dataSource)))
        #expect(harness.problems == [])
    }

    @Test(
        "while the finger moves, a vetoed or redirected destination is proposed forbidden and nothing drops there",
        arguments: kinds)
    func vetoDuringTheDrag(kind: HostKind) throws {
        let (harness, dataSource) = try Self.make(kind)
        // Nothing lands at the top of `main` (vetoed), nor at the top of `more` (redirected below D): a drop
        // lands where the list view showed the gap or not at all, as on `TextListView`.
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in
            switch proposed {
            case at(0, 0): nil
            case at(1, 0): at(1, 1)
            default: proposed
            }
        }
        let log = harness.updateLog
        #expect(harness.beginDrag([at(0, 2)]) == [at(0, 2)])
        #expect(harness.dragOver(at(0, 0)) == .forbidden)
        #expect(harness.dragOver(at(1, 0)) == .forbidden)
        #expect(harness.dragOver(at(1, 1)) == .move)
        #expect(harness.dropDrag(at: at(1, 0)).performed == false)
        #expect(harness.beginDrag([at(0, 2)]) == [at(0, 2)])
        #expect(harness.dropDrag(at: at(0, 0)).performed == false)
        #expect(harness.updateLog == log)
        #expect(harness.beginDrag([at(0, 2)]) == [at(0, 2)])
        #expect(harness.dropDrag(at: at(1, 1)).placed == [at(1, 1)])
        #expect(dataSource.snapshot() == (try makeSnapshot([(.main, plains("A", "B")), (.more, plains("D", "C"))])))
        #expect(harness.problems == [])
    }

    @Test(
        "a proposal finds the dragged rows where it last saw them: a walk over the list only after the list changed",
        arguments: kinds)
    func lookupsCounted(kind: HostKind) throws {
        let harness = try #require(kind.make(height: 8) as? any UIKitHarness)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let names = (0..<40).map { "r\($0)" }
        try dataSource.apply(makeSnapshot([(.main, names.map { Plain(name: $0) }), (.more, [])]))
        let counting = try CountingDataSource(#require(harness.host.dataSource))
        harness.host.dataSource = counting
        _ = harness.render()
        // Two rows (k = 2) of 40 (n): where they were picked up, each is looked up once.
        #expect(harness.beginDrag([at(0, 30), at(0, 31)]).count == 2)
        counting.itemIdentifierCalls = 0
        #expect(harness.dragOver(at(1, 0)) == .move)
        #expect(counting.itemIdentifierCalls == 2)
        // A row inserted at the top: neither is where it was, so one walk finds both (at 31 and 32)...
        try dataSource.apply(
            makeSnapshot([(.main, [Plain(name: "new")] + names.map { Plain(name: $0) }), (.more, [])]))
        _ = harness.render()
        counting.itemIdentifierCalls = 0
        #expect(harness.dragOver(at(1, 0)) == .move)
        #expect(counting.itemIdentifierCalls == 2 + 33)
        // ... and the next proposal and the drop find them where the walk did.
        counting.itemIdentifierCalls = 0
        #expect(harness.dragOver(at(1, 0)) == .move)
        #expect(counting.itemIdentifierCalls == 2)
        #expect(harness.dropDrag(at: at(1, 0)).placed == [at(1, 0), at(1, 1)])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: .more) == plains("r30", "r31"))
        #expect(harness.problems == [])
    }

    /// Steps per run: 300 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(300)

    @Test(
        "seeded random drags with edits during them drop the rows a model says and match a brand-new host",
        arguments: kinds, [UInt64(1), 2, 3])
    func randomDrags(kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        let harness = try #require(kind.make(height: 8) as? any UIKitHarness)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        // Every fifth row is pinned, and nothing lands at the top of the first section.
        func isPinned(_ item: AnyHashable) -> Bool {
            (item.base as? Plain).flatMap { Int($0.name.dropFirst()) }.map { $0 % 5 == 0 } ?? false
        }
        dataSource.reorderingHandlers.canReorderItem = { !isPinned($0) }
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in proposed == at(0, 0) ? nil : proposed }
        let reorders = Ref(0)
        dataSource.reorderingHandlers.willReorder = { _ in reorders.value += 1 }
        var nextName = 0
        func newItem() -> AnyHashable {
            nextName += 1
            return AnyHashable(Plain(name: "p\(nextName)"))
        }
        var model: [(Section, [AnyHashable])] = [(.main, (0..<5).map { _ in newItem() }), (.more, [newItem()])]
        try dataSource.apply(makeSnapshot(model))
        var outcomes = (moved: 0, refused: 0, editedDuring: 0, draggedDeleted: 0, leftTheApp: 0)

        /// An edit of the list: a row inserted, maybe one deleted (`deleting`, if given), maybe one moved.
        func edit(deleting doomed: AnyHashable? = nil) throws {
            let section = draw(model.count)
            model[section].1.insert(newItem(), at: draw(model[section].1.count + 1))
            if let doomed {
                for index in model.indices { model[index].1.removeAll { $0 == doomed } }
            } else if draw(2) == 0 {
                let section = draw(model.count)
                if !model[section].1.isEmpty { model[section].1.remove(at: draw(model[section].1.count)) }
            }
            if draw(2) == 0 {
                let from = draw(model.count)
                if !model[from].1.isEmpty {
                    let moved = model[from].1.remove(at: draw(model[from].1.count))
                    let to = draw(model.count)
                    model[to].1.insert(moved, at: draw(model[to].1.count + 1))
                }
            }
            try dataSource.apply(makeSnapshot(model))
        }

        /// Where the dragged `items` still in the list would land at `destination` (`nil`: the end of the
        /// last section), and the list after; `nil` when the host must refuse.
        func plannedDrop(_ items: [AnyHashable], at destination: ListIndexPath?) -> (
            landed: [ListIndexPath], after: [(Section, [AnyHashable])]
        )? {
            let kept = items.filter { item in model.contains { $0.1.contains(item) } }
            guard !kept.isEmpty else { return nil }
            var after = model
            for index in after.indices { after[index].1.removeAll { kept.contains($0) } }
            let last = after.count - 1
            let target = destination ?? at(last, after[last].1.count)
            guard target != at(0, 0), after.indices.contains(target.section),
                target.item <= after[target.section].1.count
            else { return nil }
            after[target.section].1.insert(contentsOf: kept, at: target.item)
            return (kept.indices.map { at(target.section, target.item + $0) }, after)
        }

        func randomDestination() -> ListIndexPath? {
            guard draw(8) != 0 else { return nil }
            let section = draw(model.count)
            return at(section, draw(model[section].1.count + 2))
        }

        for step in 0..<Self.steps {
            let context = "\(kind), seed \(seed), step \(step)"
            switch draw(10) {
            case 0, 1:
                try edit()
            case 2:
                harness.scroll(toLine: draw(20))
            default:
                // Pick up one to three rows (maybe one twice): the first must move for a drag to begin; the
                // others join unless pinned or already in it.
                let all = model.indices.flatMap { section in model[section].1.indices.map { at(section, $0) } }
                guard !all.isEmpty else { continue }
                let sources = (0...draw(3)).map { _ in all[draw(all.count)] }
                var dragged: [AnyHashable] = []
                var joined: [ListIndexPath] = []
                if !isPinned(model[sources[0].section].1[sources[0].item]) {
                    for source in sources {
                        let item = model[source.section].1[source.item]
                        guard !isPinned(item), !dragged.contains(item) else { continue }
                        dragged.append(item)
                        joined.append(source)
                    }
                }
                #expect(harness.beginDrag(sources) == joined, "\(context)")
                guard !dragged.isEmpty else { break }
                // Edit the list during the drag, now and then deleting a dragged row, and hold the drag over
                // a place or two: the proposal follows the model.
                for _ in 0..<draw(3) {
                    let doomed = draw(4) == 0 ? dragged[draw(dragged.count)] : nil
                    if doomed.map({ item in model.contains { $0.1.contains(item) } }) == true {
                        outcomes.draggedDeleted += 1
                    }
                    try edit(deleting: doomed)
                    outcomes.editedDuring += 1
                    let over = randomDestination()
                    let expected: UIDropOperation = plannedDrop(dragged, at: over) == nil ? .forbidden : .move
                    #expect(harness.dragOver(over) == expected, "\(context), over \(over.map(\.description) ?? "-")")
                }
                // Now and then the finger takes the drag to another app: it cannot drop there, nothing moves.
                if draw(10) == 0 {
                    let batches = harness.batchUpdates
                    #expect(harness.dropInAnotherApp() == nil, "\(context)")
                    #expect(harness.batchUpdates == batches, "\(context)")
                    #expect(dataSource.snapshot() == (try makeSnapshot(model)), "\(context)")
                    outcomes.leftTheApp += 1
                    break
                }
                let destination = randomDestination()
                let plan = plannedDrop(dragged, at: destination)
                let movesRows = plan.map { $0.after.map(\.1) != model.map(\.1) } ?? false
                let batches = harness.batchUpdates
                let reordersBefore = reorders.value
                let drop = harness.dropDrag(at: destination)
                #expect(drop.performed == (plan != nil), "\(context)")
                #expect(drop.placed == (movesRows ? plan!.landed : []), "\(context)")
                if let plan { model = plan.after }
                if movesRows { outcomes.moved += 1 } else if plan == nil { outcomes.refused += 1 }
                let snapshotMatches = dataSource.snapshot() == (try makeSnapshot(model))
                #expect(snapshotMatches, "\(context)")
                if !snapshotMatches { return }
                #expect(harness.batchUpdates == batches + (movesRows ? 1 : 0), "\(context)")
                #expect(reorders.value == reordersBefore + (movesRows ? 1 : 0), "\(context)")
            }
            let shown = harness.render()
            let expected = try Self.freshRender(kind, like: harness, dataSource)
            #expect(shown == expected, "\(context)")
            #expect(harness.problems == [], "\(context)")
            #expect(dataSource._checkInvariants() == [], "\(context)")
            if shown != expected || !harness.problems.isEmpty { return }
        }
        // The run exercised what it is about.
        #expect(outcomes.moved > Self.steps / 10 && outcomes.refused > Self.steps / 50, "\(outcomes)")
        #expect(outcomes.editedDuring > Self.steps / 10 && outcomes.draggedDeleted > 0, "\(outcomes)")
        #expect(outcomes.leftTheApp > 0 || SeededRuns.isShortened(), "\(outcomes)")
    }
}
#endif
