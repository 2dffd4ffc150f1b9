#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Whether two values are equal, trying bitwise identity first.
///
/// Two values whose representations are bitwise identical (the same inline bytes, or the same
/// reference to the same storage) are equal by `Equatable`'s reflexivity, so `==` is called only
/// when they differ. For `AnyHashable`, whose `==` performs a dynamic cast, this turns the common
/// "same view model, same box" comparison into a 40-byte compare.
@inlinable @inline(__always)
func _isEqual<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
    let identical = withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            memcmp(left.baseAddress!, right.baseAddress!, MemoryLayout<T>.size) == 0
        }
    }
    return identical || lhs == rhs
}

/// The identity of an `Identifiable` value, type-erased: its dynamic type and its `id`.
///
/// Two values of the same type with the same `id` are the same row with (possibly) new content.
@usableFromInline
struct _IdentityKey: Hashable {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let id: AnyHashable

    @usableFromInline
    init(type: ObjectIdentifier, id: AnyHashable) {
        self.type = type
        self.id = id
    }

    /// The identity of `value` (looking through `AnyHashable`), or `nil` when it is not `Identifiable`.
    @usableFromInline
    static func of<Value>(_ value: Value) -> _IdentityKey? {
        var base: Any = value
        if let erased = base as? AnyHashable { base = erased.base }
        guard let identifiable = base as? any Identifiable else { return nil }
        return key(identifiable)
    }

    private static func key<Value: Identifiable>(_ value: Value) -> _IdentityKey {
        _IdentityKey(type: ObjectIdentifier(Value.self), id: AnyHashable(value.id))
    }
}
