import Foundation

/// Writes a rendered text into a test's source, in place of the expectation at a call site: the
/// record mode of ``assertRender(_:_:fileID:filePath:line:column:)`` and
/// ``assertRenderAll(_:_:fileID:filePath:line:column:)``.
///
/// The expectation must be a string literal argument of the call that starts on the call's line: `""`,
/// a one-line `"…"`, or a multi-line `"""` literal (raw `#"""` too). It is replaced by a multi-line
/// literal indented one level deeper than the call, raw when the text holds a backslash or `"""`.
/// Several recordings in one file in one run are placed right: each later call site is found by its
/// line in the file as it was compiled, shifted by the lines the earlier recordings added.
///
/// Use it to give an assertion of your own a record mode, passing it the caller's `#filePath`,
/// `#line` and `#column`.
@MainActor
public enum InlineRecorder {
    /// Lines added by recordings so far, per file: (the line in the compiled source, lines added).
    private static var shifts: [String: [(line: Int, added: Int)]] = [:]

    /// Whether the environment asks every assertion to record (`CELLKIT_RECORD=1`).
    static var recordsEverything: Bool {
        ProcessInfo.processInfo.environment["CELLKIT_RECORD"] == "1"
    }

    /// Why a recording could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the file and line.
        public var description: String
    }

    /// Replaces the string literal expectation of the call at `line` (1-based, as compiled) of the file
    /// at `path` with `text`.
    ///
    /// The literal is the call's second argument: the first string literal after the first comma that
    /// follows `column` on that line. Trailing spaces are dropped from each line of `text`.
    ///
    /// - Parameters:
    ///   - text: What to write as the expectation.
    ///   - path: The source file (`#filePath` of the call).
    ///   - line: The call's line (`#line`).
    ///   - column: The call's column (`#column`).
    /// - Throws: ``Failure`` when the file cannot be read or written, or no string literal starts on
    ///   that line after `column`; the file is unchanged then.
    public static func record(_ text: String, inFileAt path: String, line: Int, column: Int) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8)
        else {
            throw Failure(description: "cannot read \(path) to record the expectation")
        }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shift = shifts[path, default: []].filter { $0.line < line }.reduce(0) { $0 + $1.added }
        let index = line - 1 + shift
        guard lines.indices.contains(index) else {
            throw Failure(description: "\(path) has no line \(line) to record at")
        }
        guard let literal = findLiteral(in: lines, line: index, column: max(0, column - 1)) else {
            throw Failure(description: "no string literal expectation on line \(line) of \(path) to record into")
        }
        let callIndent = String(lines[index].prefix { $0 == " " || $0 == "\t" })
        let indent = callIndent + "    "
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.reversed().drop { $0 == " " }.reversed()
            return trimmed.isEmpty ? "" : indent + String(trimmed)
        }
        let raw = text.contains("\\") || text.contains("\"\"\"")
        let open = raw ? "#\"\"\"" : "\"\"\""
        let close = indent + (raw ? "\"\"\"#" : "\"\"\"")
        let head = String(lines[index].prefix(literal.startColumn))
        let tail = String(lines[literal.endLine].dropFirst(literal.endColumn))
        let replacement = [head + open] + body + [close + tail]
        let removed = literal.endLine - index + 1
        lines.replaceSubrange(index...literal.endLine, with: replacement)
        do {
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "cannot write \(path): \(error)")
        }
        shifts[path, default: []].append((line, replacement.count - removed))
    }

    /// Where the first string literal starting on `line` at or after `column` begins and ends: the
    /// column of its first character, and the line and column just past its last.
    static func findLiteral(in lines: [String], line: Int, column: Int) -> (
        startColumn: Int, endLine: Int, endColumn: Int
    )? {
        let text = Array(lines[line])
        var start = min(column, text.count)
        // Skip the call's first argument: the literal is the first quote (or #") after a comma.
        guard let comma = text[start...].firstIndex(of: ",") else { return nil }
        start = comma + 1
        while start < text.count, text[start] == " " { start += 1 }
        var hashes = 0
        while start + hashes < text.count, text[start + hashes] == "#" { hashes += 1 }
        let quote = start + hashes
        guard quote < text.count, text[quote] == "\"" else { return nil }
        let pounds = String(repeating: "#", count: hashes)
        if quote + 2 < text.count, text[quote + 1] == "\"", text[quote + 2] == "\"" {
            // Multi-line: ends at the first later line whose trimmed text starts with the closing delimiter.
            let closing = "\"\"\"" + pounds
            for end in (line + 1)..<lines.count {
                let candidate = lines[end]
                let leading = candidate.prefix { $0 == " " || $0 == "\t" }.count
                if candidate.dropFirst(leading).hasPrefix(closing) {
                    return (start, end, leading + closing.count)
                }
            }
            return nil
        }
        // One line: ends at the next quote (followed by the pounds) not escaped by a backslash.
        var position = quote + 1
        while position < text.count {
            if hashes == 0 && text[position] == "\\" {
                position += 2
                continue
            }
            if text[position] == "\"", String(text[(position + 1)..<min(text.count, position + 1 + hashes)]) == pounds {
                return (start, line, position + 1 + hashes)
            }
            position += 1
        }
        return nil
    }
}
