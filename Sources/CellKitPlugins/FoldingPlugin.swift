@_spi(PluginSupport) import CellKit
import DiffableStore

/// Folds and unfolds an item's children when it is selected: a flat outline, built with inserts and
/// deletes in the item's section.
///
/// ```swift
/// let folding = FoldingPlugin { item in (item.base as? Folder)?.children.map(AnyHashable.init) }
/// try dataSource.attach(folding)
/// ```
///
/// Collapsing removes the whole visible subtree (children, and the children of expanded children);
/// expanding shows it again with each descendant's own state, which is kept by identity. The toggled
/// item is reconfigured in place, so its cell can show its state (read ``isExpanded(_:)`` there). A
/// toggle made while the previous toggle's apply is still queued is ignored, so two taps delivered
/// together make one batch. Expand and collapse from code with ``toggle(_:)``, ``expand(_:)`` and
/// ``collapse(_:)``.
///
/// Folding holds in every snapshot applied: one built from your model, without children, gets the
/// subtrees of its expanded items back (see ``decorate(_:in:)``), and deleting an expanded item deletes
/// its shown subtree.
///
/// # Folding or an outline
/// Use this plugin for a flat feed whose model knows each item's children (a closure answers them)
/// and where a tap folds: it needs nothing but the closure, and its state lives in the plugin. Use an
/// outline section (``/CellKit/UniversalDataSource/apply(_:to:animatingDifferences:)`` with a
/// ``/DiffableStore/SectionSnapshot``) when the section is a tree you build: the data source then holds the
/// whole tree, hidden items included, gives cells their level and expansion in ``/CellKit/CellContext``, asks
/// ``/CellKit/SectionSnapshotHandlers`` before expanding (veto, lazily loaded children), and keeps expansion
/// across rebuilt section snapshots. One section is managed by one of them: applying a section
/// snapshot with an item this plugin folds (or shows as a folded child) throws
/// ``/CellKit/OutlineError/foldingConflict(section:item:)``, and a fold of an item in an outline section is
/// refused with ``/CellKit/DataSourceError/outlineSectionChanged(section:)`` (reported to ``onError`` for taps).
@MainActor
public final class FoldingPlugin: ListPlugin {
    private let children: @MainActor (_ item: AnyHashable) -> [AnyHashable]?
    /// The items whose children show (or would show, once their parent does).
    ///
    /// An item that leaves the list is forgotten once the list settles after the apply that removed it
    /// (it comes back collapsed); one hidden under a collapsed ancestor that is in the list is kept.
    public private(set) var expandedItems: Set<AnyHashable> = []
    /// The parent each child was last shown under, to tell an expanded item hidden under a collapsed
    /// ancestor (kept) from one that left the list (forgotten).
    private var parents: [AnyHashable: AnyHashable] = [:]
    /// Called when a toggle could not be applied (a child already in the list elsewhere, or one with
    /// no cell registration); nothing changed then.
    public var onError: (@MainActor (_ error: ListPluginContext.EditError) -> Void)?
    private weak var context: ListPluginContext?
    private var togglePending = false

    /// Creates the plugin.
    ///
    /// - Parameter children: The children of an item, or `nil` for an item that does not fold.
    public init(children: @escaping @MainActor (_ item: AnyHashable) -> [AnyHashable]?) {
        self.children = children
    }

    /// Creates the plugin for items that say what their children are (``FoldableItem``).
    public convenience init() {
        self.init { item in (item.base as? any FoldableItem)?.foldableChildren }
    }

    /// Folding: one folding plugin per data source.
    public var providedFeatures: Set<ListFeature> { [.folding] }

    /// Whether an item is expanded.
    public func isExpanded(_ item: AnyHashable) -> Bool { expandedItems.contains(item) }

    /// Expands a collapsed item, or collapses an expanded one.
    ///
    /// - Parameter item: An item on screen that folds.
    /// - Throws: ``/CellKit/ListPluginContext/EditError`` when the edit cannot be applied; nothing changes then.
    public func toggle(_ item: AnyHashable) throws(ListPluginContext.EditError) {
        if isExpanded(item) { try collapse(item) } else { try expand(item) }
    }

    /// Shows an item's children (and the subtrees of expanded children) right after it.
    ///
    /// - Parameter item: An item on screen that folds; one already expanded is left alone.
    /// - Throws: ``/CellKit/ListPluginContext/EditError`` when the edit cannot be applied; nothing changes then.
    public func expand(_ item: AnyHashable) throws(ListPluginContext.EditError) {
        guard !isExpanded(item), children(item) != nil, let context, !togglePending else { return }
        let subtree = visibleSubtree(of: item, assumingExpanded: true)
        expandedItems.insert(item)
        do {
            try perform(in: context) { (edits: inout ItemEdits) throws(SnapshotError) in
                if !subtree.isEmpty { try edits.insert(subtree, after: item) }
                try edits.reconfigure([item])
            }
        } catch {
            expandedItems.remove(item)
            throw error
        }
    }

