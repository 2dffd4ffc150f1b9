#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

/// A `ListHost` that drives a `UITableView`: a data source (`UniversalDataSource`) shows its snapshots in
/// it with UIKit's batch updates, reuse and events.
///
/// The host becomes the table view's `dataSource`, `delegate`, `prefetchDataSource`, and (not on tvOS)
/// `dragDelegate` and `dropDelegate` (through an object of its own; do not replace them). Rows are as tall as the data source's item sizes (`ItemSizing`) say,
/// or the table view's `rowHeight` (UIKit's default, `automaticDimension`, lets a cell size itself). A
/// ``/CellKit/StaticView`` without an `ItemSizing` sizes itself, as a self-sizing cell does:
/// `systemLayoutSizeFitting` of its container cell, which answers with the view's size.
///
/// ```swift
/// let tableView = UITableView(frame: bounds, style: .plain)
/// let host = TableViewHost(tableView: tableView)
/// let dataSource = UniversalDataSource<Section>(host: host)
/// dataSource.registerCellType(PhotoCell.self)   // final class PhotoCell: UITableViewCell, ConfigurableView, ReusableView
/// try dataSource.apply(snapshot)
/// ```
///
/// # Batch updates
/// ``performBatchUpdates(_:updateData:)`` checks a batch with the rules UIKit enforces *before* UIKit
/// sees it, and throws (the data source restores its snapshot) instead of letting UIKit raise
/// `NSInternalInconsistencyException`. The counts the table view reads are the host's own: they switch to
/// the new state inside `performBatchUpdates`' update closure, never before it. Reconfigured items are
/// reconfigured right after the batch, at their new index paths: with `reconfigureRows(at:)` on iOS and
/// tvOS 15 and later (the cell stays), with `reloadRows(at:with:)` before (a new cell is dequeued, and the
/// delegate hears the item end display and display again).
///
/// # Headers, footers, separators and cards
/// A table view has section headers and footers: ``/CellKit/SupplementaryKind/header`` and
/// ``/CellKit/SupplementaryKind/footer`` registrations become header-footer views
/// (`register(_:forHeaderFooterViewReuseIdentifier:)`, `UITableViewHeaderFooterView` subclasses), as tall
/// as the configured view measures. Item-scoped views (separators) and decorations (section backgrounds)
/// are shown with each row, in its cell, as ``CollectionViewHost`` shows them: the host makes them
/// (`UIView` subclasses) and keeps their reuse pool itself. Section-wide kinds of your own are not shown:
/// the host never asks the data source for them, and lists them in ``kindsNotShown``, so a screen that
/// relies on one can check.
///
/// # Events
/// The delegate hears what UIKit tells the table view's delegate, each event naming the item (or
/// section) it was about when it happened: a cell that ends display names the item it was configured
/// with, even when UIKit reports it after the batch that deleted it. Displays (cells, headers, footers),
/// selection, highlight, prefetching, scrolling and dragging come from UIKit; a pull to refresh from
/// ``requestRefresh()``; moves from the table's reorder controls in editing mode (vetoed by the data
/// source while the row is dragged); moves of several rows dragged together from UIKit's drag and drop
/// (not on tvOS; set `dragInteractionEnabled` on iPhone): the rows the data source lets move can be
/// dragged, and a drop lands the rows picked up (found by identity wherever an edit of the list during the
/// drag put them; one deleted meanwhile is left out) in drag order, the first at the drop's destination
/// index path, as `TextListView.drop(_:at:)` does, in one checked batch; a place the drop would be refused
/// at is proposed `.forbidden` while the finger moves, only drags the host began are handled (`canHandle`),
/// and they stay in the app; swipe actions from UIKit's leading and trailing swipe delegate calls, and context
/// menus from `contextMenuConfigurationForRowAt` (the data source's menu, acting on the row's item by
/// identity; not on tvOS). Events made by the host's own operations are delivered when the operation ends; events UIKit
/// reports on its own at the end of the main actor's turn, all of that turn's together, in order.
///
/// # Performance
/// A batch costs O(b log b + s) for *b* changes and *s* sections, plus O(r) for the items of deleted or
/// reloaded sections when items are prefetched, plus what UIKit does: the table view asks for the heights
/// of the rows it lays out, which the data source answers from its size cache (a static view without
/// `ItemSizing` is measured each time: one `systemLayoutSizeFitting` call).
@MainActor
public final class TableViewHost: ListHost, UIKitListHost {
    /// The table view shown.
    public let tableView: UITableView

    /// The object that provides counts and views. Held weakly; setting it reloads the table view.
    @_spi(ListHost) public weak var dataSource: (any ListHostDataSource)? {
        didSet { reloadData() }
    }

    /// The object told about displays, selection, highlight, prefetching, scrolling, dragging, moves and
    /// refresh requests, and asked where a drag comes to rest. Held weakly.
    @_spi(ListHost) public weak var delegate: (any ListHostDelegate)?

    /// Whether rows are reconfigured with `reconfigureRows(at:)` (`true` on iOS and tvOS 15 and later) or
    /// reloaded (before). Tests set it to run the fallback.
    @_spi(Testing) public var usesReconfigure: Bool

    /// The section-wide supplementary kinds registered on this host that a table view cannot show, in
    /// registration order: every kind but ``/CellKit/SupplementaryKind/header``,
    /// ``/CellKit/SupplementaryKind/footer`` and the data source's item-scoped and decoration kinds. The
    /// host never asks the data source for their views.
    public var kindsNotShown: [SupplementaryKind] {
        let shown = Set(
            [.header, .footer] + (dataSource.map(itemKinds(of:)) ?? [])
                + (dataSource.map(decorationKinds(of:)) ?? []))
        return registeredKinds.filter { !shown.contains($0) }
    }

