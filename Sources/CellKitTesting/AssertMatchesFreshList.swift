@_spi(ListHost) @_spi(Testing) import CellKit
@_spi(Testing) import CellKitText

/// Asserts that a list screen shows exactly what a brand-new list shows when given the same state;
/// on a difference, records a failure with a line diff at the caller's file and line.
///
/// The brand-new list has the same size and estimated row height, and a brand-new data source with the
/// same registrations, item representation and snapshot; it is scrolled to the same row and line, and
/// has the same items selected (and the same ``/CellKitText/TextListView/allowsMultipleSelection``),
/// the same item highlighted and the same item focused, and the same context menu open on the same row. Static views (``/CellKit/StaticView``) are shown by the
/// brand-new list while it renders and handed back to the screen's containers after. A line that differs is a cell the screen left stale: an
/// update that did not reach a visible cell, a position that was not refreshed, a reused cell that kept
/// something of its previous item. Call it after each step of a screen's test.
///
/// ```swift
/// try screen.like(post)
/// assertMatchesFreshList(screen.list, screen.dataSource)
/// ```
///
/// - Parameters:
///   - list: The screen's list; it must be `dataSource`'s host.
///   - dataSource: The screen's data source.
///   - fileID: The caller's file ID (default: the caller's).
///   - filePath: The caller's file path (default: the caller's).
///   - line: The caller's line (default: the caller's).
///   - column: The caller's column (default: the caller's).
@MainActor
public func assertMatchesFreshList<SectionIdentifier: Hashable>(
    _ list: TextListView, _ dataSource: UniversalDataSource<SectionIdentifier>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    guard let report = freshListDifference(list, dataSource) else { return }
    recordFailure(report, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// How a list screen's render differs from a brand-new list's given the same state, or `nil` when they
/// are the same: what ``assertMatchesFreshList(_:_:fileID:filePath:line:column:)`` reports.
///
/// - Parameters:
///   - list: The screen's list; it must be `dataSource`'s host.
///   - dataSource: The screen's data source.
/// - Returns: A report with a line diff (`-` the brand-new list, `+` the screen), or `nil`.
/// - Complexity: O(n) to build the brand-new list for *n* items, plus rendering both viewports.
@MainActor
public func freshListDifference<SectionIdentifier: Hashable>(
    _ list: TextListView, _ dataSource: UniversalDataSource<SectionIdentifier>
) -> String? {
    // The screen first: a static view shows in one place at a time, and the brand-new list takes it.
    let shown = list.render()
    let expected: String
    do {
        let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: list.estimatedRowHeight)
        fresh.showsStateMarkers = list.showsStateMarkers
        let freshSource = try dataSource._freshCopy(host: fresh)
        if let anchor = list.scrollAnchor { fresh.scroll(to: anchor) }
        // The same items selected (in the same order), and the same selection mode.
        fresh.allowsMultipleSelection = true
        for selected in list.indexPathsForSelectedItems { fresh.select(selected) }
        fresh.allowsMultipleSelection = list.allowsMultipleSelection
        if let highlighted = list.highlightedIndexPath { fresh.highlight(highlighted) }
        fresh._focus(like: list)
        fresh._openContextMenu(like: list)
        expected = fresh.render()
        withExtendedLifetime(freshSource) {}
    } catch {
        return "a brand-new list refuses the screen's snapshot: \(error)"
    }
    // Hand the static views the brand-new list showed back to the screen's containers.
    for path in list.indexPathsForVisibleItems {
        guard let view = (dataSource.item(at: path)?.base as? StaticView)?.view else { continue }
        (list.cellForItem(at: path) as? any StaticViewContainer)?.embed(view)
    }
    guard let report = LineDiff.report(expected: expected, actual: shown) else { return nil }
    return "the list differs from a brand-new list given the same state (- brand-new, + shown):\n"
        + report.split(separator: "\n", maxSplits: 1).dropFirst().joined()
}
