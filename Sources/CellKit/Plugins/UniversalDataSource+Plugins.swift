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
        var accepted: [any ListPlugin] = []
        for plugin in plugins {
            let type = Swift.type(of: plugin)
            let name = String(reflecting: type)
            if pluginCoordinator.plugins.contains(where: { $0 === plugin }) { throw .alreadyAttached(pluginType: name) }
            if accepted.contains(where: { $0 === plugin }) { throw .listedTwice(pluginType: name, sameInstance: true) }
            if let owner = PluginOwnership.dataSource(of: plugin), owner !== self {
                throw .attachedElsewhere(pluginType: name)
            }
            if !type.allowsMultipleInstances {
                if pluginCoordinator.plugins.contains(where: { Swift.type(of: $0) == type }) {
                    throw .duplicate(pluginType: name)
                }
                if accepted.contains(where: { Swift.type(of: $0) == type }) {
                    throw .listedTwice(pluginType: name, sameInstance: false)
                }
            }
            accepted.append(plugin)
        }
        pluginCoordinator.featureProviders = try pluginCoordinator.providers(adding: accepted)
        for plugin in accepted {
            self.pluginCoordinator.plugins.append(plugin)
            PluginOwnership.setDataSource(self, of: plugin)
            plugin.attach(to: pluginContext)
        }
    }

    /// Detaches a plugin: it hears nothing more.
    ///
    /// - Parameter plugin: An attached plugin.
    /// - Throws: ``PluginError/notAttached(pluginType:)`` when it is not attached to this data source;
    ///   ``PluginError/featureInUse(feature:pluginType:itemType:)`` when it provides a ``ListFeature``
    ///   that items on screen need. Nothing changes then.
    /// - Complexity: O(p) for *p* plugins, plus O(n) for *n* items when it provides a feature.
    public func detach(_ plugin: any ListPlugin) throws(PluginError) {
        guard let index = pluginCoordinator.plugins.firstIndex(where: { $0 === plugin }) else {
            throw .notAttached(pluginType: String(reflecting: Swift.type(of: plugin)))
        }
        try registry.checkDetachable(plugin, showing: current.itemIdentifiers)
        for feature in plugin.providedFeatures { pluginCoordinator.featureProviders[feature] = nil }
        pluginCoordinator.plugins.remove(at: index)
        PluginOwnership.setDataSource(nil, of: plugin)
        plugin.detach(from: pluginContext)
    }

    /// Edits a copy of the latest snapshot (on screen, or the last one queued) and applies it.
    func editItems(_ body: (inout ItemEdits) throws -> Void) throws(ListPluginContext.EditError) {
        let box = _SnapshotBox(transaction.latestSnapshot)
        // A queued snapshot's marks are performed by its own apply, not again by this one.
        box.snapshot.clearReloadMarks()
        var edits = box.edits()
        do {
            try body(&edits)
        } catch let error as SnapshotError {
            throw .snapshot(error)
        } catch {
            throw .body(String(describing: error))
        }
        do {
            try apply(box.snapshot)
        } catch {
            throw .dataSource(error)
        }
    }

    /// `snapshot` with the items the plugins manage added (and stale ones removed).
    func decorated(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) -> Snapshot<SectionIdentifier, AnyHashable> {
        guard !pluginCoordinator.plugins.isEmpty else { return snapshot }
        let box = _SnapshotBox(snapshot)
        var edits = box.edits()
        let context = pluginContext
        for plugin in pluginCoordinator.plugins { plugin.decorate(&edits, in: context) }
        return box.snapshot
    }

    /// Runs the plugins' `didApply` now, or once the transaction's run has no plan or event left.
    func setPluginsNeedDidApply() {
        guard !pluginCoordinator.plugins.isEmpty else { return }
        if !transaction.owePluginsDidApply() { pluginsDidApply() }
    }

    /// Tells every attached plugin that the list settled.
    func pluginsDidApply() {
        let context = pluginContext
        for plugin in pluginCoordinator.plugins { plugin.didApply(in: context) }
    }

    /// The actions a swipe on an edge of a row reveals: the first attached plugin that offers any
    /// provides them (see `SwipeActionsPlugin`).
    ///
    /// Each action performs on the item as it is when the action is tapped, not as it was when the row
    /// was swiped: the host passes the item it swiped, and the action looks it up by identity in the
    /// snapshot on screen (``currentItem(for:)``), so a content change of the item while its swipe is
    /// open reaches the handler. When the item is gone, the handler is not called and the action
    /// declines (`completion(false)`).
    ///
    /// - Parameters:
    ///   - indexPath: The swiped row's item.
    ///   - edge: The edge swiped.
    ///   - host: The host asking.
    /// - Returns: The actions, or `nil` for none.
    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost)
        -> SwipeActionsConfiguration?
    {
        guard !pluginCoordinator.plugins.isEmpty, let item = item(at: indexPath) else { return nil }
        let context = pluginContext
        for plugin in pluginCoordinator.plugins {
            guard var configuration = plugin.swipeActions(for: item, edge: edge, in: context) else { continue }
            configuration.actions = configuration.actions.map { action in
                SwipeAction(action.title, isDestructive: action.isDestructive) { [weak self] swiped, completion in
                    guard let now = self?.currentItem(for: swiped) else { return completion(false) }
                    action.perform(now, completion)
                }
            }
            return configuration
        }
        return nil
    }

    /// An item as it is now in the snapshot on screen, found by identity: the item itself when it is
    /// there unchanged, the new version of an `Identifiable` item whose content changed (the same type
    /// and `id`), or `nil` when it is gone.
    ///
    /// - Complexity: Expected O(1); O(n) for the *n* items on screen the first time an item's content
    ///   is found changed after an apply.
    func currentItem(for item: AnyHashable) -> AnyHashable? {
        current.contains(item) ? item : store.itemTable.item(withIdentityOf: item)
    }

    /// The attached plugins, in the order they hear events.
    public var attachedPlugins: [any ListPlugin] { pluginCoordinator.plugins }

    /// The context plugins are given: reads of the snapshot on screen and the host.
    var pluginContext: ListPluginContext {
        if let context = pluginCoordinator.context { return context }
        let context = ListPluginContext(
            host: host,
            item: { [weak self] in self?.item(at: $0) },
            indexPath: { [weak self] in self?.indexPath(for: $0) },
            numberOfSections: { [weak self] in self?.current.numberOfSections ?? 0 },
            sectionIdentifier: { [weak self] in self?.current.sectionIdentifier(at: $0).map { AnyHashable($0) } },
            numberOfItems: { [weak self] in self?.current.numberOfItems(inSectionAt: $0) ?? 0 },
            setNeedsDidApply: { [weak self] in self?.setPluginsNeedDidApply() },
            edit: { [weak self] body throws(ListPluginContext.EditError) in try self?.editItems(body) },
            reportApplyError: { [weak self] error in self?.handlers.onApplyError?(error) },
            cellRegistration: { [weak self] in self?.cellRegistration(for: $0) },
            report: { [weak self] in self?.report($0) })
        pluginCoordinator.context = context
        return context
    }
}

