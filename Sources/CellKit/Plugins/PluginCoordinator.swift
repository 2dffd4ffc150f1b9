import DiffableStore

/// The data source's plugins and what they share: the order they hear events in, the context they are
/// given, and the features they provide; and what the data source asks of them.
@MainActor
final class PluginCoordinator {
    /// The attached plugins, in the order they hear events.
    private(set) var plugins: [any ListPlugin] = []
    /// What plugins are given; made on first use.
    private var context: ListPluginContext?
    /// The features the attached plugins provide, and the type name of the plugin providing each.
    private(set) var featureProviders: [ListFeature: String] = [:]

    /// Whether any plugin is attached.
    var isEmpty: Bool { plugins.isEmpty }

    /// The context plugins are given: reads of the snapshot on screen and the host, and the data
    /// source's edits; made on first use.
    func context<SectionIdentifier>(for dataSource: UniversalDataSource<SectionIdentifier>) -> ListPluginContext {
        if let context { return context }
        let context = ListPluginContext(
            host: dataSource.host,
            item: { [weak dataSource] in dataSource?.item(at: $0) },
            indexPath: { [weak dataSource] in dataSource?.indexPath(for: $0) },
            numberOfSections: { [weak dataSource] in dataSource?.current.numberOfSections ?? 0 },
            sectionIdentifier: { [weak dataSource] in
                dataSource?.current.sectionIdentifier(at: $0).map { AnyHashable($0) }
            },
            numberOfItems: { [weak dataSource] in dataSource?.current.numberOfItems(inSectionAt: $0) ?? 0 },
            setNeedsDidApply: { [weak dataSource] in dataSource?.transaction.pluginsNeedDidApply() },
            edit: { [weak dataSource] body throws(ListPluginContext.EditError) in
                try dataSource?.transaction.editItems(body)
            },
            reportApplyError: { [weak dataSource] error in dataSource?.handlers.onApplyError?(error) },
            cellRegistration: { [weak dataSource] in dataSource?.cellRegistration(for: $0) },
            report: { [weak dataSource] in dataSource?.registry.report($0) })
        self.context = context
        return context
    }

    // MARK: Attaching

    /// Attaches plugins to `dataSource`, in order (see ``UniversalDataSource/attach(_:)``).
    ///
    /// - Throws: What ``UniversalDataSource/attach(_:)`` throws; nothing is attached then.
    /// - Complexity: O(p × k) for *p* plugins attached and *k* given.
    func attach<SectionIdentifier>(
        _ given: [any ListPlugin], to dataSource: UniversalDataSource<SectionIdentifier>
    ) throws(PluginError) {
        var accepted: [any ListPlugin] = []
        for plugin in given {
            let type = Swift.type(of: plugin)
            let name = String(reflecting: type)
            if plugins.contains(where: { $0 === plugin }) { throw .alreadyAttached(pluginType: name) }
            if accepted.contains(where: { $0 === plugin }) { throw .listedTwice(pluginType: name, sameInstance: true) }
            if let owner = PluginOwnership.dataSource(of: plugin), owner !== dataSource {
                throw .attachedElsewhere(pluginType: name)
            }
            if !type.allowsMultipleInstances {
                if plugins.contains(where: { Swift.type(of: $0) == type }) {
                    throw .duplicate(pluginType: name)
                }
                if accepted.contains(where: { Swift.type(of: $0) == type }) {
                    throw .listedTwice(pluginType: name, sameInstance: false)
                }
            }
            accepted.append(plugin)
        }
        featureProviders = try providers(adding: accepted)
        for plugin in accepted {
            plugins.append(plugin)
            PluginOwnership.setDataSource(dataSource, of: plugin)
            plugin.attach(to: context(for: dataSource))
        }
    }

    /// Checks that no feature `plugins` provide is provided already (by an attached plugin, or one
    /// earlier in the list), and returns the providers with theirs added.
    private func providers(adding plugins: [any ListPlugin]) throws(PluginError) -> [ListFeature: String] {
        var providers = featureProviders
        for plugin in plugins {
            let name = String(reflecting: Swift.type(of: plugin))
            for feature in plugin.providedFeatures.sorted(by: { $0.name < $1.name }) {
                if let provider = providers[feature] {
                    throw .secondProvider(feature: feature.name, pluginType: name, providedBy: provider)
                }
                providers[feature] = name
            }
        }
        return providers
    }

    /// Detaches a plugin from `dataSource` once `checkDetachable` allowed it (see
    /// ``UniversalDataSource/detach(_:)``).
    ///
    /// - Throws: ``PluginError/notAttached(pluginType:)``, or what `checkDetachable` throws; nothing
    ///   changes then.
    func detach<SectionIdentifier>(
        _ plugin: any ListPlugin, from dataSource: UniversalDataSource<SectionIdentifier>,
        checkDetachable: (any ListPlugin) throws(PluginError) -> Void
    ) throws(PluginError) {
        guard let index = plugins.firstIndex(where: { $0 === plugin }) else {
            throw .notAttached(pluginType: String(reflecting: Swift.type(of: plugin)))
        }
        try checkDetachable(plugin)
        for feature in plugin.providedFeatures { featureProviders[feature] = nil }
        plugins.remove(at: index)
        PluginOwnership.setDataSource(nil, of: plugin)
        plugin.detach(from: context(for: dataSource))
    }

    /// Provides the features `other`'s plugins provide, with a stand-in that does nothing else (a fresh
    /// copy of a data source accepts the same items).
    func provideFeatures(of other: PluginCoordinator) {
        guard !other.featureProviders.isEmpty else { return }
        plugins.append(_FeatureStandIn(features: Set(other.featureProviders.keys)))
        featureProviders = other.featureProviders
    }

