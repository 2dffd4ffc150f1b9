import DiffableStore

/// A seeded generator (SplitMix64), so every random case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An item matched by its whole value only.
struct Plain: Hashable, CustomStringConvertible {
    var value: Int
    var description: String { "p\(value)" }
}

/// An item with an identity and content: a new content is the same row, updated.
struct Row: Hashable, Identifiable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "r\(id)v\(content)" }
}

/// Counts `hash(into:)` and `==` calls of ``Measured`` items.
final class Counter {
    var hashes = 0
    var equalities = 0
}

/// An item that counts the hashing and equality work done on it.
struct Measured: Hashable {
    var value: Int
    let counter: Counter
    static func == (lhs: Measured, rhs: Measured) -> Bool {
        lhs.counter.equalities += 1
        return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) {
        counter.hashes += 1
        hasher.combine(value)
    }
}

typealias TestSnapshot = Snapshot<Int, AnyHashable>

/// Builds a snapshot from sections of items; the items must be unique.
func makeSnapshot(_ sections: [(Int, [AnyHashable])]) throws -> TestSnapshot {
    var snapshot = TestSnapshot()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The sections of a snapshot with their items.
func contents(_ snapshot: TestSnapshot) -> [(Int, [AnyHashable])] {
    snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0) ?? []) }
}

/// A random pair of snapshots: an old one, and a new one made from it by random inserts, deletes,
/// moves (within and across sections), content updates and section operations; Identifiable and
/// plain items mixed.
struct RandomCase {
    var old: TestSnapshot
    var new: TestSnapshot

    init(seed: UInt64, maxItems: Int = 300, maxSections: Int = 10, sectionOperations: Bool = true, marks: Bool = true) throws {
        var random = SeededGenerator(seed: seed)
        var nextValue = 0
        func freshItem() -> AnyHashable {
            nextValue += 1
            return Bool.random(using: &random) ? AnyHashable(Row(id: nextValue, content: 0)) : AnyHashable(Plain(value: nextValue))
        }
        let sectionCount = Int.random(in: 0...maxSections, using: &random)
        let total = Int.random(in: 0...maxItems, using: &random)
        var sections: [(Int, [AnyHashable])] = (0..<sectionCount).map { ($0, []) }
        if !sections.isEmpty {
            for _ in 0..<total { sections[Int.random(in: 0..<sectionCount, using: &random)].1.append(freshItem()) }
        }
        old = try makeSnapshot(sections)
        var nextSection = sectionCount
        // Item edits.
        let rate = Double.random(in: 0...0.4, using: &random)
        for index in sections.indices {
            sections[index].1 = sections[index].1.compactMap { item in
                guard Double.random(in: 0..<1, using: &random) < rate else { return item }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: return nil  // delete
                case 1:  // update content if Identifiable
                    if let row = item.base as? Row { return AnyHashable(Row(id: row.id, content: row.content + 1)) }
                    return item
                default: return item
                }
            }
        }
        let moves = sections.isEmpty ? 0 : Int.random(in: 0...(total / 5 + 1), using: &random)
        for _ in 0..<moves {
            let from = Int.random(in: 0..<sections.count, using: &random)
            guard !sections[from].1.isEmpty else { continue }
            let item = sections[from].1.remove(at: Int.random(in: 0..<sections[from].1.count, using: &random))
            let to = Bool.random(using: &random) ? from : Int.random(in: 0..<sections.count, using: &random)
            sections[to].1.insert(item, at: Int.random(in: 0...sections[to].1.count, using: &random))
        }
        let inserts = sections.isEmpty ? 0 : Int.random(in: 0...(total / 5 + 1), using: &random)
        for _ in 0..<inserts {
            let to = Int.random(in: 0..<sections.count, using: &random)
            sections[to].1.insert(freshItem(), at: Int.random(in: 0...sections[to].1.count, using: &random))
        }
        // Section edits.
        if sectionOperations {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !sections.isEmpty:
                    sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                case 1:
                    let items = (0..<Int.random(in: 0...5, using: &random)).map { _ in freshItem() }
                    sections.insert((nextSection, items), at: Int.random(in: 0...sections.count, using: &random))
                    nextSection += 1
                default:
                    guard sections.count > 1 else { break }
                    let section = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                    sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
                }
            }
        }
        new = try makeSnapshot(sections)
        if marks {
            let items = new.itemIdentifiers
            if !items.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                try new.reloadItems([items[Int.random(in: 0..<items.count, using: &random)]])
            }
            if !items.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                try new.reconfigureItems([items[Int.random(in: 0..<items.count, using: &random)]])
            }
            if !new.sectionIdentifiers.isEmpty && Int.random(in: 0..<6, using: &random) == 0 {
                try new.reloadSections([new.sectionIdentifiers[Int.random(in: 0..<new.numberOfSections, using: &random)]])
            }
        }
    }
}

/// The length of a longest strictly increasing subsequence, by the quadratic textbook method.
func quadraticLIS(_ values: [Int]) -> Int {
    guard !values.isEmpty else { return 0 }
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max()!
}

/// The identity used by the oracle: Identifiable items by id, others by value.
func oracleIdentity(_ item: AnyHashable) -> AnyHashable {
    if let row = item.base as? Row { return AnyHashable("row \(row.id)") }
    return item
}
