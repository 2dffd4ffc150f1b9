import DiffableStore

/// The sections whose identifier changed content between two snapshots, and the old snapshot with
/// those sections renamed to their new identifiers.
///
/// An old and a new section identifier that differ in value but share their dynamic type and
/// `Identifiable` id are the same section with new content (a new title, a new count): renamed in
/// `base`, the diff from `base` keeps the section and its rows, and the host reconfigures the
/// section's supplementary views afterwards.
struct ChangedSections<SectionIdentifier: Hashable> {
    /// The old snapshot, with each changed section under its new identifier.
    var base: Snapshot<SectionIdentifier, AnyHashable>
    /// The new identifiers of the changed sections, in the new snapshot's order.
    var renamed: [SectionIdentifier] = []

    /// Pairs the sections of `old` and `new`.
    ///
    /// - Complexity: O(s) expected for *s* sections of both snapshots, when their section identifiers
    ///   differ and may be `Identifiable` (a section type that cannot be, checked once, costs O(1); equal
    ///   section lists cost the O(s) comparison the diff makes anyway).
    init(from old: Snapshot<SectionIdentifier, AnyHashable>, to new: Snapshot<SectionIdentifier, AnyHashable>) {
        base = old
        guard Self.mayBeIdentifiable, old.sectionIdentifiers != new.sectionIdentifiers else { return }
        var gone: [SectionIdentity: SectionIdentifier] = [:]
        for section in old.sectionIdentifiers where new.indexOfSection(section) == nil {
            if let key = SectionIdentity.of(section) { gone[key] = section }
        }
        guard !gone.isEmpty else { return }
        for section in new.sectionIdentifiers where old.indexOfSection(section) == nil {
            guard let key = SectionIdentity.of(section), let previous = gone.removeValue(forKey: key) else { continue }
            // Neither identifier is elsewhere in `base`: `previous` is only in `old`, `section` only in `new`.
            do { try base.replaceSection(previous, with: section) } catch { continue }
            renamed.append(section)
            if gone.isEmpty { break }
        }
    }

    /// Whether section identifiers of this type can be `Identifiable`: an `Identifiable` type, or a
    /// type-erased one whose values may be.
    static var mayBeIdentifiable: Bool {
        SectionIdentifier.self is any Identifiable.Type || SectionIdentifier.self == AnyHashable.self
    }
}

/// The identity of an `Identifiable` section identifier: its dynamic type and its `id`.
struct SectionIdentity: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable

    /// The identity of `value` (looking through `AnyHashable`), or `nil` when it is not `Identifiable`.
    static func of(_ value: some Hashable) -> SectionIdentity? {
        var base: Any = value
        if let erased = base as? AnyHashable { base = erased.base }
        guard let identifiable = base as? any Identifiable else { return nil }
        return key(identifiable)
    }

    private static func key<Value: Identifiable>(_ value: Value) -> SectionIdentity {
        SectionIdentity(type: ObjectIdentifier(Value.self), id: AnyHashable(value.id))
    }
}
