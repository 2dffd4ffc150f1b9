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
    /// The marker in the last column of the first line of a disabled item's row (that is not highlighted or
    /// focused).
    public static let disabledMarker: Character = "⊘"
    /// The marker in the last column of the first line of each item's row while the list is editing (one
    /// that no other marker ends): the reorder control a table shows in editing mode.
    public static let editingMarker: Character = "≡"

    // MARK: Editing and disabled items

    /// Whether the list is in editing mode, as `UITableView`'s and `UICollectionView`'s `isEditing`
    /// (default `false`).
    ///
    /// While it is on, every item's cell shows ``/CellKit/CellState/isEditing`` (the visible ones are asked
    /// again in place, without a reload, when it changes) and each item's row ends with ``editingMarker`` in
    /// ``render()``.
    ///
    /// - Complexity: Setting it: O(v) for *v* visible rows, plus configuring their cells.
    public var isEditing: Bool {
        get { editing }
        set { transaction { editing = newValue } }
    }

    /// The items shown disabled, by identity: their cells show ``/CellKit/CellState/isDisabled``, a tap or
    /// a finger does not select or highlight them (``select(_:)`` and ``highlight(_:)`` return `false`), and
    /// their rows end with ``disabledMarker`` in ``render()``. Default empty.
    ///
    /// An item stays disabled wherever it moves, and again when it is inserted after a deletion, until it is
    /// taken out of the set; disabling a selected item leaves it selected, as a cell UIKit disables does.
    /// The visible cells whose state changes are asked again in place, without a reload.
    ///
    /// - Complexity: Setting it: O(v log n) for *v* visible rows, plus configuring the cells whose state
    ///   changed.
    public var disabledItems: Set<AnyHashable> {
        get { disabled }
        set { transaction { disabled = newValue } }
    }

    /// Whether an item is disabled.
    func isDisabled(_ item: AnyHashable) -> Bool {
        !disabled.isEmpty && disabled.contains(item)
    }

    // MARK: State

    /// The state the list shows an item's cell in: selected, highlighted, focused, disabled, editing,
    /// swiped open.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Complexity: O(k) for *k* selected items, plus O(log s) to name the item when items are disabled.
    @_spi(ListHost) public func cellState(forItemAt indexPath: ListIndexPath) -> CellState {
        let disabled =
            !disabled.isEmpty && (dataSource?.itemIdentifier(at: indexPath, in: self)).map(isDisabled) == true
        return CellState(
            isSelected: isSelected(indexPath), isHighlighted: highlighted?.indexPath == indexPath,
            isFocused: focused?.indexPath == indexPath, isDisabled: disabled, isEditing: editing,
            isSwiped: openSwipe?.indexPath == indexPath)
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

    /// The marker a row shows for its item's state, if any: ``highlightMarker``, ``focusMarker``,
    /// ``disabledMarker`` or ``editingMarker``, in that order of precedence.
    func stateMarker(atRow row: Int) -> Character? {
        guard showsStateMarkers, highlighted != nil || focused != nil || editing || !disabled.isEmpty,
            case .item(let path) = rows.location(ofRow: row)
        else {
            return nil
        }
        if highlighted?.indexPath == path { return Self.highlightMarker }
        if focused?.indexPath == path { return Self.focusMarker }
        if !disabled.isEmpty, let item = dataSource?.itemIdentifier(at: path, in: self), isDisabled(item) {
            return Self.disabledMarker
        }
        if editing { return Self.editingMarker }
        return nil
    }

    /// A line of a row fitted to the width; the first line of a marked row ends with its marker.
    func fittedLine(_ text: String, index: Int, marker: Character?) -> String {
        guard index == 0, let marker, width > 1 else { return TextWidth.fit(text, width: width) }
        return TextWidth.fit(text, width: width - 1) + String(marker)
    }
}
