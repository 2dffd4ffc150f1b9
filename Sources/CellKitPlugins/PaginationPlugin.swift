import CellKit
import DiffableStore

/// Loads the next page when the end of the list comes into view, with the state machine owned by the
/// library: a load starts once, a failure latches until ``retry()``, and a completion for a load that
/// ``reset(hasMore:)`` abandoned is ignored.
///
/// ```swift
/// let pagination = PaginationPlugin { token, pagination in     // the handler is handed the plugin
///     api.fetchPage(after: feed.last) { result in
///         switch result {
///         case .success(let page):
///             feed += page.items
///             try? dataSource.apply(makeSnapshot(feed))      // show the page first,
///             pagination.finish(token, hasMore: page.hasMore) // then say the load is over
///         case .failure(let error):
///             pagination.fail(token, error)
///         }
///     }
/// }
/// try dataSource.attach(pagination)
/// ```
///
/// The load handler is handed the plugin, so it ends the load without capturing the plugin it is
/// being passed to: no `var pagination: PaginationPlugin!` declared ahead of it.
///
/// # States
/// `disabled` (no more pages) → `idle` → `loading(token)` → `idle` again on success with more pages,
/// `disabled` without, or `failed` on failure. The plugin enters `loading` *before* it calls the load
/// handler, so the handler runs once per load however often the last item shows while it loads.
///
/// # When a load starts
/// When the last item of the last non-empty section is about to be shown while the state is `idle`;
/// and after every apply and every successful ``finish(_:hasMore:)`` when that item is already visible
/// (a short first page, or a page that added nothing). With ``ShortListPolicy/fillViewport`` (the
/// default) that keeps loading until the viewport is full or there are no more pages; with
/// ``ShortListPolicy/requireScroll`` a load starts only once the user has scrolled since the previous
/// one (or since the plugin was enabled), unless the list shows all its items at once: a list shorter
/// than its viewport cannot scroll, so it loads. A plugin attached to a list that shows items already
/// looks at it when it is attached.
@MainActor
public final class PaginationPlugin: ListPlugin {
    /// Identifies one load: its completion must name it.
    public struct Token: Hashable, Sendable, CustomStringConvertible {
        /// The load's number, counting from 1.
        public let number: Int
        /// `"#3"`.
        public var description: String { "#\(number)" }
    }

    /// Where pagination stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// No more pages (or not enabled yet).
        case disabled
        /// Waiting for the end of the list to show.
        case idle
        /// A load is under way.
        case loading(Token)
        /// The last load failed; ``PaginationPlugin/retry()`` loads again.
        case failed(String)

