#if !canImport(UIKit)
import DiffableStore
import Foundation

// VoiceOver's cursor over a collection or table view's cells, as UIKitAPI+Accessibility.swift describes
// it: a test moves it as a VoiceOver user's swipe or touch would; UIKit posts
// `UIAccessibility.elementFocusedNotification`. The cursor is on an element, not on an index path: it stays
// on a cell a batch moves, and leaves a cell that stops being shown (deleted, reloaded, scrolled away, or
// dropped by a reload): a cell in the reuse pool is on no screen, so VoiceOver cannot be on it.

extension ListViewEngine {
    /// Moves VoiceOver's cursor onto the cell shown at an item, or onto an element outside the list view
    /// (`nil`), posting `UIAccessibility.elementFocusedNotification`. `false`, changing nothing, when the
    /// item has no cell shown. The cursor lands on the cell itself, as on a cell that is one accessibility
    /// element (https://developer.apple.com/documentation/objectivec/nsobject/isaccessibilityelement); a
    /// cell whose subviews are the elements has VoiceOver land on one of them, which a test posts itself.
    func accessibilityFocus(_ path: ListIndexPath?) -> Bool {
        layoutIfNeeded()
        let element: UIView
        if let path {
            guard let cell: UIView = cells[path] else { return false }
            element = cell
        } else {
            element = UIView(frame: .zero)
        }
        let previous = VoiceOverCursor.element
        guard previous !== element else { return true }
        VoiceOverCursor.element = element
        var userInfo: [AnyHashable: Any] = [UIAccessibility.focusedElementUserInfoKey: element]
        if let previous { userInfo[UIAccessibility.unfocusedElementUserInfoKey] = previous }
        NotificationCenter.default.post(
            name: UIAccessibility.elementFocusedNotification, object: nil, userInfo: userInfo)
        return true
    }

    /// The item whose cell VoiceOver's cursor is on (the cell, or a view inside it), or `nil`.
    var accessibilityFocusedPath: ListIndexPath? {
        var view = VoiceOverCursor.element
        while let current = view {
            if let (path, _) = cells.first(where: { $0.value === current }) { return path }
            view = current.superview
        }
        return nil
    }

    /// A cell leaves the screen: VoiceOver's cursor, if it is on the cell or inside it, is on nothing.
    func accessibilityCursorLeaves(_ cell: UIView) {
        var view = VoiceOverCursor.element
        while let current = view {
            if current === cell {
                VoiceOverCursor.element = nil
                return
            }
            view = current.superview
        }
    }
}
#endif
