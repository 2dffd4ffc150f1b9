import DiffableStore

// Item sizes: self-resizing items, and what tests read (the rest is `SizingState`'s).

extension UniversalDataSource {
    /// Says that an item's size changed (a view that grew, a static view whose content changed): its
    /// cached size is dropped at once, and at the end of the current turn of the main actor the host
    /// lays the list out again, once for every item invalidated in that turn.
    ///
    /// A visible item is measured again without being configured again; one that is not visible only
    /// loses its size, and is measured when it next shows. Pass the item as it is in the snapshot.
    /// ``updateSizesIfNeeded()`` does the layout now instead.
    ///
    /// - Parameter item: An item of the snapshot; an item that is not in it only loses its cached size.
    /// - Complexity: Expected O(1); the layout at the end of the turn costs the host's
    ///   `ListHost/invalidateItemSizes(at:)` for the *k* items, plus O(k log s) to find them.
    public func invalidateSize(of item: AnyHashable) {
        sizing.invalidate(item) { [weak self] in self?.updateSizesIfNeeded() }
    }

    /// Drops every cached size (after a change that affects every item, such as a text size setting).
    /// Sizes are then calculated or measured again as the host asks for them.
    ///
    /// - Complexity: O(c) for *c* cached sizes.
    public func invalidateAllSizes() {
        sizing.forgetAll()
    }

    /// Sends the size invalidations made since the last layout to the host now, as one
    /// `ListHost/invalidateItemSizes(at:)` call, instead of at the end of the turn. Does nothing
    /// when none is pending, or while the data source applies a snapshot or configures a view (the
    /// end of the turn sends them then).
    ///
    /// - Complexity: O(k log s) for *k* pending items, plus the host's layout.
    public func updateSizesIfNeeded() {
        sizing.sendPending(to: host, in: current, quiet: transaction.phase.isQuiet)
    }
}

// MARK: - Testing

/// What a data source's sizing did, for tests.
@_spi(Testing)
public struct SizingStatistics: Hashable, Sendable {
    /// Lookups the size cache answered.
    public var hits: Int
    /// Lookups that missed (the size was then calculated or measured).
    public var misses: Int
    /// Calls of a registration's ``ItemSizing/calculated(_:)`` closure.
    public var calculations: Int
    /// Calls of the host's measure for an ``ItemSizing/automatic`` item.
    public var measures: Int
    /// Sizes cached now.
    public var cached: Int
    /// `ListHost/invalidateItemSizes(at:)` calls made for ``UniversalDataSource/invalidateSize(of:)``.
    public var hostUpdates: Int
}

extension UniversalDataSource {
    /// What the sizing did so far.
    @_spi(Testing)
    public var sizingStatistics: SizingStatistics { sizing.statistics }

    /// The cached size of an item as it is now, if any (without counting a lookup).
    @_spi(Testing)
    public func cachedLength(of item: AnyHashable) -> Double? {
        sizing.cache.peek(item)?.length
    }

    /// The width the cached size of an item as it is now was made for, if any (without counting a lookup).
    @_spi(Testing)
    public func cachedWidth(of item: AnyHashable) -> Double? {
        sizing.cache.peek(item)?.width
    }

    /// The task that sends this turn's size invalidations to the host, if one is scheduled: await it
    /// to let the turn end.
    @_spi(Testing)
    public var scheduledSizeUpdate: Task<Void, Never>? {
        sizing.scheduled
    }
}
