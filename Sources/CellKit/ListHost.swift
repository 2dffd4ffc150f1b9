import DiffableStore

/// What a list view answers to: the data source's side of the conversation.
///
/// A host asks its data source for counts, for how to find or make each view (``reuse(for:in:)``) and
/// to configure the view it picked (``configure(_:for:in:)``), as `UICollectionView` asks its
/// `UICollectionViewDataSource`. ``UniversalDataSource`` answers through an object of its own, which it
/// makes the host's data source in its `init`.
@MainActor
@_spi(ListHost)
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

    /// How the host finds or makes the view for an element (its reuse identifier and class), or `nil`
    /// when the data source has no view for it (a supplementary or decoration kind with no
    /// registration; the host shows nothing there).
    ///
    /// The host then picks the view itself: one from its reuse pool for that identifier, the view
    /// already showing the element (configured again in place), a view it measures with, or one off
    /// screen; and hands it to ``configure(_:for:in:)``.
    ///
    /// - Parameters:
    ///   - element: The element, in the current state; a cell's index path must be in range.
    ///   - host: The host asking.
    /// - Returns: A reuse identifier registered with `host`, and its class.
    /// - Complexity: O(1) for ``UniversalDataSource``: the item's registration is found by its type.
    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse?

    /// Configures a view the host found or made for an element with what the element shows now.
    ///
    /// - Parameters:
    ///   - view: A view for the element's ``reuse(for:in:)``, from the host's pools or made with the
    ///     factory registered for it.
    ///   - element: The element, in the current state.
    ///   - host: The host asking.
    /// - Precondition: `view` is of the class ``reuse(for:in:)`` named for `element` in the same state.
    /// - Complexity: O(1) for ``UniversalDataSource``, plus the registration's configuration closure.
    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost)

    /// Asks an item's registration again for the cell showing it, in place, because the cell's state
    /// (``ListHost/cellState(forItemAt:)``) changed: what UIKit's `configurationUpdateHandler` does.
    ///
    /// A host calls it for a visible cell whose state is no longer the one it was configured with. A
    /// default does nothing and answers `false`, for data sources that do not show the state.
    ///
    /// - Parameters:
    ///   - view: The cell showing the item.
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    /// - Returns: Whether the cell was configured again; ``UniversalDataSource`` answers `false`, doing
    ///   nothing, when the item's registration does not receive a ``CellContext`` (it cannot show the state).
    /// - Complexity: O(1) for ``UniversalDataSource``, plus the registration's configuration closure.
    func updateConfiguration(of view: AnyObject, forItemAt indexPath: ListIndexPath, in host: any ListHost) -> Bool

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

    /// How the section at an index lays out its items (``SectionLayout``); a default answers
    /// ``SectionLayout/list``.
    ///
    /// A host asks whenever it lays the section out, so the answer follows the snapshot on screen.
    ///
    /// - Parameters:
    ///   - section: The section index, in the current state.
    ///   - host: The host asking.
    func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout
}

extension ListHostDataSource {
    /// Full-width rows for every section: the default, for data sources that choose no layouts.
    ///
    /// - Parameters:
    ///   - section: The section index.
    ///   - host: The host asking.
    @_spi(ListHost)
    public func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout { .list }

    /// Does nothing and answers `false`: the default, for data sources that do not show the state.
    ///
    /// - Parameters:
    ///   - view: The cell showing the item.
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    @_spi(ListHost)
    public func updateConfiguration(of view: AnyObject, forItemAt indexPath: ListIndexPath, in host: any ListHost)
        -> Bool
    { false }
}

/// What a host that lets the user reorder rows asks its data source: adopted by data sources that
/// support moving rows (``UniversalDataSource`` answers it, from its ``ReorderingHandlers``).
///
/// A host asks only a data source that adopts it; with any other, rows cannot be picked up.
@MainActor
@_spi(ListHost)
public protocol ListHostReordering: ListHostDataSource {
    /// Whether the user may pick up an item's row to move it.
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    func canMoveItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool

    /// Where a row being moved may go, asked during the move: the proposal, another index path, or `nil`
    /// to veto it (the row stays where it was last allowed).
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - proposed: Where the finger proposes to drop it (coordinates after the move).
    ///   - host: The host asking.
    func targetIndexPath(forMoveFrom source: ListIndexPath, to proposed: ListIndexPath, in host: any ListHost)
        -> ListIndexPath?

    /// The user dropped a moved row: update the data in the same turn. Called by the host
    /// inside the move's batch, in place of the batch's `updateData`.
    ///
    /// - Parameters:
    ///   - source: Where the row was picked up.
    ///   - destination: Where it was dropped (coordinates after the move).
    ///   - host: The host asking.
    func moveItem(from source: ListIndexPath, to destination: ListIndexPath, in host: any ListHost)