        /// `"disabled"`, `"idle"`, `"loading #2"`, `"failed: offline"`.
        public var description: String {
            switch self {
            case .disabled: "disabled"
            case .idle: "idle"
            case .loading(let token): "loading \(token)"
            case .failed(let message): "failed: \(message)"
            }
        }
    }

    /// What happens when the end of the list is already visible after a load (a list shorter than its
    /// viewport).
    public enum ShortListPolicy: Hashable, Sendable {
        /// Load again until the viewport is full or there are no more pages.
        case fillViewport
        /// Load only after the user has scrolled (since the previous load, or since enabling). A list that
        /// shows all its items at once (shorter than its viewport) cannot scroll: it loads as with
        /// ``fillViewport``.
        case requireScroll
    }

    /// The current state.
    public private(set) var state: State {
        didSet {
            guard oldValue != state else { return }
            if showsStatusRow { context?.setNeedsDecoration() }
            for observer in stateObservers { observer() }
        }
    }
    /// Called after every change of ``state`` (a ``ContentStatePlugin`` follows it).
    var stateObservers: [@MainActor () -> Void] = []
    /// Whether the plugin shows a ``PaginationStatusRow`` at the end of the list while a page loads or
    /// after a load failed (register a cell for ``PaginationStatusRow``; selecting the failed row retries).
    ///
    /// Without a cell registration for ``PaginationStatusRow`` the row cannot show: the plugin leaves it
    /// out, and the first time it is due records
    /// ``/CellKit/RegistrationError/unregisteredPluginItem(itemType:plugin:setting:)`` in the data source's
    /// ``/CellKit/UniversalDataSource/diagnostics`` (printed in debug builds), naming `showsStatusRow` and
    /// what to register. The load itself goes on, and your own applies are not refused.
    public let showsStatusRow: Bool
    /// Whether the missing cell registration for the status row was reported.
    private var reportedMissingCell = false
    private var shownRow: PaginationStatusRow?
    /// Which end of the list loads pages.
    public enum Edge: Hashable, Sendable {
        /// Older pages below: the trigger is the last item (a feed).
        case bottom
        /// Older pages above: the trigger is the first item (a chat). Set the host to keep the first
        /// visible item in place across the prepend (`TextListView.keepsFirstVisibleItemAnchored`), so
        /// the content does not jump, on the last page too. A list shows its first item when it first
        /// appears, so with ``ShortListPolicy/fillViewport`` a page loads at once; a chat that scrolls to
        /// its newest message after the first apply wants ``ShortListPolicy/requireScroll``, so older
        /// pages load only when the user scrolls up to the top.
        case top
    }

    /// The short-list policy.
    public let policy: ShortListPolicy
    /// Which end of the list loads pages.
    public let edge: Edge
    private let loadNext: @MainActor (_ token: Token, _ pagination: PaginationPlugin) -> Void
    private var loads = 0
    private var scrolledSinceLoad = false
    /// Whether a load finished with more pages and the plugin waits for its `didApply` pass to look at
    /// the list with the page shown.
    private var awaitsLook = false
    private weak var context: ListPluginContext?

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - edge: Which end loads pages: ``Edge/bottom`` (the default) or ``Edge/top``.
    ///   - hasMore: Whether there are pages to load (`false` starts ``State/disabled``; ``reset(hasMore:)``
    ///     enables it).
    ///   - policy: What to do when the end is visible after a load; ``ShortListPolicy/fillViewport`` by default.
    ///   - loadNext: Starts loading the next page; call ``finish(_:hasMore:)`` or ``fail(_:_:)`` with the
    ///     token when it is over.
    ///   - showsStatusRow: Whether to show a ``PaginationStatusRow`` at the end while loading or failed.
    public convenience init(
        edge: Edge = .bottom,
        hasMore: Bool = true,
        policy: ShortListPolicy = .fillViewport,
        showsStatusRow: Bool = false,
        loadNext: @escaping @MainActor (_ token: Token) -> Void
    ) {
        self.init(edge: edge, hasMore: hasMore, policy: policy, showsStatusRow: showsStatusRow) { token, _ in
            loadNext(token)
        }
    }

    /// Creates the plugin with a load handler that is handed the plugin, to end the load with
    /// ``finish(_:hasMore:)`` or ``fail(_:_:)`` without capturing it.
    ///
    /// ```swift
    /// let pagination = PaginationPlugin { token, pagination in
    ///     pagination.finish(token, hasMore: feed.loadPage())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - edge: Which end loads pages: ``Edge/bottom`` (the default) or ``Edge/top``.
    ///   - hasMore: Whether there are pages to load (`false` starts ``State/disabled``; ``reset(hasMore:)``
    ///     enables it).
    ///   - policy: What to do when the end is visible after a load; ``ShortListPolicy/fillViewport`` by default.
    ///   - showsStatusRow: Whether to show a ``PaginationStatusRow`` at the end while loading or failed.
    ///   - loadNext: Starts loading the next page, given its token and this plugin; call
    ///     ``finish(_:hasMore:)`` or ``fail(_:_:)`` on the plugin with the token when it is over.
    public init(
        edge: Edge = .bottom,
        hasMore: Bool = true,
        policy: ShortListPolicy = .fillViewport,
        showsStatusRow: Bool = false,
        loadNext: @escaping @MainActor (_ token: Token, _ pagination: PaginationPlugin) -> Void
    ) {
        self.state = hasMore ? .idle : .disabled
        self.policy = policy
        self.edge = edge
        self.showsStatusRow = showsStatusRow
        self.loadNext = loadNext
    }

    /// One pagination plugin per edge: a list may load pages at both ends.
    public static var allowsMultipleInstances: Bool { true }

    /// Pagination at this plugin's edge.
    public var providedFeatures: Set<ListFeature> { [.pagination(edge)] }

    /// Ends a load that succeeded. Apply the page first: the plugin then looks at the list again and,
    /// if the end is still visible, loads the next page (see the type's discussion).
    ///
    /// - Parameters:
    ///   - token: The token the load was started with; a stale one (after ``reset(hasMore:)``) is ignored.
    ///   - hasMore: Whether more pages exist.
    public func finish(_ token: Token, hasMore: Bool) {
        guard state == .loading(token) else { return }
        state = hasMore ? .idle : .disabled
        guard hasMore, let context else { return }
        // Finished from inside an event handler, the page's apply waits for the delivery to end: until
        // then the events still to be handled describe the list before the page, and start no load.
        awaitsLook = true
        context.setNeedsDidApply()
    }

    /// Ends a load that failed: the plugin stays ``State/failed(_:)`` until ``retry()`` or ``reset(hasMore:)``.
    ///
    /// - Parameters:
    ///   - token: The token the load was started with; a stale one is ignored.
    ///   - error: What went wrong.
    public func fail(_ token: Token, _ error: any Error) {
        guard state == .loading(token) else { return }
        state = .failed(String(describing: error))
    }

    /// Loads again after a failure. Does nothing in any other state (a load under way is not doubled).
    public func retry() {
        guard case .failed = state else { return }
        start()
    }

    /// Abandons any load under way (its completion will be ignored) and clears a failure, as after a
    /// refresh of the whole list.
    ///
    /// - Parameter hasMore: Whether pages can be loaded now.
    public func reset(hasMore: Bool = true) {
        state = hasMore ? .idle : .disabled
        scrolledSinceLoad = false
        if hasMore { context?.setNeedsDidApply() }
    }

    /// Remembers the context, to look at the list after a load; when the list shows items already (the
    /// plugin is attached after the first apply), looks at it at once, as after an apply.
    public func attach(to context: ListPluginContext) {
        self.context = context
        startIfLastItemVisible(in: context)
    }

    /// Keeps the status row at the end of every snapshot applied: the loading row while a page loads,
    /// the failed row after a failure, none otherwise.
    public func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {
        guard showsStatusRow else { return }
        if let shownRow, snapshot.contains(shownRow) { try? snapshot.delete([shownRow]) }
        let row: PaginationStatusRow? =
            switch state {
            case .loading: PaginationStatusRow(status: .loading, edge: edge)
            case .failed(let message): PaginationStatusRow(status: .failed(message), edge: edge)
            case .idle, .disabled: nil
            }
        if let row, context.cellRegistration(for: row) == nil {
            // The row cannot show: leave it out (the apply goes on) and say once what to register.
            if !reportedMissingCell {
                reportedMissingCell = true
                context.report(
                    .unregisteredPluginItem(
                        itemType: String(reflecting: PaginationStatusRow.self),
                        plugin: String(reflecting: PaginationPlugin.self), setting: "showsStatusRow: true"))
            }
            shownRow = nil
            return
        }
        let added =
            row.map { row in (try? (edge == .bottom ? snapshot.append([row]) : snapshot.prepend([row]))) != nil }
            ?? false
        shownRow = added ? row : nil
    }

    /// Starts a load when the last item comes into view; notes scrolling for the short-list policy;
    /// retries when the failed status row is selected.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didSelect(let item, _)
        where (item.base as? PaginationStatusRow).map { $0.isFailure && $0.edge == edge } == true:
            retry()
        case .willDisplay(let item, _):
            if !awaitsLook && item == triggerItem(in: context) { startIfAllowed() }
        case .didScroll:
            // A host reports the scroll after the rows it brought into view.
            scrolledSinceLoad = true
            if !awaitsLook { startIfLastItemVisible(in: context) }
        default:
            break
        }
    }

    /// Starts a load when the last item is visible already.
    public func didApply(in context: ListPluginContext) {
        awaitsLook = false
        startIfLastItemVisible(in: context)
    }

    private func startIfLastItemVisible(in context: ListPluginContext) {
        guard state == .idle, let trigger = triggerItem(in: context), context.visibleItems.contains(trigger) else {
            return
        }
        startIfAllowed()
    }

    /// The item whose coming into view starts a load: the last item, or the first for ``Edge/top``.
    private func triggerItem(in context: ListPluginContext) -> AnyHashable? {
        edge == .bottom ? context.lastItem : context.firstItem
    }

    private func startIfAllowed() {
        guard state == .idle else { return }
        if policy == .requireScroll && !scrolledSinceLoad, let context, !showsWholeList(in: context) { return }
        start()
    }

    /// Whether the first and the last item are both visible: a list shorter than its viewport, which
    /// cannot scroll, so ``ShortListPolicy/requireScroll`` has no scroll to wait for.
    private func showsWholeList(in context: ListPluginContext) -> Bool {
        guard let first = context.firstItem, let last = context.lastItem else { return false }
        let visible = context.visibleItems
        return visible.contains(first) && visible.contains(last)
    }

    private func start() {
        loads += 1
        let token = Token(number: loads)
        state = .loading(token)
        scrolledSinceLoad = false
        loadNext(token, self)
    }
}

