import DiffableStore

/// What an item-scoped supplementary registration is configured with: the item and its section.
@usableFromInline
struct _ItemSupplementaryValue {
    @usableFromInline let item: AnyHashable
    @usableFromInline let section: Any

    @usableFromInline
    init(item: AnyHashable, section: Any) {
        self.item = item
        self.section = section
    }
}

extension ViewRegistration {
    /// An item-scoped supplementary view registration: one view of the kind per item (a separator below
    /// each row, a badge), configured with the item, its position and its section.
    ///
    /// - Parameters:
    ///   - kind: The kind of view (``SupplementaryKind/separator`` or your own).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - sectionType: The `SectionIdentifier` type of the data sources it will be registered with.
    ///   - configure: Configures a dequeued view; receives the view, the item's ``CellContext`` (index
    ///     path and position in its section, kept current as for cells), the item and its section.
    /// - Returns: The registration, keyed by `sectionType` and `kind`.
    @inlinable
    public static func itemSupplementaryView<Section, View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        sectionType: Section.Type,
        configure:
            @escaping @MainActor (_ view: View, _ context: CellContext, _ item: AnyHashable, _ section: Section) -> Void
    ) -> ViewRegistration {
        _supplementary(
            ofKind: kind, category: .supplementary, sectionType: sectionType,
            accepts: { ($0 as? _ItemSupplementaryValue)?.section is Section }, isItemScoped: true,
            configure: { (view: View, context, value) in
                let value = _castValue(value, to: _ItemSupplementaryValue.self)
                configure(view, context, value.item, _castValue(value.section, to: Section.self))
            })
    }
}

extension UniversalDataSource {
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
}
