/// An item's identity for the size cache: the dynamic type and `id` of an `Identifiable` item (so a
/// content change is the same item with a new version), the item itself otherwise.
struct ItemIdentity: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable

    init(_ item: AnyHashable) {
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
/// One entry per identity, all for one width: a lookup at another width empties the cache first, so
/// an entry made for another width is never returned. Not API.
///
/// - Complexity: Lookups, stores and removals are expected O(1).
struct SizeCache {
    /// An item's size, and the value (content version) it was made for.
    private struct Entry {
        var content: AnyHashable
        var length: Double
    }

    /// The cross-axis length every entry was made for; `nil` before the first lookup.
    private(set) var width: Double?
    private var entries: [ItemIdentity: Entry] = [:]
    /// Lookups answered, and lookups that missed (tests count them).
    private(set) var hits = 0
    private(set) var misses = 0

    /// The number of entries.
    var count: Int { entries.count }

    /// Whether there are no entries.
    var isEmpty: Bool { entries.isEmpty }

    /// The cached size of `item` as it is now (the same value) at `width`, or `nil`. A new width empties
    /// the cache first.
    mutating func length(of item: AnyHashable, width: Double) -> Double? {
        if width != self.width {
            entries.removeAll()
            self.width = width
        }
        guard let entry = entries[ItemIdentity(item)], entry.content == item else {
            misses += 1
            return nil
        }
        hits += 1
        return entry.length
    }

    /// Records `item`'s size at the cache's width (replacing an older version's entry).
    mutating func store(_ length: Double, of item: AnyHashable) {
        entries[ItemIdentity(item)] = Entry(content: item, length: length)
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

    /// The cached size of `item` as it is now, without counting a lookup or changing the width.
    func peek(_ item: AnyHashable) -> Double? {
        guard let entry = entries[ItemIdentity(item)], entry.content == item else { return nil }
        return entry.length
    }
}

/// What a data source keeps for sizing: the cache, the items whose size was invalidated and the
/// scheduled layout that will tell the host, and counts for tests. Not API.
struct SizingState {
    var cache = SizeCache()
    /// Whether some registration has a sizing (otherwise the host measures every item itself).
    var anyRegistrationSized = false
    /// Items passed to `invalidateSize(of:)` since the host was last told, in call order, once each.
    var pending: [AnyHashable] = []
    var pendingSet: Set<AnyHashable> = []
    /// The main-actor task that tells the host at the end of the current turn.
    var scheduled: Task<Void, Never>?
    /// Calls of a registration's size calculation, and of the host's measure.
    var calculations = 0
    var measures = 0
    /// Host updates sent for invalidated sizes.
    var hostUpdates = 0
}