/// A snapshot the closures of one ``ItemEdits`` share.
final class _SnapshotBox<SectionIdentifier: Hashable> {
    var snapshot: Snapshot<SectionIdentifier, AnyHashable>
    init(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) { self.snapshot = snapshot }

    /// Edits of this box's snapshot.
    @MainActor
    func edits() -> ItemEdits {
        ItemEdits(
            insertAfter: { items, item throws(SnapshotError) in try self.snapshot.insertItems(items, afterItem: item) },
            deleteItems: { items throws(SnapshotError) in try self.snapshot.deleteItems(items) },
            containsItem: { self.snapshot.contains($0) },
            appendItems: { items throws(SnapshotError) in
                try self.snapshot.appendItems(items, toSection: self.snapshot.sectionIdentifiers.last)
            },
            prependItems: { items throws(SnapshotError) in
                guard let section = self.snapshot.sectionIdentifiers.first else {
                    return try self.snapshot.appendItems(items, toSection: nil)
                }
                if let first = self.snapshot.itemIdentifiers(inSection: section)?.first {
                    try self.snapshot.insertItems(items, beforeItem: first)
                } else {
                    try self.snapshot.appendItems(items, toSection: section)
                }
            },
            allItems: { self.snapshot.itemIdentifiers },
            reconfigureItems: { items throws(SnapshotError) in try self.snapshot.reconfigureItems(items) })
    }
}
