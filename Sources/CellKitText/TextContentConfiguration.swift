import CellKit

/// What a text cell shows, as a content configuration: a text, a secondary text, a leading glyph and
/// accessories, drawn as lines by the ``TextListView``.
///
/// The text host's counterpart of UIKit's `UIListContentConfiguration` (with the cell's accessories):
/// ``CellKit/UniversalDataSource/registerContent(itemType:content:background:)`` makes one from each item
/// and its cell's state. The first line shows the glyph, the text's first line and the accessories at the
/// right; the text's other lines and the secondary text's follow, under the text. The last column is left
/// for the list's highlight and focus markers.
///
/// ```swift
/// let content = TextContentConfiguration(
///     text: "Ada", secondaryText: "ada@example.com", glyph: "★", accessories: [.disclosureIndicator])
/// print(content.lines(width: 20).joined(separator: "\n"))
/// // Prints:
/// // ★ Ada             ›
/// //   ada@example.com
/// ```
public struct TextContentConfiguration: Hashable, Sendable {
    /// The primary text; each `"\n"` starts a line.
    public var text: String
    /// The secondary text, shown under the text; each `"\n"` starts a line.
    public var secondaryText: String?
    /// The glyph shown before the text (UIKit's image), followed by a space.
    public var glyph: Character?
    /// The accessories at the right of the first line, left to right.
    public var accessories: [Accessory]

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - text: The primary text.
    ///   - secondaryText: The text under it, if any.
    ///   - glyph: The glyph before the text, if any.
    ///   - accessories: The accessories at the right of the first line.
    public init(text: String = "", secondaryText: String? = nil, glyph: Character? = nil, accessories: [Accessory] = [])
    {
        self.text = text
        self.secondaryText = secondaryText
        self.glyph = glyph
        self.accessories = accessories
    }

    /// An accessory at the right of a cell's first line, as UIKit's `UICellAccessory`.
    public enum Accessory: Hashable, Sendable {
        /// `›`: the row leads to more.
        case disclosureIndicator
        /// `✓`: the row is checked.
        case checkmark
        /// `ⓘ`: the row has details.
        case detail
        /// A short text (a count, a value).
        case label(String)

        /// How it is drawn.
        var symbol: String {
            switch self {
            case .disclosureIndicator: "›"
            case .checkmark: "✓"
            case .detail: "ⓘ"
            case .label(let text): text
            }
        }
    }

    /// The lines the configuration shows at a width, over a background.
    ///
    /// Each line is `width - 1` columns (the last is left for the list's markers): cut with an ellipsis
    /// when too wide, and filled with the background's ``TextBackgroundConfiguration/fill`` (spaces without
    /// one) where the content leaves room.
    ///
    /// - Parameters:
    ///   - width: The number of columns of the row.
    ///   - background: The background drawn where the content leaves room, if any.
    /// - Returns: The lines, top to bottom (at least one).
    /// - Complexity: O(n + width × l), for *n* characters of text and *l* lines.
    public func lines(width: Int, background: TextBackgroundConfiguration? = nil) -> [String] {
        let usable = max(0, width - 1)
        let fill = background?.fill ?? " "
        let lead = glyph.map { "\($0) " } ?? ""
        let indent = String(repeating: " ", count: TextWidth.columns(of: lead))
        let right = accessories.map(\.symbol).joined(separator: " ")
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let secondaryLines =
            secondaryText.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        var first = lead + (textLines.first ?? "")
        if !right.isEmpty {
            let room = max(0, usable - TextWidth.columns(of: right) - 1)
            first = Self.filled(first, width: room, fill: fill) + String(fill) + right
        }
        let rest = (textLines.dropFirst() + secondaryLines).map { indent + $0 }
        return ([first] + rest).map { Self.filled($0, width: usable, fill: fill) }
    }

    /// A line of exactly `width` columns: cut with an ellipsis, or followed by `fill`s.
    static func filled(_ line: String, width: Int, fill: Character) -> String {
        let columns = TextWidth.columns(of: line)
        if columns > width { return TextWidth.fit(line, width: width) }
        let fillWidth = max(1, TextWidth.columns(of: fill))
        return line + String(repeating: fill, count: (width - columns) / fillWidth)
    }
}
