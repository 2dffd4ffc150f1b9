import DiffableStore

extension UniversalDataSource {
    /// Adds a registration and registers its view with the host, replacing a registration with the
    /// same ``ViewRegistration/key`` (or, for a supplementary or decoration view, the one registered
    /// for its kind); the replacement keeps the replaced one's place in the registration order.
    ///
    /// This is the explicit way to replace a registration. The `register…View(ofKind:…)` methods add
    /// a kind and throw ``RegistrationError/duplicateKind(_:registered:)`` for a kind that has a
    /// registration: one registration per kind.
    ///
    /// Registering empties the per-type cache and the size cache. When the host already shows items,
    /// it is reloaded, so that no visible view was made by a registration that no longer applies.
    ///
    /// A cell registration whose class the host cannot show is refused, and recorded as
    /// ``RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)`` in ``diagnostics``.
    ///
    /// - Parameter registration: The registration.
    /// - Precondition: Not called from a configuration closure or during an apply; a supplementary or
    ///   decoration registration is for `SectionIdentifier`.
    public func register(_ registration: ViewRegistration) {
        if let refusal = wrongCellClass(registration.box) { return report(refusal) }
        install([registration.box])
    }

    /// The refusal of a cell registration whose class (or, for a cell factory, one of whose classes) the
    /// host cannot show; `nil` for any other registration.
    func wrongCellClass(_ box: _ViewRegistrationStorage) -> RegistrationError? {
        guard box.key.category == .cell else { return nil }
        for candidate in box.candidates.isEmpty ? [box] : box.candidates {
            if let required = host.requiredCellBaseClass(refusing: candidate.viewType) {
                return .wrongCellClass(
                    cellType: String(reflecting: candidate.viewType), itemType: box.key.valueTypeName,
                    host: String(reflecting: type(of: host)), requiredBaseClass: required)
            }
        }
        return nil
    }

    /// Adds a registration for a kind that has none.
    ///
    /// - Throws: ``RegistrationError/duplicateKind(_:registered:)`` when the kind has a registration.
    @usableFromInline
    func add(_ registration: ViewRegistration) throws(RegistrationError) {
        if let conflict = registry.conflict(adding: registration.box) { throw conflict }
        install([registration.box])
    }

    /// Adds a cell registration through a `registerCell…` method: one for an item type that has a cell
    /// registration already replaces it (last wins), and the data source records
    /// ``RegistrationError/replacedCellRegistration(itemType:registered:replacement:)`` in ``diagnostics``.
    /// A cell class the host cannot show is refused, recorded as
    /// ``RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)``.
    @usableFromInline
    func addCell(_ registration: ViewRegistration) {
        let box = registration.box
        if let refusal = wrongCellClass(box) { return report(refusal) }
        if let existing = registry.registration(for: box.key) {
            report(
                .replacedCellRegistration(
                    itemType: box.key.valueTypeName, registered: String(reflecting: existing.viewType),
                    replacement: String(reflecting: box.viewType)))
        }
        install([box])
    }

    /// Registers views with the host and adds their registrations, then reloads the host once if it
    /// shows items.
    func install(_ boxes: [_ViewRegistrationStorage]) {
        for box in boxes {
            precondition(
                transaction.phase.isQuiet,
                "Register views outside apply and configuration closures (registering \(box.key))")
            precondition(
                box.key.category == .cell || box.key.typeID == ObjectIdentifier(SectionIdentifier.self),
                "\(box.key) cannot be registered with a data source whose sections are \(SectionIdentifier.self)")
        }
        for box in boxes {
            box.register(on: host)
            registry.add(box)
        }
        registrationsDidChangeSizing()
        if current.numberOfSections > 0 {
            host.reloadData()
        }
    }

