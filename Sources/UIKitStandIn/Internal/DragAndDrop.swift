#if !canImport(UIKit)
import DiffableStore
import Foundation

// The objects UIKit hands a list view's drag and drop delegates during a user's drag of items: the session
// (a drag from this app, so its own local drag session), the items dropped with the index paths they were
// dragged from, and the coordinator that takes the drop; the drag under way between the gestures
// (Simulation.swift), which can be carried over another list view of the app or to another app (unless the
// drag delegate restricts it to this one), or come from another app; and what UIKit does to a Swift value an
// app puts in a drag item's `localObject` or a session's `localContext`.

/// A drag of items: the drag session and, over a list view, the drop session. A drag started in this app is
/// its own local drag session; one from another app has none.
final class _DragSession: NSObject, UIDragSession, UIDropSession {
    /// Whether the drag began in another app.
    let isFromAnotherApp: Bool
    init(isFromAnotherApp: Bool) { self.isFromAnotherApp = isFromAnotherApp }
    var items: [UIDragItem] = []
    var localContext: Any? {
        get { context }
        set { context = _bridgedThroughObjectiveC(newValue) }
    }
    private var context: Any?
    var localDragSession: (any UIDragSession)? { isFromAnotherApp ? nil : self }
    /// Set from the drag delegate's answer when the drag begins.
    var isRestrictedToDraggingApplication = false
}

/// A drag under way: its session, and where each of its items was picked up in the list view it is over
/// (none once it is carried over another list view, where the items come from elsewhere, nor for a drag from
/// another app).
@MainActor
final class _Drag {
    let session: _DragSession
    init(isFromAnotherApp: Bool = false) { session = _DragSession(isFromAnotherApp: isFromAnotherApp) }
    /// The index path each drag item was picked up at, by the item's identity; the stand-in does not
    /// follow the item through updates made during the drag, so it is the index path of that moment.
    var sources: [ObjectIdentifier: IndexPath] = [:]
    /// The answer of the drop delegate of the list view the drag is over to `canHandle`, asked once the
    /// drag is over it (`nil` until then): `false`, and that list view asks for no proposal and drops nothing.
    var canBeHandled: Bool?

    /// Whether the list view the drag is over takes part in its drop: `canHandle` asks its drop delegate,
    /// once after the drag came over it.
    func isHandled(_ canHandle: (_DragSession) -> Bool) -> Bool {
        if let canBeHandled { return canBeHandled }
        let handled = canHandle(session)
        canBeHandled = handled
        return handled
    }
}

/// What an Objective-C object made of a Swift value looks like to Swift code that reads it back: not the
/// value that went in. UIKit stores a drag item's `localObject` and a session's `localContext` as
/// Objective-C objects: a class instance goes in and comes back as it is, but a Swift value is bridged
/// (an `Int8` to an `NSNumber`, a struct to a box), and what comes back may not be equal to what went in. The
/// stand-in makes the difference plain: a value comes back as this opaque object, which casts to nothing.
final class _BridgedSwiftValue {
    private let value: Any
    init(_ value: Any) { self.value = value }
}

/// `value` as UIKit gives it back after keeping it as an Objective-C object (see `_BridgedSwiftValue`).
func _bridgedThroughObjectiveC(_ value: Any?) -> Any? {
    guard let value else { return nil }
    return type(of: value) is AnyClass ? value : _BridgedSwiftValue(value)
}

/// What `drop(_:toItemAt:)` and `drop(_:toRowAt:)` return: no animation to join.
final class _DropAnimation: NSObject, UIDragAnimating {}

/// A dropped item (or row) and where it was dragged from.
final class _DropItem: NSObject, UICollectionViewDropItem, UITableViewDropItem {
    let dragItem: UIDragItem
    let sourceIndexPath: IndexPath?
    var previewSize: CGSize { .zero }
    init(dragItem: UIDragItem, sourceIndexPath: IndexPath?) {
        self.dragItem = dragItem
        self.sourceIndexPath = sourceIndexPath
    }
}

/// A list view's drop: its items, where they drop, and where the delegate placed each. Each list view's
/// coordinator adds the drop method its delegate calls, which records the index path with ``place(at:)``.
@MainActor
class _DropCoordinator<Item, Proposal: UIDropProposal>: NSObject {
    let items: [Item]
    let destinationIndexPath: IndexPath?
    let proposal: Proposal
    let session: any UIDropSession
    /// The index paths the delegate dropped the items at.
    private(set) var placed: [IndexPath] = []
    init(items: [Item], destinationIndexPath: IndexPath?, proposal: Proposal, session: any UIDropSession) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }

    /// The delegate dropped an item at `indexPath`.
    final func place(at indexPath: IndexPath) -> any UIDragAnimating {
        placed.append(indexPath)
        return _DropAnimation()
    }
}

