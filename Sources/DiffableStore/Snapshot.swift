/// The state of a list at one moment: ordered sections and their ordered items.
///
/// A snapshot is a value type with copy-on-write storage, with the surface of UIKit's
/// `NSDiffableDataSourceSnapshot`. Unlike it, bad input never crashes: a mutation that would add a
/// duplicate identifier, name an identifier that is not there, or place something relative to itself
/// throws a ``SnapshotError`` that names the identifier, and leaves the snapshot exactly as it was.
/// Appends are the one exception: they hash nothing, and an item appended twice is reported by the
/// next edit by identifier, by ``checkAppendedItems()`` or by the data source's apply (see
/// ``appendItems(_:toSection:)``).
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// try snapshot.appendSections(["fruit"])
/// try snapshot.appendItems([1, 2, 3])
/// print(snapshot.itemIdentifiers)
/// // Prints "[1, 2, 3]"
/// ```
///
/// # Performance
/// Items are stored once, contiguously across sections, with each item's hash computed once and stored
/// beside it: when it is inserted by an edit, or, for items appended after every item, when the
/// snapshot is first looked up or applied (appends hash nothing; the first lookup after them hashes
/// and indexes the items appended since, once each, behind a lock, as the snapshot is `Sendable`, and
/// the check at an edit or apply takes those hashes). An index of 4-byte slots maps a hash to the item's
/// position, so lookups are expected O(1) and the diff never hashes an item again; a delete or a move updates the
/// slots it touches in place; the storage and the index grow as items are added, and
/// ``reserveCapacity(_:)`` makes room for a known number at once. Section counts are kept with their
/// prefix sums in a Fenwick tree, so finding a section's start or the section of an item, and
/// changing a count, cost O(log s) however many sections follow. In the complexity notes, *n* is the number of items, *s* the number of
/// sections and *k* the number of identifiers passed in.
///
/// # Edits by identifier
/// A snapshot that is only appended to keeps its items in one flat array, as above. The first edit
/// that is not an append (``insertItems(_:afterItem:)``, ``insertItems(_:beforeItem:)``,
/// ``deleteItems(_:)``, ``moveItem(_:afterItem:)``, ``moveItem(_:beforeItem:)``, an append to a section
/// that is not the last) splits the items into runs of 384 (at most 512 as they grow): once, in O(n)
/// at memory-copy speed (nothing is hashed, and the index is renumbered in one pass over its table; a
/// snapshot copied from another pays that copy at its first edit anyway; a data source keeps the
/// snapshot it shows in runs, so the first edit of its `snapshot()` copies one run). From then on the
/// index maps an item to its run and a slot in it that stays the same while the item stays in the
/// run, and the runs' lengths are kept with their prefix sums, so an edit shifts one run's items at
/// memory speed and writes only the index slots of the items it inserts or removes: O(log n + 512)
/// whatever the number of items after the place, and no other item's index slot changes. A copy shares
/// the runs it does not change, and the pieces of the index it does not write (the index of a snapshot
/// in runs is held in at most 256 pieces). Finding an item by index
/// path then costs O(log n) more to find its run; the diff copies the items and their stored hashes
/// out of the runs in order (O(n) at memory-copy speed, nothing hashed) and looks items up in the runs'
/// own index, which it reads in flat positions (nothing is indexed again); rebuilding the sections (``deleteSections(_:)``, ``moveSection(_:afterSection:)``)
/// makes the storage flat again.
///
/// # Remembered edits
/// A copy of a snapshot (the data source's `snapshot()`, or any copy) remembers, from its first edit,
/// the items its edits insert, delete or move, so ``Changeset/init(from:to:)`` from the snapshot it was
/// copied from costs what was edited, not what is stored (see "Edits to the snapshot on screen" in
/// <doc:SnapshotsAndDiffs>). The record is not part of the value, costs O(1) per edit call plus O(1)
/// per item it names, and is dropped past an eighth of the items.
///
/// # Equality
/// Two item identifiers are the same exactly when `==` says so: lookups, duplicate checks, `==` of
/// snapshots and ``Changeset/init(from:to:)`` all ask `==` and nothing else (no bitwise shortcut), so
/// they always agree. An identifier that is not equal to itself, such as `Double.nan`, can be stored
/// (twice, even: the two are not equal), but is never found again, and the diff reports it as
/// deleted and inserted. Like `Array`'s `==`, two snapshots that share their storage (an unchanged
/// copy, or a copy that only gained marks) are equal without comparing items one by one. With
/// `AnyHashable` identifiers the rule is `AnyHashable`'s `==`: `AnyHashable(1)` and
/// `AnyHashable(Int8(1))` are equal, so they are one identifier.
public struct Snapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// Section identifiers in order.
    @usableFromInline var _sections: [SectionIdentifier]
    /// Section identifier to position.
    @usableFromInline var _sectionPositions: [SectionIdentifier: Int]
    /// The item count of each section, with prefix sums for starts (items are stored section after section).
    @usableFromInline var _counts: _SectionCounts
    /// Every item, section after section, with its stored hash and the hash index (flat, or in
    /// runs of at most 512 once edited by identifier; see ``_ItemStorage``).
    @usableFromInline var _storage: _ItemStorage<ItemIdentifier>
    @usableFromInline var _reloadedItems: Set<ItemIdentifier>
    @usableFromInline var _reconfiguredItems: Set<ItemIdentifier>
    @usableFromInline var _reloadedSections: Set<SectionIdentifier>
    /// The version of this content (see ``_SnapshotVersion``); `nil` until the first content edit.
    /// Not part of the value.
    @usableFromInline var _version: _SnapshotVersion?
    /// The edits since the snapshot this one was derived from, or `nil` (see ``_EditRecord``). Not
    /// part of the value.
    @usableFromInline var _record: _EditRecord<ItemIdentifier>?

    /// Creates an empty snapshot.
    ///
    /// - Complexity: O(1).
    public init() {
        _sections = []
        _sectionPositions = [:]
        _counts = _SectionCounts()
        _storage = _ItemStorage()
        _reloadedItems = []
        _reconfiguredItems = []
        _reloadedSections = []
        _version = nil
        _record = nil
    }
}

