#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Whether two stored values are equal, trying bitwise identity of their storage first.
///
/// Two values whose stored representations are bitwise identical (the same inline bytes, or the same
/// reference to the same box) are equal by `Equatable`'s reflexivity, so `==` is called only when they
/// differ. The bytes are compared where the values are stored, without copying (and so retaining)
/// them; bytes an existential leaves unused can only make the check fall through to `==`, never
/// give a wrong answer.
@inlinable @inline(__always)
func _isEqual<T: Equatable>(_ lhs: UnsafePointer<T>, _ rhs: UnsafePointer<T>) -> Bool {
    lhs == rhs || memcmp(lhs, rhs, MemoryLayout<T>.size) == 0 || lhs.pointee == rhs.pointee
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