/// The row a ``PaginationPlugin`` shows at the end of the list while a page loads, or after a load
/// failed. Register a cell for it like any item; selecting the failed row retries.
///
/// ```swift
/// final class StatusCell: TextCell, ConfigurableView {
///     func configure(with row: PaginationStatusRow) { text = row.isFailure ? "Retry" : "Loading…" }
/// }
/// ```
public struct PaginationStatusRow: Hashable, Sendable, Identifiable {
    /// What the row says.
    public enum Status: Hashable, Sendable {
        /// A page is loading.
        case loading
        /// The last load failed, with the error's description.
        case failed(String)
    }

    /// What the row says.
    public var status: Status
    /// The end of the list the row is at: the edge its plugin loads.
    public var edge: PaginationPlugin.Edge

    /// Creates a row (to match one in tests, or to show one yourself).
    ///
    /// - Parameters:
    ///   - status: What the row says.
    ///   - edge: The end of the list it is at (the bottom by default).
    public init(status: Status, edge: PaginationPlugin.Edge = .bottom) {
        self.status = status
        self.edge = edge
    }

    /// One row per end of the list: a change of status reconfigures it in place.
    public var id: String { edge == .bottom ? "CellKit.PaginationStatusRow" : "CellKit.PaginationStatusRow.top" }

    /// Whether the row reports a failure.
    public var isFailure: Bool {
        if case .failed = status { return true }
        return false
    }
}
