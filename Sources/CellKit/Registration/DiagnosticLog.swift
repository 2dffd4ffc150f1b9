/// The diagnostics of one data source, each kind and category once.
struct DiagnosticLog {
    private(set) var entries: [RegistrationError] = []
    private var seen = Set<Seen>()

    private struct Seen: Hashable {
        var kind: SupplementaryKind
        var category: RegistrationKey.Category
    }

    /// Appends `diagnostic` unless one for its kind and category is in the log; returns whether it did.
    mutating func record(_ diagnostic: RegistrationError) -> Bool {
        switch diagnostic {
        case let .unregisteredKind(kind, category, _, _):
            guard seen.insert(Seen(kind: kind, category: category)).inserted else { return false }
        case .unregisteredPluginItem:
            guard !entries.contains(diagnostic) else { return false }
        default:
            break
        }
        entries.append(diagnostic)
        return true
    }
}
