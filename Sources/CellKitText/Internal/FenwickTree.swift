/// Prefix sums of row heights that can change one at a time (a Fenwick, or binary indexed, tree).
///
/// Building is O(n); reading a prefix sum, changing one height, and finding the row that contains a
/// line are O(log n). This is what lets the text host scroll a list of a million self-sizing rows.
struct FenwickTree: Sendable {
    /// `tree[i]` (1-based) holds the sum of the `i & -i` values ending at `i - 1`.
    private var tree: [Int]

    /// The number of values.
    var count: Int { tree.count - 1 }

    /// Builds the tree over `values` in O(n).
    init(_ values: some Collection<Int>) {
        tree = [0]
        tree.reserveCapacity(values.count + 1)
        tree.append(contentsOf: values)
        let n = values.count
        var index = 1
        while index <= n {
            let parent = index + (index & -index)
            if parent <= n { tree[parent] += tree[index] }
            index += 1
        }
    }

    /// The sum of the first `n` values (`0...count`).
    func prefixSum(_ n: Int) -> Int {
        assert(n >= 0 && n <= count, "Prefix length \(n) is out of range")
        var index = n
        var sum = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }

    /// The sum of all values.
    var total: Int { prefixSum(count) }

    /// Adds `delta` to the value at `index` (`0..<count`).
    mutating func add(_ delta: Int, at index: Int) {
        assert(index >= 0 && index < count, "Index \(index) is out of range")
        guard delta != 0 else { return }
        var position = index + 1
        while position <= count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// The index of the value whose span contains `line`: the smallest `i` with
    /// `prefixSum(i + 1) > line`, for non-negative values. `nil` when `line` is negative or at least
    /// ``total``.
    func index(containing line: Int) -> Int? {
        guard line >= 0 else { return nil }
        var position = 0
        var remaining = line
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position < count ? position : nil
    }
}
