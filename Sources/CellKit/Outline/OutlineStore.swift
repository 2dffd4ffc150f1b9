@_spi(CellKitInternals) import DiffableStore

// How outline sections stay true: a section's rows are its outline's visible items, whatever is
// applied; queued applies carry the outlines they will show, as they carry their snapshots.

/// An item's place in a shown outline, for its cell's context.
struct OutlineRow: Hashable {
    var level: Int
    var isExpanded: Bool
}

/// What the data source keeps about its outline sections: the handlers, the outlines shown, the items
/// remembered expanded (each visible item's place, for its cell's context, is in `SnapshotStore`); and
/// how an outline becomes a section's rows.
@MainActor
final class OutlineStore<SectionIdentifier: Hashable> {
    /// What expanding and collapsing items may do (the public ``UniversalDataSource/sectionSnapshotHandlers``).
    var handlers = SectionSnapshotHandlers()
    /// The outline of each section a section snapshot was applied to, as shown; queued plans carry the
    /// outlines they will show.
    var shown: [SectionIdentifier: SectionSnapshot<AnyHashable>] = [:]
    /// Items remembered expanded, by identity: a section snapshot that does not state an item's
    /// expansion gets it from here.
    private(set) var rememberedExpanded: Set<AnyHashable> = []

    /// An outline shown in its section: the snapshot and outlines to apply, and the outline as shown.
    struct Change {
        var snapshot: Snapshot<SectionIdentifier, AnyHashable>
        var outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
        var outline: SectionSnapshot<AnyHashable>
    }

    /// The outline section holding an item (shown or hidden), and its outline.
    ///
    /// - Complexity: Expected O(o) for *o* outline sections.
    static func section(
        containing item: AnyHashable, in outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) -> (section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>)? {
        for (section, outline) in outlines where outline.contains(item) { return (section, outline) }
        return nil
    }

    /// Whether the section at an index of `snapshot` (the one on screen) is an outline section.
    func isOutlineSection(at index: Int, of snapshot: Snapshot<SectionIdentifier, AnyHashable>) -> Bool {
        guard !shown.isEmpty, let section = snapshot.sectionIdentifier(at: index) else { return false }
        return shown[section] != nil
    }

    /// Shows an outline in its section: checks it, puts its visible items into the section, and marks the
    /// cells whose level or expansion changed.
    ///
    /// - Parameters:
    ///   - given: The section's items as a forest.
    ///   - section: The section.
    ///   - latest: The latest snapshot (the last queued, or the one shown), without marks.
    ///   - outlines: The latest outlines.
    ///   - plugins: The attached plugins (one that manages an item conflicts with the outline).
    ///   - marksContextChanges: Whether some cell reads its context, so a changed level or expansion
    ///     configures it again.
    /// - Returns: What to apply.
    func change(
        _ given: SectionSnapshot<AnyHashable>, to section: SectionIdentifier,
        latest: Snapshot<SectionIdentifier, AnyHashable>, outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        plugins: [any ListPlugin], marksContextChanges: Bool
    ) throws(OutlineError) -> Change {
        var flat = latest
        guard let shown = flat.itemIdentifiers(inSection: section) else {
            throw .sectionNotFound(section: String(reflecting: section))
        }
        var outlines = outlines
        let old = outlines[section]
        var outline = given
        let items = outline.items
        // Expansion the section snapshot does not state is the one remembered.
        for item in items where outline.statedExpansion(of: item) == nil {
            if rememberedExpanded.contains(item) {
                _ = try? outline.expand([item])
            } else {
                _ = try? outline.collapse([item])
            }
        }
        // Every item, hidden ones too, in this section only.
        for item in items {
            if let other = flat.sectionIdentifier(containingItem: item), other != section {
                throw .duplicateItem(item: Self.describe(item), section: String(reflecting: other))
            }
            for (other, otherOutline) in outlines where other != section && otherOutline.contains(item) {
                throw .duplicateItem(item: Self.describe(item), section: String(reflecting: other))
            }
        }
        for plugin in plugins {
            guard let item = (plugin as? any RowManagingPlugin)?.firstManagedItem(among: items) else { continue }
            throw .foldingConflict(section: String(reflecting: section), item: Self.describe(item))
        }
        // The section shows the visible items (plugins decorate it again).
        let visible = outline.visibleItems
        let before = flat
        if visible != shown {
            do {
                try flat.deleteItems(shown)
                try flat.appendItems(visible, toSection: section)
            } catch {
                // The items were checked to be in no other section, so neither edit can fail.
                assertionFailure("showing the outline of \(section): \(error)")
                throw .duplicateItem(item: error.identifier ?? "", section: String(reflecting: section))
            }
        }
        // A cell shown before and after whose level or expansion changed is configured again.
        if marksContextChanges {
            let changed = visible.filter { item in
                guard before.contains(item) else { return false }
                let was = OutlineRow(level: old?.level(of: item) ?? 0, isExpanded: old?.isExpanded(item) ?? false)
                return was != OutlineRow(level: outline.level(of: item) ?? 0, isExpanded: outline.isExpanded(item))
            }
            if !changed.isEmpty { _ = try? flat.reconfigureItems(changed) }
        }
        outlines[section] = outline
        return Change(snapshot: flat, outlines: outlines, outline: outline)
    }

