import DiffableStore
import Foundation

/// Two item lists and what the workload did to turn the first into the second, counted while it did it.
struct DiffWorkload {
    /// The items before.
    let old: [AnyHashable]
    /// The items after; every one in its own new box (equal values, no shared storage with `old`).
    let new: [AnyHashable]
    /// Items removed.
    let deleted: Int
    /// New items added.
    let inserted: Int
    /// Items the workload took out and put back at a random position.
    let moved: Int
    /// Items kept in place whose content changed (same `id`).
    let updated: Int
    /// The fewest moves that reorder the matched items: matched count minus the longest increasing
    /// subsequence of their old positions in new order, computed here from the items' ids,
    /// independently of the library. A moved item that lands where it keeps the order is no move.
    let minimalMoves: Int

    /// "1,000 deleted, 1,000 inserted, 200 moved (minimal 196), 0 updated".
    var description: String {
        "\(deleted.grouped) deleted, \(inserted.grouped) inserted, \(moved.grouped) moved (minimal \(minimalMoves.grouped)), \(updated.grouped) updated"
    }

    /// A random edit of `count` items: distinct random items are deleted, moved (taken out and put
    /// back at random positions) and updated (new content, same id); new items go in at random positions.
    ///
    /// Positions are drawn for the moved and inserted items together among the final positions, and
    /// the kept items fill the rest in their old order: the same result as removing and reinserting
    /// one by one, in O(n) rather than O(n × moves).
    static func random(count: Int, deletes: Int, inserts: Int, moves: Int, updates: Int, seed: UInt64) -> DiffWorkload {
        var generator = SeededGenerator(seed: seed)
        let base = makeItems(count, using: &generator)
        var picks = Array(0..<count)
        // A partial Fisher-Yates shuffle picks distinct items for each edit.
        let picked = deletes + moves + updates
        precondition(picked <= count, "A workload cannot edit more items (\(picked)) than it has (\(count))")
        for index in 0..<picked {
            picks.swapAt(index, Int.random(in: index..<count, using: &generator))
        }
        var role = [UInt8](repeating: 0, count: count)  // 0 kept, 1 deleted, 2 moved, 3 updated
        for index in 0..<deletes { role[picks[index]] = 1 }
        for index in deletes..<(deletes + moves) { role[picks[index]] = 2 }
        for index in (deletes + moves)..<picked { role[picks[index]] = 3 }

        var kept: [BenchItem] = []
        var placed: [BenchItem] = []  // moved then inserted, placed at random positions
        kept.reserveCapacity(count)
        for (index, item) in base.enumerated() {
            switch role[index] {
            case 0: kept.append(item)
            case 2: placed.append(item)
            case 3: kept.append(item.updated())
            default: break
            }
        }
        placed += makeItems(inserts, numberedFrom: count, using: &generator)
        placed.shuffle(using: &generator)
        let total = kept.count + placed.count
        var isPlaced = [Bool](repeating: false, count: total)
        var chosen = 0
        while chosen < placed.count {
            let position = Int.random(in: 0..<total, using: &generator)
            if !isPlaced[position] {
                isPlaced[position] = true
                chosen += 1
            }
        }
        var final: [BenchItem] = []
        final.reserveCapacity(total)
        var nextKept = 0
        var nextPlaced = 0
        for position in 0..<total {
            if isPlaced[position] {
                final.append(placed[nextPlaced])
                nextPlaced += 1
            } else {
                final.append(kept[nextKept])
                nextKept += 1
            }
        }
        return DiffWorkload(
            old: erased(base), new: erased(final), deleted: deletes, inserted: inserts,
            moved: moves, updated: updates, minimalMoves: minimalMoves(from: base, to: final))
    }

    /// The fewest moves from `old` to `new`, matching items by `id`: matched minus the length of a
    /// longest increasing subsequence of the matched items' old positions, taken in new order.
    static func minimalMoves(from old: [BenchItem], to new: [BenchItem]) -> Int {
        var oldPosition: [UUID: Int] = [:]
        oldPosition.reserveCapacity(old.count)
        for (position, item) in old.enumerated() { oldPosition[item.id] = position }
        let sequence = new.compactMap { oldPosition[$0.id] }
        return sequence.count - longestIncreasingSubsequenceLength(sequence)
    }
}

/// The length of a longest strictly increasing subsequence (patience sorting, O(k log k)).
func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
    var tails: [Int] = []  // tails[l]: the smallest last value of an increasing run of length l + 1
    for value in values {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}

/// A one-section snapshot of `items`.
///
/// - Precondition: The items are distinct (the workloads make them so).
func makeSnapshot(_ items: [AnyHashable]) -> Snapshot<Int, AnyHashable> {
    var snapshot = Snapshot<Int, AnyHashable>()
    do {
        try snapshot.appendSections([0])
        try snapshot.appendItems(items)
    } catch {
        preconditionFailure("Benchmark items must be distinct: \(error)")
    }
    return snapshot
}

/// Inserts every item of each side into its own `[AnyHashable: Int]` (item to position).
///
/// This is mostly dictionary insertion (probing, writing keys and values into two large tables), not
/// hashing: each item is hashed once, and building the tables costs several times that. The tables are
/// sized up front, so no time goes to growing them.
func twoTables(_ old: [AnyHashable], _ new: [AnyHashable]) -> ([AnyHashable: Int], [AnyHashable: Int]) {
    (positions(of: old), positions(of: new))
}

/// Inserts the old items into one `[AnyHashable: Int]` and looks every new item up in it: the least
/// a diff that matches items by hashing must do (one table, one hash per item on each side).
///
/// - Returns: For each new item, its old position or -1.
func oneTable(_ old: [AnyHashable], _ new: [AnyHashable]) -> [Int] {
    let table = positions(of: old)
    return new.map { table[$0] ?? -1 }
}

/// Compares the first `count` items of `old` and `new` position by position: exactly one `==` per
/// shared item, the least an exact diff of an identical or appended list must do.
///
/// - Returns: How many of them are equal.
func oneEqualityPerItem(_ old: [AnyHashable], _ new: [AnyHashable], count: Int) -> Int {
    var equal = 0
    for index in 0..<count where old[index] == new[index] { equal &+= 1 }
    return equal
}

private func positions(of items: [AnyHashable]) -> [AnyHashable: Int] {
    var table = [AnyHashable: Int](minimumCapacity: items.count)
    for (position, item) in items.enumerated() { table[item] = position }
    return table
}
