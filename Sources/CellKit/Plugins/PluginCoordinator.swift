/// The data source's plugins and what they share: the order they hear events in, the context they are
/// given, the features they provide, and whether they owe a `didApply`.
@MainActor
final class PluginCoordinator {
    /// The attached plugins, in the order they hear events.
    var plugins: [any ListPlugin] = []
    /// What plugins are given; made on first use.
    var context: ListPluginContext?
    /// The features the attached plugins provide, and the type name of the plugin providing each.
    var featureProviders: [ListFeature: String] = [:]
    /// Whether a plan was performed, or a plugin asked for one, since the plugins last heard `didApply`:
    /// the apply queue settles them once its plans and events are through.
    var owesDidApply = false

    /// Whether any plugin is attached.
    var isEmpty: Bool { plugins.isEmpty }
}
