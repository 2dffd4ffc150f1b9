@_spi(ListHost) import CellKit
import DiffableStore

// The state each cell shows (CellState): the list's selection, highlight, focus and open swipe, the
// visible cells asked again when it changes, and the markers that show highlight and focus in the text.
// Moving the focus: TextListView+Focus.swift.

extension TextListView {
    /// The marker in the last column of the first line of a highlighted item's row.
    public static let highlightMarker: Character = "◀"
    /// The marker in the last column of the first line of a focused item's row (that is not highlighted).
    public static let focusMarker: Character = "◁"

    // MARK: State

    /// The state the list shows an item's cell in: selected, highlighted, focused, swiped open.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Complexity: O(k) for *k* selected items.
    @_spi(ListHost) public func cellState(forItemAt indexPath: ListIndexPath) -> CellState {
        CellState(
            isSelected: isSelected(indexPath), isHighlighted: highlighted?.indexPath == indexPath,
            isFocused: focused?.indexPath == indexPath, isSwiped: openSwipe?.indexPath == indexPath)
    }

    /// Asks the data source again for each visible cell whose state is no longer the one it was configured
    /// with (``/CellKit/ListHostDataSource/updateConfiguration(of:forItemAt:in:)``), in place, and measures
    /// it again; lays out again when a height changed. Runs as each public operation ends.
    ///
    /// - Complexity: O(v k) for *v* visible rows and *k* selected items, plus the cells configured.
    func updateCellStates() {
        guard let dataSource, isLoaded else { return }
        var heightChanged = false
        for (row, view) in displayed {
            guard case .item(let path) = rows.location(ofRow: row) else { continue }
            // The focus flag follows the focus, which batches move to neighbours: set as each operation ends.
            view.isFocused = focused?.indexPath == path
            guard view.configuredState != nil else { continue }
            let state = cellState(forItemAt: path)
            guard view.configuredState != state else { continue }
            view.configuredState = state
            guard dataSource.updateConfiguration(of: view, forItemAt: path, in: self) else { continue }
            view.configureCount += 1
            statistics.stateUpdates += 1
            let before = rows.height(ofRow: row)
            measure(view, row: row)
            if rows.height(ofRow: row) != before { heightChanged = true }
        }
        if heightChanged { layout() }
    }

    /// The marker a row shows for its item's state, if any: ``highlightMarker`` or ``focusMarker``.
    func stateMarker(atRow row: Int) -> Character? {
        guard showsStateMarkers, highlighted != nil || focused != nil, case .item(let path) = rows.location(ofRow: row)
        else {
            return nil
        }
        if highlighted?.indexPath == path { return Self.highlightMarker }
        if focused?.indexPath == path { return Self.focusMarker }
        return nil
    }

    /// A line of a row fitted to the width; the first line of a marked row ends with its marker.
    func fittedLine(_ text: String, index: Int, marker: Character?) -> String {
        guard index == 0, let marker, width > 1 else { return TextWidth.fit(text, width: width) }
        return TextWidth.fit(text, width: width - 1) + String(marker)
    }
}
