import DiffableStore

/// The app's handlers of what the data source hears and runs into (the public ``UniversalDataSource/onSelect``,
/// ``UniversalDataSource/onEvent`` and ``UniversalDataSource/onApplyError``; the registry keeps
/// ``UniversalDataSource/onDiagnostic``).
struct EventHandlers {
    var onSelect: (@MainActor (_ item: AnyHashable, _ indexPath: ListIndexPath) -> Void)?
    var onEvent: (@MainActor (_ event: ListHostEvent) -> Void)?
    var onApplyError: (@MainActor (_ error: DataSourceError) -> Void)?
}
