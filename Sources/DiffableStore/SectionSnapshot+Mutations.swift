// Structural edits of a section snapshot. Each checks everything before it changes anything, so a
// throwing call leaves the section snapshot exactly as it was.

extension SectionSnapshot {
    /// Appends items as the last children of a parent, or as the last roots.
    ///
    /// - Parameters:
    ///   - items: New items, not in the section snapshot, no two equal.
    ///   - parent: The parent to append to, or `nil` to append roots.
    /// - Throws: ``SectionSnapshotError/Rule/parentNotFound`` when `parent` is not in the section
    ///   snapshot; ``SectionSnapshotError/Rule/duplicateItem`` for an item already in it (or twice in
    ///   `items`). Nothing changes then.
    /// - Complexity: Amortized expected O(k).
    public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil)
        throws(SectionSnapshotError)
    {
        var level = 0
        if let parent {
            guard let node = _nodes[parent] else { throw SectionSnapshotError(.parentNotFound, identifier: parent) }
            level = node.level + 1
        }
        try _checkNew(items)
        _add(items, parent: parent, level: level)
        if let parent {
            _nodes[parent]!.children.append(contentsOf: items)
        } else {
            _roots.append(contentsOf: items)
        }
    }

    /// Inserts items as siblings right before an item, at its level.
    ///
    /// - Parameters:
    ///   - items: New items, not in the section snapshot, no two equal.
    ///   - item: An item in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` when `item` is not in the section snapshot;
    ///   ``SectionSnapshotError/Rule/duplicateItem`` for an item already in it. Nothing changes then.
    /// - Complexity: Expected O(k + c), where *c* is the number of siblings of `item`.
    public mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier) throws(SectionSnapshotError) {
        try _insert(items, beside: item, after: false)
    }

    /// Inserts items as siblings right after an item, at its level.
    ///
    /// - Parameters:
    ///   - items: New items, not in the section snapshot, no two equal.
    ///   - item: An item in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` when `item` is not in the section snapshot;
    ///   ``SectionSnapshotError/Rule/duplicateItem`` for an item already in it. Nothing changes then.
    /// - Complexity: Expected O(k + c), where *c* is the number of siblings of `item`.
    public mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier) throws(SectionSnapshotError) {
        try _insert(items, beside: item, after: true)
    }

    /// Inserts the roots of another section snapshot, with their subtrees and expansion states, as
    /// siblings right before an item.
    ///
    /// - Parameters:
    ///   - snapshot: The subtrees to insert; none of its items may be in this section snapshot.
    ///   - item: An item in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` when `item` is not in the section snapshot;
    ///   ``SectionSnapshotError/Rule/duplicateItem`` for an item of `snapshot` already in it. Nothing
    ///   changes then.
    /// - Complexity: Expected O(k + c) for the *k* items of `snapshot` and the *c* siblings of `item`.
    public mutating func insert(_ snapshot: SectionSnapshot, before item: ItemIdentifier) throws(SectionSnapshotError) {
        try _insert(snapshot, beside: item, after: false)
    }

    /// Inserts the roots of another section snapshot, with their subtrees and expansion states, as
    /// siblings right after an item.
    ///
    /// - Parameters:
    ///   - snapshot: The subtrees to insert; none of its items may be in this section snapshot.
    ///   - item: An item in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` when `item` is not in the section snapshot;
    ///   ``SectionSnapshotError/Rule/duplicateItem`` for an item of `snapshot` already in it. Nothing
    ///   changes then.
    /// - Complexity: Expected O(k + c) for the *k* items of `snapshot` and the *c* siblings of `item`.
    public mutating func insert(_ snapshot: SectionSnapshot, after item: ItemIdentifier) throws(SectionSnapshotError) {
        try _insert(snapshot, beside: item, after: true)
    }

    /// Replaces everything under a parent with the items of another section snapshot: its roots become
    /// the parent's children, with their subtrees and expansion states. The parent keeps its own state.
    ///
    /// - Parameters:
    ///   - parent: An item in the section snapshot.
    ///   - snapshot: The new subtree; its items may be ones under `parent` now, but no other item of
    ///     this section snapshot (nor `parent` itself).
    /// - Throws: ``SectionSnapshotError/Rule/parentNotFound`` when `parent` is not in the section
    ///   snapshot; ``SectionSnapshotError/Rule/duplicateItem`` for an item of `snapshot` that is in it
    ///   outside the replaced subtree. Nothing changes then.
    /// - Complexity: Expected O(d + k) for the *d* items replaced and the *k* items of `snapshot`.
    public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: SectionSnapshot)
        throws(SectionSnapshotError)
    {
        guard let node = _nodes[parent] else { throw SectionSnapshotError(.parentNotFound, identifier: parent) }
        var replaced = Set<ItemIdentifier>()
        for child in node.children { _collectSubtree(of: child, into: &replaced) }
        var duplicate: ItemIdentifier?
        snapshot._walk(visibleOnly: false) { item in
            guard _nodes[item] == nil || replaced.contains(item) else {
                duplicate = item
                return false
            }
            return true
        }
        if let duplicate { throw SectionSnapshotError(.duplicateItem, identifier: duplicate) }
        for item in replaced { _nodes[item] = nil }
        for root in snapshot._roots {
            _copySubtree(of: root, from: snapshot, parent: parent, levelOffset: node.level + 1)
        }
        _nodes[parent]!.children = snapshot._roots
    }

    /// Deletes items, each with all its descendants.
    ///
    /// - Parameter items: Items in the section snapshot. An item listed twice, or under another listed
    ///   item, is deleted once.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` for the first item that is not in the
    ///   section snapshot. Nothing changes then.
    /// - Complexity: Expected O(k + d + c) for the *d* descendants deleted with them and the *c*
    ///   siblings of the items deleted (each parent's children are filtered once).
    public mutating func delete(_ items: [ItemIdentifier]) throws(SectionSnapshotError) {
        for item in items where _nodes[item] == nil { throw SectionSnapshotError(.itemNotFound, identifier: item) }
        let doomed = Set(items)
        var parents = Set<ItemIdentifier>()
        var fromRoots = false
        for item in items {
            if let parent = _nodes[item]!.parent { parents.insert(parent) } else { fromRoots = true }
        }
        for parent in parents { _nodes[parent]!.children.removeAll(where: doomed.contains) }
        if fromRoots { _roots.removeAll(where: doomed.contains) }
        var removed = Set<ItemIdentifier>()
        for item in items where _nodes[item] != nil { _collectSubtree(of: item, into: &removed) }
        for item in removed { _nodes[item] = nil }
    }

    /// Deletes every item.
    ///
    /// - Complexity: O(1) (the old storage is released).
    public mutating func deleteAll() {
        _roots = []
        _nodes = [:]
    }

    /// States items expanded: their children show whenever they do.
    ///
    /// Expanding an item whose parent is collapsed changes no visible item until the parent is
    /// expanded too. Expanding a leaf is allowed: its children will show when it gets some.
    ///
    /// - Parameter items: Items in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` for the first item that is not in the
    ///   section snapshot. Nothing changes then.
    /// - Complexity: Expected O(k).
    public mutating func expand(_ items: [ItemIdentifier]) throws(SectionSnapshotError) {
        try _state(items, expanded: true)
    }

    /// States items collapsed: their descendants are hidden, and keep their own expansion state.
    ///
    /// - Parameter items: Items in the section snapshot.
    /// - Throws: ``SectionSnapshotError/Rule/itemNotFound`` for the first item that is not in the
    ///   section snapshot. Nothing changes then.
    /// - Complexity: Expected O(k).
    public mutating func collapse(_ items: [ItemIdentifier]) throws(SectionSnapshotError) {
        try _state(items, expanded: false)
    }

    // Internal.

    /// Throws for the first item of `items` that is in the section snapshot or repeated. Expected O(k).
    func _checkNew(_ items: [ItemIdentifier]) throws(SectionSnapshotError) {
        var seen = Set<ItemIdentifier>(minimumCapacity: items.count)
        for item in items where _nodes[item] != nil || !seen.insert(item).inserted {
            throw SectionSnapshotError(.duplicateItem, identifier: item)
        }
    }

    /// Adds leaf nodes for `items` (not linked into a sibling list).
    mutating func _add(_ items: [ItemIdentifier], parent: ItemIdentifier?, level: Int) {
        for item in items { _nodes[item] = _Node(parent: parent, children: [], level: level, expansion: nil) }
    }

    /// Inserts new items into `item`'s sibling list, before or after it.
    mutating func _insert(_ items: [ItemIdentifier], beside item: ItemIdentifier, after: Bool)
        throws(SectionSnapshotError)
    {
        guard let node = _nodes[item] else { throw SectionSnapshotError(.itemNotFound, identifier: item) }
        try _checkNew(items)
        _add(items, parent: node.parent, level: node.level)
        _linkSiblings(items, beside: item, parent: node.parent, after: after)
    }

    /// Inserts another snapshot's roots, with their subtrees, into `item`'s sibling list.
    mutating func _insert(_ snapshot: SectionSnapshot, beside item: ItemIdentifier, after: Bool)
        throws(SectionSnapshotError)
    {
        guard let node = _nodes[item] else { throw SectionSnapshotError(.itemNotFound, identifier: item) }
        var duplicate: ItemIdentifier?
        snapshot._walk(visibleOnly: false) { new in
            guard _nodes[new] == nil else {
                duplicate = new
                return false
            }
            return true
        }
        if let duplicate { throw SectionSnapshotError(.duplicateItem, identifier: duplicate) }
        for root in snapshot._roots {
            _copySubtree(of: root, from: snapshot, parent: node.parent, levelOffset: node.level)
        }
        _linkSiblings(snapshot._roots, beside: item, parent: node.parent, after: after)
    }

    /// Puts `items` into the children of `parent` (or the roots) right before or after `item`. O(c + k).
    mutating func _linkSiblings(
        _ items: [ItemIdentifier], beside item: ItemIdentifier, parent: ItemIdentifier?, after: Bool
    ) {
        func link(_ siblings: inout [ItemIdentifier]) {
            let index = siblings.firstIndex(of: item)! + (after ? 1 : 0)
            siblings.insert(contentsOf: items, at: index)
        }
        if let parent { link(&_nodes[parent]!.children) } else { link(&_roots) }
    }

    /// Adds `item` and its descendants to `set`. Expected O(d).
    func _collectSubtree(of item: ItemIdentifier, into set: inout Set<ItemIdentifier>) {
        var pending = [item]
        while let next = pending.popLast() {
            guard set.insert(next).inserted, let node = _nodes[next] else { continue }
            pending.append(contentsOf: node.children)
        }
    }

    mutating func _state(_ items: [ItemIdentifier], expanded: Bool) throws(SectionSnapshotError) {
        for item in items where _nodes[item] == nil { throw SectionSnapshotError(.itemNotFound, identifier: item) }
        for item in items { _nodes[item]!.expansion = expanded }
    }
}
