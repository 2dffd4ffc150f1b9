@_spi(ListHost) @_spi(Testing) import CellKit
import CellKitPlugins
import DiffableStore
@_spi(Testing) import CellKitText
import Foundation
import HostHarness
import Testing

// The render invariant with multiple selection: after seeded random applies, taps, highlights, focus moves,
// VoiceOver cursor moves and scrolls, the list shows what a brand-new list given the same snapshot, scroll
// position, selection, highlight and focus shows (cells show their state: see `HostInvariantScreen`); the same items
// are selected, by identity, as a model of UIKit's rules says (a tap toggles; a selection follows its item
// and ends when the item is deleted or reloaded or the list reloads); and every selection that ends is
// told, once, with `didDeselect`. VoiceOver's cursor is on the item the accessibility-focus events name (on
// the text host it stays on its item through applies and is shown in the accessibility rendering).

/// Replays a seeded random sequence on one screen with multiple selection and checks the invariant after
/// every step. Returns the first failure as "seed S step N: ...", or `nil`.
@MainActor
func runSelectionInvariant(_ kind: HostKind, seed: UInt64, steps: Int) throws -> String? {
    let random = InvariantRandom(seed: seed)
    let screen = try HostInvariantScreen(kind)
    let list = screen.harness
    let dataSource = screen.dataSource
    list.allowsMultipleSelection = true
    // Every item can take the focus; on UIKit, the plugin turns the list view's `allowsFocus` on.
    try dataSource.attach(FocusPlugin())

    var nextID = 1
    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
    func newItem() -> AnyHashable {
        switch random.int(in: 0..<3) {
        case 0: AnyHashable(InvariantCard(id: newID(), text: cardText()))
        case 1: AnyHashable(InvariantNote(id: newID()))
        default: AnyHashable(newID())
        }
    }
    func cardText() -> String {
        let word = random.element(["red", "green", "blue", "gold"])!
        return random.bool() ? word : word + "\nmore " + word
    }

    // The items selected according to the events, by identity key; and what the events got wrong.
    let seen = SelectionObservations()
    dataSource.onEvent = { [unowned dataSource] event in
        switch event {
        case .didSelect(let item, _):
            if !seen.told.insert(invariantKey(item)).inserted {
                seen.problems.append("didSelect for \(item), selected already")
            }
        case .didDeselect(let item, let path):
            if seen.told.remove(invariantKey(item)) == nil {
                seen.problems.append("didDeselect for \(item), not selected")
            }
            if let now = dataSource.indexPath(for: item), list.selectedIndexPaths.contains(now) {
                seen.problems.append("didDeselect for \(item) at \(path), still selected at \(now)")
            }
        case .didFocus(let item, _):
            if seen.focused != nil { seen.problems.append("didFocus for \(item), \(seen.focused!) still focused") }
            seen.focused = invariantKey(item)
        case .didUnfocus(let item, _):
            if seen.focused != invariantKey(item) {
                seen.problems.append("didUnfocus for \(item), \(seen.focused ?? "nothing") focused")
            }
            seen.focused = nil
        case .didAccessibilityFocus(let item, _):
            if let other = seen.accessibilityFocused {
                seen.problems.append("didAccessibilityFocus for \(item), \(other) still under the cursor")
            }
            seen.accessibilityFocused = invariantKey(item)
        case .didAccessibilityUnfocus(let item, _):
            if seen.accessibilityFocused != invariantKey(item) {
                seen.problems.append(
                    "didAccessibilityUnfocus for \(item), \(seen.accessibilityFocused ?? "nothing") under the cursor")
            }
            seen.accessibilityFocused = nil
        default:
            break
        }
    }
    // What UIKit's rules say is selected, by identity key.
    var model: Set<String> = []
    // The item last highlighted, by identity key.
    var highlightedKey: String?

    var snapshot = Snapshot<Int, AnyHashable>()
    for _ in 0..<3 {
        let section = newID()
        try snapshot.appendSections([section])
        try snapshot.appendItems((0..<random.int(in: 1...5)).map { _ in newItem() }, toSection: section)
    }
    try dataSource.apply(snapshot)

    for step in 0..<steps {
        var applied = "nothing"  // what this step applied, for a failure's message
        func fail(_ message: String) -> String { "seed \(seed) step \(step): \(message) (applied \(applied))" }
        var next = dataSource.snapshot()
        let previous = next
        let focusedBefore = seen.focused
        let cursorBefore = seen.accessibilityFocused
        if random.int(in: 0..<3) != 0 {
            // Changes with reconfigure marks, or, in an apply of their own, reload marks: beside moves out
            // of its section, a reload mark makes the diff reload that section (UIKit cannot reload in a
            // section a move leaves), which ends the selections there, and the model does not predict the
            // diff's stages.
            var reloaded: Set<String> = []
            if random.int(in: 0..<4) != 0 {
                for _ in 0..<random.int(in: 1...3) {
                    try mutate(&next, random: random, newItem: newItem, newSection: newID, cardText: cardText)
                }
                if let item = random.element(next.itemIdentifiers), random.int(in: 0..<4) == 0 {
                    try next.reconfigureItems([item])
                }
            } else if let item = random.element(next.itemIdentifiers), random.bool() {
                try next.reloadItems([item])
                reloaded.insert(invariantKey(item))
            } else if let section = random.element(next.sectionIdentifiers) {
                try next.reloadSections([section])
                reloaded.formUnion((next.itemIdentifiers(inSection: section) ?? []).map(invariantKey))
            }
            let animated = random.int(in: 0..<10) != 0
            applied =
                "\(previous.sectionIdentifiers)\(keys(of: previous)) -> \(next.sectionIdentifiers)\(keys(of: next)), reloading \(reloaded.sorted()), animated: \(animated)"
            try dataSource.apply(next, animatingDifferences: animated)
            // A selection stays while its item does, unless the item or the whole list is reloaded, or the
            // item moves out of a section the apply deletes or into one it inserts: UIKit cannot move an item
            // there in one batch, so the diff deletes it and inserts it (`Snapshot.stages`).
            let present = Set(next.itemIdentifiers.map(invariantKey))
            let crossing = sectionCrossings(from: previous, to: next)
            model = animated ? model.intersection(present).subtracting(reloaded).subtracting(crossing) : []
            // The focus stays on its item while the item stays (and is neither reloaded nor moved across
            // sections, which the diff does by deleting and inserting it); else it goes to a neighbour.
            if let key = focusedBefore, animated, present.contains(key), !reloaded.contains(key),
                !crossing.contains(key), seen.focused != key
            {
                return fail("the focus left \(key), which the apply kept, for \(seen.focused ?? "nothing")")
            }
            // On the text host, VoiceOver's cursor stays on its item while the item stays, as the focus does
            // (on UIKit it is on a cell, which also goes when its item is scrolled away).
            if list is TextHarness, let key = cursorBefore, animated, present.contains(key), !reloaded.contains(key),
                !crossing.contains(key), seen.accessibilityFocused != key
            {
                return fail(
                    "VoiceOver's cursor left \(key), which the apply kept, for \(seen.accessibilityFocused ?? "nothing")"
                )
            }
        }

        switch random.int(in: 0..<5) {
        case 0: list.scroll(toLine: random.int(in: 0...max(0, list.contentHeight)))
        case 1: list.scroll(byLines: random.int(in: -6...6))
        case 2: list.scrollToEnd()
        default: break
        }
        list.layoutIfNeeded()  // UIKit answers visible index paths from its last layout
        // Taps toggle; now and then every selection is ended in code.
        for _ in 0..<random.int(in: 0...2) {
            guard let path = random.element(list.host.indexPathsForVisibleItems), let item = dataSource.item(at: path)
            else { break }
            let key = invariantKey(item)
            // A disabled item (the text host's `disabledItems`) is not selected by a tap.
            let disabled = (list as? TextHarness)?.list.disabledItems.contains(item) == true
            if !disabled, model.remove(key) == nil { model.insert(key) }
            list.select(path)
        }
        if random.int(in: 0..<15) == 0 {
            list.deselectAll()
            model = []
        }
        // A finger comes down on an item or lifts; the focus moves or goes. The highlighted item is
        // remembered by identity (a highlight an apply moved must be on the same item); the focused one is
        // the one the focus events name.
        switch random.int(in: 0..<6) {
        case 0:
            list.unhighlight()
            if let path = random.element(list.host.indexPathsForVisibleItems) {
                list.highlight(path)
                // (Not on a disabled item, which a finger does not highlight.)
                highlightedKey = list.highlightedIndexPath.flatMap { dataSource.item(at: $0) }.map(invariantKey)
            }
        case 1:
            list.unhighlight()
        case 2, 3:
            let path = random.int(in: 0..<4) != 0 ? random.element(list.host.indexPathsForVisibleItems) : nil
            if !list.focus(path) { return fail("\(path.map { "\($0)" } ?? "nothing") refused the focus") }
        default:
            break
        }
        // VoiceOver's cursor moves onto a row shown, or off the list.
        if random.int(in: 0..<3) == 0 {
            let path = random.int(in: 0..<5) != 0 ? random.element(list.host.indexPathsForVisibleItems) : nil
            if !list.accessibilityFocus(path) {
                return fail("VoiceOver's cursor cannot move onto \(path.map { "\($0)" } ?? "nothing")")
            }
            if let path, list.accessibilityFocusedIndexPath != path {
                return fail(
                    "VoiceOver's cursor moved onto \(path), it is on \(list.accessibilityFocusedIndexPath.map { "\($0)" } ?? "nothing")"
                )
            }
        }
        // On the text host, editing mode toggles, and items are disabled and enabled, by identity (a
        // disabled item stays selected and stays disabled through moves; a highlight is not ended).
        if let text = list as? TextHarness {
            switch random.int(in: 0..<8) {
            case 0: text.list.isEditing.toggle()
            case 1, 2:
                if let item = random.element(dataSource.snapshot().itemIdentifiers) {
                    text.list.disabledItems.formSymmetricDifference([item])
                }
            case 3: text.list.disabledItems = []
            default: break
            }
        }

        // 1. The same items are selected, by identity, as the model says and as the events told.
        let selected = Set(list.selectedIndexPaths.compactMap { dataSource.item(at: $0).map(invariantKey) })
        if selected != model {
            return fail(
                "\(selected.sorted()) are selected, the model says \(model.sorted()) (updates: \(list.updateLog.suffix(6)))"
            )
        }
        if let problem = seen.problems.first { return fail(problem) }
        if seen.told != model {
            return fail("the events say \(seen.told.sorted()) are selected, the model \(model.sorted())")
        }
        if let problem = list.problems.first { return fail(problem) }
        // The highlight and the focus are on the items they were put on, wherever those are now, or gone.
        if let path = list.highlightedIndexPath, dataSource.item(at: path).map(invariantKey) != highlightedKey {
            return fail("\(path) is highlighted, but \(highlightedKey ?? "nothing") was")
        }
        let focused = list.focusedIndexPath
        if focused.flatMap({ dataSource.item(at: $0) }).map(invariantKey) != seen.focused {
            return fail(
                "\(focused.map { "\($0)" } ?? "nothing") is focused, but the events say \(seen.focused ?? "nothing")")
        }
        let cursor = list.accessibilityFocusedIndexPath
        if cursor.flatMap({ dataSource.item(at: $0) }).map(invariantKey) != seen.accessibilityFocused {
            return fail(
                "VoiceOver's cursor is on \(cursor.map { "\($0)" } ?? "nothing"), but the events say "
                    + "\(seen.accessibilityFocused ?? "nothing")")
        }
        // 2. A brand-new list given the same snapshot, scroll position, selection, highlight and focus shows
        // the same.
        let fresh = try HostInvariantScreen(kind)
        try fresh.dataSource.attach(FocusPlugin())
        try fresh.dataSource.apply(dataSource.snapshot())
        fresh.harness.allowsMultipleSelection = true
        for path in list.selectedIndexPaths { fresh.harness.select(path) }
        if let path = list.highlightedIndexPath { fresh.harness.highlight(path) }
        if let path = focused, !fresh.harness.focus(path) {
            return fail("a brand-new list refuses the focus on \(path)")
        }
        if let text = list as? TextHarness, let freshText = fresh.harness as? TextHarness {
            freshText.list.isEditing = text.list.isEditing
            freshText.list.disabledItems = text.list.disabledItems
            freshText.list._accessibilityFocus(like: text.list)
        }
        fresh.harness.scroll(like: list)
        if list.screen() != fresh.harness.screen() {
            return fail("the list shows\n\(list.screen())\nbut a brand-new list shows\n\(fresh.harness.screen())")
        }
        if let text = list as? TextHarness, let freshText = fresh.harness as? TextHarness,
            text.list.renderAccessibility() != freshText.list.renderAccessibility()
        {
            return fail(
                "VoiceOver reads\n\(text.list.renderAccessibility())\nbut on a brand-new list\n"
                    + freshText.list.renderAccessibility())
        }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        if list.selectedIndexPaths != fresh.harness.selectedIndexPaths {
            return fail(
                "\(list.selectedIndexPaths) are selected, \(fresh.harness.selectedIndexPaths) in a brand-new list")
        }
        if list.visiblySelectedIndexPaths != fresh.harness.visiblySelectedIndexPaths {
            return fail(
                "the cells of \(list.visiblySelectedIndexPaths) show as selected, "
                    + "\(fresh.harness.visiblySelectedIndexPaths) in a brand-new list")
        }
    }
    return nil
}

