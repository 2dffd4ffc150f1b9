#if !canImport(UIKit)
import DiffableStore
import Foundation

/// What a stand-in list view gives the simulation of a user's drag of its items: the calls to its drag
/// and drop delegates, each one UIKit call (or, without a delegate, what UIKit does then). Its extension
/// is the one implementation of the drag-and-drop gestures both list views' `@_spi(Simulation)` methods
/// forward to (Simulation.swift); the drag under way lives in the engine (DragAndDrop.swift).
@MainActor
protocol DragAndDropBackend: ListViewBackend {
    /// The list view's drop proposal (`UICollectionViewDropProposal`, `UITableViewDropProposal`).
    associatedtype DropProposal: UIDropProposal

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

extension DragAndDropBackend {
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
        guard let other = other as? any DragAndDropBackend else { return }
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
