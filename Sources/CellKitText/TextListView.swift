@_spi(ListHost) import CellKit
import DiffableStore

/// A list view that renders to text: the `ListHost` CellKit ships for tests, snippets and the demo.
///
/// It behaves like `UICollectionView` with a vertical list layout, as far as a data source can tell:
/// views are registered under reuse identifiers, dequeued, and recycled through reuse pools when they
/// leave the viewport; only visible rows are configured; batch updates are checked with the rules UIKit
/// enforces and rejected, state unchanged, when they break one; reconfigured items keep their cell.
///
/// ```swift
/// let list = TextListView(width: 20, height: 3)
/// let dataSource = UniversalDataSource<String>(host: list)
/// // register cells, apply a snapshot ...
/// print(list.render())
/// ```
///
/// Each section shows, top to bottom: a row for each supplementary kind other than
/// ``/CellKit/SupplementaryKind/footer`` (the ``/CellKit/SupplementaryKind/header`` first, then other kinds
/// in the order the data source lists them), the items, and a footer row. Supplementary views are asked for
/// with the index path `section.0`; a kind the data source answers `nil` for takes no lines. An item's row
/// also shows the item's item-scoped supplementary views (separators) below its cell, and its section's
/// decorations (a ``TextSectionBackground``) drawn around both; see `itemSupplementaryView(ofKind:at:)`.
/// The kinds are read when the list loads and on ``reloadData()``.
///
/// A section the data source lays out as a grid (`SectionLayout.grid`) shows its items side by side in
/// columns of characters, a grid row as tall as its tallest item; a section whose layout pins its header
/// or footer keeps it on the viewport's top (or last) lines while the section scrolls under it. A carousel
/// section (`SectionLayout.carousel`) is one strip of cards scrolled sideways by the section's own offset
/// (``scrollCarousel(inSection:by:)``), kept by the data source by section identity; only the cards in
/// the strip's window are configured. The layouts and offsets are read when the list loads, after every
/// batch and when the width changes. See the "Section layouts" article of CellKit.
///
/// Every view is a ``TextCell``; its height is the number of lines it renders (at least one), measured
/// when it is configured and kept until its item is reloaded or reconfigured or the width changes.
/// When the data source gives an item's size (`lengthOfItem(at:crossAxisLength:in:measuring:)`, which
/// `UniversalDataSource` answers from a registration's `ItemSizing`), that size is the row's height,
/// rounded up to whole lines (at least one; a size that is not finite counts as one). Rows not
/// measured yet count as ``estimatedRowHeight`` lines.
///
/// # Performance
/// Row heights are kept in a B+ tree of fixed-size blocks whose nodes hold the row counts and height
/// sums below them, so finding the row at a line, the line of a row, and inserting, deleting or
/// re-measuring a row are O(log n) for *n* rows; scrolling anywhere costs O(log n) per visible row plus
/// configuring the rows that come into view, and ``render()`` O(v log n) for *v* visible rows (plus
/// rendering them). ``performBatchUpdates(_:updateData:)`` costs O((b + r) log n + s + v log n) for a
/// batch of *b* item changes, *r* rows in the sections it inserts, deletes, moves or reloads, and *s*
/// sections: the rows that stay are never visited, and the views on screen and the selection are
/// carried through the batch rather than found by a scan. Loading and ``reloadData()`` cost
/// O(n + s). Plus, everywhere, the views configured. A list of 1,000,000 items scrolls to its end, and
/// takes a one-item insert, at once.
@MainActor
public final class TextListView: SelectableListHost {
    /// Counts of what the list did with its views: how many it made, reused, configured and measured.
    ///
    /// A test of a screen reads them from ``TextListView/statistics`` to check how the list got to what it
    /// shows: that an update reconfigured a cell in place instead of making a new one, that scrolling reused
    /// cells, that sizes came from the data source without measuring.
    ///
    /// ```swift
    /// let before = list.statistics
    /// try dataSource.apply(updated)
    /// #expect(list.statistics.viewsCreated == before.viewsCreated)  // no new cell
    /// ```
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Views made by a registered factory because the reuse pool was empty.
        public var viewsCreated = 0
        /// Calls to the dequeue methods (cells and supplementary views).
        public var dequeued = 0
        /// Dequeues answered from a reuse pool (each one called `prepareForReuse()`).
        public var reused = 0
        /// Views put back in a reuse pool because their row left the viewport or went away.
        public var recycled = 0
        /// Views the data source was asked to configure (`cell(at:)` and `supplementaryView`).
        public var configured = 0
        /// Dequeues answered with the view already showing the item (its cell, or a view shown with it),
        /// during a reconfigure.
        public var reconfiguredInPlace = 0
        /// Rows whose height was measured by rendering their view.
        public var measured = 0
        /// Rows whose height the data source gave without their view being measured: a cached, fixed
        /// or calculated size (see `ItemSizing`).
        public var sizedByDataSource = 0
        /// Layout passes for items whose size was invalidated (``TextListView/invalidateItemSizes(at:)``).
        public var relayouts = 0
        /// Batch updates performed (rejected ones are not counted: they change nothing).
        public var batchUpdates = 0
        /// Calls to ``TextListView/reloadData()``.
        public var reloads = 0
        /// Visible cells configured again in place because their state changed (``/CellKit/CellState``).
        public var stateUpdates = 0

