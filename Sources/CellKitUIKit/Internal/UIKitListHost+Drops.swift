#if !os(tvOS)
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Several items dragged together and dropped at one place, for both hosts: what the bridges' drag and drop
// delegate calls do (UIKit has no drag and drop on tvOS). The items are known by identity from the moment
// they are picked up, so a drop moves the items the user picked up even if the list changed meanwhile. The
// drags stay in the app: the bridges restrict them to it (their drag items carry an empty item provider). A
// drop delegate handles the drags its host began (a reorder) and, when its data source takes drops from other
// lists (`ListHostTransfers`), the drags another CellKit host of the app began, which the data sources
// carry out between them.

/// A drag item's `localObject`: the identifier of the item it lifts, in a class of the host's own. UIKit
/// keeps `localObject` as an Objective-C object: a Swift value put there is bridged and may not compare
/// equal to the identifier on the way back; an instance of a class comes back as it went in.
final class DraggedItem {
    /// The identifier of the dragged item.
    let item: AnyHashable

    init(_ item: AnyHashable) {
        self.item = item
    }
}

/// What a host puts in the drag sessions it begins (`localContext`): the host, so that it takes only the
/// drags it began (another list view of the app may carry its own drag, with the same items, over this
/// one), and where it last saw each dragged item.
@MainActor
final class LocalDrag {
    /// The host that began the drag.
    private(set) weak var host: AnyObject?
    /// Where the host last saw each item it added to the drag, by the item's identity: a hint, used only
    /// once the item is found there by identity.
    var lastSeen: [ItemIdentity: ListIndexPath] = [:]

    init(host: AnyObject) {
        self.host = host
    }
}

/// A drop the data source allows: the items still in the list, in drag order, where each is now, and the
/// batch's moves (the first lands at the destination, the others right after it).
struct DropPlan {
    var items: [AnyHashable]
    var sources: [ListIndexPath]
    var destination: ListIndexPath
    var moves: [Move<ListIndexPath>]
}

extension UIKitListHost {
    // MARK: Drag

    /// UIKit begins a drag on an item: one drag item naming it when the data source lets it move (and
    /// the session becomes the host's own drag); none otherwise, and no drag begins.
    func dragItems(beginning session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        let drag = LocalDrag(host: self)
        let items = dragItems(adding: indexPath, to: drag)
        if !items.isEmpty { session.localContext = drag }
        return items
    }

    /// UIKit adds an item to a drag under way (the user taps it): on the same terms, and only to a drag
    /// this host began; an item already in the drag is not added twice.
    func dragItems(adding session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        guard let drag = localDrag(session) else { return [] }
        return dragItems(adding: indexPath, to: drag)
    }

    private func dragItems(adding indexPath: IndexPath, to drag: LocalDrag) -> [UIDragItem] {
        guard let path = ListIndexPath(indexPath), contains(path), let dataSource,
            (dataSource as? any ListHostReordering)?.canMoveItem(at: path, in: self) == true
                || (dataSource as? any ListHostTransfers)?.canDragItemOut(at: path, in: self) == true,
            let item = dataSource.itemIdentifier(at: path, in: self), drag.lastSeen[ItemIdentity(item)] == nil
        else { return [] }
        drag.lastSeen[ItemIdentity(item)] = path
        let dragItem = UIDragItem(itemProvider: NSItemProvider())
        dragItem.localObject = DraggedItem(item)
        return [dragItem]
    }

    /// The host's own drag, if this session is one it began (`nil` for a drag from another list view or
    /// another app).
    private func localDrag(_ session: (any UIDragSession)?) -> LocalDrag? {
        guard let drag = session?.localContext as? LocalDrag, drag.host === self else { return nil }
        return drag
    }

    /// The host that began this session's drag and the items it picked up, in drag order, when that is
    /// another CellKit host of the app (`nil` for the host's own drag, or one from another app).
    private func otherListDrag(_ session: any UIDropSession) -> (source: any ListHost, items: [AnyHashable])? {
        guard let drag = session.localDragSession?.localContext as? LocalDrag, drag.host !== self,
            let source = drag.host as? any ListHost
        else { return nil }
        var seen = Set<ItemIdentity>()
        let items = session.items.compactMap { ($0.localObject as? DraggedItem)?.item }
            .filter { seen.insert(ItemIdentity($0)).inserted }
        return (source, items)
    }

