import DiffableStore

/// A behaviour attached to a data source: pagination, selection per item type, display tracking, and
/// the like, added by composition instead of by subclassing.
///
/// Attach plugins with ``UniversalDataSource/attach(_:)``. Each is attached once and detached once;
/// every host event reaches the plugins in the order they were attached, already resolved to the item
/// it was about when it happened, and before ``UniversalDataSource/onSelect`` and
/// ``UniversalDataSource/onEvent``. A plugin that changes the data in reaction to an event calls
/// `apply`: the apply is queued and runs after the event delivery, in order.
///
/// ```swift
/// try dataSource.attach(
///     SelectionPlugin().on(Tile.self) { tile, _ in open(tile) },
///     LastItemVisiblePlugin { print("reached the end") }
/// )
/// ```
@MainActor
public protocol ListPlugin: AnyObject {
    /// Whether more than one plugin of this type may be attached to one data source (default `false`:
    /// a second one is refused with ``PluginError/duplicate(pluginType:)``).
    static var allowsMultipleInstances: Bool { get }

    /// The features this plugin provides (none by default): a second attached plugin providing one of
    /// them is refused with ``PluginError/secondProvider(feature:pluginType:providedBy:)``, and items
    /// that need one (``FeatureDependentItem``) are accepted by `apply` only while a plugin provides it.
    var providedFeatures: Set<ListFeature> { get }

    /// Called once, when the plugin is attached.
    ///
    /// - Parameter context: What the plugin may read of the data source and its host.
    func attach(to context: ListPluginContext)

    /// Called once, when the plugin is detached (or its data source attaches it no more).
    ///
    /// - Parameter context: The context it was attached with.
    func detach(from context: ListPluginContext)

    /// Called with every host event, in order, when the data source is settled (no apply running).
    ///
    /// - Parameters:
    ///   - event: What happened; item events name the item they were about when they happened.
    ///   - context: The data source and host, as they are now.
    func handle(_ event: ListHostEvent, in context: ListPluginContext)

    /// Where a drag should come to rest: return `proposedContentOffset` to keep it, or another offset (to
    /// snap to a row, for example), in the host's units (lines on `TextListView`, points on the UIKit hosts). Plugins are asked in attachment order, each with the previous answer.
    ///
    /// - Parameters:
    ///   - proposedContentOffset: The content offset the content would rest at (after earlier plugins'
    ///     rewrites).
    ///   - velocity: How far, in the host's units, the content would coast (positive downwards).
    ///   - context: The data source and host, as they are now.
    /// - Returns: The content offset to rest at.
    func targetContentOffset(forDragEndingAt proposedContentOffset: Int, velocity: Int, in context: ListPluginContext)
        -> Int

    /// The actions a swipe on an edge of an item's row reveals, or `nil` when the plugin offers none.
    /// The first plugin, in attachment order, that answers non-`nil` provides them.
    ///
    /// - Parameters:
    ///   - item: The swiped item.
    ///   - edge: The edge swiped.
    ///   - context: The data source and host, as they are now.
    func swipeActions(for item: AnyHashable, edge: SwipeEdge, in context: ListPluginContext)
        -> SwipeActionsConfiguration?

    /// The context menu a long press on items' rows opens, built from the items when the user asks for
    /// it, or `nil` when the plugin offers none. The first plugin, in attachment order, that answers
    /// non-`nil` provides it.
    ///
    /// - Parameters:
    ///   - items: The items the menu is for: one, or several where the host opens a menu for several
    ///     (a collection view's selected items, iOS 16).
    ///   - context: The data source and host, as they are now.
    func contextMenu(for items: [AnyHashable], in context: ListPluginContext) -> ContextMenu?

    /// Adds the items the plugin manages (a loading row, an error row) to a snapshot about to be
    /// applied, and removes stale ones: called for every snapshot the data source is given, before it
    /// is checked and diffed. Keep it to a few edits.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot about to be applied, editable.
    ///   - context: The data source and host, as they are now.
    func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext)

    /// Called when the list has settled after applies: once the queued applies have been performed and
    /// the events they caused delivered (once for a run of queued applies), and once after a plugin
    /// calls ``ListPluginContext/setNeedsDidApply()``.
    ///
    /// - Parameter context: The data source and host, as they are now.
    func didApply(in context: ListPluginContext)
}

