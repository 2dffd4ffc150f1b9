import DiffableStore

extension ViewRegistration {
    /// A cell registration with a configuration closure and a sizing for its items.
    ///
    /// - Parameters:
    ///   - itemType: The type of item the cell shows; a protocol or class type also serves conforming
    ///     types and subclasses.
    ///   - cellType: The cell class; the host makes new ones with `init()`.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``).
    ///   - configure: Configures a dequeued cell with the item; receives the cell, its ``CellContext``
    ///     and the item.
    /// - Returns: The registration, keyed by `itemType`.
    @inlinable
    public static func cell<Item, Cell: ReusableView>(
        itemType: Item.Type,
        cellType: Cell.Type,
        sizing: ItemSizing<Item>,
        configure: @escaping @MainActor (_ cell: Cell, _ context: CellContext, _ item: Item) -> Void
    ) -> ViewRegistration {
        ViewRegistration(cell(itemType: itemType, cellType: cellType, configure: configure).box.sized(sizing.erased))
    }

    /// A cell registration for a ``ConfigurableView``, with a sizing for its items.
    ///
    /// - Parameters:
    ///   - cellType: The cell class.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``).
    /// - Returns: The registration, keyed by `Cell.ViewModel`.
    @inlinable
    public static func cell<Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, sizing: ItemSizing<Cell.ViewModel>
    ) -> ViewRegistration {
        ViewRegistration(cell(cellType).box.sized(sizing.erased))
    }
}
