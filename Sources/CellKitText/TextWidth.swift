/// Display width of text the way a terminal counts it, and fitting text to a width.
///
/// East Asian wide and fullwidth characters and emoji take two columns; combining marks, format
/// characters (zero-width space, joiners) and variation selectors take none; everything else takes one.
/// Widths are decided per character (grapheme cluster), so an emoji sequence such as a family or a flag
/// takes two columns, and a letter with a combining accent takes one.
///
/// ```swift
/// print(TextWidth.columns(of: "日本"), TextWidth.columns(of: "👍🏽"), TextWidth.columns(of: "e\u{301}"))
/// // Prints "4 2 1"
/// print("[" + TextWidth.fit("Hello, world", width: 8) + "]")
/// // Prints "[Hello, …]"
/// ```
///
/// Control characters cannot be shown in a line: ``fit(_:width:)`` shows a tab as one space and any
/// other control character as U+FFFD `�`, and ``columns(of:)-(Character)`` counts them as one column
/// each to match.
public enum TextWidth {
    /// The ellipsis that marks truncated text; one column wide.
    public static let ellipsis: Character = "…"

    /// The number of columns a character takes: 0, 1 or 2.
    ///
    /// - Parameter character: A character (grapheme cluster).
    /// - Returns: 2 for emoji and East Asian wide or fullwidth characters, 0 for characters made only of
    ///   combining marks and format characters, 1 otherwise.
    /// - Complexity: O(k), where *k* is the number of Unicode scalars in the character.
    public static func columns(of character: Character) -> Int {
        if let byte = character.asciiValue, isPrintableASCII(byte) { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.generalCategory == .control { return 1 }
        if first.properties.isEmojiPresentation { return 2 }
        // A text-default emoji (❤, ☺, a digit) followed by VARIATION SELECTOR-16 shows as emoji.
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        var width = 0
        for scalar in scalars {
            width = max(width, columns(of: scalar))
            if width == 2 { break }
        }
        return width
    }

    /// The number of columns a string takes, the sum of its characters' widths.
    ///
    /// - Parameter text: Any text.
    /// - Returns: Its display width.
    /// - Complexity: O(n), where *n* is the length of `text`.
    public static func columns(of text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy(isPrintableASCII) { return text.utf8.count }
        var width = 0
        for character in text { width += columns(of: character) }
        return width
    }

    /// The text made to take exactly `width` columns: cut with ``ellipsis`` when it is wider, padded with
    /// spaces when it is narrower.
    ///
    /// A wide character never straddles the edge: when it does not fit whole, the line ends with the
    /// ellipsis and a space instead. Tabs become one space and other control characters `�`, so the result
    /// is always one line.
    ///
    /// ```swift
    /// print("[" + TextWidth.fit("日本語", width: 4) + "]")
    /// // Prints "[日… ]"
    /// ```
    ///
    /// - Parameters:
    ///   - text: Any text.
    ///   - width: The number of columns; `0` or less gives an empty string.
    /// - Returns: A string of exactly `width` columns (or empty).
    /// - Complexity: O(n + width), where *n* is the length of `text`.
    public static func fit(_ text: some StringProtocol, width: Int) -> String {
        guard width > 0 else { return "" }
        // Printable ASCII (most rows) takes a column a byte: no character needs to be looked at.
        let utf8 = text.utf8
        if utf8.allSatisfy(isPrintableASCII) {
            let count = utf8.count
            if count <= width { return String(text) + String(repeating: " ", count: width - count) }
            return String(decoding: utf8.prefix(width - 1), as: UTF8.self) + String(ellipsis)
        }
        return fitByCharacter(text, width: width)
    }

    /// The columns `from ..< from + width` of a line (one already fitted to at least that many columns),
    /// exactly `width` columns: a wide character cut by either edge shows as spaces.
    ///
    /// - Complexity: O(n), where *n* is the length of `text`.
    static func columns(_ text: some StringProtocol, from: Int, width: Int) -> String {
        guard width > 0 else { return "" }
        let end = from + width
        let utf8 = text.utf8
        if utf8.allSatisfy(isPrintableASCII) {
            let shown = String(decoding: utf8.dropFirst(from).prefix(width), as: UTF8.self)
            return shown + String(repeating: " ", count: width - shown.utf8.count)
        }
        var result = ""
        var column = 0
        var used = 0
        for character in text {
            guard column < end else { break }
            let shown = displayable(character)
            let columns = columns(of: shown)
            let start = column
            column += columns
            if start >= from && column <= end {
                if columns > 0 || start > from || used > 0 { result.append(shown) }
                used += columns
            } else if column > from && start < end {
                let cut = min(column, end) - max(start, from)
                result += String(repeating: " ", count: cut)
                used += cut
            }
        }
        if used < width { result += String(repeating: " ", count: width - used) }
        return result
    }

    /// ``fit(_:width:)`` worked out a character at a time, for any text; `width` is positive.
    static func fitByCharacter(_ text: some StringProtocol, width: Int) -> String {
        var result = ""
        var used = 0
        var cut = false
        // The widest prefix that still leaves room for the ellipsis, in case the text turns out too wide.
        var safeEnd = result.endIndex
        var safeWidth = 0
        for character in text {
            let shown = displayable(character)
            let columns = columns(of: shown)
            if used + columns > width {
                cut = true
                break
            }
            result.append(shown)
            used += columns
            if used <= width - 1 {
                safeEnd = result.endIndex
                safeWidth = used
            }
        }
        if cut {
            result = String(result[..<safeEnd])
            result.append(ellipsis)
            used = safeWidth + 1
        }
        if used < width { result.append(String(repeating: " ", count: width - used)) }
        return result
    }

    /// The number of columns a Unicode scalar takes on its own.
    ///
    /// - Parameter scalar: A Unicode scalar.
    /// - Returns: 0 for combining marks, format characters and Hangul medial and final jamo; 2 for emoji
    ///   shown as emoji by default and East Asian wide or fullwidth scalars; 1 otherwise (control
    ///   characters included, as ``fit(_:width:)`` replaces them with a one-column character).
    /// - Complexity: O(1).
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        // Hangul medial/final jamo
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isEastAsianWide(value) ? 2 : 1
    }

