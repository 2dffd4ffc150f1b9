@_spi(CellKitInternals) import DiffableStore

// How outline sections stay true: a section's rows are its outline's visible items, whatever is
// applied; queued applies carry the outlines they will show, as they carry their snapshots.

/// An item's place in a shown outline, for its cell's context.
struct OutlineRow: Hashable {
    var level: Int
    var isExpanded: Bool
}

extension UniversalDataSource {
    /// The snapshot on screen, or the last one queued.
    var latestSnapshot: Snapshot<SectionIdentifier, AnyHashable> { transaction.latestSnapshot }

    /// The outlines on screen, or those of the last apply queued.
    var latestOutlines: [SectionIdentifier: SectionSnapshot<AnyHashable>] {
        transaction.latestOutlines
    }

    /// The outline section holding an item (shown or hidden), and its outline.
    ///
    /// - Complexity: Expected O(o) for *o* outline sections.
    func outlineSection(containing item: AnyHashable) -> (
        section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>
    )? {
        for (section, outline) in latestOutlines where outline.contains(item) { return (section, outline) }
        return nil
    }

    /// Whether the section at an index on screen is an outline section.
    func isOutlineSection(at index: Int) -> Bool {
        guard !outlineStore.shown.isEmpty, let section = current.sectionIdentifier(at: index) else { return false }
        return outlineStore.shown[section] != nil
    }

    /// Shows an outline in its section: checks it, puts its visible items into the section, marks the
    /// cells whose level or expansion changed, and applies the result.
    func applyOutline(_ given: SectionSnapshot<AnyHashable>, to section: SectionIdentifier, animated: Bool)
        throws(OutlineError)
    {
        if transaction.phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        var flat = latestSnapshot
        flat.clearReloadMarks()
        try applyOutlines([(section, given)], over: flat, keeping: latestOutlines, animated: animated)
    }

    /// Shows a whole snapshot with outlines for some of its sections: the other outline sections are kept
    /// as ``apply(_:animatingDifferences:)-1d0a7`` keeps them; each given section shows its outline.
    func applyOutlines(
        _ given: [SectionIdentifier: SectionSnapshot<AnyHashable>],
        with snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        animated: Bool
    ) throws(OutlineError) {
        if transaction.phase.admission == .refused { throw .dataSource(.applyWhileConfiguringView) }
        let flat: Snapshot<SectionIdentifier, AnyHashable>
        let kept: [SectionIdentifier: SectionSnapshot<AnyHashable>]
        do {
            (flat, kept) = try keepingOutlines(snapshot, except: Set(given.keys))
        } catch {
            throw .dataSource(error)
        }
        // In section order, so that an error names the first section that broke a rule.
        let ordered = given.map { (section: $0.key, outline: $0.value) }.sorted {
            (flat.indexOfSection($0.section) ?? .max) < (flat.indexOfSection($1.section) ?? .max)
        }
        try applyOutlines(ordered, over: flat, keeping: kept, animated: animated)
    }

