/// Paul Heckel's six-pass diff ("A technique for isolating differences between files", 1978) over
/// `AnyHashable` items: the algorithm DifferenceKit and IGListKit build on, written here from the paper
/// as a baseline, so the report shows what a peer's diff costs on the same items.
///
/// 1. Each new item goes into a symbol table (counting its occurrences in the new list).
/// 2. Each old item goes into the same table (counting occurrences, remembering its position).
/// 3. An item that occurs exactly once on each side links its two positions.
/// 4. Ascending: the new neighbour after a linked pair links to the old neighbour after it when both
///    are the same table entry.
/// 5. Descending: the same with the neighbours before.
/// 6. Unlinked old positions are deletes, unlinked new positions inserts; a linked item is a move when
///    its old position, shifted by the deletes before it and the inserts before its new position, is not
///    its new position (IGListKit's rule: one item moved far reports every item it jumps over too, so
///    moves are not minimal).
///
/// Items are `AnyHashable`, so an item whose content changed is a different item: an update comes out
/// as a delete and an insert (a peer that diffs by identity and content pays one more `==` per match
/// instead).
///
/// - Complexity: O(n + m) expected: each item is hashed once, and its table entry found, or made when
///   the item is new, with that one hash.
struct HeckelDiff {
    /// Old positions no new position links to, ascending.
    private(set) var deletes: [Int] = []
    /// New positions no old position links to, ascending.
    private(set) var inserts: [Int] = []
    /// Linked pairs whose position does not follow from the deletes and inserts.
    private(set) var moves: [(from: Int, to: Int)] = []
    /// Linked pairs.
    private(set) var matched = 0
    /// For each new position, the old position it links to, or a negative number.
    private(set) var newToOld: [Int] = []

    /// The diff from `old` to `new`.
    init(from old: [AnyHashable], to new: [AnyHashable]) {
        // A symbol table entry: occurrences on each side (saturating at 2, "many") and the last old
        // position. A list entry is a linked position (>= 0) or a reference to its table entry (-1 - e).
        var table = [AnyHashable: Int](minimumCapacity: max(old.count, new.count))
        var newCounts: [UInt8] = []
        var oldCounts: [UInt8] = []
        var oldPosition: [Int] = []
        newCounts.reserveCapacity(new.count)
        oldCounts.reserveCapacity(new.count)
        oldPosition.reserveCapacity(new.count)
        // One hash and one probe per item: the table's entry is found, or made, in place.
        func entry(for item: AnyHashable) -> Int {
            let created = newCounts.count
            let symbol = Self.findOrInsert(&table[item, default: -1], created)
            if symbol == created {
                newCounts.append(0)
                oldCounts.append(0)
                oldPosition.append(-1)
            }
            return symbol
        }

        // Pass 1: new items.
        var na = [Int](repeating: 0, count: new.count)
        for (index, item) in new.enumerated() {
            let symbol = entry(for: item)
            newCounts[symbol] = min(newCounts[symbol] + 1, 2)
            na[index] = -1 - symbol
        }
        // Pass 2: old items.
        var oa = [Int](repeating: 0, count: old.count)
        for (index, item) in old.enumerated() {
            let symbol = entry(for: item)
            oldCounts[symbol] = min(oldCounts[symbol] + 1, 2)
            oldPosition[symbol] = index
            oa[index] = -1 - symbol
        }
        // Pass 3: items unique on both sides link.
        for index in na.indices where na[index] < 0 {
            let symbol = -1 - na[index]
            if newCounts[symbol] == 1 && oldCounts[symbol] == 1 {
                let oldIndex = oldPosition[symbol]
                na[index] = oldIndex
                oa[oldIndex] = index
            }
        }
        // Pass 4: ascending, extend links to equal neighbours after them.
        if new.count > 1 {
            for index in 0..<(new.count - 1) {
                let oldIndex = na[index]
                guard oldIndex >= 0, oldIndex + 1 < old.count, na[index + 1] < 0, na[index + 1] == oa[oldIndex + 1]
                else { continue }
                na[index + 1] = oldIndex + 1
                oa[oldIndex + 1] = index + 1
            }
        }
        // Pass 5: descending, extend links to equal neighbours before them.
        if new.count > 1 {
            for index in stride(from: new.count - 1, to: 0, by: -1) {
                let oldIndex = na[index]
                guard oldIndex > 0, na[index - 1] < 0, na[index - 1] == oa[oldIndex - 1] else { continue }
                na[index - 1] = oldIndex - 1
                oa[oldIndex - 1] = index - 1
            }
        }
        // Pass 6: deletes, inserts and moves.
        var deletesBefore = [Int](repeating: 0, count: old.count)
        var running = 0
        for index in oa.indices {
            deletesBefore[index] = running
            if oa[index] < 0 {
                deletes.append(index)
                running += 1
            }
        }
        running = 0
        for index in na.indices {
            let oldIndex = na[index]
            if oldIndex < 0 {
                inserts.append(index)
                running += 1
                continue
            }
            matched += 1
            if oldIndex - deletesBefore[oldIndex] + running != index { moves.append((oldIndex, index)) }
        }
        newToOld = na
    }

    /// The symbol a table entry holds, after giving a new entry (`-1`) the symbol `created`.
    private static func findOrInsert(_ entry: inout Int, _ created: Int) -> Int {
        if entry < 0 { entry = created }
        return entry
    }

    /// Whether the answer holds: every linked pair is equal, no old position is linked twice, and the
    /// counts add up (every old item deleted or linked, every new one inserted or linked).
    func isCorrect(from old: [AnyHashable], to new: [AnyHashable]) -> Bool {
        var linked = [Bool](repeating: false, count: old.count)
        for (index, oldIndex) in newToOld.enumerated() where oldIndex >= 0 {
            guard !linked[oldIndex], old[oldIndex] == new[index] else { return false }
            linked[oldIndex] = true
        }
        return deletes.count + matched == old.count && inserts.count + matched == new.count
            && deletes.allSatisfy { !linked[$0] }
    }

    /// "1,250 deletes, 1,250 inserts, 98,100 moves (offset rule), 98,750 linked".
    var description: String {
        "\(deletes.count.grouped) deletes, \(inserts.count.grouped) inserts, \(moves.count.grouped) moves (offset rule), \(matched.grouped) linked"
    }
}