/// A collection view's drop (`drop(_:toItemAt:)`).
final class _CollectionDropCoordinator: _DropCoordinator<any UICollectionViewDropItem, UICollectionViewDropProposal>,
    UICollectionViewDropCoordinator
{
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating { place(at: indexPath) }
}

/// A table view's drop (`drop(_:toRowAt:)`).
final class _TableDropCoordinator: _DropCoordinator<any UITableViewDropItem, UITableViewDropProposal>,
    UITableViewDropCoordinator
{
    func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating { place(at: indexPath) }
}

extension ListViewEngine {
    /// A long press lifts the item at `sources[0]` and a tap on each other source adds it, in order:
    /// `items` asks the drag delegate for the drag items of each (`nil` when there is none). No drag
    /// begins when the first gives none, or while a drag is under way; a later one that gives none is left
    /// out of the drag, which goes on, as in UIKit. Once the drag began, `isRestricted` asks the drag delegate
    /// whether it may drop only in this app.
    ///
    /// - Returns: The sources that joined the drag (gave drag items), in order; empty when none began.
    func beginDrag(
        _ sources: [IndexPath], items: (_DragSession, IndexPath, _ isFirst: Bool) -> [UIDragItem]?,
        isRestricted: (_DragSession) -> Bool
    ) -> [IndexPath] {
        layoutIfNeeded()
        guard drag == nil, let first = sources.first, contains(_path(first)) else { return [] }
        let drag = _Drag()
        var joined: [IndexPath] = []
        for (index, source) in sources.enumerated() where contains(_path(source)) {
            guard let given = items(drag.session, source, index == 0), !given.isEmpty else {
                if index == 0 { return [] }
                continue
            }
            drag.session.items += given
            for item in given { drag.sources[ObjectIdentifier(item)] = source }
            joined.append(source)
        }
        drag.session.isRestrictedToDraggingApplication = isRestricted(drag.session)
        self.drag = drag
        return joined
    }

    /// The finger holds the drag under way over the list view: `propose` asks the drop delegate for its
    /// proposal, when its `canHandle` takes the drag. Returns the proposal's operation; `nil` when no drag is
    /// under way, or when the drop delegate cannot handle it (no proposal is asked).
    func dragOver(
        canHandle: (_DragSession) -> Bool, propose: (_DragSession) -> UIDropOperation
    ) -> UIDropOperation? {
        guard let drag, drag.isHandled(canHandle) else { return nil }
        layoutIfNeeded()
        return propose(drag.session)
    }

    /// The finger lifts: the drag ends, and when the drop delegate can handle it (`canHandle`) and its
    /// proposal (`propose`) is a copy or a move, `perform` has it perform the drop with the drag items and
    /// the index paths they were picked up at (`nil` for items from elsewhere).
    ///
    /// - Returns: Whether the drop delegate was asked to perform the drop; `false` when no drag is under way.
    func drop<Proposal: UIDropProposal>(
        canHandle: (_DragSession) -> Bool, propose: (_DragSession) -> Proposal,
        perform: (_DragSession, Proposal, [(UIDragItem, IndexPath?)]) -> Void
    ) -> Bool {
        guard let drag else { return false }
        self.drag = nil
        guard drag.isHandled(canHandle) else { return false }
        layoutIfNeeded()
        let proposal = propose(drag.session)
        guard proposal.operation == .copy || proposal.operation == .move else { return false }
        perform(drag.session, proposal, drag.session.items.map { ($0, drag.sources[ObjectIdentifier($0)]) })
        layoutIfNeeded()
        return true
    }

    /// The finger carries the drag under way over `other`, another list view of the app: the drag is
    /// over it now, and there its items come from elsewhere (no `sourceIndexPath`).
    func carryDrag(to other: ListViewEngine) {
        guard let drag, other !== self, other.drag == nil else { return }
        self.drag = nil
        drag.sources = [:]
        drag.canBeHandled = nil
        other.drag = drag
    }

    /// A drag of `count` items from another app comes over the list view (each item with an empty item
    /// provider): its session has no local drag session. Nothing happens while a drag is under way.
    func dragFromAnotherApp(count: Int) {
        guard drag == nil else { return }
        let drag = _Drag(isFromAnotherApp: true)
        drag.session.items = (0..<count).map { _ in UIDragItem(itemProvider: NSItemProvider()) }
        self.drag = drag
    }

    /// The finger carries the drag under way to another app and lifts it there: the drag ends, and the
    /// other app gets the drag items' item providers, unless the drag is restricted to this app, when it
    /// cannot drop there and nothing leaves the app.
    ///
    /// - Returns: The item providers the other app got; `nil` when no drag is under way or it is restricted.
    func dropInAnotherApp() -> [NSItemProvider]? {
        guard let drag else { return nil }
        self.drag = nil
        guard !drag.session.isRestrictedToDraggingApplication else { return nil }
        return drag.session.items.map(\.itemProvider)
    }
}
#endif
