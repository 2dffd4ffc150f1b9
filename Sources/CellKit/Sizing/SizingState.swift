import DiffableStore

/// What a data source keeps for sizing: the cache, the items whose size was invalidated and the
/// scheduled layout that will tell the host, and counts for tests; and the rules by which applies and
/// registrations invalidate the cache. Not API.
@MainActor
final class SizingState {
    var cache = SizeCache()
    /// Whether some registration has a sizing (otherwise the host measures every item itself).
    private(set) var anyRegistrationSized = false
    /// Items passed to `invalidateSize(of:)` since the host was last told, in call order, once each.
    private var pending: [AnyHashable] = []
    private var pendingSet: Set<AnyHashable> = []
    /// The main-actor task that tells the host at the end of the current turn.
    private(set) var scheduled: Task<Void, Never>?
    /// Calls of a registration's size calculation, and of the host's measure.
    private var calculations = 0
    private var measures = 0
    /// Host updates sent for invalidated sizes.
    private var hostUpdates = 0

    // MARK: Answering the host

    /// The length of an item from its registration's ``ItemSizing``, or `nil` when the registration has
    /// none (the host measures the cell itself).
    ///
    /// A fixed length is returned as is. A calculated or automatic one is looked up in the size cache by
    /// the item's identity, its content and `crossAxisLength`; a hit calls neither the calculation nor
    /// `measure`. On a miss the length is calculated from the item (for `crossAxisLength`), or measured
    /// with `measure`, and cached for that width, replacing the item's entry for another width.
    ///
    /// - Parameters:
    ///   - item: The item, as the snapshot on screen holds it.
    ///   - value: Its representation, which selects its registration.
    ///   - mode: Its registration's sizing.
    ///   - crossAxisLength: The length the item's view renders at across the list's axis (a vertical
    ///     list's width, less the insets of what is drawn around the item, such as a card).
    ///   - calculate: Runs a calculation as the host's configuration call it is made in.
    ///   - measure: Measures the cell the host configured for the item.
    /// - Returns: The length, or `nil`.
    /// - Complexity: Expected O(1), plus the calculation or the measure on a miss.
    func length(
        of item: AnyHashable, value: Any, mode: _AnySizing?, crossAxisLength: Double,
        calculating calculate: (() -> Double) -> Double, measuring measure: () -> Double
    ) -> Double? {
        guard let mode else { return nil }
        if case .fixed(let length) = mode { return length }
        if let hit = cache.length(of: item, width: crossAxisLength) { return hit }
        let length: Double
        if case .calculated(let calculation) = mode {
            calculations += 1
            length = calculate { calculation(value, crossAxisLength) }
        } else {
            measures += 1
            length = measure()
        }
        cache.store(length, of: item, width: crossAxisLength)
        return length
    }

    // MARK: Invalidation by the app

    /// Drops an item's cached size and notes it for the next layout; `send` runs at the end of the
    /// current turn of the main actor (once for every item noted in that turn).
    func invalidate(_ item: AnyHashable, send: @escaping @MainActor () -> Void) {
        cache.remove(item)
        guard pendingSet.insert(item).inserted else { return }
        pending.append(item)
        guard scheduled == nil else { return }
        scheduled = Task { [weak self] in
            self?.scheduled = nil
            send()
        }
    }

    /// Sends the noted invalidations to the host as one `ListHost/invalidateItemSizes(at:)` call, unless
    /// none is noted or the data source is not quiet (applying, or configuring a view).
    ///
    /// - Complexity: O(k log s) for *k* pending items, plus the host's layout.
    func sendPending<SectionIdentifier>(
        to host: any ListHost, in snapshot: Snapshot<SectionIdentifier, AnyHashable>, quiet: Bool
    ) {
        guard !pending.isEmpty, quiet else { return }
        let items = pending
        pending = []
        pendingSet = []
        let paths = items.compactMap { snapshot.indexPath(of: $0) }
        guard !paths.isEmpty else { return }
        hostUpdates += 1
        host.invalidateItemSizes(at: paths)
    }

    // MARK: Invalidation by applies and registrations

