@testable import CellKitTesting
import CellKitText
import Foundation
import Testing

/// Record mode: the render is written into the test source, in place of the expectation literal.
@Suite("Recording expectations inline")
@MainActor
struct InlineRecorderTests {
    static let source = """
        struct ScreenTests {
            func screen() {
                assertRender(list, "")
                assertRender(list, \"\"\"
                    old
                    lines
                    \"\"\")
                assertRenderAll(list, "x \\" y")
                assertRender(list, expected)
            }
        }
        """

    /// A fresh copy of ``source`` in a temporary file.
    func makeFile() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("InlineRecorderTests-\(UUID().uuidString).swift").path
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The text a multi-line literal holds: its lines with the closing delimiter's indentation removed.
    func literalText(_ lines: ArraySlice<Substring>) -> String {
        let indent = lines.last!.prefix { $0 == " " }.count
        return lines.dropLast().map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    @Test("an empty expectation, a multi-line one and a one-line one are replaced, each at its own call, in one run")
    func recordsAtEachCall() throws {
        let path = try makeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Lines and columns as compiled: the calls are on lines 3, 4 and 8, at column 9.
        try InlineRecorder.record("Apple   \nPear    ", inFileAt: path, line: 3, column: 9)
        try InlineRecorder.record("Fig", inFileAt: path, line: 4, column: 9)
        try InlineRecorder.record("a\\b\n\nc", inFileAt: path, line: 8, column: 9)
        let recorded = try read(path)
        #expect(
            recorded == """
                struct ScreenTests {
                    func screen() {
                        assertRender(list, \"\"\"
                            Apple
                            Pear
                            \"\"\")
                        assertRender(list, \"\"\"
                            Fig
                            \"\"\")
                        assertRenderAll(list, #\"\"\"
                            a\\b

                            c
                            \"\"\"#)
                        assertRender(list, expected)
                    }
                }
                """)
        // What each literal now holds is what was rendered, trailing spaces aside: the next run passes.
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(LineDiff.report(expected: literalText(lines[3...5]), actual: "Apple   \nPear    ") == nil)
        #expect(literalText(lines[10...13]) == "a\\b\n\nc")
    }

