import DiffableStore

// Item sizes: registrations with a sizing, the answer to the host, the cache's invalidation rules, and
// self-resizing items.

extension UniversalDataSource {
    /// The length of an item from its registration's ``ItemSizing``, or `nil` when the registration has
    /// none (the host measures the cell itself).
    ///
    /// A fixed length is returned as is. A calculated or automatic one is looked up in the size cache by
    /// the item's identity, its content and `crossAxisLength`; a hit calls neither the calculation nor
    /// `measure`. On a miss the length is calculated from the item (for `crossAxisLength`), or measured
    /// with `measure`, and cached for that width, replacing the item's entry for another width.
    ///
    /// - Parameters:
    ///   - indexPath: The item, in the current snapshot.
    ///   - crossAxisLength: The length the item's view renders at across the list's axis (a vertical
    ///     list's width, less the insets of what is drawn around the item, such as a card).
    ///   - host: The host asking.
    ///   - measure: Measures the cell the host configured for the item.
    /// - Returns: The length, or `nil`.
    /// - Complexity: O(1) when no registration has a sizing; otherwise expected O(1), plus the
    ///   calculation or the measure on a miss.
    func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost,
        measuring measure: () -> Double
    ) -> Double? {
        guard sizing.anyRegistrationSized else { return nil }
        let table = store.itemTable
        guard indexPath.section >= 0, indexPath.section < table.sectionStarts.count - 1, indexPath.item >= 0,
            indexPath.item < table.sectionStarts[indexPath.section + 1] - table.sectionStarts[indexPath.section]
        else { return nil }
        let item = table.items[table.sectionStarts[indexPath.section] + indexPath.item]
        let value = representation(of: item)
        guard let mode = registry.cellRegistration(for: value)?.sizing else { return nil }
        if case .fixed(let length) = mode { return length }
        if let hit = sizing.cache.length(of: item, width: crossAxisLength) { return hit }
        let length: Double
        if case .calculated(let calculate) = mode {
            sizing.calculations += 1
            length = transaction.configuring { calculate(value, crossAxisLength) }
        } else {
            sizing.measures += 1
            length = measure()
        }
        sizing.cache.store(length, of: item, width: crossAxisLength)
        return length
    }

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
        sizing.cache.remove(item)
        guard sizing.pendingSet.insert(item).inserted else { return }
        sizing.pending.append(item)
        guard sizing.scheduled == nil else { return }
        sizing.scheduled = Task { [weak self] in
            self?.sizing.scheduled = nil
            self?.updateSizesIfNeeded()
        }
    }

    /// Drops every cached size (after a change that affects every item, such as a text size setting).
    /// Sizes are then calculated or measured again as the host asks for them.
    ///
    /// - Complexity: O(c) for *c* cached sizes.
    public func invalidateAllSizes() {
        sizing.cache.removeAll()
    }

    /// Sends the size invalidations made since the last layout to the host now, as one
    /// `ListHost/invalidateItemSizes(at:)` call, instead of at the end of the turn. Does nothing
    /// when none is pending, or while the data source applies a snapshot or configures a view (the
    /// end of the turn sends them then).
    ///
    /// - Complexity: O(k log s) for *k* pending items, plus the host's layout.
    public func updateSizesIfNeeded() {
        guard !sizing.pending.isEmpty, transaction.phase.isQuiet else { return }
        let items = sizing.pending
        sizing.pending = []
        sizing.pendingSet = []
        let paths = items.compactMap { current.indexPath(of: $0) }
        guard !paths.isEmpty else { return }
        sizing.hostUpdates += 1
        host.invalidateItemSizes(at: paths)
    }
}

// MARK: - Invalidation by applies

extension UniversalDataSource {
    /// Before a batch: drops the cached sizes of the items it deletes, reloads or reconfigures, and
    /// of the items of the sections it deletes or reloads. Insertions and moves keep theirs.
    ///
    /// - Parameters:
    ///   - batch: The batch, whose old coordinates are `before`'s.
    ///   - before: The state before the batch.
    /// - Complexity: O(b log s) for *b* changes, plus O(m) for the *m* items of deleted or reloaded
    ///   sections; O(1) when nothing is cached.
    func forgetSizes(changedBy batch: BatchUpdate, in before: Snapshot<SectionIdentifier, AnyHashable>) {
        guard !sizing.cache.isEmpty else { return }
        for paths in [batch.deletedItems, batch.reloadedItems, batch.reconfiguredItems] {
            for path in paths {
                if let item = before.itemIdentifier(at: path) { sizing.cache.remove(item) }
            }
        }
        for section in batch.deletedSections + batch.reloadedSections {
            guard let identifier = before.sectionIdentifier(at: section) else { continue }
            for item in before.itemIdentifiers(inSection: identifier) ?? [] { sizing.cache.remove(item) }
        }
    }

    /// Before a reload from the current snapshot to `snapshot` (an apply without animation): drops the
    /// cached sizes of the items that are not in it as they were (deleted, or with new content), the
    /// measured sizes of context-reading cells whose position in their section changes, and the sizes
    /// of the items and sections it marks for reload or reconfigure.
    ///
    /// - Complexity: Expected O(c log s + k) for *c* cached sizes, *s* sections and *k* marked items.
    func forgetSizes(reloadingTo snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        guard !sizing.cache.isEmpty else { return }
        let old = current
        sizing.cache.removeAll { item in
            guard let newPath = snapshot.indexPath(of: item) else { return false }
            guard let registration = registry.cellRegistration(for: representation(of: item)),
                registration.readsContext, registration.sizing?.isMeasured == true
            else { return true }
            guard let oldPath = old.indexPath(of: item) else { return false }
            return PositionInSection(item: oldPath.item, count: old.numberOfItems(inSectionAt: oldPath.section))
                == PositionInSection(item: newPath.item, count: snapshot.numberOfItems(inSectionAt: newPath.section))
        }
        for item in snapshot.reloadedItemIdentifiers.union(snapshot.reconfiguredItemIdentifiers) {
            sizing.cache.remove(item)
        }
        for section in snapshot.reloadedSectionIdentifiers {
            for item in snapshot.itemIdentifiers(inSection: section) ?? [] { sizing.cache.remove(item) }
        }
    }

    /// Before visible cells are configured again because their position in their section changed:
    /// drops the measured (automatic) sizes of those items, since the cell may now look different.
    ///
    /// - Parameters:
    ///   - indexPaths: The items, in `snapshot`.
    ///   - snapshot: The state they are in.
    func forgetMeasuredSizes(at indexPaths: [ListIndexPath], in snapshot: Snapshot<SectionIdentifier, AnyHashable>) {
        guard !sizing.cache.isEmpty else { return }
        for path in indexPaths {
            guard let item = snapshot.itemIdentifier(at: path),
                registry.cellRegistration(for: representation(of: item))?.sizing?.isMeasured == true
            else { continue }
            sizing.cache.remove(item)
        }
    }

    /// Drops every cached size, and notes whether any registration has a sizing: the registrations changed.
    func registrationsDidChangeSizing() {
        sizing.cache.removeAll()
        sizing.anyRegistrationSized = registry.ordered.contains { $0.sizing != nil }
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
    public var sizingStatistics: SizingStatistics {
        SizingStatistics(
            hits: sizing.cache.hits, misses: sizing.cache.misses, calculations: sizing.calculations,
            measures: sizing.measures, cached: sizing.cache.count, hostUpdates: sizing.hostUpdates)
    }

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
