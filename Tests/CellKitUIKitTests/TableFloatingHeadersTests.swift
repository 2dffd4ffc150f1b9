#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// A plain UITableView floats its headers and footers whatever the section layouts say; a grouped one scrolls
// them with their sections. The stand-in models both, so TableViewHost's tests see what UIKit shows.

/// The views a table shows, top to bottom, as `"<text> <top>+<height>"`.
@MainActor
private func shown(_ table: UITableView) -> [String] {
    table._visibleFramesTopToBottom.map { view, top, height in
        "\((view as? Labelled)?.text ?? "?") \(Int(top))+\(Int(height))"
    }
}

@MainActor
@Suite("Floating headers on TableViewHost")
struct TableFloatingHeadersTests {
    /// A table of `style`, 6 points tall, showing sections main (a to e) and more (f to h), each with a
    /// header and a footer, scrolled to `line`.
    func table(_ style: UITableView.Style, scrolledTo line: Int) throws -> UITableView {
        let harness = TableHarness(height: 6)
        let tableView = UITableView(frame: harness.tableView.frame, style: style)
        tableView.rowHeight = 1
        let host = TableViewHost(tableView: tableView)
        let dataSource = UniversalDataSource<Section>(host: host)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, section in "end \(section)" }
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b", "c", "d", "e")), (.more, plains("f", "g", "h"))]))
        tableView._scroll(toY: CGFloat(line))
        tableView.layoutIfNeeded()
        #expect(tableView._raisedExceptions == [])
        return tableView
    }

    @Test("a plain table's header stays at the top and its footer at the bottom while their section is in view")
    func plainHeadersFloat() throws {
        // Natural frames: "# main" 0+1, a-e 1..5, "end main" 6+1, "# more" 7+1, f-h 8..10, "end more" 11+1.
        // At the top, the footer below the viewport floats at its bottom, over "e".
        #expect(
            shown(try table(.plain, scrolledTo: 0)) == [
                "# main 0+1", "a 1+1", "b 2+1", "c 3+1", "d 4+1", "e 5+1", "end main 5+1",
            ])
        // Scrolled into the section, the header stays on the top line, over "b".
        #expect(
            shown(try table(.plain, scrolledTo: 2)) == [
                "b 2+1", "# main 2+1", "c 3+1", "d 4+1", "e 5+1", "end main 6+1", "# more 7+1",
            ])
        // On the section's last row, the header goes up with it (it never leaves its section).
        #expect(shown(try table(.plain, scrolledTo: 5))[0...2] == ["e 5+1", "# main 5+1", "end main 6+1"])
    }

    @Test("a grouped table's headers and footers scroll with their sections")
    func groupedHeaderScrolls() throws {
        #expect(
            shown(try table(.grouped, scrolledTo: 2)) == [
                "b 2+1", "c 3+1", "d 4+1", "e 5+1", "end main 6+1", "# more 7+1",
            ])
    }
}
#endif
