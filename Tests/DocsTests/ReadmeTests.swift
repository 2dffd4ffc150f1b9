import Foundation
import Testing

/// A fenced code block in the README and what the comment on the line before it says it is.
struct ReadmeBlock: Sendable {
    enum Source: Sendable, Equatable {
        /// `<!-- snippet: Concept/TaskName -->` before a Swift block: the block is that snippet's shown part.
        case snippet(String)
        /// `<!-- output: Concept/TaskName -->` before a text block: the lines appear, in a row, in that
        /// snippet's output.
        case output(String)
        /// `<!-- excerpt: Concept/TaskName -->` before a Swift block: the block is runs of that snippet's shown
        /// lines, in order, separated by a line `// ...`; the text before it names the snippet.
        case excerpt(String)
        /// `<!-- unchecked: reason -->`: the block is not compiled here, on purpose (the reason says why).
        case unchecked(String)
        /// No marker.
        case none
    }

    /// The language after the opening fence: `"swift"`, `"text"`, `"sh"`.
    var language: String
    /// The 1-based line of the opening fence.
    var line: Int
    var source: Source
    var lines: [String]
    /// Whether only blank lines separate this block from the previous block.
    var followsPreviousBlock: Bool

    /// Every fenced block in a Markdown text, with the marker on the line before its fence.
    static func all(in text: String) -> [ReadmeBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [ReadmeBlock] = []
        var index = 0
        var lastClose = -2
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```"), trimmed.count > 3 else {
                index += 1
                continue
            }
            let fence = index
            let follows =
                lastClose >= 0
                && lines[(lastClose + 1)..<fence].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            lastClose = index
            index += 1
            blocks.append(
                ReadmeBlock(
                    language: String(trimmed.dropFirst(3)), line: fence + 1,
                    source: marker(fence > 0 ? lines[fence - 1] : ""), lines: body, followsPreviousBlock: follows))
        }
        return blocks
    }

    private static func marker(_ line: String) -> Source {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return .none }
        let inner = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        for (prefix, make) in [
            ("snippet:", Source.snippet), ("output:", Source.output), ("excerpt:", Source.excerpt),
            ("unchecked:", Source.unchecked),
        ] {
            if inner.hasPrefix(prefix) {
                return make(inner.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
            }
        }
        return .none
    }
}

/// The README's code cannot rot: every Swift block is a snippet's shown part or an excerpt of one, or says why
/// it is not checked.
@Suite("README")
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: Paths.readme, encoding: .utf8)
    }

    @Test("every Swift block is marked as a snippet or as unchecked with a reason")
    func blocksAreMarked() throws {
        let blocks = ReadmeBlock.all(in: try Self.readme()).filter { $0.language == "swift" }
        #expect(!blocks.isEmpty, "README.md has no Swift code blocks")
        for block in blocks {
            switch block.source {
            case .snippet, .excerpt: break
            case .output:
                Issue.record("README.md:\(block.line): `<!-- output: -->` marks a text block, not a Swift block")
            case .unchecked(let reason):
                #expect(!reason.isEmpty, "README.md:\(block.line): `<!-- unchecked: -->` needs a reason")
            case .none:
                Issue.record(
                    """
                    README.md:\(block.line): a Swift block needs `<!-- snippet: Concept/TaskName -->` (checked against \
                    the snippet), `<!-- excerpt: Concept/TaskName -->` or `<!-- unchecked: reason -->` on the line \
                    before its fence
                    """)
            }
        }
    }

    @Test("the quick start is a checked snippet (after the manifest that adds the package)")
    func quickStartIsChecked() throws {
        let text = try Self.readme()
        guard let start = text.range(of: "## Quick start") else {
            Issue.record("README.md has no \"## Quick start\" section")
            return
        }
        let blocks = ReadmeBlock.all(in: String(text[start.upperBound...])).filter { block in
            block.language == "swift" && !block.lines.contains("import PackageDescription")
        }
        guard let first = blocks.first else {
            Issue.record("the quick start has no Swift block")
            return
        }
        guard case .snippet = first.source else {
            Issue.record(
                "the quick start's first Swift block (after the manifest) is not marked `<!-- snippet: ... -->`")
            return
        }
    }

    @Test("every block marked as a snippet equals that snippet's shown part")
    func snippetBlocksMatch() throws {
        let blocks = ReadmeBlock.all(in: try Self.readme()).filter { $0.language == "swift" }
        let references = Set(SnippetFile.allReferences())
        var checked = 0
        for block in blocks {
            guard case .snippet(let reference) = block.source else { continue }
            guard references.contains(reference) else {
                Issue.record(
                    "README.md:\(block.line) names snippet \(reference), but there is no Snippets/\(reference).swift")
                continue
            }
            let snippet = try SnippetFile.load(reference)
            expectLines(
                block.lines, equal: snippet.shownLines, "README.md:\(block.line), the block for snippet \(reference),",
                fix:
                    "Copy the shown part of Snippets/\(reference).swift (without hidden regions and markers) into the README."
            )
            checked += 1
        }
        #expect(checked > 0, "README.md checks no snippet")
    }

    @Test("an excerpt is runs of its snippet's shown lines, and the text since the last heading names the snippet")
    func excerptsMatch() throws {
        let text = try Self.readme()
        var checked = 0
        for block in ReadmeBlock.all(in: text) {
            guard case .excerpt(let reference) = block.source else { continue }
            guard SnippetFile.allReferences().contains(reference) else {
                Issue.record(
                    "README.md:\(block.line) names snippet \(reference), but there is no Snippets/\(reference).swift")
                continue
            }
            let snippet = try SnippetFile.load(reference)
            if let problem = ArticleBlock.excerptProblem(block.lines, of: snippet.shownLines) {
                Issue.record("README.md:\(block.line), an excerpt of snippet \(reference): \(problem)")
            }
            if let problem = unnamedExcerpt(reference, fenceLine: block.line, in: text) {
                Issue.record("README.md:\(block.line): \(problem)")
            }
            checked += 1
        }
        #expect(checked > 0, "README.md shows no excerpt")
    }

    @Test("a text block right after a snippet's block is that snippet's output")
    func outputBlocksMatch() throws {
        let blocks = ReadmeBlock.all(in: try Self.readme())
        var checked = 0
        for (index, block) in blocks.enumerated()
        where index > 0 && block.language == "text" && block.followsPreviousBlock {
            guard case .snippet(let reference) = blocks[index - 1].source,
                SnippetFile.allReferences().contains(reference)
            else { continue }
            let snippet = try SnippetFile.load(reference)
            expectLines(
                block.lines, equal: snippet.expectedOutput,
                "README.md:\(block.line), the output shown for snippet \(reference),",
                fix: "Copy the `// Prints:` block of Snippets/\(reference).swift into the README.")
            checked += 1
        }
        #expect(checked > 0, "README.md shows no snippet's output")
    }

    @Test("a text block marked as a snippet's output appears in that output")
    func markedOutputBlocksMatch() throws {
        for block in ReadmeBlock.all(in: try Self.readme()) {
            guard case .output(let reference) = block.source else { continue }
            #expect(block.language == "text", "README.md:\(block.line): `<!-- output: -->` marks a text block")
            let snippet = try SnippetFile.load(reference)
            let output = snippet.expectedOutput
            let found =
                block.lines.isEmpty
                || (0...max(0, output.count - block.lines.count)).contains { start in
                    start + block.lines.count <= output.count
                        && Array(output[start..<(start + block.lines.count)]) == block.lines
                }
            #expect(
                found,
                """
                README.md:\(block.line): these lines do not appear, in a row, in the output of snippet \(reference):
                \(block.lines.joined(separator: "\n"))
                """)
        }
    }

    @Test("every snippet is listed in the README with the command that runs it")
    func snippetsAreListed() throws {
        let text = try Self.readme()
        for reference in SnippetFile.allReferences() {
            let name = reference.split(separator: "/").last.map(String.init) ?? reference
            let listed = text.contains("swift run \(name)")
            #expect(listed, "README.md does not list snippet \(reference) (`swift run \(name)`)")
        }
    }

    /// The references of the snippets the README shows, for the tests that take one argument per block.
    static func shownSnippets() -> [String] {
        guard let text = try? readme() else { return [] }
        return ReadmeBlock.all(in: text).compactMap { block in
            guard block.language == "swift", case .snippet(let reference) = block.source else { return nil }
            return reference
        }
    }

    @Test(
        "every snippet block compiles on its own, with its own imports, or its comments name where its other names come from",
        arguments: shownSnippets())
    func blockCompilesAlone(reference: String) throws {
        let blocks = ReadmeBlock.all(in: try Self.readme())
        guard let block = blocks.first(where: { $0.source == .snippet(reference) }) else {
            Issue.record("README.md no longer shows snippet \(reference)")
            return
        }
        for problem in try typecheckAlone(block.lines, at: "README.md", line: block.line, imports: []) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test("the quick start's manifest names this package's library products, from a path that ends in its name")
    func manifest() throws {
        let blocks = ReadmeBlock.all(in: try Self.readme())
        guard let block = blocks.first(where: { $0.lines.contains { $0.contains(".package(") } }) else {
            Issue.record("README.md shows no manifest with a `.package(...)` dependency")
            return
        }
        let manifest = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = Set(quoted(after: ".library(name: ", in: manifest))
        let packageName = quoted(after: "Package(\n    name: ", in: manifest).first
        #expect(packageName == "CellKit")
        let text = block.lines.joined(separator: "\n")
        let paths = quoted(after: ".package(path: ", in: text)
        #expect(
            paths.count == 1 && paths.allSatisfy { $0.hasSuffix("/CellKit") },
            "README.md:\(block.line): the dependency should be a path ending in /CellKit (its last component is the package's identity): \(paths)"
        )
        let products = quoted(after: ".product(name: ", in: text)
        #expect(
            Set(products) == libraries,
            "README.md:\(block.line) names the products \(products.sorted()); the library products are \(libraries.sorted())"
        )
        let packages = quoted(after: ", package: ", in: text)
        #expect(
            packages.count == products.count && packages.allSatisfy { $0 == "CellKit" },
            "README.md:\(block.line): every product comes from package \"CellKit\": \(packages)")
        func platformsLine(_ lines: [String]) -> String? {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("platforms: [") }
        }
        let platforms = platformsLine(manifest.components(separatedBy: "\n"))
        let shownPlatforms = platformsLine(block.lines)
        #expect(
            platforms != nil && platforms == shownPlatforms,
            "README.md:\(block.line): the manifest's `platforms:` line should be the package's: \(platforms ?? "none")")
        let tagged = text.contains("from:") || text.contains("exact:")
        #expect(
            !tagged,
            "README.md:\(block.line): the package has no release tag yet, so a version requirement cannot resolve")
        // Getting started shows the same manifest: a reader of either adds the same products.
        let article = "Sources/CellKit/CellKit.docc/GettingStarted.md"
        let articleText = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent(article), encoding: .utf8)
        let shown = ArticleBlock.all(in: articleText, file: article).filter {
            $0.lines.contains { $0.contains(".package(") }
        }
        #expect(shown.count == 1, "\(article) should show one manifest, the README's")
        for other in shown {
            #expect(
                other.lines == block.lines,
                "\(other.place): the manifest differs from README.md:\(block.line)'s; show the same one")
        }
    }

    /// Messages of `precondition`s that no use of the public API can reach, with the reason.
    static let unreachablePreconditions = [
        // `_castValue`: the data source checks the value's type with the registration's `accepts` first.
        "A registration for … cannot configure a value of type …"
    ]

    @Test("\"Programmer errors (traps)\" in the Errors article quotes every precondition in the library modules, once")
    func programmerErrorsAreListed() throws {
        let text = try String(contentsOf: Paths.errorsArticle, encoding: .utf8)
        guard let start = text.range(of: "### Programmer errors (traps)") else {
            Issue.record("Errors.md has no \"### Programmer errors (traps)\" section")
            return
        }
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        // Markdown wraps lines, also inside a code span: compare with runs of whitespace as one space.
        let listed = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let messages = preconditionMessages(inModules: [
            "DiffableStore", "CellKit", "CellKitPlugins", "CellKitText", "CellKitTesting", "CellKitUIKit",
        ])
        #expect(messages.count >= 10, "found only \(messages.count) preconditions; is the source scan broken?")
        for (message, place) in messages where !Self.unreachablePreconditions.contains(message) {
            let quotes = listed.components(separatedBy: "`\(message)`").count - 1
            #expect(
                quotes > 0,
                "\(place): the precondition `\(message)` is not quoted under \"Programmer errors (traps)\" in Sources/CellKit/CellKit.docc/Errors.md; say when a user can hit it, or add it to unreachablePreconditions with the reason"
            )
            #expect(
                quotes <= 1,
                "the precondition `\(message)` is quoted \(quotes) times under \"Programmer errors (traps)\" in Sources/CellKit/CellKit.docc/Errors.md; list each trap once"
            )
        }
        for message in Self.unreachablePreconditions {
            let exists = messages.contains { $0.message == message }
            #expect(exists, "unreachablePreconditions lists `\(message)`, which is no longer in the sources")
        }
    }

    @Test("precondition messages are read from source, with … for each interpolation")
    func preconditionScan() {
        let found = preconditionMessages(
            in: #"""
                precondition(x >= 0,
                             "Index \(x) is out of range for \(f(a, (b))) items")
                /// precondition(false, "in a doc comment")
                preconditionFailure("No \(what) is registered for \"\(key.name)\"")
                """#, file: "Example.swift")
        #expect(found.map(\.message) == ["Index … is out of range for … items", #"No … is registered for "…""#])
        #expect(found.map(\.place) == ["Example.swift:1", "Example.swift:4"])
    }

    @Test("CONTRIBUTING.md's example of the snippet format is a valid snippet")
    func formatExample() throws {
        let text = try String(contentsOf: Paths.contributing, encoding: .utf8)
        guard let start = text.range(of: "## Snippets are the docs") else {
            Issue.record("CONTRIBUTING.md has no \"## Snippets are the docs\" section")
            return
        }
        guard
            let example = ReadmeBlock.all(in: String(text[start.upperBound...])).first(where: { $0.language == "swift" }
            )
        else {
            Issue.record("the contributor note has no example snippet")
            return
        }
        let snippet = try SnippetFile(parsing: example.lines.joined(separator: "\n"), reference: "README/Example")
        #expect(snippet.expectedOutput == [#"the code the reader sees"#])
    }

    @Test("the README is a front door: at most 400 lines, with install, quick start, tasks and links in that order")
    func frontDoor() throws {
        let text = try Self.readme()
        let lines = text.components(separatedBy: "\n").count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 400, "README.md has \(lines) lines; depth goes to a DocC article or CONTRIBUTING.md")
        let headings = [
            "## Why", "## Install", "## Quick start", "## The two commands", "## Tasks", "## Where to go next",
        ]
        let places = headings.map { text.range(of: "\n\($0)\n")?.lowerBound }
        for (heading, place) in zip(headings, places) where place == nil {
            Issue.record("README.md has no \"\(heading)\" section")
        }
        let found = places.compactMap { $0 }
        #expect(found == found.sorted(), "README.md's sections should come in the order \(headings)")
    }

    @Test("the README gives the two commands")
    func commands() throws {
        let text = try Self.readme()
        for command in ["swift run cellkit-demo", "swift test"] {
            let given = text.contains(command)
            #expect(given, "README.md does not give the command `\(command)`")
        }
    }

    @Test("README blocks are found with their markers")
    func parsing() {
        let blocks = ReadmeBlock.all(
            in: """
                <!-- snippet: Basics/Greeting -->
                ```swift
                print("hello")
                ```

                ```text
                hello
                ```
                text
                <!-- unchecked: UIKit only -->
                ```swift
                import UIKit
                ```
                ```swift
                let x = 1
                ```
                <!-- output: Basics/Greeting -->
                ```text
                hello
                ```
                """)
        #expect(blocks.map(\.language) == ["swift", "text", "swift", "swift", "text"])
        #expect(
            blocks.map(\.source) == [
                .snippet("Basics/Greeting"), .none, .unchecked("UIKit only"), .none, .output("Basics/Greeting"),
            ])
        #expect(blocks.map(\.lines) == [[#"print("hello")"#], ["hello"], ["import UIKit"], ["let x = 1"], ["hello"]])
        #expect(blocks.map(\.line) == [2, 6, 11, 14, 18])
        #expect(blocks.map(\.followsPreviousBlock) == [false, true, false, true, false])
    }
}

/// Type-checks a block of Swift alone, after only `imports` (none, for a block that must stand alone), as a
/// reader who copies it would.
///
/// An error `cannot find 'name' in scope` is accepted when a `//` comment in the block (alone on its line or
/// after code) names `` `name` ``
/// (saying where it comes from); every other error is a problem.
///
/// - Parameters:
///   - lines: The block's lines.
///   - file: Where the block is, for messages: `"README.md"`.
///   - line: The line of the block's opening fence in `file`.
///   - imports: Modules imported before the block.
/// - Returns: The problems, each with the line of `file` it is on.
/// - Throws: When `swiftc` cannot be run.
func typecheckAlone(_ lines: [String], at file: String, line: Int, imports: [String]) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ck-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = imports.map { "import \($0)" }
    let source = directory.appendingPathComponent("main.swift")
    try (header + lines).joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "swiftc", "-typecheck", "-swift-version", "6",
        "-I", Paths.products.appendingPathComponent("Modules").path, source.path,
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 127 {
        return ["swiftc is not on PATH, so \(file):\(line) cannot be compiled alone"]
    }

    // The comments: whatever follows `//` on a line, on its own or after code.
    let comments = lines.compactMap { line in line.range(of: "//").map { line[$0.upperBound...] } }.joined(
        separator: "\n")
    var problems: [String] = []
    for diagnostic in output.components(separatedBy: "\n") {
        // main.swift:12:5: error: cannot find 'list' in scope
        let parts = diagnostic.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].hasSuffix("main.swift"), parts[3] == " error",
            let number = Int(parts[1])
        else { continue }
        let message = parts[4].trimmingCharacters(in: .whitespaces)
        if let name = missingName(in: message), comments.contains("`\(name)`") { continue }
        let place = line + number - header.count
        problems.append(
            "\(file):\(place): \(message) (the block is compiled alone, with only its own imports: import what it uses, define the name in the shown part, or name it in backticks in a comment that says where it comes from)"
        )
    }
    if process.terminationStatus != 0 && problems.isEmpty && !output.contains("error: cannot find") {
        problems.append("\(file):\(line): swiftc failed without an error this test understands:\n\(output)")
    }
    return problems
}

/// Why the excerpt of `reference` whose fence is at `fenceLine` (1-based) in `text` does not name its
/// snippet, or `nil` when it does: the text between the last heading before the block and the block
/// (outside code blocks) must name `` `Concept/TaskName` `` or `` `swift run TaskName` ``, since an excerpt
/// uses names its shown lines do not define, and a reader needs to know where the rest is.
func unnamedExcerpt(_ reference: String, fenceLine: Int, in text: String) -> String? {
    let lines = text.components(separatedBy: "\n")
    let name = reference.split(separator: "/").last.map(String.init) ?? reference
    var prose: [String] = []
    var inCode = false
    for line in lines.prefix(max(0, fenceLine - 1)) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("```") {
            inCode.toggle()
            continue
        }
        if inCode { continue }
        if trimmed.hasPrefix("#") { prose = [] } else { prose.append(line) }
    }
    let joined = prose.joined(separator: " ")
    if joined.contains("`\(reference)`") || joined.contains("`swift run \(name)`") { return nil }
    return "the text before this excerpt of \(reference) (since the last heading) does not name the snippet: "
        + "say `\(reference)` or `swift run \(name)`, so a reader finds the rest of the code"
}

/// The name in `cannot find 'name' in scope` or `cannot find type 'name' in scope`.
private func missingName(in message: String) -> String? {
    for prefix in ["cannot find '", "cannot find type '"] where message.hasPrefix(prefix) {
        let rest = message.dropFirst(prefix.count)
        guard let end = rest.firstIndex(of: "'"), rest[end...] == "' in scope" else { return nil }
        return String(rest[..<end])
    }
    return nil
}

/// The message of every `precondition` and `preconditionFailure` in the sources of some modules, with each
/// interpolation written `…`, and where it is.
func preconditionMessages(inModules modules: [String]) -> [(message: String, place: String)] {
    var result: [(message: String, place: String)] = []
    for module in modules {
        let root = Paths.packageRoot.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in files where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let relative = "Sources/\(module)/" + url.path.dropFirst(root.path.count + 1)
            result += preconditionMessages(in: text, file: relative)
        }
    }
    return result.sorted { $0.place < $1.place }
}

/// The messages of the `precondition(…, "…")` and `preconditionFailure("…")` calls in Swift source (outside
/// `//` comments): the first string literal after the call, interpolations written `…`, escapes undone.
func preconditionMessages(in text: String, file: String) -> [(message: String, place: String)] {
    let lines = text.components(separatedBy: "\n")
    var result: [(message: String, place: String)] = []
    for (index, line) in lines.enumerated() {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        guard code.contains("precondition(") || code.contains("preconditionFailure(") else { continue }
        // The literal may start on a following line.
        let rest = ([code] + lines[(index + 1)...].prefix(3)).joined(separator: "\n")
        guard let open = rest.firstIndex(of: "\"") else { continue }
        var message = ""
        var position = rest.index(after: open)
        scan: while position < rest.endIndex {
            let character = rest[position]
            if character == "\"" { break scan }
            if character == "\\" {
                let next = rest.index(after: position)
                guard next < rest.endIndex else { break scan }
                if rest[next] == "(" {
                    // Skip to the parenthesis that closes the interpolation.
                    var depth = 0
                    var cursor = next
                    while cursor < rest.endIndex {
                        if rest[cursor] == "(" { depth += 1 }
                        if rest[cursor] == ")" { depth -= 1; if depth == 0 { break } }
                        cursor = rest.index(after: cursor)
                    }
                    message += "…"
                    position = rest.index(after: min(cursor, rest.index(before: rest.endIndex)))
                    continue
                }
                message.append(rest[next] == "n" ? "\n" : rest[next])
                position = rest.index(after: next)
                continue
            }
            message.append(character)
            position = rest.index(after: position)
        }
        result.append((message, "\(file):\(index + 1)"))
    }
    return result
}

/// The string literal after each occurrence of `prefix` (`prefix` ends just before the opening quote).
func quoted(after prefix: String, in text: String) -> [String] {
    text.components(separatedBy: prefix).dropFirst().compactMap { rest in
        guard rest.first == "\"" else { return nil }
        return rest.dropFirst().split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
}