        /// Creates zeroed statistics.
        public init() {}

        /// `"created 8, dequeued 20, reused 12, recycled 12, configured 20, in place 0, measured 20, sized 0,
        /// batches 1, reloads 0, relayouts 0"`, then `", state updates 2"` when there were any.
        public var description: String {
            "created \(viewsCreated), dequeued \(dequeued), reused \(reused), recycled \(recycled), "
                + "configured \(configured), in place \(reconfiguredInPlace), measured \(measured), "
                + "sized \(sizedByDataSource), batches \(batchUpdates), reloads \(reloads), relayouts \(relayouts)"
                + (stateUpdates == 0 ? "" : ", state updates \(stateUpdates)")
        }
    }

    /// The viewport's width in columns; every rendered line is exactly this wide. Change it with
    /// ``resize(width:height:)``.
    public internal(set) var width: Int
    /// The viewport's height in lines; ``render()`` returns exactly this many lines. Change it with
    /// ``resize(width:height:)``.
    public internal(set) var height: Int

    /// The object that provides counts and views. Held weakly; setting it unloads the list, which
    /// loads again from the new data source when next used.
    @_spi(ListHost) public weak var dataSource: (any ListHostDataSource)? {
        didSet { transaction { unload() } }
    }

    /// The object told about rows shown and hidden, selection and highlight, prefetching, scrolling,
    /// dragging and pull to refresh, and asked where a drag comes to rest. Held weakly.
    @_spi(ListHost) public weak var delegate: (any ListHostDelegate)?

    /// The number of lines a row counts as until it is measured (at least 1; default 1).
    ///
    /// - Complexity: Setting it is O(1), plus laying out the viewport again.
    public var estimatedRowHeight: Int {
        didSet {
            estimatedRowHeight = max(1, estimatedRowHeight)
            rows.estimatedRowHeight = estimatedRowHeight
            guard isLoaded else { return }
            transaction { layout() }
        }
    }

    /// One line per batch performed (``/DiffableStore/BatchUpdate/description``), `"reload data"` per reload,
    /// `"reconfigure ..."` per ``reconfigureItems(at:)``, and `"reconfigure supplementary views in sections
    /// ..."` per ``reconfigureSupplementaryViews(inSections:)``.
    public internal(set) var updateLog: [String] = []

    /// Counts of views created, dequeued, reused, configured and measured since the list was made, or
    /// since it was last reset: assign `.init()` to reset.
    public var statistics = Statistics()

    /// The content line shown at the top of the viewport.
    public internal(set) var firstVisibleLine = 0

    /// Whether a tap (``select(_:)``) adds its item to the selection and a tap on a selected item
    /// deselects it (`true`), or a tap selects its item alone (`false`, the default), as UIKit's
    /// `allowsMultipleSelection`. Turning it off keeps the items selected until the next tap.
    public var allowsMultipleSelection = false

    /// The index paths of the selected items, in the order they were selected. Each selection follows
    /// its item through moves and content changes, and ends, with
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)``, when the item is deleted or reloaded or the list
    /// reloads.
    ///
    /// - Complexity: O(k) for *k* selected items.
    public var indexPathsForSelectedItems: [ListIndexPath] { selection.map(\.indexPath) }

    /// The selected item, if any: the first of ``indexPathsForSelectedItems`` in list order when several
    /// are (as `UITableView`'s `indexPathForSelectedRow`).
    ///
    /// - Complexity: O(k) for *k* selected items.
    public var selectedIndexPath: ListIndexPath? { selection.lazy.map(\.indexPath).min() }

    /// The highlighted item, if any (``highlight(_:)``). The highlight follows its item through moves
    /// and ends, with ``/CellKit/ListHostEvent/didUnhighlight(_:at:)``, when the item is deleted or the list
    /// reloads.
    public var highlightedIndexPath: ListIndexPath? { highlighted?.indexPath }

    /// Whether a drag begun with ``beginDragging()`` has not ended yet.
    public internal(set) var isDragging = false

    /// How many item rows beyond the viewport's edge, in the direction of the last scroll, are
    /// prefetched: the delegate hears ``/CellKit/ListHostEvent/prefetch(items:at:)`` as they come within this
    /// distance and ``/CellKit/ListHostEvent/cancelPrefetching(items:at:)`` for those that leave it without
    /// coming into view. 0 (the default) turns prefetching off and cancels what is prefetched.
    ///
    /// An item is prefetched once: not again while it stays within the distance, nor while it shows.
    /// Rows of supplementary views are not prefetched and do not count. Prefetching is brought up to
    /// date when each public operation ends, before the delegate hears of it.
    ///
    /// - Complexity: O(k log n) for *k* = `prefetchDistance` per public operation, plus the sections
    ///   without items it passes.
    public var prefetchDistance = 0 {
        didSet {
            prefetchDistance = max(0, prefetchDistance)
            transaction {}
        }
    }

    /// Whether a batch of updates keeps the first visible item where it was in the viewport: when the
    /// batch inserts or removes rows above it, the viewport moves with it, so the item stays the same
    /// number of lines from the top (what loading earlier pages above the content needs). Default `false`:
    /// the viewport keeps its first visible line, and the content above moves under it.
    ///
    /// The item is found by identity through the batch; when it is deleted, the next visible item that
    /// stays is kept in place instead. The viewport then moves like a scroll
    /// (``/CellKit/ListHostEvent/didScroll(contentOffset:)``), as far as the content allows.
    ///
    /// ```swift
    /// // The viewport shows items 20-29 at its top line; insert 10 one-line rows at the start.
    /// list.keepsFirstVisibleItemAnchored = true
    /// // after the batch: item 20 (now at index path 0.30) is still at the top, firstVisibleLine is 30.
    /// ```
    ///
    /// - Complexity: O(v log n) per batch, for *v* visible rows.
    public var keepsFirstVisibleItemAnchored = false

    // MARK: State

    /// Where a row is: an item, or a section's supplementary view of a kind.
    public enum RowLocation: Hashable, Sendable, CustomStringConvertible {
        /// The row of the item at an index path.
        case item(ListIndexPath)
        /// The row of a section's supplementary view of a kind.
        case supplementary(SupplementaryKind, section: Int)

        /// `"0.3"` for an item, `"header 1"` for a supplementary view.
        public var description: String {
            switch self {
            case .item(let path): path.description
            case .supplementary(let kind, let section): "\(kind) \(section)"
            }
        }

        /// The element the row shows, as the data source names it.
        var element: ListElement {
            switch self {
            case .item(let path): .cell(path)
            case .supplementary(let kind, let section): .supplementary(kind, ListIndexPath(item: 0, section: section))
            }
        }
    }

    /// A scroll position that does not depend on the heights of the rows above it: the row at the top
    /// of the viewport and how many of its lines are scrolled past.
    public struct ScrollAnchor: Hashable, Sendable, CustomStringConvertible {
        /// The row at the top of the viewport.
        public var row: RowLocation
        /// How many of the row's lines are above the viewport (0 when the row starts at the top).
        public var lineOffset: Int

        /// Creates an anchor.
        ///
        /// - Parameters:
        ///   - row: The row at the top of the viewport.
        ///   - lineOffset: How many of its lines are above the viewport.
        public init(row: RowLocation, lineOffset: Int) {
            self.row = row
            self.lineOffset = lineOffset
        }

        /// `"0.3 +1"`.
        public var description: String { "\(row) +\(lineOffset)" }
    }

    /// The factories and reuse pools (and the scratch pools ``renderAll()`` uses for rows off screen,
    /// kept apart so they never touch the statistics).
    var pool = ReusePool()
    /// The item-scoped supplementary and decoration kinds item rows show.
    var attachmentState = AttachmentState()

    var isLoaded = false
    /// Every row, section after section (the kinds above, the items, the kinds below), and their heights.
    var rows: RowLayout
    /// The rows holding a view, ascending, with the view; all of them are in the viewport after a layout.
    var displayed: [(row: Int, view: TextCell)] = []
    /// Events owed to the delegate, and the nesting of public operations.
    var events = ListHostEventQueue()
    /// The first visible line when the outermost running operation began.
    var lineBeforeOperation = 0
    /// The highlighted item, as named when it was highlighted, and where it is now.
    var highlighted: (item: AnyHashable, indexPath: ListIndexPath)?
    /// The selected items, in the order they were selected: each as the data source named it when it was
    /// selected or after the last batch, and where it is now.
    var selection: [(item: AnyHashable, indexPath: ListIndexPath)] = []
    /// The row being moved: where it was picked up, and where it would drop now.
    var interactiveMove: (source: ListIndexPath, destination: ListIndexPath)?
    /// The items picked up to be dragged onto another list (``beginDragOut(_:)``), as they were then.
    var draggedOut: [AnyHashable] = []
    /// Whether the first line of the highlighted item's row ends with ``highlightMarker``, the focused
    /// item's with ``focusMarker``, a disabled item's with ``disabledMarker`` and, while editing, the others'
    /// with ``editingMarker`` (default `true`). Turn it off when the cells show those states
    /// themselves (the demo draws its own cursor).
    public var showsStateMarkers = true

    /// The focused item, as named when it was focused, and where it is now.
    var focused: (item: AnyHashable, indexPath: ListIndexPath)?
    /// The item focused last, and where it is now (it follows its item through batches and is forgotten
    /// when the item is deleted): where focus coming back to the list goes, when the data source's
    /// focus behaviour remembers it.
    var lastFocused: (item: AnyHashable, indexPath: ListIndexPath)?
    /// The item VoiceOver's cursor is on (``accessibilityFocusedIndexPath``), as named when it moved
    /// there, and where it is now.
    var accessibilityFocused: (item: AnyHashable, indexPath: ListIndexPath)?
    /// Whether the list is in editing mode (``isEditing``).
    var editing = false
    /// The items shown disabled, by identity (``disabledItems``).
    var disabled: Set<AnyHashable> = []
    /// The row swiped open: its item as named when it was swiped, where it is now, and its actions.
    var openSwipe:
        (item: AnyHashable, indexPath: ListIndexPath, edge: SwipeEdge, configuration: SwipeActionsConfiguration)?
    /// The context menu open under a row: its item as named when it opened, where it is now, the menu, and
    /// the titles of the submenus opened in it, outermost first.
    var openMenu: (item: AnyHashable, indexPath: ListIndexPath, menu: ContextMenu, submenus: [String])?
    /// The items prefetched and not shown or cancelled yet, nearest the viewport first, with where
    /// they are now (carried through batches).
    var prefetched: [(item: AnyHashable, indexPath: ListIndexPath)] = []
    /// Whether the last scroll that moved the viewport went down (or none did yet): the side prefetching
    /// looks at.
    var scrollsDown = true
    /// Per section: whether its layout pins its header and its footer (``readSectionLayouts()``).
    var sectionPins: [(header: Bool, footer: Bool)] = []
    /// Whether any section pins its header or footer.
    var pinsAny = false
    /// Per section: the offset a carousel section shows now, in columns (clamped to its content), `0`
    /// for other sections (``readSectionLayouts()``, ``scrollCarousel(inSection:toOffset:)``).
    var carouselOffsets: [Int] = []
    /// The carousels' offsets by section identifier, kept by the list when its data source does not keep
    /// them (`ListHostCarousels`).
    var ownCarouselOffsets: [AnyHashable: Int] = [:]
    /// The carousel scrolled last, and whether toward its end: the side its cards are prefetched on,
    /// until the list scrolls vertically.
    var carouselPrefetchSide: (section: AnyHashable, forward: Bool)?
    /// What shows in place of the rows, or `nil` when the rows show (see
    /// ``render()``); set by the data source's plugins (`ContentStatePlugin`).
    public internal(set) var contentUnavailable: ContentUnavailable?

    /// Creates an empty list view with a viewport of `width` columns and `height` lines.
    ///
    /// - Parameters:
    ///   - width: Columns per line; at least 1.
    ///   - height: Lines in the viewport; at least 1.
    ///   - estimatedRowHeight: Lines a row counts as until measured; at least 1.
    /// - Precondition: `width` and `height` are at least 1.
    public init(width: Int, height: Int, estimatedRowHeight: Int = 1) {
        precondition(width >= 1 && height >= 1, "TextListView needs a viewport of at least 1×1, not \(width)×\(height)")
        self.width = width
        self.height = height
        self.estimatedRowHeight = max(1, estimatedRowHeight)
        rows = RowLayout(estimatedRowHeight: max(1, estimatedRowHeight))
    }

    // MARK: Registration and views

    /// `"CellKitText.TextCell"` for a class that is not a ``TextCell`` subclass: the cells this host shows.
    ///
    /// - Parameter cellClass: A cell class about to be registered.
    @_spi(ListHost) public func requiredCellBaseClass(refusing cellClass: AnyObject.Type) -> String? {
        cellClass is TextCell.Type ? nil : "CellKitText.TextCell"
    }

    /// Registers how to make a new cell for a reuse identifier; a later registration replaces it.
    ///
    /// - Parameters:
    ///   - cellClass: The class of the cells `factory` makes: a ``TextCell`` subclass.
    ///   - reuseIdentifier: The identifier cells are pooled under.
    ///   - factory: Makes a new cell when the reuse pool is empty; it must make a ``TextCell``.
    public func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        pool.register(PoolKey(kind: nil, reuseIdentifier: reuseIdentifier), factory: factory)
    }

    /// Registers how to make a new supplementary view of a kind (or an item-scoped view, or a decoration)
    /// for a reuse identifier; a later registration replaces it.
    ///
    /// - Parameters:
    ///   - viewClass: The class of the views `factory` makes: a ``TextCell`` subclass (a
    ///     ``TextSectionBackground`` subclass for a decoration).
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are pooled under.
    ///   - factory: Makes a new view when the reuse pool is empty; it must make a ``TextCell``.
    public func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        pool.register(PoolKey(kind: kind, reuseIdentifier: reuseIdentifier), factory: factory)
    }

    /// Where the view for an element comes from.
    enum ViewSource {
        /// The reuse pool: a recycled view (after `prepareForReuse()`), or a new one.
        case pool
        /// The one of these views made for the element's reuse identifier and kind, if any (the element
        /// is configured again in place); the reuse pool otherwise.
        case inPlace([TextCell])
        /// The scratch pools ``renderAll()`` configures rows off screen with (no statistics).
        case scratch
    }

    /// The view for an element, picked by the host and configured by the data source, or `nil` when the
    /// data source has no view for it.
    ///
    /// - Precondition: The data source names a reuse identifier registered for the element's kind.
    func configuredView(for element: ListElement, from source: ViewSource) -> TextCell? {
        guard let dataSource, let reuse = dataSource.reuse(for: element, in: self) else { return nil }
        let key = PoolKey(kind: element.kind, reuseIdentifier: reuse.reuseIdentifier)
        let view: TextCell
        switch source {
        case .scratch:
            view = take(key, scratch: true)
        case .inPlace(let views):
            statistics.dequeued += 1
            if let existing = views.first(where: { $0.poolKey == key }) {
                statistics.reconfiguredInPlace += 1
                view = existing
            } else {
                view = take(key, scratch: false)
                view.indexPath = element.indexPath
            }
        case .pool:
            statistics.dequeued += 1
            view = take(key, scratch: false)
            view.indexPath = element.indexPath
        }
        dataSource.configure(view, for: element, in: self)
        if case .cell(let path) = element { view.configuredState = cellState(forItemAt: path) }
        return view
    }

    /// A recycled view for a key (after `prepareForReuse()`), or a new one from its factory; the scratch
    /// pools and no statistics while rendering off screen.
    private func take(_ key: PoolKey, scratch: Bool) -> TextCell {
        if let view = pool.popRecycled(key, scratch: scratch) {
            view.prepareForReuse()
            view.prepareForReuseCount += 1
            if !scratch { statistics.reused += 1 }
            return view
        }
        guard let factory = pool.factory(for: key) else {
            let what = key.kind.map { "\($0) view" } ?? "cell"
            preconditionFailure("No \(what) is registered for reuse identifier \"\(key.reuseIdentifier)\"")
        }
        let object = factory()
        guard let view = object as? TextCell else {
            preconditionFailure(
                "TextListView shows TextCell subclasses; the factory for \"\(key.reuseIdentifier)\" made a \(type(of: object))"
            )
        }
        view.poolKey = key
        view.supplementaryKind = key.kind
        if !scratch { statistics.viewsCreated += 1 }
        return view
    }

    /// Puts a view that stopped showing back in its reuse pool.
    func recycle(_ view: TextCell) {
        (view as? any UnbindableView)?.unbind()
        view.indexPath = nil
        view.isSelected = false
        view.isHighlighted = false
        statistics.recycled += 1
        pool.recycle(view, scratch: false)
    }

    // MARK: Reading

    /// The number of sections the list shows.
    ///
    /// - Complexity: O(1) once loaded.
    public var numberOfSections: Int {
        loadIfNeeded()
        return rows.sectionCount
    }

    /// The number of items the list shows in a section.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The count, or `nil` when `section` is out of range.
    /// - Complexity: O(1) once loaded.
    public func numberOfItems(inSection section: Int) -> Int? {
        loadIfNeeded()
        guard (0..<rows.sectionCount).contains(section) else { return nil }
        return rows.itemCount(inSection: section)
    }

    /// The total number of lines of content: measured rows plus estimates for the others.
    ///
    /// - Complexity: O(log n) once loaded.
    public var contentHeight: Int {
        loadIfNeeded()
        return rows.contentHeight
    }

    /// The index paths of the items visible now, in order.
    ///
    /// - Complexity: O(v log s) for *v* visible rows and *s* sections.
    public var indexPathsForVisibleItems: [ListIndexPath] {
        loadIfNeeded()
        return displayed.compactMap {
            if case .item(let path) = rows.location(ofRow: $0.row) { return path }
            return nil
        }
    }

    /// The cell showing an item, if the item is visible.
    ///
    /// - Parameter indexPath: An index path in the list's current state.
    /// - Returns: The cell, or `nil` when the item is not visible or not in the list.
    /// - Complexity: O(log v) for *v* visible rows.
    public func cellForItem(at indexPath: ListIndexPath) -> TextCell? {
        loadIfNeeded()
        return rows.row(of: indexPath).flatMap(view(atRow:))
    }

    /// The supplementary view of a kind showing for a section, if visible.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - section: A section index.
    /// - Returns: The view, or `nil` when it is not visible, the section does not exist or has none.
    /// - Complexity: O(k + log v) for *k* supplementary kinds and *v* visible rows.
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> TextCell? {
        loadIfNeeded()
        return rows.row(at: .supplementary(kind, section: section)).flatMap(view(atRow:))
    }

    /// The view showing a row, if the row is displayed (binary search).
    func view(atRow row: Int) -> TextCell? {
        displayedIndex(ofRow: row).map { displayed[$0].view }
    }

    /// The index in ``displayed`` of a row, if it is displayed.
    func displayedIndex(ofRow row: Int) -> Int? {
        var low = 0
        var high = displayed.count
        while low < high {
            let middle = (low + high) / 2
            if displayed[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return low < displayed.count && displayed[low].row == row ? low : nil
    }

    // MARK: Selection

    /// Selects an item as a user's tap would: ends a highlight, as the lifting finger does in UIKit
    /// (``/CellKit/ListHostEvent/didUnhighlight(_:at:)``), then, as UIKit does:
    /// - with single selection, deselects every other selected item
    ///   (``/CellKit/ListHostEvent/didDeselect(_:at:)``) and selects this one
    ///   (``/CellKit/ListHostEvent/didSelect(_:at:)``, again if it was selected already);
    /// - with ``allowsMultipleSelection``, deselects the item if it is selected, and selects it, adding it to
    ///   the selection, if it is not: a tap toggles.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, changing nothing, when the item is not in the list.
    /// - Complexity: O(k + log n) for *k* selected items and *n* rows.
    @discardableResult
    public func select(_ indexPath: ListIndexPath) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = rows.row(of: indexPath), let item = dataSource?.itemIdentifier(at: indexPath, in: self)
            else { return false }
            guard !isDisabled(item) else { return false }
            unhighlight()
            let wasSelected = isSelected(indexPath)
            if allowsMultipleSelection {
                if wasSelected {
                    endSelection(at: indexPath)
                    return true
                }
            } else {
                for other in selection where other.indexPath != indexPath { endSelection(at: other.indexPath) }
            }
            view(atRow: row)?.isSelected = true
            if !wasSelected { selection.append((item, indexPath)) }
            events.append(.didSelect(item, at: indexPath))
            return true
        }
    }

    /// Deselects an item if it is selected, telling the delegate
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)``.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Complexity: O(k + log n) for *k* selected items and *n* rows.
    public func deselectItem(at indexPath: ListIndexPath) {
        transaction { endSelection(at: indexPath) }
    }

    /// Deselects every selected item, in the order they were selected, telling the delegate
    /// ``/CellKit/ListHostEvent/didDeselect(_:at:)`` for each.
    ///
    /// - Complexity: O(k (k + log n)) for *k* selected items and *n* rows.
    public func deselect() {
        transaction {
            for (_, path) in selection { endSelection(at: path) }
        }
    }

    /// Whether the item at an index path is selected.
    func isSelected(_ indexPath: ListIndexPath) -> Bool {
        selection.contains { $0.indexPath == indexPath }
    }

    /// Ends the selection of an item if it is selected: its view shows it, and the delegate hears it,
    /// naming the item as the data source names it now.
    private func endSelection(at indexPath: ListIndexPath) {
        guard let index = selection.firstIndex(where: { $0.indexPath == indexPath }) else { return }
        let (item, _) = selection.remove(at: index)
        if let row = rows.row(of: indexPath) { view(atRow: row)?.isSelected = false }
        events.append(.didDeselect(dataSource?.itemIdentifier(at: indexPath, in: self) ?? item, at: indexPath))
    }

    /// Ends every selection without asking the data source (it may have changed already): the delegate
    /// hears each, in list order, naming the item as it was last named, at the index path it had.
    func endAllSelections() {
        let ended = selection.sorted { $0.indexPath < $1.indexPath }
        selection = []
        for (item, path) in ended { events.append(.didDeselect(item, at: path)) }
    }
}