    /// The user dropped several rows, dragged together, at one place: update the data in the same
    /// turn, inside the drop's batch.
    ///
    /// - Parameters:
    ///   - sources: Where the rows were picked up, in the order they were dragged.
    ///   - destination: Where the first of them lands; the others follow it in order (coordinates after
    ///     the drop).
    ///   - host: The host asking.
    func moveItems(from sources: [ListIndexPath], to destination: ListIndexPath, in host: any ListHost)
}

/// What a host that lets items travel between lists by drag and drop asks its data source: adopted by
/// data sources that take part (``UniversalDataSource`` answers it, from its ``TransferHandlers``).
///
/// The host of the list a drag leaves asks ``canDragItemOut(at:in:)``; the host of the list it comes
/// over asks its own data source ``dropOperation(for:from:at:in:)`` as it moves and
/// ``performDrop(of:from:at:in:)`` on the drop, naming the other host; the data sources do the rest
/// between them. A host asks only a data source that adopts it.
@MainActor
@_spi(ListHost)
public protocol ListHostTransfers: ListHostDataSource {
    /// Whether the user may drag an item out of this list onto another.
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current state.
    ///   - host: The host asking.
    func canDragItemOut(at indexPath: ListIndexPath, in host: any ListHost) -> Bool

    /// Whether this list takes drops from other lists at all (UIKit's `canHandle`, asked once when a drag
    /// comes over it): when it does not, the host asks nothing more about the drag.
    ///
    /// - Parameter host: The host asking (the one the drag is over).
    func acceptsDropsFromOtherLists(in host: any ListHost) -> Bool

    /// What a drop of items dragged out of another host's list would do here now: `nil` when it is
    /// refused (by either side, or because none of the items is in that list any more).
    ///
    /// - Parameters:
    ///   - items: The items the user picked up, as they were then; they are found by identity.
    ///   - source: The host the items were dragged out of.
    ///   - destination: Where the first would land here (an item index up to the section's count).
    ///   - host: The host asking (the receiving one).
    func dropOperation(
        for items: [AnyHashable], from source: any ListHost, at destination: ListIndexPath, in host: any ListHost
    ) -> ListDropOperation?

    /// Drops items dragged out of another host's list here: both data sources apply their new
    /// snapshots, animated.
    ///
    /// - Parameters:
    ///   - items: The items the user picked up, as they were then; they are found by identity.
    ///   - source: The host the items were dragged out of.
    ///   - destination: Where the first lands here (an item index up to the section's count).
    ///   - host: The host asking (the receiving one).
    /// - Returns: Whether the drop happened; `false` changes neither list.
    func performDrop(
        of items: [AnyHashable], from source: any ListHost, at destination: ListIndexPath, in host: any ListHost
    ) -> Bool
}

/// What a host that shows swipe actions asks its data source: adopted by data sources that have swipe
/// actions (``UniversalDataSource`` answers it, from its plugins).
///
/// A host asks only a data source that adopts it; with any other, a swipe reveals nothing.
@MainActor
@_spi(ListHost)
public protocol ListHostSwipeActions: ListHostDataSource {
    /// The actions a swipe on an edge of a row reveals, or `nil` for none.
    ///
    /// - Parameters:
    ///   - indexPath: The swiped row's item, in the current state.
    ///   - edge: The edge swiped.
    ///   - host: The host asking.
    func swipeActions(at indexPath: ListIndexPath, edge: SwipeEdge, in host: any ListHost) -> SwipeActionsConfiguration?
}

/// What a host that shows context menus asks its data source: adopted by data sources that have context
/// menus (``UniversalDataSource`` answers it, from its plugins).
///
/// A host asks only a data source that adopts it; with any other, a long press opens no menu.
@MainActor
@_spi(ListHost)
public protocol ListHostContextMenus: ListHostDataSource {
    /// The menu a long press on items' rows opens, or `nil` for none. Its actions expect the items at
    /// `indexPaths` now (the host keeps them, by identity, while the menu is open).
    ///
    /// - Parameters:
    ///   - indexPaths: The items' index paths, in the current state: one, or several where the host opens
    ///     a menu for several.
    ///   - host: The host asking.
    func contextMenu(at indexPaths: [ListIndexPath], in host: any ListHost) -> ContextMenu?
}

