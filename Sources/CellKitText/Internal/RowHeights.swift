/// The heights of a list's rows, in order, in a B+ tree of fixed-size blocks: every operation a batch
/// or a scroll needs is O(log n).
///
/// Leaves are blocks of up to ``leafCapacity`` heights; an internal node has up to ``nodeCapacity``
/// children and keeps, for each child, the number of rows below it, the sum of their measured heights
/// and how many of them are not measured yet. A row's height is stored raw: the lines it measured, or
/// `-1` until it is measured, when it counts as ``estimate`` lines. Because unmeasured rows are counted
/// rather than summed, changing the estimate is O(1).
///
/// Why blocks and not one node per row: a million rows make 15,625 full leaves and four levels of
/// nodes, built in O(n) with one allocation per block; a lookup reads a few contiguous arrays instead of
/// chasing twenty pointers, and no row pays for a node object of its own.
///
/// Every node but the root holds at least half its capacity (leaves: ``leafCapacity`` / 2 heights;
/// nodes: ``nodeCapacity`` / 2 children) and all leaves are at the same depth, so the depth is
/// O(log n); ``_checkInvariants()`` checks this and every stored sum.
///
/// - Complexity: Building is O(n). ``prefixSum(_:)``, ``index(containing:)``, ``height(at:)``,
///   ``setHeight(_:at:)``, ``insert(_:at:)`` and ``remove(at:)`` are O(log n) (each level costs at most
///   ``nodeCapacity`` steps, a leaf at most ``leafCapacity``).
struct RowHeights {
    /// The most heights a leaf holds.
    static let leafCapacity = 64
    /// The most children an internal node has.
    static let nodeCapacity = 16

    /// What a subtree holds: its rows, the sum of its measured heights, and its rows not measured yet.
    struct Summary: Hashable, Sendable {
        var count = 0
        var measured = 0
        var unmeasured = 0

        /// The summary of one row of raw height `raw`.
        init(raw: Int32) {
            count = 1
            if raw >= 0 { measured = Int(raw) } else { unmeasured = 1 }
        }

        init() {}

        static func += (lhs: inout Summary, rhs: Summary) {
            lhs.count += rhs.count
            lhs.measured += rhs.measured
            lhs.unmeasured += rhs.unmeasured
        }

        static func -= (lhs: inout Summary, rhs: Summary) {
            lhs.count -= rhs.count
            lhs.measured -= rhs.measured
            lhs.unmeasured -= rhs.unmeasured
        }

        /// The lines the subtree takes when unmeasured rows count `estimate` lines.
        func lines(estimate: Int) -> Int { measured + unmeasured * estimate }
    }

    /// An internal node: its children (leaf indices one level above the leaves, node indices above
    /// that) and a summary of each.
    struct Node {
        var children: [Int]
        var summaries: [Summary]
    }

    /// The lines a row counts as until it is measured (at least 1).
    var estimate: Int {
        didSet { assert(estimate >= 1, "The estimated row height must be at least 1") }
    }

    private var leaves: [[Int32]] = [[]]
    private var nodes: [Node] = []
    private var freeLeaves: [Int] = []
    private var freeNodes: [Int] = []
    /// A leaf index when ``levels`` is 0, a node index otherwise.
    private var root = 0
    /// The number of internal levels above the leaves.
    private(set) var levels = 0
    private var rootSummary = Summary()

    /// Leaves and nodes read or written so far, by this tree and the copies made of it: what the
    /// work-counting tests bound. Every operation counts each block it touches, reads and building
    /// included (a reference, so that reads can count too).
    let work = WorkCounter()
    var blocksTouched: Int {
        get { work.blocks }
        nonmutating set { work.blocks = newValue }
    }

    /// The number of rows.
    var count: Int { rootSummary.count }

    /// The sum of all heights, unmeasured rows counted as ``estimate``.
    var total: Int { rootSummary.lines(estimate: estimate) }

