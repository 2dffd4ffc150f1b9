/// What a view registration is for: a type of value, an element category and, for supplementary
/// views, a kind.
///
/// A cell registration is keyed by the type of the items it shows; a supplementary registration by
/// the section identifier type and its kind (for every supplementary and decoration registration). A
/// kind has one registration, whatever its category.
/// Hashing and comparing a key never builds a string: the type is an `ObjectIdentifier`.
///
/// The data source makes the keys: read them from ``UniversalDataSource/registrations`` or from a
/// ``RegistrationError``.
///
/// ```swift
/// dataSource.registerCellType(TileCell.self)
/// print(dataSource.registrations.map(\.key))
/// // Prints "[cell for MyApp.TileViewModel]"
/// ```
public struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    /// The kind of element a registration makes.
    public enum Category: Hashable, Sendable {
        /// A cell that shows one item.
        case cell
        /// A supplementary view of a kind that shows a section (header, footer) or, for an item-scoped
        /// kind, one item (separator, badge).
        case supplementary
        /// A decoration view of a kind, drawn around a section's items (a card background) and
        /// configured from the section identifier; it shows no item. The host shows it as the
        /// `ListElement/decoration(_:section:)` element (`ListHostDataSource/reuse(for:in:)`, then
        /// `ListHostDataSource/configure(_:for:in:)`).
        case decoration
    }

    /// The identity of ``valueType``: what hashing and comparing use.
    let typeID: ObjectIdentifier
    /// The element category.
    public let category: Category
    /// The supplementary or decoration kind; `nil` for cells.
    public let kind: SupplementaryKind?
    /// The registered type: the item type for cells, the section identifier type for supplementary
    /// and decoration views. May be a protocol or a class type, which also serves conforming types and
    /// subclasses (see ``UniversalDataSource``).
    public let valueType: Any.Type

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - valueType: The registered value type (item type for cells, section type for supplementary views).
    ///   - category: The element category.
    ///   - kind: The kind, for supplementary and decoration views; `nil` for cells.
    @usableFromInline init(valueType: Any.Type, category: Category, kind: SupplementaryKind? = nil) {
        self.typeID = ObjectIdentifier(valueType)
        self.valueType = valueType
        self.category = category
        self.kind = category == .cell ? nil : kind
    }

    /// The key of a cell registration for items of a type.
    ///
    /// - Parameter itemType: The item type; a protocol or class type also serves conforming types and subclasses.
    @usableFromInline init(cellFor itemType: Any.Type) {
        self.init(valueType: itemType, category: .cell)
    }

    /// The registered type's fully qualified name, e.g. `"MyApp.TileViewModel"`.
    var valueTypeName: String { String(reflecting: valueType) }

    /// `"cell for MyApp.TileViewModel"`, `"supplementary header for MyApp.Section"`.
    public var description: String {
        switch category {
        case .cell: "cell for \(valueTypeName)"
        case .supplementary: "supplementary \(kind?.rawValue ?? "") for \(valueTypeName)"
        case .decoration: "decoration \(kind?.rawValue ?? "") for \(valueTypeName)"
        }
    }

    /// Keys are equal when type, category and kind are.
    public static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        lhs.typeID == rhs.typeID && lhs.category == rhs.category && lhs.kind == rhs.kind
    }

    /// Hashes type, category and kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeID)
        hasher.combine(category)
        hasher.combine(kind)
    }
}
