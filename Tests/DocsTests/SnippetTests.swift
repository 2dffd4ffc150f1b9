import Foundation
import Testing

/// Every snippet builds (the build fails otherwise), follows the format, and prints what its file says.
@Suite("Snippets")
struct SnippetTests {
    /// The tasks the docs promise a snippet for (issue 5). Adding a snippet needs no change here; removing
    /// or renaming one of these does.
    static let requiredTasks = [
        "Registration/OneLineRegistration",
        "Registration/ClosureRegistration",
        "Lists/MixedItemTypes",
        "Lists/HeadersAndFooters",
        "Updates/AnimatedUpdate",
        "Updates/ReconfigureInPlace",
        "Errors/ErrorReporting",
        "Testing/TestingAListScreen",
    ]

    @Test("the snippets cover every documented task")
    func coverage() {
        let references = Set(SnippetFile.allReferences())
        for task in Self.requiredTasks {
            #expect(references.contains(task), "missing snippet Snippets/\(task).swift")
        }
    }

    @Test("snippet base names are unique, since each names an executable")
    func uniqueNames() {
        let names = SnippetFile.allReferences().map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "snippet base names used more than once: \(repeated)")
    }

    @Test("snippets live one folder deep: Snippets/<Concept>/<TaskName>.swift")
    func layout() {
        for reference in SnippetFile.allReferences() {
            #expect(
                reference.split(separator: "/").count == 2,
                "Snippets/\(reference).swift is not Snippets/<Concept>/<TaskName>.swift")
        }
    }

    @Test("every snippet prints what its file says", arguments: SnippetFile.allReferences())
    func output(reference: String) throws {
        let snippet = try SnippetFile.load(reference)
        let result = try run(snippet.name)
        #expect(
            result.status == 0,
            "snippet \(reference) exited with status \(result.status); stderr:\n\(result.standardError)")
        expectLines(
            outputLines(result.standardOutput), equal: snippet.expectedOutput, "the output of snippet \(reference)",
            fix:
                "Fix the snippet, or update its `// Prints:` block in Snippets/\(reference).swift (run `swift run \(snippet.name)`)."
        )
    }
}

/// The snippet format checker itself: a file that breaks the format is refused, so a snippet without an
/// expected block cannot pass.
@Suite("SnippetFile")
struct SnippetFileTests {
    @Test("a well-formed snippet yields its summary, shown lines and expected output")
    func parses() throws {
        let snippet = try SnippetFile(
            parsing: """
                // Shows a greeting.
                // snippet.hide
                let name = "world"
                // snippet.show

                print("hello, \\(name)")
                print()

                // snippet.hide
                // Prints:
                // hello, world
                //

                """, reference: "Basics/Greeting")
        #expect(snippet.name == "Greeting")
        #expect(snippet.summary == "Shows a greeting.")
        #expect(snippet.shownLines == [#"print("hello, \(name)")"#, "print()"])
        #expect(snippet.expectedOutput == ["hello, world", ""])
    }

    @Test("a snippet without a Prints block is refused")
    func missingExpectedOutput() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(parsing: "// Prints nothing to check.\nprint(1)\n", reference: "Basics/Unchecked")
        }
    }

    @Test("an empty Prints block is refused")
    func emptyExpectedOutput() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing: "// Says nothing.\nprint(1)\n// snippet.hide\n// Prints:\n", reference: "Basics/Empty")
        }
    }

    @Test("a visible Prints block is refused")
    func visibleExpectedOutput() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(parsing: "// Shows one.\nprint(1)\n// Prints:\n// 1\n", reference: "Basics/Visible")
        }
    }

    @Test("code after the Prints block is refused")
    func codeAfterExpectedOutput() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing: "// Shows one.\nprint(1)\n// snippet.hide\n// Prints:\n// 1\nprint(2)\n",
                reference: "Basics/Late")
        }
    }

    @Test("a first line that is not a one-sentence comment is refused")
    func missingSummary() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing: "import CellKit\nprint(1)\n// snippet.hide\n// Prints:\n// 1\n", reference: "Basics/NoSummary")
        }
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing: "// Shows one\n// and more.\nprint(1)\n// snippet.hide\n// Prints:\n// 1\n",
                reference: "Basics/LongSummary")
        }
    }

    @Test("unbalanced hide and show markers are refused")
    func unbalancedMarkers() {
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing: "// Shows one.\n// snippet.show\nprint(1)\n// snippet.hide\n// Prints:\n// 1\n",
                reference: "Basics/Show")
        }
        #expect(throws: SnippetFile.FormatError.self) {
            try SnippetFile(
                parsing:
                    "// Shows one.\n// snippet.hide\n// snippet.hide\nprint(1)\n// snippet.show\nprint(1)\n// snippet.hide\n// Prints:\n// 1\n",
                reference: "Basics/Hide")
        }
    }

    @Test("the line diff marks expected and actual lines")
    func diff() {
        let diff = lineDiff(expected: ["a", "b", "c"], actual: ["a", "x", "c"])
        #expect(diff == "  a\n- b\n+ x\n  c")
    }

    @Test("output lines drop the final newline and trailing spaces only")
    func lines() {
        #expect(outputLines("a  \n  b\n\n") == ["a", "  b", ""])
    }
}