    /// Builds the tree over raw heights (`-1` for a row not measured yet) in O(n).
    init(_ raws: some Collection<Int32>, estimate: Int) {
        assert(estimate >= 1, "The estimated row height must be at least 1")
        self.estimate = estimate
        let leafCount = raws.isEmpty ? 1 : (raws.count + Self.leafCapacity - 1) / Self.leafCapacity
        // Spread the rows evenly, so every leaf holds at least half a leaf.
        leaves = []
        leaves.reserveCapacity(leafCount)
        var summaries: [Summary] = []
        summaries.reserveCapacity(leafCount)
        var start = raws.startIndex
        for leaf in 0..<leafCount {
            let size = raws.count * (leaf + 1) / leafCount - raws.count * leaf / leafCount
            let end = raws.index(start, offsetBy: size)
            let block = Array(raws[start..<end])
            var summary = Summary()
            for raw in block { summary += Summary(raw: raw) }
            leaves.append(block)
            summaries.append(summary)
            start = end
        }
        blocksTouched += leafCount
        var level = Array(0..<leafCount)
        while level.count > 1 {
            let nodeCount = (level.count + Self.nodeCapacity - 1) / Self.nodeCapacity
            var next: [Int] = []
            var nextSummaries: [Summary] = []
            next.reserveCapacity(nodeCount)
            for node in 0..<nodeCount {
                let range = (level.count * node / nodeCount)..<(level.count * (node + 1) / nodeCount)
                var summary = Summary()
                for index in range { summary += summaries[index] }
                next.append(nodes.count)
                nodes.append(Node(children: Array(level[range]), summaries: Array(summaries[range])))
                nextSummaries.append(summary)
            }
            blocksTouched += nodeCount
            level = next
            summaries = nextSummaries
            levels += 1
        }
        root = level[0]
        rootSummary = summaries[0]
    }

    /// An empty tree.
    init(estimate: Int) {
        self.init(EmptyCollection(), estimate: estimate)
    }

    // MARK: Reading

    /// The lines a raw height takes.
    @inline(__always)
    private func lines(_ raw: Int32) -> Int { raw >= 0 ? Int(raw) : estimate }

    /// The raw height of a row: its measured lines, or `-1` when not measured yet.
    func rawHeight(at index: Int) -> Int32 {
        assert(index >= 0 && index < count, "Row \(index) is out of range (0..<\(count))")
        blocksTouched += levels + 1
        var node = root
        var remaining = index
        for _ in 0..<levels {
            let current = nodes[node]
            var child = 0
            while remaining >= current.summaries[child].count {
                remaining -= current.summaries[child].count
                child += 1
            }
            node = current.children[child]
        }
        return leaves[node][remaining]
    }

    /// The lines a row takes: its measured height, or ``estimate``.
    func height(at index: Int) -> Int { lines(rawHeight(at: index)) }

    /// The sum of the heights of the first `n` rows (`0...count`): the line where row `n` starts.
    func prefixSum(_ n: Int) -> Int {
        assert(n >= 0 && n <= count, "Prefix length \(n) is out of range (0...\(count))")
        if n == count { return total }
        blocksTouched += levels + 1
        var node = root
        var remaining = n
        var sum = 0
        for _ in 0..<levels {
            let current = nodes[node]
            var child = 0
            while remaining >= current.summaries[child].count {
                remaining -= current.summaries[child].count
                sum += current.summaries[child].lines(estimate: estimate)
                child += 1
            }
            node = current.children[child]
        }
        for raw in leaves[node][..<remaining] { sum += lines(raw) }
        return sum
    }

    /// The row whose lines contain `line`: the smallest `i` with `prefixSum(i + 1) > line`. `nil` when
    /// `line` is negative or at least ``total``.
    func index(containing line: Int) -> Int? {
        guard line >= 0 && line < total else { return nil }
        blocksTouched += levels + 1
        var node = root
        var remaining = line
        var index = 0
        for _ in 0..<levels {
            let current = nodes[node]
            var child = 0
            while remaining >= current.summaries[child].lines(estimate: estimate) {
                remaining -= current.summaries[child].lines(estimate: estimate)
                index += current.summaries[child].count
                child += 1
            }
            node = current.children[child]
        }
        for raw in leaves[node] {
            let height = lines(raw)
            if remaining < height { return index }
            remaining -= height
            index += 1
        }
        assertionFailure("The sums of the tree disagree with its leaves")
        return nil
    }

    // MARK: Changing

    /// Sets a row's raw height (its lines, or `-1` to forget its measurement).
    mutating func setHeight(_ raw: Int32, at index: Int) {
        assert(index >= 0 && index < count, "Row \(index) is out of range (0..<\(count))")
        let old = rawHeight(at: index)
        guard old != raw else { return }
        var delta = Summary(raw: raw)
        delta -= Summary(raw: old)
        var node = root
        var remaining = index
        for _ in 0..<levels {
            blocksTouched += 1
            var child = 0
            while remaining >= nodes[node].summaries[child].count {
                remaining -= nodes[node].summaries[child].count
                child += 1
            }
            nodes[node].summaries[child] += delta
            node = nodes[node].children[child]
        }
        blocksTouched += 1
        leaves[node][remaining] = raw
        rootSummary += delta
    }

