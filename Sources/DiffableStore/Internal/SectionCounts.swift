/// The item count of every section, with prefix sums kept in a Fenwick (binary indexed) tree so that
/// a section's start, the section that holds a flat position, and a count change each cost O(log s)
/// instead of the O(s) that a plain array of starts needs to stay current.
///
/// `counts[s]` is section `s`'s count. `tree[i]` holds the sum of `counts[(i & (i + 1))...i]`; the
/// prefix sum of the first `i + 1` sections is found by adding O(log s) such nodes. Appending a section
/// at the end is amortized O(1) (its node sums the nodes of its children); inserting or removing one
/// elsewhere rebuilds the tree in O(s).
@usableFromInline
struct _SectionCounts: Sendable {
    @usableFromInline var counts: [Int]
    @usableFromInline var tree: [Int]
    /// The sum of all counts.
    @usableFromInline var total: Int
    /// Tree nodes read or written by updates, for tests that bound the work (see ``Snapshot/_work``).
    @usableFromInline var nodesVisited = 0

    @inlinable
    init() {
        counts = []
        tree = []
        total = 0
    }

    /// Counts for sections with `counts` items each. O(s).
    @inlinable
    init(_ counts: [Int]) {
        self.counts = counts
        tree = counts
        total = 0
        for index in counts.indices {
            total += counts[index]
            let parent = index | (index + 1)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    @inlinable
    var sectionCount: Int { counts.count }

    /// The flat position of section `section`'s first item; `sectionCount` gives the item count.
    @inlinable
    func start(of section: Int) -> Int {
        if section == counts.count { return total }
        var sum = 0
        var node = section - 1
        while node >= 0 {
            sum &+= tree[node]
            node = (node & (node &+ 1)) &- 1
        }
        return sum
    }

    /// The flat positions of section `section`'s items.
    @inlinable
    func range(of section: Int) -> Range<Int> {
        let start = start(of: section)
        return start..<(start + counts[section])
    }

    /// The section whose items include flat position `position` (`0 <= position < total`); empty
    /// sections hold no position and are skipped.
    @inlinable
    func section(containing position: Int) -> Int {
        // Descend the implicit tree: `found` sections hold `consumed` items, all at or before `position`.
        var found = 0
        var remaining = position
        var step = 1
        while step &<< 1 <= counts.count { step &<<= 1 }
        while step > 0 {
            let next = found + step
            if next <= counts.count && tree[next - 1] <= remaining {
                found = next
                remaining -= tree[next - 1]
            }
            step &>>= 1
        }
        return found
    }

    /// Every section's start, plus the total at the end: `sectionCount + 1` values. O(s).
    @inlinable
    func starts() -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(counts.count + 1)
        var sum = 0
        starts.append(0)
        for count in counts {
            sum += count
            starts.append(sum)
        }
        return starts
    }

    /// Adds `delta` to section `section`'s count. O(log s).
    @inlinable
    mutating func add(_ delta: Int, toSection section: Int) {
        counts[section] += delta
        total += delta
        var node = section
        var visited = 0
        tree.withUnsafeMutableBufferPointer { tree in
            while node < tree.count {
                visited &+= 1
                tree[node] &+= delta
                node = node | (node &+ 1)
            }
        }
        nodesVisited &+= visited
    }

    /// Appends sections with the given counts at the end. Amortized O(1) each.
    @inlinable
    mutating func append<C: Collection>(contentsOf newCounts: C) where C.Element == Int {
        for count in newCounts {
            let index = counts.count
            counts.append(count)
            total += count
            var sum = count
            // Children of `index`: index - 1, then stepping down while they stay inside its range.
            var child = index - 1
            let low = index & (index + 1)
            while child >= low {
                nodesVisited &+= 1
                sum += tree[child]
                child = (child & (child + 1)) - 1
            }
            tree.append(sum)
        }
    }

    /// Inserts sections with the given counts before section `position`. O(k) at the end, else O(s + k).
    @inlinable
    mutating func insert(contentsOf newCounts: [Int], at position: Int) {
        if position == counts.count {
            append(contentsOf: newCounts)
        } else {
            var all = counts
            all.insert(contentsOf: newCounts, at: position)
            replace(with: all)
        }
    }

    /// Replaces every count (sections were removed or reordered). O(s).
    @inlinable
    mutating func replace(with newCounts: [Int]) {
        let visited = nodesVisited + newCounts.count
        self = _SectionCounts(newCounts)
        nodesVisited = visited
    }

    /// Checks the tree against the counts and returns the broken invariants.
    ///
    /// - Complexity: O(s log s).
    func _checkInvariants() -> [String] {
        var broken: [String] = []
        if tree.count != counts.count { return ["_SectionCounts: one tree node per section"] }
        if counts.contains(where: { $0 < 0 }) { broken.append("_SectionCounts: a negative count") }
        if total != counts.reduce(0, +) { broken.append("_SectionCounts: total \(total) is not the sum of the counts") }
        var sum = 0
        for section in counts.indices {
            if start(of: section) != sum {
                broken.append("_SectionCounts: section \(section) starts at \(start(of: section)), not \(sum)")
            }
            let low = section & (section + 1)
            if tree[section] != counts[low...section].reduce(0, +) {
                broken.append("_SectionCounts: tree node \(section) is not the sum of counts \(low)...\(section)")
            }
            for position in [sum, sum + counts[section] - 1]
            where counts[section] > 0 && self.section(containing: position) != section {
                broken.append("_SectionCounts: position \(position) is not found in section \(section)")
            }
            sum += counts[section]
        }
        return broken
    }
}

extension _SectionCounts: Equatable {
    /// Equal counts (the tree follows from them; the work counter is not content).
    @inlinable
    static func == (lhs: _SectionCounts, rhs: _SectionCounts) -> Bool { lhs.counts == rhs.counts }
}
