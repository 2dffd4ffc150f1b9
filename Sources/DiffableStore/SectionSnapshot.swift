/// One section's items as an outline: a forest of items, each of which may have children and be
/// expanded or collapsed, like UIKit's `NSDiffableDataSourceSectionSnapshot`.
///
/// Append roots and children, insert siblings, delete items with their descendants, and expand or
/// collapse items. An item is *visible* when all its ancestors are expanded (roots always are):
/// ``visibleItems`` are what a list shows of the section, depth first. Collapsing an item hides its
/// descendants but keeps them, with their own expansion state, so expanding it again shows them as
/// they were. Like ``Snapshot``, bad input never crashes: a duplicate item or a missing parent throws a
/// ``SectionSnapshotError`` naming it, and the section snapshot is left as it was.
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// try outline.append(["A"])
/// try outline.append(["B", "C"], to: "A")
/// try outline.append(["D"], to: "C")
/// try outline.expand(["A"])
/// print(outline.visibleItems, outline.level(of: "D")!)
/// // Prints "["A", "B", "C"] 2"
/// ```
///
/// # Expansion that is not stated
/// An item is expanded or collapsed only once ``expand(_:)`` or ``collapse(_:)`` says so (or the
/// snapshot it came from said so). Until then its expansion is not stated: ``isExpanded(_:)`` answers
/// `false` and ``visibleItems`` treats it as collapsed, and a data source that shows the section keeps
/// the state it had for that item (see ``statedExpansion(of:)``). A snapshot rebuilt from a model that
/// knows nothing of expansion therefore keeps what the user expanded.
///
/// # Performance
/// Each item's parent, children, level and expansion are stored under the item in a hash table, so
/// lookups, ``level(of:)``, ``parent(of:)`` and expanding are expected O(1); each item is hashed on every
/// lookup (an outline section is a screen's worth of items, not a million). Siblings are kept in order
/// in their parent's array, so inserting beside an item costs O(c) for its *c* siblings. Walking the
/// items depth first costs O(1) per item walked: ``visibleItems`` walks only the visible ones. In the
/// complexity notes, *n* is the number of items and *k* the number of identifiers passed in.
public struct SectionSnapshot<ItemIdentifier: Hashable> {
    /// Where an item sits in the forest.
    struct _Node: Equatable {
        /// Its parent, or `nil` for a root.
        var parent: ItemIdentifier?
        /// Its children, in order.
        var children: [ItemIdentifier]
        /// 0 for a root, its parent's level plus 1 otherwise.
        var level: Int
        /// `true` expanded, `false` collapsed, `nil` not stated.
        var expansion: Bool?
    }

    /// The root items, in order.
    var _roots: [ItemIdentifier]
    /// Every item's node.
    var _nodes: [ItemIdentifier: _Node]

    /// Creates an empty section snapshot.
    ///
    /// - Complexity: O(1).
    public init() {
        _roots = []
        _nodes = [:]
    }
}

// MARK: - Reading

extension SectionSnapshot {
    /// Every item, depth first: each item is followed by its descendants, hidden ones included.
    ///
    /// - Complexity: Expected O(n).
    public var items: [ItemIdentifier] { _depthFirst(visibleOnly: false) }

    /// The items a list shows: those whose ancestors are all expanded, depth first.
    ///
    /// - Complexity: Expected O(v) for *v* visible items (hidden subtrees are not walked).
    public var visibleItems: [ItemIdentifier] { _depthFirst(visibleOnly: true) }

    /// The items at level 0, in order.
    ///
    /// - Complexity: O(1) (the array is shared, not copied).
    public var rootItems: [ItemIdentifier] { _roots }

    /// The items stated expanded, depth first.
    ///
    /// - Complexity: Expected O(n).
    public var expandedItems: [ItemIdentifier] { items.filter { _nodes[$0]?.expansion == true } }

    /// The number of items, hidden ones included.
    ///
    /// - Complexity: O(1).
    public var count: Int { _nodes.count }

    /// Whether the section snapshot holds an item (visible or hidden).
    ///
    /// - Complexity: Expected O(1).
    public func contains(_ item: ItemIdentifier) -> Bool { _nodes[item] != nil }

    /// The position of an item in ``items``.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its index in depth-first order, or `nil` when it is not in the section snapshot.
    /// - Complexity: Expected O(n) (the items before it are walked).
    public func index(of item: ItemIdentifier) -> Int? {
        guard contains(item) else { return nil }
        var position = 0
        var found: Int?
        _walk(visibleOnly: false) { current in
            if current == item {
                found = position
                return false
            }
            position += 1
            return true
        }
        return found
    }

    /// How deep an item is: 0 for a root, 1 for a root's child, and so on.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its level, or `nil` when it is not in the section snapshot.
    /// - Complexity: Expected O(1).
    public func level(of item: ItemIdentifier) -> Int? { _nodes[item]?.level }

    /// The parent of an item.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its parent, or `nil` for a root or an item that is not in the section snapshot.
    /// - Complexity: Expected O(1).
    public func parent(of item: ItemIdentifier) -> ItemIdentifier? { _nodes[item]?.parent }

    /// The children of an item, in order.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its children (empty for a leaf), or `nil` when it is not in the section snapshot.
    /// - Complexity: Expected O(1) (the array is shared, not copied).
    public func children(of item: ItemIdentifier) -> [ItemIdentifier]? { _nodes[item]?.children }

