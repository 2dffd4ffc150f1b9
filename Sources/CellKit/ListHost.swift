import DiffableStore

/// What a list view answers to: the data source's side of the conversation.
///
/// A host asks its data source for counts and views, as `UICollectionView` asks its
/// `UICollectionViewDataSource`. ``UniversalDataSource`` adopts it.
@MainActor
public protocol ListHostDataSource: AnyObject {
    /// The number of sections the host shows.
    ///
    /// - Parameter host: The host asking.
    func numberOfSections(in host: any ListHost) -> Int

    /// The number of items in a section.
    ///
    /// - Parameters:
    ///   - section: A section index.
    ///   - host: The host asking.
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int

    /// The configured cell for an item: dequeued from `host`, then configured.
    ///
    /// - Parameters:
    ///   - indexPath: The item's index path.
    ///   - host: The host asking.
    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject

    /// The configured supplementary view of a kind for a section, or `nil` when none is registered.
    ///
    /// - Parameters:
    ///   - kind: The kind of view (header, footer, ...).
    ///   - indexPath: The section (and, for per-item kinds, the item).
    ///   - host: The host asking.
    func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath, in host: any ListHost)
        -> AnyObject?

    /// The identity of the item at an index path in the data source's current state: what a host
    /// names in the events it makes (``ListHostEvent``), captured when the event happens.
    ///
    /// - Parameters:
    ///   - indexPath: An item's index path in the current state.
    ///   - host: The host asking.
    /// - Returns: The item, or `nil` when the index path is outside the current state.
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable?

    /// The identity of the section at an index in the data source's current state, for the events of
    /// supplementary views.
    ///
    /// - Parameters:
    ///   - index: A section index in the current state.
    ///   - host: The host asking.
    /// - Returns: The section identifier, or `nil` when `index` is out of range.
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable?

    /// Whether the user may pick up an item's row to move it (a default returns `false`).
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool

    /// Where a row being moved may go, asked during the move: the proposal, another index path, or `nil`
    /// to veto it (a default keeps the proposal).
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - proposed: Where the finger proposes to drop it (coordinates after the move).
    ///   - host: The host asking.
    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?

    /// The user dropped a moved row: update the data in the same turn (a default does nothing).
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - destination: Where it was dropped (coordinates after the move).
    ///   - host: The host asking.
    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost)

    /// The user dropped several rows, dragged together, at one place: update the data in the same turn
    /// (a default does nothing).
    ///
    /// - Parameters:
    ///   - sources: Where the rows were picked up, in the order they were dragged.
    ///   - destination: Where the first of them lands; the others follow it in order (coordinates after
    ///     the drop).
    ///   - host: The host asking.
    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost)

    /// The actions a swipe on an edge of a row reveals, or `nil` for none (a default returns `nil`).
    ///
    /// - Parameters:
    ///   - indexPath: The swiped row's item, in the current state.
    ///   - edge: The edge swiped.
    ///   - host: The host asking.
    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost) -> SwipeActionsConfiguration?

    /// The supplementary kinds the data source can provide, so a host knows what to ask for.
    ///
    /// - Parameter host: The host asking.
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind]

    /// An item's length along the list's axis (a row's height in a vertical list) for the length
    /// available across it, or `nil` for the host to measure the configured cell itself (a default
    /// returns `nil`).
    ///
    /// The host asks after it configured the item's cell, whenever it needs the size.
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - crossAxisLength: The length the item's view renders at across the list's axis: a vertical
    ///     list's width, less the insets of what is drawn around the item (a card's).
    ///   - host: The host asking.
    ///   - measure: Measures the cell the host configured for the item.
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost, measuring measure: () -> Double
    ) -> Double?
    /// The item-scoped supplementary kinds (a separator, a badge): the host asks for one view of each
    /// per item, with ``supplementaryView(ofKind:at:in:)`` at the item's index path (a default returns none).
    ///
    /// - Parameter host: The host asking.
    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind]

    /// The decoration kinds (a section background): the host asks for one view of each per section
    /// that has items, with ``decorationView(ofKind:inSection:in:)``, and draws it around the section's
    /// items (a default returns none).
    ///
    /// - Parameter host: The host asking.
    func decorationKinds(in host: any ListHost) -> [SupplementaryKind]

    /// The configured decoration view of a kind for a section, or `nil` when none is registered (a
    /// default returns `nil`).
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration.
    ///   - section: A section index in the current state.
    ///   - host: The host asking.
    func decorationView(ofKind kind: SupplementaryKind, inSection section: Int, in host: any ListHost) -> AnyObject?
}

