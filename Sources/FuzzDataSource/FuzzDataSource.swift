@_spi(Testing) import CellKit
import CellKitText
import DiffableStore
import Foundation
import FuzzSupport

// Fuzz target: random snapshots and events through `UniversalDataSource` on a `TextListView`, with
// applies made again from event handlers and configuration closures, and invalid snapshots. See
// "Fuzzing and sanitizers" in CONTRIBUTING.md.

typealias ScreenSnapshot = Snapshot<Int, AnyHashable>

/// What the handlers of one case know and what they found wrong. It holds no view or data source
/// strongly: the data source's closures hold it.
@MainActor
final class Harness {
    weak var dataSource: UniversalDataSource<Int>?
    /// The snapshot the data source must show once the running step is over.
    var expected = ScreenSnapshot()
    /// How many applies the case itself is running (its own calls, not the queued ones).
    var applyDepth = 0
    /// How many more applies the event handlers may make in this step.
    var handlerBudget = 0
    /// Applies the event handlers made in this step (they run later, inside the data source).
    var handlerApplies = 0
    /// Whether the next apply from an event handler holds a value with no registration.
    var handlerSnapshotInvalid = false
    /// A snapshot the tile closure applies the next time it runs, and whether it is valid.
    var armed: (snapshot: ScreenSnapshot, valid: Bool)?
    var nextID = 1_000
    var problems: [String] = []
    /// The items on screen according to the display events, by identity.
    var displayed: Set<AnyHashable> = []

    /// An apply made from a handler or a closure returned: it runs after what is running now.
    func applied(_ snapshot: ScreenSnapshot) { expected = snapshot }

    /// The identity events follow: a tile by its id, anything else by its value.
    static func key(_ item: AnyHashable) -> AnyHashable {
        if let tile = item.base as? Tile { return "tile \(tile.id)" }
        return item
    }

    func tileConfigured() {
        guard let armed, let dataSource else { return }
        self.armed = nil
        do {
            try dataSource.apply(armed.snapshot)
            // The one rule: a configuration closure never applies, during an apply or outside one.
            problems.append("a configuration closure applied without an error (valid: \(armed.valid))")
            applied(armed.snapshot)
        } catch .applyWhileConfiguringView {
        } catch {
            problems.append("a configuration closure's apply threw \(error), not applyWhileConfiguringView")
        }
    }

    func handle(_ event: ListHostEvent) {
        switch event {
        case .willDisplay(let item, _):
            if !displayed.insert(Self.key(item)).inserted {
                problems.append("willDisplay of \(item), already displayed")
            }
            // Loading more when a note shows, now and then with a value that has no registration.
            if item.base is Note, handlerBudget > 0, let dataSource {
                handlerBudget -= 1
                var next = dataSource.snapshot()
                guard let last = next.sectionIdentifiers.last else { return }
                nextID += 1
                try? next.appendItemsChecked([Note(id: nextID)], toSection: last)
                let invalid = handlerSnapshotInvalid
                if invalid { try? next.appendItemsChecked([Stray(id: nextID)], toSection: last) }
                do {
                    try dataSource.apply(next)
                    handlerApplies += 1
                    if invalid { problems.append("an event handler applied an invalid snapshot without an error") }
                    applied(next)
                } catch .noCellRegistration where invalid {
                } catch {
                    problems.append("an event handler's apply threw \(error)")
                }
            }
        case .didEndDisplaying(let item, _):
            if displayed.remove(Self.key(item)) == nil { problems.append("didEndDisplaying of \(item), not displayed") }
        default:
            break
        }
    }

    /// An accordion: selecting an item deletes it, through an apply queued from the handler.
    func selected(_ item: AnyHashable) {
        guard handlerBudget > 0, let dataSource else { return }
        handlerBudget -= 1
        var next = dataSource.snapshot()
        guard (try? next.deleteItems([item])) != nil else { return }
        do {
            try dataSource.apply(next)
            handlerApplies += 1
            applied(next)
        } catch {
            problems.append("onSelect's apply threw \(error)")
        }
    }
}