// MARK: - Reading

extension Snapshot {
    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfItems: Int { _counts.total }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { _sections.count }

    /// The section identifiers in order.
    ///
    /// - Complexity: O(1) (the array is shared, not copied).
    @inlinable public var sectionIdentifiers: [SectionIdentifier] { _sections }

    /// Every item identifier, section after section.
    ///
    /// - Complexity: O(n) to copy into an array.
    public var itemIdentifiers: [ItemIdentifier] { _storage.items(in: 0..<_counts.total) }

    /// The item identifiers of one section, in order.
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: The section's items, or `nil` when the section is not in the snapshot.
    /// - Complexity: Expected O(m + log s), where *m* is the number of items in the section.
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier]? {
        guard let position = _sectionPositions[section] else { return nil }
        return _storage.items(in: _counts.range(of: position))
    }

    /// The number of items in a section.
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: The count, or `nil` when the section is not in the snapshot.
    /// - Complexity: Expected O(1).
    public func numberOfItems(inSection section: SectionIdentifier) -> Int? {
        guard let position = _sectionPositions[section] else { return nil }
        return _counts.counts[position]
    }

    /// The number of items in the section at a position.
    ///
    /// - Parameter sectionIndex: A section position; must be in `0..<numberOfSections`.
    /// - Complexity: O(1).
    @inlinable
    public func numberOfItems(inSectionAt sectionIndex: Int) -> Int {
        precondition(_sections.indices.contains(sectionIndex), "Section index \(sectionIndex) is out of range")
        return _counts.counts[sectionIndex]
    }

    /// The position of a section.
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: Its index, or `nil` when it is not in the snapshot.
    /// - Complexity: Expected O(1).
    @inlinable
    public func indexOfSection(_ section: SectionIdentifier) -> Int? {
        _sectionPositions[section]
    }

    /// The position of an item among all items, section after section (as UIKit's `indexOfItem`).
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its flat index, or `nil` when no stored item is `==` to it (so always `nil` for a
    ///   value that is not equal to itself, such as `Double.nan`).
    /// - Complexity: Expected O(1): one hash of `item`; plus O(log(n / 512)) to turn the item's run into a
    ///   position once the snapshot has been edited by identifier (see "Edits by identifier"). After
    ///   appends, the first lookup also hashes and indexes the items appended since the last lookup
    ///   (once each: amortized expected O(1) per item appended). An item appended twice and not checked
    ///   yet (see ``appendItems(_:toSection:)``) is found at its first place.
    @inlinable
    public func indexOfItem(_ item: ItemIdentifier) -> Int? {
        _position(of: item, hash: item.hashValue)
    }

    /// The section that contains an item.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: The section identifier, or `nil` when the item is not in the snapshot.
    /// - Complexity: Amortized expected O(1) to find the item, as ``indexOfItem(_:)`` (plus
    ///   O(log(n / 512)) once the snapshot has been edited by identifier), plus O(log s) to find its section.
    public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
        guard let position = indexOfItem(item) else { return nil }
        return _sections[_section(containing: position)]
    }

    /// The index path of an item.
    ///
    /// - Parameter item: An item identifier.
    /// - Returns: Its section and index within the section, or `nil` when it is not in the snapshot.
    /// - Complexity: Amortized expected O(1) to find the item, as ``indexOfItem(_:)`` (plus
    ///   O(log(n / 512)) once the snapshot has been edited by identifier), plus O(log s) to find its section.
    public func indexPath(of item: ItemIdentifier) -> ListIndexPath? {
        guard let position = indexOfItem(item) else { return nil }
        return _indexPath(ofPosition: position)
    }

    /// The item at an index path.
    ///
    /// - Parameter indexPath: A section and item index.
    /// - Returns: The item, or `nil` when the index path is outside the snapshot.
    /// - Complexity: O(log s) to find the section's start, plus O(log(n / 512)) to find the item's
    ///   run once the snapshot has been edited by identifier.
    @inlinable
    public func itemIdentifier(at indexPath: ListIndexPath) -> ItemIdentifier? {
        guard indexPath.section >= 0, indexPath.section < _sections.count, indexPath.item >= 0,
            indexPath.item < _counts.counts[indexPath.section]
        else { return nil }
        return _storage.item(at: _counts.start(of: indexPath.section) + indexPath.item)
    }

    /// The section identifier at a position.
    ///
    /// - Parameter index: A section index.
    /// - Returns: The section, or `nil` when `index` is out of range.
    /// - Complexity: O(1).
    @inlinable
    public func sectionIdentifier(at index: Int) -> SectionIdentifier? {
        _sections.indices.contains(index) ? _sections[index] : nil
    }

    /// Whether the snapshot holds an item.
    ///
    /// - Complexity: Amortized expected O(1), as ``indexOfItem(_:)`` (plus O(log(n / 512)) once the
    ///   snapshot has been edited by identifier).
    @inlinable
    public func contains(_ item: ItemIdentifier) -> Bool { indexOfItem(item) != nil }

    /// Items marked by ``reloadItems(_:)`` since the snapshot was made.
    ///
    /// - Complexity: O(1).
    public var reloadedItemIdentifiers: Set<ItemIdentifier> { _reloadedItems }

    /// Items marked by ``reconfigureItems(_:)`` since the snapshot was made.
    ///
    /// - Complexity: O(1).
    public var reconfiguredItemIdentifiers: Set<ItemIdentifier> { _reconfiguredItems }

    /// Sections marked by ``reloadSections(_:)`` since the snapshot was made.
    ///
    /// - Complexity: O(1).
    public var reloadedSectionIdentifiers: Set<SectionIdentifier> { _reloadedSections }

    // Internal lookups.

    @inlinable
    func _position(of item: ItemIdentifier, hash: Int) -> Int? {
        _storage.position(of: item, hash: hash)
    }

    /// Every item in order (the stored array itself while the storage is flat), for tests and checks.
    @usableFromInline
    var _items: ContiguousArray<ItemIdentifier> { _storage.flatItems.items }

    /// Every stored hash in order (the stored array itself while the storage is flat).
    @usableFromInline
    var _hashes: ContiguousArray<Int> { _storage.flatItems.hashes }

    /// The hash index (over flat positions, or over run handles and offsets; see ``_ItemStorage``).
    @usableFromInline
    var _index: _HashIndex { _storage.index }

    /// The section whose range holds a flat position. O(log s).
    @inlinable
    func _section(containing position: Int) -> Int { _counts.section(containing: position) }

    /// The index path of a flat position. O(log s).
    @inlinable
    func _indexPath(ofPosition position: Int) -> ListIndexPath {
        let section = _counts.section(containing: position)
        return ListIndexPath(item: position - _counts.start(of: section), section: section)
    }
}

