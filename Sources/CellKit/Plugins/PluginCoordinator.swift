/// The data source's plugins and what they share: the order they hear events in, the context they are
/// given, and the features they provide.
@MainActor
final class PluginCoordinator {
    /// The attached plugins, in the order they hear events.
    var plugins: [any ListPlugin] = []
    /// What plugins are given; made on first use.
    var context: ListPluginContext?
    /// The features the attached plugins provide, and the type name of the plugin providing each.
    var featureProviders: [ListFeature: String] = [:]

    /// Whether any plugin is attached.
    var isEmpty: Bool { plugins.isEmpty }
}