/// Reads edits of `snapshot`: items inserted (tiles of one to three lines, notes, `Int`s and `Int8`s
/// drawn from the same values, so an insert can bring back a deleted `Int` as its `Int8` twin, now and
/// then a value with no registration), deleted and moved; a tile's text changed under its id; an `Int`
/// replaced in place by its `Int8` twin or the other way round (one identifier under `AnyHashable`,
/// two cells); sections inserted, deleted and moved; reload and reconfigure marks. Returns whether the
/// result holds an unregistered value.
@MainActor
func edit(_ snapshot: inout ScreenSnapshot, _ input: inout FuzzInput, harness: Harness) -> Bool {
    func newItem() -> AnyHashable {
        harness.nextID += 1
        switch input.int(in: 0..<10) {
        case 0..<4: return Tile(id: harness.nextID, text: tileText(&input))
        case 4..<6: return Note(id: harness.nextID)
        case 6..<8: return input.int(in: 0..<24)
        case 8: return Int8(input.int(in: 0..<24))
        default: return input.oneIn(3) ? AnyHashable(Stray(id: harness.nextID)) : AnyHashable(Note(id: harness.nextID))
        }
    }
    for _ in 0..<input.int(in: 1...5) {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        switch input.int(in: 0..<12) {
        case 0, 1, 2:
            let item = newItem()
            if let anchor = input.element(of: items), input.bool() {
                try? snapshot.insertItems([item], beforeItem: anchor)
            } else if let section = input.element(of: sections) {
                try? snapshot.appendItemsChecked([item], toSection: section)
            }
        case 3:
            if let item = input.element(of: items) { try? snapshot.deleteItems([item]) }
        case 4, 5:
            if let item = input.element(of: items), let anchor = input.element(of: items) {
                try? input.bool()
                    ? snapshot.moveItem(item, beforeItem: anchor) : snapshot.moveItem(item, afterItem: anchor)
            }
        case 6:
            if let tile = input.element(of: items.compactMap { $0.base as? Tile }) {
                let changed = Tile(id: tile.id, text: tileText(&input))
                if changed != tile, (try? snapshot.insertItems([changed], beforeItem: tile)) != nil {
                    try? snapshot.deleteItems([tile])
                }
            }
        case 7:
            // The same identifier as a value of another type, with a cell of its own, in place.
            let numbers = items.filter { $0.base is Int || $0.base is Int8 }
            if let number = input.element(of: numbers),
                let value = number.base as? Int ?? (number.base as? Int8).map(Int.init), (0..<128).contains(value)
            {
                let twin = number.base is Int ? AnyHashable(Int8(value)) : AnyHashable(value)
                var copy = snapshot
                if (try? copy.insertItems([AnyHashable(value + 1_000_000)], beforeItem: number)) != nil,
                    (try? copy.deleteItems([number])) != nil,
                    (try? copy.insertItems([twin], beforeItem: value + 1_000_000)) != nil,
                    (try? copy.deleteItems([value + 1_000_000])) != nil
                {
                    snapshot = copy
                }
            }
        case 8:
            harness.nextID += 1
            let section = harness.nextID
            if let anchor = input.element(of: sections), input.bool() {
                try? snapshot.insertSections([section], beforeSection: anchor)
            } else {
                try? snapshot.appendSections([section])
            }
            for _ in 0..<input.int(in: 0...3) { try? snapshot.appendItemsChecked([newItem()], toSection: section) }
        case 9:
            if let section = input.element(of: sections), sections.count > 1 { try? snapshot.deleteSections([section]) }
        case 10:
            if let section = input.element(of: sections), let anchor = input.element(of: sections) {
                try? input.bool()
                    ? snapshot.moveSection(section, beforeSection: anchor)
                    : snapshot.moveSection(section, afterSection: anchor)
            }
        default:
            switch input.int(in: 0..<3) {
            case 0: if let item = input.element(of: items) { try? snapshot.reloadItems([item]) }
            case 1: if let item = input.element(of: items) { try? snapshot.reconfigureItems([item]) }
            default: if let section = input.element(of: sections) { try? snapshot.reloadSections([section]) }
            }
        }
    }
    return snapshot.itemIdentifiers.contains { $0.base is Stray }
}

func tileText(_ input: inout FuzzInput) -> String {
    let word = ["red", "green", "blue", "gold"][input.int(in: 0..<4)]
    return (0..<input.int(in: 1...3)).map { $0 == 0 ? word : "more \(word)" }.joined(separator: "\n")
}