/// What a host that draws views with items asks its data source: item-scoped supplementary views (a
/// separator, a badge) and section decorations (a card drawn around a section's items). Adopted by data
/// sources that have them (``UniversalDataSource`` answers it, from its registrations).
///
/// A host asks only a data source that adopts it; with any other, items show their cells alone.
@MainActor
@_spi(ListHost)
public protocol ListHostItemViews: ListHostDataSource {
    /// The item-scoped supplementary kinds (a separator, a badge): the host shows one view of each per
    /// item, the `ListElement/supplementary(_:_:)` element at the item's index path.
    ///
    /// - Parameter host: The host asking.
    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind]

    /// The decoration kinds (a section background): the host shows one view of each per section that
    /// has items, the `ListElement/decoration(_:section:)` element, and draws it around the section's
    /// items.
    ///
    /// - Parameter host: The host asking.
    func decorationKinds(in host: any ListHost) -> [SupplementaryKind]
}

/// A list view the data source drives: it registers reusable views, picks the view for each element
/// itself (and has the data source configure it), performs batch updates, reloads, reconfigures cells
/// in place and tells what is visible.
///
/// CellKit ships three hosts: `TextListView` in `CellKitText`, which renders to text, and
/// `CollectionViewHost` and `TableViewHost` in `CellKitUIKit`, which drive a `UICollectionView` and a
/// `UITableView`. Hand one to ``UniversalDataSource/init(host:itemRepresentation:)``, which wires itself
/// to it; an app talks to the data source, not to the host through this protocol.
///
/// What a host implements and the data source calls (its data source and delegate, batch updates,
/// reloads, reconfigures, registration of view classes, and the protocols the data source answers it
/// with: `ListHostDataSource`, `ListHostDelegate`, `ListElement`, `ViewReuse` and the opt-in
/// `ListHostReordering`, `ListHostSwipeActions`, `ListHostContextMenus`, `ListHostItemViews`) is the host contract, SPI:
/// `@_spi(ListHost) import CellKit` to write a host of your own. An app does not call it (a batch or a
/// reload made behind the data source's back would leave it out of step with what is shown), and it
/// may change between minor versions.
@MainActor
public protocol ListHost: AnyObject {
    /// The object that provides counts and views. Hosts hold it weakly.
    ///
    /// ``UniversalDataSource`` sets it in its `init` (to an object of its own that answers for it).
    @_spi(ListHost) var dataSource: (any ListHostDataSource)? { get set }

    /// The object the host reports its events to (see `ListHostDelegate`). Hosts hold it weakly.
    ///
    /// ``UniversalDataSource`` sets it in its `init`, with `dataSource`, so that its handlers and
    /// plugins hear every event; set another delegate only for a host driven without a
    /// `UniversalDataSource`.
    @_spi(ListHost) var delegate: (any ListHostDelegate)? { get set }

