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

    /// Outlines shown in their sections: the snapshot and outlines to apply, and the outlines as shown.
    struct Change {
        var snapshot: Snapshot<SectionIdentifier, AnyHashable>
        var outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
        var shown: [SectionSnapshot<AnyHashable>]
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

    /// Shows outlines in their sections: checks them, puts each one's visible items into its section, and
    /// marks the cells whose level or expansion changed.
    ///
    /// - Parameters:
    ///   - given: Sections and their items as forests, in the order errors are looked for.
    ///   - snapshot: The snapshot they are shown in (what a given section holds there is replaced).
    ///   - kept: The other outline sections' outlines.
    ///   - latest: The latest snapshot (the last queued, or the one shown), without marks.
    ///   - latestOutlines: The latest outlines.
    ///   - plugins: The attached plugins (one that manages an item conflicts with the outline).
    ///   - marksContextChanges: Whether some cell reads its context, so a changed level or expansion
    ///     configures it again.
    /// - Returns: What to apply.
    /// - Complexity: Expected O(k × (o + log s)) for the *k* items of the given outlines and the *o*
    ///   outline sections, plus O(n) to put their visible items into their sections.
    func change(
        _ given: [(section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>)],
        over snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        keeping kept: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        latest: Snapshot<SectionIdentifier, AnyHashable>,
        latestOutlines: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        plugins: [any ListPlugin], marksContextChanges: Bool
    ) throws(OutlineError) -> Change {
        var flat = snapshot
        var outlines = kept
        let givenSections = Set(given.map(\.section))
        for section in givenSections { outlines[section] = nil }
        typealias Resolved = (
            section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>, shown: [AnyHashable],
            visible: [AnyHashable]
        )
        var resolved: [Resolved] = []
        for (section, givenOutline) in given {
            guard let shown = flat.itemIdentifiers(inSection: section) else {
                throw .sectionNotFound(section: String(reflecting: section))
            }
            var outline = givenOutline
            let items = outline.items
            // Expansion the section snapshot does not state is the one remembered.
            for item in items where outline.statedExpansion(of: item) == nil {
                if rememberedExpanded.contains(item) {
                    _ = try? outline.expand([item])
                } else {
                    _ = try? outline.collapse([item])
                }
            }
            // Every item, hidden ones too, in this section only (what a given section holds now is replaced).
            for item in items {
                if let other = flat.sectionIdentifier(containingItem: item), !givenSections.contains(other) {
                    throw .duplicateItem(item: Self.describe(item), section: String(reflecting: other))
                }
                for (other, otherOutline) in outlines where otherOutline.contains(item) {
                    throw .duplicateItem(item: Self.describe(item), section: String(reflecting: other))
                }
            }
            for plugin in plugins {
                guard let item = (plugin as? any RowManagingPlugin)?.firstManagedItem(among: items) else { continue }
                throw .foldingConflict(section: String(reflecting: section), item: Self.describe(item))
            }
            outlines[section] = outline
            resolved.append((section, outline, shown, outline.visibleItems))
        }
        // Each section shows its outline's visible items (plugins decorate it again): every section's old
        // items out first, so an item may move from one given section to another.
        let changing = resolved.filter { $0.visible != $0.shown }
        do {
            for entry in changing { try flat.deleteItems(entry.shown) }
            for entry in changing { try flat.appendItems(entry.visible, toSection: entry.section) }
        } catch {
            // The items were checked to be in no other section, so no edit can fail.
            assertionFailure("showing outlines: \(error)")
            throw .duplicateItem(
                item: error.identifier ?? "", section: given.first.map { String(reflecting: $0.section) } ?? "")
        }
        // A cell shown before and after whose level or expansion changed is configured again.
        if marksContextChanges {
            for (section, outline, _, visible) in resolved {
                let old = latestOutlines[section]
                let changed = visible.filter { item in
                    guard latest.contains(item) else { return false }
                    let was = OutlineRow(level: old?.level(of: item) ?? 0, isExpanded: old?.isExpanded(item) ?? false)
                    return was != OutlineRow(level: outline.level(of: item) ?? 0, isExpanded: outline.isExpanded(item))
                }
                if !changed.isEmpty { _ = try? flat.reconfigureItems(changed) }
            }
        }
        return Change(snapshot: flat, outlines: outlines, shown: resolved.map(\.outline))
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
    ///   - replaced: Sections whose outlines the caller replaces: left as they are, outlines kept.
    /// - Throws: ``DataSourceError/outlineSectionChanged(section:)`` for a section whose items changed
    ///   otherwise; ``DataSourceError/itemInOutline(item:section:)`` for an outline's item placed in
    ///   another section.
    /// - Complexity: Expected O(o log s) for the *o* items of the outline sections; O(1) without them.
    static func keeping(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        latest: @autoclosure () -> Snapshot<SectionIdentifier, AnyHashable>,
        outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>], except replaced: Set<SectionIdentifier> = []
    ) throws(DataSourceError) -> (
        Snapshot<SectionIdentifier, AnyHashable>, [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) {
        guard !outlines.isEmpty else { return (snapshot, outlines) }
        let latest = latest()
        var result = snapshot
        var kept = outlines
        var sections: [(index: Int, section: SectionIdentifier)] = []
        for section in outlines.keys where !replaced.contains(section) {
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
