#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock allocated once, at a fixed address, for state that a read builds lazily.
///
/// `os_unfair_lock` on Apple platforms (iOS 10 and later; `Synchronization.Mutex` needs iOS 18), a
/// `pthread_mutex_t` elsewhere. Either must not move while in use, so it lives in memory this class
/// allocates in `init` and frees in `deinit`, never in a stored property (Swift may move those).
@usableFromInline
final class _Lock: @unchecked Sendable {
    #if canImport(Darwin)
    let pointer: UnsafeMutablePointer<os_unfair_lock>
    #else
    let pointer: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @usableFromInline
    init() {
        pointer = .allocate(capacity: 1)
        #if canImport(Darwin)
        pointer.initialize(to: os_unfair_lock())
        #else
        pointer.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(pointer, nil)
        assert(status == 0, "_Lock: pthread_mutex_init failed (\(status))")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @usableFromInline
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(pointer)
        #else
        pthread_mutex_lock(pointer)
        #endif
    }

    @usableFromInline
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(pointer)
        #else
        pthread_mutex_unlock(pointer)
        #endif
    }

    /// Runs `body` holding the lock.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// The hash index of the items appended to a flat storage without a check (its *pending* items),
/// built lazily, on the first lookup that reaches them, and extended by later lookups to the items
/// appended since.
///
/// A lookup by identifier (`contains`, `indexOfItem`) is a read, and a `Snapshot` is `Sendable`: two
/// threads may look up in one snapshot at once. So the index lives in this class, behind a lock, and
/// the storage owns one per lineage of appends: an append replaces a box that another storage shares
/// (a copy of the snapshot) with a copy of it, so a box only ever describes one sequence of items, and
/// every storage that shares it holds those items.
///
/// Each pending item is hashed once, here or when the storage indexes its pending items
/// (``_ItemStorage/indexPending(reusing:)``, which takes the hashes computed here), so a loop that looks
/// an item up before appending it hashes each item once: expected O(1) amortised per lookup.
///
/// Positions in ``table`` are relative to ``base`` (the flat position of the first pending item). An
/// item `==` to an earlier pending item (a duplicate, reported when the storage indexes them) is
/// recorded too; a lookup finds the earlier one first (linear probing keeps the order of insertion
/// along a probe sequence, as nothing is removed).
@usableFromInline
final class _PendingIndex<Item: Hashable> {
    /// The flat position of the first pending item.
    @usableFromInline let base: Int
    @usableFromInline let lock = _Lock()
    /// `hashes[i]` is the hash of the item at flat position `base + i`, for the items indexed so far.
    @usableFromInline var hashes: ContiguousArray<Int> = []
    /// Hash to position relative to ``base``, for the items indexed so far.
    @usableFromInline var table = _HashIndex(minimumCapacity: 0)
    /// Items hashed here, for tests that bound the work (see ``Snapshot/_work``).
    @usableFromInline var itemsHashed = 0

    @usableFromInline
    init(base: Int) {
        self.base = base
    }

    /// A box with the same contents (for a storage that appends while sharing this one).
    @inlinable
    func copy() -> _PendingIndex {
        let copy = _PendingIndex(base: base)
        lock.withLock {
            copy.hashes = hashes
            copy.table = table
            copy.itemsHashed = itemsHashed
        }
        return copy
    }

    /// The flat position of the first item `==` to `item` (whose hash is `hash`) among the pending
    /// items of `items`, after indexing those not indexed yet.
    ///
    /// - Complexity: Expected O(1), plus one hash per item appended since the last lookup (amortised
    ///   O(1) per item appended), plus O(p) when the table grows (fourfold).
    @inlinable
    func position(of item: Item, hash: Int, in items: ContiguousArray<Item>) -> Int? {
        lock.withLock {
            _extend(over: items)
            let base = base
            let found = hashes.withUnsafeBufferPointer { hashes in
                items.withUnsafeBufferPointer { items in
                    table.find(hash: hash, hashes: hashes) { _isEqual(items[base &+ $0], item) }
                }
            }
            return found.map { base &+ $0 }
        }
    }

    /// The hashes of every pending item of `items`, hashing those not hashed yet, and the table over
    /// them (positions relative to ``base``).
    ///
    /// - Complexity: One hash per item not hashed yet, plus O(p) when the table grows.
    @inlinable
    func indexed(over items: ContiguousArray<Item>) -> (hashes: ContiguousArray<Int>, table: _HashIndex) {
        lock.withLock {
            _extend(over: items)
            return (hashes, table)
        }
    }

    /// The hashes computed so far (a prefix of the pending items').
    @inlinable
    var knownHashes: ContiguousArray<Int> { lock.withLock { hashes } }

    /// Hashes and records the pending items of `items` not indexed yet. The caller holds the lock.
    @inlinable
    func _extend(over items: ContiguousArray<Item>) {
        let first = hashes.count
        let end = items.count &- base
        guard first < end else { return }
        if Item.self == AnyHashable.self {
            // The same type, so the cast is an identity; see `_appendHashes` for why this is concrete.
            _appendHashes(
                of: unsafeBitCast(items, to: ContiguousArray<AnyHashable>.self), in: (base &+ first)..<items.count,
                to: &hashes)
        } else {
            for position in (base &+ first)..<items.count { hashes.append(items[position].hashValue) }
        }
        itemsHashed &+= end &- first
        hashes.withUnsafeBufferPointer { hashes in
            if table.canHold(additional: end &- first) {
                for offset in first..<end { table.insertNew(hash: hashes[offset], position: offset) }
            } else {
                // Refilled at once with every hash (fourfold growth, as appends grow the storage's index;
                // sized exactly the first time, as a batch build is).
                var capacity = _HashIndex.capacity(for: end)
                if first > 0 { capacity = Swift.max(capacity, table.capacity &* 4) }
                table._refill(capacity: capacity, hashes: hashes)
            }
        }
    }

    /// Checks the hashes computed so far against the items (see ``_ItemStorage/_checkInvariants()``).
    func _checkInvariants(items: ContiguousArray<Item>, hashedCount: Int) -> [String] {
        lock.withLock {
            var broken: [String] = []
            if base != hashedCount { broken.append("_PendingIndex: starts at \(base), not at the first pending item") }
            if base + hashes.count > items.count { broken.append("_PendingIndex: indexes items that are not there") }
            guard broken.isEmpty else { return broken }
            for offset in hashes.indices where hashes[offset] != items[base + offset].hashValue {
                broken.append("_PendingIndex: the hash of pending item \(offset) is stale")
            }
            if table.count != hashes.count { broken.append("_PendingIndex: the table holds \(table.count) items") }
            return broken
        }
    }
}

extension _PendingIndex: @unchecked Sendable where Item: Sendable {}
