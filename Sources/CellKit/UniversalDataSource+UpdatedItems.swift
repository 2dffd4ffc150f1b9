import DiffableStore

extension UniversalDataSource {
    /// The values, after a batch, of the items it reloads or reconfigures in place: what a cell factory
    /// must be asked about again, since an item updated under the same id may have a new value.
    ///
    /// Updates are given in old coordinates. A stage of a ``Changeset`` never updates an item in a section
    /// that an item move leaves or enters, nor in a batch that moves a section, so an updated item's new
    /// index path follows from the deletes and inserts alone (the rule UIKit places rows by: the rows that
    /// stay keep their order and fill the slots the inserts leave). Each answer is checked against the
    /// old item's type; `nil` when one does not match, and the caller checks every item instead.
    ///
    /// - Parameters:
    ///   - batch: The batch.
    ///   - old: The state before it.
    ///   - new: The state after it.
    /// - Complexity: O(b log b) for a batch of *b* changes.
    func itemsUpdated(
        by batch: BatchUpdate,
        from old: Snapshot<SectionIdentifier, AnyHashable>,
        to new: Snapshot<SectionIdentifier, AnyHashable>
    ) -> [AnyHashable]? {
        let updates = batch.reloadedItems + batch.reconfiguredItems
        guard !updates.isEmpty else { return [] }
        let deletedSections = batch.deletedSections.sorted()
        let insertedSections = batch.insertedSections.sorted()
        let skipped = Set(batch.deletedSections).union(batch.reloadedSections)
        var deletedItems: [Int: [Int]] = [:]
        for path in batch.deletedItems { deletedItems[path.section, default: []].append(path.item) }
        var insertedItems: [Int: [Int]] = [:]
        for path in batch.insertedItems { insertedItems[path.section, default: []].append(path.item) }
        for key in deletedItems.keys { deletedItems[key]?.sort() }
        for key in insertedItems.keys { insertedItems[key]?.sort() }

        var values: [AnyHashable] = []
        values.reserveCapacity(updates.count)
        for path in updates where !skipped.contains(path.section) {
            guard let item = old.itemIdentifier(at: path) else { return nil }
            let section = Self.slot(
                ofSurvivor: path.section - Self.count(deletedSections, below: path.section), among: insertedSections)
            let survivor = path.item - Self.count(deletedItems[path.section] ?? [], below: path.item)
            let index = Self.slot(ofSurvivor: survivor, among: insertedItems[section] ?? [])
            guard let value = new.itemIdentifier(at: ListIndexPath(item: index, section: section)),
                  type(of: value.base) == type(of: item.base) else { return nil }
            values.append(value)
        }
        return values
    }

    /// How many of the ascending `indices` are below `index`.
    private static func count(_ indices: [Int], below index: Int) -> Int {
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index, after inserts at the ascending `inserted` indices, of the `rank`-th element that was
    /// not inserted: `rank` plus the number of inserts at or before it. `inserted[j] - j` does not
    /// decrease, and insert `j` comes before the survivor exactly when `inserted[j] - j <= rank`.
    private static func slot(ofSurvivor rank: Int, among inserted: [Int]) -> Int {
        var low = 0
        var high = inserted.count
        while low < high {
            let middle = (low + high) / 2
            if inserted[middle] - middle <= rank { low = middle + 1 } else { high = middle }
        }
        return rank + low
    }
}
