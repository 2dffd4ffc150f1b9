import CellKitText
import Foundation
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
/// # Recording
/// With an empty expectation (`assertRender(list, "")`), the assertion writes what the list renders
/// into the test's source, in place of the expectation literal at the call site, and fails once saying
/// so; the next run compares against it. The expectation must be a string literal; it may be on any line
/// of the call. `record:`, a ``Testing/Trait/record(_:)`` trait, ``withRecordMode(_:_:)`` or the
/// environment variable `CELLKIT_RECORD` choose another ``RecordMode``: `.failed` records only the
/// expectations that do not match, `.all` every one, `.never` none.
///
/// - Parameters:
///   - host: The list view; its ``/CellKitText/TextListView/render()`` is compared.
///   - expected: The text expected, one line per viewport line.
///   - record: When to write what the list renders in place of `expected`; `nil` (the default) for
///     ``RecordMode/current``.
///   - fileID: The caller's file ID (default: the caller's).
///   - filePath: The caller's file path (default: the caller's).
///   - line: The caller's line (default: the caller's).
///   - column: The caller's column (default: the caller's).
@MainActor
public func assertRender(
    _ host: TextListView, _ expected: String, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    compare(
        host.render(), with: expected, assertion: .viewport, record: record, recordingInto: "\(filePath)",
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every row of a list view renders as expected; on a mismatch, records a failure with a
/// line diff at the caller's file and line.
///
/// Like ``assertRender(_:_:record:fileID:filePath:line:column:)``, for
/// ``/CellKitText/TextListView/renderAll()``, recording too.
///
/// - Parameters:
///   - host: The list view; its ``/CellKitText/TextListView/renderAll()`` is compared.
///   - expected: The text expected, one line per line of content.
///   - record: When to write what the list renders in place of `expected`; `nil` (the default) for
///     ``RecordMode/current``.
///   - fileID: The caller's file ID (default: the caller's).
///   - filePath: The caller's file path (default: the caller's).
///   - line: The caller's line (default: the caller's).
///   - column: The caller's column (default: the caller's).
@MainActor
public func assertRenderAll(
    _ host: TextListView, _ expected: String, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    compare(
        host.renderAll(), with: expected, assertion: .everyRow, record: record, recordingInto: "\(filePath)",
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Which assertion compares a render, for its messages.
enum RenderAssertion {
    /// ``assertRender(_:_:record:fileID:filePath:line:column:)``: the viewport.
    case viewport
    /// ``assertRenderAll(_:_:record:fileID:filePath:line:column:)``: every row.
    case everyRow

    /// The assertion's name, the subject of the messages about recording.
    var name: String {
        switch self {
        case .viewport: "assertRender"
        case .everyRow: "assertRenderAll"
        }
    }

    /// What it compares, the subject of a mismatch's header.
    var subject: String {
        switch self {
        case .viewport: "Rendered text"
        case .everyRow: "Rendered text of every row"
        }
    }
}

/// Compares a render with its expectation, and records it in the source file at `path` in place of the
/// expectation when the record mode says so (`record`, or ``RecordMode/current`` when `nil`), failing
/// once to say so.
///
/// - Returns: The failure recorded, or `nil` when there was none.
@MainActor @discardableResult
func compare(
    _ actual: String, with expected: String, assertion: RenderAssertion, record: RecordMode?,
    recordingInto path: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> String? {
    let fail = { (message: String) -> String? in
        recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
        return message
    }
    let (mode, problem) = RecordMode.resolved(record, environment: environment)
    let report = LineDiff.report(expected: expected, actual: actual, subject: assertion.subject)
    let records =
        switch mode {
        case .all: true
        case .failed: report != nil
        case .missing: report != nil && expected.isEmpty
        default: false
        }
    guard records else {
        var messages = problem.map { [$0] } ?? []
        if let report {
            messages.append(report)
            if expected.isEmpty && problem == nil {
                messages.append(
                    "The expectation is empty and the record mode is \(mode), so nothing was recorded; "
                        + "record it with record: .missing or CELLKIT_RECORD=missing")
            }
        }
        return messages.isEmpty ? nil : fail(messages.joined(separator: "\n"))
    }
    do {
        try InlineRecorder.record(actual, inFileAt: path, line: Int(line), column: Int(column))
        let done = "\(assertion.name) recorded what the list renders at this call"
        let next = "run the test again to compare against it"
        if let report, !expected.isEmpty {
            return fail(
                "\(done), in place of an expectation that did not match (record mode \(mode)); \(next), "
                    + "and review the change:\n" + report)
        } else if report == nil {
            return fail("\(done) (record mode \(mode)); \(next)")
        } else {
            return fail("\(done), in place of the empty expectation; \(next)")
        }
    } catch {
        return fail(
            "\(assertion.name) could not record (record mode \(mode)): \(error)\n"
                + "What the list renders, as a literal to paste:\n"
                + InlineRecorder.multiLineLiteral(actual, indent: "")
                + (report.map { "\n" + $0 } ?? ""))
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
