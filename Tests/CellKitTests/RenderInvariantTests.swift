import SeededRandom
@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore
import HostHarness
import Foundation
import Testing

// The invariant above all: after any sequence of applies, events and scrolls, the list renders exactly
// what a brand-new list and data source given the same snapshot and scroll position render; and every
// event names the item it was about.

/// A card: rounded by its position, one or two lines, its content can change under the same id.
struct InvariantCard: Hashable, Identifiable {
    var id: Int
    var text: String
}

/// A row that reads its position and is matched by its whole value.
struct InvariantNote: Hashable {
    var id: Int
}

/// A row shown through content and background configurations (`registerContent`), made from its state.
struct InvariantContent: Hashable {
    var id: Int
}

/// Identity across content changes: an `Identifiable` card is the same row whatever its text.
func invariantKey(_ item: AnyHashable) -> String {
    if let card = item.base as? InvariantCard { return "card \(card.id)" }
    return "\(item)"
}

/// Replays a seeded random sequence of applies, selections and scrolls on one screen and checks the
/// invariant after every step. Returns the first failure as "seed S step N: ...", or `nil`.
///
/// - Parameter itemsPerSection: Items added to each of the three first sections before the first apply
///   (none by default): with many, every step is a small edit to a large list, whose snapshot the
///   data source keeps in runs (more than 512 items).
@MainActor
func runRenderInvariant(
    _ kind: HostKind, seed: UInt64, steps: Int, plugins: Bool = false, itemsPerSection: Int = 0
) throws -> String? {
    let random = InvariantRandom(seed: seed)
    let fingers = InvariantRandom(seed: seed &+ 0x5EED)
    let screen = try HostInvariantScreen(kind)
    let list = screen.harness
    let dataSource = screen.dataSource

    var nextID = 1
    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
    func newItem() -> AnyHashable {
        switch random.int(in: 0..<3) {
        case 0: AnyHashable(InvariantCard(id: newID(), text: cardText()))
        case 1: AnyHashable(InvariantNote(id: newID()))
        default: numberOrContent(newID())
        }
    }
    // Every fourth number is a content-configured row (no extra draw: the sequence stays the seed's).
    func numberOrContent(_ id: Int) -> AnyHashable {
        id % 4 == 0 ? AnyHashable(InvariantContent(id: id)) : AnyHashable(id)
    }
    func cardText() -> String {
        let word = random.element(["red", "green", "blue", "gold"])!
        return random.bool() ? word : word + "\nmore " + word
    }

    // What the events say is on screen, by identity key; and what they got wrong.
    let seen = InvariantObservations()
    dataSource.onEvent = { event in
        switch event {
        case .willDisplay(let item, _):
            let key = invariantKey(item)
            if seen.displayed.contains(key) { seen.problems.append("willDisplay for \(key), already displayed") }
            seen.displayed.insert(key)
        case .didEndDisplaying(let item, _):
            let key = invariantKey(item)
            if seen.displayed.remove(key) == nil { seen.problems.append("didEndDisplaying for \(key), not displayed") }
        default:
            break
        }
    }
    dataSource.onSelect = { [unowned dataSource] item, _ in
        let key = invariantKey(item)
        if key != seen.expectedSelection {
            seen.problems.append("onSelect got \(key), the user selected \(seen.expectedSelection ?? "nothing")")
        }
        // An accordion: selecting a note may remove it, through an apply queued from the handler.
        if let delete = seen.deleteOnSelect, delete == item {
            var snapshot = dataSource.snapshot()
            try? snapshot.deleteItems([item])
            try? dataSource.apply(snapshot)
        }
    }

    // Plugins that change the data from events: pagination (pages appended later, some failing and
    // retried), folding of notes, and a selection plugin that checks the item it gets.
    var pagination: PaginationPlugin?
    var loads: [PaginationPlugin.Token] = []
    var failed = false
    if plugins {
        let paging = PaginationPlugin { token in loads.append(token) }
        pagination = paging
        let folding = FoldingPlugin { item in
            guard let note = item.base as? InvariantNote, note.id > 0, note.id % 3 == 0 else { return nil }
            return [AnyHashable(InvariantNote(id: -2 * note.id)), AnyHashable(InvariantNote(id: -2 * note.id - 1))]
        }
        let selection = SelectionPlugin().on(AnyHashable.self) { item, _ in
            if invariantKey(item) != seen.expectedSelection {
                seen.problems.append(
                    "SelectionPlugin got \(invariantKey(item)), the user selected \(seen.expectedSelection ?? "nothing")"
                )
            }
        }
        try dataSource.attach(paging, folding, selection)
    }

    var snapshot = Snapshot<Int, AnyHashable>()
    for _ in 0..<3 {
        let section = newID()
        try snapshot.appendSections([section])
        try snapshot.appendItems((0..<random.int(in: 1...5)).map { _ in newItem() }, toSection: section)
        // A large list: cards, notes and numbers in turn (drawing nothing, so the seed's sequence is kept).
        try snapshot.appendItems(
            (0..<itemsPerSection).map { index in
                let id = newID()
                switch index % 3 {
                case 0: return AnyHashable(InvariantCard(id: id, text: index % 2 == 0 ? "gold" : "red\nmore red"))
                case 1: return AnyHashable(InvariantNote(id: id))
                default: return numberOrContent(id)
                }
            }, toSection: section)
    }
    try dataSource.apply(snapshot)

    for step in 0..<steps {
        func fail(_ message: String) -> String { "seed \(seed) step \(step): \(message)" }
        // A page arrives (or fails, or a failed load is retried) now and then.
        if let pagination, random.int(in: 0..<3) == 0 {
            if case .loading(let token) = pagination.state {
                if random.int(in: 0..<5) == 0 {
                    pagination.fail(token, LoadError())
                    failed = true
                } else {
                    var page = dataSource.snapshot()
                    if let last = page.sectionIdentifiers.last {
                        try page.appendItems((0..<random.int(in: 0...3)).map { _ in newItem() }, toSection: last)
                        try dataSource.apply(page)
                    }
                    pagination.finish(token, hasMore: random.int(in: 0..<6) != 0)
                }
            } else if failed, random.bool() {
                failed = false
                pagination.retry()
            } else if pagination.state == .disabled, random.int(in: 0..<4) == 0 {
                pagination.reset()
            }
        }
        var next = dataSource.snapshot()
        for _ in 0..<random.int(in: 1...4) {
            try mutate(&next, random: random, newItem: newItem, newSection: newID, cardText: cardText)
        }
        if random.int(in: 0..<3) == 0 { try changeTwins(&next, random: random) }
        // Marks on items that stay.
        let all = next.itemIdentifiers
        if !all.isEmpty && random.int(in: 0..<4) == 0 {
            try next.reloadItems([random.element(all)!])
        }
        if !all.isEmpty && random.int(in: 0..<4) == 0 {
            try next.reconfigureItems([random.element(all)!])
        }
        if next.numberOfSections > 0 && random.int(in: 0..<12) == 0 {
            try next.reloadSections([random.element(next.sectionIdentifiers)!])
        }
        try dataSource.apply(next, animatingDifferences: random.int(in: 0..<10) != 0)

        // Scroll, and sometimes select a visible row (a note's selection deletes it from the handler).
        switch random.int(in: 0..<6) {
        case 0: list.scroll(toLine: random.int(in: 0...max(0, list.contentHeight)))
        case 1: list.scroll(byLines: random.int(in: -6...6))
        case 2: list.scrollToEnd()
        default: break
        }
        list.layoutIfNeeded()  // UIKit answers visible index paths from its last layout
        if let path = random.element(list.host.indexPathsForVisibleItems), random.int(in: 0..<3) == 0 {
            let item = dataSource.item(at: path)!
            seen.expectedSelection = invariantKey(item)
            seen.deleteOnSelect = item.base is InvariantNote && random.bool() ? item : nil
            list.select(path)
        }
        // A finger comes down on a visible row, or lifts, now and then: cells show the highlight.
        // (From a generator of their own, so the applies, selections and scrolls are the seed's as before.)
        switch fingers.int(in: 0..<5) {
        case 0: if let path = fingers.element(list.host.indexPathsForVisibleItems) { list.highlight(path) }
        case 1: list.unhighlight()
        default: break
        }

        // 1. The screen equals a brand-new screen's, at the same scroll position, with the same visible
        // items selected and highlighted.
        let fresh = try HostInvariantScreen(kind)
        try fresh.dataSource.apply(dataSource.snapshot())
        fresh.harness.scroll(like: list)
        list.layoutIfNeeded()
        let shownPaths = Set(list.host.indexPathsForVisibleItems)
        for path in list.selectedIndexPaths where shownPaths.contains(path) { fresh.harness.select(path) }
        if let path = list.highlightedIndexPath, shownPaths.contains(path) { fresh.harness.highlight(path) }
        let shown = list.screen()
        let expected = fresh.harness.screen()
        if shown != expected {
            return fail(
                "the list shows\n\(shown)\nbut a brand-new list shows\n\(expected)\n(top line \(list.topLine), "
                    + "selected \(list.selectedIndexPaths), highlighted \(String(describing: list.highlightedIndexPath)))"
            )
        }
        if let problem = list.problems.first { return fail(problem) }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        // 2. The display events name exactly the items on screen.
        let visible = Set(list.host.indexPathsForVisibleItems.map { invariantKey(dataSource.item(at: $0)!) })
        if let problem = seen.problems.first { return fail(problem) }
        if seen.displayed != visible {
            return fail("events say \(seen.displayed.sorted()) are displayed, the screen shows \(visible.sorted())")
        }
        // 3. Selections named the item the user selected, and the selection follows it.
        if let selected = list.selectedIndexPaths.first, let item = dataSource.item(at: selected),
            invariantKey(item) != seen.expectedSelection
        {
            return fail(
                "the selection is on \(invariantKey(item)), the user selected \(seen.expectedSelection ?? "nothing")")
        }
    }
    return nil
}

