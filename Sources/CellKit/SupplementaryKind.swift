/// The kind of a supplementary or decoration view: a section header, a footer, a separator, a section
/// background, or a kind of your own.
///
/// A kind names one registration on a data source, whatever its category: a supplementary view of the
/// section (header, footer), one of each item (separator, badge), or a decoration drawn around the
/// section's items (background).
///
/// ```swift
/// extension SupplementaryKind { static let badge: SupplementaryKind = "badge" }
/// ```
public struct SupplementaryKind: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
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
    /// A separator below an item: an item-scoped kind (see `registerItemSupplementaryView`).
    public static let separator: SupplementaryKind = "separator"
    /// A section background (a card) drawn around a section's items: a decoration kind (see
    /// `registerDecorationView`).
    public static let background: SupplementaryKind = "background"

    /// The kind's name.
    public var description: String { rawValue }
}
