#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

/// What ``CollectionViewHost`` and ``TableViewHost`` share: the counts the list view has been told, the
/// events owed to the delegate, the identities of the views on screen, the checked batch, and sizing.
/// Each host supplies the few UIKit calls that differ between a collection view and a table view.
@MainActor
protocol UIKitListHost: ListHost, Sendable {
    /// What the host keeps about what its list view shows.
    var state: UIKitHostState { get }
    /// Brings the list view's layout up to date (`layoutIfNeeded()`).
    func layoutListView()
    /// UIKit's `performBatchUpdates(_:completion:)`: `updates` runs inside its update closure.
    func performListViewBatch(_ updates: @escaping () -> Void)
    /// Issues a batch's section and item deletes, inserts, moves and reloads (inside the update closure).
    func issueToListView(_ batch: BatchUpdate)
    /// Configures the cells at these index paths (of the current state) again: in place from iOS 15, by a
    /// reload before.
    func reconfigureInListView(_ indexPaths: [IndexPath])
    /// UIKit's `reloadData()`.
    func reloadListView()
    /// The selected index paths.
    var selectedIndexPathsInListView: [IndexPath] { get }
    /// Deselects an index path (UIKit tells its delegate nothing).
    func deselectInListView(_ indexPath: IndexPath)
    /// Selects an index path without scrolling (UIKit tells its delegate nothing).
    func selectInListView(_ indexPath: IndexPath)
    /// UIKit's `allowsMultipleSelection`.
    var allowsMultipleSelectionInListView: Bool { get set }
    /// Whether the list view lets its cells take the focus by itself: `allowsFocus` from iOS 15, `true`
    /// before.
    var allowsFocusInListView: Bool { get }
    /// Sets `allowsFocus` on (iOS 15), `selectionFollowsFocus` (iOS 14) and `remembersLastFocusedIndexPath`
    /// off.
    func configureFocusInListView(selectionFollowsFocus: Bool)
    /// Asks the focus engine for an update now (`setNeedsFocusUpdate()`, `updateFocusIfNeeded()`).
    func updateFocusInListView()
    /// The cell on screen at an index path, if any.
    func visibleCellInListView(at indexPath: IndexPath) -> UIView?
    /// Whether the list view's layout draws the sections' cards behind the cells (no cell draws a piece).
    var drawsSectionBackgroundsInLayout: Bool { get }
    /// The list view's width, the length items are measured across.
    var listViewWidth: CGFloat { get }
    /// The header or footer view the list view shows for a section, if any.
    func visibleSupplementaryViewInListView(ofKind kind: SupplementaryKind, inSection section: Int) -> UIView?
    /// The reuse identifier a header or footer view was dequeued with.
    func reuseIdentifierInListView(of view: UIView) -> String?
    /// A cell from the list view's reuse queue for a registered identifier (UIKit's
    /// `dequeueReusableCell`), for UIKit's request for the cell at `indexPath`.
    func dequeueCellInListView(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath) -> AnyObject
    /// A header or footer (or other section-wide view) from the list view's reuse queue, for UIKit's
    /// request for it.
    func dequeueSupplementaryViewInListView(
        ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
    ) -> AnyObject
    /// Makes the list view ask for its sizes again without reloading a view.
    func relayoutListView()
    /// Installs the host's `configurationUpdateHandler` on a cell it shows, unless it has one (iOS 15+).
    func watchConfigurationState(of cell: AnyObject)
    /// Where a cell on screen shows (UIKit's `indexPath(for:)`), if it is on screen.
    func indexPathInListView(of cell: UIView) -> IndexPath?
    /// A cell's `configurationState` (iOS 14+), as a `CellState`; `nil` before iOS 14.
    func configurationStateInListView(of cell: AnyObject) -> CellState?
    /// The list view as a scroll view (its content offset, content size and bounds).
    var listScrollView: UIScrollView { get }
    /// The top of an item's frame in the list view's layout, `nil` when it has none.
    func topOfItemInListView(at indexPath: IndexPath) -> CGFloat?
    /// Inside a batch's update closure (the data source switched, the list view's layout not yet): moves
    /// the content offset to where the anchor will be, for a list view that asks no delegate for it.
    func moveOffsetInsideBatch(for anchor: PendingAnchor)
}

