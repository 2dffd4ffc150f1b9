@_spi(CellKitInternals) import DiffableStore

extension UniversalDataSource {
    /// Attaches plugins, in order: each is attached once, and hears every event after the ones
    /// attached before it.
    ///
    /// - Parameter plugins: The plugins.
    /// - Throws: ``PluginError/duplicate(pluginType:)`` when a plugin of the same type is attached and
    ///   the type does not allow several; ``PluginError/alreadyAttached(pluginType:)`` when an instance is
    ///   attached to this data source already; ``PluginError/listedTwice(pluginType:sameInstance:)`` when
    ///   the call lists an instance twice, or two plugins of such a type;
    ///   ``PluginError/attachedElsewhere(pluginType:)`` when an instance is attached to another data
    ///   source; ``PluginError/secondProvider(feature:pluginType:providedBy:)`` when a plugin provides a
    ///   ``ListFeature`` that another provides. Nothing is attached then.
    /// - Complexity: O(p × k) for *p* plugins attached and *k* given.
    public func attach(_ plugins: any ListPlugin...) throws(PluginError) {
        try pluginCoordinator.attach(plugins, to: self)
    }

    /// Detaches a plugin: it hears nothing more.
    ///
    /// - Parameter plugin: An attached plugin.
    /// - Throws: ``PluginError/notAttached(pluginType:)`` when it is not attached to this data source;
    ///   ``PluginError/featureInUse(feature:pluginType:itemType:)`` when it provides a ``ListFeature``
    ///   that items on screen need. Nothing changes then.
    /// - Complexity: O(p) for *p* plugins, plus O(n) for *n* items when it provides a feature.
    public func detach(_ plugin: any ListPlugin) throws(PluginError) {
        try pluginCoordinator.detach(plugin, from: self) { plugin throws(PluginError) in
            try registry.checkDetachable(plugin, showing: current.itemIdentifiers)
        }
    }

    /// The attached plugins, in the order they hear events.
    public var attachedPlugins: [any ListPlugin] { pluginCoordinator.plugins }
}
