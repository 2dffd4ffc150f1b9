import CellKit
import DiffableStore

/// Pull-to-refresh: one refresh in flight at a time, and a finished refresh resets pagination.
///
/// ```swift
/// let refresh = RefreshPlugin(resetting: pagination) {
///     api.reloadFeed { feed in
///         try? dataSource.apply(makeSnapshot(feed))
///         refresh.endRefreshing()
///     }
/// }
/// try dataSource.attach(pagination, refresh)
/// ```
///
/// A refresh starts when the host reports a pull (``/CellKit/ListHostEvent/didRequestRefresh``) or when
/// ``beginRefreshing()`` is called; while one is in flight, further requests are ignored.
@MainActor
public final class RefreshPlugin: ListPlugin {
    /// Whether a refresh is in flight.
    public private(set) var isRefreshing = false {
        didSet { if oldValue != isRefreshing { for observer in stateObservers { observer() } } }
    }
    /// Called after every change of ``isRefreshing`` (a ``ContentStatePlugin`` follows it).
    var stateObservers: [@MainActor () -> Void] = []
    private let refresh: @MainActor () -> Void
    private weak var pagination: PaginationPlugin?

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - pagination: A pagination plugin to reset when a refresh ends (its failure and any load under
    ///     way are dropped, and it re-checks the end of the list).
    ///   - refresh: Starts reloading the content; call ``endRefreshing(hasMore:)`` when it is over.
    public init(resetting pagination: PaginationPlugin? = nil, refresh: @escaping @MainActor () -> Void) {
        self.pagination = pagination
        self.refresh = refresh
    }

    /// Refresh: one refresh plugin per data source.
    public var providedFeatures: Set<ListFeature> { [.refresh] }

    /// Starts a refresh unless one is in flight.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        refresh()
    }

    /// Ends the refresh in flight, and resets the pagination plugin given at creation.
    ///
    /// - Parameter hasMore: Whether pages can be loaded after the refreshed content (default `true`).
    public func endRefreshing(hasMore: Bool = true) {
        guard isRefreshing else { return }
        isRefreshing = false
        pagination?.reset(hasMore: hasMore)
    }

    /// Starts a refresh when the host reports a pull.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        if case .didRequestRefresh = event { beginRefreshing() }
    }
}
