#if !canImport(UIKit)
@_spi(ListHost) @_spi(Testing) @testable import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// Drags from one UIKit host's list view carried over another's and dropped there (`TransferHandlers`),
// played in steps as a user does: the receiving host's drop delegate takes another CellKit host's drag when
// its data source takes drops from other lists, proposes what the data sources answer (a move, a copy, or
// forbidden), and the data sources apply both new snapshots. The text host's side is in CellKitTextTests'
// TextListViewTransferTests.

private func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

/// The UIKit hosts.
private let kinds: [HostKind] = [.collection, .table, .compositional, .list]

@MainActor
@Suite("Drops from another list on the UIKit hosts")
struct CrossListDropTests {
    /// A host of the kind showing `names` in `main`, one line a row, whose items may all be dragged out and
    /// which takes moves from other lists.
    static func make(_ kind: HostKind, _ names: [String]) throws -> (
        harness: any UIKitHarness, dataSource: UniversalDataSource<Section>
    ) {
        let harness = try #require(kind.make(height: 6) as? any UIKitHarness)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        dataSource.transferHandlers.canDragItem = { _ in true }
        dataSource.transferHandlers.acceptDrop = { .move($0.items) }
        try dataSource.apply(makeSnapshot([(.main, names.map { Plain(name: $0) })]))
        _ = harness.render()
        return (harness, dataSource)
    }

    /// What a brand-new host of the kind shows for the data source's snapshot, scrolled like `harness`.
    static func freshRender(
        _ kind: HostKind, like harness: any HostHarness, _ dataSource: UniversalDataSource<Section>
    ) throws -> [String] {
        let fresh = kind.make(height: 6)
        let freshDataSource = fresh.makeDataSource()
        fresh.registerLabel(freshDataSource, for: Plain.self) { _, item in item.name }
        try freshDataSource.apply(dataSource.snapshot())
        fresh.scroll(toLine: harness.topLine)
        return fresh.render()
    }

    @Test("rows dragged over another host's list view move there, in drag order", arguments: kinds, kinds)
    func move(kind: HostKind, otherKind: HostKind) throws {
        let (todo, todoSource) = try Self.make(kind, ["A", "B", "C"])
        let (done, doneSource) = try Self.make(otherKind, ["X", "Y"])
        var heard: [String] = []
        doneSource.transferHandlers.didDrop = { drop, _ in heard.append("got \(drop.items) at \(drop.destination)") }
        todoSource.transferHandlers.didDragOut = { drop, _ in heard.append("gave \(drop.items)") }
        #expect(todo.beginDrag([at(0, 2), at(0, 0)]).count == 2)
        todo.carryDrag(to: done)
        #expect(done.dragOver(at(0, 1)) == .move)
        let drop = done.dropDrag(at: at(0, 1))
        #expect(drop.performed)
        #expect(drop.placed == [at(0, 1), at(0, 2)])
        #expect(todoSource.snapshot().itemIdentifiers == plains("B"))
        #expect(doneSource.snapshot().itemIdentifiers == plains("X", "C", "A", "Y"))
        #expect(heard == ["got \(plains("C", "A")) at 0.1", "gave \(plains("C", "A"))"])
        #expect(todo.render() == (try Self.freshRender(kind, like: todo, todoSource)))
        #expect(done.render() == (try Self.freshRender(otherKind, like: done, doneSource)))
        #expect(todo.problems == [] && done.problems == [])
    }

    @Test("a copy is proposed as a copy and keeps the dragged rows; past the last row is the end", arguments: kinds)
    func copy(kind: HostKind) throws {
        let (todo, todoSource) = try Self.make(kind, ["A", "B"])
        let (done, doneSource) = try Self.make(kind, ["X"])
        doneSource.transferHandlers.acceptDrop = { drop in
            .copy(drop.items.compactMap { ($0.base as? Plain).map { Plain(name: $0.name + "'") } })
        }
        #expect(todo.beginDrag([at(0, 1)]).count == 1)
        todo.carryDrag(to: done)
        #expect(done.dragOver(nil) == .copy)
        #expect(done.dropDrag(at: nil).performed)
        #expect(todoSource.snapshot().itemIdentifiers == plains("A", "B"))
        #expect(doneSource.snapshot().itemIdentifiers == plains("X", "B'"))
        #expect(done.render() == (try Self.freshRender(kind, like: done, doneSource)))
        #expect(todo.problems == [] && done.problems == [])
    }

