// Mutations. Each one checks all of its input before it changes anything, so a throwing call
// leaves the snapshot exactly as it was.

// MARK: - Sections

extension Snapshot {
    /// Appends sections at the end.
    ///
    /// - Parameter sections: New section identifiers.
    /// - Throws: ``SnapshotError/Rule/duplicateSection`` when one is already present or repeats.
    /// - Complexity: Amortized expected O(k).
    public mutating func appendSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
        try _insertSections(sections, at: _sections.count)
    }

    /// Inserts sections before another section.
    ///
    /// - Parameters:
    ///   - sections: New section identifiers.
    ///   - beforeSection: A section in the snapshot.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound``, ``SnapshotError/Rule/duplicateSection``,
    ///   or ``SnapshotError/Rule/sectionRelativeToItself``.
    /// - Complexity: O(s + k) expected.
    public mutating func insertSections(
        _ sections: [SectionIdentifier], beforeSection: SectionIdentifier
    ) throws(SnapshotError) {
        if sections.contains(beforeSection) { throw .sectionRelativeToItself(beforeSection) }
        guard let position = _sectionPositions[beforeSection] else {
            throw .sectionNotFound(beforeSection)
        }
        try _insertSections(sections, at: position)
    }

    /// Inserts sections after another section.
    ///
    /// - Parameters:
    ///   - sections: New section identifiers.
    ///   - afterSection: A section in the snapshot.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound``, ``SnapshotError/Rule/duplicateSection``,
    ///   or ``SnapshotError/Rule/sectionRelativeToItself``.
    /// - Complexity: O(s + k) expected.
    public mutating func insertSections(
        _ sections: [SectionIdentifier], afterSection: SectionIdentifier
    ) throws(SnapshotError) {
        if sections.contains(afterSection) { throw .sectionRelativeToItself(afterSection) }
        guard let position = _sectionPositions[afterSection] else {
            throw .sectionNotFound(afterSection)
        }
        try _insertSections(sections, at: position + 1)
    }

    /// Deletes sections and all of their items.
    ///
    /// - Parameter sections: Section identifiers in the snapshot.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound``.
    /// - Complexity: O(n + s) expected; the index is rebuilt from stored hashes, no item is hashed.
    public mutating func deleteSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
        try _checkAppendedItems()
        var doomed = Set<Int>()
        for section in sections {
            guard let position = _sectionPositions[section] else { throw .sectionNotFound(section) }
            doomed.insert(position)
        }
        guard !doomed.isEmpty else { return }
        var order: [Int] = []
        order.reserveCapacity(_sections.count - doomed.count)
        for position in _sections.indices where !doomed.contains(position) { order.append(position) }
        for section in sections { _reloadedSections.remove(section) }
        _willEditContent()
        _recordTouched(sectionsAt: doomed)
        _rearrangeSections(order)
    }

    /// Moves a section before another section.
    ///
    /// - Parameters:
    ///   - section: The section to move.
    ///   - beforeSection: The section it lands in front of.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound`` or ``SnapshotError/Rule/sectionRelativeToItself``.
    /// - Complexity: O(n + s); the index is rebuilt from stored hashes.
    public mutating func moveSection(_ section: SectionIdentifier, beforeSection: SectionIdentifier)
        throws(SnapshotError)
    {
        try _moveSection(section, relativeTo: beforeSection, after: false)
    }

    /// Moves a section after another section.
    ///
    /// - Parameters:
    ///   - section: The section to move.
    ///   - afterSection: The section it lands behind.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound`` or ``SnapshotError/Rule/sectionRelativeToItself``.
    /// - Complexity: O(n + s); the index is rebuilt from stored hashes.
    public mutating func moveSection(_ section: SectionIdentifier, afterSection: SectionIdentifier)
        throws(SnapshotError)
    {
        try _moveSection(section, relativeTo: afterSection, after: true)
    }

    /// Marks sections to be reloaded by the next apply: their items are taken anew.
    ///
    /// - Parameter sections: Section identifiers in the snapshot.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound``.
    /// - Complexity: Expected O(k).
    public mutating func reloadSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
        for section in sections where _sectionPositions[section] == nil { throw .sectionNotFound(section) }
        _reloadedSections.formUnion(sections)
    }

    /// Puts another section identifier in a section's place, keeping its position and its items.
    ///
    /// Use it for a section whose identifier carries content (a title, a count): the section stays the
    /// same section for the diff, under the new identifier. A reload mark on the section moves to the
    /// new identifier. Replacing a section with itself does nothing.
    ///
    /// ```swift
    /// var snapshot = Snapshot<String, Int>()
    /// try snapshot.appendSections(["Inbox (2)"])
    /// try snapshot.appendItems([1, 2])
    /// try snapshot.replaceSection("Inbox (2)", with: "Inbox (3)")
    /// print(snapshot.sectionIdentifiers, snapshot.itemIdentifiers)
    /// // Prints "["Inbox (3)"] [1, 2]"
    /// ```
    ///
    /// - Parameters:
    ///   - section: A section identifier in the snapshot.
    ///   - newSection: The identifier to put in its place; not already in the snapshot.
    /// - Throws: ``SnapshotError/Rule/sectionNotFound`` when `section` is not in the snapshot;
    ///   ``SnapshotError/Rule/duplicateSection`` when `newSection` is another section of the snapshot.
    /// - Complexity: Expected O(1): no item is touched and the section index is updated in place.
    public mutating func replaceSection(_ section: SectionIdentifier, with newSection: SectionIdentifier)
        throws(SnapshotError)
    {
        guard let position = _sectionPositions[section] else { throw .sectionNotFound(section) }
        guard section != newSection else { return }
        if _sectionPositions[newSection] != nil { throw .duplicateSection(newSection) }
        // The items of the section change section identifier: the record cannot say so.
        _willEditContent()
        _record = nil
        _sections[position] = newSection
        _sectionPositions[section] = nil
        _sectionPositions[newSection] = position
        if !_reloadedSections.isEmpty, _reloadedSections.remove(section) != nil { _reloadedSections.insert(newSection) }
    }

    @usableFromInline
    mutating func _insertSections(_ sections: [SectionIdentifier], at position: Int) throws(SnapshotError) {
        var seen = Set<SectionIdentifier>(minimumCapacity: sections.count)
        for section in sections {
            if _sectionPositions[section] != nil || !seen.insert(section).inserted {
                throw .duplicateSection(section)
            }
        }
        _willEditContent()
        _sections.insert(contentsOf: sections, at: position)
        _counts.insert(contentsOf: Array(repeating: 0, count: sections.count), at: position)
        if position == _sections.count - sections.count {
            for (offset, section) in sections.enumerated() { _sectionPositions[section] = position + offset }
        } else {
            _reindexSections()
        }
    }

    mutating func _moveSection(_ section: SectionIdentifier, relativeTo other: SectionIdentifier, after: Bool)
        throws(SnapshotError)
    {
        try _checkAppendedItems()
        if section == other { throw .sectionRelativeToItself(section) }
        guard let from = _sectionPositions[section] else { throw .sectionNotFound(section) }
        guard let anchor = _sectionPositions[other] else { throw .sectionNotFound(other) }
        var order = Array(_sections.indices)
        order.remove(at: from)
        let anchorPosition = anchor > from ? anchor - 1 : anchor
        order.insert(from, at: after ? anchorPosition + 1 : anchorPosition)
        _willEditContent()
        _rearrangeSections(order)
    }

    /// Rebuilds storage so that it holds the old sections at positions `order`, in that order.
    mutating func _rearrangeSections(_ order: [Int]) {
        var sections: [SectionIdentifier] = []
        var counts: [Int] = []
        var items = ContiguousArray<ItemIdentifier>()
        var hashes = ContiguousArray<Int>()
        sections.reserveCapacity(order.count)
        counts.reserveCapacity(order.count)
        items.reserveCapacity(_counts.total)
        hashes.reserveCapacity(_counts.total)
        let starts = _counts.starts()
        for old in order {
            let range = starts[old]..<starts[old + 1]
            sections.append(_sections[old])
            _storage.forEachSegment(in: range) { chunk, offsets in
                items.append(contentsOf: _storage.chunks[chunk].items[offsets])
                hashes.append(contentsOf: _storage.chunks[chunk].hashes[offsets])
            }
            counts.append(range.count)
        }
        let removedItems = _counts.total != items.count
        if removedItems {
            let kept = Set(sections)
            _reloadedSections = _reloadedSections.filter { kept.contains($0) }
        }
        _sections = sections
        _counts.replace(with: counts)
        _storage.replaceWithFlat(items: items, hashes: hashes)
        if removedItems { _dropMarksForMissingItems() }
        _reindexSections()
    }

    mutating func _reindexSections() {
        _sectionPositions = Dictionary(minimumCapacity: _sections.count)
        for (position, section) in _sections.enumerated() { _sectionPositions[section] = position }
    }

    mutating func _dropMarksForMissingItems() {
        if !_reloadedItems.isEmpty { _reloadedItems = _reloadedItems.filter { indexOfItem($0) != nil } }
        if !_reconfiguredItems.isEmpty { _reconfiguredItems = _reconfiguredItems.filter { indexOfItem($0) != nil } }
    }
}

