import CellKitText
import Testing
import XCTest

/// Asserts that a list view's viewport renders as expected; on a mismatch, records a failure with a
/// line diff at the caller's file and line.
///
/// Works in Swift Testing (the failure is an `Issue`) and in XCTest (an `XCTFail`). Trailing spaces
/// are ignored on each line, so the expected text is a plain multi-line string literal; the number of
/// lines must be exactly the view's height.
///
/// # Recording
/// With an empty expectation (`assertRender(list, "")`), or when the environment variable
/// `CELLKIT_RECORD` is `1`, the assertion writes what the list renders into the test's source, in place
/// of the expectation literal at the call site, and fails once saying so; the next run compares against
/// it. The expectation must be a string literal starting on the call's line.
///
/// ```swift
/// assertRender(list, """
///     Fruit
///     Apple
///     Pear
///     """)
/// ```
///
/// - Parameters:
///   - host: The list view; its ``/CellKitText/TextListView/render()`` is compared.
///   - expected: The text expected, one line per viewport line.
///   - fileID: The caller's file ID (default: the caller's).
///   - filePath: The caller's file path (default: the caller's).
///   - line: The caller's line (default: the caller's).
///   - column: The caller's column (default: the caller's).
@MainActor
public func assertRender(
    _ host: TextListView, _ expected: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    compare(
        host.render(), with: expected, label: "render()", record: InlineRecorder.recordsEverything,
        recordingInto: "\(filePath)", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every row of a list view renders as expected; on a mismatch, records a failure with a
/// line diff at the caller's file and line.
///
/// Like ``assertRender(_:_:fileID:filePath:line:column:)``, for ``/CellKitText/TextListView/renderAll()``,
/// recording too.
///
/// - Parameters:
///   - host: The list view; its ``/CellKitText/TextListView/renderAll()`` is compared.
///   - expected: The text expected, one line per line of content.
///   - fileID: The caller's file ID (default: the caller's).
///   - filePath: The caller's file path (default: the caller's).
///   - line: The caller's line (default: the caller's).
///   - column: The caller's column (default: the caller's).
@MainActor
public func assertRenderAll(
    _ host: TextListView, _ expected: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    compare(
        host.renderAll(), with: expected, label: "renderAll()", record: InlineRecorder.recordsEverything,
        recordingInto: "\(filePath)", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Compares a render with its expectation, or records it in place of an empty expectation (or of any,
/// when `record` is set) in the source file at `path`, failing once to say so.
@MainActor
func compare(
    _ actual: String, with expected: String, label: String, record: Bool, recordingInto path: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    guard record || expected.isEmpty else {
        guard let report = LineDiff.report(expected: expected, actual: actual) else { return }
        recordFailure(label + " " + report, fileID: fileID, filePath: filePath, line: line, column: column)
        return
    }
    do {
        try InlineRecorder.record(actual, inFileAt: path, line: Int(line), column: Int(column))
        recordFailure(
            "\(label) recorded what the list renders at this call; run the test again to compare against it",
            fileID: fileID, filePath: filePath, line: line, column: column)
    } catch {
        let report = LineDiff.report(expected: expected, actual: actual).map { "\n" + $0 } ?? ""
        recordFailure(
            "\(label) could not record: \(error)" + report, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

/// Records a test failure at a source location: an `Issue` under Swift Testing, an `XCTFail` otherwise.
///
/// - Parameters:
///   - message: What failed.
///   - fileID: The file ID to report.
///   - filePath: The file path to report.
///   - line: The line to report.
///   - column: The column to report (Swift Testing only).
public func recordFailure(
    _ message: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    if Test.current != nil {
        let location = SourceLocation(
            fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
