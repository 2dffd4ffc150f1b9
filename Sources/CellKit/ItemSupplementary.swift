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
