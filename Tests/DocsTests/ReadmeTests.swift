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
            let follows = lastClose >= 0
                && lines[(lastClose + 1)..<fence].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            lastClose = index
            index += 1
            blocks.append(ReadmeBlock(
                language: String(trimmed.dropFirst(3)), line: fence + 1,
                source: marker(fence > 0 ? lines[fence - 1] : ""), lines: body, followsPreviousBlock: follows))
        }
        return blocks
    }

    private static func marker(_ line: String) -> Source {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return .none }
        let inner = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        for (prefix, make) in [("snippet:", Source.snippet), ("output:", Source.output), ("unchecked:", Source.unchecked)] {
            if inner.hasPrefix(prefix) {
                return make(inner.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
            }
        }
        return .none
    }
}

/// The README's code cannot rot: every Swift block is a snippet's shown part, or says why it is not checked.
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
            case .snippet: break
            case .output:
                Issue.record("README.md:\(block.line): `<!-- output: -->` marks a text block, not a Swift block")
            case .unchecked(let reason):
                #expect(!reason.isEmpty, "README.md:\(block.line): `<!-- unchecked: -->` needs a reason")
            case .none:
                Issue.record("""
                    README.md:\(block.line): a Swift block needs `<!-- snippet: Concept/TaskName -->` (checked against \
                    the snippet) or `<!-- unchecked: reason -->` on the line before its fence
                    """)
            }
        }
    }

    @Test("the quick start is a checked snippet")
    func quickStartIsChecked() throws {
        let text = try Self.readme()
        guard let start = text.range(of: "## Quick start") else {
            Issue.record("README.md has no \"## Quick start\" section")
            return
        }
        let blocks = ReadmeBlock.all(in: String(text[start.upperBound...])).filter { $0.language == "swift" }
        guard let first = blocks.first else {
            Issue.record("the quick start has no Swift block")
            return
        }
        guard case .snippet = first.source else {
            Issue.record("the quick start's first Swift block is not marked `<!-- snippet: ... -->`")
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
                Issue.record("README.md:\(block.line) names snippet \(reference), but there is no Snippets/\(reference).swift")
                continue
            }
            let snippet = try SnippetFile.load(reference)
            expectLines(
                block.lines, equal: snippet.shownLines, "README.md:\(block.line), the block for snippet \(reference),",
                fix: "Copy the shown part of Snippets/\(reference).swift (without hidden regions and markers) into the README.")
            checked += 1
        }
        #expect(checked > 0, "README.md checks no snippet")
    }

    @Test("a text block right after a snippet's block is that snippet's output")
    func outputBlocksMatch() throws {
        let blocks = ReadmeBlock.all(in: try Self.readme())
        var checked = 0
        for (index, block) in blocks.enumerated() where index > 0 && block.language == "text" && block.followsPreviousBlock {
            guard case .snippet(let reference) = blocks[index - 1].source,
                  SnippetFile.allReferences().contains(reference) else { continue }
            let snippet = try SnippetFile.load(reference)
            expectLines(
                block.lines, equal: snippet.expectedOutput, "README.md:\(block.line), the output shown for snippet \(reference),",
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
            let found = block.lines.isEmpty || (0...max(0, output.count - block.lines.count)).contains { start in
                start + block.lines.count <= output.count && Array(output[start..<(start + block.lines.count)]) == block.lines
            }
            #expect(found, """
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

    @Test("the README's example of the snippet format is a valid snippet")
    func formatExample() throws {
        let text = try Self.readme()
        guard let start = text.range(of: "## Contributing") else {
            Issue.record("README.md has no \"## Contributing\" section")
            return
        }
        guard let example = ReadmeBlock.all(in: String(text[start.upperBound...])).first(where: { $0.language == "swift" }) else {
            Issue.record("the contributor note has no example snippet")
            return
        }
        let snippet = try SnippetFile(parsing: example.lines.joined(separator: "\n"), reference: "README/Example")
        #expect(snippet.expectedOutput == [#"the code the reader sees"#])
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
        let blocks = ReadmeBlock.all(in: """
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
        #expect(blocks.map(\.source) == [.snippet("Basics/Greeting"), .none, .unchecked("UIKit only"), .none, .output("Basics/Greeting")])
        #expect(blocks.map(\.lines) == [[#"print("hello")"#], ["hello"], ["import UIKit"], ["let x = 1"], ["hello"]])
        #expect(blocks.map(\.line) == [2, 6, 11, 14, 18])
        #expect(blocks.map(\.followsPreviousBlock) == [false, true, false, true, false])
    }
}
