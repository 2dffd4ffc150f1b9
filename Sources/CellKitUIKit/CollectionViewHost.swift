#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

/// A `ListHost` that drives a `UICollectionView`: a data source (`UniversalDataSource`) shows its
/// snapshots in it with UIKit's batch updates, reuse and events.
///
/// The host becomes the collection view's `dataSource`, `delegate`, `prefetchDataSource`, and (not on
/// tvOS) `dragDelegate` and `dropDelegate` (through an object of its own; do not replace them). It works
/// with any layout:
///
/// - A `UICollectionViewFlowLayout`: items are full-width rows, sized by the data source's item sizes
///   (`ItemSizing`) or the layout's `itemSize`; headers and footers as tall as their views measure.
/// - A compositional layout whose sections the host builds (``makeCompositionalLayout(itemHeight:)``, or
///   ``layoutSection(at:environment:itemHeight:)`` in a section provider of yours): rows sized by the data
///   source's item sizes, self-sizing (estimated) or of one height for the items without one; headers and
///   footers as boundary supplementary items.
/// - A list layout (``makeListLayout(_:)``, ``listSection(at:environment:configuration:)``, iOS 14): its
///   swipe action providers give the data source's swipe actions and its header and footer modes follow
///   the data source's registrations; its cells size themselves (``CellKit/UniversalDataSource/registerListCell(itemType:accessories:configure:)``
///   registers list cells in one line).
/// - Any other layout of yours (a compositional layout of your own): it sizes the items itself; the data
///   source's item sizes do not reach it. Headers and footers are UIKit's header and footer kinds.
///
/// A ``/CellKit/StaticView`` without an `ItemSizing` sizes itself, as a self-sizing cell does:
/// `systemLayoutSizeFitting` of its container cell, which answers with the view's size.
///
/// ```swift
/// let layout = UICollectionViewFlowLayout()
/// let collectionView = UICollectionView(frame: bounds, collectionViewLayout: layout)
/// let host = CollectionViewHost(collectionView: collectionView)
/// let dataSource = UniversalDataSource<Section>(host: host)
/// dataSource.registerCellType(PhotoCell.self)   // final class PhotoCell: UICollectionViewCell, ConfigurableView, ReusableView
/// try dataSource.apply(snapshot)
/// ```
///
/// # Batch updates
/// ``performBatchUpdates(_:updateData:)`` checks a batch with the rules UIKit enforces *before* UIKit
/// sees it, and throws (the data source restores its snapshot) instead of letting UIKit raise
/// `NSInternalInconsistencyException`. The counts the collection view reads are the host's own: they
/// switch to the new state inside `performBatchUpdates`' update closure, never before it, so the
/// collection view cannot read the new counts as the state before the batch (the crash of calling
/// `updateData()` first). Reconfigured items are reconfigured right after the batch, at their new
/// index paths: with `reconfigureItems(at:)` on iOS and tvOS 15 and later (the cell stays), with
/// `reloadItems(at:)` before (a new cell is dequeued, and the delegate hears the item end display and
/// display again).
///
/// # Events
/// The delegate hears what UIKit tells the collection view's delegate, each event naming the item
/// (or section) it was about when it happened: a cell that ends display names the item it was
/// configured with, even when UIKit reports it after the batch that deleted it. Displays, selection,
/// highlight, prefetching, scrolling and dragging come from UIKit; a pull to refresh from
/// ``requestRefresh()``; interactive moves from UIKit's interactive movement; moves of several items
/// dragged together from UIKit's drag and drop (not on tvOS; set `dragInteractionEnabled` on iPhone): the
/// items the data source lets move can be dragged, and a drop lands the items picked up (found by identity
/// wherever an edit of the list during the drag put them; one deleted meanwhile is left out) in drag order,
/// the first at the drop's destination index path, as `TextListView.drop(_:at:)` does, in one checked
/// batch; a place the drop would be refused at is proposed `.forbidden` while the finger moves, only drags
/// the host began are handled (`canHandle`), and they stay in the app; swipe actions from a list layout's
/// swipe providers (wired by ``makeListLayout(_:)``, or ``swipeActionsConfiguration(forItemAt:edge:)`` in
/// yours); context menus from `contextMenuConfigurationForItemAt` (iOS 13) and
/// `contextMenuConfigurationForItemsAt` (iOS 16: several selected items), the data source's menu acting on
/// the items pressed by identity (not on tvOS). Events made by the
/// host's own operations are delivered when the operation ends; events UIKit reports on its own (a tap, a
/// scroll) at the end of the main actor's turn, all of that turn's together, in order: a handler that changes
/// the data on UIKit's deselect runs after UIKit's select of the same tap.
///
/// # Performance
/// A batch costs O(b log b + s) for *b* changes and *s* sections, plus O(r) for the items of deleted or
/// reloaded sections when items are prefetched, plus what UIKit does: the flow layout asks for every
/// item's size after each batch and each ``invalidateItemSizes(at:)``, and a compositional layout for
/// every section the host builds (O(n) for its *n* items), which the data source answers from its size
/// cache (a static view without `ItemSizing` is measured each time: one `systemLayoutSizeFitting` call).
/// A list layout asks the host for nothing but its sections' configuration.
@MainActor
public final class CollectionViewHost: ListHost, UIKitListHost {
    /// The collection view shown.
    public let collectionView: UICollectionView