/// The state of a UIKit host, in one object so the shared code can change it while it calls out.
@MainActor
final class UIKitHostState {
    /// A registered view's kind (`nil` for cells) and reuse identifier.
    struct ReuseKey: Hashable {
        var kind: SupplementaryKind?
        var reuseIdentifier: String
    }

    /// The counts the list view has been told; `nil` until it asks (they are read from the data source
    /// then). They change inside `performBatchUpdates`' update closure.
    var counts: [Int]?
    /// Events owed to the delegate, and how deep the host's operations are nested.
    var events = ListHostEventQueue()
    /// Whether a delivery at the end of the main actor's turn is scheduled.
    var isDeliveryScheduled = false
    /// The item each cell on screen was configured with, and the section each header or footer shows.
    var shownItems: [ObjectIdentifier: AnyHashable] = [:]
    var shownSections: [ObjectIdentifier: AnyHashable] = [:]
    /// The cells whose accessibility the host set, with the label it set (cleared before the cell is
    /// described again).
    var describedCells: [ObjectIdentifier: String?] = [:]
    /// The highlighted item, as named when it was highlighted, and where it is now.
    var highlighted: (item: AnyHashable, indexPath: ListIndexPath)?
    /// The focused item, as named when it took the focus, and where it is now; the item focused last,
    /// where it is now; and where the focus should go next (a removed focused item's neighbour).
    var focused: (item: AnyHashable, indexPath: ListIndexPath)?
    var lastFocused: (item: AnyHashable, indexPath: ListIndexPath)?
    /// Where VoiceOver's cursor is: the item as the host named it, where it is now, and its cell.
    typealias AccessibilityCursor = (item: AnyHashable, indexPath: ListIndexPath, cell: ObjectIdentifier)
    /// The item VoiceOver's cursor is on (UIKitListHost+AccessibilityFocus.swift).
    var accessibilityFocused: AccessibilityCursor?
    /// The observation of `UIAccessibility.elementFocusedNotification`, while the host lives.
    var accessibilityFocusObservation: AccessibilityFocusObservation?
    var preferredFocus: ListIndexPath?
    /// Whether a batch is handing the focus of a removed item to its neighbour.
    var isHandingFocusOn = false
    /// The state each cell on screen was configured with, by the cell's identity; and the state to configure
    /// the cell the host is configuring or updating with.
    var configuredStates: [ObjectIdentifier: CellState] = [:]
    var stateUpdate: (indexPath: ListIndexPath, state: CellState)?
    /// The items the list view has selected, as the data source named them when the host last looked
    /// (after a selection, a deselection, a batch or a move), with their index paths: what a reload, which
    /// comes after the data source changed, names in the deselections it reports.
    var selected: [(item: AnyHashable, indexPath: ListIndexPath)] = []
    /// The items prefetched and not shown or cancelled yet.
    var prefetched: Set<AnyHashable> = []
    /// The carousel sections (by index) whose sideways offset the host has checked against the one the
    /// data source keeps since the last batch or reload (CollectionViewHost+Carousels.swift).
    var checkedCarousels: Set<Int> = []
    /// The top line last reported in a `didScroll` event.
    var reportedLine = 0
    /// Where the item being moved would drop, as last allowed by the data source.
    var allowedMoveTarget: ListIndexPath?
    /// Whether a batch keeps the first visible item where it was in the viewport.
    var keepsFirstVisibleItemAnchored = false
    /// The first visible item kept in place while the list view performs a batch or lays out again.
    var pendingAnchor: PendingAnchor?
    /// The factories of the registered views (for sizing views), and the sizing views made with them.
    var factories: [ReuseKey: @MainActor () -> AnyObject] = [:]
    var sizingViews: [ReuseKey: AnyObject] = [:]
    /// Whether the data source has given an item's size (`ItemSizing`): reconfigured items are then laid
    /// out again.
    var hasItemSizes = false
    /// The items a batch reconfigures, in its new coordinates, while it runs: their cells still show the
    /// old content, so they are measured on a sizing cell.
    var awaitingReconfigure: Set<ListIndexPath> = []
    /// The item-scoped and decoration views shown with each cell, by the cell's identity.
    var attached: [ObjectIdentifier: CellAttachments] = [:]
    /// Whether views were attached to a cell: reconfigured items are then laid out again.
    var hasAttachments = false
    /// The attachment views not in use, the key each one was made for, and how many were made.
    var attachmentPool: [ReuseKey: [UIView]] = [:]
    var attachmentKeys: [ObjectIdentifier: ReuseKey] = [:]
    var attachmentViewsCreated = 0
    /// The compositional layout the host made that draws its sections' cards as background decoration
    /// items (CollectionViewHost+SectionBackgrounds.swift), the decoration kinds registered on it, and the
    /// background views it has shown.
    weak var backgroundLayout: UICollectionViewLayout?
    var backgroundKindsRegistered: Set<SupplementaryKind> = []
    var backgrounds: [WeakSectionBackground] = []

