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
        if let refusal = registry.wrongCellClass(registration.box, on: host) { return registry.report(refusal) }
        install([registration.box])
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
        guard registry.acceptsCell(registration.box, on: host) else { return }
        install([registration.box])
    }

    /// Registers views with the host and adds their registrations, then reloads the host once if it
    /// shows items.
    func install(_ boxes: [_ViewRegistrationStorage]) {
        registry.install(boxes, on: host, sectionType: SectionIdentifier.self, quiet: transaction.phase.isQuiet)
        sizing.registrationsDidChange(anySized: registry.hasSizedRegistration)
        if current.numberOfSections > 0 { host.reloadData() }
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
        registry.cellRegistration(for: registry.representation(of: item)).map(ViewRegistration.init)
    }

    /// Registers a cell factory for an item type: the cell is chosen by the item's value, among the
    /// cells listed.
    ///
    /// Use it when one type of item shows in different cells depending on its state: a chat message
    /// that is yours or someone else's. `choose` is asked for every item checked or configured; an item
    /// it maps to no listed cell makes `apply` throw
    /// ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)`` naming the item,
    /// and nothing is shown. See ``ViewRegistration/cells(for:_:choose:)``.
    ///
    /// ```swift
    /// try dataSource.registerCells(for: Message.self, [.cell(MineCell.self), .cell(TheirCell.self)]) { message in
    ///     message.isMine ? MineCell.self : TheirCell.self
    /// }
    /// ```
    ///
    /// Like any cell registration, it replaces a registration for the same item type.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - choices: The cells to choose from, each class once.
    ///   - choose: The class of the cell an item shows in, or `nil` for none.
    /// - Throws: ``RegistrationError/emptyCellFactory(itemType:)``,
    ///   ``RegistrationError/duplicateCandidate(cellType:itemType:)``, or
    ///   ``RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)`` for a cell class the
    ///   host cannot show; nothing is registered then.
    public func registerCells<Item>(
        for itemType: Item.Type,
        _ choices: [CellChoice<Item>],
        choose: @escaping @MainActor (_ item: Item) -> (any ReusableView.Type)?
    ) throws(RegistrationError) {
        let registration = try ViewRegistration.cells(for: itemType, choices, choose: choose)
        if let refusal = registry.wrongCellClass(registration.box, on: host) { throw refusal }
        addCell(registration)
    }

    /// Registers a decoration view of a kind: a view the host draws around each section's items, such
    /// as a card background, configured from the section identifier.
    ///
    /// A decoration spans exactly a section's items, from the first item's top to the last item's
    /// bottom, leaving out the header and footer; a section without items has none. It follows every
    /// edit: the data source configures again, in place, each item whose position in its section changed
    /// (a new first or last item), so a host that draws the decoration piece by piece with each item, as
    /// `TextListView` does, redraws the edges where they now are.
    ///
    /// ```swift
    /// try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { card, section in
    ///     card.title = section.title
    /// }
    /// ```
    ///
    /// The view is registered with the host as a supplementary view of the kind (``ListHost`` has no
    /// other registration), and the host shows it as the `ListElement/decoration(_:section:)` element
    /// (`ListHostDataSource/reuse(for:in:)`, then `ListHostDataSource/configure(_:for:in:)`).
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration (``SupplementaryKind/background`` or your own).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - configure: Configures a dequeued view with the section identifier.
    /// - Throws: ``RegistrationError/duplicateKind(_:registered:)`` when `kind` has a registration
    ///   already (supplementary or decoration: one registration per kind); use ``register(_:)`` to
    ///   replace one.
    @inlinable
    public func registerDecorationView<View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        configure: @escaping @MainActor (_ view: View, _ section: SectionIdentifier) -> Void
    ) throws(RegistrationError) {
        try add(
            .decorationView(ofKind: kind, viewType: viewType, sectionType: SectionIdentifier.self, configure: configure)
        )
    }

    /// Registers an item-scoped supplementary view of a kind: one view per item, below or beside its
    /// row (a separator, a badge), configured with the item and where it is.
    ///
    /// The configuration closure receives the item's ``CellContext``, kept current as a cell's is: after
    /// an apply, an item whose position in its section changed (it became, or stopped being, the first
    /// or last) is configured again in place, with its item-scoped views. So a separator hidden below the
    /// last row shows again once a row is appended after it.
    ///
    /// ```swift
    /// try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: Separator.self) { separator, context, _, _ in
    ///     separator.isShown = !context.position.isLast
    /// }
    /// ```
    ///
    /// A host asks for the kinds with `ListHostItemViews/itemSupplementaryKinds(in:)` and for a view
    /// for each the `ListElement/supplementary(_:_:)` element at the item's index path; its display
    /// events name the item (``ListHostEvent/willDisplayItemSupplementaryView(_:item:at:)``).
    ///
    /// - Parameters:
    ///   - kind: The kind of view (``SupplementaryKind/separator`` or your own).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - configure: Configures a dequeued view; receives the view, the item's context, the item and
    ///     its section identifier.
    /// - Throws: ``RegistrationError/duplicateKind(_:registered:)`` when `kind` has a registration
    ///   already (one registration per kind, whatever its scope); use ``register(_:)`` to replace one.
    @inlinable
    public func registerItemSupplementaryView<View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        configure:
            @escaping @MainActor (
                _ view: View, _ context: CellContext, _ item: AnyHashable, _ section: SectionIdentifier
            ) -> Void
    ) throws(RegistrationError) {
        try add(
            .itemSupplementaryView(
                ofKind: kind, viewType: viewType, sectionType: SectionIdentifier.self, configure: configure))
    }

    /// The misconfigurations the data source noticed, oldest first: a kind the host asked for that has no
    /// registration (``RegistrationError/unregisteredKind(_:category:indexPath:registeredKinds:)``; the
    /// host gets no view then, and the program goes on), and a `registerCell…` call for an item type
    /// that had a cell registration, which it replaced
    /// (``RegistrationError/replacedCellRegistration(itemType:registered:replacement:)``).
    ///
    /// Each kind is recorded once per category (the first request, with its index path), so the log
    /// stays as small as the number of distinct mistakes; each replacement is recorded. ``onDiagnostic``
    /// hears each as it is recorded.
    ///
    /// - Complexity: O(1).
    public var diagnostics: [RegistrationError] { registry.diagnosticLog.entries }
}
