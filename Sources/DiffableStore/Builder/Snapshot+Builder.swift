extension Snapshot {
    /// Creates a snapshot from the sections its block lists, written the way the screen reads.
    ///
    /// Each ``SnapshotSection`` is appended with its items, in order, as ``appendSections(_:)`` and
    /// ``appendItems(_:toSection:)`` would; the item count is reserved first, so the storage grows once.
    /// An ``OutlineSection`` holds its outline's visible items. A section listed twice throws what
    /// ``appendSections(_:)`` throws, and no snapshot is made. Items are not hashed as they are listed, as
    /// ``appendItems(_:toSection:)`` hashes none: an item listed twice is found where appended items are
    /// checked, by the data source's `apply` before anything is shown (which reuses the hashes of the
    /// snapshot on screen for the items still in their place) or by ``checkAppendedItems()``. An outline
    /// section is checked as it is built (its hidden items are in no other place to check them).
    ///
    /// ```swift
    /// let isEditing = true
    /// let snapshot = try Snapshot<String, String> {
    ///     SnapshotSection("tasks") {
    ///         "Write"
    ///         "Test"
    ///         if isEditing { "+ Add a task" }
    ///     }
    ///     SnapshotSection("done") { for day in 1...2 { "Day \(day)" } }
    /// }
    /// print(snapshot.itemIdentifiers)
    /// // Prints "["Write", "Test", "+ Add a task", "Day 1", "Day 2"]"
    /// ```
    ///
    /// - Parameter sections: Statements listing the sections (see ``SnapshotBuilder``).
    /// - Throws: ``SnapshotError/Rule/duplicateSection`` for a section listed twice. With an outline
    ///   section, ``SnapshotError/Rule/duplicateItem`` for an item listed twice, with
    ///   ``SnapshotError/section`` naming the section where it was listed again (the same error
    ///   ``checkAppendedItems()`` and the data source's `apply` throw for a list without one).
    /// - Complexity: Amortized O(n + s), for *n* items in *s* sections, no item hashed; with an outline
    ///   section, amortized expected O(n + s), hidden outline items included: each item is hashed once
    ///   (an outline's items twice).
    @inlinable
    public init(
        @SnapshotBuilder<SectionIdentifier, ItemIdentifier> _ sections: () -> [_BuiltSection<
            SectionIdentifier, ItemIdentifier
        >]
    ) throws(SnapshotError) {
        self.init()
        try _append(sections())
    }

    /// A snapshot of built sections, and the outlines of its outline sections: what `UniversalDataSource`'s
    /// `apply { }` shows.
    ///
    /// - Throws: What ``init(_:)`` throws.
    /// - Complexity: Amortized expected O(n + s), for *n* items (hidden outline items included) in *s* sections.
    @_spi(CellKitInternals)
    public static func _build(_ sections: __owned [_BuiltSection<SectionIdentifier, ItemIdentifier>])
        throws(SnapshotError)
        -> (snapshot: Self, outlines: [SectionIdentifier: SectionSnapshot<ItemIdentifier>])
    {
        var snapshot = Self()
        let outlines = try snapshot._append(sections)
        return (snapshot, outlines)
    }

    /// Appends built sections with their items, after the existing ones, and returns the outlines of
    /// the outline sections among them.
    @inlinable @discardableResult
    mutating func _append(_ sections: __owned [_BuiltSection<SectionIdentifier, ItemIdentifier>])
        throws(SnapshotError)
        -> [SectionIdentifier: SectionSnapshot<ItemIdentifier>]
    {
        var count = numberOfItems
        var hasOutlines = false
        for index in sections.indices {
            switch sections[index] {
            case .items(let section): count += section.items.count
            case .outline: hasOutlines = true
            }
        }
        reserveCapacity(count)
        try appendSections(sections.map(\._identifier))
        if hasOutlines { return try _appendItems(withOutlines: sections) }
        // The built sections are this call's own: each section's items are moved into the storage, not
        // copied, and the section is gone before the next is appended (no item copied, then released).
        var sections = sections
        sections.reverse()
        while let built = sections.popLast() {
            guard case .items(var section) = consume built else { continue }
            do {
                try _appendItems(moving: &section.items, toSection: section.identifier)
            } catch {
                throw error._inSection(section.identifier)
            }
        }
        // Checked where appends are (at apply, or `checkAppendedItems()`): a list rebuilt from state on every
        // change hashes only what its apply cannot take from the snapshot on screen.
        return [:]
    }

    /// Appends the items of built sections that include outline sections (already appended, in order):
    /// an outline section's visible items go into it; its hidden items must be in no other place.
    ///
    /// - Complexity: Amortized expected O(n) for *n* items, hidden ones included.
    @usableFromInline
    mutating func _appendItems(withOutlines sections: [_BuiltSection<SectionIdentifier, ItemIdentifier>])
        throws(SnapshotError) -> [SectionIdentifier: SectionSnapshot<ItemIdentifier>]
    {
        var outlines: [SectionIdentifier: SectionSnapshot<ItemIdentifier>] = [:]
        var hidden: [(item: ItemIdentifier, section: SectionIdentifier)] = []
        for built in sections {
            let items: [ItemIdentifier]
            switch built {
            case .items(let section):
                items = section.items
            case .outline(let section):
                let outline = try section.sectionSnapshot()
                items = outline.visibleItems
                if items.count < outline.count {
                    let visible = Set(items)
                    for item in outline.items where !visible.contains(item) {
                        hidden.append((item, section.identifier))
                    }
                }
                outlines[section.identifier] = outline
            }
            do {
                try appendItems(items, toSection: built._identifier)
            } catch {
                throw error._inSection(built._identifier)
            }
        }
        try _checkAppendedItems()
        var seen = Set<ItemIdentifier>()
        for (item, section) in hidden where contains(item) || !seen.insert(item).inserted {
            throw SnapshotError(.duplicateItem, identifier: item)._inSection(section)
        }
        return outlines
    }
}
