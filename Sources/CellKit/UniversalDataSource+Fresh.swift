import DiffableStore

extension UniversalDataSource {
    /// A brand-new data source for another host, given this one's state: its registrations (in order),
    /// its item representation, its snapshot and its outline sections, applied without animation. Attached plugins are not
    /// copied (a plugin is attached once); their features are provided by a stand-in with no behaviour,
    /// so the same items are accepted. What the consistency assertion of `CellKitTesting` compares a
    /// screen against.
    ///
    /// - Parameter host: The host for the new data source (it is wired to the host).
    /// - Returns: The new data source, showing this one's snapshot.
    /// - Throws: The error the new data source's `apply` throws, if any.
    /// - Complexity: O(n + r) for *n* items and *r* registrations, plus the host's reload.
    @_spi(Testing)
    public func _freshCopy(host: some ListHost) throws(DataSourceError) -> UniversalDataSource<SectionIdentifier> {
        let fresh = UniversalDataSource(host: host, itemRepresentation: registry.itemRepresentation)
        for registration in registrations { fresh.register(registration) }
        if !pluginCoordinator.featureProviders.isEmpty {
            let standIn = _FeatureStandIn(features: Set(pluginCoordinator.featureProviders.keys))
            fresh.pluginCoordinator.plugins.append(standIn)
            fresh.pluginCoordinator.featureProviders = pluginCoordinator.featureProviders
        }
        try fresh.apply(current, animatingDifferences: false)
        // Outline sections: the same outlines, each item expanded or collapsed as shown.
        for (section, outline) in outlineStore.shown {
            do {
                try fresh.apply(outline, to: section, animatingDifferences: false)
            } catch {
                if case .dataSource(let error) = error { throw error }
                assertionFailure("An outline the data source shows is refused by a fresh copy: \(error)")
            }
        }
        return fresh
    }
}

/// Provides features and does nothing else: what a fresh copy of a data source has in place of the
/// plugins of the original.
@MainActor
final class _FeatureStandIn: ListPlugin {
    let providedFeatures: Set<ListFeature>
    init(features: Set<ListFeature>) { providedFeatures = features }
}