/// The identity keys of the items that move from a section `new` does not have, or to a section `old` does
/// not have: UIKit cannot move those in one batch, so the diff deletes and inserts them.
func sectionCrossings(from old: Snapshot<Int, AnyHashable>, to new: Snapshot<Int, AnyHashable>) -> Set<String> {
    let oldSections = Set(old.sectionIdentifiers)
    let newSections = Set(new.sectionIdentifiers)
    var crossing: Set<String> = []
    for item in new.itemIdentifiers {
        guard let to = new.sectionIdentifier(containingItem: item),
            let from = old.sectionIdentifier(containingItem: item), from != to
        else { continue }
        if !newSections.contains(from) || !oldSections.contains(to) { crossing.insert(invariantKey(item)) }
    }
    return crossing
}

/// The identity keys of a snapshot's items, section by section.
func keys(of snapshot: Snapshot<Int, AnyHashable>) -> [[String]] {
    snapshot.sectionIdentifiers.map { (snapshot.itemIdentifiers(inSection: $0) ?? []).map(invariantKey) }
}

/// What the event handler of one selection invariant run saw.
@MainActor
final class SelectionObservations {
    /// The items selected according to the events, by identity key.
    var told: Set<String> = []
    /// The focused item according to the events, by identity key.
    var focused: String?
    /// The item under VoiceOver's cursor according to the events, by identity key.
    var accessibilityFocused: String?
    /// What the events got wrong.
    var problems: [String] = []
}

@MainActor
@Suite("The render invariant with multiple selection")
struct SelectionInvariantTests {
    @Test(
        "after random applies, taps, highlights, focus and VoiceOver cursor moves and scrolls, the list matches a brand-new one in the same state",
        arguments: HostKind.allCases, [UInt64(21), 22, 23])
    func invariant(kind: HostKind, seed: UInt64) throws {
        let failure = try runSelectionInvariant(kind, seed: seed, steps: RenderInvariantTests.steps / 8)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
