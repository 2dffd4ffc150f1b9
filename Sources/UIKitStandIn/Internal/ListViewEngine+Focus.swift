#if !canImport(UIKit)
import DiffableStore
import Foundation

// The focus engine's part in a collection or table view, as UIKitAPI+Focus.swift describes it.

/// The focus settings and state of one list view.
struct FocusState {
    var allowsFocus = false
    var selectionFollowsFocus = false
    var remembersLastFocusedIndexPath = false
    /// The focused item.
    var focused: ListIndexPath?
    /// The index path focused last, as UIKit remembers it: an index path, not an item (Apple documents no
    /// update of it through batch updates, so the stand-in keeps it as it was).
    var lastFocused: ListIndexPath?
    /// Whether a focus update is pending (`setNeedsFocusUpdate()`, or the focused cell removed).
    var needsUpdate = false
}

extension ListViewEngine {
    /// Moves the focus to an item the delegate lets take it (or out of the view, `nil`), asking
    /// `shouldUpdateFocusIn` first and telling `didUpdateFocusIn` after; then, with
    /// `selectionFollowsFocus` and the delegate's per-item consent, selects the item as a tap does.
    func moveFocus(to path: ListIndexPath?) -> Bool {
        layoutIfNeeded()
        if let path {
            guard contains(path), view._canFocusItem(at: path.indexPath) else { return false }
        }
        let previous = focus.focused
        guard previous != path else { return true }
        guard view._shouldUpdateFocus(from: previous?.indexPath, to: path?.indexPath) else { return false }
        focus.focused = path
        if let path { focus.lastFocused = path }
        view._didUpdateFocus(from: previous?.indexPath, to: path?.indexPath)
        if let path, focus.focused == path, focus.selectionFollowsFocus,
            view._selectionFollowsFocus(at: path.indexPath),
            !selected.contains(path)
        {
            if !allowsMultipleSelection {
                for other in selected where other != path {
                    deselect(other.indexPath)
                    view._didDeselect(other.indexPath)
                }
            }
            select(path)
            view._didSelect(path.indexPath)
        }
        return true
    }

    /// Focus arriving in the view: the last focused index path (when remembered, still in the list and
    /// focusable), else the delegate's preferred one, else the first item that can take it.
    func focusIntoView() -> ListIndexPath? {
        layoutIfNeeded()
        var candidates: [ListIndexPath] = []
        if focus.remembersLastFocusedIndexPath, let last = focus.lastFocused { candidates.append(last) }
        if let preferred = view._preferredFocusIndexPath() { candidates.append(_path(preferred)) }
        let counts = counts ?? []
        for (section, count) in counts.enumerated() {
            candidates += (0..<count).map { ListIndexPath(item: $0, section: section) }
        }
        for candidate in candidates where contains(candidate) && view._canFocusItem(at: candidate.indexPath) {
            return moveFocus(to: candidate) ? candidate : nil
        }
        return nil
    }

    /// Performs a pending focus update: when the focused cell was removed or can no longer take the
    /// focus, the focus goes into the view again (``focusIntoView()``), or leaves it when nothing can take it.
    func updateFocusIfNeeded() {
        guard focus.needsUpdate else { return }
        focus.needsUpdate = false
        if let focused = focus.focused, contains(focused), view._canFocusItem(at: focused.indexPath) { return }
        if focusIntoView() == nil, focus.focused != nil { _ = moveFocus(to: nil) }
    }

    /// Carries the focus through a batch: it stays on its cell where the batch moves it; when the batch
    /// deletes or reloads the focused cell, the focus is gone and an update is pending.
    func carryFocus(_ newPath: [ListIndexPath: ListIndexPath]) {
        guard let focused = focus.focused else { return }
        focus.focused = newPath[focused]
        if focus.focused == nil { focus.needsUpdate = true }
    }

    /// A reload drops every cell: the focused one's focus is gone and an update is pending.
    func dropFocusForReload() {
        if focus.focused != nil {
            focus.focused = nil
            focus.needsUpdate = true
        }
    }
}
#endif
