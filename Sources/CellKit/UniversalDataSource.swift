import DiffableStore

/// The data source for lists of mixed item types: it selects each item's cell by the item's type.
///
/// Register a view for each type of item once; then describe the list as a ``/DiffableStore/Snapshot`` of
/// `AnyHashable` items and apply it. The data source checks that every item has a registration
/// before anything is shown, diffs the snapshot against the one on screen and drives the host's
/// batch updates; an `Identifiable` item whose content changed is reconfigured in place.
///
/// ```swift
/// let dataSource = UniversalDataSource<Section>(host: listView)
/// dataSource.registerCellType(TileCell.self)                      // keyed by TileViewModel
/// dataSource.registerCell(itemType: Alert.self, cellType: AlertCell.self) { cell, context, alert in
///     cell.configure(with: alert, roundedTop: context.position.isFirst)
/// }
/// var snapshot = Snapshot<Section, AnyHashable>()
/// try snapshot.appendSections([.main])
/// try snapshot.appendItems([TileViewModel(title: "Inbox"), Alert(text: "Offline")])
/// try dataSource.apply(snapshot)
/// ```
///
/// # Selecting a registration
/// The dynamic type of an item's value selects its cell: the `AnyHashable`'s `base`, or what the
/// `itemRepresentation` closure given to ``init(host:itemRepresentation:)`` returns. A type with its
/// own registration uses it. Otherwise the registrations are tried in the order they were made, and
/// the first whose type the value casts to serves it: register for a protocol
/// (`(any MessageViewModel).self`) or a superclass to serve every conforming type or subclass, or for
/// `AnyHashable.self` as a catch-all. The answer is cached per dynamic type, so each type is resolved
/// once; registering anything empties the cache. A cell factory (``registerCells(for:_:choose:)``)
/// then chooses among its cells by the item's value, every time.
///
/// # Cell context
/// A configuration closure receives a ``CellContext``. Its ``CellContext/position`` is kept current:
/// after every apply, each visible cell whose position in its section changed (it became, or stopped
/// being, the first or last row) is configured again in place, if its registration receives a
/// context. Its ``CellContext/indexPath`` is the index path at configuration time, as UIKit's cell
/// registration handlers get it: rows above an insert are not configured again, so do not show it or
/// keep it; ask ``indexPath(for:)`` for an item's current index path.
///
/// # Events and re-entrancy
/// The data source is wired to its host in ``init(host:itemRepresentation:)``: it answers the host and
/// hears its events, which reach ``onSelect`` and ``onEvent`` (and the attached plugins). Each event
/// names the item it was about when it happened. Handlers run when the data source is settled,
/// never in the middle of an apply.
///
/// `apply` called from an event handler while the data source is busy is queued: it is validated at
/// once (and throws at once if the snapshot is invalid), then performed after the current apply and
/// the delivery of the events already received, in call order, before the outermost call returns.
///
/// One rule holds for configuration closures: they configure their view and never change the list.
/// `apply` called from one throws ``DataSourceError/applyWhileConfiguringView``, whether the host runs it
/// during an apply's batch or on its own (while it renders or scrolls), so a closure that applies on
/// every configuration cannot loop. To change the list when a row shows, apply from ``onEvent`` on
/// ``ListHostEvent/willDisplay(_:at:)`` (or use a plugin such as `PaginationPlugin`).
///
/// # Performance
/// Answering the host for one cell is one O(1) snapshot lookup, one dictionary probe keyed by the
/// `ObjectIdentifier` of the item's type, the host's dequeue, and the typed configuration closure; no
/// string is built and nothing is allocated. `apply` validates in O(n) expected (one probe per run of
/// items of the same type) and diffs in the time ``/DiffableStore/Changeset/init(from:to:)`` states. *n* is
/// the number of items.
@MainActor
public final class UniversalDataSource<SectionIdentifier: Hashable> {
    /// The list view the data source drives. The data source keeps it alive; the host holds the data
    /// source weakly. (An app keeps its own reference to the host it passed in.)
    @_spi(ListHost) public let host: any ListHost

    // The data source is a façade: its state is these parts, each in a folder of its own with the
    // invariants it keeps, plus the public handlers below (stored in `handlers`, `reordering` and
    // `outlineStore`).

