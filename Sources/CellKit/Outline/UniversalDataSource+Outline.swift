import DiffableStore

/// The closures that take part when items of outline sections are expanded and collapsed through the
/// data source (``UniversalDataSource/expand(_:animatingDifferences:)``,
/// ``UniversalDataSource/collapse(_:animatingDifferences:)`` and
/// ``UniversalDataSource/toggle(_:animatingDifferences:)``: what a tap on a disclosure calls), like
/// Apple's `sectionSnapshotHandlers`. Expansion stated in a section snapshot you apply does not ask them.
///
/// ```swift
/// dataSource.sectionSnapshotHandlers.shouldCollapse = { item in item != pinnedFolder }
/// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
///     children.count > 0 ? children : loadChildren(of: parent)    // asked on every expand: load once
/// }
/// ```
@MainActor
public struct SectionSnapshotHandlers {
    /// Whether an item may expand; `false` vetoes it (nothing changes, no batch). `nil` allows all.
    public var shouldExpand: (@MainActor (_ item: AnyHashable) -> Bool)?
    /// Called before an item expands (after ``shouldExpand`` allowed it).
    public var willExpand: (@MainActor (_ item: AnyHashable) -> Void)?
    /// Whether an item may collapse; `false` vetoes it (nothing changes, no batch). `nil` allows all.
    public var shouldCollapse: (@MainActor (_ item: AnyHashable) -> Bool)?
    /// Called before an item collapses (after ``shouldCollapse`` allowed it).
    public var willCollapse: (@MainActor (_ item: AnyHashable) -> Void)?
    /// The children an item gets as it expands, given the ones it has (as a section snapshot whose
    /// roots are its children): return them to keep them, or another section snapshot to replace them,
    /// such as children loaded lazily. Expansion the returned snapshot does not state is the one
    /// remembered for each item.
    ///
    /// It is asked on every expand made through the data source, not only the first, with the children
    /// the item has then (on a later expand, the ones it supplied before): a provider that loads once
    /// returns `currentChildren` when they are there.
    public var snapshotForExpandingParent:
        (
            @MainActor (_ parent: AnyHashable, _ currentChildren: SectionSnapshot<AnyHashable>) -> SectionSnapshot<
                AnyHashable
            >
        )?

    /// Handlers that allow every expand and collapse and supply no children.
    public init() {}
}

extension UniversalDataSource {
    /// Shows a section as an outline: the section's rows become the section snapshot's visible items,
    /// depth first, and the differences from what the section showed are animated like any apply.
    ///
    /// The section becomes an *outline section*: cells of its items get their ``CellContext/level``
    /// and ``CellContext/isExpanded``, kept current; ``expand(_:animatingDifferences:)`` and
    /// ``collapse(_:animatingDifferences:)`` show and hide an item's visible subtree as one batch of
    /// inserts or deletes right after it. Expansion the section snapshot does not state (items added
    /// to it and not expanded or collapsed; see ``/DiffableStore/SectionSnapshot/statedExpansion(of:)``) is
    /// the one the data source remembers for that item, by identity, so a section snapshot rebuilt from your
    /// model keeps what the user expanded; a stated expansion replaces what was remembered.
    ///
    /// A whole ``/DiffableStore/Snapshot`` applied later keeps the outline of every section it leaves as it
    /// is shown (or empty: the outline fills it in again); deleting the section ends its outline. Every item
    /// of the section snapshot, hidden ones too, must be in no other section.
    ///
    /// ```swift
    /// var outline = SectionSnapshot<AnyHashable>()
    /// try outline.append([folder])
    /// try outline.append(folder.files, to: folder)
    /// try dataSource.apply(outline, to: .files)          // the folder, collapsed: one row
    /// try dataSource.expand(folder)                      // its files are inserted after it
    /// ```
    ///
    /// - Note: Use an outline or a `FoldingPlugin` for a section, not both: the plugin folds flat
    ///   feeds whose model knows each item's children, and reacts to taps by itself; an outline holds
    ///   the section's whole tree, hidden items included, levels for the cells, and handlers.
    /// - Parameters:
    ///   - sectionSnapshot: The section's items as a forest, with their expansion.
    ///   - section: A section of the data source's snapshot (the last one queued, during event delivery).
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: ``OutlineError/sectionNotFound(section:)`` when the data source has no such section;
    ///   ``OutlineError/duplicateItem(item:section:)`` for an item in another section (shown or hidden);
    ///   ``OutlineError/foldingConflict(section:item:)`` when an attached `FoldingPlugin` manages one of
    ///   its items; ``OutlineError/dataSource(_:)`` for what ``apply(_:animatingDifferences:)-1d0a7`` throws.
    ///   Nothing changes then.
    /// - Complexity: Expected O(k × (o + log s)) to check the *k* items of `sectionSnapshot` against the
    ///   *o* outline sections, plus O(n) to put its visible items into the section, plus the cost of
    ///   ``apply(_:animatingDifferences:)-1d0a7``.
    public func apply(
        _ sectionSnapshot: SectionSnapshot<AnyHashable>, to section: SectionIdentifier,
        animatingDifferences: Bool = true
    ) throws(OutlineError) {
        try transaction.applyOutline(sectionSnapshot, to: section, animated: animatingDifferences)
    }