// MARK: - Items

extension Snapshot {
    /// Makes room for at least `minimumCapacity` items, so that adding items up to that number grows
    /// neither the item storage nor the hash index.
    ///
    /// A snapshot grows as items are added, as an array does, and each time its hash index grows it
    /// indexes every stored item again (from the stored hashes: nothing is hashed again). A snapshot
    /// built in many calls, section by section, grows several times; when you know how many items it
    /// will hold, reserve them first and it grows once, here. Reserving changes no content, and never
    /// shrinks anything.
    ///
    /// ```swift
    /// var snapshot = Snapshot<Int, Int>()
    /// snapshot.reserveCapacity(300)
    /// try snapshot.appendSections([0, 1, 2])
    /// for section in 0..<3 {
    ///     try snapshot.appendItems(Array((section * 100)..<(section * 100 + 100)), toSection: section)
    /// }
    /// print(snapshot.numberOfItems)
    /// // Prints "300"
    /// ```
    ///
    /// - Parameter minimumCapacity: The number of items the snapshot can then hold without growing. A
    ///   snapshot holds at most 2³¹ items.
    /// - Complexity: O(n) when the index has to grow (its *n* items are indexed again from their stored
    ///   hashes) or the storage is shared with a copy; otherwise O(1). Item storage is reserved only
    ///   while the snapshot is flat (see "Edits by identifier" in ``Snapshot``); runs hold 512 items.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        let additional = minimumCapacity - _counts.total
        guard additional > 0 else { return }
        _storage.reserveIndex(additional: additional, handles: _storage.ordinalOfHandle.count, exactly: true)
        if _storage.isFlat {
            _storage.chunks[0].items.reserveCapacity(minimumCapacity)
            _storage.chunks[0].hashes.reserveCapacity(minimumCapacity)
        }
    }

    /// Keeps the items in runs of at most 512 (see "Edits by identifier" in ``Snapshot``) when there are
    /// at least 4,096 of them, so that the first edit by identifier of a copy copies the run it changes
    /// and the pieces of the hash index it writes instead of every item and the whole index. Content,
    /// record and marks are unchanged.
    ///
    /// Not API: the data source's hook for the snapshot on screen (`@_spi(CellKitInternals)`).
    ///
    /// - Returns: The number of items copied into runs: 0 when the snapshot was in runs already or
    ///   holds fewer than 4,096 items.
    /// - Complexity: O(n) when the snapshot is flat (its items, hashes and index slots are copied into
    ///   runs and pieces; nothing is hashed or indexed), otherwise O(1).
    @_spi(CellKitInternals) @discardableResult
    public mutating func _keepInRuns() -> Int {
        guard _storage.isFlat, _counts.total >= 8 * _ItemStorage<ItemIdentifier>.chunkCapacity else { return 0 }
        _storage.makeChunked()
        return _counts.total
    }

    /// Appends items at the end of a section.
    ///
    /// Appending after every item (to the last section, or to a section after which all are empty)
    /// hashes nothing and does not check for duplicates. An item appended twice is reported by:
    /// - the first edit by identifier (``insertItems(_:afterItem:)``, ``deleteItems(_:)``, a move, a
    ///   reload or reconfigure, ``deleteSections(_:)``, a section move), which throws
    ///   ``SnapshotError/Rule/duplicateItem`` naming it and the section it was appended to, and changes
    ///   nothing;
    /// - ``checkAppendedItems()``, which throws the same error (call it to hear of a duplicate without
    ///   a data source), and the end of a ``SnapshotBuilder`` build;
    /// - the data source's apply, which throws before anything is shown (see "Bad data is refused, not
    ///   crashed on" in <doc:SnapshotsAndDiffs>).
    ///
    /// Lookups (``contains(_:)``, ``indexOfItem(_:)``, ``indexPath(of:)``) cannot throw: they find an
    /// item appended twice at its first place. ``Changeset/init(from:to:)`` reports the later one as
    /// inserted, and replaying that changeset (``applying(_:)``) throws. A rebuilt snapshot costs its
    /// appends and the diff's `==` in place, as a list of arrays does. A copy that remembers its edits
    /// (`var s = dataSource.snapshot()`, then edits) and an append into a section with items after it
    /// check at the call.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - section: The section to append to; `nil` (the default) means the last section.
    /// - Throws: ``SnapshotError/Rule/noSections`` when `section` is `nil` and there are no sections,
    ///   ``SnapshotError/Rule/sectionNotFound``; where the append checks at the call (see above),
    ///   ``SnapshotError/Rule/duplicateItem`` when an item is `==` to one already present or to another
    ///   in `items`.
    /// - Complexity: Amortized O(k) when appending after every item, whatever the number of sections:
    ///   nothing is hashed. Where it checks at the call, amortized expected O(k) hashes more; into a
    ///   section with items after it, the cost of ``insertItems(_:afterItem:)``: amortized expected
    ///   O(k + log n + log s + 512), whatever the number of items after it.
    @inlinable
    public mutating func appendItems(_ items: [ItemIdentifier], toSection section: SectionIdentifier? = nil)
        throws(SnapshotError)
    {
        let position: Int
        if let section {
            guard let found = _sectionPositions[section] else { throw .sectionNotFound(section) }
            position = found
        } else {
            guard !_sections.isEmpty else { throw .noSections }
            position = _sections.count - 1
        }
        try _insertItems(items, section: position, at: _counts.start(of: position + 1), unchecked: true)
    }

    /// Appends items to a section as ``appendItems(_:toSection:)`` does, taking them from `items`, which
    /// is left empty: where they land after every item of a flat storage and no record is kept, each
    /// item is moved into the storage instead of copied (no retain, and no release when `items` ends).
    /// The snapshot builder appends the sections it gathered this way.
    ///
    /// - Complexity: Amortized O(k) moves, nothing hashed; otherwise what ``appendItems(_:toSection:)`` costs.
    @inlinable
    mutating func _appendItems(moving items: inout [ItemIdentifier], toSection section: SectionIdentifier)
        throws(SnapshotError)
    {
        guard let position = _sectionPositions[section] else { throw .sectionNotFound(section) }
        guard !items.isEmpty else { return }
        let end = _counts.start(of: position + 1)
        _willEditContent()
        guard _storage.isFlat && end == _counts.total && _record == nil else {
            try _insertItems(items, section: position, at: end, unchecked: true)
            items = []
            return
        }
        let count = items.count
        _storage.appendUnhashed(moving: &items)
        _counts.add(count, toSection: position)
    }

    /// Inserts items before another item, in that item's section.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - beforeItem: An item in the snapshot.
    /// - Throws: ``SnapshotError/Rule/itemNotFound``, ``SnapshotError/Rule/duplicateItem``, or
    ///   ``SnapshotError/Rule/itemRelativeToItself``.
    /// - Complexity: Amortized expected O(k + log n + log s + 512): the items land in one run of at most
    ///   512 items, whose items and small order arrays shift at memory speed, and only the new items'
    ///   index slots are written; plus O(n / 512) when the run splits (see "Edits by identifier" in
    ///   ``Snapshot``): the items after the place are not touched.
    @inlinable
    public mutating func insertItems(_ items: [ItemIdentifier], beforeItem: ItemIdentifier) throws(SnapshotError) {
        try _checkAppendedItems()
        if items.contains(beforeItem) { throw .itemRelativeToItself(beforeItem) }
        guard let anchor = indexOfItem(beforeItem) else { throw _itemNotFound(beforeItem) }
        try _insertItems(items, section: _section(containing: anchor), at: anchor)
    }

    /// Inserts items after another item, in that item's section.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - afterItem: An item in the snapshot.
    /// - Throws: ``SnapshotError/Rule/itemNotFound``, ``SnapshotError/Rule/duplicateItem``, or
    ///   ``SnapshotError/Rule/itemRelativeToItself``.
    /// - Complexity: Amortized expected O(k + log n + log s + 512): the items land in one run of at most
    ///   512 items, whose items and small order arrays shift at memory speed, and only the new items'
    ///   index slots are written; plus O(n / 512) when the run splits (see "Edits by identifier" in
    ///   ``Snapshot``): the items after the place are not touched.
    @inlinable
    public mutating func insertItems(_ items: [ItemIdentifier], afterItem: ItemIdentifier) throws(SnapshotError) {
        try _checkAppendedItems()
        if items.contains(afterItem) { throw .itemRelativeToItself(afterItem) }
        guard let anchor = indexOfItem(afterItem) else { throw _itemNotFound(afterItem) }
        try _insertItems(items, section: _section(containing: anchor), at: anchor + 1)
    }

    /// Deletes items.
    ///
    /// The index is updated in place: each deleted item's slot is removed, and the items after it in
    /// its run of at most 512 shift at memory speed without changing their index slots; nothing is
    /// rebuilt or hashed again.
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/Rule/itemNotFound``.
    /// - Complexity: Expected O(k (log n + log s + 512)), whatever the number of items after them: each
    ///   deleted item changes its run only; O(k log k) more to order the deleted positions, plus
    ///   O(n / 512) when a run is left empty, amortized O(1) for packing sparse runs
    ///   (see "Edits by identifier" in ``Snapshot``): the items after the place are not touched.
    @inlinable
    public mutating func deleteItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        guard !items.isEmpty else { return }
        try _checkAppendedItems()
        var doomed: [Int] = []
        doomed.reserveCapacity(items.count)
        for item in items {
            guard let position = indexOfItem(item) else { throw _itemNotFound(item) }
            doomed.append(position)
        }
        if doomed.count > 1 {
            doomed.sort()
            var unique = 0
            for position in doomed where unique == 0 || doomed[unique - 1] != position {
                doomed[unique] = position
                unique += 1
            }
            doomed.removeLast(doomed.count - unique)
        }
        _willEditContent()
        _removeItems(atSortedPositions: doomed)
        _recordTouched(items)
        if !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty {
            for item in items {
                _reloadedItems.remove(item)
                _reconfiguredItems.remove(item)
            }
        }
    }

    /// Deletes every item and every section.
    ///
    /// - Complexity: O(1) (the old storage is released).
    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    /// Moves an item before another item (possibly into another section).
    ///
    /// - Parameters:
    ///   - item: The item to move.
    ///   - beforeItem: The item it lands in front of.
    /// - Throws: ``SnapshotError/Rule/itemNotFound`` or ``SnapshotError/Rule/itemRelativeToItself``.
    /// - Complexity: Amortized expected O(log n + log s + 512), however far the item moves: it leaves one
    ///   run and joins another (each shifts at memory speed), and only the moved item's index slot is
    ///   rewritten; nothing is hashed (see "Edits by identifier" in ``Snapshot``): the items after the
    ///   place are not touched.
    @inlinable
    public mutating func moveItem(_ item: ItemIdentifier, beforeItem: ItemIdentifier) throws(SnapshotError) {
        try _moveItem(item, relativeTo: beforeItem, after: false)
    }

    /// Moves an item after another item (possibly into another section).
    ///
    /// - Parameters:
    ///   - item: The item to move.
    ///   - afterItem: The item it lands behind.
    /// - Throws: ``SnapshotError/Rule/itemNotFound`` or ``SnapshotError/Rule/itemRelativeToItself``.
    /// - Complexity: Amortized expected O(log n + log s + 512), however far the item moves: it leaves one
    ///   run and joins another (each shifts at memory speed), and only the moved item's index slot is
    ///   rewritten; nothing is hashed (see "Edits by identifier" in ``Snapshot``): the items after the
    ///   place are not touched.
    @inlinable
    public mutating func moveItem(_ item: ItemIdentifier, afterItem: ItemIdentifier) throws(SnapshotError) {
        try _moveItem(item, relativeTo: afterItem, after: true)
    }

    /// Marks items to be reloaded by the next apply (a new cell is dequeued for each).
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/Rule/itemNotFound``.
    /// - Complexity: Expected O(k).
    @inlinable
    public mutating func reloadItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        try _checkAppendedItems()
        for item in items where indexOfItem(item) == nil { throw _itemNotFound(item) }
        _reloadedItems.formUnion(items)
    }

    /// Marks items to be reconfigured by the next apply: the visible cell is configured again in place.
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/Rule/itemNotFound``.
    /// - Complexity: Expected O(k).
    @inlinable
    public mutating func reconfigureItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        try _checkAppendedItems()
        for item in items where indexOfItem(item) == nil { throw _itemNotFound(item) }
        _reconfiguredItems.formUnion(items)
    }

    /// Removes every reload and reconfigure mark (the data source does this once it has applied them).
    ///
    /// Not API: the data source's hook (`@_spi(CellKitInternals)`).
    ///
    /// - Complexity: O(1).
    @_spi(CellKitInternals)
    public mutating func clearReloadMarks() {
        _reloadedItems = []
        _reconfiguredItems = []
        _reloadedSections = []
    }

    /// Inserts `items` at flat position `position`, which lies in or at the end of `section`.
    @inlinable
    /// `unchecked`: an append, which may leave the items unhashed (see ``_appendFlat(_:unchecked:)``).
    mutating func _insertItems(_ items: [ItemIdentifier], section: Int, at position: Int, unchecked: Bool = false)
        throws(SnapshotError)
    {
        guard !items.isEmpty else { return }
        _willEditContent()
        if _storage.isFlat && position == _counts.total {
            try _appendFlat(items, unchecked: unchecked)
        } else {
            try _place(items, at: position)
        }
        _counts.add(items.count, toSection: section)
        _recordTouched(items)
    }

    /// Appends `items` after every item of a flat storage, which stays flat. For an append
    /// (`unchecked`), without hashing them
    /// (they are checked for duplicates when the snapshot is next looked up by an edit, or applied;
    /// see ``_indexAppendedItems(reusingHashesOf:)``), unless the snapshot remembers its edits (a copy of another
    /// being edited), where they are hashed and checked here, as the record's changeset reads them
    /// from the index. An insert by identifier that lands at the end checks them here too.
    @inlinable
    mutating func _appendFlat(_ items: [ItemIdentifier], unchecked: Bool) throws(SnapshotError) {
        guard !unchecked || _record != nil else {
            _storage.appendUnhashed(items)
            return
        }
        try _checkAppendedItems()
        // Work on the flat run's arrays outside the storage (swapped out, so they stay uniquely
        // referenced and grow in place), and put them back whatever happens.
        var storedItems = ContiguousArray<ItemIdentifier>()
        var hashes = ContiguousArray<Int>()
        swap(&storedItems, &_storage.chunks[0].items)
        swap(&hashes, &_storage.chunks[0].hashes)
        defer {
            swap(&storedItems, &_storage.chunks[0].items)
            swap(&hashes, &_storage.chunks[0].hashes)
        }
        let oldCount = storedItems.count
        // Hash each new item once, straight onto the end of the stored hashes (taken off again on a
        // duplicate).
        if hashes.capacity < oldCount + items.count {
            hashes.reserveCapacity(Swift.max(oldCount + items.count, 2 * hashes.capacity))
        }
        if ItemIdentifier.self == AnyHashable.self {
            // The same type, so the cast is an identity; see `_appendHashes` for why this is concrete.
            _appendHashes(of: unsafeBitCast(items, to: [AnyHashable].self), to: &hashes)
        } else {
            for item in items { hashes.append(item.hashValue) }
        }
        hashes.withUnsafeBufferPointer {
            _storage.index.reserve(additional: items.count, hashes: UnsafeBufferPointer(rebasing: $0[..<oldCount]))
        }
        // Tentatively index the new items at positions oldCount... (lookups there read `items`),
        // checking each against the old items and the ones before it. On a duplicate, the tentative
        // slots are removed and the table is exactly as before.
        var duplicate: ItemIdentifier?
        do {
            // The old items, for `==` on a hash match; this reference ends with the block, before
            // they are appended to (so the append does not copy them).
            let oldItems = storedItems
            hashes.withUnsafeBufferPointer { hashes in
                let hashOf = { (slot: Int) -> Int in hashes[slot] }
                let found = _storage.index.insert(
                    contentsOf: UnsafeBufferPointer(rebasing: hashes[oldCount...]), from: oldCount,
                    hashOf: hashOf
                ) { slot, offset in
                    slot < oldCount
                        ? _isEqual(oldItems[slot], items[offset]) : _isEqual(items[slot - oldCount], items[offset])
                }
                if let found {
                    duplicate = items[found.offset]
                    _storage.index.removeLastInserted(oldCount..<(oldCount + found.offset), hashOf: hashOf)
                }
            }
        }
        if let duplicate {
            hashes.removeLast(items.count)
            throw .duplicateItem(duplicate)
        }
        storedItems.append(contentsOf: items)
    }

    /// Inserts `items` at flat position `position` into runs (see ``_ItemStorage``): each new item is
    /// hashed once and looked up, then the run that takes them changes, and only its items' index
    /// slots are renumbered. Checks everything before it changes anything.
    @inlinable
    mutating func _place(_ items: [ItemIdentifier], at position: Int) throws(SnapshotError) {
        try _checkAppendedItems()
        var hashes = ContiguousArray<Int>()
        hashes.reserveCapacity(items.count)
        if ItemIdentifier.self == AnyHashable.self {
            _appendHashes(of: unsafeBitCast(items, to: [AnyHashable].self), to: &hashes)
        } else {
            for item in items { hashes.append(item.hashValue) }
        }
        // Duplicates in call order: of a stored item, or of an earlier new one (found in a small
        // table over the new items' hashes; nothing is hashed again).
        var batch = items.count > 1 ? _HashIndex(minimumCapacity: items.count) : nil
        for offset in items.indices {
            if _storage.position(of: items[offset], hash: hashes[offset]) != nil { throw .duplicateItem(items[offset]) }
            if batch != nil {
                let earlier = hashes.withUnsafeBufferPointer { hashes in
                    batch!.insert(hash: hashes[offset], position: offset, hashOf: { hashes[$0] }) {
                        _isEqual(items[$0], items[offset])
                    }
                }
                if earlier != nil { throw .duplicateItem(items[offset]) }
            }
        }
        _storage.place(items, hashes: Array(hashes), at: position)
    }

    /// Removes the items at `doomed` (ascending, distinct flat positions), updating the index in place.
    @inlinable
    mutating func _removeItems(atSortedPositions doomed: [Int]) {
        guard !doomed.isEmpty else { return }
        let sections = doomed.map { _counts.section(containing: $0) }
        _storage.remove(atSortedPositions: doomed)
        for section in sections { _counts.add(-1, toSection: section) }
    }

    @inlinable
    mutating func _moveItem(_ item: ItemIdentifier, relativeTo other: ItemIdentifier, after: Bool) throws(SnapshotError)
    {
        try _checkAppendedItems()
        if item == other { throw .itemRelativeToItself(item) }
        guard let from = indexOfItem(item) else { throw _itemNotFound(item) }
        guard let anchor = indexOfItem(other) else { throw _itemNotFound(other) }
        let fromSection = _section(containing: from)
        let anchorSection = _section(containing: anchor)
        let anchorAfterRemoval = anchor > from ? anchor - 1 : anchor
        let to = after ? anchorAfterRemoval + 1 : anchorAfterRemoval
        // The item takes `to`; the items between shift by one toward `from`.
        _willEditContent()
        _storage.move(from: from, to: to)
        _recordTouched(CollectionOfOne(item))
        if fromSection != anchorSection {
            _counts.add(-1, toSection: fromSection)
            _counts.add(1, toSection: anchorSection)
        }
    }
}

