@_spi(ListHost) import DiffableStore

extension ApplyTransaction {
    /// The items a batch reloads or reconfigures in place, each with its index path before the batch and
    /// its value after it: what a cell factory must be asked about again, since an item updated under
    /// the same id may have a new value, and what must be checked again when the diff reloads items
    /// whose value changed type.
    ///
    /// Updates are given in old coordinates; an updated item's new index path is where the batch places
    /// it (`BatchIndexMap`, the rule UIKit places rows by: the rows that stay keep their order and fill
    /// the slots the inserts and moves leave). Each answer is checked against the
    /// old item: equal to it (a mark, or a value that changed type) or of its type (new content under
    /// the same id); `nil` when one is neither (the caller then checks every item instead).
    ///
    /// - Parameters:
    ///   - updates: Items the batch reloads or reconfigures, in old coordinates; `nil` for all of them.
    ///   - batch: The batch.
    ///   - old: The state before it.
    ///   - new: The state after it.
    /// - Complexity: O(b log b) for a batch of *b* changes.
    func itemsUpdated(
        _ updates: [ListIndexPath]? = nil,
        by batch: BatchUpdate,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>
    ) -> [(oldPath: ListIndexPath, value: AnyHashable)]? {
        let updates = updates ?? batch.reloadedItems + batch.reconfiguredItems
        guard !updates.isEmpty else { return [] }
        let map = BatchIndexMap(batch, sectionsBefore: old.numberOfSections, sectionsAfter: new.numberOfSections)
        var values: [(oldPath: ListIndexPath, value: AnyHashable)] = []
        values.reserveCapacity(updates.count)
        for path in updates {
            // Items of a deleted or reloaded section go with it.
            if path.section >= 0 && path.section < old.numberOfSections && map.newSection(ofOld: path.section) == nil {
                continue
            }
            guard let item = old.itemIdentifier(at: path),
                let target = map.newIndexPath(ofOld: path),
                let value = new.itemIdentifier(at: target),
                value == item || type(of: value.base) == type(of: item.base)
            else { return nil }
            values.append((path, value))
        }
        return values
    }
}

extension ApplyTransaction {
    /// The batch the host performs for a stage: with a cell factory registered, an item the batch
    /// reconfigures whose new value shows in another cell class is reloaded instead, since a host
    /// reconfigures a cell in place only when its class stays (UIKit's `reconfigureItems` requires it).
    ///
    /// A reload goes where the reconfigure was: the changeset never updates an item in a batch that moves
    /// it, moves its section, or moves items into or out of its section, so the batch stays valid.
    ///
    /// - Complexity: O(1) without a cell factory or reconfigures; otherwise O(b log b) for *b* changes.
    func batchForHost(
        _ batch: BatchUpdate,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>
    ) -> BatchUpdate {
        guard dataSource.registry.hasValueBasedCellRegistration, !batch.reconfiguredItems.isEmpty,
            let updated = itemsUpdated(batch.reconfiguredItems, by: batch, from: old, to: new)
        else { return batch }
        var reloaded = Set<ListIndexPath>()
        for (path, value) in updated {
            guard let item = old.itemIdentifier(at: path), cellClass(of: item) != cellClass(of: value) else { continue }
            reloaded.insert(path)
        }
        guard !reloaded.isEmpty else { return batch }
        var result = batch
        result.reconfiguredItems.removeAll { reloaded.contains($0) }
        result.reloadedItems = (result.reloadedItems + reloaded).sorted()
        return result
    }

    /// The class of the cell an item shows in, if a registration serves it.
    private func cellClass(of item: AnyHashable) -> ObjectIdentifier? {
        let registry = dataSource.registry
        let value = registry.representation(of: item)
        guard let registration = registry.cellRegistration(for: value) else { return nil }
        guard let choose = registration.choose else { return ObjectIdentifier(registration.viewType) }
        return choose(value).map { ObjectIdentifier($0.viewType) }
    }
}
