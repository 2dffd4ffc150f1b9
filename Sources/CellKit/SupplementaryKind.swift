/// The kind of a supplementary view: a section header, a footer, or a kind of your own.
///
/// ```swift
/// extension SupplementaryKind { static let badge: SupplementaryKind = "badge" }
/// ```
public struct SupplementaryKind: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The kind's name.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The kind's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from a string literal.
    ///
    /// - Parameter value: The kind's name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A section header, shown above the section's items.
    public static let header: SupplementaryKind = "header"
    /// A section footer, shown below the section's items.
    public static let footer: SupplementaryKind = "footer"

    /// The kind's name.
    public var description: String { rawValue }
}
