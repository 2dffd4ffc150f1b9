import Foundation
import Testing

/// A fenced block of a DocC article (`Sources/<Module>/<Module>.docc/*.md`) and what the comment on the
/// line before its fence says it is. DocC shows nothing of an HTML comment.
struct ArticleBlock: Sendable {
    enum Source: Sendable, Equatable {
        /// `<!-- snippet: Concept/TaskName -->`: the block is that snippet's shown part.
        case snippet(String)
        /// `<!-- excerpt: Concept/TaskName -->`: the block is runs of that snippet's shown lines, in order,
        /// separated by a line `// ...`.
        case excerpt(String)
        /// `<!-- output: Concept/TaskName -->`: the lines appear, in a row, in that snippet's output.
        case output(String)
        /// `<!-- test: Tests/Target/File.swift -->`: the block is runs of that test file's lines (a test
        /// `swift test` runs), in order, separated by a line `// ...`, as an excerpt's are.
        case test(String)
        /// `<!-- unchecked: reason -->`: not checked, on purpose.
        case unchecked(String)
        /// No marker.
        case none
    }

    /// Where the block is, for messages: `Sources/CellKit/CellKit.docc/GettingStarted.md:42`.
    var place: String
    var language: String
    var source: Source
    var lines: [String]

    /// The line that separates the runs of an excerpt.
    static let gap = "// ..."

    /// Every fenced block of every article of every library module's catalog.
    static func all() throws -> [ArticleBlock] {
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        var blocks: [ArticleBlock] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent(module + ".docc")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".md") {
                let relative = "Sources/\(module)/\(module).docc/\(file)"
                let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
                blocks += all(in: text, file: relative)
            }
        }
        return blocks
    }

    /// The fenced blocks of one article's text.
    static func all(in text: String, file: String) -> [ArticleBlock] {
        let lines = text.components(separatedBy: "\n")
        return ReadmeBlock.all(in: text).map { block in
            let fence = block.line - 1
            return ArticleBlock(
                place: "\(file):\(block.line)", language: block.language,
                source: marker(fence > 0 ? lines[fence - 1] : ""), lines: block.lines)
        }
    }

    private static func marker(_ line: String) -> Source {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return .none }
        let inner = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        let kinds: [(String, (String) -> Source)] = [
            ("snippet:", Source.snippet), ("excerpt:", Source.excerpt), ("output:", Source.output),
            ("test:", Source.test), ("unchecked:", Source.unchecked),
        ]
        for (prefix, make) in kinds where inner.hasPrefix(prefix) {
            return make(inner.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
        }
        return .none
    }

    /// Why `lines` is not an excerpt of `shown`, or `nil` when it is: split at ``gap`` lines, every run
    /// must appear, in a row, in `shown`, each after the one before it.
    static func excerptProblem(_ lines: [String], of shown: [String]) -> String? {
        let runs = lines.split(omittingEmptySubsequences: false) {
            $0.trimmingCharacters(in: .whitespaces) == gap
        }
        var start = 0
        for run in runs {
            guard !run.isEmpty else { return "a `\(gap)` line at the start, at the end or twice in a row" }
            guard let found = firstRow(of: Array(run), in: shown, from: start) else {
                return "these lines do not appear, in a row, in the shown part (after the lines before them):\n"
                    + run.joined(separator: "\n")
            }
            start = found + run.count
        }
        return nil
    }

    /// The first index at or after `start` where `run` appears, in a row, in `lines`.
    static func firstRow(of run: [String], in lines: [String], from start: Int) -> Int? {
        guard run.count <= lines.count - start else { return nil }
        return (start...(lines.count - run.count)).first { Array(lines[$0..<($0 + run.count)]) == run }
    }
}

