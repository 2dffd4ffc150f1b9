@_spi(Testing) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

/// A data source showing `Int` items on a host, or on a recording host that can be told to reject a
/// batch.
@MainActor
struct SliceFixture {
    let dataSource: UniversalDataSource<Section>
    /// The host, unless the fixture is on a recording host.
    let harness: (any HostHarness)?
    let recordingHost: RecordingHost?
    /// How many updates the host had been told when the fixture's first apply began.
    let updatesBeforeFirstApply: Int

    /// A fixture on a host of `kind`, 20 lines tall, that has applied `sections`.
    init(_ kind: HostKind, _ sections: [(Section, [Int])]) throws {
        let harness = kind.make(width: 12, height: 20)
        self.harness = harness
        recordingHost = nil
        dataSource = harness.makeDataSource()
        harness.registerLabelType(dataSource, NumberLabel.self)
        updatesBeforeFirstApply = harness.updates.count
        try dataSource.apply(makeSnapshot(sections.map { ($0.0, $0.1.map(AnyHashable.init)) }))
    }

    init(_ kind: HostKind, _ items: [Int]) throws {
        try self.init(kind, [(.main, items)])
    }

    /// A fixture on a recording host that has applied `items`.
    init(recording items: [Int]) throws {
        let host = RecordingHost()
        harness = nil
        recordingHost = host
        dataSource = UniversalDataSource(host: host)
        dataSource.registerCellType(SliceNumberCell.self)
        updatesBeforeFirstApply = 0
        try dataSource.apply(makeSnapshot(items.map(AnyHashable.init)))
    }

    /// The items of a section of the latest snapshot.
    func items(_ section: Section = .main) -> [Int] {
        (dataSource.snapshot().itemIdentifiers(inSection: section) ?? []).map { $0.base as! Int }
    }

    /// What the host was told (`HostHarness.updates`; the recording host's events).
    var updates: [String] { harness?.updates ?? recordingHost?.events ?? [] }

    /// What UIKit would have raised.
    var problems: [String] { harness?.problems ?? [] }

    /// Applies the snapshot with `change` made to it: an edit of the parent.
    func parent(_ change: (inout Snapshot<Section, AnyHashable>) throws -> Void) throws {
        var snapshot = dataSource.snapshot()
        try change(&snapshot)
        try dataSource.apply(snapshot)
    }

    /// The parent inserts `item` at `position` of `section`.
    func parentInsert(_ item: Int, at position: Int, in section: Section = .main) throws {
        try parent { snapshot in
            let items = snapshot.itemIdentifiers(inSection: section)!
            if position < items.count {
                try snapshot.insertItems([item], beforeItem: items[position])
            } else {
                try snapshot.appendItems([item], toSection: section)
            }
        }
    }
}

@MainActor final class SliceNumberCell: LabelView, ConfigurableView {
    func configure(with number: Int) {
        text = "\(number)"
        configurations += 1
    }
}

/// A plugin that keeps a row (1000) at the end of the last section and puts 1000 + n right after
/// every multiple of 5, n.
final class SliceDecoratingPlugin: ListPlugin {
    func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {
        try? snapshot.delete([1000])
        try? snapshot.append([1000])
        for item in snapshot.items {
            guard let number = item.base as? Int, number < 1000, number > 0, number % 5 == 0,
                !snapshot.contains(AnyHashable(1000 + number))
            else { continue }
            try? snapshot.insert([1000 + number], after: item)
        }
    }
}

/// A slice's items as `Int`s.
@MainActor
func numbers(_ slice: ListSlice<Section>) throws -> [Int] {
    try slice.items.map { $0.base as! Int }
}

@MainActor
@Suite("ListSlice")
struct ListSliceTests {
    // MARK: - The checklist scenario

    @Test(
        "S1=[0,2), S2=[2,4): S1.append → [0,3) and [3,5); a parent insert at S1's upper bound shifts only S2; deleteIfNeeded past the end is a no-op",
        arguments: HostKind.allCases)
    func checklistScenario(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [10, 11, 12, 13, 14])
        let s1 = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        let s2 = try screen.dataSource.makeSlice(in: .main, range: 2..<4)

        try s1.append([99])
        #expect(try s1.range == 0..<3)
        #expect(try s2.range == 3..<5)
        #expect(screen.items() == [10, 11, 99, 12, 13, 14])

        try screen.parentInsert(50, at: 3)
        #expect(try s1.range == 0..<3)
        #expect(try s2.range == 4..<6)
        #expect(try numbers(s1) == [10, 11, 99])
        #expect(try numbers(s2) == [12, 13])

