@_spi(CellKitInternals) import DiffableStore

extension Snapshot {
    /// Appends `items` and checks them at once, as `appendItems` did before appends became unchecked
    /// (they are checked when indexed, see ``Snapshot/appendItems(_:toSection:)``): a duplicate throws
    /// and leaves the snapshot as it was, so the fuzz targets' snapshots stay valid.
    public mutating func appendItemsChecked(_ items: [ItemIdentifier], toSection section: SectionIdentifier)
        throws(SnapshotError)
    {
        var copy = self
        try copy.appendItems(items, toSection: section)
        try copy._indexAppendedItems()
        self = copy
    }
}