extension ListHostDataSource {
    /// Whether the user may pick up an item's row to move it: `false` by default.
    ///
    /// - Parameters:
    ///   - indexPath: The item.
    ///   - host: The host asking.
    public func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool { false }

    /// Where a row being moved may go: the proposal by default; `nil` vetoes it (the row stays where it
    /// was last allowed).
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - proposed: Where the finger proposes to drop it (coordinates after the move).
    ///   - host: The host asking.
    public func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?
    {
        proposed
    }

    /// The user dropped a moved row: the data source updates its data in the same turn. Called by the
    /// host inside the move's batch, in place of the batch's `updateData`. Does nothing by default.
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - destination: Where it was dropped (coordinates after the move).
    ///   - host: The host asking.
    public func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost) {}

    /// The user dropped several rows at one place: the data source updates its data in the same turn.
    /// Called by the host inside the drop's batch, in place of the batch's `updateData`. Does nothing by
    /// default.
    ///
    /// - Parameters:
    ///   - sources: Where the rows were picked up, in the order they were dragged.
    ///   - destination: Where the first of them lands (coordinates after the drop).
    ///   - host: The host asking.
    public func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost) {}

    /// The actions a swipe on an edge of a row reveals, or `nil` for none: the default, for data sources
    /// without swipe actions.
    ///
    /// - Parameters:
    ///   - indexPath: The swiped row's item.
    ///   - edge: The edge swiped.
    ///   - host: The host asking.
    public func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost)
        -> SwipeActionsConfiguration?
    {
        nil
    }

    /// No item-scoped supplementary kinds: the default, for data sources without them.
    ///
    /// - Parameter host: The host asking.
    public func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }

    /// No decoration kinds: the default, for data sources without them.
    ///
    /// - Parameter host: The host asking.
    public func decorationKinds(in host: any ListHost) -> [SupplementaryKind] { [] }

    /// No decoration view: the default, for data sources without them.
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration.
    ///   - section: A section index.
    ///   - host: The host asking.
    public func decorationView(ofKind kind: SupplementaryKind, inSection section: Int, in host: any ListHost)
        -> AnyObject?
    { nil }
}

/// A list view the data source drives: it registers and dequeues reusable views, performs batch
/// updates, reloads, reconfigures cells in place and tells what is visible.
///
/// CellKit ships three hosts: `TextListView` in `CellKitText`, which renders to text, and
/// `CollectionViewHost` and `TableViewHost` in `CellKitUIKit`, which drive a `UICollectionView` and a
/// `UITableView`.
@MainActor
public protocol ListHost: AnyObject {
    /// The object that provides counts and views. Hosts hold it weakly.
    ///
    /// ``UniversalDataSource`` sets it in its `init` (to an object of its own that answers for it).
    var dataSource: (any ListHostDataSource)? { get set }

    /// The object the host reports its events to (see ``ListHostDelegate``). Hosts hold it weakly.
    ///
    /// ``UniversalDataSource`` sets it in its `init`, with ``dataSource``, so that its handlers and
    /// plugins hear every event; set another delegate only for a host driven without a
    /// `UniversalDataSource`.
    var delegate: (any ListHostDelegate)? { get set }

    /// Registers how to make a new cell for a reuse identifier.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a new cell when the reuse pool is empty.
    func registerCell(reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject)

    /// Registers how to make a new supplementary view of a kind for a reuse identifier.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a new view when the reuse pool is empty.
    func registerSupplementaryView(
        ofKind kind: SupplementaryKind, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject)

