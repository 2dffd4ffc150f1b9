/// Why a section snapshot refused a mutation.
///
/// The error names the rule that was broken and the offending identifier (as `String(reflecting:)`
/// shows it, so the error stays `Sendable` whatever the identifier type). A section snapshot that
/// throws is left exactly as it was.
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// do { try outline.append(["B"], to: "A") } catch { print(error) }
/// // Prints "parent item "A" is not in the section snapshot"
/// ```
public struct SectionSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules a section snapshot enforces.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// Item identifiers are unique within a section snapshot (and within one call).
        case duplicateItem
        /// The item identifier must be in the section snapshot.
        case itemNotFound
        /// The parent named by an append or a replace must be in the section snapshot.
        case parentNotFound
    }

    /// The rule that was broken.
    public let rule: Rule
    /// The offending identifier as `String(reflecting:)` shows it.
    public let identifier: String
    /// The offending identifier's dynamic type.
    public let identifierType: String

    /// Creates an error for a rule and the identifier that broke it.
    ///
    /// - Parameters:
    ///   - rule: The rule that was broken.
    ///   - identifier: The offending identifier.
    public init(_ rule: Rule, identifier: any Hashable) {
        self.rule = rule
        let base = (identifier as? AnyHashable)?.base ?? identifier
        self.identifier = String(reflecting: base)
        self.identifierType = String(reflecting: type(of: base))
    }

    /// A sentence naming the identifier and the rule it broke.
    public var description: String {
        switch rule {
        case .duplicateItem:
            "duplicate item identifier \(identifier): item identifiers must be unique within a section snapshot"
        case .itemNotFound:
            "item identifier \(identifier) is not in the section snapshot"
        case .parentNotFound:
            "parent item \(identifier) is not in the section snapshot"
        }
    }
}
