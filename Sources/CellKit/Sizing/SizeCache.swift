/// An item's identity: the dynamic type and `id` of an `Identifiable` item (so a content change is the
/// same item with a new version), the item itself otherwise. The size cache keys on it, and the hosts
/// find an item they hold an older value of by it. Not API (`package`).
package struct ItemIdentity: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable

    /// The identity of an item.
    package init(_ item: AnyHashable) {
        if let identifiable = item.base as? any Identifiable {
            self = Self.of(identifiable)
        } else {
            type = ObjectIdentifier(Swift.type(of: item.base))
            id = item
        }
    }

    private init(type: ObjectIdentifier, id: AnyHashable) {
        self.type = type
        self.id = id
    }

    private static func of<Value: Identifiable>(_ value: Value) -> ItemIdentity {
        ItemIdentity(type: ObjectIdentifier(Value.self), id: AnyHashable(value.id))
    }
}

/// Item sizes keyed by the item's identity, its content version (the item's value: a reconfigured
/// item with new content misses) and the cross-axis length (the width) they were made for.
///
/// One entry per identity, for the width it was made for: items render at different widths in one
/// list (an item in a card is narrower than one outside it), so each entry keeps its own, and a lookup
/// at another width misses; the entry made then replaces it. An entry made for another width is never
/// returned. Not API.
///
/// - Complexity: Lookups, stores and removals are expected O(1).
struct SizeCache {
    /// An item's size, and the value (content version) and width it was made for.
    private struct Entry {
        var content: AnyHashable
        var width: Double
        var length: Double
    }

    private var entries: [ItemIdentity: Entry] = [:]
    /// Lookups answered, and lookups that missed (tests count them).
    private(set) var hits = 0
    private(set) var misses = 0

    /// The number of entries.
    var count: Int { entries.count }

    /// Whether there are no entries.
    var isEmpty: Bool { entries.isEmpty }

    /// The cached size of `item` as it is now (the same value) at `width`, or `nil`.
    mutating func length(of item: AnyHashable, width: Double) -> Double? {
        guard let entry = entries[ItemIdentity(item)], entry.content == item, entry.width == width else {
            misses += 1
            return nil
        }
        hits += 1
        return entry.length
    }

    /// Records `item`'s size at `width` (replacing the entry of an older version or another width).
    mutating func store(_ length: Double, of item: AnyHashable, width: Double) {
        entries[ItemIdentity(item)] = Entry(content: item, width: width, length: length)
    }

    /// Forgets the entry of `item`'s identity, whatever its version.
    mutating func remove(_ item: AnyHashable) {
        entries[ItemIdentity(item)] = nil
    }

    /// Forgets the entries whose item (the version they were made for) fails `keep`.
    ///
    /// - Complexity: O(c) calls of `keep` for *c* entries.
    mutating func removeAll(keepingOnly keep: (AnyHashable) -> Bool) {
        entries = entries.filter { keep($0.value.content) }
    }

    /// Forgets every entry.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// The cached size of `item` as it is now, and the width it was made for, without counting a lookup.
    func peek(_ item: AnyHashable) -> (length: Double, width: Double)? {
        guard let entry = entries[ItemIdentity(item)], entry.content == item else { return nil }
        return (entry.length, entry.width)
    }
}
