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
