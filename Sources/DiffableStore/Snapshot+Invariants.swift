// Checking a snapshot's storage, for tests (swift-collections does the same with
// `OrderedSet+Invariants.swift`).

extension Snapshot {
    /// Checks every storage invariant and returns the ones that do not hold, each named in a sentence;
    /// empty when the storage is sound. It reports rather than traps, so a test can say which call, on
    /// which seed, broke the storage.
    ///
    /// Section starts ascend from 0 to the item count; section positions match the section order;
    /// each stored hash is its item's hash; the hash index (see ``_HashIndex/_checkInvariants(hashes:)``)
    /// holds every item's position once; reload and reconfigure marks name items and sections that are
    /// in the snapshot.
    ///
    /// - Returns: The broken invariants, in the order they were checked.
    /// - Complexity: O(n + s) expected, including one hash of every item.
    @_spi(Testing)
    public func _checkInvariants() -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        guard _starts.count == _sections.count + 1, _hashes.count == _items.count else {
            return ["Snapshot: one section start per section plus the end, and a stored hash per item"]
        }
        check(_starts.first == 0 && _starts.last == _items.count, "Snapshot: section starts run from 0 to the item count")
        for section in _sections.indices {
            check(_starts[section] <= _starts[section + 1], "Snapshot: section \(section) starts after the next one")
        }
        check(_sectionPositions.count == _sections.count, "Snapshot: a section position per section")
        for (position, section) in _sections.enumerated() {
            check(_sectionPositions[section] == position, "Snapshot: section \(section) is recorded at the wrong position")
        }
        for position in _items.indices {
            check(_hashes[position] == _items[position].hashValue, "Snapshot: the stored hash of item \(position) is stale")
        }
        broken += _hashes.withUnsafeBufferPointer { _index._checkInvariants(hashes: $0) }
        for item in _reloadedItems.union(_reconfiguredItems) {
            check(indexOfItem(item) != nil, "Snapshot: a marked item is not in the snapshot")
        }
        for section in _reloadedSections {
            check(_sectionPositions[section] != nil, "Snapshot: a marked section is not in the snapshot")
        }
        return broken
    }
}

extension _HashIndex {
    /// Checks the table against the stored hashes of the positions it indexes and returns the broken
    /// invariants: a power-of-two capacity at most 3/4 full, `count` positions each stored once, and
    /// every position reachable from its hash's home bucket without crossing an empty slot (so a lookup
    /// finds it).
    ///
    /// - Complexity: O(capacity).
    func _checkInvariants(hashes: UnsafeBufferPointer<Int>) -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        guard slots.count >= 8 && slots.count & (slots.count - 1) == 0 && mask == slots.count - 1 else {
            return ["_HashIndex: capacity is a power of two of at least 8, and mask is capacity - 1"]
        }
        check(count == hashes.count, "_HashIndex: count \(count) for \(hashes.count) positions")
        check(count * 4 <= slots.count * 3, "_HashIndex: more than 3/4 full")
        var seen = [Bool](repeating: false, count: hashes.count)
        for bucket in slots.indices where slots[bucket] >= 0 {
            let position = Int(slots[bucket])
            guard position < hashes.count && !seen[position] else {
                broken.append("_HashIndex: position \(position) is out of range or stored twice")
                continue
            }
            seen[position] = true
            var probe = hashes[position] & mask
            while probe != bucket {
                check(slots[probe] >= 0, "_HashIndex: position \(position) is cut off from its home bucket by an empty slot")
                probe = (probe &+ 1) & mask
            }
        }
        return broken
    }
}
