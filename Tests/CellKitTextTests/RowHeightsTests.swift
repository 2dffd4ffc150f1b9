@testable import CellKitText
import SeededRandom
import Testing

/// The B+ tree of row heights against a plain array, with its invariants checked after every operation.
@Suite("RowHeights")
struct RowHeightsTests {
    /// The lines a raw height takes in the plain model.
    static func lines(_ raw: Int32, _ estimate: Int) -> Int { raw >= 0 ? Int(raw) : estimate }

    /// Checks every query of the tree against the model.
    static func expectMatches(
        _ tree: RowHeights, _ model: [Int32], estimate: Int, probes: Int, using random: inout SplitMix
    ) {
        tree._checkInvariants()
        #expect(tree.count == model.count)
        #expect(tree.rawHeights == model)
        let total = model.reduce(0) { $0 + lines($1, estimate) }
        #expect(tree.total == total)
        #expect(tree.prefixSum(model.count) == total)
        for _ in 0..<probes where !model.isEmpty {
            let row = Int.random(in: 0..<model.count, using: &random)
            #expect(tree.rawHeight(at: row) == model[row])
            #expect(tree.height(at: row) == lines(model[row], estimate))
            let prefix = model[..<row].reduce(0) { $0 + lines($1, estimate) }
            #expect(tree.prefixSum(row) == prefix)
            // The row containing each of its lines is itself (rows of zero lines contain none).
            let height = lines(model[row], estimate)
            if height > 0 {
                #expect(tree.index(containing: prefix) == row)
                #expect(tree.index(containing: prefix + height - 1) == row)
            }
        }
        #expect(tree.index(containing: -1) == nil)
        #expect(tree.index(containing: total) == nil)
    }

    @Test(
        "built over any count, the tree holds the heights it was given",
        arguments: [0, 1, 63, 64, 65, 128, 129, 1_000, 1_025, 70_000])
    func build(count: Int) {
        var random = SplitMix(seed: UInt64(count))
        let model = (0..<count).map { _ in Int32.random(in: -1...4, using: &random) }
        let tree = RowHeights(model, estimate: 2)
        Self.expectMatches(tree, model, estimate: 2, probes: 50, using: &random)
    }

    @Test(
        "seeded random inserts, removes, height changes and estimate changes agree with a plain array",
        arguments: 0..<8)
    func randomOperations(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &* 7919)
        // Start small or large, so both growing from a leaf and shrinking from several levels happen.
        var model = (0..<(seed % 2 == 0 ? 0 : 3_000)).map { _ in Int32.random(in: -1...3, using: &random) }
        var estimate = 1
        var tree = RowHeights(model, estimate: estimate)
        // 1,000 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        let steps = SeededRuns.length(1_000)
        for step in 0..<steps {
            // Grow in the first half, shrink in the second, so blocks split and then merge.
            let growing = step < steps / 2
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4 where growing, 0..<2:
                let index = Int.random(in: 0...model.count, using: &random)
                let raw = Int32.random(in: -1...5, using: &random)
                tree.insert(raw, at: index)
                model.insert(raw, at: index)
            case 0..<8 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &random)
                #expect(tree.remove(at: index) == model.remove(at: index))
            case 8 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &random)
                let raw = Int32.random(in: -1...5, using: &random)
                tree.setHeight(raw, at: index)
                model[index] = raw
            case 9:
                estimate = Int.random(in: 1...3, using: &random)
                tree.estimate = estimate
            default:
                break
            }
            Self.expectMatches(tree, model, estimate: estimate, probes: 3, using: &random)
        }
    }

    @Test("inserting at the front, the back and the middle keeps every leaf at the same depth")
    func skewedInserts() {
        var tree = RowHeights(estimate: 1)
        var model: [Int32] = []
        for value in 0..<5_000 {
            let raw = Int32(value % 7)
            switch value % 3 {
            case 0: tree.insert(raw, at: 0); model.insert(raw, at: 0)
            case 1: tree.insert(raw, at: model.count); model.append(raw)
            default: tree.insert(raw, at: model.count / 2); model.insert(raw, at: model.count / 2)
            }
        }
        var random = SplitMix(seed: 1)
        Self.expectMatches(tree, model, estimate: 1, probes: 100, using: &random)
        while !model.isEmpty {
            let index = model.count % 3 == 0 ? 0 : model.count - 1
            #expect(tree.remove(at: index) == model.remove(at: index))
        }
        Self.expectMatches(tree, model, estimate: 1, probes: 0, using: &random)
        #expect(tree.levels == 0)
    }

    @Test("one insert, remove or height change into a million rows touches a handful of blocks")
    func workPerOperation() {
        var tree = RowHeights(repeatElement(-1, count: 1_000_000), estimate: 1)
        // 15,625 leaves under four levels of nodes.
        #expect(tree.levels == 4)
        let built = tree.blocksTouched
        #expect(built > 15_625)
        tree.work.blocks = 0
        tree.insert(3, at: 500_000)
        tree.setHeight(2, at: 10)
        _ = tree.remove(at: 999_000)
        _ = tree.prefixSum(765_432)
        _ = tree.index(containing: 765_432)
        // A descent is levels + 1 = 5 blocks; a split or a refill touches a few more.
        #expect(tree.blocksTouched <= 5 * 5 + 10, "touched \(tree.blocksTouched) blocks")
    }
}