// MARK: - Counting work, for tests

/// The work a snapshot's mutations did since it was made (or since ``Snapshot/_resetWork()``):
/// counted where it is done, so a test can bound an O(1) or O(k) claim without timing it.
@_spi(Testing)
public struct _SnapshotWork: Hashable, Sendable {
    /// Full rebuilds of the hash index from stored hashes, growth included.
    public var indexRebuilds: Int
    /// Hash-index slots read by insertions, removals and renumbering; a pass over the whole table
    /// counts every slot.
    public var indexSlotsVisited: Int
    /// Hash-index slots copied because a write found them shared with a copy of the snapshot: the
    /// whole table when it is one array, only the pieces written when the snapshot is in runs.
    public var indexSlotsCopied: Int = 0
    /// Nodes of the section-count tree read or written by count updates and section appends; a
    /// rebuild counts every section.
    public var sectionNodesVisited: Int
    /// Items copied or shifted inside the item storage by edits (a run's items after the place, a
    /// run that splits, and the one copy that splits a flat snapshot into runs at its first edit).
    public var itemsShifted: Int = 0
    /// Items hashed by the snapshot when a lookup or a check indexed items appended without a check
    /// (an append itself hashes nothing; see ``Snapshot/_indexAppendedItems(reusingHashesOf:)``).
    public var itemsHashed: Int = 0
}