/// An edit with `Int`/`Int8` twins, identifiers equal under `AnyHashable` shown in cells of their own:
/// a small negative number inserted as either type (when neither is there; ids are positive), or one
/// replaced by its twin in place, or deleted and its twin inserted elsewhere, in the same snapshot.
func changeTwins(_ snapshot: inout Snapshot<Int, AnyHashable>, random: InvariantRandom) throws {
    let twins = snapshot.itemIdentifiers.compactMap { item -> (item: AnyHashable, twin: AnyHashable)? in
        if let number = item.base as? Int8 { return (item, AnyHashable(Int(number))) }
        if let number = item.base as? Int, number < 0, let small = Int8(exactly: number) {
            return (item, AnyHashable(small))
        }
        return nil
    }
    func insert(_ item: AnyHashable) throws {
        guard let section = random.element(snapshot.sectionIdentifiers) else { return }
        if let anchor = random.element(snapshot.itemIdentifiers(inSection: section) ?? []), random.bool() {
            try snapshot.insertItems([item], beforeItem: anchor)
        } else {
            try snapshot.appendItems([item], toSection: section)
        }
    }
    switch random.int(in: 0..<3) {
    case 0:
        let value = -random.int(in: 1...40)
        let item = random.bool() ? AnyHashable(value) : AnyHashable(Int8(value))
        if !snapshot.contains(item) { try insert(item) }
    case 1:
        // In place: the twin cannot be inserted while its equal is there, so a placeholder holds the spot.
        guard let (item, twin) = random.element(twins) else { return }
        let placeholder = AnyHashable("placeholder")
        try snapshot.insertItems([placeholder], beforeItem: item)
        try snapshot.deleteItems([item])
        try snapshot.insertItems([twin], beforeItem: placeholder)
        try snapshot.deleteItems([placeholder])
    default:
        guard let (item, twin) = random.element(twins) else { return }
        try snapshot.deleteItems([item])
        try insert(twin)
    }
}