    /// The number of items the list view knows in a section (0 for one out of range).
    private func itemCount(inSection section: Int) -> Int {
        let counts = knownCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Where a drop from another list lands here: `proposed`, or past the last item (`nil`) the end of the
    /// last section.
    private func otherListDestination(_ proposed: IndexPath?) -> ListIndexPath? {
        guard let proposed else {
            let counts = knownCounts()
            return counts.indices.last.map { ListIndexPath(item: counts[$0], section: $0) }
        }
        return ListIndexPath(proposed)
    }

    // MARK: Drop

    /// Whether the list view takes part in a drop of the session (UIKit's `canHandle`, asked when a drag
    /// comes over it): a drag this host began, or one another CellKit host of the app began when the data
    /// source takes drops from other lists (`ListHostTransfers/acceptsDropsFromOtherLists(in:)`). For any
    /// other (another app's drag), UIKit asks no proposal and the list view drops nothing; a drag it takes is
    /// proposed an operation or `.forbidden` place by place (``dropOperation(for:at:)``).
    func canHandle(_ session: any UIDropSession) -> Bool {
        if localDrag(session.localDragSession) != nil { return true }
        guard otherListDrag(session) != nil, let dataSource = dataSource as? any ListHostTransfers else { return false }
        return dataSource.acceptsDropsFromOtherLists(in: self)
    }

    /// What a drop of the session at `destination` would do: for a drag this host began, `.move` when the
    /// data source allows the drop there now (see ``dropPlan(_:at:)``); for another CellKit host's drag,
    /// the data sources' answer (`ListHostTransfers/dropOperation(for:from:at:in:)`); `nil` otherwise. UIKit
    /// asks as the finger moves, once ``canHandle(_:)`` took the drag; a drop refused is proposed `.forbidden`.
    ///
    /// - Complexity: Expected O(k) for *k* dragged items, plus O(n) for the *n* items of the list once after
    ///   the list changed during the drag (an own drag), or the data sources' answer.
    func dropOperation(for session: any UIDropSession, at destination: IndexPath?) -> ListDropOperation? {
        if let (source, items) = otherListDrag(session) {
            guard let dataSource = dataSource as? any ListHostTransfers, let target = otherListDestination(destination)
            else { return nil }
            return dataSource.dropOperation(for: items, from: source, at: target, in: self)
        }
        return dropPlan(session, at: destination) != nil ? .move : nil
    }

    /// Drops the items of a drag this host began at one place, as `TextListView.drop(_:at:)` does: they land
    /// in drag order, the first at `destination` (in the coordinates after the drop; `nil`, past the last
    /// item, is the end of the last section), the others right after it.
    ///
    /// The items are the ones the user picked up, found by identity where they are now: a list changed
    /// during the drag moves the same items, and an item deleted meanwhile is left out while the others
    /// drop (none left: the drop is refused). The data source is asked first and may refuse: every item must
    /// be movable, and the destination, proposed for the first item, allowed unchanged. Then the host performs
    /// the moves as one checked batch, with the data source updating its data inside it
    /// (`ListHostReordering/moveItems(from:to:in:)`), and the delegate hears
    /// ``/CellKit/ListHostEvent/didMoveItem(_:from:to:)`` for each item. When the data source's counts do
    /// not match the moves, the list view reloads from the data source instead.
    ///
    /// - Parameters:
    ///   - session: The drop session; a drag this host did not begin is refused.
    ///   - destination: The drop's destination index path.
    /// - Returns: Each of the host's drag items still in the list and where it landed, in drag order; empty
    ///   when the drop is refused or moves nothing.
    /// - Complexity: Expected O(k) for *k* items, plus O(n) for the *n* items of the list once after the list
    ///   changed during the drag, plus the batch.
    func performDrop(_ session: any UIDropSession, to destination: IndexPath?) -> [(UIDragItem, IndexPath)] {
        if let (source, items) = otherListDrag(session) {
            return performOtherListDrop(session, of: items, from: source, to: destination)
        }
        guard let dataSource = dataSource as? any ListHostReordering, let plan = dropPlan(session, at: destination),
            plan.moves.contains(where: { $0.source != $0.destination })
        else { return [] }
        let moved = transaction { () -> Bool in
            do {
                try performCheckedBatch(BatchUpdate(movedItems: plan.moves)) {
                    dataSource.moveItems(from: plan.sources, to: plan.destination, in: self)
                }
            } catch {
                reloadEverything()
                return false
            }
            for (item, move) in zip(plan.items, plan.moves) {
                state.events.append(.didMoveItem(item, from: move.source, to: move.destination))
            }
            return true
        }
        guard moved else { return [] }
        var landed: [ItemIdentity: IndexPath] = [:]
        for (item, move) in zip(plan.items, plan.moves) { landed[ItemIdentity(item)] = move.destination.indexPath }
        return session.items.compactMap { dragItem in
            (dragItem.localObject as? DraggedItem).flatMap { landed[ItemIdentity($0.item)] }.map { (dragItem, $0) }
        }
    }

    /// Drops another CellKit host's drag here: the data sources decide and apply their new snapshots
    /// (`ListHostTransfers/performDrop(of:from:at:in:)`). When as many items arrived as were dragged, each
    /// drag item is placed where its counterpart landed (the first at the destination, the others after it).
    private func performOtherListDrop(
        _ session: any UIDropSession, of items: [AnyHashable], from source: any ListHost, to destination: IndexPath?
    ) -> [(UIDragItem, IndexPath)] {
        guard let dataSource = dataSource as? any ListHostTransfers, let target = otherListDestination(destination)
        else { return [] }
        let countBefore = itemCount(inSection: target.section)
        guard dataSource.performDrop(of: items, from: source, at: target, in: self) else { return [] }
        let arrived = itemCount(inSection: target.section) - countBefore
        let dragItems = session.items.filter { $0.localObject is DraggedItem }
        guard arrived == dragItems.count else { return [] }
        return dragItems.enumerated().map { offset, item in
            (item, ListIndexPath(item: target.item + offset, section: target.section).indexPath)
        }
    }

    /// The drop of a session's items at `proposed`, if the data source allows it, checked as
    /// `TextListView.drop(_:at:)` checks a drop: the session is a drag this host began; its items still in
    /// the list (found by identity) can all move; the destination (`nil`: the end of the last section) is in
    /// a section of the list, at most its count once the dragged items have left it; and the data source
    /// allows it unchanged (`ListHostReordering/targetIndexPath(forMoveFrom:to:in:)` vetoes with
    /// `nil`, and a redirect is refused too: the user drops where the list view showed the gap).
    func dropPlan(_ session: any UIDropSession, at proposed: IndexPath?) -> DropPlan? {
        guard let drag = localDrag(session.localDragSession), let dataSource = dataSource as? any ListHostReordering
        else { return nil }
        let (items, sources) = findDraggedItems(of: session, in: drag)
        guard let first = sources.first, sources.allSatisfy({ dataSource.canMoveItem(at: $0, in: self) }) else {
            return nil
        }
        let counts = knownCounts()
        let destination: ListIndexPath
        if let proposed {
            guard let path = ListIndexPath(proposed) else { return nil }
            destination = path
        } else {
            guard let last = counts.indices.last else { return nil }
            destination = ListIndexPath(
                item: counts[last] - sources.count(where: { $0.section == last }), section: last)
        }
        guard counts.indices.contains(destination.section) else { return nil }
        let leaving = sources.count(where: { $0.section == destination.section })
        guard destination.item >= 0, destination.item <= counts[destination.section] - leaving,
            dataSource.targetIndexPath(forMoveFrom: first, to: destination, in: self) == destination
        else { return nil }
        let moves = sources.enumerated().map { offset, source in
            Move(source, ListIndexPath(item: destination.item + offset, section: destination.section))
        }
        return DropPlan(items: items, sources: sources, destination: destination, moves: moves)
    }

    /// The items of the host's drag, in drag order, as they are now (found by identity: an item whose
    /// content changed during the drag is there with its new value), and where each is now; an item no
    /// longer in the list is left out. An item is looked for at the index path where the host last saw it,
    /// and when it is not there (the list changed during the drag), by one walk over the list for all such
    /// items; the hints are brought up to date.
    ///
    /// - Complexity: Expected O(k) for *k* items when each is where it was last seen; O(n + k) for the *n*
    ///   items of the list otherwise.
    private func findDraggedItems(of session: any UIDropSession, in drag: LocalDrag) -> (
        items: [AnyHashable], sources: [ListIndexPath]
    ) {
        guard let dataSource else { return ([], []) }
        var identities: [ItemIdentity] = []
        var seen = Set<ItemIdentity>()
        for dragItem in session.items {
            // Only the items this host added to its drag, each once.
            guard let item = (dragItem.localObject as? DraggedItem)?.item else { continue }
            let identity = ItemIdentity(item)
            guard drag.lastSeen[identity] != nil, seen.insert(identity).inserted else { continue }
            identities.append(identity)
        }
        var found: [ItemIdentity: (item: AnyHashable, path: ListIndexPath)] = [:]
        var missing = Set<ItemIdentity>()
        for identity in identities {
            if let hint = drag.lastSeen[identity], contains(hint),
                let item = dataSource.itemIdentifier(at: hint, in: self), ItemIdentity(item) == identity
            {
                found[identity] = (item, hint)
            } else {
                missing.insert(identity)
            }
        }
        if !missing.isEmpty {
            walk: for (section, count) in knownCounts().enumerated() {
                for index in 0..<count {
                    let path = ListIndexPath(item: index, section: section)
                    guard let item = dataSource.itemIdentifier(at: path, in: self),
                        let identity = missing.remove(ItemIdentity(item))
                    else { continue }
                    found[identity] = (item, path)
                    if missing.isEmpty { break walk }
                }
            }
        }
        var kept: [AnyHashable] = []
        var sources: [ListIndexPath] = []
        for identity in identities {
            guard let (item, path) = found[identity] else { continue }
            drag.lastSeen[identity] = path
            kept.append(item)
            sources.append(path)
        }
        return (kept, sources)
    }
}
#endif
