// Mutations. Each one checks all of its input before it changes anything, so a throwing call
// leaves the snapshot exactly as it was.

// MARK: - Sections

extension Snapshot {
    /// Appends sections at the end.
    ///
    /// - Parameter sections: New section identifiers.
    /// - Throws: ``SnapshotError/duplicateSection(_:)`` when one is already present or repeats.
    /// - Complexity: Expected O(k).
    public mutating func appendSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
        try _insertSections(sections, at: _sections.count)
    }

    /// Inserts sections before another section.
    ///
    /// - Parameters:
    ///   - sections: New section identifiers.
    ///   - beforeSection: A section in the snapshot.
    /// - Throws: ``SnapshotError/sectionNotFound(_:)``, ``SnapshotError/duplicateSection(_:)``,
    ///   or ``SnapshotError/sectionRelativeToItself(_:)``.
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
    /// - Throws: ``SnapshotError/sectionNotFound(_:)``, ``SnapshotError/duplicateSection(_:)``,
    ///   or ``SnapshotError/sectionRelativeToItself(_:)``.
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
    /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
    /// - Complexity: O(n + s) expected; the index is rebuilt from stored hashes, no item is hashed.
    public mutating func deleteSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
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
        _rearrangeSections(order)
    }

    /// Moves a section before another section.
    ///
    /// - Parameters:
    ///   - section: The section to move.
    ///   - beforeSection: The section it lands in front of.
    /// - Throws: ``SnapshotError/sectionNotFound(_:)`` or ``SnapshotError/sectionRelativeToItself(_:)``.
    /// - Complexity: O(n + s); the index is rebuilt from stored hashes.
    public mutating func moveSection(_ section: SectionIdentifier, beforeSection: SectionIdentifier) throws(SnapshotError) {
        try _moveSection(section, relativeTo: beforeSection, after: false)
    }

    /// Moves a section after another section.
    ///
    /// - Parameters:
    ///   - section: The section to move.
    ///   - afterSection: The section it lands behind.
    /// - Throws: ``SnapshotError/sectionNotFound(_:)`` or ``SnapshotError/sectionRelativeToItself(_:)``.
    /// - Complexity: O(n + s); the index is rebuilt from stored hashes.
    public mutating func moveSection(_ section: SectionIdentifier, afterSection: SectionIdentifier) throws(SnapshotError) {
        try _moveSection(section, relativeTo: afterSection, after: true)
    }

    /// Marks sections to be reloaded by the next apply: their items are taken anew.
    ///
    /// - Parameter sections: Section identifiers in the snapshot.
    /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
    /// - Complexity: Expected O(k).
    public mutating func reloadSections(_ sections: [SectionIdentifier]) throws(SnapshotError) {
        for section in sections where _sectionPositions[section] == nil { throw .sectionNotFound(section) }
        _reloadedSections.formUnion(sections)
    }

    @usableFromInline
    mutating func _insertSections(_ sections: [SectionIdentifier], at position: Int) throws(SnapshotError) {
        var seen = Set<SectionIdentifier>(minimumCapacity: sections.count)
        for section in sections {
            if _sectionPositions[section] != nil || !seen.insert(section).inserted {
                throw .duplicateSection(section)
            }
        }
        let start = _starts[position]
        _sections.insert(contentsOf: sections, at: position)
        _starts.insert(contentsOf: repeatElement(start, count: sections.count), at: position)
        if position == _sections.count - sections.count {
            for (offset, section) in sections.enumerated() { _sectionPositions[section] = position + offset }
        } else {
            _reindexSections()
        }
    }

    mutating func _moveSection(_ section: SectionIdentifier, relativeTo other: SectionIdentifier, after: Bool) throws(SnapshotError) {
        if section == other { throw .sectionRelativeToItself(section) }
        guard let from = _sectionPositions[section] else { throw .sectionNotFound(section) }
        guard let anchor = _sectionPositions[other] else { throw .sectionNotFound(other) }
        var order = Array(_sections.indices)
        order.remove(at: from)
        let anchorPosition = anchor > from ? anchor - 1 : anchor
        order.insert(from, at: after ? anchorPosition + 1 : anchorPosition)
        _rearrangeSections(order)
    }

    /// Rebuilds storage so that it holds the old sections at positions `order`, in that order.
    mutating func _rearrangeSections(_ order: [Int]) {
        var sections: [SectionIdentifier] = []
        var starts: [Int] = [0]
        var items = ContiguousArray<ItemIdentifier>()
        var hashes = ContiguousArray<Int>()
        sections.reserveCapacity(order.count)
        starts.reserveCapacity(order.count + 1)
        for old in order {
            let range = _starts[old]..<_starts[old + 1]
            sections.append(_sections[old])
            items.append(contentsOf: _items[range])
            hashes.append(contentsOf: _hashes[range])
            starts.append(items.count)
        }
        let removedItems = _items.count != items.count
        if removedItems {
            let kept = Set(sections)
            _reloadedSections = _reloadedSections.filter { kept.contains($0) }
        }
        _sections = sections
        _starts = starts
        _items = items
        _hashes = hashes
        _index = _HashIndex(hashes: _hashes)
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
    /// Appends items at the end of a section.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - section: The section to append to; `nil` (the default) means the last section.
    /// - Throws: ``SnapshotError/noSections`` when `section` is `nil` and there are no sections,
    ///   ``SnapshotError/sectionNotFound(_:)``, or ``SnapshotError/duplicateItem(_:)`` when an item is
    ///   `==` to one already present or to another in `items`.
    /// - Complexity: Amortized expected O(k) when appending to the last section (or when the sections
    ///   after it are empty): each new item is hashed once. Otherwise O(n + k).
    @inlinable
    public mutating func appendItems(_ items: [ItemIdentifier], toSection section: SectionIdentifier? = nil) throws(SnapshotError) {
        let position: Int
        if let section {
            guard let found = _sectionPositions[section] else { throw .sectionNotFound(section) }
            position = found
        } else {
            guard !_sections.isEmpty else { throw .noSections }
            position = _sections.count - 1
        }
        try _insertItems(items, section: position, at: _starts[position + 1])
    }

    /// Inserts items before another item, in that item's section.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - beforeItem: An item in the snapshot.
    /// - Throws: ``SnapshotError/itemNotFound(_:)``, ``SnapshotError/duplicateItem(_:)``, or
    ///   ``SnapshotError/itemRelativeToItself(_:)``.
    /// - Complexity: O(n + k) expected.
    public mutating func insertItems(_ items: [ItemIdentifier], beforeItem: ItemIdentifier) throws(SnapshotError) {
        if items.contains(beforeItem) { throw .itemRelativeToItself(beforeItem) }
        guard let anchor = indexOfItem(beforeItem) else { throw .itemNotFound(beforeItem) }
        try _insertItems(items, section: _section(containing: anchor), at: anchor)
    }

    /// Inserts items after another item, in that item's section.
    ///
    /// - Parameters:
    ///   - items: New item identifiers.
    ///   - afterItem: An item in the snapshot.
    /// - Throws: ``SnapshotError/itemNotFound(_:)``, ``SnapshotError/duplicateItem(_:)``, or
    ///   ``SnapshotError/itemRelativeToItself(_:)``.
    /// - Complexity: O(n + k) expected.
    public mutating func insertItems(_ items: [ItemIdentifier], afterItem: ItemIdentifier) throws(SnapshotError) {
        if items.contains(afterItem) { throw .itemRelativeToItself(afterItem) }
        guard let anchor = indexOfItem(afterItem) else { throw .itemNotFound(afterItem) }
        try _insertItems(items, section: _section(containing: anchor), at: anchor + 1)
    }

    /// Deletes items.
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/itemNotFound(_:)``.
    /// - Complexity: O(n + k) expected; the index is rebuilt from stored hashes, no stored item is hashed again.
    public mutating func deleteItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        guard !items.isEmpty else { return }
        var doomed = [Bool](repeating: false, count: _items.count)
        for item in items {
            guard let position = indexOfItem(item) else { throw .itemNotFound(item) }
            doomed[position] = true
        }
        var items = ContiguousArray<ItemIdentifier>()
        var hashes = ContiguousArray<Int>()
        items.reserveCapacity(_items.count)
        hashes.reserveCapacity(_items.count)
        var starts: [Int] = [0]
        starts.reserveCapacity(_starts.count)
        for section in _sections.indices {
            for position in _starts[section]..<_starts[section + 1] where !doomed[position] {
                items.append(_items[position])
                hashes.append(_hashes[position])
            }
            starts.append(items.count)
        }
        _items = items
        _hashes = hashes
        _starts = starts
        _index = _HashIndex(hashes: _hashes)
        _dropMarksForMissingItems()
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
    /// - Throws: ``SnapshotError/itemNotFound(_:)`` or ``SnapshotError/itemRelativeToItself(_:)``.
    /// - Complexity: O(n) expected; the index is updated without hashing.
    public mutating func moveItem(_ item: ItemIdentifier, beforeItem: ItemIdentifier) throws(SnapshotError) {
        try _moveItem(item, relativeTo: beforeItem, after: false)
    }

    /// Moves an item after another item (possibly into another section).
    ///
    /// - Parameters:
    ///   - item: The item to move.
    ///   - afterItem: The item it lands behind.
    /// - Throws: ``SnapshotError/itemNotFound(_:)`` or ``SnapshotError/itemRelativeToItself(_:)``.
    /// - Complexity: O(n) expected; the index is updated without hashing.
    public mutating func moveItem(_ item: ItemIdentifier, afterItem: ItemIdentifier) throws(SnapshotError) {
        try _moveItem(item, relativeTo: afterItem, after: true)
    }

    /// Marks items to be reloaded by the next apply (a new cell is dequeued for each).
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/itemNotFound(_:)``.
    /// - Complexity: Expected O(k).
    public mutating func reloadItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        for item in items where indexOfItem(item) == nil { throw .itemNotFound(item) }
        _reloadedItems.formUnion(items)
    }

    /// Marks items to be reconfigured by the next apply: the visible cell is configured again in place.
    ///
    /// - Parameter items: Item identifiers in the snapshot.
    /// - Throws: ``SnapshotError/itemNotFound(_:)``.
    /// - Complexity: Expected O(k).
    public mutating func reconfigureItems(_ items: [ItemIdentifier]) throws(SnapshotError) {
        for item in items where indexOfItem(item) == nil { throw .itemNotFound(item) }
        _reconfiguredItems.formUnion(items)
    }

    /// Removes every reload and reconfigure mark (the data source does this once it has applied them).
    ///
    /// - Complexity: O(1).
    public mutating func clearReloadMarks() {
        _reloadedItems = []
        _reconfiguredItems = []
        _reloadedSections = []
    }

    /// Inserts `items` at flat position `position`, which lies in or at the end of `section`.
    @inlinable
    mutating func _insertItems(_ items: [ItemIdentifier], section: Int, at position: Int) throws(SnapshotError) {
        guard !items.isEmpty else { return }
        let oldCount = _items.count
        // Hash each new item once; the hashes are kept.
        var newHashes = ContiguousArray<Int>()
        newHashes.reserveCapacity(items.count)
        for item in items { newHashes.append(item.hashValue) }
        // Tentatively index the new items at positions oldCount... (lookups there read `items`),
        // checking each against the old items and the ones before it. On a duplicate, the tentative
        // slots are removed and the table is exactly as before.
        if (oldCount + items.count) * 4 > _index.slots.count * 3 {
            var grown = _HashIndex(minimumCapacity: oldCount + items.count)
            _hashes.withUnsafeBufferPointer { hashes in
                for position in hashes.indices { grown.insert(hash: hashes[position], position: position) }
            }
            _index = grown
        }
        var duplicate: ItemIdentifier?
        let mask = _index.mask
        var inserted = 0
        _index.slots.withUnsafeMutableBufferPointer { slots in
        _items.withUnsafeBufferPointer { oldItems in
        _hashes.withUnsafeBufferPointer { oldHashes in
        items.withUnsafeBufferPointer { fresh in
        newHashes.withUnsafeBufferPointer { freshHashes in
            for offset in fresh.indices {
                let hash = freshHashes[offset]
                var bucket = hash & mask
                while true {
                    let slot = Int(slots[bucket])
                    if slot < 0 { break }
                    let isDuplicate = slot < oldCount
                        ? oldHashes[slot] == hash && _isEqual(oldItems.baseAddress! + slot, fresh.baseAddress! + offset)
                        : freshHashes[slot - oldCount] == hash && _isEqual(fresh.baseAddress! + (slot - oldCount), fresh.baseAddress! + offset)
                    if isDuplicate { duplicate = fresh[offset]; return }
                    bucket = (bucket &+ 1) & mask
                }
                slots[bucket] = Int32(truncatingIfNeeded: oldCount + offset)
                inserted += 1
            }
        }}}}}
        _index.count += inserted
        if let duplicate {
            _index.removePositions(from: oldCount)
            throw .duplicateItem(duplicate)
        }
        if position == oldCount {
            _items.append(contentsOf: items)
            _hashes.append(contentsOf: newHashes)
        } else {
            let inserted = items.count
            _index.remapPositions { $0 >= oldCount ? $0 - oldCount + position : ($0 >= position ? $0 + inserted : $0) }
            _items.insert(contentsOf: items, at: position)
            _hashes.insert(contentsOf: newHashes, at: position)
        }
        for later in (section + 1)..<_starts.count { _starts[later] += items.count }
    }

    mutating func _moveItem(_ item: ItemIdentifier, relativeTo other: ItemIdentifier, after: Bool) throws(SnapshotError) {
        if item == other { throw .itemRelativeToItself(item) }
        guard let from = indexOfItem(item) else { throw .itemNotFound(item) }
        guard let anchor = indexOfItem(other) else { throw .itemNotFound(other) }
        let fromSection = _section(containing: from)
        let anchorSection = _section(containing: anchor)
        // Remove.
        let hash = _hashes[from]
        _items.remove(at: from)
        _hashes.remove(at: from)
        for later in (fromSection + 1)..<_starts.count { _starts[later] -= 1 }
        // Insert.
        let anchorAfterRemoval = anchor > from ? anchor - 1 : anchor
        let to = after ? anchorAfterRemoval + 1 : anchorAfterRemoval
        _items.insert(item, at: to)
        _hashes.insert(hash, at: to)
        for later in (anchorSection + 1)..<_starts.count { _starts[later] += 1 }
        // Positions strictly between shift by one; the moved item takes `to`.
        _index.remapPositions { position in
            if position == from { return to }
            if from < to, position > from, position <= to { return position - 1 }
            if to < from, position >= to, position < from { return position + 1 }
            return position
        }
    }
}
