/// Why a snapshot refused a mutation.
///
/// The error names the rule that was broken and the offending identifier (as `String(reflecting:)`
/// shows it, so the error stays `Sendable` whatever the identifier type). A snapshot that throws is
/// left exactly as it was.
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// try snapshot.appendSections(["main"])
/// do { try snapshot.appendItems([1, 1]) } catch { print(error) }
/// // Prints "duplicate item identifier 1: item identifiers must be unique within a snapshot"
/// ```
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules a snapshot enforces.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// Item identifiers are unique within a snapshot (and within one call).
        case duplicateItem
        /// Section identifiers are unique within a snapshot (and within one call).
        case duplicateSection
        /// The item identifier must be in the snapshot.
        case itemNotFound
        /// The section identifier must be in the snapshot.
        case sectionNotFound
        /// An item cannot be moved or inserted relative to itself.
        case itemRelativeToItself
        /// A section cannot be moved or inserted relative to itself.
        case sectionRelativeToItself
        /// Appending items without naming a section needs at least one section.
        case noSections
    }

    /// The rule that was broken.
    public let rule: Rule
    /// The offending identifier as `String(reflecting:)` shows it; `nil` for ``Rule/noSections``.
    public let identifier: String?
    /// The offending identifier's dynamic type; `nil` for ``Rule/noSections``.
    public let identifierType: String?
    /// For ``Rule/itemNotFound`` of an `Identifiable` item: an item of the snapshot with its type and
    /// `id` but other content (as `String(reflecting:)` shows it), since mutations match whole values,
    /// not `id`s; `nil` otherwise.
    public internal(set) var itemWithSameID: String?
    /// For ``Rule/duplicateItem`` thrown by a snapshot built with ``SnapshotBuilder``: the section
    /// where the item was listed again (as `String(reflecting:)` shows it); `nil` otherwise.
    public internal(set) var section: String?

    /// Creates an error for a rule and the identifier that broke it.
    ///
    /// - Parameters:
    ///   - rule: The rule that was broken.
    ///   - identifier: The offending identifier, or `nil` when the rule names none.
    public init(_ rule: Rule, identifier: (any Hashable)?) {
        self.rule = rule
        if let identifier {
            let base = (identifier as? AnyHashable)?.base ?? identifier
            self.identifier = String(reflecting: base)
            self.identifierType = String(reflecting: type(of: base))
        } else {
            self.identifier = nil
            self.identifierType = nil
        }
    }

    @usableFromInline static func duplicateItem(_ item: some Hashable) -> Self {
        Self(.duplicateItem, identifier: item)
    }
    @usableFromInline static func duplicateSection(_ section: some Hashable) -> Self {
        Self(.duplicateSection, identifier: section)
    }
    @usableFromInline static func itemNotFound(_ item: some Hashable) -> Self { Self(.itemNotFound, identifier: item) }
    @usableFromInline static func sectionNotFound(_ section: some Hashable) -> Self {
        Self(.sectionNotFound, identifier: section)
    }
    @usableFromInline static func itemRelativeToItself(_ item: some Hashable) -> Self {
        Self(.itemRelativeToItself, identifier: item)
    }
    @usableFromInline static func sectionRelativeToItself(_ section: some Hashable) -> Self {
        Self(.sectionRelativeToItself, identifier: section)
    }
    @usableFromInline static var noSections: Self { Self(.noSections, identifier: nil) }

    /// The same error, naming the section a built snapshot listed the offending item in.
    @usableFromInline func _inSection(_ section: any Hashable) -> Self {
        guard rule == .duplicateItem else { return self }
        var error = self
        error.section = String(reflecting: (section as? AnyHashable)?.base ?? section)
        return error
    }

    /// A sentence naming the identifier and the rule it broke.
    public var description: String {
        let name = identifier ?? ""
        switch rule {
        case .duplicateItem:
            let place = section.map { " in section \($0)" } ?? ""
            return "duplicate item identifier \(name)\(place): item identifiers must be unique within a snapshot"
        case .duplicateSection:
            return "duplicate section identifier \(name): section identifiers must be unique within a snapshot"
        case .itemNotFound:
            guard let itemWithSameID else { return "item identifier \(name) is not in the snapshot" }
            return "item identifier \(name) is not in the snapshot; \(itemWithSameID), with the same id, is: "
                + "mutations match whole values, not ids (pass the item as the snapshot holds it)"
        case .sectionNotFound:
            return "section identifier \(name) is not in the snapshot"
        case .itemRelativeToItself:
            return "item identifier \(name) cannot be moved or inserted relative to itself"
        case .sectionRelativeToItself:
            return "section identifier \(name) cannot be moved or inserted relative to itself"
        case .noSections:
            return "cannot append items: the snapshot has no sections (append a section first)"
        }
    }
}