    /// Before a batch: drops the cached sizes of the items it deletes, reloads or reconfigures, and
    /// of the items of the sections it deletes or reloads. Insertions and moves keep theirs.
    ///
    /// - Parameters:
    ///   - batch: The batch, whose old coordinates are `before`'s.
    ///   - before: The state before the batch.
    /// - Complexity: O(b log s) for *b* changes, plus O(m) for the *m* items of deleted or reloaded
    ///   sections; O(1) when nothing is cached.
    func forgetSizes<SectionIdentifier>(
        changedBy batch: BatchUpdate, in before: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        guard !cache.isEmpty else { return }
        for paths in [batch.deletedItems, batch.reloadedItems, batch.reconfiguredItems] {
            for path in paths {
                if let item = before.itemIdentifier(at: path) { cache.remove(item) }
            }
        }
        for section in batch.deletedSections + batch.reloadedSections {
            guard let identifier = before.sectionIdentifier(at: section) else { continue }
            for item in before.itemIdentifiers(inSection: identifier) ?? [] { cache.remove(item) }
        }
    }

    /// Before a reload from `old` to `snapshot` (an apply without animation): drops the cached sizes of
    /// the items that are not in it as they were (deleted, or with new content), the measured sizes of
    /// context-reading cells whose position in their section changes, and the sizes of the items and
    /// sections it marks for reload or reconfigure.
    ///
    /// - Complexity: Expected O(c log s + k) for *c* cached sizes, *s* sections and *k* marked items.
    func forgetSizes<SectionIdentifier>(
        reloadingFrom old: Snapshot<SectionIdentifier, AnyHashable>,
        to snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        registry: ViewRegistry
    ) {
        guard !cache.isEmpty else { return }
        cache.removeAll { item in
            guard let newPath = snapshot.indexPath(of: item) else { return false }
            guard let registration = registry.cellRegistration(for: registry.representation(of: item)),
                registration.readsContext, registration.sizing?.isMeasured == true
            else { return true }
            guard let oldPath = old.indexPath(of: item) else { return false }
            return PositionInSection(item: oldPath.item, count: old.numberOfItems(inSectionAt: oldPath.section))
                == PositionInSection(item: newPath.item, count: snapshot.numberOfItems(inSectionAt: newPath.section))
        }
        for item in snapshot.reloadedItemIdentifiers.union(snapshot.reconfiguredItemIdentifiers) {
            cache.remove(item)
        }
        for section in snapshot.reloadedSectionIdentifiers {
            for item in snapshot.itemIdentifiers(inSection: section) ?? [] { cache.remove(item) }
        }
    }

    /// Before visible cells are configured again because their position in their section changed:
    /// drops the measured (automatic) sizes of those items, since the cell may now look different.
    ///
    /// - Parameters:
    ///   - indexPaths: The items, in `snapshot`.
    ///   - snapshot: The state they are in.
    ///   - registry: The registrations that say which items are measured.
    func forgetMeasuredSizes<SectionIdentifier>(
        at indexPaths: [ListIndexPath], in snapshot: Snapshot<SectionIdentifier, AnyHashable>, registry: ViewRegistry
    ) {
        guard !cache.isEmpty else { return }
        for path in indexPaths {
            guard let item = snapshot.itemIdentifier(at: path),
                registry.cellRegistration(for: registry.representation(of: item))?.sizing?.isMeasured == true
            else { continue }
            cache.remove(item)
        }
    }

    /// Drops every cached size.
    func forgetAll() {
        cache.removeAll()
    }

    /// Drops every cached size, and notes whether any registration has a sizing: the registrations changed.
    func registrationsDidChange(anySized: Bool) {
        cache.removeAll()
        anyRegistrationSized = anySized
    }

    /// What is wrong with the sizing state: a size cached while no registration has a sizing (an apply
    /// then forgets no size, see `ApplyTransaction.sizesCached`). Empty when nothing is.
    func _checkInvariants() -> [String] {
        guard !anyRegistrationSized, !cache.isEmpty else { return [] }
        return ["SizingState: \(cache.count) sizes cached while no registration has a sizing"]
    }

    /// What the sizing did so far, for tests.
    var statistics: SizingStatistics {
        SizingStatistics(
            hits: cache.hits, misses: cache.misses, calculations: calculations, measures: measures,
            cached: cache.count, hostUpdates: hostUpdates)
    }
}
