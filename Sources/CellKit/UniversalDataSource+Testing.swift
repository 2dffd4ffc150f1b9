import DiffableStore

// Test hooks, behind `@_spi(Testing)`: counters of the work the parts did, and reads a test needs to
// check an invariant. Not API.

/// The work a data source has done, in all, as its parts count it: what complexity tests bound.
@_spi(Testing)
public struct _WorkCounts: Equatable, Sendable {
    /// `Changeset(from:to:)` computed for apply plans (each plan computes one, from the snapshot on screen;
    /// again only if another apply changed it first).
    public var diffs = 0
    /// Section renamings (the sections whose identifier changed content) computed for apply plans.
    public var sectionRenamings = 0
    /// Items the registration check of applies looked at.
    public var itemsChecked = 0
    /// Items whose `Identifiable` identity the duplicate-id check read.
    public var identitiesRead = 0
    /// Items whose dynamic type an async apply read off the main actor, to check one item of each type
    /// (an unanimated async apply, or one another apply overtook).
    public var itemTypesRead = 0
    /// Items the position check after a batch looked at.
    public var positionChecks = 0
    /// Item types resolved to a registration from scratch (cache misses).
    public var typeResolutions = 0
    /// Diffs the slices computed to follow an apply.
    public var sliceDiffs = 0
    /// Slice positions the slices visited to follow edits.
    public var sliceWork = 0
    /// Snapshots the data source has shown.
    public var snapshotsShown = 0
    /// Items the snapshot store read out of the snapshots it showed, one by one (a pass over a whole
    /// list: an identity lookup after an apply, never the apply itself).
    public var storeItemsRead = 0
    /// Items the snapshot store copied into runs before `snapshot()` handed out a copy (once per
    /// snapshot built anew that the app takes to edit; never at apply).
    public var itemsKeptInRuns = 0
}

extension UniversalDataSource {
    /// The work the data source has done so far (see ``_WorkCounts``).
    @_spi(Testing)
    public var _workCounts: _WorkCounts {
        var counts = transaction.counts
        counts.typeResolutions = registry.resolutionCount
        counts.sliceDiffs = sliceTable.diffs
        counts.sliceWork = sliceTable.state.work
        counts.snapshotsShown = transaction.generation
        counts.storeItemsRead = store.itemsRead
        counts.itemsKeptInRuns = store.itemsKeptInRuns
        return counts
    }

    /// Called on the main actor when an async apply's diff is back, before it is checked and performed:
    /// a test makes a synchronous apply land there.
    @_spi(Testing)
    public var _afterAsyncDiff: (@MainActor () -> Void)? {
        get { transaction.afterAsyncDiff }
        set { transaction.afterAsyncDiff = newValue }
    }

    /// An item as it is now on screen, found by identity, as a swipe, a menu or a drag finds the item it
    /// started on: see `SnapshotStore.currentItem(for:)`.
    @_spi(Testing)
    public func _currentItem(for item: AnyHashable) -> AnyHashable? { store.currentItem(for: item) }

    /// Whether the snapshot on screen may hold a value of a type whose values can equal another type's as
    /// `AnyHashable`: only then do diffs look for items that change type.
    @_spi(Testing)
    public var _mayShowSharedIdentifiers: Bool { store.mayShowSharedIdentifiers }

    /// What is wrong with the slices' places in the latest snapshot, or `nil` when nothing is.
    @_spi(Testing)
    public var _sliceInvariantViolation: String? { sliceTable.state._checkInvariants(against: snapshot()) }

    /// How many slices the data source keeps (live or not yet pruned).
    @_spi(Testing)
    public var _sliceCount: Int { sliceTable.slices.count }

    /// The order of the slices of a section, by slice id, as the data source breaks ties between empty
    /// slices at one position.
    @_spi(Testing)
    public func _sliceOrder(inSection section: SectionIdentifier) -> [Int] { sliceTable.state.order[section] ?? [] }

    /// What is wrong with the data source's parts, or an empty array when they agree: the item table and
    /// the outline rows with the snapshot on screen, the `id`s held with its items, the shared-identifier
    /// flag with its item types, the outlines with its sections, the slices' places with the latest
    /// snapshot, and a transaction at rest with no plan and no event (call it at rest: not from a handler or a
    /// configuration closure).
    ///
    /// Run after every apply in the seeded random tests and the data-source fuzz target.
    ///
    /// - Complexity: O(n) expected for the *n* items on screen, plus the outlines' and slices' sizes.
    @_spi(Testing)
    public func _checkInvariants() -> [String] {
        var broken = store._checkInvariants(registry: registry) + transaction._checkInvariants()
        broken += outlineStore._checkInvariants(against: current, rows: store.outlineRows)
        broken += sizing._checkInvariants()
        if let slices = sliceTable.state._checkInvariants(against: transaction.latestSnapshot) {
            broken.append("UniversalDataSource: slices: \(slices)")
        }
        return broken
    }

    /// The names of the registered cell types, as errors list them.
    @_spi(Testing)
    public var _registeredCellTypeNames: [String] { registry.registeredCellTypeNames }

    /// A brand-new data source for another host, given this one's state: its registrations (in order),
    /// its item representation, its section layouts, the kinds its sections go without, its carousels'
    /// offsets, its snapshot and its outline sections, applied without animation. Attached plugins are not
    /// copied (a plugin is attached once); their features are provided by a stand-in with no behaviour,
    /// so the same items are accepted. What the consistency assertion of `CellKitTesting` compares a
    /// screen against.
    ///
    /// - Parameter host: The host for the new data source (it is wired to the host).
    /// - Returns: The new data source, showing this one's snapshot.
    /// - Throws: The error the new data source's `apply` throws, if any.
    /// - Complexity: O(n + r) for *n* items and *r* registrations, plus the host's reload.
    @_spi(Testing)
    public func _freshCopy(host: some ListHost) throws(DataSourceError) -> UniversalDataSource<SectionIdentifier> {
        let fresh = UniversalDataSource(host: host, itemRepresentation: registry.itemRepresentation)
        for registration in registrations { fresh.register(registration) }
        fresh.pluginCoordinator.provideFeatures(of: pluginCoordinator)
        // How sections lay out and what they go without, and each carousel's offset, as shown here.
        fresh.sectionLayouts = sectionLayouts
        fresh.sectionOmittedKinds = sectionOmittedKinds
        for (section, offset) in carousels.offsets { fresh.carousels.set(offset, of: section) }
        try fresh.apply(current, animatingDifferences: false)
        // Outline sections: the same outlines, each item expanded or collapsed as shown.
        for (section, outline) in outlineStore.shown {
            do {
                try fresh.apply(outline, to: section, animatingDifferences: false)
            } catch {
                if case .dataSource(let error) = error { throw error }
                assertionFailure("An outline the data source shows is refused by a fresh copy: \(error)")
            }
        }
        return fresh
    }
}