    /// Whether an item is visible: all its ancestors are expanded. "Visible" is not "on screen": a
    /// visible item may be scrolled out of view; a hidden one is in no row at all.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: `false` as well when the item is not in the section snapshot.
    /// - Complexity: Expected O(d) for an item at level *d*.
    public func isVisible(_ item: ItemIdentifier) -> Bool {
        guard var node = _nodes[item] else { return false }
        while let parent = node.parent {
            guard let parentNode = _nodes[parent], parentNode.expansion == true else { return false }
            node = parentNode
        }
        return true
    }

    /// Whether an item is stated expanded.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: `false` for a collapsed item, one whose expansion is not stated, and one that is not
    ///   in the section snapshot.
    /// - Complexity: Expected O(1).
    public func isExpanded(_ item: ItemIdentifier) -> Bool { _nodes[item]?.expansion == true }

    /// What the section snapshot says of an item's expansion: `true` expanded, `false` collapsed, `nil`
    /// when it does not say (an item added since, and not expanded or collapsed yet).
    ///
    /// A data source that shows the section snapshot keeps, for an item whose expansion is not stated,
    /// the state it had for that item.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: The stated expansion, or `nil` when it is not stated or the item is not in the
    ///   section snapshot.
    /// - Complexity: Expected O(1).
    public func statedExpansion(of item: ItemIdentifier) -> Bool? { _nodes[item]?.expansion }

    /// The subtree under an item, as a section snapshot of its own: the item's children become roots
    /// (or the item does, with `includingParent`), with their descendants and expansion states.
    ///
    /// - Parameters:
    ///   - parent: An item identifier.
    ///   - includingParent: Whether the item itself is the root of the result.
    /// - Returns: The subtree, or `nil` when `parent` is not in the section snapshot.
    /// - Complexity: Expected O(d) for the *d* items of the subtree.
    public func snapshot(of parent: ItemIdentifier, includingParent: Bool = false) -> SectionSnapshot? {
        guard let node = _nodes[parent] else { return nil }
        var result = SectionSnapshot()
        if includingParent {
            result._roots = [parent]
            result._copySubtree(of: parent, from: self, parent: nil, levelOffset: -node.level)
        } else {
            result._roots = node.children
            for child in node.children {
                result._copySubtree(of: child, from: self, parent: nil, levelOffset: -node.level - 1)
            }
        }
        return result
    }

    // Internal walks.

    /// The items depth first, all of them or only the visible ones.
    func _depthFirst(visibleOnly: Bool) -> [ItemIdentifier] {
        var result: [ItemIdentifier] = []
        result.reserveCapacity(visibleOnly ? _roots.count : _nodes.count)
        _walk(visibleOnly: visibleOnly) { item in
            result.append(item)
            return true
        }
        return result
    }

    /// Calls `body` with each item depth first (only visible ones, if asked) until it returns `false`.
    /// Iterative, so a deep outline does not grow the call stack. Expected O(1) per item walked.
    func _walk(visibleOnly: Bool, _ body: (ItemIdentifier) -> Bool) {
        var stack: [IndexingIterator<[ItemIdentifier]>] = [_roots.makeIterator()]
        while !stack.isEmpty {
            guard let item = stack[stack.count - 1].next() else {
                stack.removeLast()
                continue
            }
            guard body(item) else { return }
            guard let node = _nodes[item] else { continue }
            if !node.children.isEmpty && (!visibleOnly || node.expansion == true) {
                stack.append(node.children.makeIterator())
            }
        }
    }

    /// Copies the subtree under `root` (included) from `source`, giving `root` the parent `parent` and
    /// every copied item its level in `source` plus `levelOffset`. Does not link `root` into a sibling
    /// list. Expected O(d) for the subtree's *d* items.
    mutating func _copySubtree(
        of root: ItemIdentifier, from source: SectionSnapshot, parent: ItemIdentifier?, levelOffset: Int
    ) {
        var pending = [root]
        while let item = pending.popLast() {
            guard var node = source._nodes[item] else { continue }
            if item == root { node.parent = parent }
            node.level += levelOffset
            _nodes[item] = node
            pending.append(contentsOf: node.children)
        }
    }
}

// MARK: - Equality

extension SectionSnapshot: Equatable {
    /// Two section snapshots are equal when they hold the same items in the same places, with the same
    /// stated expansion (an item stated collapsed differs from one whose expansion is not stated).
    ///
    /// - Complexity: Expected O(n).
    public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
        lhs._roots == rhs._roots && lhs._nodes == rhs._nodes
    }
}

extension SectionSnapshot._Node: Sendable where ItemIdentifier: Sendable {}
extension SectionSnapshot: Sendable where ItemIdentifier: Sendable {}

extension SectionSnapshot: CustomStringConvertible {
    /// One line per item, depth first, indented two spaces per level: `▾` before an expanded item,
    /// `▸` before a collapsed one with children, `·` before a leaf.
    ///
    /// ```swift
    /// // ▾ A
    /// //   · B
    /// //   ▸ C
    /// //     · D
    /// ```
    public var description: String {
        var lines: [String] = []
        _walk(visibleOnly: false) { item in
            guard let node = _nodes[item] else { return true }
            let marker = node.expansion == true ? "▾" : node.children.isEmpty ? "·" : "▸"
            lines.append(String(repeating: "  ", count: node.level) + marker + " " + String(describing: item))
            return true
        }
        return lines.isEmpty ? "(empty section snapshot)" : lines.joined(separator: "\n")
    }
}