        let updates = screen.updates.count
        try s2.deleteIfNeeded(from: 5)
        #expect(try s2.range == 4..<6)
        #expect(screen.updates.count == updates)
        #expect(s2[0] == screen.dataSource.item(at: ListIndexPath(item: 4, section: 0)))
        #expect(screen.problems == [])
    }

    // MARK: - Index math

    @Test(
        "local indexes count from the range's lower bound; the subscript is nil outside the slice and never reads a neighbour",
        arguments: HostKind.allCases)
    func indexMath(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4, 5])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 2..<5)
        #expect(try slice.range.count == 3)
        #expect(try slice.range == 2..<5)  // local l is position 2 + l
        #expect(try slice.localIndex(of: 2) == 0)
        #expect(try slice.localIndex(of: 4) == 2)
        #expect(try slice.localIndex(of: 5) == nil)
        #expect(try slice.localIndex(of: 1) == nil)
        #expect(slice[0] == AnyHashable(2))
        #expect(slice[2] == AnyHashable(4))
        #expect(slice[3] == nil)
        #expect(slice[-1] == nil)
        #expect(try slice.localIndex(of: AnyHashable(3)) == 1)
        #expect(try slice.localIndex(of: AnyHashable(5)) == nil)
        #expect(try slice.localIndex(of: AnyHashable(42)) == nil)
        #expect(screen.problems == [])
    }

    // MARK: - Edits through a slice

    @Test(
        "every edit through a slice changes only positions inside it, and its bounds and the later slices' follow the edit table",
        arguments: HostKind.allCases)
    func editsStayInside(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4, 5, 6])
        let before = try screen.dataSource.makeSlice(in: .main, range: 0..<1)
        let slice = try screen.dataSource.makeSlice(in: .main, range: 2..<5)
        let after = try screen.dataSource.makeSlice(in: .main, range: 5..<6)

        try slice.insert([20, 21], at: 1)
        #expect(screen.items() == [0, 1, 2, 20, 21, 3, 4, 5, 6])
        #expect(try slice.range == 2..<7)
        #expect(try after.range == 7..<8)
        #expect(try before.range == 0..<1)

        try slice.delete(at: 0)
        #expect(screen.items() == [0, 1, 20, 21, 3, 4, 5, 6])
        #expect(try slice.range == 2..<6)
        #expect(try after.range == 6..<7)

        try slice.move(from: 0, to: 3)
        #expect(try numbers(slice) == [21, 3, 4, 20])
        try slice.move(from: 3, to: 1)
        #expect(try numbers(slice) == [21, 20, 3, 4])
        #expect(try slice.range == 2..<6)

        try slice.replace(at: 2, with: 30)
        #expect(try numbers(slice) == [21, 20, 30, 4])

        try slice.setItems([7, 8])
        #expect(screen.items() == [0, 1, 7, 8, 5, 6])
        #expect(try slice.range == 2..<4)
        #expect(try after.range == 4..<5)

        try slice.deleteIfNeeded(from: 1)
        #expect(screen.items() == [0, 1, 7, 5, 6])
        #expect(try slice.range == 2..<3)
        try slice.deleteIfNeeded(from: 0)
        #expect(try slice.range == 2..<2)
        #expect(try after.range == 2..<3)
        #expect(screen.items() == [0, 1, 5, 6])

        // The positions outside every slice (the parent's) never moved relative to each other.
        #expect(try numbers(before) == [0])
        #expect(try numbers(after) == [5])
        #expect(screen.problems == [])
    }

    @Test("a reconfigure through a slice configures its item again in place", arguments: HostKind.allCases)
    func reconfigure(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<3)
        let harness = try #require(screen.harness)
        let cell = try #require(harness.cell(at: ListIndexPath(item: 2, section: 0)))
        let reconfigured = harness.reconfiguredInPlace
        try slice.reconfigure(at: 1)
        #expect(harness.reconfiguredInPlace == reconfigured + 1)
        #expect(harness.cell(at: ListIndexPath(item: 2, section: 0)) === cell)
        #expect(screen.updates.last == "reconfigure 0.2")
        #expect(screen.problems == [])
    }

    @Test(
        "a local index out of range is a typed error that changes nothing; deleteIfNeeded out of range is a no-op",
        arguments: HostKind.allCases)
    func outOfRange(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<3)
        let snapshot = screen.dataSource.snapshot()
        let updates = screen.updates
        #expect(throws: SliceError.indexOutOfRange(index: 3, valid: 0..<3)) { try slice.insert([9], at: 3) }
        #expect(throws: SliceError.indexOutOfRange(index: 2, valid: 0..<2)) { try slice.delete(at: 2) }
        #expect(throws: SliceError.indexOutOfRange(index: -1, valid: 0..<2)) { try slice.delete(at: -1) }
        #expect(throws: SliceError.indexOutOfRange(index: 2, valid: 0..<2)) { try slice.move(from: 0, to: 2) }
        #expect(throws: SliceError.indexOutOfRange(index: 5, valid: 0..<2)) { try slice.replace(at: 5, with: 9) }
        #expect(throws: SliceError.indexOutOfRange(index: 2, valid: 0..<2)) { try slice.reconfigure(at: 2) }
        try slice.deleteIfNeeded(from: 2)
        try slice.deleteIfNeeded(from: -3)
        #expect(screen.dataSource.snapshot() == snapshot)
        #expect(screen.updates == updates)
        #expect(try slice.range == 1..<3)
        #expect(
            "\(SliceError.indexOutOfRange(index: 3, valid: 0..<3))"
                == "local index 3 is not in 0..<3, the indexes of the slice this edit accepts")
        #expect(screen.problems == [])
    }

    @Test(
        "a duplicate or unregistered item is refused with the snapshot's or the data source's error, and nothing changes",
        arguments: HostKind.allCases)
    func badItems(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<2)
        let snapshot = screen.dataSource.snapshot()
        #expect {
            try slice.append([3])
        } throws: { error in
            guard case .snapshot(let inner) = error as? SliceError else { return false }
            return inner.rule == .duplicateItem
        }
        #expect {
            try slice.setItems([7, 0])
        } throws: { error in
            guard case .snapshot(let inner) = error as? SliceError else { return false }
            return inner.rule == .duplicateItem
        }
        #expect {
            try slice.append([Plain(name: "unregistered")])
        } throws: { error in
            guard case .dataSource(.noCellRegistration(_, let type, let path, _)) = error as? SliceError else {
                return false
            }
            return type.hasSuffix("Plain") && path == ListIndexPath(item: 2, section: 0)
        }
        #expect(screen.dataSource.snapshot() == snapshot)
        #expect(try slice.range == 1..<2)
        #expect(screen.problems == [])
    }

    @Test(
        "an item already in the snapshot is refused as a duplicate that names it, even when it is the item an insert lands before",
        arguments: HostKind.allCases)
    func duplicateOfTheNeighbour(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<2)  // 1; 2 comes right after it
        let snapshot = screen.dataSource.snapshot()
        func duplicate(_ item: Int) -> SliceError {
            .snapshot(SnapshotError(.duplicateItem, identifier: AnyHashable(item)))
        }
        #expect(throws: duplicate(2)) { try slice.append([2]) }
        #expect(throws: duplicate(1)) { try slice.insert([7, 1], at: 0) }
        // The first duplicate, as appending names it.
        #expect(throws: duplicate(7)) { try slice.insert([7, 7, 1], at: 0) }
        #expect(throws: duplicate(2)) { try slice.setItems([7, 2]) }
        #expect("\(duplicate(2))".contains("must be unique"))
        #expect(screen.dataSource.snapshot() == snapshot)
        #expect(try slice.range == 1..<2)
        #expect(screen.problems == [])
    }

    // MARK: - Making slices

    @Test(
        "slices never overlap; an empty slice may touch others but not sit inside one; ranges and sections are checked",
        arguments: HostKind.allCases)
    func making(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [(.main, [0, 1, 2, 3]), (.more, [])])
        let dataSource = screen.dataSource
        let first = try dataSource.makeSlice(in: .main, range: 1..<3)
        #expect(throws: SliceError.overlaps(range: 2..<4, existing: 1..<3, section: "CellKitTests.Section.main")) {
            try dataSource.makeSlice(in: .main, range: 2..<4)
        }
        #expect(throws: SliceError.overlaps(range: 0..<4, existing: 1..<3, section: "CellKitTests.Section.main")) {
            try dataSource.makeSlice(in: .main, range: 0..<4)
        }
        #expect(throws: SliceError.overlaps(range: 2..<2, existing: 1..<3, section: "CellKitTests.Section.main")) {
            try dataSource.makeSlice(in: .main, range: 2..<2)
        }
        #expect(throws: SliceError.rangeOutOfBounds(range: 3..<5, section: "CellKitTests.Section.main", itemCount: 4)) {
            try dataSource.makeSlice(in: .main, range: 3..<5)
        }
        #expect(throws: SliceError.rangeOutOfBounds(range: -1..<0, section: "CellKitTests.Section.main", itemCount: 4))
        {
            try dataSource.makeSlice(in: .main, range: -1..<0)
        }
        #expect(throws: SliceError.sectionNotFound(section: "CellKitTests.Section.last")) {
            try dataSource.makeSlice(in: .last, range: 0..<0)
        }
        let touching = try [
            dataSource.makeSlice(in: .main, range: 1..<1),
            dataSource.makeSlice(in: .main, range: 3..<3),
            dataSource.makeSlice(in: .main, range: 3..<4),
            dataSource.makeSlice(in: .more, range: 0..<0),
        ]
        #expect(try touching.map { try $0.range } + [first.range] == [1..<1, 3..<3, 3..<4, 0..<0, 1..<3])
        #expect(dataSource._sliceInvariantViolation == nil)
        #expect(screen.problems == [])
    }

    @Test("a released slice hands its positions back: a new slice may take them", arguments: HostKind.allCases)
    func release(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        var slice: ListSlice<Section>? = try screen.dataSource.makeSlice(in: .main, range: 1..<3)
        #expect(slice != nil)
        #expect(throws: SliceError.self) { try screen.dataSource.makeSlice(in: .main, range: 2..<3) }
        slice = nil
        let taker = try screen.dataSource.makeSlice(in: .main, range: 2..<3)
        #expect(try numbers(taker) == [2])
        #expect(screen.dataSource._sliceCount == 1)
        #expect(screen.problems == [])
    }

    // MARK: - Boundary ownership

    @Test(
        "at a shared boundary the originator keeps its items: S1.append grows S1, an empty slice there takes its own append, the parent's insert belongs to neither",
        arguments: HostKind.allCases)
    func boundaryOwnership(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        let s1 = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        let empty = try screen.dataSource.makeSlice(in: .main, range: 2..<2)
        let s2 = try screen.dataSource.makeSlice(in: .main, range: 2..<4)

        try s1.append([10])
        #expect(try [s1.range, empty.range, s2.range] == [0..<3, 3..<3, 3..<5])
        try empty.append([20])
        #expect(try [s1.range, empty.range, s2.range] == [0..<3, 3..<4, 4..<6])
        try s2.insert([30], at: 0)
        #expect(try [s1.range, empty.range, s2.range] == [0..<3, 3..<4, 4..<7])
        #expect(try numbers(s1) == [0, 1, 10])
        #expect(try numbers(empty) == [20])
        #expect(try numbers(s2) == [30, 2, 3])

        try empty.deleteIfNeeded(from: 0)
        #expect(try [s1.range, empty.range, s2.range] == [0..<3, 3..<3, 3..<6])
        // The parent inserts at the shared position: after S1, before the empty slice and S2.
        try screen.parentInsert(40, at: 3)
        #expect(try [s1.range, empty.range, s2.range] == [0..<3, 4..<4, 4..<7])
        #expect(screen.items() == [0, 1, 10, 40, 30, 2, 3])
        // An edit through S1 at its end goes before the empty slice, which shifts.
        try s1.insert([50], at: 3)
        #expect(try [s1.range, empty.range, s2.range] == [0..<4, 5..<5, 5..<8])
        #expect(screen.items() == [0, 1, 10, 50, 40, 30, 2, 3])
        #expect(screen.problems == [])
    }

    // MARK: - Edits of the parent

    @Test(
        "parent inserts: before or at the lower bound shift, strictly inside grow, at the upper bound leave the slice as it is",
        arguments: HostKind.allCases)
    func parentInserts(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<3)
        try screen.parentInsert(10, at: 0)
        #expect(try slice.range == 2..<4)
        try screen.parentInsert(11, at: 2)  // == lower
        #expect(try slice.range == 3..<5)
        try screen.parentInsert(12, at: 4)  // inside
        #expect(try slice.range == 3..<6)
        try screen.parentInsert(13, at: 6)  // == upper
        #expect(try slice.range == 3..<6)
        #expect(try numbers(slice) == [1, 12, 2])
        #expect(screen.problems == [])
    }

    @Test(
        "parent deletes: before shift, inside shrink down to an empty slice that stays in place, after change nothing",
        arguments: HostKind.allCases)
    func parentDeletes(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<3)
        try screen.parent { try $0.deleteItems([0]) }
        #expect(try slice.range == 0..<2)
        try screen.parent { try $0.deleteItems([4]) }
        #expect(try slice.range == 0..<2)
        try screen.parent { try $0.deleteItems([1, 2]) }
        #expect(try slice.range == 0..<0)
        #expect(try slice.range.count == 0)
        #expect(!slice.isDetached)
        try slice.append([7])
        #expect(screen.items() == [7, 3])
        #expect(screen.problems == [])
    }

    @Test(
        "a parent apply with many changes is followed in one pass: survivors stay, a moved item stays when it lands in or at the edge of its slice, joins one it lands strictly inside, and leaves otherwise",
        arguments: HostKind.allCases)
    func parentBatch(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4, 5, 6, 7])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 2..<6)  // 2 3 4 5
        // Delete 0 and 3; insert 20 before 2 (at the lower bound: the parent's); move 5 to the slice's
        // front (it stays); insert 21 after 4, which is then the slice's end (at the upper bound: the parent's).
        try screen.parent { snapshot in
            try snapshot.deleteItems([0, 3])
            try snapshot.insertItems([20], beforeItem: 2)
            try snapshot.insertItems([21], afterItem: 4)
            try snapshot.moveItem(5, beforeItem: 2)
        }
        #expect(screen.items() == [1, 20, 5, 2, 4, 21, 6, 7])
        #expect(try numbers(slice) == [5, 2, 4])
        // 5 moves far out of the slice and leaves it; 1 moves strictly inside and joins it.
        try screen.parent { snapshot in
            try snapshot.moveItem(5, afterItem: 7)
            try snapshot.moveItem(1, afterItem: 2)
        }
        #expect(screen.items() == [20, 2, 1, 4, 21, 6, 7, 5])
        #expect(try numbers(slice) == [2, 1, 4])
        #expect(screen.problems == [])
    }

    @Test(
        "items the parent moves out of a section it deletes are inserted where they land: strictly inside a slice they join it, at its lower bound they do not",
        arguments: HostKind.allCases)
    func parentMovesOutOfDeletedSection(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [(.main, [0, 1, 2, 3]), (.more, [10, 11])])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<3)  // 1 2
        try screen.parent { snapshot in
            try snapshot.moveItem(11, beforeItem: 1)
            try snapshot.moveItem(10, beforeItem: 2)
            try snapshot.deleteSections([.more])
        }
        // The diff cannot move an item out of a deleted section: it inserts 11 at the lower bound
        // (outside) and 10 strictly inside (it joins).
        #expect(screen.items() == [0, 11, 1, 10, 2, 3])
        #expect(try numbers(slice) == [1, 10, 2])
        #expect(try slice.range == 2..<5)
        #expect(screen.problems == [])
    }

    @Test("the parent reordering a slice's items keeps them all in the slice", arguments: HostKind.allCases)
    func parentReordersInside(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3, 4])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<4)
        try screen.parent { try $0.moveItem(1, afterItem: 3) }  // 2 3 1: the diff moves 1 to the slice's end
        #expect(try numbers(slice) == [2, 3, 1])
        try screen.parent { try $0.moveItem(1, beforeItem: 2) }  // back to the front
        #expect(try numbers(slice) == [1, 2, 3])
        #expect(try slice.range == 1..<4)
        #expect(screen.problems == [])
    }

    @Test(
        "a slice follows its section when sections move, and an interactive move by the user inside it stays inside",
        arguments: HostKind.allCases)
    func sectionMovesAndUserMoves(kind: HostKind) throws {
        let harness = kind.make(width: 10, height: 8)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabelType(dataSource, NumberLabel.self)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try dataSource.apply(makeSnapshot([(.main, [0, 1]), (.more, [2, 3, 4, 5])]))
        let slice = try dataSource.makeSlice(in: .more, range: 1..<3)  // 3 4
        var moved = dataSource.snapshot()
        try moved.moveSection(.more, beforeSection: .main)
        try dataSource.apply(moved)
        #expect(try slice.range == 1..<3)
        #expect(try numbers(slice) == [3, 4])
        // Drag 4 to the slice's first position: the user's move stays in the slice.
        #expect(harness.beginReorder(ListIndexPath(item: 2, section: 0)))
        harness.reorderDrag(to: ListIndexPath(item: 1, section: 0))
        try harness.endReorder()
        #expect(try numbers(slice) == [4, 3])
        #expect(try slice.range == 1..<3)
        #expect(harness.render() == ["#2", "#4", "#3", "#5", "#0", "#1"])
        #expect(harness.problems == [])
    }

    // MARK: - Detaching

    @Test(
        "deleting or reloading the slice's section detaches it: every later read and edit throws, and it never attaches again",
        arguments: HostKind.allCases)
    func detaching(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [(.main, [0, 1]), (.more, [2, 3])])
        let deleted = try screen.dataSource.makeSlice(in: .more, range: 0..<1)
        let reloaded = try screen.dataSource.makeSlice(in: .main, range: 0..<1)
        try screen.parent { try $0.reloadSections([.main]) }
        #expect(reloaded.isDetached)
        #expect(throws: SliceError.detached(.sectionReloaded(section: "CellKitTests.Section.main"))) {
            try reloaded.append([9])
        }
        try screen.parent { try $0.deleteSections([.more]) }
        let reason = SliceError.DetachReason.sectionDeleted(section: "CellKitTests.Section.more")
        #expect(deleted.isDetached)
        #expect(throws: SliceError.detached(reason)) { try deleted.range }
        #expect(throws: SliceError.detached(reason)) { try deleted.items }
        #expect(throws: SliceError.detached(reason)) { try deleted.append([9]) }
        #expect(throws: SliceError.detached(reason)) { try deleted.deleteIfNeeded(from: 0) }
        #expect(deleted[0] == nil)
        // The section comes back with the same identifier and items: the slice stays detached.
        try screen.parent { snapshot in
            try snapshot.appendSections([.more])
            try snapshot.appendItems([2, 3], toSection: .more)
        }
        #expect(throws: SliceError.detached(reason)) { try deleted.range }
        #expect(
            "\(SliceError.detached(reason))"
                == "the slice is detached: its section CellKitTests.Section.more was deleted")
        #expect(screen.problems == [])
    }

    @Test("a slice whose data source was released is detached", arguments: HostKind.allCases)
    func dataSourceReleased(kind: HostKind) throws {
        var screen: SliceFixture? = try SliceFixture(kind, [0, 1])
        let slice = try screen!.dataSource.makeSlice(in: .main, range: 0..<1)
        #expect(screen?.problems == [])
        screen = nil
        #expect(slice.isDetached)
        #expect(throws: SliceError.detached(.dataSourceReleased)) { try slice.append([2]) }
    }

    // MARK: - Batches

    @Test(
        "edits through several slices in performSliceEdits are one apply: one batch on the host; reads inside see the edits so far",
        arguments: HostKind.allCases)
    func oneBatch(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [(.main, [0, 1, 2]), (.more, [3, 4])])
        let a = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        let b = try screen.dataSource.makeSlice(in: .main, range: 2..<3)
        let c = try screen.dataSource.makeSlice(in: .more, range: 0..<2)
        let updates = screen.updates.count
        try screen.dataSource.performSliceEdits {
            try a.append([10])
            #expect(try b.range == 3..<4)
            try b.delete(at: 0)
            try c.insert([11], at: 1)
            try a.batch { try a.move(from: 0, to: 2) }  // a nested batch joins the outer one
            #expect(try numbers(a) == [1, 10, 0])
        }
        #expect(Array(screen.updates.dropFirst(updates)) == ["delete 0.2; insert 0.1, 1.1; move 0.1 -> 0.0"])
        #expect(screen.items(.main) == [1, 10, 0])
        #expect(screen.items(.more) == [3, 11, 4])
        #expect(try [a.range, b.range, c.range] == [0..<3, 3..<3, 0..<3])
        #expect(screen.problems == [])
    }

    @Test(
        "a performSliceEdits body that throws applies nothing, and the slices made inside it are detached",
        arguments: HostKind.allCases)
    func failedBatch(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2])
        let a = try screen.dataSource.makeSlice(in: .main, range: 0..<1)
        let snapshot = screen.dataSource.snapshot()
        var made: ListSlice<Section>?
        #expect(throws: SliceError.indexOutOfRange(index: 9, valid: 0..<3)) {
            try screen.dataSource.performSliceEdits {
                try a.append([10])
                made = try screen.dataSource.makeSlice(in: .main, range: 2..<3)
                try a.insert([11], at: 9)
            }
        }
        #expect(screen.dataSource.snapshot() == snapshot)
        #expect(try a.range == 0..<1)
        #expect(throws: SliceError.detached(.creationUndone)) { try made?.range }
        // Its positions are free again.
        _ = try screen.dataSource.makeSlice(in: .main, range: 2..<3)
        #expect(screen.problems == [])
    }

    // MARK: - Queued edits and rejected updates

    @Test(
        "from an event handler, a parent apply and a slice edit are both queued; the slice edit works on the queued snapshot",
        arguments: HostKind.allCases)
    func queuedFromHandler(kind: HostKind) throws {
        let harness = kind.make(width: 10, height: 8)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabelType(dataSource, NumberLabel.self)
        try dataSource.apply(makeSnapshot([0, 1, 2, 3]))
        let slice = try dataSource.makeSlice(in: .main, range: 2..<4)
        var failure: SliceError?
        var rangeAfterParent: Range<Int>?
        dataSource.onSelect = { [unowned dataSource] _, _ in
            var snapshot = dataSource.snapshot()
            try? snapshot.insertItems([10, 11], beforeItem: 0)
            try? dataSource.apply(snapshot)
            do throws(SliceError) {
                rangeAfterParent = try slice.range
                try slice.insert([20], at: 0)
            } catch {
                failure = error
            }
        }
        harness.select(ListIndexPath(item: 0, section: 0))
        #expect(failure == nil)
        #expect(rangeAfterParent == 4..<6)
        #expect(dataSource.snapshot().itemIdentifiers == [10, 11, 0, 1, 20, 2, 3])
        #expect(try slice.range == 4..<7)
        #expect(harness.render() == ["#10", "#11", "#0", "#1", "#20", "#2", "#3"])
        #expect(harness.problems == [])
    }

    // Recording host only: the host rejects a valid batch on demand, which the text and UIKit hosts never do.
    @Test("an edit the host rejects throws, and the slices are where they were")
    func rejected() throws {
        let screen = try SliceFixture(recording: [0, 1, 2, 3])
        let host = try #require(screen.recordingHost)
        let a = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        let b = try screen.dataSource.makeSlice(in: .main, range: 2..<4)
        host.rejectBatch = 0
        #expect {
            try a.append([10])
        } throws: { error in
            guard case .dataSource(.hostRejectedUpdate) = error as? SliceError else { return false }
            return true
        }
        #expect(screen.items() == [0, 1, 2, 3])
        #expect(try [a.range, b.range] == [0..<2, 2..<4])
        host.rejectBatch = 0
        #expect(throws: DataSourceError.self) { try screen.parentInsert(10, at: 1) }
        #expect(try [a.range, b.range] == [0..<2, 2..<4])
        // A slice made in a batch the host rejects is detached with it.
        host.rejectBatch = 0
        var made: ListSlice<Section>?
        #expect(throws: SliceError.self) {
            try screen.dataSource.performSliceEdits {
                made = try screen.dataSource.makeSlice(in: .main, range: 4..<4)
                try made?.append([11])
            }
        }
        #expect(made?.isDetached == true)
        #expect(throws: SliceError.detached(.creationUndone)) { try made?.range }
        #expect(try [a.range, b.range] == [0..<2, 2..<4])
        try a.append([10])
        #expect(try [a.range, b.range] == [0..<3, 3..<5])
    }

    @Test(
        "an async apply whose diff started before another apply is followed from the snapshot it lands on",
        arguments: HostKind.allCases)
    func asyncApplyAfterAnother(kind: HostKind) async throws {
        let screen = try SliceFixture(kind, [0, 1, 2, 3])
        let dataSource = screen.dataSource
        let slice = try dataSource.makeSlice(in: .main, range: 1..<3)  // 1 2
        // While [10, 0, 1, 2, 3] is diffed from [0, 1, 2, 3], the parent inserts 9 inside the slice.
        dataSource._afterAsyncDiff = {
            dataSource._afterAsyncDiff = nil
            try? screen.parentInsert(9, at: 2)
        }
        try await dataSource.apply(makeSnapshot([10, 0, 1, 2, 3]))
        #expect(screen.items() == [10, 0, 1, 2, 3])
        #expect(try numbers(slice) == [1, 2])
        #expect(screen.problems == [])
    }

    // MARK: - Plugins

    @Test(
        "items a plugin adds (a row kept at the end, one put after every 5) are followed like the parent's",
        arguments: HostKind.allCases)
    func decoratedByPlugins(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        try screen.dataSource.attach(SliceDecoratingPlugin())
        try screen.dataSource.apply(screen.dataSource.snapshot())
        #expect(screen.items() == [0, 1, 1000])
        try slice.append([2])
        #expect(screen.items() == [0, 1, 2, 1000])
        #expect(try slice.range == 0..<3)
        // The plugin puts 1005 right after 5: strictly inside the slice, so the slice grows.
        try slice.insert([5], at: 1)
        #expect(screen.items() == [0, 5, 1005, 1, 2, 1000])
        #expect(try numbers(slice) == [0, 5, 1005, 1, 2])
        try slice.append([6])
        #expect(screen.items() == [0, 5, 1005, 1, 2, 6, 1000])
        #expect(screen.dataSource._sliceInvariantViolation == nil)
        #expect(screen.problems == [])
    }

    // MARK: - Readiness

    @Test(
        "slice edits before the first apply change the snapshot only; the first apply shows them with one reload and makes each slice ready once",
        arguments: HostKind.allCases)
    func readiness(kind: HostKind) throws {
        let harness = kind.make(width: 12, height: 6)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabelType(dataSource, NumberLabel.self)
        let start = harness.updates.count
        try dataSource.prepare(makeSnapshot([0, 1]))
        #expect(!dataSource.isAttachedToHost)
        let slice = try dataSource.makeSlice(in: .main, range: 1..<1)
        #expect(!slice.isReady)
        var ready = 0
        slice.onReady = { [weak slice] in
            ready += 1
            #expect(slice?.isReady == true)
            try? slice?.append([3])  // queued after the apply that made the slice ready
        }
        try slice.append([2])
        #expect(dataSource.snapshot().itemIdentifiers == [0, 2, 1])
        #expect(harness.updates.count == start)
        #expect(ready == 0)

        try dataSource.apply(dataSource.snapshot())
        #expect(ready == 1)
        #expect(dataSource.isAttachedToHost)
        #expect(Array(harness.updates.dropFirst(start)) == ["reload data", "insert 0.2"])
        #expect(harness.screen() == ["#0", "#2", "#3", "#1", "", ""])
        try dataSource.apply(dataSource.snapshot())
        #expect(ready == 1)
        // A slice made now is ready from the start; its onReady is never called.
        let late = try dataSource.makeSlice(in: .main, range: 0..<1)
        #expect(late.isReady)
        #expect(harness.problems == [])
    }

    @Test(
        "before the first apply, an edit from a configuration closure is refused as an apply would be",
        arguments: HostKind.allCases)
    func editWhileConfiguringBeforeAttach(kind: HostKind) throws {
        let harness = kind.make(width: 12, height: 4)
        let dataSource = harness.makeDataSource(Section.self)
        var slice: ListSlice<Section>?
        var errors: [SliceError] = []
        harness.registerLabel(dataSource, for: Int.self) { _, number in
            do throws(SliceError) { try slice?.append([number + 100]) } catch { errors.append(error) }
            return "#\(number)"
        }
        try dataSource.prepare(makeSnapshot([0, 1]))
        slice = try dataSource.makeSlice(in: .main, range: 0..<2)
        #expect(harness.render() == ["#0", "#1"])  // the host loads the prepared snapshot and configures its rows
        #expect(errors == [.dataSource(.applyWhileConfiguringView), .dataSource(.applyWhileConfiguringView)])
        #expect(dataSource.snapshot().itemIdentifiers == [0, 1])
        #expect(try slice?.range == 0..<2)
        #expect(harness.problems == [])
    }

    @Test(
        "an app's first apply with no prepared snapshot animates as before, and readiness fires for nothing",
        arguments: HostKind.allCases)
    func firstApplyWithoutPrepare(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1])
        #expect(screen.dataSource.isAttachedToHost)
        #expect(Array(screen.updates.dropFirst(screen.updatesBeforeFirstApply)) == ["insert section 0"])
        #expect(screen.problems == [])
    }

    // MARK: - Work

    @Test(
        "slices cost applies nothing without slices, reuse the apply's diff when it runs at once, and diff once when it is queued",
        arguments: HostKind.allCases)
    func diffCount(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [0, 1, 2])
        try screen.parentInsert(3, at: 0)
        #expect(screen.dataSource._workCounts.sliceDiffs == 0)
        let slice = try screen.dataSource.makeSlice(in: .main, range: 1..<2)
        try screen.parentInsert(4, at: 0)
        try slice.append([5])
        #expect(screen.dataSource._workCounts.sliceDiffs == 0)
        try screen.dataSource.apply(screen.dataSource.snapshot(), animatingDifferences: false)
        #expect(screen.dataSource._workCounts.sliceDiffs == 1)
        #expect(try numbers(slice) == [0, 5])
        #expect(screen.problems == [])
    }

    @Test("an edit through a slice visits only the slices of its own section", arguments: HostKind.allCases)
    func workPerEdit(kind: HostKind) throws {
        let screen = try SliceFixture(kind, [(.main, [0, 1]), (.more, Array(10..<60))])
        let slice = try screen.dataSource.makeSlice(in: .main, range: 0..<1)
        let others = try (0..<50).map { try screen.dataSource.makeSlice(in: .more, range: $0..<($0 + 1)) }
        let work = screen.dataSource._workCounts.sliceWork
        try slice.append([5])
        #expect(screen.dataSource._workCounts.sliceWork - work <= 1)
        #expect(others.count == 50)
        #expect(screen.problems == [])
    }
}
