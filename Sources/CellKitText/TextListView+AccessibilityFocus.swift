@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

// VoiceOver's cursor over the rows: moved by a test or the demo as a VoiceOver user's swipes and touches
// move it, tied to its item by identity through batches (handed to a neighbour when its item is deleted,
// as the keyboard focus is), reported as accessibility-focus events and shown in `renderAccessibility()`.

extension TextListView {
    /// Which way ``moveAccessibilityFocus(_:)`` moves VoiceOver's cursor, as a VoiceOver user's gestures do.
    public enum AccessibilityHeading: Hashable, Sendable {
        /// To the next row (a swipe right); stops at the last.
        case next
        /// To the previous row (a swipe left); stops at the first.
        case previous
        /// To the first row (a four-finger tap near the top of the screen).
        case first
        /// To the last row (a four-finger tap near the bottom).
        case last
    }

    /// What ``renderAccessibility()`` puts before the line of the row VoiceOver's cursor is on.
    public static let accessibilityCursorMarker: Character = "▸"

    /// The item VoiceOver's cursor is on, where it is now, or `nil` while it is on no row of the list.
    /// The cursor follows its item through moves; when a batch deletes the item it goes to the item that
    /// followed it, else to the one before it (as the focus does: see ``focus(_:)``); it leaves the list
    /// when the list reloads.
    public var accessibilityFocusedIndexPath: ListIndexPath? { accessibilityFocused?.indexPath }

    /// Moves VoiceOver's cursor onto an item's row, as a VoiceOver user touching it (or a swipe reaching
    /// it) would, scrolling the row into view; or off the list (`nil`), as a swipe onto an element
    /// outside it would.
    ///
    /// The item the cursor was on hears ``/CellKit/ListHostEvent/didAccessibilityUnfocus(_:at:)``, the new
    /// one ``/CellKit/ListHostEvent/didAccessibilityFocus(_:at:)`` (`AccessibilityPlugin` of `CellKitPlugins`
    /// keeps it). Moving the cursor onto the item it is on changes nothing. The cursor is VoiceOver's
    /// own: it neither moves nor follows the keyboard focus, and selects nothing.
    ///
    /// - Parameter indexPath: An item in the list, or `nil`.
    /// - Returns: `false`, changing nothing, when the item is not in the list.
    /// - Complexity: O(log n), plus scrolling.
    @discardableResult
    public func accessibilityFocus(_ indexPath: ListIndexPath?) -> Bool {
        transaction {
            loadIfNeeded()
            guard let indexPath else {
                accessibilityUnfocus()
                return true
            }
            guard rows.row(of: indexPath) != nil, let item = dataSource?.itemIdentifier(at: indexPath, in: self)
            else { return false }
            scrollRowIntoView(indexPath)
            if let current = accessibilityFocused, current.indexPath == indexPath, current.item == item { return true }
            accessibilityUnfocus()
            accessibilityFocused = (item, indexPath)
            events.append(.didAccessibilityFocus(item, at: indexPath))
            return true
        }
    }

    /// Moves VoiceOver's cursor as a VoiceOver user's gesture does (``AccessibilityHeading``), through the
    /// rows of every section in order, scrolling the new row into view; it moves as
    /// ``accessibilityFocus(_:)`` does. While the cursor is on no row, ``AccessibilityHeading/next`` puts
    /// it on the first and ``AccessibilityHeading/previous`` on the last.
    ///
    /// ```swift
    /// list.moveAccessibilityFocus(.next)   // the first row
    /// list.moveAccessibilityFocus(.next)   // the second
    /// print(list.renderAccessibility())    // "▸ " before the second row's line
    /// ```
    ///
    /// - Parameter heading: Which way to move.
    /// - Returns: The index path of the row the cursor is on now; `nil`, changing nothing, when there is no
    ///   row that way (the cursor is on the last row and moves next, or the list is empty).
    /// - Complexity: O(s) for the *s* sections, plus scrolling.
    @discardableResult
    public func moveAccessibilityFocus(_ heading: AccessibilityHeading) -> ListIndexPath? {
        transaction {
            loadIfNeeded()
            guard let target = accessibilityTarget(heading), accessibilityFocus(target) else { return nil }
            return target
        }
    }

    /// Puts VoiceOver's cursor on the item `other` has it on, at the same index path, without events or
    /// scrolling: for a brand-new list given the same state.
    ///
    /// - Parameter other: A list whose cursor to copy.
    @_spi(Testing) public func _accessibilityFocus(like other: TextListView) {
        transaction {
            loadIfNeeded()
            accessibilityFocused = nil
            guard let path = other.accessibilityFocusedIndexPath, rows.row(of: path) != nil,
                let item = dataSource?.itemIdentifier(at: path, in: self)
            else { return }
            accessibilityFocused = (item, path)
        }
    }

    // MARK: Internals

    /// Takes the cursor off its row, telling the delegate.
    private func accessibilityUnfocus() {
        guard let (item, path) = accessibilityFocused else { return }
        accessibilityFocused = nil
        events.append(.didAccessibilityUnfocus(item, at: path))
    }

    /// The row a move by `heading` puts the cursor on, or `nil`.
    private func accessibilityTarget(_ heading: AccessibilityHeading) -> ListIndexPath? {
        let sections = (0..<rows.sectionCount).filter { (numberOfItems(inSection: $0) ?? 0) > 0 }
        func first(from section: Int) -> ListIndexPath? {
            sections.first { $0 >= section }.map { ListIndexPath(item: 0, section: $0) }
        }
        func last(through section: Int) -> ListIndexPath? {
            sections.last { $0 <= section }.map {
                ListIndexPath(item: (numberOfItems(inSection: $0) ?? 1) - 1, section: $0)
            }
        }
        let current = accessibilityFocused?.indexPath
        switch (heading, current) {
        case (.first, _), (.next, nil): return first(from: 0)
        case (.last, _), (.previous, nil): return last(through: rows.sectionCount - 1)
        case (.next, let path?):
            if path.item + 1 < numberOfItems(inSection: path.section) ?? 0 {
                return ListIndexPath(item: path.item + 1, section: path.section)
            }
            return first(from: path.section + 1)
        case (.previous, let path?):
            if path.item > 0 { return ListIndexPath(item: path.item - 1, section: path.section) }
            return last(through: path.section - 1)
        }
    }

    /// Carries VoiceOver's cursor through a batch (the data source already in the state after it): it
    /// follows its item; when the batch deletes the item, the cursor goes to its neighbour
    /// (``/CellKit/ListFocusBehavior/neighbour(ofRemoved:itemCount:newIndexPath:canFocus:)``, every row
    /// a candidate), reported as a move.
    func carryAccessibilityFocus(_ plan: BatchIndexMap, itemCountsBefore counts: [Int]) {
        guard let cursor = accessibilityFocused else { return }
        if let target = plan.newIndexPath(ofOld: cursor.indexPath) {
            accessibilityFocused?.indexPath = target
            return
        }
        accessibilityFocused = nil
        events.append(.didAccessibilityUnfocus(cursor.item, at: cursor.indexPath))
        let count = counts.indices.contains(cursor.indexPath.section) ? counts[cursor.indexPath.section] : 0
        guard
            let neighbour = ListFocusBehavior.neighbour(
                ofRemoved: cursor.indexPath, itemCount: count, newIndexPath: plan.newIndexPath(ofOld:),
                canFocus: { _ in true }),
            let item = dataSource?.itemIdentifier(at: neighbour, in: self)
        else { return }
        accessibilityFocused = (item, neighbour)
        events.append(.didAccessibilityFocus(item, at: neighbour))
    }
}
