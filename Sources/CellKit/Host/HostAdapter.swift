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
    /// How many configuration calls from the host are on the stack (an `apply` from a configuration
    /// closure the host runs outside any apply is refused).
    var configurationDepth = 0

    init(_ owner: UniversalDataSource<SectionIdentifier>) { self.owner = owner }

    // MARK: Counts and views

    func numberOfSections(in host: any ListHost) -> Int { owner.numberOfSections(in: host) }

    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        owner.numberOfItems(inSection: section, in: host)
    }

    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject { owner.cell(at: indexPath, in: host) }

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
