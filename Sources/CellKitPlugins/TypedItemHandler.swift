import CellKit
import DiffableStore

/// A handler for items of one type, type-erased: it calls `handler` and answers `true` when the item's
/// value casts to `Item`, and answers `false` otherwise (so the next handler can try).
@MainActor
func typedItemHandler<Item>(
    _ handler: @escaping @MainActor (Item, ListIndexPath) -> Void
) -> @MainActor (AnyHashable, ListIndexPath) -> Bool {
    { item, indexPath in
        guard let typed = item.base as? Item else { return false }
        handler(typed, indexPath)
        return true
    }
}
