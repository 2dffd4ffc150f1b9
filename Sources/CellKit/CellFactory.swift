import DiffableStore

/// One of the cells a cell factory chooses from for items of a type, with how to configure it.
///
/// Made with ``cell(_:)`` (a ``ConfigurableView`` whose view model is the item type) or
/// ``cell(_:configure:)`` (a closure), and passed to ``ViewRegistration/cells(for:_:choose:)`` or
/// ``UniversalDataSource/registerCells(for:_:choose:)``.
@MainActor
public struct CellChoice<Item> {
    /// The cell registration for `Item` this choice stands for.
    @usableFromInline let storage: _ViewRegistrationStorage

    @usableFromInline
    init(_ storage: _ViewRegistrationStorage) {
        self.storage = storage
    }

    /// A ``ConfigurableView`` cell whose view model is the item type, configured with `configure(with:)`.
    ///
    /// - Parameter cellType: The cell class.
    /// - Returns: The choice.
    @inlinable
    public static func cell<Cell: ConfigurableView & ReusableView>(_ cellType: Cell.Type) -> CellChoice
    where Cell.ViewModel == Item {
        CellChoice(
            ViewRegistration._cell(itemType: Item.self, cellType: cellType, readsContext: false) { cell, _, item in
                cell.configure(with: item)
            }.box)
    }

    /// A cell configured by a closure, which receives the cell, its ``CellContext`` and the item.
    ///
    /// - Parameters:
    ///   - cellType: The cell class; the host makes new ones with `init()`.
    ///   - configure: Configures a dequeued cell with the item.
    /// - Returns: The choice.
    @inlinable
    public static func cell<Cell: ReusableView>(
        _ cellType: Cell.Type,
        configure: @escaping @MainActor (_ cell: Cell, _ context: CellContext, _ item: Item) -> Void
    ) -> CellChoice {
        CellChoice(
            ViewRegistration._cell(itemType: Item.self, cellType: cellType, readsContext: true, configure: configure)
                .box)
    }

    /// The class of cell this choice makes.
    public var cellType: AnyObject.Type { storage.viewType }
}

extension ViewRegistration {
    /// A cell registration that chooses the cell by the item's value: a cell factory.
    ///
    /// Every cell listed is registered with the host at once; `choose` names the class of the cell an
    /// item shows in. It is asked for every item the data source checks or configures, and its answer
    /// is not cached (it depends on the value, unlike the choice of a registration by the item's type).
    /// An item `choose` maps to `nil`, or to a class that is not listed, has no cell: `apply` refuses a
    /// snapshot holding it with ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)``,
    /// before anything is shown. There is no blank-cell fallback. An item updated in place whose new value
    /// takes another cell class is reloaded rather than reconfigured: a host reconfigures a cell in place
    /// only when its class stays (UIKit's `reconfigureItems` requires it).
    ///
    /// ```swift
    /// let messages = try ViewRegistration.cells(for: Message.self, [.cell(MineCell.self), .cell(TheirCell.self)]) { message in
    ///     message.isMine ? MineCell.self : TheirCell.self
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - itemType: The item type; a protocol or class type also serves conforming types and subclasses.
    ///   - choices: The cells to choose from, each class once.
    ///   - choose: The class of the cell an item shows in, or `nil` for none.
    /// - Returns: The registration, keyed by `itemType`; its ``viewType`` and reuse identifier are
    ///   the first choice's.
    /// - Throws: ``RegistrationError/emptyCellFactory(itemType:)`` for no choices;
    ///   ``RegistrationError/duplicateCandidate(cellType:itemType:)`` for a class listed twice.
    public static func cells<Item>(
        for itemType: Item.Type,
        _ choices: [CellChoice<Item>],
        choose: @escaping @MainActor (_ item: Item) -> (any ReusableView.Type)?
    ) throws(RegistrationError) -> ViewRegistration {
        guard let first = choices.first?.storage else {
            throw .emptyCellFactory(itemType: String(reflecting: itemType))
        }
        var byClass: [ObjectIdentifier: _ViewRegistrationStorage] = [:]
        for choice in choices {
            let cellType: AnyObject.Type = choice.storage.viewType
            if byClass.updateValue(choice.storage, forKey: ObjectIdentifier(cellType)) != nil {
                throw .duplicateCandidate(
                    cellType: String(reflecting: cellType), itemType: String(reflecting: itemType))
            }
        }
        let pick: @MainActor (Any) -> _ViewRegistrationStorage? = { [byClass] value in
            guard let item = value as? Item, let cellType = choose(item) else { return nil }
            return byClass[ObjectIdentifier(cellType)]
        }
        return ViewRegistration(
            _ViewRegistrationStorage(
                key: RegistrationKey(cellFor: itemType), reuseIdentifier: first.reuseIdentifier,
                viewType: first.viewType,
                makeView: first.makeView,
                accepts: { $0 is Item },
                readsContext: choices.contains { $0.storage.readsContext },
                choose: pick,
                candidates: choices.map(\.storage),
                configure: { [byClass] object, context, value in
                    // The host made the view for the candidate the data source chose for this value
                    // (`reuse(for:in:)`): its class names the candidate, without asking `choose` again.
                    guard let chosen = byClass[ObjectIdentifier(type(of: object))] else {
                        preconditionFailure(
                            "The host gave a \(type(of: object)) to configure for \(type(of: value)) at \(context.indexPath), not one of the factory's cells"
                        )
                    }
                    chosen.configure(object, context, value)
                }))
    }
}
