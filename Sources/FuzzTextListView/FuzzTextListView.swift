@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import FuzzSupport
@_spi(Simulation) import UIKitStandIn

// Fuzz target: random batches, most of them invalid, sent to a `TextListView` and checked against an
// independent model of UIKit's rules. See "Fuzzing and sanitizers" in CONTRIBUTING.md.

/// What a user can see of a list, and what it counted: a refused batch must change none of it.
struct VisibleState: Equatable {
    var render: String
    var selected: ListIndexPath?
    var anchor: TextListView.ScrollAnchor?
    var firstVisibleLine: Int
    var contentHeight: Int
    var visible: [ListIndexPath]
    var texts: [String]
    var statistics: TextListView.Statistics
    var log: [String]

    @MainActor
    init(_ list: TextListView) {
        render = list.render()
        selected = list.selectedIndexPath
        anchor = list.scrollAnchor
        firstVisibleLine = list.firstVisibleLine
        contentHeight = list.contentHeight
        visible = list.indexPathsForVisibleItems
        texts = visible.map { list.cellForItem(at: $0)?.text ?? "(no cell)" }
        statistics = list.statistics
        log = list.updateLog
    }
}

/// One case: a list of a few sections (with headers and footers or not) receives up to 60 steps:
/// batches (mostly), scrolls, selections and reloads. The list accepts a batch exactly when the model
/// does; a refused batch changes nothing visible and delivers no event; after an accepted one the list
/// shows what a brand-new list shows at the same scroll anchor, every visible cell shows its row,
/// the selection follows its row, and the display events name exactly the rows on screen.
@MainActor
func fuzzTextListView(_ input: inout FuzzInput) {
    let kinds: [SupplementaryKind] = [[], [.header], [.header, .footer]][input.int(in: 0..<3)]
    // At least the tallest row, so that a brand-new list scrolled to an anchor near the end lays out
    // as the list that measured its rows (see TextListViewRandomBatchTests).
    let estimate = 3
    let width = 14
    let list = TextListView(width: width, height: input.int(in: 1...8), estimatedRowHeight: estimate)
    let recorder = EventRecorder()
    list.delegate = recorder
    var nextID = 0
    func newRow() -> Row {
        nextID += 1
        return Row(id: nextID, version: 0, lines: input.int(in: 1...3))
    }
    func newSection(rows: Int) -> Section {
        nextID += 1
        let id = nextID
        return Section(id: id, rows: (0..<rows).map { _ in newRow() })
    }
    let dataSource = RowsDataSource(
        (0..<input.int(in: 0...3)).map { _ in newSection(rows: input.int(in: 0...5)) },
        kinds: kinds, host: list)
    var displayed: Set<Int> = []
    var log: [String] = []
    func fail(_ message: String) -> Never {
        fuzzFailure("\(message)\nsteps:\n  " + log.joined(separator: "\n  ") + "\nthe list shows:\n\(list.render())")
    }

    /// The checks after a step that may have changed the list.
    func checkConsistent() {
        // The events say what is on screen. (Rendering is an operation, so a list that is new loads
        // and delivers its events now; a read such as `indexPathsForVisibleItems` loads it too, but its
        // events wait for the next operation.)
        _ = list.render()
        let visible = list.indexPathsForVisibleItems
        for event in recorder.events {
            switch event {
            case .willDisplay(let item, _):
                if !displayed.insert(item.base as! Int).inserted { fail("willDisplay of r\(item), already displayed") }
            case .didEndDisplaying(let item, _):
                if displayed.remove(item.base as! Int) == nil { fail("didEndDisplaying of r\(item), not displayed") }
            default:
                break
            }
        }
        recorder.events = []
        let visibleIDs = Set(visible.map { dataSource.sections[$0.section].rows[$0.item].id })
        if displayed != visibleIDs {
            fail("the events say \(displayed.sorted()) are displayed; the screen shows \(visibleIDs.sorted())")
        }
        // The counts and every visible cell are the data source's.
        if list.numberOfSections != dataSource.sections.count { fail("the list has \(list.numberOfSections) sections") }
        for (index, section) in dataSource.sections.enumerated()
        where list.numberOfItems(inSection: index) != section.rows.count {
            fail(
                "section \(index) has \(String(describing: list.numberOfItems(inSection: index))) items, the data source \(section.rows.count)"
            )
        }
        for path in visible {
            let cell = list.cellForItem(at: path)
            if cell?.text != dataSource.sections[path.section].rows[path.item].text || cell?.indexPath != path {
                fail(
                    "the cell at \(path) shows \(String(describing: cell?.text)) (at \(String(describing: cell?.indexPath))), not \(dataSource.sections[path.section].rows[path.item].text)"
                )
            }
        }
        // The screen is a brand-new list's at the same anchor.
        let fresh = TextListView(width: list.width, height: list.height, estimatedRowHeight: estimate)
        let freshSource = RowsDataSource(dataSource.sections, kinds: kinds, host: fresh)
        if let anchor = list.scrollAnchor { _ = fresh.scroll(to: anchor) }
        let shown = list.render()
        let expected = fresh.render()
        if shown != expected {
            fail(
                "the list shows\n\(shown)\nbut a brand-new list at its anchor (\(String(describing: list.scrollAnchor))) shows\n\(expected)"
            )
        }
        withExtendedLifetime(freshSource) {}
    }

    checkConsistent()
    for _ in 0..<60 where !input.isExhausted {
        switch input.int(in: 0..<10) {
        case 0:
            let line = input.int(in: 0...max(0, list.contentHeight))
            log.append("scroll(toLine: \(line))")
            list.scroll(toLine: line)
        case 1:
            let lines = input.int(in: -6...6)
            log.append("scrollBy(lines: \(lines))")
            list.scrollBy(lines: lines)
        case 2:
            if let path = input.element(of: list.indexPathsForVisibleItems) {
                log.append("select(\(path))")
                _ = list.select(path)
            } else if input.oneIn(4) {
                log.append("reloadData()")
                list.reloadData()
            }
        default:
            let old = dataSource.sections
            let counts = old.map(\.rows.count)
            let batch = makeBatch(&input, counts: counts)
            let newCount =
                old.count - batch.deletedSections.count + batch.insertedSections.count
                + (input.oneIn(8) ? input.int(in: -1...1) : 0)
            var after =
                UIKitBatchModel.countsAfter(batch, countsBefore: counts, newCount: max(newCount, 0)) { _ in
                    input.int(in: 0...3)
                }
                ?? (0..<max(newCount, 0)).map { counts.indices.contains($0) ? counts[$0] : input.int(in: 0...2) }
            if !after.isEmpty && input.oneIn(8) {
                let section = input.int(in: 0..<after.count)
                after[section] = max(0, after[section] + (input.bool() ? 1 : -1))
            }
            after = after.map { max(0, $0) }
            let verdict = UIKitBatchModel.read(batch, countsBefore: counts, countsAfter: after)
            // The data after the batch: the model's replay when it accepts, rows of the right counts when not.
            let new: [Section]
            switch verdict {
            case .success(let model):
                let rows = model.replay(
                    old.map(\.rows), newSection: { (0..<after[$0]).map { _ in newRow() } },
                    newRow: { _ in newRow() },
                    updated: { row, _, _ in Row(id: row.id, version: row.version + 1, lines: input.int(in: 1...3)) })
                new = rows.enumerated().map { index, rows in
                    Section(id: model.oldSectionOfNew[index].map { old[$0].id } ?? newSection(rows: 0).id, rows: rows)
                }
            case .failure:
                new = after.map { newSection(rows: max(0, $0)) }
            }
            log.append("performBatchUpdates(\(batch)) counts \(counts) -> \(after)")
            let before = VisibleState(list)
            let selectedBefore = list.selectedIndexPath
            var accepted = true
            do {
                try list.performBatchUpdates(batch) { dataSource.sections = new }
            } catch {
                accepted = false
                dataSource.sections = old
                if case .success = verdict { fail("the list refuses a batch UIKit accepts: \(error)") }
                let now = VisibleState(list)
                if now != before {
                    fail("the refused batch (\(error)) changed the list:\nbefore \(before)\nafter \(now)")
                }
                if !recorder.events.isEmpty { fail("the refused batch delivered events \(recorder.events)") }
            }
            switch (accepted, verdict) {
            case (true, .failure(let rejection)):
                fail("the list accepts a batch UIKit rejects: \(rejection)")
            case (true, .success(let model)):
                // The selection follows its row, and ends when the row is deleted or reloaded.
                if let selected = selectedBefore {
                    let expected = model.reloaded.contains(selected) ? nil : model.newIndexPath(ofOld: selected)
                    if list.selectedIndexPath != expected {
                        fail(
                            "the selection on \(selected) went to \(String(describing: list.selectedIndexPath)), not \(String(describing: expected))"
                        )
                    }
                }
            case (false, _):
                break
            }
        }
        checkConsistent()
    }
}

#if CELLKIT_FUZZ
@_cdecl("FuzzTextListView_main")
func fuzzTextListViewMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { input in MainActor.assumeIsolated { fuzzTextListView(&input) } }
}
#else
@main
enum FuzzTextListViewMain {
    @MainActor static func main() {
        FuzzDriver.replayMain(name: "FuzzTextListView") { input in MainActor.assumeIsolated { fuzzTextListView(&input) }
        }
    }
}
#endif
