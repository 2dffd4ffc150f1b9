import DiffableStore

extension ViewRegistration {
    /// A decoration view registration: a view of a kind drawn around a section's items (a card
    /// background), configured from the section identifier.
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration (``SupplementaryKind/background`` or your own).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - sectionType: The `SectionIdentifier` type of the data sources it will be registered with.
    ///   - configure: Configures a dequeued view with the section identifier (a style, a title).
    /// - Returns: The registration, keyed by `sectionType` and `kind`, in the
    ///   ``RegistrationKey/Category/decoration`` category.
    @inlinable
    public static func decorationView<Section, View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        sectionType: Section.Type,
        configure: @escaping @MainActor (_ view: View, _ section: Section) -> Void
    ) -> ViewRegistration {
        _supplementary(
            ofKind: kind, category: .decoration, sectionType: sectionType, accepts: { $0 is Section },
            configure: { (view: View, _, value) in configure(view, _castValue(value, to: Section.self)) })
    }
}

extension UniversalDataSource {
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
}
