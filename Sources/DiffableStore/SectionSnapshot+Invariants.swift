// Checking a section snapshot's storage, for tests (as `Snapshot+Invariants.swift` does).

extension SectionSnapshot {
    /// Checks every storage invariant and returns the ones that do not hold, each named in a sentence;
    /// empty when the storage is sound.
    ///
    /// Every item is reached exactly once from the roots (so there is no cycle and no unreachable
    /// node); a root has no parent and level 0; every child names its parent and sits one level below
    /// it.
    ///
    /// - Returns: The broken invariants, in the order they were checked.
    /// - Complexity: Expected O(n).
    @_spi(Testing)
    public func _checkInvariants() -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ invariant: @autoclosure () -> String) { if !holds { broken.append(invariant()) } }
        var reached = Set<ItemIdentifier>()
        var pending: [(item: ItemIdentifier, parent: ItemIdentifier?, level: Int)] = _roots.reversed().map {
            ($0, nil, 0)
        }
        while let (item, parent, level) = pending.popLast() {
            guard reached.insert(item).inserted else {
                broken.append("SectionSnapshot: \(item) is reached twice from the roots")
                continue
            }
            guard let node = _nodes[item] else {
                broken.append("SectionSnapshot: \(item) is linked but has no node")
                continue
            }
            check(node.parent == parent, "SectionSnapshot: \(item) names the wrong parent")
            check(node.level == level, "SectionSnapshot: \(item) is at level \(node.level), not \(level)")
            pending.append(contentsOf: node.children.reversed().map { ($0, item, level + 1) })
        }
        check(
            reached.count == _nodes.count,
            "SectionSnapshot: \(_nodes.count - reached.count) nodes are not reached from the roots")
        return broken
    }
}