    /// Registration and type resolution: the registrations, the per-type cache, the item
    /// representation, the features item types need and the diagnostics (Registration/).
    let registry: ViewRegistry
    /// The snapshot on screen and the per-cell table of its items (Apply/).
    let store = SnapshotStore<SectionIdentifier>()
    /// The only writer of the snapshot on screen: the applies and host events being worked through, and
    /// the one phase the data source is in (Apply/).
    private(set) lazy var transaction = ApplyTransaction(self)
    /// The app's handlers of events, errors and diagnostics (Apply/).
    var handlers = EventHandlers()
    /// The rows the user reorders (Host/).
    let reordering = ReorderState<SectionIdentifier>()
    /// The outline sections (Outline/).
    let outlineStore = OutlineStore<SectionIdentifier>()
    /// The attached plugins and what they share (Plugins/).
    let pluginCoordinator = PluginCoordinator()
    /// The size cache and the size invalidations not yet sent to the host (Sizing/).
    let sizing = SizingState()
    /// The slices (held weakly), where they are, and whether the host shows the data source yet (Slices/).
    let sliceTable = SliceTable<SectionIdentifier>()
    /// Each carousel section's sideways offset, by section identifier (Carousels/).
    let carousels = CarouselOffsets<SectionIdentifier>()
    /// What the host talks to: the host's data source and delegate, answering for this data source (Host/).
    private(set) lazy var adapter = HostAdapter(self)

    /// The snapshot the host shows (during a batch: the state after it); kept by `store`.
    var current: Snapshot<SectionIdentifier, AnyHashable> {
        store.current
    }

    /// The kinds of header, footer and decoration each section goes without, by its identifier (`nil`: none);
    /// set through `omittedKinds` of `CellKitPlugins`.
    @_spi(ListHost) public var sectionOmittedKinds:
        (@MainActor (_ section: SectionIdentifier) -> Set<SupplementaryKind>)?

    /// How each section lays out its items, by its identifier (`nil`, the default: every section is a
    /// ``SectionLayout/list``): a grid, pinned headers.
    ///
    /// ```swift
    /// dataSource.sectionLayouts = { section in section == .photos ? .grid(columns: 3) : .list }
    /// ```
    ///
    /// A host asks whenever it lays a section out, so answer from the identifier alone (for a layout per
    /// section kind, from the identifier's case): a section whose layout changes is one whose identifier
    /// changed, and the apply that shows it lays it out again. Set it before the first apply.
    ///
    /// - Complexity: The closure runs once per section a host lays out.
    public var sectionLayouts: (@MainActor (_ section: SectionIdentifier) -> SectionLayout)?

    /// Called with the selected item and the index path it was selected at when the host reports a
    /// selection.
    ///
    /// The item is the one the user selected, even when an apply ran between the selection and this
    /// call. An `apply` from here is queued and performed once the events delivered with this one
    /// have been handled (see the type's discussion, "Events and re-entrancy").
    public var onSelect: (@MainActor (_ item: AnyHashable, _ indexPath: ListIndexPath) -> Void)? {
        get { handlers.onSelect }
        set { handlers.onSelect = newValue }
    }

    /// Called with every event the host reports (after ``onSelect`` for a selection). An `apply` from
    /// here is queued like one from ``onSelect``.
    public var onEvent: (@MainActor (_ event: ListHostEvent) -> Void)? {
        get { handlers.onEvent }
        set { handlers.onEvent = newValue }
    }

    /// Called with the error of a queued apply that no caller is left to throw to: one an event
    /// handler made while the host delivered events outside any `apply` call, which the host then
    /// rejected (the data source restored the previous snapshot). An invalid snapshot is not reported
    /// here: it throws at the `apply` call that made it.
    public var onApplyError: (@MainActor (_ error: DataSourceError) -> Void)? {
        get { handlers.onApplyError }
        set { handlers.onApplyError = newValue }
    }

    /// Called with each diagnostic as it is recorded in ``diagnostics``.
    ///
    /// Without a handler, a debug build prints each distinct diagnostic to standard error once, as UIKit
    /// prints its layout warnings (a release build prints nothing); a handler takes them over. Set one to
    /// stop the printing, or to make a misconfiguration stop the program, the programmer's opt-in (in
    /// tests, or while building a screen):
    ///
    /// ```swift
    /// dataSource.onDiagnostic = { _ in }                    // recorded in `diagnostics` only
    /// dataSource.onDiagnostic = { fatalError("\($0)") }     // stop at the first misconfiguration
    /// ```
    public var onDiagnostic: (@MainActor (_ diagnostic: RegistrationError) -> Void)? {
        get { registry.onDiagnostic }
        set { registry.onDiagnostic = newValue }
    }

