#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import Foundation
@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// VoiceOver's cursor, followed by item identity: `didAccessibilityFocus` / `didAccessibilityUnfocus`.
//
// UIKit tells it two ways. A cell's own `accessibilityElementDidBecomeFocused()` and
// `accessibilityElementDidLoseFocus()` (the `UIAccessibilityFocus` informal protocol,
// https://developer.apple.com/documentation/objectivec/nsobject/uiaccessibilityfocus) are called on the
// element itself: the host would need its own cell class, but the cells are the app's registered
// classes, and an element inside a cell (a label, when the cell is not an accessibility element) is told,
// not the cell. The host observes `UIAccessibility.elementFocusedNotification` instead
// (https://developer.apple.com/documentation/uikit/uiaccessibility/elementfocusednotification, iOS 9),
// which UIKit posts, on the main thread, for every element an assistive technology focuses, with it under
// `focusedElementUserInfoKey`. The host walks from that element up its superviews to one of its own
// visible cells and names the item the host configured that cell with (`state.shownItems`, set at each
// dequeue): a reused cell names the item it shows now, never the one it showed before, and the index path
// is the cell's own at that moment. The notification's `unfocusedElementUserInfoKey` is not used: the
// element it names may be a cell reused since for another item; the host remembers the item the cursor
// was on instead. An element not in the list (or one that is not a view, such as a
// `UIAccessibilityElement`) takes the cursor off the list.
//
// The cursor is on an element, so it stays on a cell an apply moves (the host remembers the cell); the item
// loses it when its cell goes: the item deleted or reloaded (at the batch, naming it at its old index
// path), its cell no longer shown (`didEndDisplaying`), or the list reloaded. VoiceOver then puts its cursor somewhere of its choosing and
// posts the notification again; the host reports what UIKit tells it and guesses no neighbour.

/// An observation of `UIAccessibility.elementFocusedNotification`, removed when the observation goes.
final class AccessibilityFocusObservation {
    private let token: any NSObjectProtocol

    /// Observes the notification, handing the focused element to `focused`.
    init(_ focused: @escaping @MainActor @Sendable (_ element: AnyObject?) -> Void) {
        token = NotificationCenter.default.addObserver(
            forName: UIAccessibility.elementFocusedNotification, object: nil, queue: nil
        ) { notification in
            // UIKit posts it on the main thread and `queue: nil` runs the block there, synchronously: the
            // element never leaves the main thread (which `assumeIsolated` checks).
            nonisolated(unsafe) let element =
                notification.userInfo?[UIAccessibility.focusedElementUserInfoKey]
                as AnyObject?
            MainActor.assumeIsolated { focused(element) }
        }
    }

    deinit { NotificationCenter.default.removeObserver(token) }
}

extension UIKitListHost {
    /// An assistive technology focused an element: the item whose cell holds it takes the cursor (the item
    /// that had it hears `didAccessibilityUnfocus` first), or, for an element outside the list, the item
    /// that had it loses it.
    func accessibilityElementFocused(_ element: AnyObject?) {
        transaction {
            var view = element as? UIView
            var target: UIKitHostState.AccessibilityCursor?
            while let current = view {
                if let indexPath = indexPathInListView(of: current), let path = ListIndexPath(indexPath),
                    let item = state.shownItems[ObjectIdentifier(current)]
                {
                    target = (item, path, ObjectIdentifier(current))
                    break
                }
                view = current.superview
            }
            // Another element of the same cell: the cursor is still on its item.
            if let old = state.accessibilityFocused, let target, old.cell == target.cell { return }
            if let (item, path, _) = state.accessibilityFocused {
                state.accessibilityFocused = nil
                report(.didAccessibilityUnfocus(item, at: path))
            }
            guard let target else { return }
            state.accessibilityFocused = target
            report(.didAccessibilityFocus(target.item, at: target.indexPath))
        }
    }

    /// Carries VoiceOver's cursor through a checked batch: it follows its item's cell; an item the batch
    /// deletes or reloads (a new cell) loses it, named at its old index path.
    func carryAccessibilityFocus(through batch: BatchUpdate, map: BatchIndexMap) {
        guard let (item, path, cell) = state.accessibilityFocused else { return }
        let reloaded = batch.reloadedItems.contains(path) || batch.reloadedSections.contains(path.section)
        if let target = map.newIndexPath(ofOld: path), !reloaded {
            state.accessibilityFocused = (item, target, cell)
            return
        }
        state.accessibilityFocused = nil
        state.events.append(.didAccessibilityUnfocus(item, at: path))
    }

    /// A cell stopped showing: the cursor, if it was on that cell, is gone with it (naming its item as
    /// named when the cursor moved there).
    func accessibilityCursorLeaves(_ cell: AnyObject, at path: ListIndexPath) {
        guard let focused = state.accessibilityFocused, focused.cell == ObjectIdentifier(cell) else { return }
        state.accessibilityFocused = nil
        report(.didAccessibilityUnfocus(focused.item, at: path))
    }

    /// A reload drops every cell: the cursor's item loses it.
    func dropAccessibilityFocusForReload() {
        guard let (item, path, _) = state.accessibilityFocused else { return }
        state.accessibilityFocused = nil
        state.events.append(.didAccessibilityUnfocus(item, at: path))
    }
}
