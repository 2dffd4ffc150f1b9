import DiffableStore

/// What a host talks to: the data source's answers to `ListHostDataSource` and `ListHostDelegate`,
/// kept off ``UniversalDataSource``'s public face.
///
/// The data source owns its adapter and makes it the host's data source and delegate in `init`; the
/// host holds it weakly, as it held the data source. Each call is answered by the part that owns what it
/// asks about (the store, the registry, the sizing, the reordering, the plugins, the transaction), which
/// the adapter reaches through the data source without keeping it alive (it cannot outlive it while a
/// host uses it: the host's references are weak).
@MainActor
final class HostAdapter<SectionIdentifier: Hashable>: ListHostReordering, ListHostSwipeActions, ListHostContextMenus,
    ListHostItemViews, ListHostAccessibility, ListHostFocus,
    ListHostDelegate, DataSourceAdapter
{
    unowned let owner: UniversalDataSource<SectionIdentifier>
    /// The owner's snapshot on screen and registrations, read directly on the per-cell path.
    let store: SnapshotStore<SectionIdentifier>
    let registry: ViewRegistry
    /// The host's description once another data source took the host over (this data source's applies
    /// then throw ``DataSourceError/hostTakenOver(host:)``).
    var hostTakenOver: String?
    /// What the last ``reuse(for:in:)`` of a cell resolved, and in which state (the store's version):
    /// the ``configure(_:for:in:)`` of the same cell that follows it uses it instead of resolving the item
    /// again. Plain stored properties, not an optional tuple, so the per-cell path copies no aggregate.
    private var pendingPath = ListIndexPath(item: -1, section: -1)
    private var pendingVersion = -1
    private var pendingRegistration: _ViewRegistrationStorage?
    private var pendingValue: Any = ()
    private var pendingContext = CellContext(indexPath: ListIndexPath(item: -1, section: -1), position: .only)

    init(_ owner: UniversalDataSource<SectionIdentifier>) {
        self.owner = owner
        store = owner.store
        registry = owner.registry
    }

    // MARK: Counts and views

    /// The number of sections in the snapshot on screen.
    ///
    /// - Complexity: O(1).
    func numberOfSections(in host: any ListHost) -> Int { store.current.numberOfSections }

    /// The number of items in a section of the snapshot on screen; `section` must be in range.
    ///
    /// Read from the item table, whose reader is not generic: a host asks this of every section at
    /// every batch, and the generic snapshot read looked up type metadata on each call.
    ///
    /// - Complexity: O(1).
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        guard let count = store.itemTable.numberOfItems(inSection: section) else {
            preconditionFailure("Section index \(section) is out of range")
        }
        return count
    }

    /// How the host finds or makes the view for an element: the reuse of the registration that
    /// configures it (for a cell factory, of the cell it chooses for the item's value), or `nil` for a
    /// supplementary or decoration kind with no registration (recorded in the owner's `diagnostics`).
    ///
    /// A cell's is answered here, from the store and the registry, without a call into the data source:
    /// it is the per-cell path. What it resolved is kept for the ``configure(_:for:in:)`` that follows.
    ///
    /// - Complexity: O(1): one dictionary probe once the item's type is resolved.
    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        guard case .cell(let indexPath) = element else { return resolve(element)?.registration.reuse }
        let resolved = resolveCell(at: indexPath)
        pendingPath = indexPath
        pendingVersion = store.version
        pendingRegistration = resolved.registration
        pendingValue = resolved.value
        pendingContext = resolved.context
        return resolved.registration.reuse
    }

    /// Configures a view the host picked for an element with what it shows now: the item and its
    /// `CellContext` for a cell, the section identifier (or, item-scoped, the item) for a supplementary
    /// view or a decoration.
    ///
    /// - Complexity: O(1), plus the registration's configuration closure.
    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        owner.transaction.configuring { configureView(view, for: element, in: host) }
    }

    /// Asks the registration of the item at an index path again for the cell showing it, with the state
    /// the host shows it in now, if the registration receives a `CellContext` (others cannot show a state).
    ///
    /// - Complexity: O(1), plus the host's `cellState(forItemAt:)` and the configuration closure.
    func updateConfiguration(of view: AnyObject, forItemAt indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        owner.transaction.configuring {
            pendingRegistration = nil
            let resolved = resolveCell(at: indexPath)
            guard resolved.registration.readsContext else { return false }
            resolved.registration.configure(view, stated(resolved.context, at: indexPath, in: host), resolved.value)
            return true
        }
    }

    /// A cell's context with the state the host shows the cell in, and the outline's expansion.
    private func stated(_ context: CellContext, at indexPath: ListIndexPath, in host: any ListHost) -> CellContext {
        var context = context
        context.state = host.cellState(forItemAt: indexPath)
        context.state.isExpanded = context.isExpanded
        return context
    }

    /// Configures a view with what its element shows now (inside a configuration call).
    private func configureView(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        guard case .cell(let indexPath) = element else {
            guard let resolved = resolve(element) else {
                preconditionFailure("The host asked to configure a view for \(element), which has no registration")
            }
            resolved.registration.configure(view, resolved.context, resolved.value)
            return
        }
        if let registration = pendingRegistration, pendingPath == indexPath, pendingVersion == store.version {
            pendingRegistration = nil
            let value = pendingValue
            pendingValue = ()
            registration.configure(view, stated(pendingContext, at: indexPath, in: host), value)
        } else {
            pendingRegistration = nil
            let resolved = resolveCell(at: indexPath)
            resolved.registration.configure(view, stated(resolved.context, at: indexPath, in: host), resolved.value)
        }
    }

    /// What an element shows now: the registration that configures its view, its context and its value.
    private func resolve(_ element: ListElement) -> ResolvedElement? {
        switch element {
        case .cell(let indexPath): resolveCell(at: indexPath)
        case .supplementary(let kind, let indexPath):
            omits(kind, inSection: indexPath.section)
                ? nil : registry.resolveSupplementary(ofKind: kind, at: indexPath, of: store.current)
        case .decoration(let kind, let section):
            omits(kind, inSection: section)
                ? nil : registry.resolveDecoration(ofKind: kind, inSection: section, of: store.current)
        }
    }

    /// Whether the section at an index goes without a kind (`UniversalDataSource.sectionOmittedKinds`).
    private func omits(_ kind: SupplementaryKind, inSection section: Int) -> Bool {
        guard let omittedKinds = owner.sectionOmittedKinds,
            let identifier = store.current.sectionIdentifier(at: section)
        else { return false }
        return omittedKinds(identifier).contains(kind)
    }

    /// What the item at an index path shows: its registration (for a cell factory, the cell chosen for
    /// its value), its `CellContext` and its value.
    private func resolveCell(at indexPath: ListIndexPath) -> ResolvedElement {
        let table = store.itemTable
        guard let count = table.numberOfItems(inSection: indexPath.section), indexPath.item >= 0,
            indexPath.item < count, let item = table.item(at: indexPath)
        else {
            preconditionFailure("The host asked for a cell at \(indexPath), outside the snapshot")
        }
        let value: Any
        if let itemRepresentation = registry.itemRepresentation {
            value = itemRepresentation(item)
        } else {
            value = item.base
        }
        guard var registration = registry.cellRegistration(for: value) else {
            // apply validated every item, and registrations are only ever added or replaced.
            preconditionFailure("No cell registration for \(type(of: value)) at \(indexPath) after validation")
        }
        if let choose = registration.choose {
            // apply checked that every item it showed maps to one of the factory's cells.
            guard let chosen = choose(value) else {
                preconditionFailure("No cell registration for \(type(of: value)) at \(indexPath) after validation")
            }
            registration = chosen
        }
        var context = CellContext(indexPath: indexPath, position: PositionInSection(item: indexPath.item, count: count))
        if !store.outlineRows.isEmpty, let row = store.outlineRows[item] {
            context.level = row.level
            context.isExpanded = row.isExpanded
        }
        return ResolvedElement(registration: registration, context: context, value: value)
    }

    /// The item at an index path of the snapshot on screen, for the host's events; `nil` outside it.
    ///
    /// - Complexity: O(1).
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        store.current.itemIdentifier(at: indexPath)
    }

    /// The section identifier at an index of the snapshot on screen, for the host's events; `nil` out of range.
    ///
    /// - Complexity: O(1).
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        store.current.sectionIdentifier(at: index).map { AnyHashable($0) }
    }

    /// The layout the owner's ``UniversalDataSource/sectionLayouts`` gives the section at an index;
    /// ``SectionLayout/list`` without one or out of range.
    ///
    /// - Complexity: O(1), plus the closure.
    func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout {
        guard let layouts = owner.sectionLayouts, let identifier = store.current.sectionIdentifier(at: section) else {
            return .list
        }
        return layouts(identifier)
    }

    /// The registered section-scoped supplementary kinds (headers, footers), in registration order.
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { registry.supplementaryKinds }

    /// The registered item-scoped supplementary kinds (separators, badges), in registration order.
    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { registry.itemSupplementaryKinds }

    /// The registered decoration kinds (section backgrounds), in registration order.
    func decorationKinds(in host: any ListHost) -> [SupplementaryKind] { registry.decorationKinds }

    /// The length of the item at an index path from its registration's ``ItemSizing``, or `nil` when the
    /// registration has none (the host measures the cell itself); see ``SizingState/length(of:value:mode:crossAxisLength:calculating:measuring:)``.
    ///
    /// - Complexity: O(1) when no registration has a sizing; otherwise expected O(1), plus the
    ///   calculation or the measure on a miss.
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost, measuring measure: () -> Double
    ) -> Double? {
        let sizing = owner.sizing
        guard sizing.anyRegistrationSized else { return nil }
        guard let item = store.itemTable.item(at: indexPath) else { return nil }
        let value = registry.representation(of: item)
        let transaction = owner.transaction
        return sizing.length(
            of: item, value: value, mode: registry.cellRegistration(for: value)?.sizing,
            crossAxisLength: crossAxisLength, calculating: { calculation in transaction.configuring(calculation) },
            measuring: measure)
    }

    // MARK: Gestures

    /// The actions a swipe on an edge of a row reveals (see ``PluginCoordinator/swipeActions(for:edge:context:currentItem:)``).
    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost) -> SwipeActionsConfiguration?
    {
        let plugins = owner.pluginCoordinator
        guard !plugins.isEmpty, let item = store.current.itemIdentifier(at: indexPath) else { return nil }
        return plugins.swipeActions(for: item, edge: edge, context: plugins.context(for: owner)) { [weak store] in
            store?.currentItem(for: $0)
        }
    }

    /// The context menu for the items at index paths (see
    /// ``PluginCoordinator/contextMenu(for:context:currentItem:)``); `nil` when one is not in the snapshot.
    func contextMenu(at indexPaths: [ListIndexPath], in host: any ListHost) -> ContextMenu? {
        let plugins = owner.pluginCoordinator
        guard !plugins.isEmpty, !indexPaths.isEmpty else { return nil }
        var items: [AnyHashable] = []
        for path in indexPaths {
            guard let item = store.current.itemIdentifier(at: path) else { return nil }
            items.append(item)
        }
        return plugins.contextMenu(for: items, context: plugins.context(for: owner)) { [weak store] in
            store?.currentItem(for: $0)
        }
    }

    /// Whether the item at an index path may be moved (see ``ReorderState/canMoveItem(at:in:outlines:)``).
    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        owner.reordering.canMoveItem(at: indexPath, in: store.current, outlines: owner.outlineStore)
    }

    /// Where a row being moved may go (see ``ReorderState/targetIndexPath(forMoveFrom:to:in:outlines:)``).
    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?
    {
        owner.reordering.targetIndexPath(
            forMoveFrom: source, to: proposed, in: store.current, outlines: owner.outlineStore)
    }

    /// Moves an item in the snapshot on screen, in the same turn as the host moves its row (see
    /// ``ApplyTransaction/performUserMove(from:to:)``).
    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost) {
        owner.transaction.performUserMove(from: [source], to: destination)
    }

    /// Moves several items, dropped together, in the snapshot on screen (see
    /// ``ApplyTransaction/performUserMove(from:to:)``).
    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost) {
        owner.transaction.performUserMove(from: sources, to: destination)
    }

    // MARK: ListHostDelegate

    /// Hands host events to the transaction, which delivers them to the plugins, then `onSelect` and
    /// `onEvent`, at once or, while it applies, once the apply has finished (see
    /// ``ApplyTransaction/receive(_:)``).
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { owner.transaction.receive(events) }

    /// Lets the attached plugins pick where a drag comes to rest (see
    /// ``ListPlugin/targetContentOffset(forDragEndingAt:velocity:in:)``); without plugins the proposal stands.
    func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int) -> Int
    {
        let plugins = owner.pluginCoordinator
        guard !plugins.isEmpty else { return proposedContentOffset }
        return plugins.targetContentOffset(
            forDragEndingAt: proposedContentOffset, velocity: velocity, context: plugins.context(for: owner))
    }
}

/// What an element shows: the registration that configures its view, the context and the value it is
/// configured with.
struct ResolvedElement {
    let registration: _ViewRegistrationStorage
    let context: CellContext
    let value: Any
}

/// An adapter of a ``UniversalDataSource`` of any section type, as a host holds it: a data source made for
/// a host that has one tells the one it replaces.
@MainActor
protocol DataSourceAdapter: AnyObject {
    /// Set when another data source took the host over.
    var hostTakenOver: String? { get set }
}