extension ListPlugin {
    /// One instance per data source.
    public static var allowsMultipleInstances: Bool { false }
    /// None.
    public var providedFeatures: Set<ListFeature> { [] }
    /// Does nothing.
    public func attach(to context: ListPluginContext) {}
    /// Does nothing.
    public func detach(from context: ListPluginContext) {}
    /// Does nothing.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {}
    /// Does nothing.
    public func didApply(in context: ListPluginContext) {}
    /// Keeps the proposal.
    public func targetContentOffset(
        forDragEndingAt proposedContentOffset: Int, velocity: Int, in context: ListPluginContext
    ) -> Int {
        proposedContentOffset
    }
    /// Offers none.
    public func swipeActions(for item: AnyHashable, edge: SwipeEdge, in context: ListPluginContext)
        -> SwipeActionsConfiguration?
    {
        nil
    }
    /// Offers none.
    public func contextMenu(for items: [AnyHashable], in context: ListPluginContext) -> ContextMenu? { nil }
    /// Adds nothing.
    public func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {}
}

/// Why a plugin could not be attached or detached. Nothing changed.
public enum PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A plugin of this type is attached already, and the type does not allow several.
    case duplicate(pluginType: String)
    /// This very plugin instance is attached to the data source already.
    case alreadyAttached(pluginType: String)
    /// One `attach` call lists this plugin instance twice (`sameInstance`), or two plugins of a type
    /// that does not allow several.
    case listedTwice(pluginType: String, sameInstance: Bool)
    /// This very plugin instance is attached to another data source: a plugin keeps the context of the
    /// one data source it serves, so it would act on that list only. Detach it there first, or make another.
    case attachedElsewhere(pluginType: String)
    /// The plugin is not attached to this data source.
    case notAttached(pluginType: String)
    /// A plugin provides a feature that an attached plugin (or one listed before it) provides already.
    case secondProvider(feature: String, pluginType: String, providedBy: String)
    /// The plugin provides a feature that items on screen need, and no other plugin provides it.
    case featureInUse(feature: String, pluginType: String, itemType: String)

    /// A sentence naming the plugin type and the rule, with type names as their declarations read
    /// (`MyApp.Tracker` for a plugin type declared in a function, not `MyApp.(unknown context at $…).Tracker`).
    public var description: String { readableTypeNames(sentence) }

    /// The sentence, with type names as `String(reflecting:)` gives them.
    private var sentence: String {
        switch self {
        case .duplicate(let type): "a \(type) is attached already; attach one per data source"
        case .alreadyAttached(let type): "this \(type) is attached already; attach a plugin once"
        case .listedTwice(let type, true): "this \(type) is listed twice in one attach call; attach a plugin once"
        case .listedTwice(let type, false):
            "two \(type) plugins are listed in one attach call; attach one per data source"
        case .attachedElsewhere(let type):
            "this \(type) is attached to another data source; a plugin serves one data source (detach it there first)"
        case .notAttached(let type): "this \(type) is not attached to the data source"
        case let .secondProvider(feature, type, provider):
            "a \(type) cannot provide \(feature): the attached \(provider) provides it already"
        case let .featureInUse(feature, type, itemType):
            "this \(type) provides \(feature), which items of type \(itemType) on screen need; remove them first"
        }
    }
}

/// What a plugin sees of its data source and host, without the data source's section type: the
/// snapshot on screen, what is visible and selected, and the edits and passes a plugin may ask for.
@MainActor
public final class ListPluginContext {
    private let host: any ListHost
    private let itemAt: @MainActor (ListIndexPath) -> AnyHashable?
    private let indexPathOf: @MainActor (AnyHashable) -> ListIndexPath?
    private let sectionCount: @MainActor () -> Int
    private let sectionAt: @MainActor (Int) -> AnyHashable?
    private let itemCount: @MainActor (Int) -> Int
    private let needsDidApply: @MainActor () -> Void
    private let edit: @MainActor (_ body: (inout ItemEdits) throws -> Void) throws(ListPluginContext.EditError) -> Void
    private let reportApplyError: @MainActor (DataSourceError) -> Void
    private let registrationFor: @MainActor (AnyHashable) -> ViewRegistration?
    private let reportDiagnostic: @MainActor (RegistrationError) -> Void

    init(
        host: any ListHost,
        item: @escaping @MainActor (ListIndexPath) -> AnyHashable?,
        indexPath: @escaping @MainActor (AnyHashable) -> ListIndexPath?,
        numberOfSections: @escaping @MainActor () -> Int,
        sectionIdentifier: @escaping @MainActor (Int) -> AnyHashable?,
        numberOfItems: @escaping @MainActor (Int) -> Int,
        setNeedsDidApply: @escaping @MainActor () -> Void,
        edit:
            @escaping @MainActor (_ body: (inout ItemEdits) throws -> Void) throws(ListPluginContext.EditError) -> Void,
        reportApplyError: @escaping @MainActor (DataSourceError) -> Void,
        cellRegistration: @escaping @MainActor (AnyHashable) -> ViewRegistration?,
        report: @escaping @MainActor (RegistrationError) -> Void
    ) {
        self.host = host
        self.itemAt = item
        self.indexPathOf = indexPath
        self.sectionCount = numberOfSections
        self.sectionAt = sectionIdentifier
        self.itemCount = numberOfItems
        self.needsDidApply = setNeedsDidApply
        self.edit = edit
        self.reportApplyError = reportApplyError
        self.registrationFor = cellRegistration
        self.reportDiagnostic = report
    }

