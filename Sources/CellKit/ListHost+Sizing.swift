import DiffableStore

@_spi(ListHost)
extension ListHostDataSource {
    /// `nil`: the host measures the configured cell itself. The default, for data sources without sizes.
    ///
    /// - Parameters:
    ///   - indexPath: The item.
    ///   - crossAxisLength: The length available across the list's axis.
    ///   - host: The host asking.
    ///   - measure: Measures the configured cell (not called).
    public func lengthOfItem(
        at indexPath: ListIndexPath, crossAxisLength: Double, in host: any ListHost,
        measuring measure: () -> Double
    ) -> Double? {
        nil
    }
}

extension ListHost {
    /// Reconfigures the items (``reconfigureItems(at:)``), which measures them again: the default, for
    /// hosts that cannot measure a cell without configuring it.
    ///
    /// - Parameter indexPaths: Items in the current state.
    @_spi(ListHost) public func invalidateItemSizes(at indexPaths: [ListIndexPath]) {
        reconfigureItems(at: indexPaths)
    }
}
