@_spi(ListHost) import CellKit
import DiffableStore

// What VoiceOver would read on the visible rows, and its custom actions performed by name: asked of
// the data source (`ListHostAccessibility`) each time, so they are tied to the items on screen now.

extension TextListView {
    /// What VoiceOver would read on the visible rows, top to bottom, one line per row: the label (the
    /// row's text when the data source gives none), the value, the traits (with "selected" for a
    /// selected row), the hint, and the custom actions a VoiceOver user can perform on it:
    ///
    /// ```
    /// Ann, Lunch on Friday, unread, button. Opens the mail. Actions: Archive, Delete, Move down
    /// ```
    ///
    /// The line of the row VoiceOver's cursor is on (``accessibilityFocusedIndexPath``) starts with
    /// ``accessibilityCursorMarker`` and a space.
    ///
    /// - Returns: One line per visible row, joined by `"\n"`; empty when no row is visible.
    /// - Complexity: O(v log n) for *v* visible rows, plus the data source's answers.
    public func renderAccessibility() -> String {
        transaction {
            loadIfNeeded()
            let dataSource = dataSource as? any ListHostAccessibility
            return indexPathsForVisibleItems.map { indexPath in
                let element = dataSource?.accessibilityElement(at: indexPath, includingMenuActions: true, in: self)
                let description = element?.description ?? ListAccessibilityDescription()
                var traits = description.traits
                if indexPathsForSelectedItems.contains(indexPath) { traits.insert(.selected) }
                let shown = cellForItem(at: indexPath)?.text.split(separator: "\n").map {
                    String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
                }
                var spoken = [description.label ?? shown?.filter { !$0.isEmpty }.joined(separator: ", ") ?? ""]
                if let value = description.value { spoken.append(value) }
                spoken += traits.spokenNames
                var line = spoken.filter { !$0.isEmpty }.joined(separator: ", ")
                if let hint = description.hint { line += ". \(hint)" }
                let actions = element?.customActions.map(\.name) ?? []
                if !actions.isEmpty { line += ". Actions: " + actions.joined(separator: ", ") }
                if accessibilityFocused?.indexPath == indexPath { line = "\(Self.accessibilityCursorMarker) " + line }
                return line
            }.joined(separator: "\n")
        }
    }

    /// The names of the custom actions VoiceOver offers on an item's row, in order: its swipe actions,
    /// its context menu's actions, then the moves the reordering allows.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: The names; empty when the item is not in the list or offers none.
    /// - Complexity: O(a) for *a* actions, plus the data source's answer.
    public func accessibilityCustomActions(at indexPath: ListIndexPath) -> [String] {
        accessibilityElement(at: indexPath)?.customActions.map(\.name) ?? []
    }

    /// Performs a custom action on an item's row, as a VoiceOver user choosing it from the rotor: the
    /// action acts on the row's item by identity (a swipe action or a menu action as the gesture would,
    /// a move by an animated apply the reordering handlers hear).
    ///
    /// - Parameters:
    ///   - name: The name of an action the row offers (``accessibilityCustomActions(at:)``).
    ///   - indexPath: An item in the list.
    /// - Returns: `false`, doing nothing, when the item is not in the list, offers no such action, or the
    ///   action no longer applies.
    @discardableResult
    public func performAccessibilityAction(_ name: String, on indexPath: ListIndexPath) -> Bool {
        guard let action = accessibilityElement(at: indexPath)?.customActions.first(where: { $0.name == name }) else {
            return false
        }
        return action.perform()
    }

    /// What the data source says about the item at an index path, if it is in the list.
    private func accessibilityElement(at indexPath: ListIndexPath) -> ListAccessibilityElement? {
        transaction {
            loadIfNeeded()
            guard rows.row(of: indexPath) != nil, let dataSource = dataSource as? any ListHostAccessibility else {
                return nil
            }
            return dataSource.accessibilityElement(at: indexPath, includingMenuActions: true, in: self)
        }
    }
}
