// Checking a snapshot's storage, for tests (swift-collections does the same with
// `OrderedSet+Invariants.swift`).

extension Snapshot {
    /// Checks every storage invariant and returns the ones that do not hold, each named in a sentence;
    /// empty when the storage is sound. It reports rather than traps, so a test can say which call, on
    /// which seed, broke the storage.
    ///
    /// Section counts add up to the item count and their prefix-sum tree agrees with them (see
    /// ``_SectionCounts/_checkInvariants()``); section positions match the section order; each stored
    /// hash is its item's hash (items appended unchecked have none yet, only in the flat layout, and
    /// each is found, at its place or at an earlier equal item); the item storage (see ``_ItemStorage/_checkInvariants()``) is one flat
    /// run whose index holds every position once, or runs of at most 512 items, each under a handle
    /// that leads back to it, counted in a prefix-sum tree, whose index holds every item's
    /// `handle << 9 | offset` once; every index entry is reachable from its home bucket; items are
    /// found at their positions; reload and reconfigure marks name items and sections that are
    /// in the snapshot.
    ///
    /// - Returns: The broken invariants, in the order they were checked.
    /// - Complexity: O(n + s log s) expected, including one hash of every item.
    @_spi(Testing)
    public func _checkInvariants() -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        let items = _items
        let hashes = _hashes
        let pending = _storage.pendingCount
        guard _counts.sectionCount == _sections.count, hashes.count + pending == items.count else {
            return ["Snapshot: one section count per section, and a stored hash per item"]
        }
        check(
            _counts.total == items.count, "Snapshot: the section counts add up to \(_counts.total), not the item count"
        )
        broken += _counts._checkInvariants()
        check(_sectionPositions.count == _sections.count, "Snapshot: a section position per section")
        for (position, section) in _sections.enumerated() {
            check(
                _sectionPositions[section] == position, "Snapshot: section \(section) is recorded at the wrong position"
            )
        }
        check(pending == 0 || _storage.isFlat, "Snapshot: items appended unchecked only in the flat layout")
        for position in hashes.indices {
            check(
                hashes[position] == items[position].hashValue,
                "Snapshot: the stored hash of item \(position) is stale")
        }
        broken += _storage._checkInvariants()
        for position in Swift.stride(from: 0, to: hashes.count, by: Swift.max(1, hashes.count / 64)) {
            check(
                indexOfItem(items[position]) == position || items[position] != items[position],
                "Snapshot: item \(position) is not found at its position")
        }
        // Items appended unchecked may repeat (reported when indexed); each is found, at its place or
        // at an earlier item equal to it.
        for position in Swift.stride(from: hashes.count, to: items.count, by: Swift.max(1, pending / 64)) {
            let found = indexOfItem(items[position])
            check(
                found.map { $0 <= position && items[$0] == items[position] } ?? (items[position] != items[position]),
                "Snapshot: item \(position), appended unchecked, is not found")
        }
        for item in _reloadedItems.union(_reconfiguredItems) {
            check(indexOfItem(item) != nil, "Snapshot: a marked item is not in the snapshot")
        }
        for section in _reloadedSections {
            check(_sectionPositions[section] != nil, "Snapshot: a marked section is not in the snapshot")
        }
        return broken
    }
}
