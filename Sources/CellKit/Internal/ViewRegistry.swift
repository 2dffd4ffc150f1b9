/// The registrations of one data source and the cache that makes a cell lookup one dictionary probe.
///
/// A cell is selected by the dynamic type of its value. ``cellRegistration(for:)`` probes `resolved`
/// (keyed by that type's `ObjectIdentifier`); on a miss it resolves the type once — its exact
/// registration, else the first registration in registration order whose type the value casts to (a
/// protocol or superclass registration) — and stores the answer. Any change to the registrations
/// empties the cache.
@MainActor
final class ViewRegistry {
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
    /// not checked at run time.
    @exclusivity(unchecked) private var resolved: [ObjectIdentifier: _ViewRegistrationStorage] = [:]
    /// Supplementary registrations by kind.
    private(set) var supplementaryByKind: [SupplementaryKind: _ViewRegistrationStorage] = [:]
    /// Supplementary kinds in registration order.
    private(set) var supplementaryKinds: [SupplementaryKind] = []
    /// Whether some cell registration's closure receives the ``CellContext`` (so positions matter).
    private(set) var hasContextReadingCellRegistration = false
    /// How many times a value type was resolved from scratch (a cache miss); tests count it.
    private(set) var resolutionCount = 0

    /// Adds a registration, replacing one with the same key in place.
    func add(_ box: _ViewRegistrationStorage) {
        let key = box.key
        if let position = positions[key] {
            ordered[position] = box
        } else {
            positions[key] = ordered.count
            ordered.append(box)
        }
        switch key.category {
        case .cell:
            cellsByType[key.typeID] = box
        case .supplementary:
            guard let kind = key.kind else { break }
            if supplementaryByKind.updateValue(box, forKey: kind) == nil {
                supplementaryKinds.append(kind)
            }
        case .decoration:
            break
        }
        resolved.removeAll(keepingCapacity: true)
        hasContextReadingCellRegistration = ordered.contains { $0.key.category == .cell && $0.readsContext }
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
        let match = cellsByType[type] ?? builtIn[type] ?? ordered.first { $0.key.category == .cell && $0.accepts(value) }
        if let match { resolved[type] = match }
        return match
    }

    /// The names of the item types with a cell registration, in registration order.
    var registeredCellTypeNames: [String] {
        ordered.lazy.filter { $0.key.category == .cell }.map(\.key.valueTypeName)
    }
}