    /// Why an edit of the items was not applied. Nothing changed.
    public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
        /// An edit broke a snapshot rule (a duplicate, an item that is not there).
        case snapshot(SnapshotError)
        /// The data source refused the edited snapshot (an item type with no registration).
        case dataSource(DataSourceError)
        /// The edit closure threw an error of its own, described here; nothing was applied.
        case body(String)

        /// The underlying error's sentence.
        public var description: String {
            switch self {
            case .snapshot(let error): "\(error)"
            case .dataSource(let error): "\(error)"
            case .body(let description): "the edit threw: \(description)"
            }
        }
    }

    /// Edits the items on screen and applies the result, animated: at once when the data source is idle,
    /// queued after the events and applies it is working through otherwise.
    ///
    /// The closure may be written short, `{ edits in try edits.insert(rows, after: item) }`, or with its
    /// type spelled out, `{ (edits: inout ItemEdits) throws(SnapshotError) in … }`: both are accepted.
    ///
    /// ```swift
    /// try context.updateItems { edits in try edits.insert([detail], after: row) }
    /// ```
    ///
    /// - Parameter body: Edits a copy of the snapshot on screen (the last one queued, when applies are
    ///   queued). If it throws, nothing is applied.
    /// - Throws: ``EditError`` when an edit or the apply's check fails, or `body` throws an error of its
    ///   own (``EditError/body(_:)``); nothing changes then.
    public func updateItems(_ body: (inout ItemEdits) throws -> Void) throws(EditError) {
        try edit(body)
    }

    /// Shows `content` in place of the list's rows, or the rows again for `nil` (see ``ContentUnavailable``).
    ///
    /// - Parameter content: What the host shows in place of the rows, or `nil`.
    @_spi(ListHost) public func showContentUnavailable(_ content: ContentUnavailable?) {
        host.showContentUnavailable(content)
    }

    /// Applies the snapshot on screen again, so that the plugins' ``ListPlugin/decorate(_:in:)`` can
    /// add or remove the items they manage (queued when the data source is busy).
    ///
    /// No caller is left to throw to: when the data source refuses the decorated snapshot (an item a
    /// plugin adds has no cell registration, such as a `PaginationStatusRow` of `CellKitPlugins`), nothing changes and the
    /// error goes to ``UniversalDataSource/onApplyError``.
    public func setNeedsDecoration() {
        do {
            try updateItems { _ in }
        } catch {
            if case .dataSource(let error) = error { reportApplyError(error) }
        }
    }

    /// Asks for a ``ListPlugin/didApply(in:)`` pass: at once when the data source is idle, otherwise
    /// after the events and applies it is working through (so a plugin that finished a load from inside
    /// an event handler looks at the list once the handler's apply has been performed).
    public func setNeedsDidApply() { needsDidApply() }

    /// The item at an index path of the snapshot on screen, or `nil`.
    ///
    /// - Complexity: O(1).
    public func item(at indexPath: ListIndexPath) -> AnyHashable? { itemAt(indexPath) }

    /// The index path of an item in the snapshot on screen, or `nil`.
    ///
    /// - Complexity: Expected O(1) + O(log s).
    public func indexPath(for item: AnyHashable) -> ListIndexPath? { indexPathOf(item) }

    /// The identifier of the section at an index on screen, or `nil` when out of range.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(at index: Int) -> AnyHashable? { sectionAt(index) }

    /// The number of sections on screen.
    public var numberOfSections: Int { sectionCount() }

    /// The number of items in a section on screen.
    ///
    /// - Parameter section: A section index in range.
    public func numberOfItems(inSection section: Int) -> Int { itemCount(section) }

    /// The cell registration that would serve an item (``UniversalDataSource/cellRegistration(for:)``), or
    /// `nil` when none does: a plugin that adds items of its own checks that they can show. Package API,
    /// for the plugins of `CellKitPlugins`.
    ///
    /// - Parameter item: An item; it need not be on screen.
    /// - Complexity: Expected O(1) once the item's type is resolved.
    package func cellRegistration(for item: AnyHashable) -> ViewRegistration? { registrationFor(item) }

    /// Records a misconfiguration the plugin noticed in the data source's
    /// ``UniversalDataSource/diagnostics`` (told to ``UniversalDataSource/onDiagnostic``, or printed in debug
    /// builds). Package API, for the plugins of `CellKitPlugins`.
    ///
    /// - Parameter diagnostic: What is wrong, naming what to do.
    package func report(_ diagnostic: RegistrationError) { reportDiagnostic(diagnostic) }

    /// The items visible now, in order.
    public var visibleItems: [AnyHashable] { host.indexPathsForVisibleItems.compactMap { item(at: $0) } }

    /// The items selected now, in the order the host lists them (UIKit's `indexPathsForSelectedItems`;
    /// the text host's, in the order they were selected); empty on a host without selection (one that
    /// is not a ``SelectableListHost``).
    ///
    /// - Complexity: O(k) for *k* selected items.
    public var selectedItems: [AnyHashable] {
        guard let host = host as? any SelectableListHost else { return [] }
        return host.indexPathsForSelectedItems.compactMap { item(at: $0) }
    }

    /// Whether the user may select several items at once (``SelectableListHost/allowsMultipleSelection``);
    /// on a host without selection, `false`, and setting it does nothing.
    public var allowsMultipleSelection: Bool {
        get { (host as? any SelectableListHost)?.allowsMultipleSelection ?? false }
        set {
            guard let host = host as? any SelectableListHost else { return }
            host.allowsMultipleSelection = newValue
        }
    }

    /// Deselects an item where it is now, if it is selected, and the host tells
    /// ``ListHostEvent/didDeselect(_:at:)``; does nothing for an item not on screen or on a host
    /// without selection.
    ///
    /// - Parameter item: An item, by identity.
    /// - Complexity: Expected O(1) + O(log s) to find the item.
    public func deselect(_ item: AnyHashable) {
        guard let now = indexPath(for: item) else { return }
        host.deselectItem(at: now)
    }
}

