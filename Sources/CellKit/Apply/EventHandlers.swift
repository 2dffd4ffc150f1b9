import DiffableStore

/// The app's handlers of what the data source hears and runs into (the public ``UniversalDataSource/onSelect``,
/// ``UniversalDataSource/onEvent``, ``UniversalDataSource/onApplyError`` and ``UniversalDataSource/onDiagnostic``).
struct EventHandlers {
    var onSelect: (@MainActor (_ item: AnyHashable, _ indexPath: ListIndexPath) -> Void)?
    var onEvent: (@MainActor (_ event: ListHostEvent) -> Void)?
    var onApplyError: (@MainActor (_ error: DataSourceError) -> Void)?
    var onDiagnostic: (@MainActor (_ diagnostic: RegistrationError) -> Void)?
    /// The diagnostics printed when no ``UniversalDataSource/onDiagnostic`` handles them.
    var diagnosticOutput = DiagnosticOutput()
}
