#if !canImport(UIKit)
import DiffableStore
import Foundation

/// What a stand-in list view gives the simulation of a user (Simulation.swift): its engine, and the calls
/// to its drag and drop delegates, each one UIKit call (or, without a delegate, what UIKit does then). Its
/// extension is the one implementation of what both list views' `@_spi(Simulation)` members do beyond a
/// call to the engine (laying out before a read, a drag's calls to the delegates); the state (the drag
/// under way, the interactive move) lives in the engine (ListViewEngine.swift, DragAndDrop.swift).
@MainActor
protocol SimulationBackend: ListViewBackend {
    /// The list view's drop proposal (`UICollectionViewDropProposal`, `UITableViewDropProposal`).
    associatedtype DropProposal: UIDropProposal

    /// The engine behind the list view.
    var _engine: ListViewEngine { get }

    /// The drag delegate's drag items for `source`: `itemsForBeginning` for the item the long press lifts
    /// (`isFirst`), `itemsForAddingTo` for the others; `nil` without a drag delegate.
    func _dragItems(_ session: _DragSession, at source: IndexPath, isFirst: Bool) -> [UIDragItem]?
    /// The drag delegate's `dragSessionIsRestrictedToDraggingApplication`; `false` without one.
    func _isRestrictedToDraggingApplication(_ session: _DragSession) -> Bool
    /// The drop delegate's `canHandle`; without one, the list view takes no drop.
    func _canHandleDrop(_ session: _DragSession) -> Bool
    /// The drop delegate's proposal for a drop at `destination`; without one, UIKit cancels.
    func _dropProposal(_ session: _DragSession, at destination: IndexPath?) -> DropProposal
    /// The drop delegate's `performDropWith`, with a coordinator of `items`.
    ///
    /// - Returns: The index paths the delegate dropped the items at.
    func _performDrop(
        _ items: [_DropItem], at destination: IndexPath?, proposal: DropProposal, session: _DragSession
    ) -> [IndexPath]
}

extension SimulationBackend {
    /// See `UICollectionView._statistics`.
    var _simulatedStatistics: (created: Int, dequeued: Int, reused: Int, reconfiguredInPlace: Int) {
        (_engine.viewsCreated, _engine.dequeues, _engine.reused, _engine.reconfiguredInPlace)
    }

    /// The views shown with the top and height of their frames, top to bottom, once laid out.
    func _simulatedFramesTopToBottom() -> [(view: UIView, top: CGFloat, height: CGFloat)] {
        layoutIfNeeded()
        return _engine.framesTopToBottom.map { ($0.view, $0.slot.top, $0.slot.height) }
    }

    /// See `UICollectionView._top(of:)`.
    func _simulatedTop(of indexPath: IndexPath) -> CGFloat? {
        layoutIfNeeded()
        return _engine.slot(of: _path(indexPath))?.top
    }

    /// The item being moved interactively (a table view's row being reordered), if one is: where it was
    /// picked up and where it would drop now.
    var _simulatedMove: (source: IndexPath, target: IndexPath)? {
        _engine.interactiveMove.map { ($0.source.indexPath, $0.target.indexPath) }
    }

    /// The finger picks up the item at `indexPath` to move it, once laid out; whether it was picked up.
    func _simulatedBeginMove(at indexPath: IndexPath) -> Bool {
        layoutIfNeeded()
        return _engine.beginMove(_path(indexPath))
    }

    /// See `UICollectionView._beginDrag(_:)`.
    func _simulateBeginDrag(_ sources: [IndexPath]) -> [IndexPath] {
        _engine.beginDrag(sources, items: _dragItems, isRestricted: _isRestrictedToDraggingApplication)
    }

    /// See `UICollectionView._dragOver(_:)`.
    func _simulateDragOver(_ destination: IndexPath?) -> UIDropOperation? {
        _engine.dragOver(canHandle: _canHandleDrop) { [self] session in
            _dropProposal(session, at: destination).operation
        }
    }

    /// See `UICollectionView._drop(at:)`.
    func _simulateDrop(at destination: IndexPath?) -> (performed: Bool, placed: [IndexPath]) {
        var placed: [IndexPath] = []
        let performed = _engine.drop(
            canHandle: _canHandleDrop, propose: { [self] session in _dropProposal(session, at: destination) },
            perform: { [self] session, proposal, dropped in
                let items = dropped.map { _DropItem(dragItem: $0.0, sourceIndexPath: $0.1) }
                placed = _performDrop(items, at: destination, proposal: proposal, session: session)
            })
        return (performed, placed)
    }

    /// See `UICollectionView._carryDrag(to:)`.
    func _simulateCarryDrag(to other: UIScrollView) {
        guard let other = other as? any SimulationBackend else { return }
        _engine.carryDrag(to: other._engine)
    }

    /// See `UICollectionView._dragAndDrop(_:to:)`.
    func _simulateDragAndDrop(_ sources: [IndexPath], to destination: IndexPath?) -> (
        performed: Bool, placed: [IndexPath]
    ) {
        guard !_simulateBeginDrag(sources).isEmpty else { return (false, []) }
        return _simulateDrop(at: destination)
    }
}
#endif