    /// Registers a ``ConfigurableView`` cell in one line, for items of its view model type.
    ///
    /// ```swift
    /// dataSource.registerCellType(TileCell.self)   // TileCell.ViewModel == TileViewModel
    /// dataSource.registerCellType(DividerCell.self, sizing: .fixed(1))
    /// ```
    ///
    /// An item type has one cell registration: registering another for it (with any `registerCell…`
    /// method) replaces it, last wins, and records
    /// ``RegistrationError/replacedCellRegistration(itemType:registered:replacement:)`` in ``diagnostics``;
    /// ``register(_:)`` replaces one on purpose, without a diagnostic. A cell class the host cannot show
    /// (a `UITableViewCell` subclass for a `CollectionViewHost`) is refused, and recorded as
    /// ``RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)`` in ``diagnostics``.
    ///
    /// - Parameters:
    ///   - cellType: The cell class; items whose type is `Cell.ViewModel` (or, for a protocol or class
    ///     view model, conforms to or inherits from it) show in it.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``); `nil` (the default) leaves
    ///     the length to the host.
    @inlinable
    public func registerCellType<Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, sizing: ItemSizing<Cell.ViewModel>? = nil
    ) {
        addCell(.cell(cellType, sizing: sizing))
    }

    /// Registers a cell for an item type with a configuration closure.
    ///
    /// ```swift
    /// dataSource.registerCell(itemType: Alert.self, cellType: AlertCell.self) { cell, context, alert in
    ///     cell.text = alert.message
    ///     cell.isLastInSection = context.position.isLast
    /// }
    /// dataSource.registerCell(itemType: Note.self, cellType: NoteCell.self,
    ///                         sizing: .calculated { note, width in Double(note.lines.count) }) { cell, _, note in
    ///     cell.text = note.lines.joined(separator: "\n")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - itemType: The item type. A protocol (`(any MessageViewModel).self`) or class type also
    ///     serves items of conforming types and subclasses that have no registration of their own.
    ///   - cellType: The cell class; the host makes new ones with `init()`.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``); `nil` (the default) leaves
    ///     the length to the host.
    ///   - configure: Configures a dequeued cell; receives the cell, its ``CellContext`` (index path
    ///     and position in the section) and the item, typed.
    @inlinable
    public func registerCell<Item, Cell: ReusableView>(
        itemType: Item.Type,
        cellType: Cell.Type,
        sizing: ItemSizing<Item>? = nil,
        configure: @escaping @MainActor (_ cell: Cell, _ context: CellContext, _ item: Item) -> Void
    ) {
        addCell(.cell(itemType: itemType, cellType: cellType, sizing: sizing, configure: configure))
    }

    /// Registers a supplementary view of a kind with a configuration closure: one view of the kind per
    /// section.
    ///
    /// Every section gets one view of each registered section-scoped kind. A kind has one registration:
    /// for a view per item (a separator), see ``registerItemSupplementaryView(ofKind:viewType:configure:)``.
    ///
    /// ```swift
    /// try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self) { view, indexPath, section in
    ///     view.title = section.title
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of view (``SupplementaryKind/header``, ``SupplementaryKind/footer``, or your own).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - configure: Configures a dequeued view; receives the view, the index path and the section identifier.
    ///     The index path is the one at configuration time, as for a cell (``CellContext/indexPath``): a
    ///     section inserted or deleted above does not configure the view again, so show the section's
    ///     identifier, not its index.
    /// - Throws: ``RegistrationError/duplicateKind(_:registered:)`` when `kind` has a registration
    ///   already (which stays); use ``register(_:)`` to replace one on purpose.
    @inlinable
    public func registerSupplementaryView<View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        configure: @escaping @MainActor (_ view: View, _ indexPath: ListIndexPath, _ section: SectionIdentifier) -> Void
    ) throws(RegistrationError) {
        try add(
            .supplementaryView(
                ofKind: kind, viewType: viewType, sectionType: SectionIdentifier.self, configure: configure))
    }

    /// Registers a ``ConfigurableView`` supplementary view whose view model is the section identifier.
    ///
    /// ```swift
    /// try dataSource.registerSupplementaryView(ofKind: .header, viewType: SectionHeader.self)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - viewType: The view class; `View.ViewModel` is the section identifier type.
    /// - Throws: ``RegistrationError/duplicateKind(_:registered:)`` when `kind` has a registration already.
    @inlinable
    public func registerSupplementaryView<View: ConfigurableView & ReusableView>(
        ofKind kind: SupplementaryKind, viewType: View.Type
    )
        throws(RegistrationError) where View.ViewModel == SectionIdentifier
    {
        try add(.supplementaryView(ofKind: kind, viewType: viewType))
    }

    /// The registrations, in the order their keys were first registered.
    ///
    /// - Complexity: O(r), *r* the number of registrations.
    public var registrations: [ViewRegistration] {
        registry.ordered.map(ViewRegistration.init)
    }

    /// The cell registration that serves an item: the one for its value's type, or the first protocol
    /// or superclass registration it casts to.
    ///
    /// - Parameter item: An item; it need not be in the snapshot.
    /// - Returns: The registration, or `nil` when none serves the item's type.
    /// - Complexity: Expected O(1) once the type is resolved; O(r) casts the first time.
    public func cellRegistration(for item: AnyHashable) -> ViewRegistration? {
        registry.cellRegistration(for: representation(of: item)).map(ViewRegistration.init)
    }
}