    /// Remembers the expansion of every item of an outline that was applied.
    func remember(_ outline: SectionSnapshot<AnyHashable>) {
        for item in outline.items {
            if outline.isExpanded(item) {
                rememberedExpanded.insert(item)
            } else {
                rememberedExpanded.remove(item)
            }
        }
    }

    /// Expands or collapses an item through the handlers: the outline section to apply, or `nil` when the
    /// item is expanded (collapsed) already or a handler vetoes.
    ///
    /// - Parameter latest: The latest outlines, read again after the handlers ran (they may apply).
    /// - Throws: ``OutlineError/itemNotFound(item:)``; ``OutlineError/sectionSnapshot(_:)`` when supplied
    ///   children cannot be placed.
    func expansion(
        of item: AnyHashable, expanded: Bool, latest: () -> [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) throws(OutlineError) -> (section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>)? {
        guard let found = Self.section(containing: item, in: latest()) else {
            throw .itemNotFound(item: Self.describe(item))
        }
        guard found.outline.isExpanded(item) != expanded else { return nil }
        let handlers = handlers
        if expanded {
            if let shouldExpand = handlers.shouldExpand, !shouldExpand(item) { return nil }
            handlers.willExpand?(item)
        } else {
            if let shouldCollapse = handlers.shouldCollapse, !shouldCollapse(item) { return nil }
            handlers.willCollapse?(item)
        }
        // A handler may have applied: build on the latest outline.
        guard let now = Self.section(containing: item, in: latest()) else {
            throw .itemNotFound(item: Self.describe(item))
        }
        var outline = now.outline
        if expanded, let provide = handlers.snapshotForExpandingParent, let children = outline.snapshot(of: item) {
            let supplied = provide(item, children)
            if supplied != children {
                do {
                    try outline.replace(childrenOf: item, using: supplied)
                } catch {
                    throw .sectionSnapshot(error)
                }
            }
        }
        if expanded { _ = try? outline.expand([item]) } else { _ = try? outline.collapse([item]) }
        return (now.section, outline)
    }

    /// The outlines a whole snapshot keeps, and the snapshot with the empty outline sections filled in.
    ///
    /// An outline section the snapshot deletes loses its outline; one it leaves as shown (its visible
    /// items, with or without plugin rows) or empty keeps it.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot applied.
    ///   - latest: The latest snapshot (the last queued, or the one shown).
    ///   - outlines: The latest outlines.
    /// - Throws: ``DataSourceError/outlineSectionChanged(section:)`` for a section whose items changed
    ///   otherwise; ``DataSourceError/itemInOutline(item:section:)`` for an outline's item placed in
    ///   another section.
    /// - Complexity: Expected O(o log s) for the *o* items of the outline sections; O(1) without them.
    static func keeping(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        latest: @autoclosure () -> Snapshot<SectionIdentifier, AnyHashable>,
        outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) throws(DataSourceError) -> (
        Snapshot<SectionIdentifier, AnyHashable>, [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) {
        guard !outlines.isEmpty else { return (snapshot, outlines) }
        let latest = latest()
        var result = snapshot
        var kept = outlines
        var sections: [(index: Int, section: SectionIdentifier)] = []
        for section in outlines.keys {
            if let index = snapshot.indexOfSection(section) {
                sections.append((index, section))
            } else {
                kept[section] = nil
            }
        }
        // In section order, so that an error names the first section that broke the rule.
        for (_, section) in sections.sorted(by: { $0.index < $1.index }) {
            let outline = outlines[section]!
            let given = snapshot.itemIdentifiers(inSection: section) ?? []
            let visible = outline.visibleItems
            if !given.isEmpty && given != visible && given != latest.itemIdentifiers(inSection: section) {
                throw .outlineSectionChanged(section: String(reflecting: section))
            }
            for item in outline.items {
                if let other = snapshot.sectionIdentifier(containingItem: item), other != section {
                    throw .itemInOutline(item: describe(item), section: String(reflecting: section))
                }
            }
            if given.isEmpty && !visible.isEmpty {
                // Checked above: none of them is in another section.
                _ = try? result.appendItems(visible, toSection: section)
            }
        }
        return (result, kept)
    }

    /// Makes `outlines` the ones shown: the rows the cell contexts read, or `nil` when neither the outlines
    /// shown nor these have any (nothing changes then).
    ///
    /// - Complexity: O(v) expected for the *v* visible items of the outlines; O(1) without outlines.
    func show(_ outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]) -> [AnyHashable: OutlineRow]? {
        guard !outlines.isEmpty || !shown.isEmpty else { return nil }
        shown = outlines
        var rows: [AnyHashable: OutlineRow] = [:]
        for outline in outlines.values {
            for item in outline.visibleItems {
                let row = OutlineRow(level: outline.level(of: item) ?? 0, isExpanded: outline.isExpanded(item))
                if row.level > 0 || row.isExpanded { rows[item] = row }
            }
        }
        return rows
    }

    /// An item as errors name it.
    static func describe(_ item: AnyHashable) -> String { String(reflecting: item.base) }

    /// What is wrong with the outlines shown against the snapshot on screen and the rows the cell
    /// contexts read; empty when nothing is.
    ///
    /// - Complexity: O(v) expected for the *v* visible items of the outlines.
    func _checkInvariants(
        against snapshot: Snapshot<SectionIdentifier, AnyHashable>, rows: [AnyHashable: OutlineRow]
    ) -> [String] {
        var broken: [String] = []
        for (section, outline) in shown {
            guard let items = snapshot.itemIdentifiers(inSection: section) else {
                broken.append("UniversalDataSource: an outline for section \(section), which is not shown")
                continue
            }
            if outline.visibleItems != items {
                broken.append(
                    "UniversalDataSource: section \(section) shows \(items.count) items, its outline \(outline.visibleItems.count)"
                )
            }
            for item in outline.visibleItems {
                let level = outline.level(of: item) ?? 0
                let expanded = outline.isExpanded(item)
                let row = rows[item]
                if (row?.level ?? 0) != level || (row?.isExpanded ?? false) != expanded {
                    broken.append(
                        "UniversalDataSource: \(item)'s outline row says \(String(describing: row)), its outline level \(level), expanded \(expanded)"
                    )
                }
            }
        }
        return broken
    }
}