    /// Whether a scalar is East Asian Wide (W) or Fullwidth (F) in Unicode's East Asian Width property,
    /// for the scalars that are not emoji (emoji are decided by `isEmojiPresentation`).
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
            0x2329...0x232A,  // angle brackets
            0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
            0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK compatibility
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xA000...0xA4CF,  // Yi
            0xA960...0xA97F,  // Hangul Jamo Extended-A
            0xAC00...0xD7A3,  // Hangul Syllables
            0xF900...0xFAFF,  // CJK Compatibility Ideographs
            0xFE10...0xFE19,  // vertical forms
            0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
            0xFF00...0xFF60,  // fullwidth forms
            0xFFE0...0xFFE6,  // fullwidth signs
            0x16FE0...0x16FE4,  // ideographic symbols
            0x17000...0x18CFF,  // Tangut, Khitan
            0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
            0x1F200...0x1F2FF,  // enclosed ideographic supplement
            0x20000...0x2FFFD,  // CJK Extensions B to F, compatibility supplement
            0x30000...0x3FFFD:  // CJK Extensions G and H
            return true
        default:
            return false
        }
    }

    /// Whether a UTF-8 byte is printable ASCII (space to tilde): one column, shown as it is.
    static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The character as it can be shown in one line: a tab as a space, other control characters as `�`.
    static func displayable(_ character: Character) -> Character {
        if let byte = character.asciiValue, isPrintableASCII(byte) { return character }
        guard let first = character.unicodeScalars.first, first.properties.generalCategory == .control else {
            return character
        }
        return first == "\t" ? " " : "\u{FFFD}"
    }
}