    /// Registers a cell class for a reuse identifier, for hosts that make views from a class, as UIKit
    /// does (`register(_:forCellWithReuseIdentifier:)`); the data source calls this one. A default calls
    /// ``registerCell(reuseIdentifier:factory:)``.
    ///
    /// - Parameters:
    ///   - cellClass: The class of the cells the factory makes.
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a new cell of `cellClass`.
    func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject)

    /// Registers a supplementary view class of a kind for a reuse identifier, for hosts that make views
    /// from a class; the data source calls this one. A default calls
    /// ``registerSupplementaryView(ofKind:reuseIdentifier:factory:)``.
    ///
    /// - Parameters:
    ///   - viewClass: The class of the views the factory makes.
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a new view of `viewClass`.
    func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject)

    /// A cell for an index path: a recycled one if the pool has one, a new one otherwise. While the
    /// host reconfigures an item in place, this returns the cell already showing it.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: A registered reuse identifier.
    ///   - indexPath: Where the cell will show.
    /// - Precondition: `reuseIdentifier` was registered.
    func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath) -> AnyObject

    /// A supplementary view of a kind for an index path, recycled when possible.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: A registered reuse identifier.
    ///   - indexPath: Where the view will show.
    /// - Precondition: `reuseIdentifier` was registered for `kind`.
    func dequeueReusableSupplementaryView(
        ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath
    ) -> AnyObject

    /// Performs one batch of updates.
    ///
    /// The host records its state, calls `updateData` (where the data source switches to the state
    /// after the batch), checks the batch against the counts before and after with the rules UIKit
    /// enforces, and then moves, inserts, deletes, reloads and reconfigures its rows. On a violation
    /// it throws and keeps its previous state; the caller restores its data.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError)

    /// Drops every row and asks the data source for everything again.
    func reloadData()

    /// Configures the visible cells at these index paths again, in place (no new cell is dequeued).
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones not visible are ignored.
    func reconfigureItems(at indexPaths: [ListIndexPath])

    /// Configures the supplementary views of these sections again, in place (headers, footers, and the
    /// item-scoped and decoration views shown with their items): the data source's section identifier
    /// changed content, not identity. A default reloads the data (``reloadData()``).
    ///
    /// - Parameter sections: Section indices in the current state; ones outside the list are ignored.
    /// - Complexity: Host-defined; for ``reloadData()``, a reload's cost.
    func reconfigureSupplementaryViews(inSections sections: [Int])

    /// The index paths of the items visible now, in order.
    var indexPathsForVisibleItems: [ListIndexPath] { get }

    /// Deselects an item if it is selected, telling the delegate ``ListHostEvent/didDeselect(_:at:)``
    /// (a default does nothing, for hosts without selection).
    ///
    /// - Parameter indexPath: An item in the current state.
    func deselectItem(at indexPath: ListIndexPath)

    /// Lays out again items whose size changed, once: the visible ones are measured again (their size
    /// asked for again) without being configured, the others' sizes are forgotten (a default
    /// reconfigures them with ``reconfigureItems(at:)``).
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside the list are ignored.
    func invalidateItemSizes(at indexPaths: [ListIndexPath])

    /// The container cell that shows ``StaticView`` items on this host, or `nil` (the default) when
    /// the host cannot show them. The data source registers it for static views on its own.
    var staticViewContainerType: (any StaticViewContainer.Type)? { get }
}

extension ListHost {
    /// Registers the factory alone (``registerCell(reuseIdentifier:factory:)``): the default, for hosts
    /// that make cells with the factory.
    ///
    /// - Parameters:
    ///   - cellClass: The class of the cells the factory makes.
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a new cell.
    public func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        registerCell(reuseIdentifier: reuseIdentifier, factory: factory)
    }

    /// Registers the factory alone (``registerSupplementaryView(ofKind:reuseIdentifier:factory:)``): the
    /// default, for hosts that make views with the factory.
    ///
    /// - Parameters:
    ///   - viewClass: The class of the views the factory makes.
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a new view.
    public func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        registerSupplementaryView(ofKind: kind, reuseIdentifier: reuseIdentifier, factory: factory)
    }

    /// Reloads the data (``reloadData()``): the default, correct for any host, for hosts that cannot
    /// configure a supplementary view again in place.
    ///
    /// - Parameter sections: Section indices in the current state.
    public func reconfigureSupplementaryViews(inSections sections: [Int]) {
        reloadData()
    }

    /// Does nothing: the host has no selection.
    public func deselectItem(at indexPath: ListIndexPath) {}
}
