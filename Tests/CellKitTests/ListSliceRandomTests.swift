@_spi(Testing) @_spi(ListHost) @testable import CellKit
import CellKitText
import DiffableStore
import Foundation
import HostHarness
import SeededRandom
import Testing

// Slices under random parent and slice edits, checked step by step against an array model that applies
// the rules of the edit tables one position at a time, and against a brand-new list (the render
// invariant).

/// A slice as the model sees it.
@MainActor
final class ModelSlice {
    let slice: ListSlice<Int>
    var section: Int
    var lower: Int
    var upper: Int
    var detached: SliceError.DetachReason?
    init(_ slice: ListSlice<Int>, section: Int, range: Range<Int>) {
        self.slice = slice
        self.section = section
        lower = range.lowerBound
        upper = range.upperBound
    }
    var count: Int { upper - lower }
    func shift(_ delta: Int) {
        lower += delta
        upper += delta
    }
}

/// The model: sections and their items, and the slices of each section in position order.
@MainActor
struct SliceModel {
    var sections: [Int] = []
    var items: [Int: [AnyHashable]] = [:]
    var order: [Int: [ModelSlice]] = [:]
    /// Every slice the test still holds (live or detached), in the order they were made.
    var all: [ModelSlice] = []

    var snapshot: Snapshot<Int, AnyHashable> {
        get throws {
            var snapshot = Snapshot<Int, AnyHashable>()
            try snapshot.appendSections(sections)
            for section in sections { try snapshot.appendItems(items[section]!, toSection: section) }
            return snapshot
        }
    }

    var live: [ModelSlice] { all.filter { $0.detached == nil } }

    func later(than slice: ModelSlice) -> ArraySlice<ModelSlice> {
        let slices = order[slice.section]!
        return slices[(slices.firstIndex { $0 === slice }! + 1)...]
    }

    /// The originator's count changed by `delta` at its own position: it grows, the later ones shift.
    func grow(_ slice: ModelSlice, by delta: Int) {
        for other in later(than: slice) { other.shift(delta) }
        slice.upper += delta
    }

    /// The parent inserted an item at `position` of `section` (after removals, for a move: `origin`).
    func parentInserted(at position: Int, in section: Int, origin: ModelSlice? = nil) {
        if let origin, origin.section == section, origin.detached == nil, origin.lower <= position,
            position <= origin.upper
        {
            grow(origin, by: 1)
            return
        }
        for slice in order[section] ?? [] {
            if slice.lower >= position { slice.shift(1) } else if position < slice.upper { slice.upper += 1 }
        }
    }

    /// The parent removed the item at `position` of `section`; returns the slice it was in.
    func parentRemoved(at position: Int, in section: Int) -> ModelSlice? {
        var owner: ModelSlice?
        for slice in order[section] ?? [] {
            if position < slice.lower {
                slice.shift(-1)
            } else if position < slice.upper {
                slice.upper -= 1
                owner = slice
            }
        }
        return owner
    }

    mutating func detachAll(in section: Int, _ reason: SliceError.DetachReason) {
        for slice in order[section] ?? [] { slice.detached = reason }
        order[section] = nil
    }

    mutating func add(_ slice: ModelSlice) {
        var slices = order[slice.section] ?? []
        let p = slice.lower
        let index = slices.firstIndex { !($0.lower < p || ($0.lower == p && $0.upper == p)) } ?? slices.count
        slices.insert(slice, at: index)
        order[slice.section] = slices
        all.append(slice)
    }

    mutating func release(_ slice: ModelSlice) {
        all.removeAll { $0 === slice }
        order[slice.section]?.removeAll { $0 === slice }
        if order[slice.section]?.isEmpty == true { order[slice.section] = nil }
    }

    /// The range of a live slice overlapping `range` in `section`.
    func overlap(_ range: Range<Int>, in section: Int) -> Range<Int>? {
        for slice in order[section] ?? [] where range.lowerBound < slice.upper && slice.lower < range.upperBound {
            return slice.lower..<slice.upper
        }
        return nil
    }

    /// Copies every slice's place, to put back when a batch of edits fails.
    func places() -> [(ModelSlice, Int, Int)] { all.map { ($0, $0.lower, $0.upper) } }
    func restore(_ places: [(ModelSlice, Int, Int)]) {
        for (slice, lower, upper) in places {
            slice.lower = lower
            slice.upper = upper
        }
    }
}

