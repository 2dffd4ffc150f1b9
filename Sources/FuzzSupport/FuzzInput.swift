/// The bytes of one fuzz case, read as a stream of choices: each call takes the next byte or two and
/// turns them into a number, a flag or an element. Past the end every choice is the smallest one, so
/// any input, even an empty one, is a valid case, and a mutation of a few bytes changes a few choices.
public struct FuzzInput: Sendable {
    /// The case's bytes.
    public let bytes: [UInt8]
    /// How many bytes the choices so far have taken.
    public private(set) var offset = 0

    /// Creates a reader over a case's bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { offset >= bytes.count }

    /// The next byte; `0` past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `range`: one byte for ranges of up to 256 values, two for wider ones.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let count = range.count
        guard count > 1 else { return range.lowerBound }
        var raw = Int(byte())
        if count > 256 { raw = raw << 8 | Int(byte()) }
        return range.lowerBound + raw % count
    }

    /// A number in `range`, which must not be empty.
    public mutating func int(in range: Range<Int>) -> Int {
        int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// A flag.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// `true` about once in `n` choices (`n` ≥ 1).
    public mutating func oneIn(_ n: Int) -> Bool { int(in: 0..<n) == 0 }

    /// An element of `elements`, or `nil` when there is none.
    public mutating func element<C: RandomAccessCollection>(of elements: C) -> C.Element? where C.Index == Int {
        elements.isEmpty ? nil : elements[elements.startIndex + int(in: 0..<elements.count)]
    }
}
