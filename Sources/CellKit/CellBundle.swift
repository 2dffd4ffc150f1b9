/// A feature's set of registrations, installed on a data source in one line.
///
/// A screen made of features (a chat, a profile header, ads) lets each feature list its own cells,
/// cell factories and supplementary views; the screen installs them with ``register(in:)``:
///
/// ```swift
/// struct ChatCells: CellBundle {
///     func registrations() throws(RegistrationError) -> [ViewRegistration] {
///         try [
///             .cell(DayCell.self),
///             .cells(for: Message.self, [.cell(MineCell.self), .cell(TheirCell.self)]) { $0.isMine ? MineCell.self : TheirCell.self },
///         ]
///     }
/// }
/// try ChatCells().register(in: dataSource)
/// ```
///
/// A bundle adds, it never replaces: features cannot silently take each other's item types or kinds.
/// ``register(in:)`` installs every registration or, when one clashes, none.
@MainActor
public protocol CellBundle {
    /// The registrations the bundle installs, in order.
    ///
    /// - Throws: ``RegistrationError`` when one cannot be made (a cell factory without cells, say).
    func registrations() throws(RegistrationError) -> [ViewRegistration]
}

extension CellBundle {
    /// Installs the bundle's registrations on a data source, all of them or none.
    ///
    /// - Parameter dataSource: The data source to register with.
    /// - Throws: ``RegistrationError/duplicateRegistration(_:)`` when a registration's key is
    ///   registered on the data source already or twice in the bundle;
    ///   ``RegistrationError/duplicateKind(_:registered:)`` when a kind is taken; or what
    ///   ``registrations()`` throws. Nothing is registered then.
    /// - Precondition: As for ``UniversalDataSource/register(_:)``.
    /// - Complexity: O(k) expected for *k* registrations, plus one reload of the host when it shows items.
    public func register<SectionIdentifier>(in dataSource: UniversalDataSource<SectionIdentifier>)
        throws(RegistrationError)
    {
        let registrations = try registrations()
        try dataSource.registry.checkBundle(registrations, on: dataSource.host)
        dataSource.install(registrations.map(\.box))
    }
}
