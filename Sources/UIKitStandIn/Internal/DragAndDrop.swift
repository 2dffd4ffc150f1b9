#if !canImport(UIKit)
import DiffableStore
import Foundation

// The objects UIKit hands a list view's drag and drop delegates during a drag of items inside the list
// view: the session (a drag from this app, so its own local drag session), the items dropped with the
// index paths they were dragged from, and the coordinator that takes the drop.

/// A drag of items started in this list view: the drag session and, over the list view, the drop session.
final class _LocalDragSession: NSObject, UIDragSession, UIDropSession {
    var items: [UIDragItem] = []
    var localDragSession: (any UIDragSession)? { self }
}

/// What `drop(_:toItemAt:)` returns: no animation to join.
final class _DropAnimation: NSObject, UIDragAnimating {}

/// A dropped item and where it was dragged from.
final class _CollectionDropItem: NSObject, UICollectionViewDropItem {
    let dragItem: UIDragItem
    let sourceIndexPath: IndexPath?
    var previewSize: CGSize { .zero }
    init(dragItem: UIDragItem, sourceIndexPath: IndexPath?) {
        self.dragItem = dragItem
        self.sourceIndexPath = sourceIndexPath
    }
}

/// A collection view's drop: its items, where they drop, and where the delegate placed each.
final class _CollectionDropCoordinator: NSObject, UICollectionViewDropCoordinator {
    let items: [any UICollectionViewDropItem]
    let destinationIndexPath: IndexPath?
    let proposal: UICollectionViewDropProposal
    let session: any UIDropSession
    /// The index paths the delegate dropped the items at.
    var placed: [IndexPath] = []
    init(
        items: [any UICollectionViewDropItem], destinationIndexPath: IndexPath?, proposal: UICollectionViewDropProposal,
        session: any UIDropSession
    ) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating {
        placed.append(indexPath)
        return _DropAnimation()
    }
}

/// A dropped row and where it was dragged from.
final class _TableDropItem: NSObject, UITableViewDropItem {
    let dragItem: UIDragItem
    let sourceIndexPath: IndexPath?
    var previewSize: CGSize { .zero }
    init(dragItem: UIDragItem, sourceIndexPath: IndexPath?) {
        self.dragItem = dragItem
        self.sourceIndexPath = sourceIndexPath
    }
}

/// A table view's drop: its rows, where they drop, and where the delegate placed each.
final class _TableDropCoordinator: NSObject, UITableViewDropCoordinator {
    let items: [any UITableViewDropItem]
    let destinationIndexPath: IndexPath?
    let proposal: UITableViewDropProposal
    let session: any UIDropSession
    /// The index paths the delegate dropped the rows at.
    var placed: [IndexPath] = []
    init(
        items: [any UITableViewDropItem], destinationIndexPath: IndexPath?, proposal: UITableViewDropProposal,
        session: any UIDropSession
    ) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }
    func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating {
        placed.append(indexPath)
        return _DropAnimation()
    }
}

extension ListViewEngine {
    /// A drag of the items at `sources`, picked up in order (the first begins the drag, each other one is
    /// added to it), then held over `destination` and dropped: the drag items the drag delegate gives for
    /// each, in one local session; the drop delegate's proposal for the destination; and, when it
    /// proposes a move, its `performDrop`. `items` asks the drag delegate (`nil` when there is none);
    /// `propose` and `perform` ask the drop delegate. The drag is abandoned when an item gives no drag
    /// item (it cannot join the drag), and nothing drops unless the proposal is a move.
    ///
    /// - Returns: Whether the drop delegate was asked to perform the drop.
    func dragAndDrop(
        _ sources: [IndexPath], items: (_LocalDragSession, IndexPath, _ isFirst: Bool) -> [UIDragItem]?,
        propose: (_LocalDragSession) -> UIDropOperation?,
        perform: (_LocalDragSession, [(UIDragItem, IndexPath)]) -> Void
    ) -> Bool {
        layoutIfNeeded()
        guard !sources.isEmpty, sources.allSatisfy({ contains(_path($0)) }) else { return false }
        let session = _LocalDragSession()
        var dropped: [(UIDragItem, IndexPath)] = []
        for (index, source) in sources.enumerated() {
            guard let given = items(session, source, index == 0), !given.isEmpty else { return false }
            session.items += given
            dropped += given.map { ($0, source) }
        }
        guard propose(session) == .move else { return false }
        perform(session, dropped)
        return true
    }
}
#endif
