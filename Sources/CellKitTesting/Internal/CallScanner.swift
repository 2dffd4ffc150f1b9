/// Finds the string literal that is a call's second argument in Swift source, wherever its arguments
/// are laid out: on the call's line, on the lines after it, after comments.
///
/// It reads as much of Swift's lexical structure as that takes: string literals of every kind (one-line,
/// multi-line, raw, with interpolations that hold strings and parentheses of their own), comments (nested
/// block comments too) and brackets. It works on UTF-8 bytes, as `#column` counts them.
struct CallScanner {
    /// Why no expectation literal was found.
    enum Problem: Error, Equatable {
        /// No call starts at the position: the file changed since it was compiled.
        case noCall
        /// The call has fewer than two arguments.
        case noSecondArgument
        /// The second argument is not a string literal alone; the argument's text, shortened.
        case notALiteral(String)
        /// A string literal, a comment or a bracket does not end.
        case unterminated
    }

    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The byte range of the string literal that is the second argument of the call at `offset`, its
    /// label (`expected:`) aside.
    ///
    /// - Parameter offset: Where the call is: its argument list's opening parenthesis, or the callee's
    ///   name before it (`#column` as a default argument is the former).
    /// - Complexity: O(n) in the length of the call.
    func expectationLiteral(callAt offset: Int) throws(Problem) -> Range<Int> {
        var position = offset
        // The callee: `assertRender`, `CellKitTesting.assertRender`, with spaces or backquotes.
        while position < bytes.count,
            Self.isIdentifier(bytes[position]) || bytes[position] == .dot
                || bytes[position] == .space || bytes[position] == .backquote
        {
            position += 1
        }
        guard position < bytes.count, bytes[position] == .openParenthesis else { throw .noCall }
        position = try argumentEnd(from: position + 1)
        guard bytes[position] == .comma else { throw .noSecondArgument }
        var start = try skipTrivia(from: position + 1)
        if let afterLabel = label(at: start) { start = try skipTrivia(from: afterLabel) }
        if let end = try stringLiteralEnd(at: start) {
            let next = try skipTrivia(from: end)
            if next < bytes.count, bytes[next] == .comma || bytes[next] == .closeParenthesis { return start..<end }
        }
        throw .notALiteral(text(start..<(try argumentEnd(from: start))))
    }

    /// Where the argument that starts at `start` ends: the comma after it, or the parenthesis that closes
    /// the call.
    private func argumentEnd(from start: Int) throws(Problem) -> Int {
        var position = start
        var depth = 0
        while true {
            position = try skipTrivia(from: position)
            guard position < bytes.count, depth >= 0 else { throw .unterminated }
            let byte = bytes[position]
            if depth == 0 && (byte == .comma || byte == .closeParenthesis) { return position }
            if let end = try stringLiteralEnd(at: position) {
                position = end
                continue
            }
            switch byte {
            case .openParenthesis, .openBracket, .openBrace: depth += 1
            case .closeParenthesis, .closeBracket, .closeBrace: depth -= 1
            default: break
            }
            position += 1
        }
    }

    /// Where an argument's label and its colon end (`expected:`), or `nil` when there is none at `position`.
    private func label(at position: Int) -> Int? {
        var end = position
        while end < bytes.count, Self.isIdentifier(bytes[end]) { end += 1 }
        guard end > position, !(bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9"))
        else { return nil }
        var colon = end
        while colon < bytes.count, bytes[colon] == .space { colon += 1 }
        guard colon < bytes.count, bytes[colon] == .colon else { return nil }
        guard colon + 1 >= bytes.count || bytes[colon + 1] != .colon else { return nil }
        return colon + 1
    }

    /// Skips spaces, line breaks and comments.
    private func skipTrivia(from start: Int) throws(Problem) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case .space, .tab, .newline, .carriageReturn:
                position += 1
            case .slash where position + 1 < bytes.count && bytes[position + 1] == .slash:
                while position < bytes.count, bytes[position] != .newline { position += 1 }
            case .slash where position + 1 < bytes.count && bytes[position + 1] == .asterisk:
                // Block comments nest.
                var depth = 0
                repeat {
                    guard position + 1 < bytes.count else { throw .unterminated }
                    if bytes[position] == .slash && bytes[position + 1] == .asterisk {
                        depth += 1
                        position += 2
                    } else if bytes[position] == .asterisk && bytes[position + 1] == .slash {
                        depth -= 1
                        position += 2
                    } else {
                        position += 1
                    }
                } while depth > 0
            default:
                return position
            }
        }
        return position
    }

    /// Where the string literal that starts at `start` ends (just past its closing delimiter), or `nil`
    /// when none starts there.
    private func stringLiteralEnd(at start: Int) throws(Problem) -> Int? {
        var pounds = 0
        while start + pounds < bytes.count, bytes[start + pounds] == .pound { pounds += 1 }
        var position = start + pounds
        guard position < bytes.count, bytes[position] == .quote else { return nil }
        let multiLine = position + 2 < bytes.count && bytes[position + 1] == .quote && bytes[position + 2] == .quote
        position += multiLine ? 3 : 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == .backslash, hasPounds(pounds, at: position + 1) {
                position += 1 + pounds
                guard position < bytes.count else { throw .unterminated }
                if bytes[position] == .openParenthesis {
                    position = try interpolationEnd(from: position + 1)
                } else {
                    position += 1
                }
                continue
            }
            if byte == .newline && !multiLine { throw .unterminated }
            if byte == .quote {
                let closing = multiLine ? 3 : 1
                if (0..<closing).allSatisfy({ position + $0 < bytes.count && bytes[position + $0] == .quote }),
                    hasPounds(pounds, at: position + closing)
                {
                    return position + closing + pounds
                }
            }
            position += 1
        }
        throw .unterminated
    }

    /// Just past the parenthesis that closes an interpolation whose contents start at `start`.
    private func interpolationEnd(from start: Int) throws(Problem) -> Int {
        var position = start
        var depth = 1
        while true {
            position = try skipTrivia(from: position)
            guard position < bytes.count else { throw .unterminated }
            if let end = try stringLiteralEnd(at: position) {
                position = end
                continue
            }
            switch bytes[position] {
            case .openParenthesis: depth += 1
            case .closeParenthesis:
                depth -= 1
                if depth == 0 { return position + 1 }
            default: break
            }
            position += 1
        }
    }

    private func hasPounds(_ count: Int, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return bytes[position..<(position + count)].allSatisfy { $0 == .pound }
    }

    /// The text of a range, on one line and shortened, for a message.
    private func text(_ range: Range<Int>) -> String {
        var end = range.upperBound
        while end > range.lowerBound, [.space, .tab, .newline, .carriageReturn].contains(bytes[end - 1]) { end -= 1 }
        let words = String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let line = words.joined(separator: " ")
        return line.count > 40 ? line.prefix(39) + "…" : line
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let asterisk = UInt8(ascii: "*")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let pound = UInt8(ascii: "#")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let backquote = UInt8(ascii: "`")
    fileprivate static let openParenthesis = UInt8(ascii: "(")
    fileprivate static let closeParenthesis = UInt8(ascii: ")")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
}
