import DiffableStore

// Answering the host for supplementary views (per section and per item) and decorations, and recording
// what it asked for that has no registration.

extension UniversalDataSource {
    /// The misconfigurations the data source noticed, oldest first: a kind the host asked for that has no
    /// registration (``RegistrationError/unregisteredKind(_:category:indexPath:registeredKinds:)``; the
    /// host gets no view then, and the program goes on), and a `registerCell…` call for an item type
    /// that had a cell registration, which it replaced
    /// (``RegistrationError/replacedCellRegistration(itemType:registered:replacement:)``).
    ///
    /// Each kind is recorded once per category (the first request, with its index path), so the log
    /// stays as small as the number of distinct mistakes; each replacement is recorded. ``onDiagnostic``
    /// hears each as it is recorded.
    ///
    /// - Complexity: O(1).
    public var diagnostics: [RegistrationError] { registry.diagnosticLog.entries }

    /// What a decoration shows: its registration and the section identifier, or `nil` when no decoration
    /// of that kind is registered (recorded in ``diagnostics``).
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration.
    ///   - section: A section index in the current snapshot; must be in range.
    /// - Complexity: Expected O(1).
    func resolveDecoration(ofKind kind: SupplementaryKind, inSection section: Int) -> ResolvedElement? {
        let indexPath = ListIndexPath(item: 0, section: section)
        guard let registration = registry.byKind[kind], registration.key.category == .decoration else {
            report(
                .unregisteredKind(
                    kind, category: .decoration, indexPath: indexPath, registeredKinds: registry.decorationKinds))
            return nil
        }
        guard let identifier = current.sectionIdentifier(at: section) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        return ResolvedElement(
            registration: registration, context: CellContext(indexPath: indexPath, position: .only), value: identifier)
    }

    /// What a supplementary view of a kind shows, section- or item-scoped: its registration, context and
    /// value (a section-scoped kind, such as a header, is configured with the section identifier; an
    /// item-scoped kind, such as a separator, with the item at `indexPath`, its ``CellContext`` and its
    /// section); `nil` (recorded in ``diagnostics``) when the kind has no supplementary registration.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - indexPath: Its section must be in range; for an item-scoped kind, its item too.
    /// - Complexity: Expected O(1).
    func resolveSupplementary(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> ResolvedElement? {
        guard let registration = registry.byKind[kind], registration.key.category == .supplementary else {
            let registered = registry.supplementaryKinds + registry.itemSupplementaryKinds
            report(.unregisteredKind(kind, category: .supplementary, indexPath: indexPath, registeredKinds: registered))
            return nil
        }
        guard let section = current.sectionIdentifier(at: indexPath.section) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        guard registration.isItemScoped else {
            return ResolvedElement(
                registration: registration, context: CellContext(indexPath: indexPath, position: .only), value: section)
        }
        let count = current.numberOfItems(inSectionAt: indexPath.section)
        guard indexPath.item >= 0, indexPath.item < count, let item = current.itemIdentifier(at: indexPath) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        return ResolvedElement(
            registration: registration,
            context: CellContext(indexPath: indexPath, position: PositionInSection(item: indexPath.item, count: count)),
            value: _ItemSupplementaryValue(item: item, section: section))
    }

    /// Records a diagnostic (a kind asked for without a registration: the first time it happens for its
    /// kind and category) and tells ``onDiagnostic``; without a handler, a debug build prints it (each
    /// distinct diagnostic once).
    func report(_ diagnostic: RegistrationError) {
        guard registry.diagnosticLog.record(diagnostic) else { return }
        if let onDiagnostic = handlers.onDiagnostic { return onDiagnostic(diagnostic) }
        guard DiagnosticOutput.prints, handlers.diagnosticOutput.printed.insert(diagnostic).inserted else { return }
        let line = DiagnosticOutput.message(for: diagnostic)
        if let write = handlers.diagnosticOutput.sink {
            write(line)
        } else {
            DiagnosticOutput.writeToStandardError(line)
        }
    }
}

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