/// Appends the hash of each item to `hashes`, in code that is not generic.
///
/// Here each `AnyHashable` is hashed where the array stores it. A generic loop over the items (even
/// once specialised for `AnyHashable`, and whether it says `for item in items` or `items[i]`) copies
/// each one before hashing it: a retain and a release of its box, about 19 ms per 1,000,000 items,
/// a quarter of the hashing itself (checked in the disassembly: no `AnyHashable` copy is left here).
@usableFromInline
func _appendHashes(of items: [AnyHashable], to hashes: inout ContiguousArray<Int>) {
    for index in items.indices { hashes.append(items[index].hashValue) }
}

/// Appends the hash of each item at `positions` to `hashes`, in code that is not generic (see
/// ``_appendHashes(of:to:)``).
@usableFromInline
func _appendHashes(
    of items: ContiguousArray<AnyHashable>, in positions: Range<Int>, to hashes: inout ContiguousArray<Int>
) {
    for index in positions { hashes.append(items[index].hashValue) }
}

extension Snapshot {
    /// The error for an item that is not in the snapshot, naming an item with the same `Identifiable`
    /// type and `id` when there is one (``SnapshotError/itemWithSameID``).
    ///
    /// - Complexity: O(n) for an `Identifiable` item (paid only on this failure), O(1) otherwise.
    @usableFromInline
    func _itemNotFound(_ item: ItemIdentifier) -> SnapshotError {
        var error = SnapshotError.itemNotFound(item)
        guard let key = _IdentityKey.of(item),
            let match = _storage.chunks.lazy.compactMap({ $0.items.first(where: { _IdentityKey.of($0) == key }) }).first
        else { return error }
        error.itemWithSameID = String(reflecting: AnyHashable(match).base)
        return error
    }
}

