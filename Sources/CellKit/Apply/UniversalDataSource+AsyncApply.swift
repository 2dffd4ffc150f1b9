@_spi(CellKitInternals) import DiffableStore

extension UniversalDataSource where SectionIdentifier: Sendable {
    /// Shows a snapshot, diffing it against the one on screen off the main actor: only the check of
    /// its item types and the host's batches run on the main actor.
    ///
    /// Build the snapshot where you like — on a background task from your model — and hand it over:
    /// the parameter is `sending`, so the caller gives it up and nothing else can touch it while it is
    /// diffed.
    ///
    /// ```swift
    /// let snapshot = await Task.detached { makeSnapshot(from: feed) }.value   // off the main actor
    /// try await dataSource.apply(snapshot)                                   // diffed off it too
    /// ```
    ///
    /// Async applies run in call order: one made while an earlier one is still diffing waits for it,
    /// then diffs against what that one showed. A synchronous ``apply(_:animatingDifferences:)-1d0a7`` made
    /// in the meantime runs at once; an async apply whose diff started from an older snapshot diffs again,
    /// on the main actor, before it is performed. What is shown, which errors are thrown and when the
    /// host's events are delivered are as for the synchronous apply.
    ///
    /// Available when `SectionIdentifier` is `Sendable`, as enums, strings and integers are.
    ///
    /// In an `async` function Swift prefers this overload: `try dataSource.apply(snapshot)` there asks
    /// for `await` and means this one. For the synchronous apply from async code, call
    /// ``applySynchronously(_:animatingDifferences:)``.
    ///
    /// - Note: The diff reads the items and section identifiers of the snapshot on screen and of the new
    ///   one from another thread (hashes and `==`). Value types are safe to read so; an item class must
    ///   not change what its `==` reads while an apply is in flight.
    /// - Parameters:
    ///   - snapshot: The sections and items to show. Reload and reconfigure marks in it are performed.
    ///   - animatingDifferences: Whether to perform batch updates (`true`, the default) or reload everything.
    /// - Throws: What ``apply(_:animatingDifferences:)-1d0a7`` throws, for the same reasons.
    /// - Complexity: On the main actor, O(t) to check the *t* distinct item types (O(n) when the data
    ///   source has an `itemRepresentation` or a cell factory), plus the host's batches; the diff's cost
    ///   (with the look for items that change type, as for the synchronous apply) is paid off it.
    public func apply(
        _ snapshot: sending Snapshot<SectionIdentifier, AnyHashable>,
        animatingDifferences: Bool = true
    ) async throws(DataSourceError) {
        // Take a place in line now, so async applies run in call order.
        let predecessor = transaction.asyncTail
        let (finished, finish) = AsyncStream<Void>.makeStream()
        transaction.asyncTail = Task { for await _ in finished {} }
        defer { finish.finish() }
        await predecessor?.value
        let (kept, outlines) = try keepingOutlines(snapshot)
        var snapshot = kept
        if !pluginCoordinator.plugins.isEmpty { snapshot = decorated(snapshot) }

        let base = current
        let baseGeneration = transaction.generation
        // A cell factory answers per value, on the main actor: then every item is checked there.
        let checksTypesAhead = registry.itemRepresentation == nil && !registry.hasValueBasedCellRegistration
        // Every item type of the new snapshot is checked below, the type of a value that changed type too.
        let typeChanges = store.mayShowSharedIdentifiers
        let work = _UncheckedSendable((base: base, new: snapshot))
        let result = await Task.detached {
            let types = checksTypesAhead ? _firstItemOfEachType(in: work.value.new) : nil
            var renaming: ChangedSections<SectionIdentifier>?
            var changeset: Changeset<SectionIdentifier, AnyHashable>?
            if animatingDifferences {
                let renamed = ChangedSections(from: work.value.base, to: work.value.new)
                renaming = renamed
                changeset = Changeset(from: renamed.base, to: work.value.new, reloadingTypeChanges: typeChanges)
            }
            return _UncheckedSendable(
                (snapshot: work.value.new, types: types, renaming: renaming, changeset: changeset))
        }.value.value
        if result.changeset != nil {
            transaction.counts.sectionRenamings += 1
            transaction.counts.diffs += 1
        }

        transaction.afterAsyncDiff?()
        let sharesIdentifiers: Bool
        if let types = result.types {
            sharesIdentifiers = try transaction.validate(types, in: result.snapshot)
        } else {
            sharesIdentifiers = try transaction.validate(result.snapshot)
        }
        try transaction.enqueue(
            ApplyPlan(
                snapshot: result.snapshot, animated: animatingDifferences, renaming: result.renaming,
                changeset: result.changeset, generation: baseGeneration, outlines: outlines,
                sharesIdentifiers: sharesIdentifiers))
    }
}

/// The index path of the first item of each dynamic type, in order of first appearance.
///
/// - Complexity: O(n), one type comparison per item plus an expected O(1) set lookup per change of type.
func _firstItemOfEachType<SectionIdentifier: Hashable>(in snapshot: Snapshot<SectionIdentifier, AnyHashable>)
    -> [ListIndexPath]
{
    var seen = Set<ObjectIdentifier>()
    var firsts: [ListIndexPath] = []
    var lastType: ObjectIdentifier?
    for section in 0..<snapshot.numberOfSections {
        for index in 0..<snapshot.numberOfItems(inSectionAt: section) {
            let path = ListIndexPath(item: index, section: section)
            guard let item = snapshot.itemIdentifier(at: path) else { continue }
            let type = ObjectIdentifier(Swift.type(of: item.base))
            if type == lastType { continue }
            lastType = type
            if seen.insert(type).inserted { firsts.append(path) }
        }
    }
    return firsts
}

/// A value carried across an isolation boundary that the compiler cannot prove safe: the data source
/// hands a snapshot to the diff and takes it back, and no one else holds it meanwhile.
struct _UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
