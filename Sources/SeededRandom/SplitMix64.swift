/// A seeded random number generator (SplitMix64): the same numbers from the same seed on every run
/// and every machine, so a randomised test, a fuzz case or a benchmark workload can be replayed from its
/// seed. Not for cryptography.
///
/// An internal target of the package (no product), shared by the tests, the fuzz targets and the
/// benchmark so that the generator is written once.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: a copy continues the same sequence.
    public private(set) var state: UInt64

    /// Creates a generator.
    ///
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