    /// Inserts a row of raw height `raw` before row `index` (`0...count`).
    mutating func insert(_ raw: Int32, at index: Int) {
        assert(index >= 0 && index <= count, "Insertion point \(index) is out of range (0...\(count))")
        let added = Summary(raw: raw)
        if let (sibling, siblingSummary) = insert(raw, added, at: index, into: root, level: levels) {
            var left = rootSummary
            left += added
            left -= siblingSummary
            root = newNode(Node(children: [root, sibling], summaries: [left, siblingSummary]))
            levels += 1
        }
        rootSummary += added
    }

    /// Removes row `index` and returns its raw height.
    @discardableResult
    mutating func remove(at index: Int) -> Int32 {
        assert(index >= 0 && index < count, "Row \(index) is out of range (0..<\(count))")
        let raw = remove(at: index, from: root, level: levels)
        rootSummary -= Summary(raw: raw)
        if levels > 0 && nodes[root].children.count == 1 {
            freeNodes.append(root)
            root = nodes[root].children[0]
            levels -= 1
        }
        return raw
    }

    /// Inserts into a subtree; returns the new right sibling when the subtree split, with its summary.
    private mutating func insert(_ raw: Int32, _ added: Summary, at index: Int, into id: Int, level: Int) -> (
        Int, Summary
    )? {
        blocksTouched += 1
        if level == 0 {
            leaves[id].insert(raw, at: index)
            guard leaves[id].count > Self.leafCapacity else { return nil }
            let half = leaves[id].count / 2
            let moved = Array(leaves[id][half...])
            leaves[id].removeSubrange(half...)
            var summary = Summary()
            for raw in moved { summary += Summary(raw: raw) }
            blocksTouched += 1
            return (newLeaf(moved), summary)
        }
        var child = 0
        var remaining = index
        let last = nodes[id].children.count - 1
        while child < last && remaining > nodes[id].summaries[child].count {
            remaining -= nodes[id].summaries[child].count
            child += 1
        }
        nodes[id].summaries[child] += added
        let target = nodes[id].children[child]
        guard let (sibling, siblingSummary) = insert(raw, added, at: remaining, into: target, level: level - 1) else {
            return nil
        }
        nodes[id].summaries[child] -= siblingSummary
        nodes[id].children.insert(sibling, at: child + 1)
        nodes[id].summaries.insert(siblingSummary, at: child + 1)
        guard nodes[id].children.count > Self.nodeCapacity else { return nil }
        let half = nodes[id].children.count / 2
        let moved = Node(children: Array(nodes[id].children[half...]), summaries: Array(nodes[id].summaries[half...]))
        nodes[id].children.removeSubrange(half...)
        nodes[id].summaries.removeSubrange(half...)
        var summary = Summary()
        for part in moved.summaries { summary += part }
        blocksTouched += 1
        return (newNode(moved), summary)
    }

    /// Removes from a subtree, then refills a child left below half full from a sibling.
    private mutating func remove(at index: Int, from id: Int, level: Int) -> Int32 {
        blocksTouched += 1
        if level == 0 { return leaves[id].remove(at: index) }
        var child = 0
        var remaining = index
        while remaining >= nodes[id].summaries[child].count {
            remaining -= nodes[id].summaries[child].count
            child += 1
        }
        let raw = remove(at: remaining, from: nodes[id].children[child], level: level - 1)
        nodes[id].summaries[child] -= Summary(raw: raw)
        if size(of: nodes[id].children[child], level: level - 1) < minimumSize(level: level - 1) {
            refill(child: child, of: id, childLevel: level - 1)
        }
        return raw
    }

    private func size(of id: Int, level: Int) -> Int {
        level == 0 ? leaves[id].count : nodes[id].children.count
    }

    private func minimumSize(level: Int) -> Int {
        (level == 0 ? Self.leafCapacity : Self.nodeCapacity) / 2
    }