    @Test(
        "a drop the receiving list vetoes is forbidden; a list that takes no drops does not handle the drag",
        arguments: kinds)
    func refusals(kind: HostKind) throws {
        let (todo, todoSource) = try Self.make(kind, ["A", "B"])
        let (done, doneSource) = try Self.make(kind, ["X", "Y"])
        doneSource.transferHandlers.acceptDrop = { $0.destination.item == 0 ? nil : .move($0.items) }
        let logs = (todo.updateLog, done.updateLog)
        #expect(todo.beginDrag([at(0, 0)]).count == 1)
        todo.carryDrag(to: done)
        #expect(done.dragOver(at(0, 0)) == .forbidden)
        #expect(done.dragOver(at(0, 1)) == .move)
        #expect(done.dropDrag(at: at(0, 0)).performed == false)
        // No drops from other lists at all: UIKit asks no proposal.
        doneSource.transferHandlers.acceptDrop = nil
        #expect(todo.beginDrag([at(0, 0)]).count == 1)
        todo.carryDrag(to: done)
        #expect(done.dragOver(at(0, 1)) == nil)
        #expect(done.dropDrag(at: at(0, 1)).performed == false)
        // A row that may not leave does not join the drag.
        todoSource.transferHandlers.canDragItem = { _ in false }
        #expect(todo.beginDrag([at(0, 0)]).isEmpty)
        #expect(todoSource.snapshot().itemIdentifiers == plains("A", "B"))
        #expect(doneSource.snapshot().itemIdentifiers == plains("X", "Y"))
        #expect(todo.updateLog == logs.0 && done.updateLog == logs.1)
    }

    @Test("the drop takes the dragged rows as they are then: one deleted during the drag is left out", arguments: kinds)
    func editsDuringTheDrag(kind: HostKind) throws {
        let (todo, todoSource) = try Self.make(kind, ["A", "B", "C"])
        let (done, doneSource) = try Self.make(kind, ["X"])
        #expect(todo.beginDrag([at(0, 0), at(0, 2)]).count == 2)
        try todoSource.apply(makeSnapshot(plains("N", "C", "B")))
        todo.carryDrag(to: done)
        #expect(done.dropDrag(at: at(0, 0)).performed)
        #expect(todoSource.snapshot().itemIdentifiers == plains("N", "B"))
        #expect(doneSource.snapshot().itemIdentifiers == plains("C", "X"))
        #expect(todo.render() == (try Self.freshRender(kind, like: todo, todoSource)))
        #expect(done.render() == (try Self.freshRender(kind, like: done, doneSource)))
        #expect(todo.problems == [] && done.problems == [])
    }

    /// Steps per run: 150 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(150)

    @Test(
        "seeded random edits, scrolls and drags between two list views: no row lost or doubled, each matches a brand-new host",
        arguments: kinds, [UInt64(1), 2])
    func randomSequences(kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        let lists = [try Self.make(kind, (0..<5).map { "a\($0)" }), try Self.make(kind, (0..<3).map { "b\($0)" })]
        // The second list refuses drops at its top.
        lists[1].dataSource.transferHandlers.acceptDrop = { $0.destination.item == 0 ? nil : .move($0.items) }
        var next = 0
        var dragFrom: Int?
        var outcomes = (dropped: 0, refused: 0)
        for step in 0..<Self.steps {
            let from = draw(2)
            let (harness, dataSource) = lists[from]
            var items = dataSource.snapshot().itemIdentifiers
            switch draw(5) {
            case 0:  // an edit: insert, delete or move a row
                next += 1
                items.insert(Plain(name: "n\(next)"), at: draw(items.count + 1))
                if draw(2) == 0, !items.isEmpty { items.remove(at: draw(items.count)) }
                if draw(2) == 0, items.count > 1 {
                    items.insert(items.remove(at: draw(items.count)), at: draw(items.count))
                }
                try dataSource.apply(makeSnapshot(items))
            case 1:
                harness.scroll(toLine: draw(4))
            case 2 where dragFrom == nil && !items.isEmpty:
                let first = draw(items.count)
                let second = draw(items.count)
                if !harness.beginDrag(first == second ? [at(0, first)] : [at(0, first), at(0, second)]).isEmpty {
                    dragFrom = from
                }
            default:  // the drag under way, carried to the other list and dropped there
                guard let source = dragFrom else { continue }
                dragFrom = nil
                let target = lists[1 - source]
                let before = lists.map { $0.dataSource.snapshot().itemIdentifiers }
                lists[source].harness.carryDrag(to: target.harness)
                let destination = draw(3) == 0 ? nil : at(0, draw(before[1 - source].count + 1))
                let proposed = target.harness.dragOver(destination)
                let dropped = target.harness.dropDrag(at: destination).performed
                #expect(dropped == (proposed == .move), "step \(step)")
                let after = lists.map { $0.dataSource.snapshot().itemIdentifiers }
                if dropped { outcomes.dropped += 1 } else { outcomes.refused += 1 }
                if dropped {
                    #expect(after[0].count + after[1].count == before[0].count + before[1].count, "step \(step)")
                } else {
                    #expect(after == before, "step \(step)")
                }
            }
            let all = lists.flatMap { $0.dataSource.snapshot().itemIdentifiers }
            #expect(Set(all).count == all.count, "step \(step): a row in both lists")
            for (harness, dataSource) in lists {
                let shown = harness.render()
                let fresh = try Self.freshRender(kind, like: harness, dataSource)
                guard shown == fresh, harness.problems.isEmpty else {
                    Issue.record("seed \(seed) step \(step): \(shown) vs \(fresh); \(harness.problems)")
                    return
                }
            }
        }
        // The run reached both outcomes.
        #expect((outcomes.dropped > 0 && outcomes.refused > 0) || SeededRuns.isShortened(), "\(outcomes)")
    }
}
#endif
