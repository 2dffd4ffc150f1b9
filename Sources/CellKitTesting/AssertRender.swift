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
/// ```swift
/// assertRender(list, """
///     Fruit
///     Apple
///     Pear
///     """)
/// ```
///
/// - Parameters:
///   - host: The list view; its ``CellKitText/TextListView/render()`` is compared.
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
    guard let report = LineDiff.report(expected: expected, actual: host.render()) else { return }
    recordFailure("render() " + report, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every row of a list view renders as expected; on a mismatch, records a failure with a
/// line diff at the caller's file and line.
///
/// Like ``assertRender(_:_:fileID:filePath:line:column:)``, for ``CellKitText/TextListView/renderAll()``.
///
/// - Parameters:
///   - host: The list view; its ``CellKitText/TextListView/renderAll()`` is compared.
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
    guard let report = LineDiff.report(expected: expected, actual: host.renderAll()) else { return }
    recordFailure("renderAll() " + report, fileID: fileID, filePath: filePath, line: line, column: column)
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