/// What the handlers of one invariant run saw.
@MainActor
final class InvariantObservations {
    /// The items on screen according to the display events, by identity key.
    var displayed: Set<String> = []
    /// What the events got wrong.
    var problems: [String] = []
    /// The key of the item the test selected last.
    var expectedSelection: String?
    /// An item the selection handler deletes when it is selected.
    var deleteOnSelect: AnyHashable?
}

/// One random change to a snapshot: insert, delete or move an item (across sections too), change a
/// card's content, or insert, delete or move a section.
func mutate(
    _ snapshot: inout Snapshot<Int, AnyHashable>,
    random: InvariantRandom,
    newItem: () -> AnyHashable,
    newSection: () -> Int,
    cardText: () -> String
) throws {
    let items = snapshot.itemIdentifiers
    let sections = snapshot.sectionIdentifiers
    switch random.int(in: 0..<9) {
    case 0, 1:
        guard let section = random.element(sections) else { fallthrough }
        let inSection = snapshot.itemIdentifiers(inSection: section) ?? []
        if let anchor = random.element(inSection), random.bool() {
            try snapshot.insertItems([newItem()], beforeItem: anchor)
        } else {
            try snapshot.appendItems([newItem()], toSection: section)
        }
    case 2:
        guard let item = random.element(items) else { return }
        try snapshot.deleteItems([item])
    case 3, 4:
        guard let item = random.element(items), let other = random.element(items), item != other else { return }
        if random.bool() {
            try snapshot.moveItem(item, beforeItem: other)
        } else {
            try snapshot.moveItem(item, afterItem: other)
        }
    case 5:
        // A content change: same id, new text.
        guard let card = random.element(items.compactMap { $0.base as? InvariantCard }) else { return }
        let changed = InvariantCard(id: card.id, text: cardText())
        guard changed != card, !snapshot.contains(changed) else { return }
        try snapshot.insertItems([changed], beforeItem: card)
        try snapshot.deleteItems([card])
    case 6:
        let section = newSection()
        if let before = random.element(sections), random.bool() {
            try snapshot.insertSections([section], beforeSection: before)
        } else {
            try snapshot.appendSections([section])
        }
        try snapshot.appendItems((0..<random.int(in: 0...3)).map { _ in newItem() }, toSection: section)
    case 7:
        guard sections.count > 1, let section = random.element(sections) else { return }
        try snapshot.deleteSections([section])
    default:
        guard let section = random.element(sections), let other = random.element(sections),
            section != other
        else { return }
        try snapshot.moveSection(section, afterSection: other)
    }
}

