#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// The state each cell shows (CellState), for both hosts: UIKit keeps it in each cell's
// `configurationState` and calls the cell's `configurationUpdateHandler` when it changes
// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationupdatehandler-swift.property);
// the hosts install one that asks the data source to update the cell, in place, when the state differs from
// the one it was configured with. From iOS 15 (before, the state reaches cells when they are configured).

extension CollectionViewHost {
    /// The state of an item's cell, as the collection view shows it: its selection and highlight (the state
    /// UIKit gives the cell's configuration update, while the host updates it).
    ///
    /// - Parameter indexPath: An item in the current state.
    /// - Complexity: O(k) for *k* selected items.
    @_spi(ListHost) public func cellState(forItemAt indexPath: ListIndexPath) -> CellState {
        currentCellState(forItemAt: indexPath)
    }

    /// Installs the host's configuration update handler on a cell it shows, unless it has one.
    func watchConfigurationState(of cell: AnyObject) {
        guard #available(iOS 15.0, tvOS 15.0, *), let cell = cell as? UICollectionViewCell,
            cell.configurationUpdateHandler == nil
        else { return }
        cell.configurationUpdateHandler = { [weak self] cell, state in
            self?.configurationStateChanged(of: cell, to: CellState(state))
        }
    }

    func indexPathInListView(of cell: UIView) -> IndexPath? {
        (cell as? UICollectionViewCell).flatMap { collectionView.indexPath(for: $0) }
    }

    func configurationStateInListView(of cell: AnyObject) -> CellState? {
        guard #available(iOS 14.0, tvOS 14.0, *), let cell = cell as? UICollectionViewCell else { return nil }
        return CellState(cell.configurationState)
    }
}

extension TableViewHost {
    /// The state of an item's cell, as the table view shows it: its selection and highlight (the state
    /// UIKit gives the cell's configuration update, while the host updates it).
    ///
    /// - Parameter indexPath: An item in the current state.
    /// - Complexity: O(k) for *k* selected items.
    @_spi(ListHost) public func cellState(forItemAt indexPath: ListIndexPath) -> CellState {
        currentCellState(forItemAt: indexPath)
    }

    /// Installs the host's configuration update handler on a cell it shows, unless it has one.
    func watchConfigurationState(of cell: AnyObject) {
        guard #available(iOS 15.0, tvOS 15.0, *), let cell = cell as? UITableViewCell,
            cell.configurationUpdateHandler == nil
        else { return }
        cell.configurationUpdateHandler = { [weak self] cell, state in
            self?.configurationStateChanged(of: cell, to: CellState(state))
        }
    }

    func indexPathInListView(of cell: UIView) -> IndexPath? {
        (cell as? UITableViewCell).flatMap { tableView.indexPath(for: $0) }
    }

    func configurationStateInListView(of cell: AnyObject) -> CellState? {
        guard #available(iOS 14.0, tvOS 14.0, *), let cell = cell as? UITableViewCell else { return nil }
        return CellState(cell.configurationState)
    }
}

extension UIKitListHost {
    /// The state the host shows an item's cell in: the one UIKit reports while the host updates the cell for
    /// it; otherwise the list view's selection and the host's highlight.
    func currentCellState(forItemAt indexPath: ListIndexPath) -> CellState {
        if let update = state.stateUpdate, update.indexPath == indexPath { return update.state }
        let path = indexPath.indexPath
        return CellState(
            isSelected: selectedIndexPathsInListView.contains(path),
            isHighlighted: state.highlighted?.indexPath == indexPath)
    }

    /// The state to configure a cell the list view gave for an item with: the cell's own when it shows (it
    /// is configured again in place), else the list view's selection (UIKit gives a new cell its state once
    /// the data source returned it, and updates its configuration then).
    func stateForConfiguring(_ cell: AnyObject, at indexPath: ListIndexPath) -> CellState {
        if let view = cell as? UIView, indexPathInListView(of: view) != nil,
            let shown = configurationStateInListView(of: cell)
        {
            return shown
        }
        return CellState(isSelected: selectedIndexPathsInListView.contains(indexPath.indexPath))
    }

    /// UIKit updates a cell's configuration for its state: when the state is not the one the cell was
    /// configured with, the data source is asked to update the cell, in place.
    func configurationStateChanged(of cell: UIView, to newState: CellState) {
        let id = ObjectIdentifier(cell)
        // Only for the item the cell shows (identifiers equal under `AnyHashable` and of one type): a cell
        // UIKit has not placed where the data source is yet is configured anew anyway.
        guard let dataSource, state.configuredStates[id] != newState,
            let indexPath = indexPathInListView(of: cell), let path = ListIndexPath(indexPath), contains(path),
            let shown = state.shownItems[id], let item = dataSource.itemIdentifier(at: path, in: self),
            shown == item, type(of: shown.base) == type(of: item.base)
        else { return }
        state.configuredStates[id] = newState
        state.stateUpdate = (path, newState)
        defer { state.stateUpdate = nil }
        _ = dataSource.updateConfiguration(of: cell, forItemAt: path, in: self)
    }
}

extension CellState {
    /// The state UIKit reports for a cell (its outline expansion left to the data source).
    @available(iOS 14.0, tvOS 14.0, *)
    init(_ state: UICellConfigurationState) {
        self.init(
            isSelected: state.isSelected, isHighlighted: state.isHighlighted, isFocused: state.isFocused,
            isDisabled: state.isDisabled, isEditing: state.isEditing, isSwiped: state.isSwiped)
    }
}
