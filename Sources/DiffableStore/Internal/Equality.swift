/// Whether two stored items are equal: exactly what their `==` says.
///
/// This is the store's one rule for items, used by lookups, duplicate checks, ``Snapshot``'s `==`
/// and the diff. There is deliberately no bitwise shortcut: bit-identical values are not always
/// equal (`Double.nan != .nan`), and an existential such as `AnyHashable` may or may not copy the
/// bytes it leaves unused, so "bit-identical" would not even give the same answer twice. The items
/// are compared where they are stored, without copying (and so retaining) them.
@inlinable @inline(__always)
func _isEqual<T: Equatable>(_ lhs: UnsafePointer<T>, _ rhs: UnsafePointer<T>) -> Bool {
    lhs.pointee == rhs.pointee
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
