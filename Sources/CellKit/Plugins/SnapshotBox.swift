@_spi(CellKitInternals) import DiffableStore

/// A snapshot the closures of one ``ItemEdits`` share.
final class _SnapshotBox<SectionIdentifier: Hashable> {
    var snapshot: Snapshot<SectionIdentifier, AnyHashable>
    init(_ snapshot: Snapshot<SectionIdentifier, AnyHashable>) { self.snapshot = snapshot }

    /// Edits of this box's snapshot.
    @MainActor
    func edits() -> ItemEdits {
        ItemEdits(
            insertAfter: { items, item throws(SnapshotError) in try self.snapshot.insertItems(items, afterItem: item) },
            deleteItems: { items throws(SnapshotError) in try self.snapshot.deleteItems(items) },
            containsItem: { self.snapshot.contains($0) },
            appendItems: { items throws(SnapshotError) in
                try self.snapshot.appendItems(items, toSection: self.snapshot.sectionIdentifiers.last)
            },
            prependItems: { items throws(SnapshotError) in
                guard let section = self.snapshot.sectionIdentifiers.first else {
                    return try self.snapshot.appendItems(items, toSection: nil)
                }
                if let first = self.snapshot.itemIdentifier(at: ListIndexPath(item: 0, section: 0)) {
                    try self.snapshot.insertItems(items, beforeItem: first)
                } else {
                    try self.snapshot.appendItems(items, toSection: section)
                }
            },
            allItems: { self.snapshot.itemIdentifiers },
            itemCount: { self.snapshot.numberOfItems },
            reconfigureItems: { items throws(SnapshotError) in try self.snapshot.reconfigureItems(items) })
    }
}