    /// A section's items as a section snapshot: an outline section's whole forest with every item's
    /// expansion stated, or, for another section, its items as roots.
    ///
    /// While applies are queued (during the delivery of events), this is the section as the last one
    /// queued will show it, which is what ``expand(_:animatingDifferences:)`` builds on.
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: The section snapshot, or `nil` when the data source has no such section.
    /// - Complexity: O(1) for an outline section; expected O(m) for another section of *m* items.
    public func sectionSnapshot(for section: SectionIdentifier) -> SectionSnapshot<AnyHashable>? {
        if let outline = transaction.latestOutlines[section] { return outline }
        guard let items = transaction.latestSnapshot.itemIdentifiers(inSection: section) else { return nil }
        var flat = SectionSnapshot<AnyHashable>()
        _ = try? flat.append(items)  // a snapshot's items are unique
        return flat
    }

    /// Whether an item of an outline section is expanded.
    ///
    /// - Parameter item: An item.
    /// - Returns: `false` as well for an item in no outline section.
    /// - Complexity: Expected O(o) for *o* outline sections.
    public func isExpanded(_ item: AnyHashable) -> Bool {
        OutlineStore.section(containing: item, in: transaction.latestOutlines)?.outline.isExpanded(item) ?? false
    }

    /// Expands an item of an outline section, as a tap on its disclosure does: its visible subtree is
    /// inserted right after it, in one batch, and its cell is configured again (its context's
    /// ``CellContext/isExpanded`` changed).
    ///
    /// An expanded item is left alone. Otherwise ``sectionSnapshotHandlers`` are asked: `shouldExpand`
    /// may veto (nothing changes), `willExpand` is told, and `snapshotForExpandingParent` may supply or
    /// replace the children. Each child shows with its own expansion, as remembered. An item whose
    /// parent is collapsed is expanded without showing anything until its parent is expanded too.
    /// Called from an event handler, the apply is queued like any other, and a second call builds on
    /// the first.
    ///
    /// - Parameters:
    ///   - item: An item of an outline section, shown or hidden.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: ``OutlineError/itemNotFound(item:)`` for an item in no outline section;
    ///   ``OutlineError/sectionSnapshot(_:)`` or ``OutlineError/duplicateItem(item:section:)`` when
    ///   supplied children cannot be placed; what ``apply(_:to:animatingDifferences:)`` throws. Nothing
    ///   changes then.
    /// - Complexity: The cost of ``apply(_:to:animatingDifferences:)`` for the item's section.
    public func expand(_ item: AnyHashable, animatingDifferences: Bool = true) throws(OutlineError) {
        try transaction.setExpansion(of: item, expanded: true, animated: animatingDifferences)
    }

    /// Collapses an item of an outline section: its visible subtree is deleted in one batch (the
    /// descendants stay in the outline, with their own expansion), and its cell is configured again.
    ///
    /// A collapsed item is left alone. Otherwise ``sectionSnapshotHandlers`` are asked:
    /// `shouldCollapse` may veto (nothing changes), `willCollapse` is told.
    ///
    /// - Parameters:
    ///   - item: An item of an outline section, shown or hidden.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: ``OutlineError/itemNotFound(item:)`` for an item in no outline section; what
    ///   ``apply(_:to:animatingDifferences:)`` throws. Nothing changes then.
    /// - Complexity: The cost of ``apply(_:to:animatingDifferences:)`` for the item's section.
    public func collapse(_ item: AnyHashable, animatingDifferences: Bool = true) throws(OutlineError) {
        try transaction.setExpansion(of: item, expanded: false, animated: animatingDifferences)
    }

    /// Collapses an expanded item, or expands a collapsed one: what a tap on a disclosure does. For
    /// taps on the whole row, call it from ``onSelect`` (or a `SelectionPlugin` handler).
    ///
    /// - Parameters:
    ///   - item: An item of an outline section.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: What ``expand(_:animatingDifferences:)`` and ``collapse(_:animatingDifferences:)`` throw.
    /// - Complexity: The cost of ``apply(_:to:animatingDifferences:)`` for the item's section.
    public func toggle(_ item: AnyHashable, animatingDifferences: Bool = true) throws(OutlineError) {
        try transaction.setExpansion(of: item, expanded: !isExpanded(item), animated: animatingDifferences)
    }
}

extension UniversalDataSource {
    /// Shows a whole snapshot and, in one apply, the outlines of some of its sections: what
    /// `apply { }` (in `CellKitPlugins`) calls for a list with outline sections.
    ///
    /// Each section `outlines` names shows its outline's visible items, whatever the snapshot holds in it,
    /// as ``apply(_:to:animatingDifferences:)`` shows one; every other section is shown as
    /// ``apply(_:animatingDifferences:)-1d0a7`` shows it (an outline section it leaves as shown keeps its
    /// outline).
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show.
    ///   - outlines: Section snapshots by section; each section must be in `snapshot`.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: What ``apply(_:to:animatingDifferences:)`` throws, for the first section in `snapshot`'s
    ///   order that breaks a rule; ``OutlineError/dataSource(_:)`` for what
    ///   ``apply(_:animatingDifferences:)-1d0a7`` throws. Nothing changes then.
    /// - Complexity: Expected O(k × (o + log s)) for the *k* items of `outlines` and the *o* outline
    ///   sections, plus the cost of ``apply(_:animatingDifferences:)-1d0a7``.
    @_spi(PluginSupport)
    public func apply(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        withOutlines outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>], animatingDifferences: Bool = true
    ) throws(OutlineError) {
        try transaction.applyOutlines(outlines, with: snapshot, animated: animatingDifferences)
    }
}