    /// Registers a cell class for a reuse identifier: the host makes new cells of it with `factory`
    /// (or from the class, as UIKit does with `register(_:forCellWithReuseIdentifier:)`) when its reuse
    /// pool for the identifier is empty. A later registration for the identifier replaces it.
    ///
    /// - Parameters:
    ///   - cellClass: The class of the cells the factory makes.
    ///   - reuseIdentifier: The identifier cells are pooled under (`ViewReuse/reuseIdentifier`).
    ///   - factory: Makes a new cell of `cellClass`.
    @_spi(ListHost) func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject)

    /// The base class this host's cells must inherit from, named, when `cellClass` does not (a
    /// `UITableViewCell` subclass for a collection view); `nil` when cells of `cellClass` can show here.
    /// The data source refuses a cell registration of a class the host names here, reporting
    /// ``RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)``. A default answers `nil`.
    ///
    /// - Parameter cellClass: A cell class about to be registered.
    @_spi(ListHost) func requiredCellBaseClass(refusing cellClass: AnyObject.Type) -> String?

    /// Registers a supplementary view class of a kind for a reuse identifier (for an item-scoped kind or
    /// a decoration kind too): the host makes new views of it with `factory`, or from the class.
    ///
    /// - Parameters:
    ///   - viewClass: The class of the views the factory makes.
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are pooled under.
    ///   - factory: Makes a new view of `viewClass`.
    @_spi(ListHost) func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject)

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
    @_spi(ListHost) func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError)

    /// Performs one batch of updates, then configures some items again in place, as one operation: the
    /// events both raise are delivered once, when it ends.
    ///
    /// The data source performs each stage of an apply this way: `afterBatch` names the visible items
    /// whose content is the same but whose ``CellContext`` changed with the batch (an item that became,
    /// or stopped being, the first or last of its section).
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    ///   - afterBatch: Called once the batch is done (not when it is rejected), inside the same
    ///     operation; returns index paths in the state after the batch of the items to configure again
    ///     in place, as ``reconfigureItems(at:)`` does.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    @_spi(ListHost) func performBatchUpdates(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError)

    /// Drops every row and asks the data source for everything again.
    @_spi(ListHost) func reloadData()

    /// Configures the visible cells at these index paths again, in place (no new cell is dequeued).
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones not visible are ignored.
    @_spi(ListHost) func reconfigureItems(at indexPaths: [ListIndexPath])

    /// Configures the supplementary views of these sections again, in place (headers, footers, and the
    /// item-scoped and decoration views shown with their items): the data source's section identifier
    /// changed content, not identity. A default reloads the data (``reloadData()``).
    ///
    /// - Parameter sections: Section indices in the current state; ones outside the list are ignored.
    /// - Complexity: Host-defined; for ``reloadData()``, a reload's cost.
    @_spi(ListHost) func reconfigureSupplementaryViews(inSections sections: [Int])

    /// The index paths of the items visible now, in order.
    @_spi(ListHost) var indexPathsForVisibleItems: [ListIndexPath] { get }

    /// The state the host shows an item's cell in: its selection, highlight, focus, editing mode, swipe
    /// (the data source adds ``CellState/isExpanded`` from the outline). The data source asks it each time
    /// it configures a cell, and puts it in the ``CellContext``; when it changes for a visible cell, the
    /// host asks the data source to update that cell
    /// (``ListHostDataSource/updateConfiguration(of:forItemAt:in:)``). A default answers an empty state.
    ///
    /// - Parameter indexPath: An item in the current state.
    /// - Complexity: Host-defined; O(k) for the hosts CellKit ships, for *k* selected items.
    @_spi(ListHost) func cellState(forItemAt indexPath: ListIndexPath) -> CellState

    /// Deselects an item if it is selected, telling the delegate ``ListHostEvent/didDeselect(_:at:)``
    /// (a default does nothing, for hosts without selection).
    ///
    /// - Parameter indexPath: An item in the current state.
    @_spi(ListHost) func deselectItem(at indexPath: ListIndexPath)

    /// Lays out again items whose size changed, once: the visible ones are measured again (their size
    /// asked for again) without being configured, the others' sizes are forgotten (a default
    /// reconfigures them with ``reconfigureItems(at:)``).
    ///
    /// - Parameter indexPaths: Items in the current state; ones outside the list are ignored.
    @_spi(ListHost) func invalidateItemSizes(at indexPaths: [ListIndexPath])

    /// The container cell that shows ``StaticView`` items on this host, or `nil` (the default) when
    /// the host cannot show them. The data source registers it for static views on its own.
    @_spi(ListHost) var staticViewContainerType: (any StaticViewContainer.Type)? { get }

    /// Shows a carousel section at the offset its data source now keeps for it
    /// (``ListHostCarousels/carouselOffset(ofSection:in:)``): the app set or reset it. A default does
    /// nothing, for hosts that lay out no carousel.
    ///
    /// - Parameter section: A section index in the current state.
    @_spi(ListHost) func carouselOffsetDidChange(inSection section: Int)

    /// Shows `content` in place of the list's rows, or shows the rows again for `nil`.
    ///
    /// The default does nothing: a host that cannot show it shows the rows.
    ///
    /// - Parameter content: What to show in place of the rows, or `nil`.
    @_spi(ListHost) func showContentUnavailable(_ content: ContentUnavailable?)
}

extension ListHost {
    /// The batch (``performBatchUpdates(_:updateData:)``), then ``reconfigureItems(at:)``: the default, for
    /// a host that cannot make them one operation (its events are delivered after each).
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    ///   - afterBatch: Called once the batch is done; the items to configure again, in the new state.
    /// - Throws: ``/DiffableStore/BatchUpdateError`` naming the rule and the indices.
    @_spi(ListHost) public func performBatchUpdates(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError) {
        try performBatchUpdates(batch, updateData: updateData)
        let paths = afterBatch()
        if !paths.isEmpty { reconfigureItems(at: paths) }
    }

    /// `nil`: the default, for a host that shows cells of any class its factories make.
    ///
    /// - Parameter cellClass: A cell class about to be registered.
    @_spi(ListHost) public func requiredCellBaseClass(refusing cellClass: AnyObject.Type) -> String? { nil }

    /// Reloads the data (``reloadData()``): the default, correct for any host, for hosts that cannot
    /// configure a supplementary view again in place.
    ///
    /// - Parameter sections: Section indices in the current state.
    @_spi(ListHost) public func reconfigureSupplementaryViews(inSections sections: [Int]) {
        reloadData()
    }

    /// Does nothing: the host has no selection.
    @_spi(ListHost) public func deselectItem(at indexPath: ListIndexPath) {}

    /// An empty state: the host shows no state.
    ///
    /// - Parameter indexPath: An item in the current state.
    @_spi(ListHost) public func cellState(forItemAt indexPath: ListIndexPath) -> CellState { CellState() }

    /// Does nothing: the host shows its rows.
    ///
    /// - Parameter content: Ignored.
    @_spi(ListHost) public func showContentUnavailable(_ content: ContentUnavailable?) {}
}
