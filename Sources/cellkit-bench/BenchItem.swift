import SeededRandom
import Foundation

/// The item every store benchmark uses: a view model with an identity and content, as an app keeps
/// it in an `AnyHashable` snapshot.
///
/// Its synthesized `Hashable` hashes and compares both fields. `content` stays under 16 UTF-8 bytes
/// (a small string, stored inline), so hashing is as cheap as it gets: the hash floor baseline is at
/// its fastest, which makes the ratios against it conservative.
struct BenchItem: Hashable, Identifiable, Sendable {
    /// The row's identity.
    let id: UUID
    /// What the row shows; a changed content with the same `id` is an update.
    var content: String

    /// A new item with a random identity.
    ///
    /// - Parameters:
    ///   - number: Written into `content` ("item 123").
    ///   - generator: Where the identity's bits come from.
    init(number: Int, using generator: inout SeededGenerator) {
        id = UUID(generator: &generator)
        content = "item \(number)"
    }

    /// The same row with new content.
    func updated() -> BenchItem {
        var copy = self
        copy.content += " v2"
        return copy
    }
}

extension UUID {
    /// A version-4 UUID whose random bits come from `generator`, so workloads replay from a seed.
    init(generator: inout SeededGenerator) {
        let high = generator.next()
        let low = generator.next()
        var bytes = (
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
        )
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
        }
        self.init(uuid: bytes)
    }
}

/// A seeded generator (SplitMix64): every workload is the same on every run and every machine.
typealias SeededGenerator = SplitMix64

/// `count` items with random identities, numbered from `first`.
func makeItems(_ count: Int, numberedFrom first: Int = 0, using generator: inout SeededGenerator) -> [BenchItem] {
    var items: [BenchItem] = []
    items.reserveCapacity(count)
    for number in first..<(first + count) { items.append(BenchItem(number: number, using: &generator)) }
    return items
}

/// Each item in its own, newly allocated `AnyHashable` box: what an app holds after it rebuilds its
/// view models from its model (equal values, no shared storage).
func erased(_ items: [BenchItem]) -> [AnyHashable] {
    items.map { AnyHashable($0) }
}
