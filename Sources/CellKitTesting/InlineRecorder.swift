import Foundation

/// Writes a rendered text into a test's source, in place of the expectation at a call site: how
/// ``assertRender(_:_:record:fileID:filePath:line:column:)`` and
/// ``assertRenderAll(_:_:record:fileID:filePath:line:column:)`` record (see ``RecordMode``).
///
/// The expectation is the call's second argument, on any line of the call (its label, if it has one,
/// aside), and must be a string literal alone: `""`, a one-line `"…"`, or a multi-line `"""` literal
/// (raw `#"""` too). It is replaced by a multi-line literal, raw when the text holds a backslash or
/// `"""`. A literal on a line of its own keeps its indentation; one after other code on its line is
/// indented one level deeper than that line. Several recordings in one file in one run are placed right:
/// each later call site is found by its line in the file as it was compiled, shifted by the lines the
/// earlier recordings added.
///
/// Use it to give an assertion of your own a record mode, passing it the caller's `#filePath`,
/// `#line` and `#column`.
@MainActor
public enum InlineRecorder {
    /// The recordings made so far, per file: by the line of their call in the compiled source, the line
    /// where the expectation ended there, and the lines the recordings of that call added.
    private static var recordings: [String: [Int: (end: Int, added: Int)]] = [:]

    /// Why a recording could not be made: what is wrong, and how to fix it.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the file and line, and what to do about it.
        public var description: String
    }

    /// Replaces the string literal expectation of the call at `line` and `column` (1-based, as compiled)
    /// of the file at `path` with `text`.
    ///
    /// The literal is the call's second argument; the call's arguments may take any number of lines.
    /// Trailing spaces are dropped from each line of `text`.
    ///
    /// - Parameters:
    ///   - text: What to write as the expectation.
    ///   - path: The source file (`#filePath` of the call).
    ///   - line: The call's line (`#line`).
    ///   - column: The call's column (`#column`): its opening parenthesis, or the name before it.
    /// - Throws: ``Failure`` when the file cannot be read or written, no call is at that place, or its
    ///   second argument is not a string literal; the file is unchanged then.
    public static func record(_ text: String, inFileAt path: String, line: Int, column: Int) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(
                description: "cannot read \(path) to record the expectation; run the tests where their sources are")
        }
        var bytes = [UInt8](data)
        let earlier = recordings[path, default: [:]]
        let shift = earlier.values.filter { $0.end < line }.reduce(0) { $0 + $1.added }
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        let index = line - 1 + shift
        guard lineStarts.indices.contains(index) else {
            throw Failure(
                description:
                    "\(path) has no line \(line) to record at; it changed since the test was built: run it again")
        }
        let lineEnd = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        let call = min(lineStarts[index] + max(0, column - 1), lineEnd)
        let literal: Range<Int>
        do {
            literal = try CallScanner(bytes).expectationLiteral(callAt: call)
        } catch {
            throw Failure(description: describe(error, line: line, path: path))
        }
        // The literal's line, and its indentation.
        let start = lineStarts.lastIndex { $0 <= literal.lowerBound } ?? 0
        let before = bytes[lineStarts[start]..<literal.lowerBound]
        let lineIndent = before.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let indent = String(
            decoding: lineIndent.count == before.count ? lineIndent : lineIndent + Array("    ".utf8), as: UTF8.self)
        let replacement = Array(multiLineLiteral(text, indent: indent).utf8)
        let newlines = { (slice: ArraySlice<UInt8>) in slice.count { $0 == UInt8(ascii: "\n") } }
        let endLine = start + newlines(bytes[literal]) - shift + 1  // 1-based, as compiled
        let added = newlines(replacement[...]) - newlines(bytes[literal])
        bytes.replaceSubrange(literal, with: replacement)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "cannot write \(path): \(error); make it writable, or paste the text below")
        }
        let previous = earlier[line]
        recordings[path, default: [:]][line] = (previous?.end ?? endLine, (previous?.added ?? 0) + added)
    }

    /// What went wrong finding the expectation, and what to do.
    private static func describe(_ problem: CallScanner.Problem, line: Int, path: String) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        switch problem {
        case .noCall:
            return "found no call at line \(line) of \(path); it changed since the test was built: run the test again"
        case .noSecondArgument:
            return "the call at line \(line) of \(file) has no expectation argument to record into; "
                + "give it a string literal (\"\" to start)"
        case .notALiteral(let argument):
            return "the expectation of the call at line \(line) of \(file) is `\(argument)`, not a string literal; "
                + "write a literal there (\"\" to start) to record into, or paste the text below"
        case .unterminated:
            return "the call at line \(line) of \(file) does not end where a Swift call would (an unterminated "
                + "string, comment or bracket); it changed since the test was built, or is not Swift: fix it and "
                + "run the test again"
        }
    }

    /// `text` as a multi-line string literal whose lines and closing delimiter are indented by `indent`,
    /// without trailing spaces; raw, with as many `#` as it takes, when the text holds a backslash or `"""`.
    static func multiLineLiteral(_ text: String, indent: String) -> String {
        // With no `#`, a backslash escapes; with n, a backslash and n `#` do, and `"""` and n `#` closes.
        func fits(_ pounds: String) -> Bool {
            !text.contains("\"\"\"" + pounds) && !text.contains("\\" + pounds)
        }
        var pounds = ""
        while !fits(pounds) { pounds += "#" }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.reversed().drop { $0 == " " }.reversed()
            return trimmed.isEmpty ? "" : indent + String(trimmed)
        }
        return ([pounds + "\"\"\""] + body + [indent + "\"\"\"" + pounds]).joined(separator: "\n")
    }
}
