/// Which data source each attached plugin instance serves, so that one instance is not attached to two
/// data sources (``PluginError/attachedElsewhere(pluginType:)``): a plugin keeps the context of the data
/// source it was attached to, and would act on that list only.
///
/// Both sides are held weakly: a plugin whose data source is gone may be attached again elsewhere.
@MainActor
enum PluginOwnership {
    private struct Owner {
        weak var plugin: AnyObject?
        weak var dataSource: AnyObject?
    }

    /// By the plugin's object identifier; an entry counts only while its plugin is that very object.
    private static var owners: [ObjectIdentifier: Owner] = [:]
    /// The number of entries at which dead ones are swept next.
    private static var sweepAt = 16

    /// The data source `plugin` is attached to, or `nil` when it is attached to none that is alive.
    ///
    /// - Complexity: Expected O(1).
    static func dataSource(of plugin: AnyObject) -> AnyObject? {
        guard let owner = owners[ObjectIdentifier(plugin)], owner.plugin === plugin else { return nil }
        return owner.dataSource
    }

    /// Records that `plugin` serves `dataSource` (or, with `nil`, none).
    ///
    /// - Complexity: Amortized expected O(1): dead entries are swept when the table has doubled.
    static func setDataSource(_ dataSource: AnyObject?, of plugin: AnyObject) {
        let key = ObjectIdentifier(plugin)
        guard let dataSource else {
            owners[key] = nil
            return
        }
        owners[key] = Owner(plugin: plugin, dataSource: dataSource)
        if owners.count >= sweepAt {
            owners = owners.filter { $0.value.plugin != nil && $0.value.dataSource != nil }
            sweepAt = max(16, owners.count * 2)
        }
    }
}
