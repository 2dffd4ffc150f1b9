import DiffableStore

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

// MARK: - What an apply checks

// What an apply checks of each new item: a registration serves it, and a plugin provides the feature
// its type needs (see ``ListFeature``).

/// Why an item cannot be shown.
enum ItemProblem {
    /// No cell registration serves its type.
    case noRegistration
    /// Its type needs a feature no attached plugin provides.
    case missingFeature(ListFeature)
}

extension ViewRegistry {
    /// The value an item's registration is selected by: what `itemRepresentation` returns, or its `base`.
    func representation(of item: AnyHashable) -> Any {
        if let itemRepresentation { return itemRepresentation(item) }
        return item.base
    }

    /// The type of an item's value (its `AnyHashable`'s `base`), with `value`, its representation,
    /// already at hand.
    func valueType(of item: AnyHashable, representation value: Any) -> Any.Type {
        itemRepresentation == nil ? Swift.type(of: value) : Swift.type(of: item.base)
    }

    /// Why an item (its representation) cannot be shown, or `nil` when it can.
    ///
    /// - Parameter providers: The features the attached plugins provide.
    /// - Complexity: Expected O(1) once its type has been seen.
    func problem(with value: Any, providers: [ListFeature: String]) -> ItemProblem? {
        guard let registration = cellRegistration(for: value), registration.serves(value) else {
            return .noRegistration
        }
        if let feature = requiredFeature(of: value), providers[feature] == nil {
            return .missingFeature(feature)
        }
        return nil
    }

    /// The feature an item's type needs (``FeatureDependentItem``), looked up once per type.
    func requiredFeature(of value: Any) -> ListFeature? {
        let type = Swift.type(of: value)
        let key = ObjectIdentifier(type)
        if let known = featureRequirements[key] { return known }
        let feature = (type as? any FeatureDependentItem.Type)?.requiredFeature
        featureRequirements[key] = feature
        return feature
    }

    /// The error for an item that cannot be shown.
    func error(_ problem: ItemProblem, value: Any, at indexPath: ListIndexPath) -> DataSourceError {
        let item = String(reflecting: value)
        let type = String(reflecting: Swift.type(of: value))
        switch problem {
        case .noRegistration:
            return .noCellRegistration(
                item: item, itemType: type, indexPath: indexPath, registeredTypes: registeredCellTypeNames)
        case .missingFeature(let feature):
            return .missingFeature(item: item, itemType: type, feature: feature.name, indexPath: indexPath)
        }
    }

    /// Checks that no item shown needs a feature only `plugin` provides.
    ///
    /// - Complexity: O(n) for *n* items when the plugin provides a feature (one type check per run of
    ///   items of the same type); O(1) otherwise.
    func checkDetachable(_ plugin: any ListPlugin, showing items: @autoclosure () -> [AnyHashable]) throws(PluginError)
    {
        let features = plugin.providedFeatures
        guard !features.isEmpty else { return }
        var lastType: ObjectIdentifier?
        for item in items() {
            let value = representation(of: item)
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == lastType { continue }
            lastType = type
            if let feature = requiredFeature(of: value), features.contains(feature) {
                throw .featureInUse(
                    feature: feature.name, pluginType: String(reflecting: Swift.type(of: plugin)),
                    itemType: String(reflecting: Swift.type(of: value)))
            }
        }
    }
}

// MARK: - Item types that share identifiers

// Items replaced by an equal identifier of another type.
//
// `AnyHashable` values of different types can be equal: `AnyHashable(1) == AnyHashable(Int8(1))`. A
// snapshot that replaces `1` by `Int8(1)` (in place, or by a delete and an insert) keeps the same item
// for the diff, but the data source selects cells by the value's type: the item must be reloaded,
// with the new type's registration, and its new value checked like an inserted one. Looking for such
// items costs a read of each matched item's type, on both sides, per apply; the data source asks the
// diff to look only while the list may hold a value of a type that can be equal to another type's.
//
// Which types can: `AnyHashable` compares two values with the `==` of the type that boxed them, and
// only when both boxes hold that type ("the underlying types have the same conformance to
// `Equatable`"). A value of a struct or enum is boxed as itself, so it is equal only to values of its
// own type, unless the type gives `AnyHashable` a representation of its own
// (`_HasCustomAnyHashableRepresentation`, the standard library's hook for integers, floating-point
// numbers, arrays, sets and dictionaries); an instance of a class is boxed as the class that declares
// `Hashable`, so its subclasses meet. An old item whose value is of neither kind can only be matched by
// a value of its own type, so while the list shows none, no item can change type.

/// Looks, over the items a check reads, for a value of a type that shares identifiers with other
/// types. Each type is classified once per run of items of that type.
struct ItemTypeScan {
    /// Whether an item of such a type was seen.
    private(set) var sharesIdentifiers = false
    private var lastType: ObjectIdentifier?

    /// Notes the type of one item's value.
    mutating func note(_ type: Any.Type) {
        guard !sharesIdentifiers else { return }
        let key = ObjectIdentifier(type)
        guard key != lastType else { return }
        lastType = key
        sharesIdentifiers = Self.sharesIdentifiers(type)
    }

    /// Whether values of `type` may be equal, as `AnyHashable`, to values of another type: a class, or
    /// a type with its own `AnyHashable` representation.
    static func sharesIdentifiers(_ type: Any.Type) -> Bool {
        type is AnyObject.Type || type is any _HasCustomAnyHashableRepresentation.Type
    }
}
