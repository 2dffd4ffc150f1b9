import DiffableStore

/// Why a registration was refused, or what a host asked for that has no registration.
///
/// A supplementary or decoration kind has one registration: registering a second view for a kind
/// throws ``duplicateKind(_:registered:)`` and keeps the first (``UniversalDataSource/register(_:)`` is the
/// explicit way to replace one). A second `registerCell…` call for an item type replaces the first
/// (last wins: those methods do not throw) and is recorded as ``replacedCellRegistration(itemType:registered:replacement:)``
/// in ``UniversalDataSource/diagnostics``. A bundle of registrations installs all of them or none. A host that
/// asks for a kind nobody registered gets no view, and the data source records
/// ``unregisteredKind(_:category:indexPath:registeredKinds:)`` in its
/// ``UniversalDataSource/diagnostics`` instead of stopping the program.
///
/// ```swift
/// try dataSource.registerSupplementaryView(ofKind: .header, viewType: TitleHeader.self)
/// do { try dataSource.registerSupplementaryView(ofKind: .header, viewType: OtherHeader.self) } catch { print(error) }
/// // Prints "a header view is registered already (MyApp.TitleHeader); register one view per kind"
/// ```
public enum RegistrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A view of this kind (supplementary or decoration) is registered already; nothing changed.
    ///
    /// - Parameters:
    ///   - kind: The kind registered twice.
    ///   - registered: The class of the view registered first, which stays.
    case duplicateKind(SupplementaryKind, registered: String)

    /// A bundle holds a registration whose key is registered already, or holds two with the same key;
    /// nothing of the bundle was registered.
    case duplicateRegistration(RegistrationKey)

    /// A cell factory lists the same cell class twice, so a choice of that class would be ambiguous.
    ///
    /// - Parameters:
    ///   - cellType: The cell class listed twice.
    ///   - itemType: The item type the factory serves.
    case duplicateCandidate(cellType: String, itemType: String)

    /// A cell factory was given no cells to choose from.
    ///
    /// - Parameter itemType: The item type the factory serves.
    case emptyCellFactory(itemType: String)

    /// A host asked for a view of a kind that has no registration of that category. Not thrown: the
    /// host gets no view, and the data source records it in ``UniversalDataSource/diagnostics``.
    ///
    /// - Parameters:
    ///   - kind: The kind asked for.
    ///   - category: ``RegistrationKey/Category/supplementary`` or ``RegistrationKey/Category/decoration``.
    ///   - indexPath: Where the host asked for it (first time).
    ///   - registeredKinds: The kinds registered in that category, in registration order.
    case unregisteredKind(
        SupplementaryKind, category: RegistrationKey.Category, indexPath: ListIndexPath,
        registeredKinds: [SupplementaryKind])

    /// A `registerCell…` call (``UniversalDataSource/registerCellType(_:sizing:)`` and its siblings) for an item
    /// type that had a cell registration: not thrown, since those methods do not throw. The new
    /// registration replaces the old one (last wins), and the data source records this in
    /// ``UniversalDataSource/diagnostics``. ``UniversalDataSource/register(_:)`` replaces one on purpose,
    /// and records nothing.
    ///
    /// - Parameters:
    ///   - itemType: The item type registered twice.
    ///   - registered: The cell class registered before, now replaced.
    ///   - replacement: The cell class registered now.
    case replacedCellRegistration(itemType: String, registered: String, replacement: String)

    /// A cell class the host cannot show (a `UITableViewCell` subclass for a `CollectionViewHost`, a
    /// `TextCell` for a UIKit host, a UIKit cell for a `TextListView`): the registration is refused, and the
    /// item type keeps the registration it had, if any. Thrown by the registrations that throw; recorded in
    /// ``UniversalDataSource/diagnostics`` by the `registerCell…` methods and ``UniversalDataSource/register(_:)``,
    /// which do not.
    ///
    /// - Parameters:
    ///   - cellType: The cell class refused.
    ///   - itemType: The item type it was registered for.
    ///   - host: The host's type.
    ///   - requiredBaseClass: The class the host's cells inherit from.
    case wrongCellClass(cellType: String, itemType: String, host: String, requiredBaseClass: String)

    /// A plugin setting shows rows of an item type that has no cell registration (a `PaginationPlugin`
    /// made with `showsStatusRow: true` and no cell for `PaginationStatusRow`). Not thrown: the plugin
    /// leaves the rows out, and records this in ``UniversalDataSource/diagnostics`` once.
    ///
    /// - Parameters:
    ///   - itemType: The type of the rows the plugin shows.
    ///   - plugin: The plugin's type.
    ///   - setting: The setting that shows them, as written (`showsStatusRow: true`).
    case unregisteredPluginItem(itemType: String, plugin: String, setting: String)

    /// A sentence naming the value and the rule it broke.
    public var description: String { readableTypeNames(sentence) }

    /// The sentence, with types named as `String(reflecting:)` names them.
    private var sentence: String {
        switch self {
        case let .duplicateKind(kind, registered):
            return "a \(kind) view is registered already (\(registered)); register one view per kind"
        case let .duplicateRegistration(key):
            return "a \(key) is registered already; a bundle adds registrations, it does not replace them"
        case let .duplicateCandidate(cellType, itemType):
            return "the cell factory for \(itemType) lists \(cellType) twice; list each cell class once"
        case let .emptyCellFactory(itemType):
            return "the cell factory for \(itemType) has no cells to choose from; list at least one"
        case let .replacedCellRegistration(itemType, registered, replacement):
            return "a cell for item type \(itemType) was registered already (\(registered)); \(replacement) "
                + "replaces it (last wins): register one cell per item type, or replace one with register(_:)"
        case let .wrongCellClass(cellType, itemType, host, requiredBaseClass):
            return "\(cellType) cannot show in \(host), whose cells are \(requiredBaseClass) subclasses; the cell "
                + "registration for item type \(itemType) was refused: register a \(requiredBaseClass) subclass"
        case let .unregisteredPluginItem(itemType, plugin, setting):
            return "\(plugin) was made with \(setting), which shows \(itemType) rows, and no cell is registered for "
                + "\(itemType): register one (registerCell(itemType:cellType:configure:), or registerCellType(_:) of a "
                + "cell whose ViewModel it is), or leave out \(setting); the rows are left out until then"
        case let .unregisteredKind(kind, category, indexPath, registeredKinds):
            let what = category == .decoration ? "decoration" : "supplementary"
            let registered = registeredKinds.isEmpty ? "none" : registeredKinds.map(\.rawValue).joined(separator: ", ")
            return "the host asked for a \(what) view of kind \(kind) at \(indexPath), which has no registration; "
                + "registered \(what) kinds: \(registered)"
        }
    }
}
