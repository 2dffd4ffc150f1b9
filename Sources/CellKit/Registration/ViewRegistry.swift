/// The registrations of one data source and the cache that makes a cell lookup one dictionary probe.
///
/// A cell is selected by the dynamic type of its value. ``cellRegistration(for:)`` probes `resolved`
/// (keyed by that type's `ObjectIdentifier`); on a miss it resolves the type once — its exact
/// registration, else the first registration in registration order whose type the value casts to (a
/// protocol or superclass registration) — and stores the answer. Any change to the registrations
/// empties the cache.
@MainActor
final class ViewRegistry {
    /// Maps an item to the value whose type selects its registration; `nil` means the `AnyHashable`'s base.
    let itemRepresentation: (@MainActor (AnyHashable) -> Any)?
    /// The feature each item type seen needs (`nil` for none), by type.
    var featureRequirements: [ObjectIdentifier: ListFeature?] = [:]
    /// The misconfigurations noticed while answering the host (the data source's `diagnostics`).
    var diagnosticLog = DiagnosticLog()
    /// Hears each diagnostic as it is recorded (the public ``UniversalDataSource/onDiagnostic``).
    var onDiagnostic: (@MainActor (_ diagnostic: RegistrationError) -> Void)?
    /// The diagnostics printed when no ``onDiagnostic`` handles them.
    var diagnosticOutput = DiagnosticOutput()

    init(itemRepresentation: (@MainActor (AnyHashable) -> Any)?) {
        self.itemRepresentation = itemRepresentation
    }

    /// Every registration in the order its key was first registered.
    private(set) var ordered: [_ViewRegistrationStorage] = []
    /// Key to position in `ordered`.
    private var positions: [RegistrationKey: Int] = [:]
    /// Cell registrations by their exact item type.
    private var cellsByType: [ObjectIdentifier: _ViewRegistrationStorage] = [:]
    /// Registrations the data source makes on its own (static views), by exact item type: used when
    /// the type has no registration of its own, before protocol and superclass registrations.
    private var builtIn: [ObjectIdentifier: _ViewRegistrationStorage] = [:]
    /// Value type to the cell registration it resolved to. Read on every cell; every access is a
    /// lookup or an insertion that calls no code that could touch the dictionary, so accesses are
    /// not checked at run time: `cellkit-bench`'s `registry` row measured 1.25x of the hand-written
    /// switch with the check and 1.10-1.14x without (medians of interleaved runs). The data source's
    /// `itemTable` and the configuration depth measured no difference, so they keep the check.
    @exclusivity(unchecked) private var resolved: [ObjectIdentifier: _ViewRegistrationStorage] = [:]
    /// Supplementary and decoration registrations by kind: one per kind, whatever its category.
    private(set) var byKind: [SupplementaryKind: _ViewRegistrationStorage] = [:]
    /// Section-scoped supplementary kinds (headers, footers) in registration order.
    private(set) var supplementaryKinds: [SupplementaryKind] = []
    /// Item-scoped supplementary kinds (separators) in registration order.
    private(set) var itemSupplementaryKinds: [SupplementaryKind] = []
    /// Decoration kinds (section backgrounds) in registration order.
    private(set) var decorationKinds: [SupplementaryKind] = []
    /// Whether some cell registration's closure receives the ``CellContext`` (so positions matter).
    private(set) var hasContextReadingCellRegistration = false
    /// Whether some kind shows what depends on every item's position: an item-scoped supplementary
    /// view (configured with the item's context) or a decoration (drawn around the section's items).
    var positionsMatterForEveryItem: Bool { !itemSupplementaryKinds.isEmpty || !decorationKinds.isEmpty }
    /// Whether some cell registration chooses its cell by the value (a cell factory).
    private(set) var hasValueBasedCellRegistration = false
    /// How many times a value type was resolved from scratch (a cache miss); tests count it.
    private(set) var resolutionCount = 0

    /// Adds a registration, replacing in place one with the same key or, for a kind, the one registered
    /// for that kind (whatever its category or section type).
    func add(_ box: _ViewRegistrationStorage) {
        let key = box.key
        if let kind = key.kind, key.category != .cell, let existing = byKind[kind], existing.key != key,
            let position = positions.removeValue(forKey: existing.key)
        {
            positions[key] = position
            ordered[position] = box
        } else if let position = positions[key] {
            ordered[position] = box
        } else {
            positions[key] = ordered.count
            ordered.append(box)
        }
        if key.category == .cell {
            cellsByType[key.typeID] = box
        } else if let kind = key.kind {
            byKind[kind] = box
        }
        resolved.removeAll(keepingCapacity: true)
        supplementaryKinds = kinds { $0.key.category == .supplementary && !$0.isItemScoped }
        itemSupplementaryKinds = kinds { $0.key.category == .supplementary && $0.isItemScoped }
        decorationKinds = kinds { $0.key.category == .decoration }
        hasContextReadingCellRegistration = ordered.contains { $0.key.category == .cell && $0.readsContext }
        hasValueBasedCellRegistration = ordered.contains { $0.key.category == .cell && $0.choose != nil }
    }

    /// The error adding a registration would be under the rule "one registration per kind": a kind that
    /// has a registration already; `nil` for cells and new kinds.
    func conflict(adding box: _ViewRegistrationStorage) -> RegistrationError? {
        guard box.key.category != .cell, let kind = box.key.kind, let existing = byKind[kind] else { return nil }
        return .duplicateKind(kind, registered: String(reflecting: existing.viewType))
    }

    /// The kinds of the registrations that pass `filter`, in registration order.
    private func kinds(_ filter: (_ViewRegistrationStorage) -> Bool) -> [SupplementaryKind] {
        ordered.compactMap { filter($0) ? $0.key.kind : nil }
    }

    /// Adds a registration the data source makes on its own; not listed in ``ordered``.
    func addBuiltIn(_ box: _ViewRegistrationStorage) {
        builtIn[box.key.typeID] = box
        resolved.removeAll(keepingCapacity: true)
    }

    /// The registration with a key, if any.
    func registration(for key: RegistrationKey) -> (_ViewRegistrationStorage)? {
        positions[key].map { ordered[$0] }
    }

    /// The cell registration for a value (the representation of an item), or `nil` when none serves its type.
    ///
    /// - Complexity: One expected O(1) dictionary probe once the value's type has been resolved; the
    ///   first lookup of a type without an exact registration is O(r) casts, *r* the number of registrations.
    @inline(__always)
    func cellRegistration(for value: Any) -> (_ViewRegistrationStorage)? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let hit = resolved[type] { return hit }
        return resolve(type, value)
    }

    private func resolve(_ type: ObjectIdentifier, _ value: Any) -> (_ViewRegistrationStorage)? {
        resolutionCount += 1
        let match =
            cellsByType[type] ?? builtIn[type] ?? ordered.first { $0.key.category == .cell && $0.accepts(value) }
        if let match { resolved[type] = match }
        return match
    }

    /// The names of the item types with a cell registration, in registration order.
    var registeredCellTypeNames: [String] {
        ordered.lazy.filter { $0.key.category == .cell }.map(\.key.valueTypeName)
    }
}