// MARK: - Items appended without a check

extension Snapshot {
    /// Hashes and indexes the items appended since the snapshot was last indexed, and checks them for
    /// duplicates: what an append checked at the call before appends became unchecked.
    ///
    /// Not API: the data source's apply calls it before its diff, so a duplicate is reported before
    /// anything is shown (`@_spi(CellKitInternals)`); edits by identifier call it first.
    ///
    /// - Throws: ``SnapshotError/Rule/duplicateItem`` naming the first appended item that is `==` to
    ///   an item before it, with the section it was appended to (``SnapshotError/section``); the
    ///   snapshot is left exactly as it was.
    /// - Complexity: Expected O(p) for the *p* items appended unchecked (one hash each), plus O(n)
    ///   when the index grows; O(1) when there are none.
    ///
    /// - Parameter shown: The snapshot on screen, whose stored hashes are reused for items `==` to its
    ///   item at their place, counted from the start or the end (one `==` each instead of a hash).
    @_spi(CellKitInternals)
    public mutating func _indexAppendedItems(reusingHashesOf shown: Snapshot? = nil) throws(SnapshotError) {
        try _checkAppendedItems(reusingHashesOf: shown)
    }

    /// ``_indexAppendedItems(reusingHashesOf:)``, for the module's inlinable code.
    @inlinable
    mutating func _checkAppendedItems(reusingHashesOf shown: Snapshot? = nil) throws(SnapshotError) {
        guard _storage.pendingCount > 0 else { return }
        guard let duplicate = _storage.indexPending(reusing: shown?._storage) else { return }
        let item = _storage.item(at: duplicate.position)
        throw SnapshotError.duplicateItem(item)._inSection(_sections[_section(containing: duplicate.position)])
    }