/// The DocC articles' code cannot rot: every block is a snippet, an excerpt of one, or a snippet's output,
/// checked against the snippet that `swift test` runs; or it says why it is not checked.
@Suite("DocC articles")
struct DocCArticleTests {
    @Test("every fenced block is marked as a snippet, an excerpt, an output or unchecked with a reason")
    func blocksAreMarked() throws {
        let blocks = try ArticleBlock.all()
        #expect(blocks.count >= 10, "found only \(blocks.count) blocks in the DocC articles; is the scan broken?")
        let references = Set(SnippetFile.allReferences())
        for block in blocks {
            switch block.source {
            case .snippet(let reference), .excerpt(let reference), .output(let reference):
                #expect(
                    references.contains(reference),
                    "\(block.place) names snippet \(reference), but there is no Snippets/\(reference).swift")
                let isSwift = block.source == .output(reference) ? block.language == "text" : block.language == "swift"
                #expect(isSwift, "\(block.place): snippet and excerpt blocks are Swift, output blocks are text")
            case .test(let path):
                let exists = FileManager.default.fileExists(
                    atPath: Paths.packageRoot.appendingPathComponent(path).path)
                #expect(
                    exists && path.hasPrefix("Tests/"), "\(block.place) names test file \(path), which is not in Tests/"
                )
                #expect(block.language == "swift", "\(block.place): a test file's block is Swift")
            case .unchecked(let reason):
                #expect(!reason.isEmpty, "\(block.place): `<!-- unchecked: -->` needs a reason")
            case .none:
                Issue.record(
                    """
                    \(block.place): a block needs `<!-- snippet: Concept/TaskName -->`, `<!-- excerpt: ... -->`, \
                    `<!-- output: ... -->` or `<!-- unchecked: reason -->` on the line before its fence
                    """)
            }
        }
    }

    @Test("a snippet block equals the snippet's shown part")
    func snippetBlocksMatch() throws {
        for block in try ArticleBlock.all() {
            guard case .snippet(let reference) = block.source,
                SnippetFile.allReferences().contains(reference)
            else { continue }
            let snippet = try SnippetFile.load(reference)
            expectLines(
                block.lines, equal: snippet.shownLines, "\(block.place), the block for snippet \(reference),",
                fix: "Copy the shown part of Snippets/\(reference).swift, or mark the block `excerpt:`.")
        }
    }

    @Test("an excerpt is runs of the snippet's shown lines, in order")
    func excerptsMatch() throws {
        var checked = 0
        for block in try ArticleBlock.all() {
            guard case .excerpt(let reference) = block.source,
                SnippetFile.allReferences().contains(reference)
            else { continue }
            let snippet = try SnippetFile.load(reference)
            if let problem = ArticleBlock.excerptProblem(block.lines, of: snippet.shownLines) {
                Issue.record("\(block.place), an excerpt of snippet \(reference): \(problem)")
            }
            checked += 1
        }
        #expect(checked > 0, "the DocC articles show no excerpt")
    }

    @Test("a test file's block is runs of the test file's lines, in order")
    func testFileBlocksMatch() throws {
        var checked = 0
        for block in try ArticleBlock.all() {
            guard case .test(let path) = block.source,
                let text = try? String(contentsOf: Paths.packageRoot.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            if let problem = ArticleBlock.excerptProblem(block.lines, of: text.components(separatedBy: "\n")) {
                Issue.record("\(block.place), an excerpt of \(path): \(problem)")
            }
            checked += 1
        }
        #expect(checked > 0, "the DocC articles show no test file")
    }

    @Test("an output block is a run of the snippet's expected output")
    func outputBlocksMatch() throws {
        for block in try ArticleBlock.all() {
            guard case .output(let reference) = block.source,
                SnippetFile.allReferences().contains(reference)
            else { continue }
            let output = try SnippetFile.load(reference).expectedOutput
            // The `// Prints:` block cannot keep trailing spaces; neither does the comparison.
            let lines = outputLines(block.lines.joined(separator: "\n") + "\n")
            #expect(
                !lines.isEmpty && ArticleBlock.firstRow(of: lines, in: output, from: 0) != nil,
                """
                \(block.place): these lines do not appear, in a row, in the output of snippet \(reference):
                \(lines.joined(separator: "\n"))
                """)
        }
    }

    /// The places of the articles' snippet blocks, for the test that takes one argument per block.
    static func snippetBlockPlaces() -> [String] {
        ((try? ArticleBlock.all()) ?? []).compactMap { block in
            guard case .snippet = block.source else { return nil }
            return block.place
        }
    }

    @Test(
        "every snippet block of an article compiles on its own, with its own imports",
        arguments: snippetBlockPlaces())
    func snippetBlockCompilesAlone(place: String) throws {
        guard let block = try ArticleBlock.all().first(where: { $0.place == place }) else {
            Issue.record("\(place) no longer holds a snippet block")
            return
        }
        let file = String(place.prefix { $0 != ":" })
        let line = Int(place.split(separator: ":").last ?? "") ?? 0
        for problem in try typecheckAlone(block.lines, at: file, line: line, imports: []) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test("the text before an excerpt names its snippet, so a reader finds the code it leaves out")
    func excerptsNameTheirSnippet() throws {
        var checked = 0
        for block in try ArticleBlock.all() {
            guard case .excerpt(let reference) = block.source else { continue }
            let file = String(block.place.prefix { $0 != ":" })
            let line = Int(block.place.split(separator: ":").last ?? "") ?? 0
            let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent(file), encoding: .utf8)
            if let problem = unnamedExcerpt(reference, fenceLine: line, in: text) {
                Issue.record("\(block.place): \(problem)")
            }
            checked += 1
        }
        #expect(checked > 0, "the DocC articles show no excerpt")
    }

    @Test("the site's landing page has an overview, a start-here path and a module map, and every link resolves")
    func landingPage() throws {
        let text = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent("scripts/landing-page.md"), encoding: .utf8)
        for heading in ["## Overview", "### Start here", "### Module map"] {
            #expect(text.contains("\n\(heading)\n"), "scripts/landing-page.md has no \"\(heading)\"")
        }
        let script = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent("scripts/build-docs"), encoding: .utf8)
        let modules =
            script.components(separatedBy: "\n").first { $0.hasPrefix("modules=(") }
            .map { $0.dropFirst("modules=(".count).prefix { $0 != ")" }.split(separator: " ").map(String.init) } ?? []
        #expect(modules.count == 7, "scripts/build-docs builds \(modules)")
        let map = text.components(separatedBy: "### Module map").last ?? ""
        for module in modules {
            #expect(map.contains("- <doc:\(module)>"), "the landing page's module map has no line for \(module)")
        }
        // <doc:Module> or <doc:Module/Article>: a module built by the script, an article of its catalog.
        let links = text.components(separatedBy: "<doc:").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(links.count >= modules.count)
        for link in links {
            let parts = link.split(separator: "/").map(String.init)
            #expect(parts.count <= 2 && modules.contains(parts[0]), "<doc:\(link)> names no module the script builds")
            if parts.count == 2 {
                let article = "Sources/\(parts[0])/\(parts[0]).docc/\(parts[1]).md"
                let exists = FileManager.default.fileExists(
                    atPath: Paths.packageRoot.appendingPathComponent(article).path)
                #expect(exists, "<doc:\(link)> on the landing page: there is no \(article)")
            }
        }
    }

    @Test("an excerpt that does not name its snippet is found")
    func unnamedExcerptIsFound() {
        let text = """
            ### A task

            The snippet `Lists/Example` shows it:

            ```swift
            list.scrollToEnd()
            ```

            ### Another task

            Here without a name:

            ```swift
            list.scrollToEnd()
            ```
            """
        #expect(unnamedExcerpt("Lists/Example", fenceLine: 5, in: text) == nil)
        #expect(unnamedExcerpt("Lists/Example", fenceLine: 13, in: text) != nil)
        #expect(unnamedExcerpt("Lists/Other", fenceLine: 5, in: text) != nil)
    }

    @Test("the excerpt check refuses a changed line, runs out of order and a stray gap")
    func excerptCheckRefusesMismatches() {
        let shown = ["let a = 1", "let b = 2", "let c = 3", "print(a + b + c)"]
        #expect(ArticleBlock.excerptProblem(["let b = 2", "let c = 3"], of: shown) == nil)
        #expect(ArticleBlock.excerptProblem(["let a = 1", "// ...", "print(a + b + c)"], of: shown) == nil)
        #expect(ArticleBlock.excerptProblem(["let b = 3"], of: shown) != nil)
        #expect(ArticleBlock.excerptProblem(["let a = 1", "let c = 3"], of: shown) != nil)
        #expect(ArticleBlock.excerptProblem(["let c = 3", "// ...", "let a = 1"], of: shown) != nil)
        #expect(ArticleBlock.excerptProblem(["// ...", "let a = 1"], of: shown) != nil)
    }
}