    @Test("an expectation that is not a literal is left alone, and the failure says why")
    func notALiteral() throws {
        let path = try makeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: InlineRecorder.Failure.self) {
            try InlineRecorder.record("Apple", inFileAt: path, line: 9, column: 9)
        }
        #expect(try read(path) == Self.source)
    }

    @Test("recording fails the test once, saying it recorded; the recorded expectation then passes")
    func failsOnce() throws {
        let path = try makeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = TextListView(width: 8, height: 2)
        withKnownIssue {
            compare(
                list.render(), with: "", assertion: .viewport, record: .missing, recordingInto: path,
                fileID: #fileID, filePath: #filePath, line: 3, column: 9)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded what the list renders") }
        }
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
        let recorded = literalText(lines[3...5])
        #expect(recorded == "\n")
        // The next run compares against the recorded text: no issue.
        compare(
            list.render(), with: recorded, assertion: .viewport, record: .missing, recordingInto: path,
            fileID: #fileID, filePath: #filePath, line: 3, column: 9)
    }

    // MARK: Calls laid out on several lines

    static let multiLineSource = """
        struct ScreenTests {
            func screen() {
                assertRender(
                    screen.list,
                    \"\"\"
                    old
                    \"\"\")
                assertRender(
                    list,  // the viewport, "quoted", (with a parenthesis
                    /* the expectation: /* nested */ */ "")
                assertRenderAll(list, expected: "Pear")
                assertRender(rows(in: list, "a, b)", [1, 2], "\\(f(")"))"), "x")
                assertRender(list, "a" + suffix)
                assertRender(list)
            }
        }
        """

    /// A fresh copy of `source` in a temporary file.
    func makeFile(_ source: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("InlineRecorderTests-\(UUID().uuidString).swift").path
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the expectation is found on any line of the call: after a line break, a comment, a label or a nested call")
    func recordsIntoMultiLineCalls() throws {
        let path = try makeFile(Self.multiLineSource)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Columns as Swift 6 gives them, the opening parenthesis (lines 3 and 11), or the callee (8 and 12).
        try InlineRecorder.record("Apple\nPear", inFileAt: path, line: 3, column: 21)
        try InlineRecorder.record("Fig", inFileAt: path, line: 8, column: 9)
        try InlineRecorder.record("Plum", inFileAt: path, line: 11, column: 24)
        try InlineRecorder.record("Kiwi", inFileAt: path, line: 12, column: 9)
        #expect(
            try read(path) == """
                struct ScreenTests {
                    func screen() {
                        assertRender(
                            screen.list,
                            \"\"\"
                            Apple
                            Pear
                            \"\"\")
                        assertRender(
                            list,  // the viewport, "quoted", (with a parenthesis
                            /* the expectation: /* nested */ */ \"\"\"
                                Fig
                                \"\"\")
                        assertRenderAll(list, expected: \"\"\"
                            Plum
                            \"\"\")
                        assertRender(rows(in: list, "a, b)", [1, 2], "\\(f(")"))"), \"\"\"
                            Kiwi
                            \"\"\")
                        assertRender(list, "a" + suffix)
                        assertRender(list)
                    }
                }
                """)
    }

    @Test("a call recorded again in the same run (in a loop) replaces its own literal; later calls are still found")
    func recordsOneCallTwice() throws {
        let path = try makeFile(Self.multiLineSource)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try InlineRecorder.record("A\nB\nC", inFileAt: path, line: 3, column: 21)
        try InlineRecorder.record("D\nE", inFileAt: path, line: 3, column: 21)
        try InlineRecorder.record("Fig", inFileAt: path, line: 8, column: 9)
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            Array(lines[2..<14]) == [
                "assertRender(", "screen.list,", "\"\"\"", "D", "E", "\"\"\")", "assertRender(",
                "list,  // the viewport, \"quoted\", (with a parenthesis",
                "/* the expectation: /* nested */ */ \"\"\"", "Fig", "\"\"\")",
                "assertRenderAll(list, expected: \"Pear\")",
            ])
    }

    @Test("a text that holds a closing delimiter gets as many # as it takes")
    func rawDelimiters() {
        #expect(InlineRecorder.multiLineLiteral("plain", indent: "  ") == "\"\"\"\n  plain\n  \"\"\"")
        #expect(InlineRecorder.multiLineLiteral("a\\b", indent: "") == "#\"\"\"\na\\b\n\"\"\"#")
        #expect(InlineRecorder.multiLineLiteral("x\"\"\"#y", indent: "") == "##\"\"\"\nx\"\"\"#y\n\"\"\"##")
        #expect(InlineRecorder.multiLineLiteral("\\#(", indent: "") == "##\"\"\"\n\\#(\n\"\"\"##")
    }

    @Test(
        "a call whose expectation is not a literal alone, or that has none, is left alone; the failure says what to do")
    func notALiteralSaysWhatToDo() throws {
        let path = try makeFile(Self.multiLineSource)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cases: [(line: Int, says: String)] = [
            (13, "is `\"a\" + suffix`, not a string literal; write a literal there (\"\" to start)"),
            (14, "has no expectation argument to record into; give it a string literal"),
            (15, "found no call at line 15"),
        ]
        for (line, says) in cases {
            let failure = #expect(throws: InlineRecorder.Failure.self) {
                try InlineRecorder.record("Apple", inFileAt: path, line: line, column: 9)
            }
            let description = failure?.description ?? ""
            #expect(description.contains(says), "line \(line): \(description)")
        }
        #expect(try read(path) == Self.multiLineSource)
    }

    /// Where a call of this shape is, as the compiler gives it to `assertRender`'s defaults.
    func location(_ list: TextListView, _ expected: String, line: UInt = #line, column: UInt = #column) -> (Int, Int) {
        (Int(line), Int(column))
    }

    @Test("recording at the line and column the compiler gives a call laid out as the README lays it out")
    func recordsAtTheCompilersLocation() throws {
        let list = TextListView(width: 8, height: 2)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        // This file, copied: the call below is recorded into in the copy, at the place the compiler names.
        let path = try makeFile(try read("\(#filePath)"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (line, column) = location(
            list,
            """
            to be recorded
            """)
        try InlineRecorder.record(list.render(), inFileAt: path, line: line, column: column)
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line - 1].hasSuffix("let (line, column) = location("))
        #expect(
            lines[(line + 1)...(line + 4)].map { $0.trimmingCharacters(in: .whitespaces) } == [
                "\"\"\"", "Apple", "Pear", "\"\"\")",
            ])
        _ = dataSource
    }

    // MARK: Record modes

    static let modesSource = """
        @Test func fruits() {
            assertRender(list, "Apple\\nPear")
            assertRender(
                list,
                \"\"\"
                Apple
                Peach
                \"\"\")
            assertRender(list, "")
        }
        """

    /// The calls of ``modesSource``: their line, column (the opening parenthesis) and expectation.
    static let modesCalls: [(line: UInt, column: UInt, expected: String)] = [
        (2, 17, "Apple\nPear"), (3, 17, "Apple\nPeach"), (9, 17, ""),
    ]

    /// Compares `actual` with the expectation of each call of ``modesSource`` in a temporary copy, in a
    /// mode; returns the copy's text afterwards and each call's failure.
    func compareEach(_ actual: String, mode: RecordMode?, environment: [String: String] = [:]) throws -> (
        String, [String?]
    ) {
        let path = try makeFile(Self.modesSource)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var failures: [String?] = []
        for call in Self.modesCalls {
            var failure: String?
            withKnownIssue(isIntermittent: true) {
                failure = compare(
                    actual, with: call.expected, assertion: .viewport, record: mode, recordingInto: path,
                    fileID: #fileID, filePath: #filePath, line: call.line, column: call.column,
                    environment: environment)
            }
            failures.append(failure)
        }
        return (try read(path), failures)
    }

    @Test("failed records the expectations that do not match and the empty one; the passing literal is left alone")
    func failedOnly() throws {
        let (source, failures) = try compareEach("Apple\nPear", mode: .failed)
        #expect(
            source == """
                @Test func fruits() {
                    assertRender(list, "Apple\\nPear")
                    assertRender(
                        list,
                        \"\"\"
                        Apple
                        Pear
                        \"\"\")
                    assertRender(list, \"\"\"
                        Apple
                        Pear
                        \"\"\")
                }
                """)
        #expect(failures[0] == nil, "the passing call failed: \(failures[0] ?? "")")
        #expect(failures[1]?.contains("in place of an expectation that did not match (record mode failed)") == true)
        #expect(failures[1]?.contains("- |Peach\n+ |Pear") == true, "the change is shown: \(failures[1] ?? "")")
        #expect(failures[2]?.contains("in place of the empty expectation") == true)
    }

    @Test("missing, the default, records the empty expectation only; a mismatch fails with its diff")
    func missingOnly() throws {
        for mode in [RecordMode.missing, nil] {
            let (source, failures) = try compareEach("Apple\nPear", mode: mode)
            #expect(source.hasSuffix("    assertRender(list, \"\"\"\n        Apple\n        Pear\n        \"\"\")\n}"))
            #expect(source.contains("Apple\n        Peach"), "the mismatch was recorded over:\n\(source)")
            #expect(failures[0] == nil)
            #expect(failures[1]?.hasPrefix("Rendered text does not match") == true)
            #expect(failures[2]?.contains("recorded what the list renders") == true)
        }
    }

    @Test("never records nothing: an empty expectation fails with a diff, saying how to record it")
    func never() throws {
        let (source, failures) = try compareEach("Apple\nPear", mode: .never)
        #expect(source == Self.modesSource)
        #expect(failures[0] == nil)
        #expect(failures[1]?.contains("+ |Pear") == true)
        #expect(
            failures[2]?.contains(
                "The expectation is empty and the record mode is never, so nothing was recorded; record it with")
                == true)
    }

    @Test("all records every expectation, the passing one too, and fails once at each")
    func all() throws {
        let (source, failures) = try compareEach("Fig", mode: .all)
        #expect(source.components(separatedBy: "Fig").count == 4, "\(source)")
        #expect(!source.contains("Apple"))
        #expect(failures.allSatisfy { $0?.contains("recorded what the list renders") == true })
        // A matching expectation is written again, and fails too, saying so.
        let (same, again) = try compareEach("Apple\nPear", mode: .all)
        #expect(
            same.hasPrefix(
                "@Test func fruits() {\n    assertRender(list, \"\"\"\n        Apple\n        Pear\n        \"\"\")\n"))
        #expect(
            again[0]
                == "assertRender recorded what the list renders at this call (record mode all); run the test again to compare against it"
        )
    }

    @Test("an empty expectation of an empty render passes: there is nothing to record")
    func emptyRenderPasses() throws {
        let (source, failures) = try compareEach("", mode: .missing)
        #expect(source == Self.modesSource)
        #expect(failures[2] == nil)
    }

    @Test("CELLKIT_RECORD chooses the mode; a value that names none fails every assertion, saying what it takes")
    func environment() throws {
        #expect(RecordMode.resolved(nil, environment: ["CELLKIT_RECORD": "failed"]).mode == .failed)
        #expect(RecordMode.resolved(nil, environment: ["CELLKIT_RECORD": "1"]).mode == .all)
        #expect(RecordMode.resolved(nil, environment: ["CELLKIT_RECORD": ""]).mode == .missing)
        #expect(RecordMode.resolved(nil, environment: [:]).mode == .missing)
        #expect(RecordMode.resolved(.never, environment: ["CELLKIT_RECORD": "all"]).mode == .never)
        let (source, failures) = try compareEach("Apple\nPear", mode: nil, environment: ["CELLKIT_RECORD": "yes"])
        #expect(source == Self.modesSource)
        for failure in failures {
            #expect(
                failure?.hasPrefix(
                    "CELLKIT_RECORD is \"yes\", which names no record mode, so nothing was recorded; "
                        + "set it to all, failed, missing or never (1 means all)") == true, "\(failure ?? "")")
        }
    }

    @Test("a failure to record says why, and gives the text as a literal to paste")
    func cannotRecordGivesTheText() throws {
        let path = try makeFile(Self.multiLineSource)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var failure: String?
        withKnownIssue {
            failure = compare(
                "Apple\\n\nPear", with: "Apple", assertion: .viewport, record: .failed, recordingInto: path,
                fileID: #fileID, filePath: #filePath, line: 13, column: 9)
        }
        let file = URL(fileURLWithPath: path).lastPathComponent
        #expect(
            failure == """
                assertRender could not record (record mode failed): the expectation of the call at line 13 of \(file) \
                is `"a" + suffix`, not a string literal; write a literal there ("" to start) to record into, or \
                paste the text below
                What the list renders, as a literal to paste:
                #\"\"\"
                Apple\\n
                Pear
                \"\"\"#
                Rendered text does not match (- expected, + actual):
                - |Apple
                + |Apple\\n
                + |Pear
                (expected 1 line, got 2)
                """)
        #expect(try read(path) == Self.multiLineSource)
    }
}

