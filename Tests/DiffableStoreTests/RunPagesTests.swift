import SeededRandom
import Testing

@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

/// The runs of a snapshot in pages (``_Runs``): a copy's first edit copies the page of runs it writes
/// and shares the others, whatever the number of runs.
@Suite("Runs in pages")
struct RunPagesTests {
    /// The buffers of `runs`' pages, to tell which pages two copies share.
    func pageAddresses(_ runs: _Runs<Int>) -> [UnsafeRawPointer?] {
        runs.pages.map { page in page.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    }

    @Test("the first insert or delete in a copy of 1,000,000 items copies one page of runs, not every run")
    func firstEditCopiesOnePage() throws {
        let original = try HashIndexPiecesTests().runsSnapshot(sections: 10, perSection: 100_000)
        let runs = original._storage.chunks.count
        #expect(runs > 2_600 && original._storage.chunks.pages.count == (runs + 31) / 32, "\(runs) runs")
        let edits: [(String, (inout Snapshot<Int, Int>) throws -> Void)] = [
            ("insert", { try $0.insertItems([2_000_000], afterItem: 500_000) }),
            ("delete", { try $0.deleteItems([700_000]) }),
            ("insert at the end", { try $0.appendItems([2_000_001]) }),
        ]
        for (name, edit) in edits {
            var copy = original
            copy._storage.chunks.runsCopied = 0
            try edit(&copy)
            // One page of at most 32 runs (before pages: all 2,605, retaining four references each).
            #expect(copy._storage.chunks.runsCopied <= 32, "\(name): \(copy._storage.chunks.runsCopied) runs copied")
            let before = pageAddresses(original._storage.chunks)
            let after = pageAddresses(copy._storage.chunks)
            let shared = zip(before, after).filter { $0 == $1 }.count
            #expect(shared == before.count - 1, "\(name): \(shared) of \(before.count) pages shared")
            #expect(copy._checkInvariants().isEmpty, "\(name)")
        }
        #expect(original._checkInvariants().isEmpty && original.numberOfItems == 1_000_000)
    }

    @Test("the checks catch pages that do not hold the runs as the layout says")
    func plantedFaultsAreCaught() throws {
        let snapshot = try HashIndexPiecesTests().runsSnapshot(sections: 2, perSection: 20_000)
        #expect(snapshot._checkInvariants().isEmpty && snapshot._storage.chunks.pages.count > 2)
        // The storage's own check (the snapshot's reads its items first, which a broken layout traps).
        var short = snapshot._storage
        short.chunks.pages[0].removeLast()
        #expect(short._checkInvariants().contains { $0.hasPrefix("_Runs:") }, "\(short._checkInvariants())")
        var miscounted = snapshot._storage
        miscounted.chunks.count -= 1
        #expect(miscounted._checkInvariants().contains { $0.hasPrefix("_Runs:") })
        var emptyLast = snapshot._storage
        emptyLast.chunks.pages.append([])
        #expect(emptyLast._checkInvariants().contains { $0.hasPrefix("_Runs: page") })
        #expect(snapshot._checkInvariants().isEmpty)
    }

    @Test("random run edits agree with an array of runs, and a copy is never changed by its original's edits")
    func randomEditsMatchAnArray() {
        var generator = SeededGenerator(seed: 37)
        var runs = _Runs<Int>()
        var model: [Int] = []
        var next = 0
        func run() -> _Chunk<Int> {
            defer { next += 1 }
            return _Chunk(items: [next], hashes: [next], handle: next)
        }
        var copies: [(runs: _Runs<Int>, model: [Int])] = []
        for step in 0..<SeededRuns.length(1_000) {
            // Between about 100 and 300 runs (4 to 10 pages), so edits land at every place of a page.
            switch Int.random(in: model.count > 300 ? 35..<100 : 0..<100, using: &generator) {
            case 0..<35:
                let count = Int.random(in: 1...(model.count < 100 ? 40 : 8), using: &generator)
                let new = (0..<count).map { _ in run() }
                runs.append(contentsOf: new)
                model += new.map(\.handle)
            case 35..<60 where !model.isEmpty:
                let lower = Int.random(in: 0...model.count, using: &generator)
                let upper = Int.random(in: lower...min(model.count, lower + 3), using: &generator)
                let new = (0..<Int.random(in: 0...3, using: &generator)).map { _ in run() }
                runs.replaceSubrange(lower..<upper, with: new)
                model.replaceSubrange(lower..<upper, with: new.map(\.handle))
            case 60..<75 where !model.isEmpty:
                let ordinal = Int.random(in: 0..<model.count, using: &generator)
                runs.remove(at: ordinal)
                model.remove(at: ordinal)
            case 75..<92 where !model.isEmpty:
                let ordinal = Int.random(in: 0..<model.count, using: &generator)
                runs[ordinal].handle = -step - 1
                runs[ordinal].items.append(step)
                model[ordinal] = -step - 1
            default:
                copies.append((runs, model))
                if copies.count > 4 { copies.removeFirst() }
            }
            let broken = runs._checkInvariants()
            guard broken.isEmpty, runs.map(\.handle) == model, runs.count == model.count else {
                Issue.record("step \(step): \(broken), \(runs.map(\.handle).count) runs for \(model.count)")
                return
            }
            for copy in copies
            where step % 10 == 0
                && (copy.runs.map(\.handle) != copy.model || !copy.runs._checkInvariants().isEmpty)
            {
                Issue.record("step \(step): a copy changed with its original")
                return
            }
        }
        #expect(runs.pages.count > 1 || SeededRuns.isShortened())
    }

    @Test("random edits that split and drop runs across pages keep the snapshot's order")
    func randomSplitsAcrossPages() throws {
        var generator = SeededGenerator(seed: 3_700)
        var snapshot = Snapshot<Int, Int>()
        try snapshot.appendSections([0, 1])
        try snapshot.appendItems(Array(0..<15_000), toSection: 0)
        try snapshot.appendItems(Array(15_000..<30_000), toSection: 1)
        try snapshot.deleteItems([0])  // into runs: 78 of them, three pages
        var model = [Array(1..<15_000), Array(15_000..<30_000)]
        var next = 30_000
        for step in 0..<SeededRuns.length(300) {
            let section = Int.random(in: 0..<2, using: &generator)
            if Int.random(in: 0..<2, using: &generator) == 0 || model[section].count < 600 {
                // A batch large enough to split its run (new runs inserted in the middle of a page).
                let anchor = model[section].randomElement(using: &generator)!
                let items = Array(next..<(next + Int.random(in: 1...300, using: &generator)))
                next += items.count
                try snapshot.insertItems(items, afterItem: anchor)
                model[section].insert(contentsOf: items, at: model[section].firstIndex(of: anchor)! + 1)
            } else {
                // A stretch of items: runs left empty are dropped.
                let start = Int.random(in: 0..<(model[section].count - 500), using: &generator)
                let doomed = Array(model[section][start..<(start + Int.random(in: 1...500, using: &generator))])
                try snapshot.deleteItems(doomed)
                model[section].removeSubrange(start..<(start + doomed.count))
            }
            guard snapshot.itemIdentifiers(inSection: 0) == model[0], snapshot.itemIdentifiers(inSection: 1) == model[1]
            else {
                Issue.record("step \(step): the snapshot's order differs from the model's")
                return
            }
            if step % 10 == 0 {
                let broken = snapshot._checkInvariants()
                if !broken.isEmpty {
                    Issue.record("step \(step): \(broken.prefix(5))")
                    return
                }
            }
        }
        #expect(snapshot._storage.chunks.pages.count > 1 || SeededRuns.isShortened())
        #expect(snapshot._checkInvariants().isEmpty)
    }
}
