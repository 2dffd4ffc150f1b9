import CellKitTesting
import CellKitText
import Testing

@Suite("LineDiff")
struct LineDiffTests {
    @Test("matching texts give no report, trailing spaces ignored")
    func matching() {
        #expect(LineDiff.report(expected: "a\nb", actual: "a\nb") == nil)
        #expect(LineDiff.report(expected: "a\nb", actual: "a   \nb ") == nil)
    }

    @Test("a changed line shows as removed and added, with the lines around it")
    func changedLine() {
        let report = LineDiff.report(expected: "Apple\nPear\nPlum", actual: "Apple\nPeach\nPlum")
        #expect(
            report == """
                Rendered text does not match (- expected, + actual):
                  |Apple
                - |Pear
                + |Peach
                  |Plum
                """)
    }

    @Test("an inserted line shows as one added line, not a shift of everything below")
    func insertedLine() {
        let report = LineDiff.report(expected: "a\nb\nc", actual: "a\nx\nb\nc")
        #expect(
            report == """
                Rendered text does not match (- expected, + actual):
                  |a
                + |x
                  |b
                  |c
                (expected 3 lines, got 4)
                """)
    }

    @Test("long unchanged runs are folded")
    func folding() {
        let expected = (0..<20).map { "line \($0)" }
        var actual = expected
        actual[10] = "changed"
        let report = LineDiff.report(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"))
        #expect(
            report == """
                Rendered text does not match (- expected, + actual):
                  … 7 unchanged lines
                  |line 7
                  |line 8
                  |line 9
                - |line 10
                + |changed
                  |line 11
                  |line 12
                  |line 13
                  … 6 unchanged lines
                """)
    }
}

@Suite("assertRender")
@MainActor
struct AssertRenderTests {
    @Test("a matching rendering passes")
    func passes() {
        let list = TextListView(width: 10, height: 3)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        assertRender(
            list,
            """
            Apple
            Pear

            """)
        assertRenderAll(
            list,
            """
            Apple
            Pear
            """)
        _ = dataSource
    }

    @Test("a mismatch is recorded at the caller's line with a diff")
    func recordsDiff() {
        let list = TextListView(width: 10, height: 2)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        let line = #line + 2
        withKnownIssue {
            assertRender(
                list,
                """
                Apple
                Peach
                """)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
                && text.contains("- |Peach") && text.contains("+ |Pear") && text.contains("  |Apple")
        }
        withKnownIssue {
            assertRenderAll(list, "Apple")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+ |Pear")
        }
        _ = dataSource
    }

    @Test("assertRender's and assertRenderAll's messages read as sentences, with \"line\" singular for one")
    func messages() {
        let list = TextListView(width: 10, height: 2)
        let dataSource = ArrayDataSource([["Apple", "Pear"]], host: list)
        let viewport = """
            Rendered text does not match (- expected, + actual):
              |Apple
            + |Pear
            (expected 1 line, got 2)
            """
        withKnownIssue {
            assertRender(list, "Apple")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [viewport]
        }
        let everyRow = """
            Rendered text of every row does not match (- expected, + actual):
              |Apple
              |Pear
            - |Fig
            (expected 3 lines, got 2)
            """
        withKnownIssue {
            assertRenderAll(list, "Apple\nPear\nFig")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [everyRow]
        }
        _ = dataSource
    }
}
