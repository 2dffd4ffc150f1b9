extension Snapshot {
    /// Creates a snapshot from the sections its block lists, written the way the screen reads.
    ///
    /// Each ``SnapshotSection`` is appended with its items, in order, as ``appendSections(_:)`` and
    /// ``appendItems(_:toSection:)`` would; the item count is reserved first, so the storage grows once.
    /// A duplicate throws what those calls throw, and no snapshot is made.
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
    /// - Throws: ``SnapshotError/Rule/duplicateSection`` for a section listed twice;
    ///   ``SnapshotError/Rule/duplicateItem`` for an item listed twice, with ``SnapshotError/section``
    ///   naming the section where it was listed again.
    /// - Complexity: Amortized expected O(n + s), for *n* items in *s* sections: each item is hashed once.
    @inlinable
    public init(
        @SnapshotBuilder<SectionIdentifier, ItemIdentifier> _ sections: () -> [SnapshotSection<
            SectionIdentifier, ItemIdentifier
        >]
    ) throws(SnapshotError) {
        self.init()
        try _append(sections())
    }

    /// Appends built sections with their items, after the existing ones.
    @inlinable
    mutating func _append(_ sections: [SnapshotSection<SectionIdentifier, ItemIdentifier>]) throws(SnapshotError) {
        var count = _items.count
        for index in sections.indices { count += sections[index].items.count }
        reserveCapacity(count)
        try appendSections(sections.map(\.identifier))
        for index in sections.indices {
            do {
                try appendItems(sections[index].items, toSection: sections[index].identifier)
            } catch {
                throw error._inSection(sections[index].identifier)
            }
        }
    }
}
