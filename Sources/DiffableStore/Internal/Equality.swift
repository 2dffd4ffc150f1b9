/// Whether two stored items are equal: exactly what their `==` says.
///
/// This is the store's one rule for items, used by lookups, duplicate checks, ``Snapshot``'s `==`
/// and the diff. There is deliberately no bitwise shortcut: bit-identical values are not always
/// equal (`Double.nan != .nan`), and an existential such as `AnyHashable` may or may not copy the
/// bytes it leaves unused, so "bit-identical" would not even give the same answer twice.
///
/// Items are passed by value from where they are stored (`items[i]`). Where `==` runs once per item
/// of a large input on `AnyHashable` items, the code says `==` itself, in non-generic code (see
/// ``_sharedEnds(_:_:_:_:_:_:)``): through this function, or in generic code, the compiler copies both
/// items before each call.
@inlinable @inline(__always)
func _isEqual<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
    lhs == rhs
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