    /// Checks outlines against the snapshot they are shown in and the outlines kept, puts each one's
    /// visible items into its section, marks the cells whose level or expansion changed, and applies the
    /// result; then remembers each item's expansion.
    ///
    /// - Complexity: Expected O(k × (o + log s)) for the *k* items of the given outlines and the *o*
    ///   outline sections, plus O(n) to put their visible items into their sections, plus the apply.
    private func applyOutlines(
        _ given: [(section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>)],
        over snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        keeping kept: [SectionIdentifier: SectionSnapshot<AnyHashable>], animated: Bool
    ) throws(OutlineError) {
        var flat = snapshot
        var outlines = kept
        let shownOutlines = latestOutlines
        let latest = latestSnapshot
        let givenSections = Set(given.map(\.section))
        for section in givenSections { outlines[section] = nil }
        var resolved:
            [(
                section: SectionIdentifier, outline: SectionSnapshot<AnyHashable>, shown: [AnyHashable],
                visible: [AnyHashable]
            )] =
                []
        for (section, givenOutline) in given {
            guard let shown = flat.itemIdentifiers(inSection: section) else {
                throw .sectionNotFound(section: String(reflecting: section))
            }
            var outline = givenOutline
            let items = outline.items
            // Expansion the section snapshot does not state is the one remembered.
            for item in items where outline.statedExpansion(of: item) == nil {
                if outlineStore.rememberedExpanded.contains(item) {
                    _ = try? outline.expand([item])
                } else {
                    _ = try? outline.collapse([item])
                }
            }
            // Every item, hidden ones too, in this section only (what a given section holds now is replaced).
            for item in items {
                if let other = flat.sectionIdentifier(containingItem: item), !givenSections.contains(other) {
                    throw .duplicateItem(item: describe(item), section: String(reflecting: other))
                }
                for (other, otherOutline) in outlines where otherOutline.contains(item) {
                    throw .duplicateItem(item: describe(item), section: String(reflecting: other))
                }
            }
            for plugin in pluginCoordinator.plugins {
                guard let item = (plugin as? any RowManagingPlugin)?.firstManagedItem(among: items) else { continue }
                throw .foldingConflict(section: String(reflecting: section), item: describe(item))
            }
            outlines[section] = outline
            resolved.append((section, outline, shown, outline.visibleItems))
        }
        // Each section shows its outline's visible items (plugins decorate it again below): every section's
        // old items out first, so an item may move from one given section to another.
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
        if registry.hasContextReadingCellRegistration {
            for (section, outline, _, visible) in resolved {
                let old = shownOutlines[section]
                let changed = visible.filter { item in
                    guard latest.contains(item) else { return false }
                    let was = OutlineRow(level: old?.level(of: item) ?? 0, isExpanded: old?.isExpanded(item) ?? false)
                    return was != OutlineRow(level: outline.level(of: item) ?? 0, isExpanded: outline.isExpanded(item))
                }
                if !changed.isEmpty { _ = try? flat.reconfigureItems(changed) }
            }
        }
        do {
            try apply(decorated(flat), outlines: outlines, animatingDifferences: animated)
        } catch {
            throw .dataSource(error)
        }
        for (_, outline, _, _) in resolved {
            for item in outline.items {
                if outline.isExpanded(item) {
                    outlineStore.rememberedExpanded.insert(item)
                } else {
                    outlineStore.rememberedExpanded.remove(item)
                }
            }
        }
    }

    /// The outlines a whole snapshot keeps, and the snapshot with the empty outline sections filled in.
    ///
    /// An outline section the snapshot deletes loses its outline; one it leaves as shown (its visible
    /// items, with or without plugin rows) or empty keeps it. The `replaced` sections are left to the
    /// caller, their outlines kept as they are.
    ///
    /// - Throws: ``DataSourceError/outlineSectionChanged(section:)`` for a section whose items changed
    ///   otherwise; ``DataSourceError/itemInOutline(item:section:)`` for an outline's item placed in
    ///   another section.
    /// - Complexity: Expected O(o log s) for the *o* items of the outline sections; O(1) without them.
    func keepingOutlines(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>, except replaced: Set<SectionIdentifier> = []
    ) throws(DataSourceError) -> (
        Snapshot<SectionIdentifier, AnyHashable>, [SectionIdentifier: SectionSnapshot<AnyHashable>]
    ) {
        let outlines = latestOutlines
        guard !outlines.isEmpty else { return (snapshot, outlines) }
        let latest = latestSnapshot
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

    /// Makes `outlines` the ones shown, and refreshes the rows the cell contexts read.
    ///
    /// - Complexity: O(v) expected for the *v* visible items of the outlines; O(1) without outlines.
    func showOutlines(_ outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]) {
        guard !outlines.isEmpty || !outlineStore.shown.isEmpty else { return }
        outlineStore.shown = outlines
        var rows: [AnyHashable: OutlineRow] = [:]
        for outline in outlines.values {
            for item in outline.visibleItems {
                let row = OutlineRow(level: outline.level(of: item) ?? 0, isExpanded: outline.isExpanded(item))
                if row.level > 0 || row.isExpanded { rows[item] = row }
            }
        }
        store.outlineRows = rows
    }

    /// An item as errors name it.
    func describe(_ item: AnyHashable) -> String { String(reflecting: item.base) }
}