/// One case: a screen receives up to 40 steps of applies (animated or not, valid or not), scrolls and
/// selections, while event handlers and the tile closure apply again. After each step the data source
/// shows the snapshot last applied, the list renders what a brand-new screen given that snapshot
/// renders at the same scroll anchor, and the display events name exactly the items on screen; an
/// invalid apply throws `noCellRegistration` and changes nothing; an apply from a configuration closure
/// is refused, during an apply and outside one.
@MainActor
func fuzzDataSource(_ input: inout FuzzInput) {
    let kinds: [SupplementaryKind] = [[], [.header], [.header, .footer]][input.int(in: 0..<3)]
    let height = input.int(in: 1...9)
    let harness = Harness()
    let screen = Screen(height: height, kinds: kinds) { [harness] _ in harness.tileConfigured() }
    let list = screen.list
    let dataSource = screen.dataSource
    harness.dataSource = dataSource
    dataSource.onEvent = { [harness] event in harness.handle(event) }
    dataSource.onSelect = { [harness] item, _ in harness.selected(item) }
    dataSource.onApplyError = { [harness] error in harness.problems.append("onApplyError: \(error)") }
    var log: [String] = []
    func fail(_ message: String) -> Never {
        fuzzFailure(
            "\(message)\nsteps:\n  " + log.joined(separator: "\n  ")
                + "\nthe list shows:\n\(list.render())\nsnapshot:\n\(dataSource.snapshot())")
    }

    for _ in 0..<40 where !input.isExhausted {
        harness.handlerBudget = input.int(in: 0...2)
        harness.handlerApplies = 0
        harness.handlerSnapshotInvalid = input.oneIn(4)
        if input.oneIn(4) {
            var pending = dataSource.snapshot()
            let invalid = edit(&pending, &input, harness: harness)
            harness.armed = (pending, !invalid)
        }
        switch input.int(in: 0..<10) {
        case 0..<6:
            var next = dataSource.snapshot()
            let invalid = edit(&next, &input, harness: harness)
            let animated = !input.oneIn(6)
            log.append(
                "apply(\(next.numberOfItems) items\(invalid ? ", invalid" : "")\(animated ? "" : ", not animated"))")
            let before = (snapshot: dataSource.snapshot(), render: list.render())
            if !invalid { harness.expected = next }
            harness.applyDepth += 1
            do {
                try dataSource.apply(next, animatingDifferences: animated)
                if invalid { fail("an invalid snapshot was applied without an error") }
            } catch .noCellRegistration where invalid {
                if dataSource.snapshot() != before.snapshot || list.render() != before.render {
                    fail("the refused apply changed the screen")
                }
            } catch {
                fail("apply threw \(error)")
            }
            harness.applyDepth -= 1
        case 6:
            let line = input.int(in: 0...max(0, list.contentHeight))
            log.append("scroll(toLine: \(line))")
            list.scroll(toLine: line)
        case 7:
            let lines = input.int(in: -8...8)
            log.append("scrollBy(lines: \(lines))")
            list.scrollBy(lines: lines)
        case 8:
            log.append("scrollToEnd()")
            list.scrollToEnd()
        default:
            if let path = input.element(of: list.indexPathsForVisibleItems) {
                log.append("select(\(path))")
                _ = list.select(path)
            }
        }
        harness.armed = nil

        // Checks.
        let shown = list.render()
        if let problem = harness.problems.first { fail(problem) }
        if let broken = dataSource._checkInvariants().first { fail("the data source's parts disagree: \(broken)") }
        let current = dataSource.snapshot()
        let expected = harness.expected
        if current.sectionIdentifiers != expected.sectionIdentifiers
            || !isSameValues(current.itemIdentifiers, expected.itemIdentifiers)
        {
            fail("the data source shows\n\(current)\nnot the snapshot applied last\n\(expected)")
        }
        let fresh = Screen(height: height, kinds: kinds)
        do {
            try fresh.dataSource.apply(current, animatingDifferences: false)
        } catch {
            fail("a brand-new screen refuses the snapshot shown: \(error)")
        }
        if let anchor = list.scrollAnchor { _ = fresh.list.scroll(to: anchor) }
        let freshShown = fresh.list.render()
        if shown != freshShown {
            fail(
                "the list shows\n\(shown)\nbut a brand-new screen at its anchor (\(String(describing: list.scrollAnchor))) shows\n\(freshShown)"
            )
        }
        let visible = Set(list.indexPathsForVisibleItems.compactMap { dataSource.item(at: $0).map(Harness.key) })
        if harness.displayed != visible {
            fail("the events say \(harness.displayed) are displayed; the screen shows \(visible)")
        }
    }
}

#if CELLKIT_FUZZ
@_cdecl("FuzzDataSource_main")
func fuzzDataSourceMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { input in MainActor.assumeIsolated { fuzzDataSource(&input) } }
}
#else
@main
enum FuzzDataSourceMain {
    @MainActor static func main() {
        FuzzDriver.replayMain(name: "FuzzDataSource") { input in MainActor.assumeIsolated { fuzzDataSource(&input) } }
    }
}
#endif
