#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// The focus a keyboard, a remote or a pointer moves, for both hosts: which items can take it (the data
// source's `ListHostFocus`), the focus events named by identity, the selection following it, and the
// focus kept on its item through batches (or handed to its neighbour when the item goes).
//
// The host remembers the item focused last itself, by identity, and offers it through
// `indexPathForPreferredFocusedView`: UIKit's `remembersLastFocusedIndexPath` remembers an index path,
// which a batch that moves items leaves pointing at another item, so the host leaves it off.

extension UIKitListHost {
    /// The data source's focus behaviour, `nil` when it has none (no `FocusPlugin`): the list view keeps
    /// its own settings then.
    var focusBehavior: ListFocusBehavior? { (dataSource as? any ListHostFocus)?.focusBehavior(in: self) }

    /// Sets up the list view's focus properties from the data source's behaviour, where it has one:
    /// `allowsFocus` on (iOS 15), `selectionFollowsFocus` as it says (iOS 14), and
    /// `remembersLastFocusedIndexPath` off (the host remembers the item by identity). Called as each batch
    /// and reload begins.
    func setUpFocus() {
        guard let behavior = focusBehavior else { return }
        configureFocusInListView(selectionFollowsFocus: behavior.selectionFollowsFocus)
    }

    /// UIKit's `canFocusItemAt`: the data source's answer for an item in range; without a focus behaviour,
    /// what UIKit would decide (the list view's `allowsFocus` from iOS 15, `true` before).
    func canFocusItem(at indexPath: IndexPath) -> Bool {
        guard let path = ListIndexPath(indexPath), contains(path) else { return false }
        guard focusBehavior != nil, let dataSource = dataSource as? any ListHostFocus else {
            return allowsFocusInListView
        }
        return dataSource.canFocusItem(at: path, in: self)
    }

    /// UIKit's `shouldUpdateFocusIn`: a move out of the list view, or to an item that can take the focus
    /// now (UIKit may propose an index path a batch has just made stale).
    func shouldUpdateFocus(to next: IndexPath?) -> Bool {
        guard let next else { return true }
        return canFocusItem(at: next)
    }

    /// UIKit's `didUpdateFocusIn`: the item that had the focus hears `didUnfocus`, the one that has it now
    /// `didFocus` (named by the data source now); the item is remembered, by identity.
    func focusDidUpdate(to next: IndexPath?) {
        let path = next.flatMap(ListIndexPath.init)
        let item = path.flatMap { contains($0) ? dataSource?.itemIdentifier(at: $0, in: self) : nil }
        if let focused = state.focused, focused.indexPath == path, focused.item == item { return }
        if let (old, oldPath) = state.focused {
            state.focused = nil
            report(.didUnfocus(old, at: oldPath))
        }
        guard let path, let item else { return }
        state.focused = (item, path)
        state.lastFocused = (item, path)
        state.preferredFocus = nil
        report(.didFocus(item, at: path))
    }

    /// UIKit's `indexPathForPreferredFocusedView`: the neighbour of a focused item a batch removed, until
    /// the focus reaches it; else the item focused last when the behaviour remembers it, where it is now.
    func preferredFocusIndexPath() -> IndexPath? {
        if let preferred = state.preferredFocus, contains(preferred) { return preferred.indexPath }
        if focusBehavior?.remembersLastFocusedIndexPath == true, let last = state.lastFocused, contains(last.indexPath),
            canFocusItem(at: last.indexPath.indexPath)
        {
            return last.indexPath.indexPath
        }
        return nil
    }

    /// UIKit's `selectionFollowsFocusForItemAt` (asked only while the list view's `selectionFollowsFocus` is
    /// on): the behaviour's setting; without one, `true` (the list view's own setting decides); `false`
    /// while a batch hands the focus of a removed item to its neighbour (the user did not move it).
    func selectionFollowsFocus(at indexPath: IndexPath) -> Bool {
        guard !state.isHandingFocusOn else { return false }
        guard let behavior = focusBehavior else { return true }
        return behavior.selectionFollowsFocus && canFocusItem(at: indexPath)
    }

    /// Carries the focus through a checked batch (the data source in the state after it): the focus and
    /// the remembered item follow their items; a focused item the batch deletes or reloads, or that can no
    /// longer take the focus, hears `didUnfocus` at its old index path, and the focus is offered to its
    /// neighbour (`ListFocusBehavior.neighbour`; a reloaded item is its own) through the preferred index
    /// path, with a focus update asked of the list view (with no neighbour, the focus engine decides).
    func carryFocus(through batch: BatchUpdate, map: BatchIndexMap, countsBefore: [Int]) {
        if let last = state.lastFocused {
            state.lastFocused = map.newIndexPath(ofOld: last.indexPath).map { (last.item, $0) }
        }
        if let preferred = state.preferredFocus { state.preferredFocus = map.newIndexPath(ofOld: preferred) }
        guard let (item, path) = state.focused else { return }
        let target = map.newIndexPath(ofOld: path)
        let focusable = { (path: ListIndexPath) in self.canFocusItem(at: path.indexPath) }
        let reloaded = batch.reloadedItems.contains(path) || batch.reloadedSections.contains(path.section)
        if let target, !reloaded, focusable(target) {
            state.focused = (item, target)
            return
        }
        state.focused = nil
        state.events.append(.didUnfocus(item, at: path))
        let count = countsBefore.indices.contains(path.section) ? countsBefore[path.section] : 0
        let neighbour =
            target.flatMap { reloaded && focusable($0) ? $0 : nil }
            ?? ListFocusBehavior.neighbour(
                ofRemoved: path, itemCount: count, newIndexPath: map.newIndexPath(ofOld:), canFocus: focusable)
        state.preferredFocus = neighbour
        // The user did not move this focus: it selects nothing (`selectionFollowsFocus(at:)`).
        state.isHandingFocusOn = true
        defer { state.isHandingFocusOn = false }
        updateFocusInListView()
    }

    /// A reload: the focus ends (`didUnfocus`), the remembered item is forgotten.
    func dropFocusForReload() {
        state.lastFocused = nil
        state.preferredFocus = nil
        if let (item, path) = state.focused {
            state.focused = nil
            state.events.append(.didUnfocus(item, at: path))
        }
    }
}