    /// Hides an item's visible subtree.
    ///
    /// - Parameter item: An expanded item; a collapsed one is left alone.
    /// - Throws: ``/CellKit/ListPluginContext/EditError`` when the edit cannot be applied; nothing changes then.
    public func collapse(_ item: AnyHashable) throws(ListPluginContext.EditError) {
        guard isExpanded(item), let context, !togglePending else { return }
        let subtree = visibleSubtree(of: item, assumingExpanded: true)
        expandedItems.remove(item)
        do {
            try perform(in: context) { (edits: inout ItemEdits) throws(SnapshotError) in
                let shown = subtree.filter { edits.contains($0) }
                if !shown.isEmpty { try edits.delete(shown) }
                try edits.reconfigure([item])
            }
        } catch {
            expandedItems.insert(item)
            throw error
        }
    }

    /// Keeps folding true in every snapshot applied, whoever built it: an expanded item whose subtree
    /// is entirely missing (a snapshot built from the app's model, without children) gets it back right
    /// after it; the shown subtree of an expanded item that is gone is removed with it.
    ///
    /// - Complexity: O(e × d) expected for *e* expanded items with *d* descendants shown each.
    public func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {
        for parent in expandedItems {
            let subtree = visibleSubtree(of: parent, assumingExpanded: true)
            guard !subtree.isEmpty else { continue }
            if snapshot.contains(parent) {
                if !subtree.contains(where: snapshot.contains) { try? snapshot.insert(subtree, after: parent) }
            } else {
                let orphans = subtree.filter(snapshot.contains)
                if !orphans.isEmpty { try? snapshot.delete(orphans) }
            }
        }
    }

    /// The first of `items` this plugin manages: one it folds, or one it shows as a folded child (an
    /// outline section refuses it).
    ///
    /// - Parameter items: Every item of an outline about to be shown.
    /// - Returns: The first managed item, or `nil`.
    /// - Complexity: O(k + e × d) expected for *k* items and *e* expanded items with *d* descendants
    ///   shown each, plus a call of the `children` closure per item.
    @_spi(PluginSupport) public func firstManagedItem(among items: [AnyHashable]) -> AnyHashable? {
        var shown = Set<AnyHashable>()
        for parent in expandedItems { shown.formUnion(visibleSubtree(of: parent, assumingExpanded: true)) }
        return items.first { shown.contains($0) || children($0) != nil }
    }

    /// The children of `item`, each followed by its own visible subtree when it is expanded.
    private func visibleSubtree(of item: AnyHashable, assumingExpanded: Bool) -> [AnyHashable] {
        guard assumingExpanded || isExpanded(item), let children = children(item) else { return [] }
        var result: [AnyHashable] = []
        for child in children {
            parents[child] = item
            result.append(child)
            result += visibleSubtree(of: child, assumingExpanded: false)
        }
        return result
    }

    private func perform(in context: ListPluginContext, _ body: (inout ItemEdits) throws(SnapshotError) -> Void)
        throws(ListPluginContext.EditError)
    {
        togglePending = true
        do {
            try context.updateItems(body)
        } catch {
            togglePending = false
            throw error
        }
    }

    /// Remembers the context, to edit the items.
    public func attach(to context: ListPluginContext) { self.context = context }

    /// Toggles an item that folds when it is selected, then deselects its row: a fold tap leaves no
    /// row selected.
    public func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        guard case .didSelect(let item, _) = event, children(item) != nil else { return }
        do {
            try toggle(item)
        } catch {
            onError?(error)
        }
        // Where the item is now: folding edits rows after it, so this is where it was tapped.
        context.deselect(item)
    }

    /// The toggle's apply has run: the next toggle may start. Forgets the expanded items that left the
    /// list (see ``expandedItems``).
    ///
    /// - Complexity: O(e + c) expected for *e* expanded items and *c* children shown so far that are
    ///   still in the list or under an item in it.
    public func didApply(in context: ListPluginContext) {
        togglePending = false
        forgetItemsNotInList(context)
    }

    /// Keeps in ``expandedItems`` (and in `parents`) only the items in the list, or under an ancestor in it.
    private func forgetItemsNotInList(_ context: ListPluginContext) {
        guard !expandedItems.isEmpty || !parents.isEmpty else { return }
        var known: [AnyHashable: Bool] = [:]
        func isInList(_ item: AnyHashable) -> Bool {
            if let answer = known[item] { return answer }
            known[item] = false  // a cycle of parents is in no list
            let answer = context.indexPath(for: item) != nil || parents[item].map(isInList) == true
            known[item] = answer
            return answer
        }
        expandedItems = expandedItems.filter(isInList)
        parents = parents.filter { isInList($0.key) }
    }
}

/// An item that folds: its children show under it when it is expanded. A snapshot holding one is
/// refused by `apply` while no ``FoldingPlugin`` (or other plugin providing `ListFeature.folding`)
/// is attached, so an item never asks to fold in a list that cannot.
///
/// ```swift
/// struct Folder: FoldableItem {
///     var name: String
///     var files: [File]
///     var foldableChildren: [AnyHashable]? { files.map(AnyHashable.init) }
/// }
/// try dataSource.attach(FoldingPlugin())
/// ```
public protocol FoldableItem: FeatureDependentItem, Hashable {
    /// The children shown under the item when it is expanded, or `nil` when it does not fold.
    var foldableChildren: [AnyHashable]? { get }
}

extension FoldableItem {
    /// `ListFeature.folding`.
    public static var requiredFeature: ListFeature { .folding }
}

@_spi(PluginSupport) extension FoldingPlugin: RowManagingPlugin {}