/// Replays a seeded random sequence of slice edits, parent applies (single edits the model follows
/// exactly, and mixed ones checked by identity), releases, scrolls and selections whose handler edits a
/// slice; checks the model and the render invariant after every step, on a host of `kind`. Returns the
/// first failure.
@MainActor
func runSliceRandom(kind: HostKind, seed: UInt64, steps: Int) throws -> String? {
    let random = InvariantRandom(seed: seed)
    let screen = try HostInvariantScreen(kind)
    let harness = screen.harness
    let dataSource = screen.dataSource
    var model = SliceModel()
    var problems: [String] = []

    var nextID = 1
    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
    func newItem() -> AnyHashable { random.bool() ? AnyHashable(newID()) : AnyHashable(InvariantNote(id: newID())) }

    // The start: a prepared snapshot, then a few steps before the first apply.
    for _ in 0..<3 {
        let section = newID()
        model.sections.append(section)
        model.items[section] = (0..<random.int(in: 2...6)).map { _ in newItem() }
    }
    try dataSource.prepare(model.snapshot)
    let attachAt = random.int(in: 0...15)
    var readyCalls = 0
    var readyExpected = 0

    /// Checks a thrown error against the expected one.
    func expect(_ expected: SliceError?, _ body: () throws(SliceError) -> Void, _ what: String) {
        do {
            try body()
            if let expected { problems.append("\(what): expected \(expected), nothing was thrown") }
        } catch {
            if error != expected {
                problems.append("\(what): expected \(expected.map { "\($0)" } ?? "no error"), got \(error)")
            }
        }
    }

    /// One random edit through a slice, on the model and the data source. Throws what the slice threw
    /// (the model is left as the edit leaves it; batches put it back).
    func sliceEdit(_ target: ModelSlice) throws(SliceError) {
        let slice = target.slice
        let count = target.count
        var expected: SliceError?
        if let reason = target.detached { expected = .detached(reason) }
        func outOfRange(_ index: Int, _ valid: Range<Int>) -> Bool {
            if expected == nil && !valid.contains(index) { expected = .indexOutOfRange(index: index, valid: valid) }
            return expected != nil
        }
        func run(_ what: String, _ body: () throws(SliceError) -> Void) throws(SliceError) {
            do {
                try body()
                if let expected {
                    problems.append(
                        "\(what) on \(target.lower)..<\(target.upper): expected \(expected), nothing was thrown")
                }
            } catch {
                if error != expected {
                    problems.append(
                        "\(what) on \(target.lower)..<\(target.upper): expected \(expected.map { "\($0)" } ?? "no error"), got \(error)"
                    )
                }
                throw error
            }
        }
        var items: [AnyHashable] { model.items[target.section]! }
        /// A local index: in `valid` four times in five, just outside it otherwise.
        func index(in valid: Range<Int>) -> Int {
            if valid.isEmpty || random.int(in: 0..<5) == 0 {
                return random.element([-1, valid.upperBound, valid.upperBound + 1])!
            }
            return random.int(in: valid)
        }
        switch random.int(in: 0..<9) {
        case 0, 1:
            let local = index(in: 0..<(count + 1))
            let new = (0..<random.int(in: 1...2)).map { _ in newItem() }
            if !outOfRange(local, 0..<(count + 1)) {
                model.items[target.section]!.insert(contentsOf: new, at: target.lower + local)
                model.grow(target, by: new.count)
            }
            try run("insert at \(local)") { () throws(SliceError) in try slice.insert(new, at: local) }
        case 2:
            // Append an item that is somewhere in the snapshot already, now and then.
            let existing =
                random.int(in: 0..<5) == 0 ? random.element(model.sections.flatMap { model.items[$0]! }) : nil
            let new = existing ?? newItem()
            if expected == nil, let existing {
                expected = .snapshot(SnapshotError(.duplicateItem, identifier: existing))
            } else if expected == nil {
                model.items[target.section]!.insert(new, at: target.upper)
                model.grow(target, by: 1)
            }
            try run("append") { () throws(SliceError) in try slice.append([new]) }
        case 3:
            let local = index(in: 0..<count)
            if !outOfRange(local, 0..<count) {
                model.items[target.section]!.remove(at: target.lower + local)
                model.grow(target, by: -1)
            }
            try run("delete at \(local)") { () throws(SliceError) in try slice.delete(at: local) }
        case 4:
            let local = index(in: 0..<count)
            if expected == nil, local >= 0, local < count {
                model.items[target.section]!.removeSubrange((target.lower + local)..<target.upper)
                model.grow(target, by: local - count)
            }
            try run("deleteIfNeeded from \(local)") { () throws(SliceError) in try slice.deleteIfNeeded(from: local) }
        case 5:
            let source = index(in: 0..<count)
            let destination = index(in: 0..<count)
            if !outOfRange(source, 0..<count) && !outOfRange(destination, 0..<count) {
                let item = model.items[target.section]!.remove(at: target.lower + source)
                model.items[target.section]!.insert(item, at: target.lower + destination)
            }
            try run("move \(source) -> \(destination)") { () throws(SliceError) in
                try slice.move(from: source, to: destination)
            }
        case 6:
            let local = index(in: 0..<count)
            let new = newItem()
            if !outOfRange(local, 0..<count) { model.items[target.section]![target.lower + local] = new }
            try run("replace at \(local)") { () throws(SliceError) in try slice.replace(at: local, with: new) }
        case 7:
            let local = index(in: 0..<count)
            _ = outOfRange(local, 0..<count)
            try run("reconfigure at \(local)") { () throws(SliceError) in try slice.reconfigure(at: local) }
        default:
            // New content: some of the old items, shuffled, and new ones.
            let old = expected == nil ? Array(items[target.lower..<target.upper]) : []
            var new = old.filter { _ in random.bool() }
            for index in new.indices.reversed() { new.swapAt(index, random.int(in: 0...index)) }
            new += (0..<random.int(in: 0...2)).map { _ in newItem() }
            if expected == nil {
                model.items[target.section]!.replaceSubrange(target.lower..<target.upper, with: new)
                model.grow(target, by: new.count - old.count)
            }
            try run("setItems") { () throws(SliceError) in try slice.setItems(new) }
        }
    }

    /// A random slice the test holds: now and then a detached one.
    func randomSlice() -> ModelSlice? {
        random.int(in: 0..<6) == 0 ? random.element(model.all) : random.element(model.live) ?? random.element(model.all)
    }

    /// A random edit through a random slice.
    func randomSliceEdit() {
        guard let target = randomSlice() else { return }
        try? sliceEdit(target)
    }

    // A selection's handler edits a slice: queued, it works on the snapshot as the queue leaves it.
    dataSource.onSelect = { _, _ in randomSliceEdit() }
    // The handler reaches the data source through the edits it calls: let go of it when the run ends.
    defer { dataSource.onSelect = nil }

    func parentApply(_ snapshot: Snapshot<Int, AnyHashable>, animated: Bool = true) throws {
        if dataSource.isAttachedToHost {
            try dataSource.apply(snapshot, animatingDifferences: animated)
        } else {
            try dataSource.prepare(snapshot)
        }
    }

    for step in 0..<steps {
        func fail(_ message: String) -> String { "\(kind) seed \(seed) step \(step): \(message)" }
        if step == attachAt {
            readyExpected = model.live.count
            for target in model.live { target.slice.onReady = { readyCalls += 1 } }
            try dataSource.apply(dataSource.snapshot())
            if readyCalls != readyExpected { return fail("\(readyCalls) onReady calls for \(readyExpected) slices") }
        }
        let attached = dataSource.isAttachedToHost
        let generation = dataSource._workCounts.snapshotsShown
        // Keep a few slices around: make one when there are few.
        let choice = model.live.count < 2 && random.bool() ? 9 : random.int(in: 0..<24)
        switch choice {
        case 0...6:
            randomSliceEdit()
        case 7, 8:
            // Several slices, one batch; an edit that throws discards the batch.
            let places = model.places()
            let items = model.items
            let before = dataSource.snapshot()
            var failed = false
            do {
                try dataSource.performSliceEdits {
                    for _ in 0..<random.int(in: 2...4) {
                        guard let target = randomSlice() else { return }
                        try sliceEdit(target)
                    }
                }
            } catch {
                failed = true
                model.restore(places)
                model.items = items
            }
            if attached && dataSource._workCounts.snapshotsShown - generation > 1 {
                return fail("a batch of slice edits made \(dataSource._workCounts.snapshotsShown - generation) applies")
            }
            if failed && dataSource.snapshot() != before { return fail("a failed batch changed the snapshot") }
        case 9...11:
            // Make a slice: mostly on free positions, sometimes anywhere (overlapping, out of bounds, in
            // a section that is not there).
            guard let section = random.element(model.sections + [-1]) else { break }
            let count = model.items[section]?.count ?? 0
            var lower = random.int(in: -1...(count + 1))
            var upper = lower + random.int(in: 0...2)
            let slices = model.order[section] ?? []
            func isFree(_ position: Int) -> Bool { !slices.contains { $0.lower <= position && position < $0.upper } }
            let starts = (0...count).filter { p in !slices.contains { $0.lower < p && p < $0.upper } }
            if model.items[section] != nil, random.int(in: 0..<4) != 0, let start = random.element(starts) {
                lower = start
                upper = start
                for _ in 0..<random.int(in: 0...3) where upper < count && isFree(upper) { upper += 1 }
            }
            let name = String(reflecting: section)
            var expected: SliceError?
            if model.items[section] == nil {
                expected = .sectionNotFound(section: name)
            } else if lower < 0 || upper > count {
                expected = .rangeOutOfBounds(range: lower..<upper, section: name, itemCount: count)
            } else if let existing = model.overlap(lower..<upper, in: section) {
                expected = .overlaps(range: lower..<upper, existing: existing, section: name)
            }
            do {
                let slice = try dataSource.makeSlice(in: section, range: lower..<upper)
                if let expected { problems.append("makeSlice \(lower)..<\(upper): expected \(expected)") }
                model.add(ModelSlice(slice, section: section, range: lower..<upper))
            } catch {
                if error != expected {
                    problems.append(
                        "makeSlice \(lower)..<\(upper): expected \(String(describing: expected)), got \(error)")
                }
            }
        case 12:
            // Release a slice the test holds: detached ones first.
            if let target = model.all.first(where: { $0.detached != nil })
                ?? (model.all.count > 3 ? random.element(model.all) : nil)
            {
                model.release(target)
            }
        case 13, 14:
            // The parent inserts or deletes one item.
            guard let section = random.element(model.sections) else { break }
            var items = model.items[section]!
            if random.bool() || items.isEmpty {
                let position = random.int(in: 0...items.count)
                items.insert(newItem(), at: position)
                model.parentInserted(at: position, in: section)
            } else {
                let position = random.int(in: 0..<items.count)
                items.remove(at: position)
                _ = model.parentRemoved(at: position, in: section)
            }
            model.items[section] = items
            try parentApply(model.snapshot, animated: random.int(in: 0..<8) != 0)
        case 15, 16:
            // The parent moves one item: far enough (or to another section) that the diff can only move it.
            guard let from = random.element(model.sections.filter { !model.items[$0]!.isEmpty }),
                let to = random.element(model.sections)
            else { break }
            let source = random.int(in: 0..<model.items[from]!.count)
            let item = model.items[from]!.remove(at: source)
            let destinations = (0...model.items[to]!.count).filter { from != to || abs($0 - source) >= 2 }
            guard let destination = random.element(destinations) else {
                model.items[from]!.insert(item, at: source)
                break
            }
            model.items[to]!.insert(item, at: destination)
            let origin = model.parentRemoved(at: source, in: from)
            model.parentInserted(at: destination, in: to, origin: origin)
            try parentApply(model.snapshot)
        case 17:
            // The parent inserts, deletes, moves or reloads a section.
            switch random.int(in: 0..<4) {
            case 0:
                let section = newID()
                model.sections.insert(section, at: random.int(in: 0...model.sections.count))
                model.items[section] = (0..<random.int(in: 0...3)).map { _ in newItem() }
                try parentApply(model.snapshot)
            case 1:
                guard model.sections.count > 1, let section = random.element(model.sections) else { break }
                model.sections.removeAll { $0 == section }
                model.items[section] = nil
                model.detachAll(in: section, .sectionDeleted(section: String(reflecting: section)))
                try parentApply(model.snapshot)
            case 2:
                guard let section = random.element(model.sections) else { break }
                model.sections.removeAll { $0 == section }
                model.sections.insert(section, at: random.int(in: 0...model.sections.count))
                try parentApply(model.snapshot)
            default:
                guard let section = random.element(model.sections) else { break }
                var snapshot = try model.snapshot
                try snapshot.reloadSections([section])
                model.detachAll(in: section, .sectionReloaded(section: String(reflecting: section)))
                try parentApply(snapshot)
            }
        case 18:
            // A mixed apply: checked by identity, then the model takes the slices' places from the data source.
            guard attached else { break }
            let before = dataSource.snapshot()
            var next = before
            for _ in 0..<random.int(in: 2...4) {
                try mutate(&next, random: random, newItem: newItem, newSection: newID, cardText: { "" })
            }
            let members = Dictionary(
                uniqueKeysWithValues: model.live.map { ($0.slice.id, Set((try? $0.slice.items) ?? [])) })
            try dataSource.apply(next)
            // The items the diff puts somewhere: inserted (new ones, and ones out of a deleted section,
            // which a batch cannot move) or moved. Only these may join or leave a slice.
            let placed = Set(
                Changeset(from: before, to: next).stages.flatMap { stage in
                    (stage.batch.insertedItems + stage.batch.movedItems.map(\.destination)).compactMap { path in
                        stage.snapshot.itemIdentifier(at: path)
                    }
                })
            for target in model.live {
                model.order[target.section] = nil
            }
            for target in model.live {
                guard let range = try? target.slice.range else {
                    guard next.indexOfSection(target.section) == nil else {
                        return fail("slice in \(target.section) detached, but its section is still there")
                    }
                    target.detached = .sectionDeleted(section: String(reflecting: target.section))
                    continue
                }
                let now = Set(try target.slice.items)
                let was = members[target.slice.id] ?? []
                for item in was
                where next.contains(item) && !placed.contains(item)
                    && next.sectionIdentifier(containingItem: item) == target.section && !now.contains(item)
                {
                    return fail("\(item) survived without being moved or inserted but left its slice")
                }
                for item in now where !was.contains(item) && !placed.contains(item) {
                    return fail("\(item) joined a slice without being inserted or moved")
                }
                target.lower = range.lowerBound
                target.upper = range.upperBound
            }
            model.sections = next.sectionIdentifiers
            model.items = Dictionary(
                uniqueKeysWithValues: model.sections.map { ($0, next.itemIdentifiers(inSection: $0)!) })
            for target in model.live.sorted(by: { ($0.lower, $0.upper) < ($1.lower, $1.upper) }) {
                model.order[target.section, default: []].append(target)
            }
            // Empty slices at one position keep the data source's order.
            for (section, slices) in model.order {
                let ids = dataSource._sliceOrder(inSection: section)
                model.order[section] = slices.sorted {
                    ids.firstIndex(of: $0.slice.id)! < ids.firstIndex(of: $1.slice.id)!
                }
            }
        case 19:
            harness.scroll(toLine: random.int(in: 0...max(0, harness.contentHeight)))
        case 20:
            harness.scroll(byLines: random.int(in: -6...6))
        default:
            // Select a visible row: the handler edits a slice.
            guard attached, let path = random.element(harness.host.indexPathsForVisibleItems) else { break }
            harness.select(path)
            harness.deselectAll()
        }

        // 1. The snapshot is the model's.
        let modelSnapshot = try model.snapshot
        if dataSource.snapshot() != modelSnapshot {
            return fail("the snapshot is\n\(dataSource.snapshot())\nthe model is\n\(modelSnapshot)")
        }
        if let problem = problems.first { return fail(problem) }
        // 2. Every slice is where the model says, with the model's items, or detached for the model's reason.
        for target in model.all {
            if let reason = target.detached {
                do {
                    _ = try target.slice.range
                    return fail("a slice is live, the model says detached (\(reason))")
                } catch {
                    if error != .detached(reason) {
                        return fail("a detached slice throws \(error), the model says \(reason)")
                    }
                }
                continue
            }
            let range: Range<Int>
            do { range = try target.slice.range } catch { return fail("a live slice throws \(error)") }
            if range != target.lower..<target.upper {
                return fail(
                    "a slice is at \(range), the model says \(target.lower)..<\(target.upper) in \(model.items[target.section]!)"
                )
            }
            if try target.slice.items != Array(model.items[target.section]![target.lower..<target.upper]) {
                return fail("a slice holds \(try target.slice.items)")
            }
        }
        if let broken = dataSource._sliceInvariantViolation {
            return fail(broken)
        }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        // 3. Once the host shows the data source: the screen equals a brand-new screen's.
        if dataSource.isAttachedToHost {
            let fresh = try HostInvariantScreen(kind)
            try fresh.dataSource.apply(dataSource.snapshot())
            fresh.harness.scroll(like: harness)
            let shown = harness.screen()
            let expected = fresh.harness.screen()
            if shown != expected { return fail("the list shows\n\(shown)\nbut a brand-new list shows\n\(expected)") }
        }
        if let problem = harness.problems.first { return fail(problem) }
    }
    return nil
}

@MainActor
@Suite("ListSlice under random edits")
struct ListSliceRandomTests {
    /// Steps in all per host (over four seeds): 2,000 in full, fewer where `CELLKIT_SLICE_STEPS` asks
    /// (`SeededRuns`).
    static var steps: Int { SeededRuns.length(2_000, .slice) }

    @Test(
        "parent and slice edits interleaved keep every slice where the array model puts it, and the list equals a brand-new one",
        arguments: HostKind.allCases, [UInt64(1), 2, 3, 4])
    func random(kind: HostKind, seed: UInt64) throws {
        let failure = try runSliceRandom(kind: kind, seed: seed, steps: Self.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
