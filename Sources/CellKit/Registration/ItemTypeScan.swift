import DiffableStore

// Items replaced by an equal identifier of another type.
//
// `AnyHashable` values of different types can be equal: `AnyHashable(1) == AnyHashable(Int8(1))`. A
// snapshot that replaces `1` by `Int8(1)` (in place, or by a delete and an insert) keeps the same item
// for the diff, but the data source selects cells by the value's type: the item must be reloaded,
// with the new type's registration, and its new value checked like an inserted one. Looking for such
// items costs a read of each matched item's type, on both sides, per apply; the data source asks the
// diff to look only while the list may hold a value of a type that can be equal to another type's.
//
// Which types can: `AnyHashable` compares two values with the `==` of the type that boxed them, and
// only when both boxes hold that type ("the underlying types have the same conformance to
// `Equatable`"). A value of a struct or enum is boxed as itself, so it is equal only to values of its
// own type, unless the type gives `AnyHashable` a representation of its own
// (`_HasCustomAnyHashableRepresentation`, the standard library's hook for integers, floating-point
// numbers, arrays, sets and dictionaries); an instance of a class is boxed as the class that declares
// `Hashable`, so its subclasses meet. An old item whose value is of neither kind can only be matched by
// a value of its own type, so while the list shows none, no item can change type.

/// Looks, over the items a check reads, for a value of a type that shares identifiers with other
/// types. Each type is classified once per run of items of that type.
struct ItemTypeScan {
    /// Whether an item of such a type was seen.
    private(set) var sharesIdentifiers = false
    private var lastType: ObjectIdentifier?

    /// Notes the type of one item's value.
    mutating func note(_ type: Any.Type) {
        guard !sharesIdentifiers else { return }
        let key = ObjectIdentifier(type)
        guard key != lastType else { return }
        lastType = key
        sharesIdentifiers = Self.sharesIdentifiers(type)
    }

    /// Whether values of `type` may be equal, as `AnyHashable`, to values of another type: a class, or
    /// a type with its own `AnyHashable` representation.
    static func sharesIdentifiers(_ type: Any.Type) -> Bool {
        type is AnyObject.Type || type is any _HasCustomAnyHashableRepresentation.Type
    }
}