/// Seeded random choices (SplitMix64), so every run can be replayed from its seed. A class, so the
/// helpers that make items can draw from it while a mutation is drawing too.
final class InvariantRandom {
    private var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    private func next() -> UInt64 { generator.next() }

    func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    func int(in range: Range<Int>) -> Int { int(in: range.lowerBound...(range.upperBound - 1)) }
    func bool() -> Bool { next() & 1 == 1 }
    func element<C: Collection>(_ collection: C) -> C.Element? where C.Index == Int {
        collection.isEmpty ? nil : collection[collection.startIndex + int(in: 0..<collection.count)]
    }
}

@MainActor
@Suite("A list renders what a brand-new list renders")
struct RenderInvariantTests {
    /// Steps per run: 2,000 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static var steps: Int { SeededRuns.length(2_000) }

    @Test(
        "after random applies, selections and scrolls the screen equals a brand-new one's, and events name their items",
        arguments: HostKind.allCases, [UInt64(1), 2, 3, 4])
    func invariant(kind: HostKind, seed: UInt64) throws {
        let failure = try runRenderInvariant(kind, seed: seed, steps: Self.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(
        "with pagination, folding and selection plugins changing the data from events, the invariant holds",
        arguments: HostKind.allCases, [UInt64(11), 12, 13, 14])
    func invariantWithPlugins(kind: HostKind, seed: UInt64) throws {
        let failure = try runRenderInvariant(kind, seed: seed, steps: Self.steps / 8, plugins: true)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(
        "small edits to a large list (runs of 512 and more) keep the invariant",
        arguments: HostKind.allCases, [UInt64(21), 22])
    func invariantOnLargeList(kind: HostKind, seed: UInt64) throws {
        let failure = try runRenderInvariant(kind, seed: seed, steps: Self.steps / 40, itemsPerSection: 700)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