    // MARK: What the data source asks

    /// `snapshot` with the items the plugins manage added (and stale ones removed).
    func decorated<SectionIdentifier>(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>, for dataSource: UniversalDataSource<SectionIdentifier>
    ) -> Snapshot<SectionIdentifier, AnyHashable> {
        guard !plugins.isEmpty else { return snapshot }
        let box = _SnapshotBox(snapshot)
        var edits = box.edits()
        let context = context(for: dataSource)
        for plugin in plugins { plugin.decorate(&edits, in: context) }
        return box.snapshot
    }

    /// Hands a host event to every attached plugin.
    func deliver<SectionIdentifier>(_ event: ListHostEvent, for dataSource: UniversalDataSource<SectionIdentifier>) {
        guard !plugins.isEmpty else { return }
        let context = context(for: dataSource)
        for plugin in plugins { plugin.handle(event, in: context) }
    }

    /// Tells every attached plugin that the list settled.
    func didApply<SectionIdentifier>(for dataSource: UniversalDataSource<SectionIdentifier>) {
        let context = context(for: dataSource)
        for plugin in plugins { plugin.didApply(in: context) }
    }

    /// Lets the attached plugins pick where a drag comes to rest, each from the previous one's answer.
    func targetContentOffset(forDragEndingAt proposed: Int, velocity: Int, context: ListPluginContext) -> Int {
        plugins.reduce(proposed) { offset, plugin in
            plugin.targetContentOffset(forDragEndingAt: offset, velocity: velocity, in: context)
        }
    }

    /// The actions a swipe on an edge of a row reveals: the first attached plugin that offers any
    /// provides them (see `SwipeActionsPlugin`).
    ///
    /// Each action performs on the item as it is when the action is tapped, not as it was when the row
    /// was swiped: the host passes the item it swiped, and the action looks it up by identity in the
    /// snapshot on screen (`currentItem`), so a content change of the item while its swipe is open
    /// reaches the handler. When the item is gone, the handler is not called and the action declines
    /// (`completion(false)`).
    ///
    /// - Parameters:
    ///   - item: The swiped row's item.
    ///   - edge: The edge swiped.
    ///   - context: The plugins' context.
    ///   - currentItem: An item as it is now in the snapshot on screen, or `nil` when it is gone.
    /// - Returns: The actions, or `nil` for none.
    func swipeActions(
        for item: AnyHashable, edge: SwipeEdge, context: ListPluginContext,
        currentItem: @escaping @MainActor (AnyHashable) -> AnyHashable?
    ) -> SwipeActionsConfiguration? {
        for plugin in plugins {
            guard var configuration = plugin.swipeActions(for: item, edge: edge, in: context) else { continue }
            configuration.actions = configuration.actions.map { action in
                SwipeAction(action.title, isDestructive: action.isDestructive) { swiped, completion in
                    guard let now = currentItem(swiped) else { return completion(false) }
                    action.perform(now, completion)
                }
            }
            return configuration
        }
        return nil
    }

    /// The context menu for items: the first attached plugin that offers one provides it (see
    /// `ContextMenuPlugin`).
    ///
    /// Each action performs on the items as they are when it is chosen, not as they were when the menu
    /// opened: the host passes the items it opened the menu for, and the action looks each up by
    /// identity in the snapshot on screen (`currentItem`). Items gone since are left out; when all are
    /// gone, or the action is disabled, the handler is not called.
    ///
    /// - Parameters:
    ///   - items: The items the menu is for.
    ///   - context: The plugins' context.
    ///   - currentItem: An item as it is now in the snapshot on screen, or `nil` when it is gone.
    /// - Returns: The menu, or `nil` for none.
    func contextMenu(
        for items: [AnyHashable], context: ListPluginContext,
        currentItem: @escaping @MainActor (AnyHashable) -> AnyHashable?
    ) -> ContextMenu? {
        for plugin in plugins {
            guard let menu = plugin.contextMenu(for: items, in: context) else { continue }
            return menu.mapActions { action in
                ContextMenuAction(action.title, isDestructive: action.isDestructive, isDisabled: action.isDisabled) {
                    shown in
                    let now = shown.compactMap(currentItem)
                    guard !action.isDisabled, !now.isEmpty else { return }
                    action.perform(now)
                }
            }
        }
        return nil
    }

    /// What assistive technologies say about an item's row: the first attached plugin that describes
    /// it provides it (see `AccessibilityPlugin`).
    ///
    /// - Parameters:
    ///   - item: The row's item.
    ///   - context: The plugins' context.
    /// - Returns: The description, or `nil` for none.
    func accessibilityDescription(for item: AnyHashable, context: ListPluginContext) -> ListAccessibilityDescription? {
        for plugin in plugins {
            guard let describer = plugin as? any ListAccessibilityDescriber,
                let description = describer.accessibilityDescription(for: item, in: context)
            else { continue }
            return description
        }
        return nil
    }

    /// Whether an item can take the focus: the first attached plugin that says provides the answer (see
    /// `FocusPlugin`); `nil` when none says.
    func canFocus(_ item: AnyHashable, context: ListPluginContext) -> Bool? {
        for plugin in plugins {
            guard let provider = plugin as? any ListFocusProvider, let answer = provider.canFocus(item, in: context)
            else { continue }
            return answer
        }
        return nil
    }

    /// How the list treats the focus: the first attached focus plugin's behaviour, or `nil` when none is
    /// attached.
    var focusBehavior: ListFocusBehavior? {
        plugins.lazy.compactMap { ($0 as? any ListFocusProvider)?.focusBehavior }.first
    }
}
