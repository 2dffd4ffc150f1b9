@testable import CellKitText
import Testing

@Suite("FenwickTree")
struct FenwickTreeTests {
    @Test("prefix sums, updates and line lookups agree with a plain array", arguments: 0..<20)
    func matchesArray(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let count = Int.random(in: 0...60, using: &random)
        var values = (0..<count).map { _ in Int.random(in: 0...4, using: &random) }
        var tree = FenwickTree(values)
        for _ in 0..<50 {
            if count > 0 {
                let index = Int.random(in: 0..<count, using: &random)
                let value = Int.random(in: 0...4, using: &random)
                tree.add(value - values[index], at: index)
                values[index] = value
            }
            for n in 0...count { #expect(tree.prefixSum(n) == values.prefix(n).reduce(0, +)) }
            let total = values.reduce(0, +)
            #expect(tree.total == total)
            for line in -1...(total + 1) {
                var expected: Int?
                var sum = 0
                for (index, value) in values.enumerated() {
                    sum += value
                    if line >= 0 && sum > line { expected = index; break }
                }
                #expect(tree.index(containing: line) == expected, "line \(line) in \(values)")
            }
        }
    }
}

/// A seeded generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
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
