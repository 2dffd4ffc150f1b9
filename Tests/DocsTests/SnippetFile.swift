import Foundation

/// A snippet file read the way the docs use it: its one-sentence summary, the part a reader sees, and the
/// output it promises.
///
/// The format (CONTRIBUTING.md, "Snippets are the docs"):
///
/// ```swift
/// // One sentence that says what the snippet shows.
/// // snippet.hide
/// import CellKit                       // setup the reader does not need to see
/// // snippet.show
/// print("shown code")
/// // snippet.hide
/// // Prints:
/// // shown code
/// ```
///
/// - The first line is a `//` comment holding one sentence, ending with a period.
/// - `// snippet.hide` and `// snippet.show` alternate; the first marker is a hide.
/// - The file ends with a hidden `// Prints:` line followed only by comment lines: each `// text` is one
///   line of expected standard output (`//` alone is an empty line). At least one line is expected.
struct SnippetFile: Sendable {
    /// The path below `Snippets/` without the extension: `"Registration/OneLineRegistration"`.
    var reference: String
    /// The base name, which is also the executable's name.
    var name: String
    /// The first line's sentence, without `// `.
    var summary: String
    /// The lines a reader sees, without markers, hidden regions and the summary; leading and trailing
    /// blank lines removed.
    var shownLines: [String]
    /// The expected standard output, one element per line.
    var expectedOutput: [String]

    /// Why a snippet file does not follow the format.
    struct FormatError: Error, CustomStringConvertible {
        var reference: String
        var line: Int?
        var message: String

        var description: String {
            let place = line.map { "Snippets/\(reference).swift:\($0)" } ?? "Snippets/\(reference).swift"
            return "\(place): \(message)"
        }
    }

    static let hideMarker = "// snippet.hide"
    static let showMarker = "// snippet.show"
    static let printsMarker = "// Prints:"

    /// Parses a snippet's text.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - reference: The path below `Snippets/` without the extension, for messages.
    /// - Throws: ``FormatError`` naming the line and the rule it breaks.
    init(parsing text: String, reference: String) throws(FormatError) {
        func fail(_ line: Int?, _ message: String) -> FormatError {
            FormatError(reference: reference, line: line, message: message)
        }
        self.reference = reference
        self.name = String(reference.split(separator: "/").last ?? Substring(reference))

        var lines = text.components(separatedBy: "\n")
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        guard let first = lines.first else { throw fail(nil, "the file is empty") }

        guard first.hasPrefix("// "), !first.hasPrefix("// snippet."), first.hasSuffix(".") else {
            throw fail(1, "the first line must be a one-sentence `//` comment ending with a period, found \"\(first)\"")
        }
        summary = String(first.dropFirst(3))
        if lines.count > 1, lines[1].hasPrefix("//"), !Self.isMarker(lines[1]) {
            throw fail(2, "the summary must be one line; start the code (or a `// snippet.hide`) on line 2")
        }

        var hidden = false
        var shown: [String] = []
        var printsLine: Int?
        for index in 1..<lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if let start = printsLine {
                guard trimmed == "//" || trimmed.hasPrefix("// ") else {
                    throw fail(
                        number, "only `//` comment lines may follow `// Prints:` (line \(start)); found \"\(line)\"")
                }
                continue
            }
            switch trimmed {
            case Self.hideMarker:
                if hidden {
                    throw fail(number, "`// snippet.hide` inside a hidden region; add `// snippet.show` first")
                }
                hidden = true
            case Self.showMarker:
                if !hidden { throw fail(number, "`// snippet.show` without a `// snippet.hide` before it") }
                hidden = false
            case Self.printsMarker:
                if !hidden {
                    throw fail(number, "`// Prints:` must be hidden: put `// snippet.hide` on the line before it")
                }
                printsLine = number
            default:
                if !hidden { shown.append(line) }
            }
        }
        guard let printsLine else {
            throw fail(
                nil,
                "no expected output: end the file with `// snippet.hide`, `// Prints:` and one `// line` per line the snippet prints"
            )
        }
        let output = lines[printsLine...].map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed == "//" ? "" : String(trimmed.dropFirst(3))
        }
        guard !output.isEmpty else {
            throw fail(printsLine, "the `// Prints:` block is empty; every snippet prints something")
        }
        expectedOutput = output

        while let head = shown.first, head.trimmingCharacters(in: .whitespaces).isEmpty { shown.removeFirst() }
        while let tail = shown.last, tail.trimmingCharacters(in: .whitespaces).isEmpty { shown.removeLast() }
        guard !shown.isEmpty else {
            throw fail(nil, "nothing is shown: put the code a reader should see after `// snippet.show`")
        }
        shownLines = shown
    }

    private static func isMarker(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed == hideMarker || trimmed == showMarker
    }
}

extension SnippetFile {
    /// The references of every snippet under `Snippets/`, sorted: `["Errors/ErrorReporting", ...]`.
    static func allReferences() -> [String] {
        let root = Paths.snippets
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var references: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            references.append(String(path.dropFirst(prefix.count).dropLast(".swift".count)))
        }
        return references.sorted()
    }

    /// Reads and parses the snippet with a reference.
    static func load(_ reference: String) throws -> SnippetFile {
        let url = Paths.snippets.appendingPathComponent(reference + ".swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try SnippetFile(parsing: text, reference: reference)
    }
}