    /// Checks the items appended since the last check for duplicates, and indexes them.
    ///
    /// ``appendItems(_:toSection:)`` does not check at the call (it hashes nothing); edits by identifier
    /// and the data source's apply check first. Call this to hear of a duplicate in a snapshot you use
    /// without a data source, say before you diff it.
    ///
    /// ```swift
    /// var snapshot = Snapshot<String, Int>()
    /// try snapshot.appendSections(["feed"])
    /// try snapshot.appendItems([1, 2, 1])
    /// do {
    ///     try snapshot.checkAppendedItems()
    /// } catch {
    ///     print(error)
    /// }
    /// // Prints "duplicate item identifier 1 in section "feed": item identifiers must be unique within a snapshot"
    /// ```
    ///
    /// - Throws: ``SnapshotError/Rule/duplicateItem`` naming the first appended item that is `==` to an
    ///   item before it, and the section it was appended to (``SnapshotError/section``); the snapshot
    ///   is left exactly as it was.
    /// - Complexity: Expected O(p) for the *p* items appended since the last check (one hash each, none
    ///   for those a lookup hashed already), plus O(n) when the index grows; O(1) when there are none.
    public mutating func checkAppendedItems() throws(SnapshotError) {
        try _checkAppendedItems()
    }

    /// How many items were appended without a check since the snapshot was last indexed (see
    /// ``_indexAppendedItems(reusingHashesOf:)``). For tests.
    @_spi(Testing)
    public var _uncheckedItemCount: Int { _storage.pendingCount }
}
