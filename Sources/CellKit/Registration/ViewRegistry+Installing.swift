import DiffableStore

// Adding registrations (one, a cell through `registerCell…`, a bundle), the refusals and diagnostics
// that go with them, and what a supplementary view or a decoration shows.

extension ViewRegistry {
    /// The refusal of a cell registration whose class (or, for a cell factory, one of whose classes) the
    /// host cannot show; `nil` for any other registration.
    func wrongCellClass(_ box: _ViewRegistrationStorage, on host: any ListHost) -> RegistrationError? {
        guard box.key.category == .cell else { return nil }
        for candidate in box.candidates.isEmpty ? [box] : box.candidates {
            if let required = host.requiredCellBaseClass(refusing: candidate.viewType) {
                return .wrongCellClass(
                    cellType: String(reflecting: candidate.viewType), itemType: box.key.valueTypeName,
                    host: String(reflecting: type(of: host)), requiredBaseClass: required)
            }
        }
        return nil
    }

    /// Whether a cell registration made through a `registerCell…` method may be installed: a class the
    /// host cannot show is refused, and one for an item type that has a cell registration replaces it;
    /// either is recorded in the diagnostics.
    func acceptsCell(_ box: _ViewRegistrationStorage, on host: any ListHost) -> Bool {
        if let refusal = wrongCellClass(box, on: host) {
            report(refusal)
            return false
        }
        if let existing = registration(for: box.key) {
            report(
                .replacedCellRegistration(
                    itemType: box.key.valueTypeName, registered: String(reflecting: existing.viewType),
                    replacement: String(reflecting: box.viewType)))
        }
        return true
    }

    /// Checks a bundle's registrations: none clashes with another or with the registrations made.
    ///
    /// - Throws: The first clash, or the refusal of a cell class the host cannot show.
    func checkBundle(_ registrations: [ViewRegistration], on host: any ListHost) throws(RegistrationError) {
        var keys = Set<RegistrationKey>()
        var kinds: [SupplementaryKind: AnyObject.Type] = [:]
        for registration in registrations {
            let key = registration.key
            if let conflict = conflict(adding: registration.box) { throw conflict }
            if let refusal = wrongCellClass(registration.box, on: host) { throw refusal }
            if key.category != .cell, let kind = key.kind {
                if let first = kinds.updateValue(registration.viewType, forKey: kind) {
                    throw .duplicateKind(kind, registered: String(reflecting: first))
                }
            }
            guard self.registration(for: key) == nil, keys.insert(key).inserted else {
                throw .duplicateRegistration(key)
            }
        }
    }

    /// Registers views with the host and adds their registrations.
    ///
    /// - Parameters:
    ///   - boxes: The registrations.
    ///   - host: The host.
    ///   - sectionType: The data source's `SectionIdentifier` type.
    ///   - quiet: Whether the data source is neither applying nor configuring a view.
    func install(_ boxes: [_ViewRegistrationStorage], on host: any ListHost, sectionType: Any.Type, quiet: Bool) {
        for box in boxes {
            precondition(quiet, "Register views outside apply and configuration closures (registering \(box.key))")
            precondition(
                box.key.category == .cell || box.key.typeID == ObjectIdentifier(sectionType),
                "\(box.key) cannot be registered with a data source whose sections are \(sectionType)")
        }
        for box in boxes {
            box.register(on: host)
            add(box)
        }
    }

    /// Whether some registration has a sizing.
    var hasSizedRegistration: Bool { ordered.contains { $0.sizing != nil } }

    /// Records a diagnostic (a kind asked for without a registration: the first time it happens for its
    /// kind and category) and tells ``onDiagnostic``; without a handler, a debug build prints it (each
    /// distinct diagnostic once).
    func report(_ diagnostic: RegistrationError) {
        guard diagnosticLog.record(diagnostic) else { return }
        if let onDiagnostic { return onDiagnostic(diagnostic) }
        guard DiagnosticOutput.prints, diagnosticOutput.printed.insert(diagnostic).inserted else { return }
        let line = DiagnosticOutput.message(for: diagnostic)
        if let write = diagnosticOutput.sink {
            write(line)
        } else {
            DiagnosticOutput.writeToStandardError(line)
        }
    }

    // MARK: Supplementary views and decorations

    /// What a decoration shows: its registration and the section identifier, or `nil` when no decoration
    /// of that kind is registered (recorded in the diagnostics).
    ///
    /// - Parameters:
    ///   - kind: The kind of decoration.
    ///   - section: A section index in `snapshot`; must be in range.
    ///   - snapshot: The snapshot on screen.
    /// - Complexity: Expected O(1).
    func resolveDecoration<SectionIdentifier>(
        ofKind kind: SupplementaryKind, inSection section: Int, of snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) -> ResolvedElement? {
        let indexPath = ListIndexPath(item: 0, section: section)
        guard let registration = byKind[kind], registration.key.category == .decoration else {
            report(
                .unregisteredKind(kind, category: .decoration, indexPath: indexPath, registeredKinds: decorationKinds))
            return nil
        }
        guard let identifier = snapshot.sectionIdentifier(at: section) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        return ResolvedElement(
            registration: registration, context: CellContext(indexPath: indexPath, position: .only), value: identifier)
    }

    /// What a supplementary view of a kind shows, section- or item-scoped: its registration, context and
    /// value (a section-scoped kind, such as a header, is configured with the section identifier; an
    /// item-scoped kind, such as a separator, with the item at `indexPath`, its ``CellContext`` and its
    /// section); `nil` (recorded in the diagnostics) when the kind has no supplementary registration.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - indexPath: Its section must be in range; for an item-scoped kind, its item too.
    ///   - snapshot: The snapshot on screen.
    /// - Complexity: Expected O(1).
    func resolveSupplementary<SectionIdentifier>(
        ofKind kind: SupplementaryKind, at indexPath: ListIndexPath,
        of snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) -> ResolvedElement? {
        guard let registration = byKind[kind], registration.key.category == .supplementary else {
            let registered = supplementaryKinds + itemSupplementaryKinds
            report(.unregisteredKind(kind, category: .supplementary, indexPath: indexPath, registeredKinds: registered))
            return nil
        }
        guard let section = snapshot.sectionIdentifier(at: indexPath.section) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        guard registration.isItemScoped else {
            return ResolvedElement(
                registration: registration, context: CellContext(indexPath: indexPath, position: .only), value: section)
        }
        let count = snapshot.numberOfItems(inSectionAt: indexPath.section)
        guard indexPath.item >= 0, indexPath.item < count, let item = snapshot.itemIdentifier(at: indexPath) else {
            preconditionFailure("The host asked for a \(kind) at \(indexPath), outside the snapshot")
        }
        return ResolvedElement(
            registration: registration,
            context: CellContext(indexPath: indexPath, position: PositionInSection(item: indexPath.item, count: count)),
            value: _ItemSupplementaryValue(item: item, section: section))
    }
}
