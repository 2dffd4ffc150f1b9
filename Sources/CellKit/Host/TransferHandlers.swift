import DiffableStore

// Drag and drop between two lists: the public face. Items dragged out of one data source's list and
// dropped onto another's move (leave the first list) or are copied, as the receiving list decides; both
// data sources apply their new snapshots, so both lists end consistent, and each side hears what it
// gave or got, by the items themselves.

/// Whether items dropped from another list leave the list they came from.
public enum ListDropOperation: Sendable, Hashable {
    /// The items leave the list they were dragged out of and arrive in the receiving list.
    case move
    /// The items stay where they were; the receiving list gets its own items for them.
    case copy
}

/// Items dragged out of one list and dropped onto another: what the receiving list's
/// ``TransferHandlers/acceptDrop`` is asked about, and what both lists hear once it happened.
public struct ListDrop {
    /// The dragged items as they are now in the list they come from (found by identity: an
    /// `Identifiable` item whose content changed during the drag has its new value), in drag order;
    /// items deleted during the drag are left out.
    public let items: [AnyHashable]
    /// Where the first arriving item lands in the receiving list; the others follow it in order.
    public let destination: ListIndexPath
    /// The data source the items come from (a ``UniversalDataSource``): compare it with `===`.
    public let source: AnyObject
}

/// What the receiving list answers to a drop: the items to insert, and whether the dragged items leave
/// the list they came from.
public struct ListDropAcceptance {
    /// Whether the dragged items leave their list.
    public var operation: ListDropOperation
    /// The items to insert in the receiving list, in order: the dragged items, or what the receiving
    /// list makes of them (a transform on the way).
    public var items: [AnyHashable]

    /// The dragged items leave their list, and `items` arrive.
    ///
    /// - Parameter items: What arrives in the receiving list.
    public static func move(_ items: [AnyHashable]) -> ListDropAcceptance {
        ListDropAcceptance(operation: .move, items: items)
    }

    /// The dragged items stay in their list, and `items` arrive.
    ///
    /// - Parameter items: What arrives in the receiving list (new identities where the items may not be
    ///   in two lists at once with the same identifier).
    public static func copy(_ items: [AnyHashable]) -> ListDropAcceptance {
        ListDropAcceptance(operation: .copy, items: items)
    }
}

/// The closures that let items travel between two lists by drag and drop: the drag's side (which items
/// may leave this list) and the drop's (whether a drop from another list is taken, and as what).
///
/// A drop happens only when both sides allow it: the item may be dragged out of its list
/// (``canDragItem``), and the receiving list accepts it (``acceptDrop``). Then the receiving data source
/// applies its snapshot with the accepted items inserted at the destination and, for a move, the source
/// data source applies its snapshot without the dragged items, both animated; ``didDrop`` is called on
/// the receiving side and ``didDragOut`` on the source side. A drop whose items cannot be inserted (an
/// item already in the receiving list, an item type without a registration) changes neither list.
@MainActor
public struct TransferHandlers {
    /// Whether an item may be dragged out of this list onto another; nothing leaves while it is `nil`.
    public var canDragItem: (@MainActor (_ item: AnyHashable) -> Bool)?
    /// Whether a drop from another list is taken here, and what arrives: `nil` refuses it (the veto),
    /// ``ListDropAcceptance/move(_:)`` or ``ListDropAcceptance/copy(_:)`` takes it. Asked as the drag
    /// moves over the list and again on the drop; nothing is dropped here while it is `nil`.
    public var acceptDrop: (@MainActor (_ drop: ListDrop) -> ListDropAcceptance?)?
    /// Called on the receiving side once both lists show the drop.
    public var didDrop: (@MainActor (_ drop: ListDrop, _ acceptance: ListDropAcceptance) -> Void)?
    /// Called on the source side once both lists show the drop.
    public var didDragOut: (@MainActor (_ drop: ListDrop, _ acceptance: ListDropAcceptance) -> Void)?

    /// Handlers that allow nothing.
    public init() {}
}
