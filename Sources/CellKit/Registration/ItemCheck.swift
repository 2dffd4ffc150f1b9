import DiffableStore

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
