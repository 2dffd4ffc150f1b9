import DiffableStore

/// What a host talks to: the data source's answers to ``ListHostDataSource`` and ``ListHostDelegate``,
/// kept off ``UniversalDataSource``'s public face.
///
/// The data source owns its adapter and makes it the host's data source and delegate in `init`; the
/// host holds it weakly, as it held the data source. Every call is forwarded to the data source, which
/// the adapter does not keep alive (it cannot outlive it while a host uses it: the host's references are
/// weak).
@MainActor
final class HostAdapter<SectionIdentifier: Hashable>: ListHostDataSource, ListHostDelegate {
    unowned let owner: UniversalDataSource<SectionIdentifier>
    /// The owner's snapshot on screen and registrations, read directly on the per-cell path.
    let store: SnapshotStore<SectionIdentifier>
    let registry: ViewRegistry
    /// How many configuration calls from the host are on the stack (an `apply` from a configuration
    /// closure the host runs outside any apply is refused).
    var configurationDepth = 0

    init(_ owner: UniversalDataSource<SectionIdentifier>) {
        self.owner = owner
        store = owner.store
        registry = owner.registry
    }

    // MARK: Counts and views

    func numberOfSections(in host: any ListHost) -> Int { owner.numberOfSections(in: host) }

    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        owner.numberOfItems(inSection: section, in: host)
    }

    /// The configured cell for an item: its registration's cell, dequeued from `host` and configured
    /// with the item and its `CellContext`. Answered here, from the store and the registry, without
    /// a call into the data source: it is the per-cell path.
    ///
    /// - Parameters:
    ///   - indexPath: An index path in the current snapshot; must be in range.
    ///   - host: The host asking.
    /// - Returns: The cell.
    /// - Complexity: O(1): one dictionary probe once the item's type is resolved (see the type's
    ///   discussion), plus the host's dequeue and the configuration closure.
    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject {
        let table = store.itemTable
        let section = indexPath.section
        guard section >= 0, section < table.sectionStarts.count - 1 else {
            preconditionFailure("The host asked for a cell at \(indexPath), outside the snapshot")
        }
        let start = table.sectionStarts[section]
        let count = table.sectionStarts[section + 1] - start
        guard indexPath.item >= 0, indexPath.item < count else {
            preconditionFailure("The host asked for a cell at \(indexPath), outside the snapshot")
        }
        let item = table.items[start + indexPath.item]
        let value: Any
        if let itemRepresentation = registry.itemRepresentation {
            value = itemRepresentation(item)
        } else {
            value = item.base
        }
        guard let registration = registry.cellRegistration(for: value) else {
            // apply validated every item, and registrations are only ever added or replaced.
            preconditionFailure("No cell registration for \(type(of: value)) at \(indexPath) after validation")
        }
        var context = CellContext(indexPath: indexPath, position: PositionInSection(item: indexPath.item, count: count))
        if !store.outlineRows.isEmpty, let row = store.outlineRows[item] {
            context.level = row.level
            context.isExpanded = row.isExpanded
        }
        configurationDepth += 1
        defer { configurationDepth -= 1 }
        return registration.view(host, context, value)
    }

    func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath, in host: any ListHost)
        -> AnyObject?
    {
        owner.supplementaryView(ofKind: kind, at: indexPath, in: host)
    }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        owner.itemIdentifier(at: indexPath, in: host)
    }

    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        owner.sectionIdentifier(at: index, in: host)
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { owner.supplementaryKinds(in: host) }

    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind] {
        owner.itemSupplementaryKinds(in: host)
    }

    func decorationKinds(in host: any ListHost) -> [SupplementaryKind] { owner.decorationKinds(in: host) }

    func decorationView(ofKind kind: SupplementaryKind, inSection section: Int, in host: any ListHost) -> AnyObject? {
        owner.decorationView(ofKind: kind, inSection: section, in: host)
    }

    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost, measuring measure: () -> Double
    ) -> Double? {
        owner.lengthOfItem(at: indexPath, crossAxisLength: crossAxisLength, in: host, measuring: measure)
    }

    // MARK: Gestures

    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost) -> SwipeActionsConfiguration?
    {
        owner.swipeActions(at: indexPath, edge: edge, in: host)
    }

    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        owner.canMoveItem(at: indexPath, in: host)
    }

    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?
    {
        owner.targetIndexPath(forMoveFrom: source, to: proposed, in: host)
    }

    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost) {
        owner.moveItem(from: source, to: destination, in: host)
    }

    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost) {
        owner.moveItems(from: sources, to: destination, in: host)
    }

    // MARK: ListHostDelegate

    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { owner.host(host, didReceive: events) }

    func host(_ host: any ListHost, targetLineForDragEndingAt proposedTargetLine: Int, velocity: Int) -> Int {
        owner.host(host, targetLineForDragEndingAt: proposedTargetLine, velocity: velocity)
    }
}