    /// Stores the factory of a registered view, forgetting a sizing view made with an earlier one.
    func register(_ factory: @escaping @MainActor () -> AnyObject, kind: SupplementaryKind?, reuseIdentifier: String) {
        let key = ReuseKey(kind: kind, reuseIdentifier: reuseIdentifier)
        factories[key] = factory
        sizingViews[key] = nil
    }
    /// The view the app makes for a ``ContentUnavailable`` description (`contentUnavailableView` on the hosts).
    var makeContentUnavailableView: (@MainActor (ContentUnavailable) -> UIView?)?
}

// MARK: - Views

extension UIKitListHost {
    /// The view for an element: `pick` finds or makes it for the reuse the data source names (from
    /// the list view, a sizing view, an attachment view, the view already showing it), then the data
    /// source configures it; `nil` when the data source has no view for the element.
    func configuredView(
        for element: ListElement, pick: (_ key: UIKitHostState.ReuseKey) -> AnyObject
    ) -> AnyObject? {
        guard let dataSource, let reuse = dataSource.reuse(for: element, in: self) else { return nil }
        let view = pick(UIKitHostState.ReuseKey(kind: element.kind, reuseIdentifier: reuse.reuseIdentifier))
        dataSource.configure(view, for: element, in: self)
        return view
    }
}

// MARK: - Counts

extension UIKitListHost {
    /// The counts the list view has been told, read from the data source if it has not asked yet.
    func knownCounts() -> [Int] {
        if let counts = state.counts { return counts }
        let read = countsFromDataSource()
        state.counts = read
        return read
    }

    func countsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<max(0, dataSource.numberOfSections(in: self))).map {
            dataSource.numberOfItems(inSection: $0, in: self)
        }
    }

    /// Whether an index path is an item of the state the list view knows.
    func contains(_ path: ListIndexPath) -> Bool {
        let counts = knownCounts()
        return counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
    }
}

// MARK: - Event delivery

extension UIKitListHost {
    /// Runs an operation; when the outermost one ends, the events it made are delivered.
    func transaction<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        state.events.enter()
        defer {
            if state.events.leave() { deliverEvents() }
        }
        return try body()
    }

    /// Queues an event UIKit reported. Inside one of the host's operations it is delivered when the
    /// operation ends; otherwise at the end of the main actor's turn, with every event UIKit reports in
    /// that turn, so that the delegate hears all the calls of one gesture (UIKit's deselect, then select)
    /// before a handler changes the data between them.
    func report(_ event: ListHostEvent) {
        state.events.append(event)
        guard !state.events.isInOperation, !state.isDeliveryScheduled else { return }
        state.isDeliveryScheduled = true
        Task { @MainActor [weak self] in self?.deliverQueuedEvents() }
    }

    /// Delivers the events UIKit reported that are still waiting for the end of the main actor's turn.
    func deliverQueuedEvents() {
        state.isDeliveryScheduled = false
        transaction {}
    }

    private func deliverEvents() {
        guard !state.events.isEmpty else { return }
        let pending = state.events.takeAll()
        delegate?.host(self, didReceive: pending)
    }
}
