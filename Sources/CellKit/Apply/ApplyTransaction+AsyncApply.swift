@_spi(CellKitInternals) import DiffableStore

// The async apply: diffed off the main actor, then checked and queued like any plan.

extension ApplyTransaction where SectionIdentifier: Sendable {
    /// Shows a snapshot, diffing it against the one on screen off the main actor (see the data source's
    /// async `apply(_:animatingDifferences:)`): the diff runs detached, then the plan is checked and
    /// queued on the main actor; a plan whose diff started from an older generation diffs again.
    ///
    /// - Throws: What a synchronous apply throws, for the same reasons.
    func applyAsync(_ snapshot: sending Snapshot<SectionIdentifier, AnyHashable>, animated: Bool)
        async throws(DataSourceError)
    {
        // Take a place in line now, so async applies run in call order.
        let predecessor = asyncTail
        let (finished, finish) = AsyncStream<Void>.makeStream()
        asyncTail = Task { for await _ in finished {} }
        defer { finish.finish() }
        await predecessor?.value
        let (kept, outlines) = try keepingOutlineSections(snapshot)
        let snapshot = decorated(kept)

        let base = store.current
        let baseGeneration = generation
        // A cell factory answers per value, on the main actor: then every item is checked there.
        let registry = dataSource.registry
        let checksTypesAhead = registry.itemRepresentation == nil && !registry.hasValueBasedCellRegistration
        // Every item type of the new snapshot is checked below, the type of a value that changed type too.
        let typeChanges = store.mayShowSharedIdentifiers
        let work = _UncheckedSendable((base: base, new: snapshot))
        let result = await Task.detached {
            // Items appended unchecked are hashed and checked here, off the main actor, before the diff.
            var new = work.value.new
            var duplicate: SnapshotError?
            do throws(SnapshotError) {
                try new._indexAppendedItems(reusingHashesOf: work.value.base)
            } catch { duplicate = error }
            let work = _UncheckedSendable((base: work.value.base, new: new))
            // Animated, the check reads the items the diff adds (below); unanimated, every item type.
            let types = checksTypesAhead && !animated ? _firstItemOfEachType(in: work.value.new) : nil
            let typesRead = types == nil ? 0 : work.value.new.numberOfItems
            var renaming: ChangedSections<SectionIdentifier>?
            var changeset: Changeset<SectionIdentifier, AnyHashable>?
            if animated {
                let renamed = ChangedSections(from: work.value.base, to: work.value.new)
                renaming = renamed
                changeset = Changeset(from: renamed.base, to: work.value.new, reloadingTypeChanges: typeChanges)
            }
            return _UncheckedSendable(
                (
                    snapshot: work.value.new, types: types, renaming: renaming, changeset: changeset,
                    duplicate: duplicate, typesRead: typesRead
                ))
        }.value.value
        counts.itemTypesRead += result.typesRead
        if let duplicate = result.duplicate { throw .invalidSnapshot(duplicate) }
        if result.changeset != nil {
            counts.sectionRenamings += 1
            counts.diffs += 1
        }

        afterAsyncDiff?()
        var sharesIdentifiers: Bool?
        if let changeset = result.changeset, let renaming = result.renaming, generation == baseGeneration,
            phase.admission == .now
        {
            // Performed now, from the snapshot it was diffed against: as for the synchronous apply, only
            // the items the diff adds are checked (every other item was checked when it was applied).
            try validateItems(addedBy: changeset, from: renaming.base, to: result.snapshot, typeChanges: typeChanges)
        } else if let types = result.types {
            sharesIdentifiers = try validate(types, in: result.snapshot)
        } else if checksTypesAhead {
            // Overtaken by another apply (or queued behind one): its diff will start from another
            // snapshot, so every item type is checked, the types read off the main actor.
            let snapshot = _UncheckedSendable(result.snapshot)
            let types = await Task.detached { _UncheckedSendable(_firstItemOfEachType(in: snapshot.value)) }.value
            counts.itemTypesRead += result.snapshot.numberOfItems
            sharesIdentifiers = try validate(types.value, in: result.snapshot)
        } else {
            sharesIdentifiers = try validate(result.snapshot)
        }
        try enqueue(
            ApplyPlan(
                snapshot: result.snapshot, animated: animated, renaming: result.renaming,
                changeset: result.changeset, generation: baseGeneration, outlines: outlines,
                sharesIdentifiers: sharesIdentifiers))
    }
}

/// The index path of the first item of each dynamic type, in order of first appearance.
///
/// Read off the main actor, for an async apply that is not animated or was overtaken by another apply
/// (an animated one performed from the snapshot it was diffed against checks the items its diff adds).
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
