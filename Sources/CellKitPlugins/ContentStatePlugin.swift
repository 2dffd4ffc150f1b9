@_spi(ListHost) import CellKit
import DiffableStore

/// Shows a ``/CellKit/ContentUnavailable`` description in place of the list when it has no items: one for
/// an empty list, one while its first content loads, one after that load failed (with a retry button).
///
/// ```swift
/// let state = ContentStatePlugin(pagination: pagination, refresh: refresh) { state in
///     switch state {
///     case .content: nil
///     case .empty: ContentUnavailable(text: "No posts yet")
///     case .loading: ContentUnavailable(text: "Loading…")
///     case .failed(let message): ContentUnavailable(text: "Could not load", secondaryText: message, buttonTitle: "Retry")
///     }
/// }
/// try dataSource.attach(pagination, refresh, state)   // after the pagination plugin
/// ```
///
/// # States
/// The plugin works the ``state`` out from the list and the plugins it is given, so the placeholder and
/// the plugins' own rows never contradict each other:
/// - ``State/content`` when the list has items (a ``PaginationStatusRow`` does not count): the rows show, and
///   the pagination status row reports later pages;
/// - otherwise ``State/loading`` while the refresh plugin refreshes, the pagination plugin loads, or ``load``
///   is ``Load/loading``;
/// - otherwise ``State/failed(_:)`` when the pagination plugin's last load failed, or ``load`` is
///   ``Load/failed(_:)``;
/// - otherwise ``State/empty``.
///
/// Without those plugins the app says how its own first load goes through ``load``. While the placeholder
/// shows, the plugin keeps the pagination status row out of the list (attach it after the pagination plugin,
/// whose ``/CellKit/ListPlugin/decorate(_:in:)`` adds the row first).
///
/// # Retry
/// A description for ``State/failed(_:)`` with a button title and no action gets ``retry()`` as its action.
@MainActor
public final class ContentStatePlugin: ListPlugin {
    /// What the list shows.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// The list has items: the rows show.
        case content
        /// The list has no items and nothing loads.
        case empty
        /// The list has no items and its content loads.
        case loading
        /// The list has no items and loading them failed, with the error's description.
        case failed(String)

        /// `"content"`, `"empty"`, `"loading"`, `"failed: offline"`.
        public var description: String {
            switch self {
            case .content: "content"
            case .empty: "empty"
            case .loading: "loading"
            case .failed(let message): "failed: \(message)"
            }
        }
    }

    /// How the app's own load of the content goes, when no plugin given at creation loads it.
    public enum Load: Hashable, Sendable {
        /// No load under way, none failed.
        case idle
        /// A load is under way.
        case loading
        /// The last load failed, with the error's description.
        case failed(String)
    }

    /// How the app's own load goes: set it when a load starts, fails or ends (``Load/idle``).
    public var load: Load = .idle {
        didSet { update() }
    }
    /// What the list shows now.
    public private(set) var state: State = .content
    private let pagination: PaginationPlugin?
    private let refresh: RefreshPlugin?
    private let onRetry: (@MainActor () -> Void)?
    private let describe: @MainActor (State) -> ContentUnavailable?
    private weak var context: ListPluginContext?

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - pagination: A pagination plugin whose loads and failures the states follow (retry retries it).
    ///   - refresh: A refresh plugin: a refresh under way is a load (retry after a failure of ``load``
    ///     begins a refresh).
    ///   - retry: What retry does after ``load`` failed when no refresh plugin is given; `load` is set to
    ///     ``Load/loading`` before it is called.
    ///   - content: What to show for a state, or `nil` to show nothing (it is not asked for
    ///     ``State/content``).
    public init(
        pagination: PaginationPlugin? = nil,
        refresh: RefreshPlugin? = nil,
        retry: (@MainActor () -> Void)? = nil,
        content: @escaping @MainActor (State) -> ContentUnavailable?
    ) {
        self.pagination = pagination
        self.refresh = refresh
        self.onRetry = retry
        self.describe = content
        pagination?.stateObservers.append { [weak self] in self?.update() }
        refresh?.stateObservers.append { [weak self] in self?.update() }
    }

    /// Loads again after a failure: the pagination plugin's ``PaginationPlugin/retry()`` when its load
    /// failed; after ``load`` failed, a refresh, or the `retry` handler given at creation. Does nothing in
    /// any other state.
    public func retry() {
        if case .failed = pagination?.state {
            pagination?.retry()
        } else if case .failed = load {
            if let refresh {
                load = .idle
                refresh.beginRefreshing()
            } else {
                load = .loading
                onRetry?()
            }
        }
    }

    /// Remembers the context and shows the state of the list as it is.
    public func attach(to context: ListPluginContext) {
        self.context = context
        update()
    }

    /// Shows the rows again.
    public func detach(from context: ListPluginContext) {
        context.showContentUnavailable(nil)
        self.context = nil
        state = .content
    }

    /// Keeps the pagination status rows out of a snapshot that has no other item: the placeholder shows
    /// the load instead.
    ///
    /// - Complexity: O(1).
    public func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {
        // Only a snapshot of one or two items can be status rows alone: count before listing them.
        guard (1...2).contains(snapshot.count) else { return }
        let items = snapshot.items
        guard items.allSatisfy({ $0.base is PaginationStatusRow }) else { return }
        try? snapshot.delete(items)
    }

    /// Shows the state of the list after applies.
    public func didApply(in context: ListPluginContext) { update() }

    /// Works the state out and, when it changed, shows its description.
    private func update() {
        guard let context else { return }
        let next = currentState(in: context)
        guard next != state else { return }
        state = next
        guard next != .content, var content = describe(next) else {
            context.showContentUnavailable(nil)
            return
        }
        if case .failed = next, content.buttonTitle != nil, content.buttonAction == nil {
            content.buttonAction = { [weak self] in self?.retry() }
        }
        context.showContentUnavailable(content)
    }

    private func currentState(in context: ListPluginContext) -> State {
        if hasItems(in: context) { return .content }
        if refresh?.isRefreshing == true || load == .loading { return .loading }
        switch pagination?.state {
        case .loading: return .loading
        case .failed(let message): return .failed(message)
        default: break
        }
        if case .failed(let message) = load { return .failed(message) }
        return .empty
    }

    /// Whether the list has an item other than a pagination status row (at most one at each end).
    ///
    /// - Complexity: O(s) for *s* sections.
    private func hasItems(in context: ListPluginContext) -> Bool {
        var count = 0
        for section in 0..<context.numberOfSections { count += context.numberOfItems(inSection: section) }
        guard count > 0 else { return false }
        guard count <= 2 else { return true }
        let rows = [context.firstItem, context.lastItem].compactMap { $0 }.filter { $0.base is PaginationStatusRow }
        return count > Set(rows).count
    }
}
