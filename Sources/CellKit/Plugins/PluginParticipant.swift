import DiffableStore

/// Plugins in applies: after any plan, the attached plugins are owed a `didApply`, which they hear once
/// every plan and event is through (pagination re-checks there).
struct PluginParticipant: ApplyParticipant {
    func planDidFinish<SectionIdentifier: Hashable>(
        succeeded: Bool, in dataSource: UniversalDataSource<SectionIdentifier>
    ) {
        dataSource.pluginCoordinator.owesDidApply = !dataSource.pluginCoordinator.isEmpty
    }

    func needsSettle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) -> Bool {
        dataSource.pluginCoordinator.owesDidApply
    }

    func settle<SectionIdentifier: Hashable>(in dataSource: UniversalDataSource<SectionIdentifier>) {
        dataSource.pluginCoordinator.owesDidApply = false
        let context = dataSource.pluginContext
        for plugin in dataSource.pluginCoordinator.plugins { plugin.didApply(in: context) }
    }
}
