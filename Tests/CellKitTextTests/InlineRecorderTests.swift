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
                list.render(), with: "", label: "render()", record: false, recordingInto: path,
                fileID: #fileID, filePath: #filePath, line: 3, column: 9)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded what the list renders") }
        }
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
        let recorded = literalText(lines[3...5])
        #expect(recorded == "\n")
        // The next run compares against the recorded text: no issue.
        compare(
            list.render(), with: recorded, label: "render()", record: false, recordingInto: path,
            fileID: #fileID, filePath: #filePath, line: 3, column: 9)
    }
}
