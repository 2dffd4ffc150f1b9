/// Provides features and does nothing else: what a fresh copy of a data source has in place of the
/// plugins of the original.
@MainActor
final class _FeatureStandIn: ListPlugin {
    let providedFeatures: Set<ListFeature>
    init(features: Set<ListFeature>) { providedFeatures = features }
}