    /// Receives the lines a debug build prints for the diagnostics ``onDiagnostic`` does not handle, in place of standard error; `nil` (the
    /// default) writes to standard error. For tests.
    @_spi(Testing) public var _diagnosticsOutput: (@MainActor (_ line: String) -> Void)? {
        get { registry.diagnosticOutput.sink }
        set { registry.diagnosticOutput.sink = newValue }
    }

    /// What lets users reorder rows (see ``ReorderingHandlers``); reordering is off by default.
    public var reorderingHandlers: ReorderingHandlers<SectionIdentifier> {
        get { reordering.handlers }
        set { reordering.handlers = newValue }
    }

    /// What lets items travel between this list and others by drag and drop (see ``TransferHandlers``);
    /// off by default.
    public var transferHandlers: TransferHandlers {
        get { reordering.transferHandlers }
        set { reordering.transferHandlers = newValue }
    }

    /// What expanding and collapsing items of outline sections may do (see ``SectionSnapshotHandlers``).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers {
        get { outlineStore.handlers }
        set { outlineStore.handlers = newValue }
    }

    /// Creates a data source and wires it to its host: it answers the host's questions and hears its
    /// events.
    ///
    /// A host has one data source: a second one made for the same host takes it over, and the first one's
    /// applies throw ``DataSourceError/hostTakenOver(host:)`` from then on.
    ///
    /// - Parameters:
    ///   - host: The list view to drive; its `ListHost/dataSource` and `ListHost/delegate` are set
    ///     to an object the new data source owns, which answers for it (a host holds both weakly).
    ///   - itemRepresentation: Maps an item to the value whose dynamic type selects its registration
    ///     and which the configuration closure receives, for example an enum case's payload. `nil`
    ///     (the default) uses the `AnyHashable`'s `base`. It must not change the type it returns for
    ///     an item whose identity stays the same.
    public init(host: some ListHost, itemRepresentation: (@MainActor (AnyHashable) -> Any)? = nil) {
        self.host = host
        self.registry = ViewRegistry(itemRepresentation: itemRepresentation)
        if let previous = host.dataSource as? any DataSourceAdapter {
            // The data source the host had stops driving it: its next apply says why.
            previous.hostTakenOver = String(reflecting: type(of: host))
        }
        host.dataSource = adapter
        host.delegate = adapter
        registry.registerStaticViewContainer(on: host)
    }
}

// MARK: - Lookups

extension UniversalDataSource {
    /// The snapshot the host shows.
    ///
    /// The copy shares the current snapshot's storage, kept in runs of at most 512 items, so that editing
    /// it by identifier and applying it costs what the edits changed (see "Edits by identifier" in
    /// ``/DiffableStore/Snapshot``).
    ///
    /// - Returns: A copy of the current snapshot, without reload or reconfigure marks.
    /// - Complexity: O(1) (storage is shared until one of them is mutated); O(n) at memory-copy speed the
    ///   first time after an apply showed a snapshot of *n* ≥ 4,096 items built anew (its items are put
    ///   into runs, nothing hashed), O(1) again after an apply of an edited copy.
    public func snapshot() -> Snapshot<SectionIdentifier, AnyHashable> {
        store.keepInRuns()
        return current
    }

    /// The item at an index path.
    ///
    /// - Parameter indexPath: A section and item index.
    /// - Returns: The item, or `nil` when the index path is outside the current snapshot.
    /// - Complexity: O(1).
    public func item(at indexPath: ListIndexPath) -> AnyHashable? {
        current.itemIdentifier(at: indexPath)
    }

    /// The index path of an item.
    ///
    /// - Parameter item: An item; any `Hashable` value converts to `AnyHashable`.
    /// - Returns: Its index path, or `nil` when it is not in the current snapshot.
    /// - Complexity: Expected O(1) to find the item (one hash), plus O(log s) to find its section, *s*
    ///   the number of sections.
    public func indexPath(for item: AnyHashable) -> ListIndexPath? {
        current.indexPath(of: item)
    }

    /// The section identifier at a position.
    ///
    /// - Parameter index: A section index.
    /// - Returns: The section, or `nil` when `index` is out of range.
    /// - Complexity: O(1).
    public func sectionIdentifier(at index: Int) -> SectionIdentifier? {
        current.sectionIdentifier(at: index)
    }
}