    /// Merges an underfull child with a sibling, or moves one entry over from the sibling when the two
    /// would not fit in one block.
    private mutating func refill(child: Int, of id: Int, childLevel: Int) {
        guard nodes[id].children.count > 1 else { return }
        let left = child > 0 ? child - 1 : child
        let right = left + 1
        let leftID = nodes[id].children[left]
        let rightID = nodes[id].children[right]
        blocksTouched += 1
        let capacity = childLevel == 0 ? Self.leafCapacity : Self.nodeCapacity
        if size(of: leftID, level: childLevel) + size(of: rightID, level: childLevel) <= capacity {
            if childLevel == 0 {
                leaves[leftID].append(contentsOf: leaves[rightID])
                leaves[rightID] = []
                freeLeaves.append(rightID)
            } else {
                nodes[leftID].children.append(contentsOf: nodes[rightID].children)
                nodes[leftID].summaries.append(contentsOf: nodes[rightID].summaries)
                nodes[rightID] = Node(children: [], summaries: [])
                freeNodes.append(rightID)
            }
            nodes[id].summaries[left] += nodes[id].summaries[right]
            nodes[id].children.remove(at: right)
            nodes[id].summaries.remove(at: right)
            return
        }
        // Move one entry from the fuller sibling to the underfull one.
        let moved: Summary
        if child == left {
            // The right sibling gives its first entry.
            if childLevel == 0 {
                let raw = leaves[rightID].removeFirst()
                leaves[leftID].append(raw)
                moved = Summary(raw: raw)
            } else {
                let node = nodes[rightID].children.removeFirst()
                let summary = nodes[rightID].summaries.removeFirst()
                nodes[leftID].children.append(node)
                nodes[leftID].summaries.append(summary)
                moved = summary
            }
            nodes[id].summaries[left] += moved
            nodes[id].summaries[right] -= moved
        } else {
            // The left sibling gives its last entry.
            if childLevel == 0 {
                let raw = leaves[leftID].removeLast()
                leaves[rightID].insert(raw, at: 0)
                moved = Summary(raw: raw)
            } else {
                let node = nodes[leftID].children.removeLast()
                let summary = nodes[leftID].summaries.removeLast()
                nodes[rightID].children.insert(node, at: 0)
                nodes[rightID].summaries.insert(summary, at: 0)
                moved = summary
            }
            nodes[id].summaries[left] -= moved
            nodes[id].summaries[right] += moved
        }
    }

    private mutating func newLeaf(_ heights: [Int32]) -> Int {
        if let id = freeLeaves.popLast() {
            leaves[id] = heights
            return id
        }
        leaves.append(heights)
        return leaves.count - 1
    }

    private mutating func newNode(_ node: Node) -> Int {
        if let id = freeNodes.popLast() {
            nodes[id] = node
            return id
        }
        nodes.append(node)
        return nodes.count - 1
    }

    // MARK: Invariants

    /// Every raw height, in order: for tests and the rebuilding paths. O(n).
    var rawHeights: [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        func visit(_ id: Int, _ level: Int) {
            blocksTouched += 1
            if level == 0 {
                result.append(contentsOf: leaves[id])
            } else {
                for child in nodes[id].children { visit(child, level - 1) }
            }
        }
        visit(root, levels)
        return result
    }

    /// Checks that every stored summary is the sum of what is below it, that every block but the root
    /// is at least half full and none is over capacity, and that all leaves are at the same depth.
    func _checkInvariants() {
        @discardableResult
        func check(_ id: Int, _ level: Int, isRoot: Bool) -> Summary {
            var summary = Summary()
            if level == 0 {
                let leaf = leaves[id]
                assert(leaf.count <= Self.leafCapacity, "Leaf \(id) holds \(leaf.count) rows")
                assert(isRoot || leaf.count >= Self.leafCapacity / 2, "Leaf \(id) holds only \(leaf.count) rows")
                for raw in leaf {
                    assert(raw >= -1, "Leaf \(id) holds a height of \(raw)")
                    summary += Summary(raw: raw)
                }
                return summary
            }
            let node = nodes[id]
            assert(node.children.count == node.summaries.count, "Node \(id) has a summary per child")
            assert(node.children.count <= Self.nodeCapacity, "Node \(id) has \(node.children.count) children")
            assert(
                node.children.count >= (isRoot ? 2 : Self.nodeCapacity / 2),
                "Node \(id) has only \(node.children.count) children")
            for (child, stored) in zip(node.children, node.summaries) {
                let actual = check(child, level - 1, isRoot: false)
                assert(actual == stored, "Node \(id) stores \(stored) for child \(child), which holds \(actual)")
                summary += actual
            }
            return summary
        }
        let actual = check(root, levels, isRoot: true)
        assert(actual == rootSummary, "The root summary \(rootSummary) is not the tree's \(actual)")
        assert(estimate >= 1, "The estimate is \(estimate)")
    }
}

/// A count of the blocks a ``RowHeights`` touched. Only the list's actor uses it.
final class WorkCounter {
    var blocks = 0
}
