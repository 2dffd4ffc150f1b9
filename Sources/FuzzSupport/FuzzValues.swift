// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (FuzzSupport is an internal target of the fuzz targets, not API: its members are named for what they hold.)
/// Values that make the store work hard, shared by the fuzz targets.

/// A value whose hash is the same for every value, so every lookup of one walks a single probe run
/// and every removal shifts it.
public struct Collider: Hashable, Sendable, CustomStringConvertible {
    public var value: Int
    public init(_ value: Int) { self.value = value }
    public func hash(into hasher: inout Hasher) { hasher.combine(0) }
    public var description: String { "Collider(\(value))" }
}

/// A row with an identity and content: a new content under the same id is the same row, updated.
public struct Card: Hashable, Identifiable, Sendable, CustomStringConvertible {
    public var id: Int
    public var content: Int
    public init(id: Int, content: Int) {
        self.id = id
        self.content = content
    }
    public var description: String { "Card(\(id), v\(content))" }
}

/// Whether two stored values are the same value: of the same type and `==`, or both NaN (a NaN is
/// stored and read back, but is not equal to itself). Stricter than `AnyHashable`'s `==`, under
/// which `Int(1)` and `Int8(1)` are one identifier: a store that gave back the other one of such a
/// pair would be storing the wrong value.
public func isSameValue(_ lhs: AnyHashable, _ rhs: AnyHashable) -> Bool {
    guard type(of: lhs.base) == type(of: rhs.base) else { return false }
    if lhs == rhs { return true }
    if let left = lhs.base as? Double, let right = rhs.base as? Double { return left.isNaN && right.isNaN }
    return false
}

/// Whether two lists hold the same values in the same order (see ``isSameValue(_:_:)``).
public func isSameValues(_ lhs: [AnyHashable], _ rhs: [AnyHashable]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(isSameValue)
}

/// Whether a value is a NaN, which is never equal to anything.
public func isNaN(_ value: AnyHashable) -> Bool {
    (value.base as? Double)?.isNaN ?? false
}
