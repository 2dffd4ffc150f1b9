import SeededRandom
import Testing

@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

/// The hash index in pieces (``_HashIndex``): a copy of a snapshot in runs shares the pieces of its
/// index that it does not write, probe runs cross pieces, and the checks catch a broken piece.
@Suite("Hash index in pieces")
struct HashIndexPiecesTests {
    /// A snapshot of `sections` × `perSection` items (0, 1, 2, ...), indexed and kept in runs, as the
    /// data source hands out the snapshot on screen.
    func runsSnapshot(sections: Int, perSection: Int) throws -> Snapshot<Int, Int> {
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections(Array(0..<sections))
        for section in 0..<sections {
            try snapshot.appendItems(Array((section * perSection)..<((section + 1) * perSection)), toSection: section)
        }
        try snapshot._indexAppendedItems()
        snapshot._keepInRuns()
        return snapshot
    }

    @Test("the first edit of a copy of 1,000,000 items in runs copies the index pieces it writes, not the table")
    func firstEditCopiesOnePiece() throws {
        let original = try runsSnapshot(sections: 10, perSection: 100_000)
        #expect(!original._storage.isFlat && original._index.isPieced)
        let capacity = original._index.capacity
        let piece = 1 << original._index.pieceShift
        #expect(capacity == 1 << 21 && piece == 1 << 13, "capacity \(capacity), piece \(piece)")
        // Edits that write O(1) index slots: removing the last item of a run (no item after it in the
        // run is renumbered; the removal shifts back a few slots of its probe run) and inserting after
        // the last item. Each on a fresh copy, whose first write finds every piece shared.
        var generator = SeededGenerator(seed: 37)
        var next = 2_000_000
        for step in 0..<40 {
            var copy = original
            copy._resetWork()
            if step % 2 == 0 {
                let run = Int.random(in: 0..<1_900, using: &generator)
                try copy.deleteItems([run * 512 + 511])
            } else {
                try copy.insertItems([next], afterItem: 999_999)
                next += 1
            }
            let work = copy._work
            // One piece of 2^13 slots, two when a probe run crosses into the next: never the 2^21 of
            // the whole table (what the one array copied).
            #expect(work.indexRebuilds == 0, "step \(step): \(work)")
            #expect(work.indexSlotsCopied > 0 && work.indexSlotsCopied <= 2 * piece, "step \(step): \(work)")
            if step % 10 == 0 { #expect(copy._checkInvariants().isEmpty) }
        }
        // The original kept every item where it was.
        #expect(original.indexOfItem(123_456) == 123_456 && original.indexOfItem(511) == 511)
        #expect(original.indexOfItem(next - 1) == nil && original._checkInvariants().isEmpty)
    }

    @Test("a table in pieces agrees with a dictionary under seeded inserts, removals and renumbering", arguments: 0..<4)
    func piecesAgreeWithDictionary(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(370 + seed))
        var table = _HashIndex(minimumCapacity: 0)
        table.reset(capacity: 4_096)  // four pieces of 1,024 slots
        #expect(table.isPieced && table.pieces.count == 4 && table._checkLayout() == nil)
        // Values 0..<4096 stored under hashes that crowd the last buckets of each piece and of the
        // table, so probe runs cross from one piece into the next and wrap around the end.
        var hashOfValue: [Int: Int] = [:]
        var free = Array(0..<4_096)
        free.shuffle(using: &generator)
        func randomHash() -> Int {
            let piece = Int.random(in: 0..<4, using: &generator)
            let home = piece * 1_024 + 1_024 - Int.random(in: 1...8, using: &generator)
            return Int.random(in: 0..<(1 << 40), using: &generator) << 12 | home
        }
        let steps = SeededRuns.length(3_000)
        for step in 0..<steps {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 5 && hashOfValue.count < 1_500, let value = free.popLast() {
                let hash = randomHash()
                table.insertNew(hash: hash, position: value)
                hashOfValue[value] = hash
            } else if roll < 8, let (value, hash) = hashOfValue.randomElement(using: &generator) {
                table.remove(position: value, hash: hash) { hashOfValue[$0]! }
                hashOfValue[value] = nil
                free.insert(value, at: Int.random(in: 0...free.count, using: &generator))
            } else if let (value, hash) = hashOfValue.randomElement(using: &generator), let new = free.popLast() {
                table.renumber([(old: value, hash: hash, new: new)])
                hashOfValue[value] = nil
                hashOfValue[new] = hash
                free.insert(value, at: Int.random(in: 0...free.count, using: &generator))
            }
            if step % 100 == 0 || step == steps - 1 {
                let broken = table._checkInvariants(count: hashOfValue.count) { hashOfValue[$0] }
                #expect(broken.isEmpty, "seed \(seed), step \(step): \(broken.prefix(3))")
                for (value, hash) in hashOfValue {
                    #expect(table.find(hash: hash, matching: { $0 == value }) == value, "seed \(seed), step \(step)")
                }
                if !broken.isEmpty { return }
            }
        }
        // Joined into one array, the same table.
        var joined = table
        joined.joinPieces()
        #expect(!joined.isPieced && joined._checkLayout() == nil)
        #expect(joined._checkInvariants(count: hashOfValue.count) { hashOfValue[$0] }.isEmpty)
        for bucket in 0..<4_096 { #expect(joined.slots[bucket] == table._slot(bucket)) }
    }

    @Test("a copy of a table in pieces copies each piece it writes once, and only those")
    func copyWritesCopyPiecesOnce() {
        var table = _HashIndex(minimumCapacity: 0)
        table.reset(capacity: 8_192)  // eight pieces of 1,024 slots
        // Values 0..<100 homed in piece 2, values 100..<200 in piece 5.
        for value in 0..<200 { table.insertNew(hash: (value < 100 ? 2 : 5) * 1_024 + value, position: value) }
        table.work = _HashIndexWork()
        let original = table
        var copy = table
        for value in 0..<100 { copy.renumber([(old: value, hash: 2 * 1_024 + value, new: value + 1_000)]) }
        #expect(copy.work.slotsCopied == 1_024, "\(copy.work)")
        for value in 100..<200 { copy.remove(position: value, hash: 5 * 1_024 + value) { 5 * 1_024 + $0 } }
        #expect(copy.work.slotsCopied == 2 * 1_024, "\(copy.work)")
        // The original's pieces are its own: unchanged, and the untouched pieces still shared.
        #expect(original.find(hash: 2 * 1_024 + 7, matching: { $0 == 7 }) == 7)
        #expect(copy.find(hash: 2 * 1_024 + 7, matching: { $0 == 1_007 }) == 1_007)
        #expect(original.find(hash: 5 * 1_024 + 150, matching: { $0 == 150 }) == 150)
        #expect(copy.find(hash: 5 * 1_024 + 150, matching: { $0 == 150 }) == nil)
        let shared = (0..<8).filter { piece in
            original.pieces[piece].withUnsafeBufferPointer { a in
                copy.pieces[piece].withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
        }
        #expect(shared == [0, 1, 3, 4, 6, 7])
    }

    @Test("the checks catch a fault planted in one piece of a snapshot's index")
    func plantedFaultsAreCaught() throws {
        let snapshot = try runsSnapshot(sections: 2, perSection: 20_000)
        #expect(snapshot._checkInvariants().isEmpty && snapshot._index.pieces.count > 1)
        let pieces = snapshot._index.pieces
        let (p, i) = pieces.indices.lazy.compactMap { p in pieces[p].firstIndex { $0 >= 0 }.map { (p, $0) } }.first!
        func broken(_ plant: (inout _HashIndex) -> Void) -> [String] {
            var faulty = snapshot
            plant(&faulty._storage.index)
            // The original shares the pieces the fault was not planted in, and is still sound.
            #expect(snapshot._checkInvariants().isEmpty)
            return faulty._checkInvariants()
        }
        // A slot emptied: an item is missing, or one after it is cut off from its home.
        #expect(!broken { $0.pieces[p][i] = -1 }.isEmpty)
        // A slot's tag changed: stored without its hash's tag.
        let tagged = broken { $0.pieces[p][i] ^= Int32(1 << 30) }
        #expect(tagged.contains { $0.contains("tag") }, "\(tagged)")
        // A piece of the wrong size.
        let short = broken { $0.pieces[p].removeLast() }
        #expect(short.contains { $0.contains("pieces") }, "\(short)")
        // The runs' index held in one array: its copies would copy the whole table.
        let joined = broken { $0.joinPieces() }
        #expect(joined.contains { $0.contains("in pieces") }, "\(joined)")
    }

    @Test("copies of a snapshot in runs edited apart stay values: each agrees with its arrays", arguments: 0..<3)
    func copiesEditedApart(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(3_700 + seed))
        let base = try runsSnapshot(sections: 3, perSection: 3_000)
        let baseItems = base.itemIdentifiers
        var copies = [(snapshot: base, items: baseItems), (base, baseItems), (base, baseItems)]
        var next = 100_000
        let steps = SeededRuns.length(300)
        for step in 0..<steps {
            let which = Int.random(in: 0..<copies.count, using: &generator)
            var (snapshot, items) = copies[which]
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4 where !items.isEmpty:
                let anchor = items.randomElement(using: &generator)!
                try snapshot.insertItems([next], afterItem: anchor)
                items.insert(next, at: items.firstIndex(of: anchor)! + 1)
                next += 1
            case 4..<7 where !items.isEmpty:
                let doomed = items.randomElement(using: &generator)!
                try snapshot.deleteItems([doomed])
                items.removeAll { $0 == doomed }
            case 7..<9 where items.count >= 2:
                let item = items.randomElement(using: &generator)!
                var anchor = items.randomElement(using: &generator)!
                while anchor == item { anchor = items.randomElement(using: &generator)! }
                try snapshot.moveItem(item, beforeItem: anchor)
                items.removeAll { $0 == item }
                items.insert(item, at: items.firstIndex(of: anchor)!)
            default:
                // A copy of a copy, sharing its pieces, replaces another.
                copies[Int.random(in: 0..<copies.count, using: &generator)] = (snapshot, items)
            }
            copies[which] = (snapshot, items)
            for (snapshot, items) in copies where step % 30 == 0 || step == steps - 1 {
                #expect(snapshot.itemIdentifiers == items, "seed \(seed), step \(step)")
                for item in items.shuffled(using: &generator).prefix(20) {
                    #expect(snapshot.indexOfItem(item) == items.firstIndex(of: item), "seed \(seed), step \(step)")
                }
                let broken = snapshot._checkInvariants()
                #expect(broken.isEmpty, "seed \(seed), step \(step): \(broken.prefix(3))")
            }
        }
        #expect(base.itemIdentifiers == baseItems && base._checkInvariants().isEmpty)
    }

    @Test("a snapshot in runs emptied by deletions and built again works on its index in pieces")
    func emptiedThenRebuilt() throws {
        var snapshot = try runsSnapshot(sections: 1, perSection: 5_000)
        try snapshot.deleteItems(Array(0..<5_000))
        #expect(snapshot.numberOfItems == 0 && snapshot._checkInvariants().isEmpty)
        try snapshot.appendItems(Array(10..<6_000))
        try snapshot.insertItems([1], beforeItem: 10)
        #expect(snapshot.indexOfItem(1) == 0 && snapshot.indexOfItem(5_999) == 5_990)
        #expect(snapshot._checkInvariants().isEmpty)
    }
}
