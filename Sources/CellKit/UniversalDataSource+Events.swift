import DiffableStore

extension UniversalDataSource: ListHostDelegate {
    /// Forwards a host event to ``onEvent`` and, for a selection, to ``onSelect`` with the selected item.
    ///
    /// Make the data source the host's delegate to use them (for `TextListView`:
    /// `listView.delegate = dataSource`).
    ///
    /// - Parameters:
    ///   - host: The host the event happened in.
    ///   - event: What happened.
    public func host(_ host: any ListHost, didReceive event: ListHostEvent) {
        if case .didSelect(let indexPath) = event, let onSelect, let item = item(at: indexPath) {
            onSelect(item, indexPath)
        }
        onEvent?(event)
    }
}