/// The record mode an assertion uses, set by an argument, a test trait, a scope or the environment.
@Suite("RecordMode")
struct RecordModeTests {
    @Test("CELLKIT_RECORD's values: all, failed, missing, never in any case, 1 for all and 0 for missing")
    func environmentValues() {
        #expect(
            ["all", "failed", "missing", "never", "1", "FAILED"].map(RecordMode.init(environmentValue:)) == [
                .all, .failed, .missing, .never, .all, .failed,
            ])
        #expect(RecordMode(environmentValue: "yes") == nil)
        #expect(RecordMode(environmentValue: "0") == .missing)
        #expect(RecordMode.failed.description == "failed")
    }

    @Test("the record trait sets the mode of a test; an argument wins over it", .record(.never))
    func trait() {
        #expect(RecordMode.current == .never)
        #expect(RecordMode.resolved(nil, environment: ["CELLKIT_RECORD": "all"]).mode == .never)
        #expect(RecordMode.resolved(.all).mode == .all)
    }

    @Test("withRecordMode sets the mode inside it, the innermost winning, and puts it back after")
    func scope() async {
        let outside = RecordMode.current
        withRecordMode(.failed) {
            #expect(RecordMode.current == .failed)
            withRecordMode(.all) { #expect(RecordMode.current == .all) }
            #expect(RecordMode.resolved(nil, environment: ["CELLKIT_RECORD": "never"]).mode == .failed)
        }
        await withRecordMode(.never) {
            await Task.yield()
            #expect(RecordMode.current == .never)
        }
        #expect(RecordMode.current == outside)
    }
}

/// A suite's record trait holds in its tests.
@Suite("A suite with a record trait", .record(.all))
struct RecordTraitOnSuiteTests {
    @Test("a suite's record trait is the mode of its tests")
    func suiteTrait() {
        #expect(RecordMode.current == .all)
    }
}
