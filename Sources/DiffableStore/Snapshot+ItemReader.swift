extension Snapshot {
    /// What the snapshot's items are read by index path from: its section counts and its item storage,
    /// shared, in a value that does not depend on `SectionIdentifier`.
    ///
    /// Not API: the data source's hook (`@_spi(CellKitInternals)`). Its host adapter is generic over the
    /// section type and runs unspecialized, so reading a cell's item through ``itemIdentifier(at:)``
    /// would run generic code for every cell; through the reader, it runs code compiled for
    /// `ItemIdentifier` (`AnyHashable` there).
    ///
    /// - Complexity: O(1): the reader shares the snapshot's storage.
    @_spi(CellKitInternals) @inlinable
    public var _itemReader: _SnapshotItemReader<ItemIdentifier> {
        _SnapshotItemReader(counts: _counts, storage: _storage)
    }
}

/// A snapshot's items as an index path reads them, without its section identifiers (see
/// ``Snapshot/_itemReader``).
///
/// Not API (`@_spi(CellKitInternals)`).
@_spi(CellKitInternals)
public struct _SnapshotItemReader<Item: Hashable> {
    @usableFromInline let counts: _SectionCounts
    @usableFromInline let storage: _ItemStorage<Item>

    @inlinable
    init(counts: _SectionCounts, storage: _ItemStorage<Item>) {
        self.counts = counts
        self.storage = storage
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { counts.sectionCount }

    /// The number of items in the section at `section`, or `nil` when it is out of range.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func numberOfItems(inSectionAt section: Int) -> Int? {
        section >= 0 && section < counts.sectionCount ? counts.counts[section] : nil
    }

    /// The item at an index path, or `nil` outside the snapshot: what ``Snapshot/itemIdentifier(at:)``
    /// answers.
    ///
    /// - Complexity: O(log s) to find the section's start, plus O(log(n / 512)) to find the item's run
    ///   once the snapshot has been edited by identifier.
    @inlinable
    public func item(at indexPath: ListIndexPath) -> Item? {
        guard indexPath.section >= 0, indexPath.section < counts.sectionCount, indexPath.item >= 0,
            indexPath.item < counts.counts[indexPath.section]
        else { return nil }
        return storage.item(at: counts.start(of: indexPath.section) + indexPath.item)
    }
}

@_spi(CellKitInternals)
extension _SnapshotItemReader: Sendable where Item: Sendable {}