extension Snapshot {
    /// The work counted so far (see ``_SnapshotWork``).
    @_spi(Testing)
    public var _work: _SnapshotWork {
        _SnapshotWork(
            indexRebuilds: _storage.index.work.rebuilds, indexSlotsVisited: _storage.index.work.slotsVisited,
            indexSlotsCopied: _storage.index.work.slotsCopied, sectionNodesVisited: _counts.nodesVisited,
            itemsShifted: _storage.itemsShifted,
            itemsHashed: _storage.itemsHashed
                + (_storage.pendingIndex.map { box in box.lock.withLock { box.itemsHashed } } ?? 0))
    }

    /// Sets the counters of ``_work`` to zero.
    @_spi(Testing)
    public mutating func _resetWork() {
        _storage.index.work = _HashIndexWork()
        _storage.itemsShifted = 0
        _storage.itemsHashed = 0
        if let box = _storage.pendingIndex { box.lock.withLock { box.itemsHashed = 0 } }
        _counts.nodesVisited = 0
    }
}

// MARK: - Equality

extension Snapshot: Equatable {
    /// Two snapshots are equal when they hold the same sections with the same items in the same order.
    ///
    /// Items are compared with their `==` (see "Equality" in ``Snapshot``); snapshots that share their
    /// storage are equal without comparing items, as `Array`'s `==` does. Reload and reconfigure marks
    /// are instructions for the next apply, not content, and do not take part.
    ///
    /// - Complexity: O(n + s); stored hashes are compared before items. O(s) when the snapshots share
    ///   their item storage.
    @inlinable
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs._sections == rhs._sections && lhs._counts == rhs._counts && lhs._storage == rhs._storage
    }
}

extension Snapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

extension Snapshot: CustomStringConvertible {
    /// One line per section: `section: [item, item]`.
    public var description: String {
        var lines: [String] = []
        for (position, section) in _sections.enumerated() {
            let items = _storage.items(in: _counts.range(of: position)).map { String(describing: $0) }
            lines.append("\(section): [\(items.joined(separator: ", "))]")
        }
        return lines.isEmpty ? "(empty snapshot)" : lines.joined(separator: "\n")
    }
}