    /// The object that provides counts and views. Held weakly; setting it reloads the collection view.
    @_spi(ListHost) public weak var dataSource: (any ListHostDataSource)? {
        didSet { reloadData() }
    }

    /// The object told about displays, selection, highlight, prefetching, scrolling, dragging, moves and
    /// refresh requests, and asked where a drag comes to rest. Held weakly.
    @_spi(ListHost) public weak var delegate: (any ListHostDelegate)?

    /// Whether items are reconfigured with `reconfigureItems(at:)` (`true` on iOS and tvOS 15 and later)
    /// or reloaded (before). Tests set it to run the fallback.
    @_spi(Testing) public var usesReconfigure: Bool

    /// The object that adopts UIKit's protocols for the host.
    let bridge = CollectionViewBridge()
    /// The counts told, the events owed, the identities on screen, the sizing views.
    let state = UIKitHostState()

    /// The reuse identifier of the empty view shown for a supplementary kind the data source has no view
    /// for (UIKit does not accept `nil`).
    static let emptyViewIdentifier = "CellKitUIKit.EmptySupplementaryView"

    /// Creates a host for a collection view, and makes it the collection view's data source, delegate,
    /// prefetch data source, and drag and drop delegates.
    ///
    /// - Parameter collectionView: The collection view to drive, with any layout: a
    ///   `UICollectionViewFlowLayout`, or one of the host's (``makeCompositionalLayout(itemHeight:)``,
    ///   ``makeListLayout(_:)``) given to it once the host exists, for the data source's sizes and swipe
    ///   actions to apply.
    public init(collectionView: UICollectionView) {
        self.collectionView = collectionView
        if #available(iOS 15.0, tvOS 15.0, *) {
            usesReconfigure = true
        } else {
            usesReconfigure = false
        }
        bridge.host = self
        state.accessibilityFocusObservation = AccessibilityFocusObservation { [weak self] element in
            self?.accessibilityElementFocused(element)
        }
        collectionView.dataSource = bridge
        collectionView.delegate = bridge
        collectionView.prefetchDataSource = bridge
        #if !os(tvOS)
        collectionView.dragDelegate = bridge
        collectionView.dropDelegate = bridge
        #endif
        for kind in [SupplementaryKind.header, .footer] {
            collectionView.register(
                EmptySupplementaryView.self, forSupplementaryViewOfKind: Self.elementKind(kind),
                withReuseIdentifier: Self.emptyViewIdentifier)
        }
    }

    // MARK: Registration and views

    /// `"UICollectionViewCell"` for a class that is not a `UICollectionViewCell` subclass: the cells a
    /// collection view shows.
    ///
    /// - Parameter cellClass: A cell class about to be registered.
    @_spi(ListHost) public func requiredCellBaseClass(refusing cellClass: AnyObject.Type) -> String? {
        cellClass is UICollectionViewCell.Type ? nil : "UICollectionViewCell"
    }

    /// Registers a cell class with the collection view (`register(_:forCellWithReuseIdentifier:)`);
    /// the factory makes the sizing cells the host measures items with.
    ///
    /// - Parameters:
    ///   - cellClass: A `UICollectionViewCell` subclass.
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a cell of `cellClass`.
    public func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        collectionView.register(cellClass, forCellWithReuseIdentifier: reuseIdentifier)
        state.register(factory, kind: nil, reuseIdentifier: reuseIdentifier)
    }

    /// Registers a supplementary view class of a kind with the collection view
    /// (`register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`; ``/CellKit/SupplementaryKind/header``
    /// and ``/CellKit/SupplementaryKind/footer`` are UIKit's section header and footer kinds).
    ///
    /// - Parameters:
    ///   - viewClass: A `UICollectionReusableView` subclass.
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a view of `viewClass`.
    public func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        let elementKind = Self.elementKind(kind)
        collectionView.register(
            viewClass, forSupplementaryViewOfKind: elementKind, withReuseIdentifier: reuseIdentifier)
        collectionView.register(
            EmptySupplementaryView.self, forSupplementaryViewOfKind: elementKind,
            withReuseIdentifier: Self.emptyViewIdentifier)
        state.register(factory, kind: kind, reuseIdentifier: reuseIdentifier)
    }

    func dequeueCellInListView(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath) -> AnyObject {
        collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
    }

    func dequeueSupplementaryViewInListView(
        ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
    ) -> AnyObject {
        collectionView.dequeueReusableSupplementaryView(
            ofKind: Self.elementKind(kind), withReuseIdentifier: reuseIdentifier, for: indexPath)
    }

    /// UIKit's element kind for a supplementary kind: the section header and footer kinds for
    /// ``/CellKit/SupplementaryKind/header`` and ``/CellKit/SupplementaryKind/footer``, the raw value
    /// otherwise.
    static func elementKind(_ kind: SupplementaryKind) -> String {
        switch kind {
        case .header: UICollectionView.elementKindSectionHeader
        case .footer: UICollectionView.elementKindSectionFooter
        default: kind.rawValue
        }
    }

    /// The supplementary kind for one of UIKit's element kinds.
    static func supplementaryKind(_ elementKind: String) -> SupplementaryKind {
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: .header
        case UICollectionView.elementKindSectionFooter: .footer
        default: SupplementaryKind(rawValue: elementKind)
        }
    }

    // MARK: Reading

    /// The index paths of the items visible now, in order (`indexPathsForVisibleItems`, sorted).
    ///
    /// - Complexity: O(v log v) for *v* visible items.
    public var indexPathsForVisibleItems: [ListIndexPath] {
        collectionView.indexPathsForVisibleItems.compactMap(ListIndexPath.init).sorted()
    }

    /// The container cell ``/CellKit/StaticView`` items show in: a `UICollectionViewCell` that adds the
    /// static view (a `UIView`) to its content view, sized to it.
    @_spi(ListHost) public var staticViewContainerType: (any StaticViewContainer.Type)? {
        StaticViewCollectionCell.self
    }

    // MARK: Events

    /// Delivers the events UIKit reported that are still waiting for the end of the main actor's turn
    /// (tests call it where a run loop would end the turn).
    @_spi(Testing) public func deliverPendingEvents() {
        deliverQueuedEvents()
    }

    /// The item-scoped and decoration views shown with a cell, and its item's position, for tests. Where
    /// the layout draws the cards behind the cells (``makeCompositionalLayout(itemHeight:)``), the
    /// decorations are the views its section's backgrounds show.
    @_spi(Testing) public func attachments(of cell: AnyObject) -> (
        supplementaries: [AnyObject], decorations: [AnyObject], position: PositionInSection
    )? {
        let attached = attachedViews(of: cell)
        guard drawsSectionBackgroundsInLayout, let cell = cell as? UICollectionViewCell,
            let indexPath = collectionView.indexPath(for: cell), let path = ListIndexPath(indexPath)
        else { return attached }
        let backgrounds = backgroundViews(inSection: path.section)
        guard attached != nil || !backgrounds.isEmpty else { return nil }
        let count = knownCounts().indices.contains(path.section) ? knownCounts()[path.section] : 0
        return (
            attached?.supplementaries ?? [], backgrounds,
            attached?.position ?? PositionInSection(item: path.item, count: count)
        )
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

/// The view shown for a supplementary kind the data source has no view for: UIKit does not accept `nil`.
final class EmptySupplementaryView: UICollectionReusableView {}