/// Item edits a plugin makes on a copy of the snapshot on screen, without its section type: see
/// ``ListPluginContext/updateItems(_:)``.
@MainActor
public struct ItemEdits {
    let insertAfter: ([AnyHashable], AnyHashable) throws(SnapshotError) -> Void
    let deleteItems: ([AnyHashable]) throws(SnapshotError) -> Void
    let containsItem: (AnyHashable) -> Bool
    let appendItems: ([AnyHashable]) throws(SnapshotError) -> Void
    let prependItems: ([AnyHashable]) throws(SnapshotError) -> Void
    let allItems: () -> [AnyHashable]
    let itemCount: () -> Int
    let reconfigureItems: ([AnyHashable]) throws(SnapshotError) -> Void

    /// Inserts items right after an item.
    ///
    /// - Parameters:
    ///   - items: New items, not in the snapshot.
    ///   - item: An item in the snapshot.
    /// - Throws: `SnapshotError` for a duplicate or a missing `item`; nothing changes then.
    /// - Complexity: Expected O(k + d) for *k* items, moving *d* items after the position.
    public func insert(_ items: [AnyHashable], after item: AnyHashable) throws(SnapshotError) {
        try insertAfter(items, item)
    }

    /// Deletes items.
    ///
    /// - Parameter items: Items in the snapshot.
    /// - Throws: `SnapshotError` for an item that is not there; nothing changes then.
    public func delete(_ items: [AnyHashable]) throws(SnapshotError) { try deleteItems(items) }

    /// Appends items to the end of the last section.
    ///
    /// - Parameter items: New items, not in the snapshot.
    /// - Throws: `SnapshotError` for a duplicate, or when the snapshot has no section; nothing changes then.
    /// - Complexity: Amortized expected O(k).
    public func append(_ items: [AnyHashable]) throws(SnapshotError) { try appendItems(items) }

    /// Inserts items at the start of the first section.
    ///
    /// - Parameter items: New items, not in the snapshot.
    /// - Throws: `SnapshotError` for a duplicate, or when the snapshot has no section; nothing changes then.
    /// - Complexity: Expected O(k + n) (the items after them move).
    public func prepend(_ items: [AnyHashable]) throws(SnapshotError) { try prependItems(items) }

    /// Every item, section after section.
    ///
    /// - Complexity: O(n).
    public var items: [AnyHashable] { allItems() }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    package var count: Int { itemCount() }

    /// Marks items to be configured again in place when the snapshot is applied (their content is
    /// the same; something their cell shows, such as a fold arrow, changed).
    ///
    /// - Parameter items: Items in the snapshot.
    /// - Throws: `SnapshotError` for an item that is not there; nothing changes then.
    public func reconfigure(_ items: [AnyHashable]) throws(SnapshotError) { try reconfigureItems(items) }

    /// Whether the snapshot holds an item.
    ///
    /// - Complexity: Expected O(1).
    public func contains(_ item: AnyHashable) -> Bool { containsItem(item) }
}