    /// The supplementary and decoration kinds registered, in order.
    private var registeredKinds: [SupplementaryKind] = []

    /// The object that adopts UIKit's protocols for the host.
    let bridge = TableViewBridge()
    /// The counts told, the events owed, the identities on screen, the sizing views.
    let state = UIKitHostState()

    /// Creates a host for a table view, and makes it the table view's data source, delegate, prefetch data
    /// source, and drag and drop delegates.
    ///
    /// - Parameter tableView: The table view to drive (the host lays it out for the `.plain` style; a
    ///   grouped table adds its own spacing between sections).
    public init(tableView: UITableView) {
        self.tableView = tableView
        if #available(iOS 15.0, tvOS 15.0, *) {
            usesReconfigure = true
        } else {
            usesReconfigure = false
        }
        bridge.host = self
        state.accessibilityFocusObservation = AccessibilityFocusObservation { [weak self] element in
            self?.accessibilityElementFocused(element)
        }
        tableView.dataSource = bridge
        tableView.delegate = bridge
        tableView.prefetchDataSource = bridge
        #if !os(tvOS)
        tableView.dragDelegate = bridge
        tableView.dropDelegate = bridge
        #endif
    }

    // MARK: Registration and views

    /// `"UITableViewCell"` for a class that is not a `UITableViewCell` subclass: the cells a table view
    /// shows.
    ///
    /// - Parameter cellClass: A cell class about to be registered.
    @_spi(ListHost) public func requiredCellBaseClass(refusing cellClass: AnyObject.Type) -> String? {
        cellClass is UITableViewCell.Type ? nil : "UITableViewCell"
    }

    /// Registers a cell class with the table view (`register(_:forCellReuseIdentifier:)`); the factory
    /// makes the sizing cells the host measures rows with.
    ///
    /// - Parameters:
    ///   - cellClass: A `UITableViewCell` subclass.
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a cell of `cellClass`.
    public func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        tableView.register(cellClass, forCellReuseIdentifier: reuseIdentifier)
        state.register(factory, kind: nil, reuseIdentifier: reuseIdentifier)
    }

    /// Registers a header or footer view class with the table view
    /// (`register(_:forHeaderFooterViewReuseIdentifier:)`); the views of item-scoped and decoration kinds
    /// are made by the host with `factory`, and other kinds are not shown (``kindsNotShown``).
    ///
    /// - Parameters:
    ///   - viewClass: A `UITableViewHeaderFooterView` subclass.
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a view of `viewClass`.
    public func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        if !registeredKinds.contains(kind) { registeredKinds.append(kind) }
        state.register(factory, kind: kind, reuseIdentifier: reuseIdentifier)
        guard kind == .header || kind == .footer else { return }
        tableView.register(viewClass, forHeaderFooterViewReuseIdentifier: reuseIdentifier)
    }

    func dequeueCellInListView(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath) -> AnyObject {
        tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath)
    }

    /// A header or footer view from the table view (`dequeueReusableHeaderFooterView(withIdentifier:)`).
    ///
    /// - Precondition: `kind` is a header or footer, and a `UITableViewHeaderFooterView` subclass is
    ///   registered for `reuseIdentifier` (the bridge asks for nothing else).
    func dequeueSupplementaryViewInListView(
        ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
    ) -> AnyObject {
        guard kind == .header || kind == .footer else {
            preconditionFailure(
                "\(Self.self) shows only section headers and footers; a \(kind) view (\"\(reuseIdentifier)\") was asked for at \(indexPath)"
            )
        }
        guard let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: reuseIdentifier) else {
            preconditionFailure(
                "\(Self.self) got no header or footer view for reuse identifier \"\(reuseIdentifier)\": register a UITableViewHeaderFooterView subclass"
            )
        }
        return view
    }

    // MARK: Reading

    /// The index paths of the rows visible now, in order (`indexPathsForVisibleRows`, sorted).
    ///
    /// - Complexity: O(v log v) for *v* visible rows.
    public var indexPathsForVisibleItems: [ListIndexPath] {
        (tableView.indexPathsForVisibleRows ?? []).compactMap(ListIndexPath.init).sorted()
    }

    /// The container cell ``/CellKit/StaticView`` items show in: a `UITableViewCell` that adds the static
    /// view (a `UIView`) to its content view, sized to it.
    @_spi(ListHost) public var staticViewContainerType: (any StaticViewContainer.Type)? { StaticViewTableCell.self }

    // MARK: Events

    /// Delivers the events UIKit reported that are still waiting for the end of the main actor's turn
    /// (tests call it where a run loop would end the turn).
    @_spi(Testing) public func deliverPendingEvents() {
        deliverQueuedEvents()
    }

    /// The item-scoped and decoration views shown with a cell, and its item's position, for tests.
    @_spi(Testing) public func attachments(of cell: AnyObject) -> (
        supplementaries: [AnyObject], decorations: [AnyObject], position: PositionInSection
    )? {
        attachedViews(of: cell)
    }

    /// How many item-scoped and decoration views the host made (it keeps their reuse pool), for tests.
    @_spi(Testing) public var attachmentViewsCreated: Int { state.attachmentViewsCreated }

    /// Whether a view is one the host measures with (configured off screen, never shown), for tests.
    ///
    /// - Parameter view: A view the data source configured.
    @_spi(Testing) public func isSizingView(_ view: AnyObject) -> Bool { isSizingViewInHost(view) }

    /// Tells the delegate that the user asked for new content, as a `UIRefreshControl`'s action would:
    /// ``/CellKit/ListHostEvent/didRequestRefresh``. Call it from your refresh control's `.valueChanged`
    /// action.
    public func requestRefresh() {
        transaction { state.events.append(.didRequestRefresh) }
    }
}
