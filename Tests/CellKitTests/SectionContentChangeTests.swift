import SeededRandom
import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation
import HostHarness
import Testing

// A section identifier whose content changes under the same `Identifiable` id is the same section: its
// rows stay, and its supplementary views are configured again in place; on every host.

/// A section with content: a title (and a badge count) under a stable id.
struct TitledFolder: Hashable, Identifiable, CustomStringConvertible {
    var id: Int
    var title: String
    var description: String { "F\(id):\(title)" }
}

/// A host showing folders of numbered rows, with headers and footers from the folder.
@MainActor
struct TitledFolderScreen {
    let kind: HostKind
    let harness: any HostHarness
    let dataSource: UniversalDataSource<TitledFolder>
    let events = Ref<[String]>([])

    init(_ kind: HostKind, height: Int = 30) throws {
        self.kind = kind
        harness = kind.make(width: 30, height: height)
        dataSource = harness.makeDataSource(TitledFolder.self)
        harness.registerLabel(dataSource, for: Int.self) { _, number in "row \(number)" }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, folder in "== \(folder.title) ==" }
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, folder in "-- \(folder.id) --" }
        dataSource.onEvent = { [events] event in events.value.append("\(event)") }
    }

    func apply(_ sections: [(TitledFolder, [Int])], animated: Bool = true) throws {
        var snapshot = Snapshot<TitledFolder, AnyHashable>()
        for (folder, rows) in sections {
            try snapshot.appendSections([folder])
            try snapshot.appendItems(rows.map(AnyHashable.init), toSection: folder)
        }
        try dataSource.apply(snapshot, animatingDifferences: animated)
    }

    /// What the host was told since `start` entries of its log: the text host logs the supplementary
    /// views it configures again in place; a UIKit list view is not told (the host takes the views from it).
    func log(since start: Int) -> [String] { Array(harness.updateLog.dropFirst(start)) }

    /// `entries`, and on the text host the reconfigure of these sections' supplementary views after them.
    func expectedLog(_ entries: [String], reconfiguringSupplementaryViewsIn sections: String) -> [String] {
        kind == .text ? entries + ["reconfigure supplementary views in sections \(sections)"] : entries
    }

    /// The views showing a section's rows, header and footer.
    func views(inSection section: Int, rows: Int) -> [AnyObject?] {
        (0..<rows).map { harness.cell(at: ListIndexPath(item: $0, section: section)) } + [
            harness.supplementaryView(ofKind: .header, inSection: section),
            harness.supplementaryView(ofKind: .footer, inSection: section),
        ]
    }
}

@MainActor
@Suite("UniversalDataSource with section content changes")
struct SectionContentChangeTests {
    @Test(
        "a section whose title changes keeps its rows and shows the new title in its header",
        arguments: HostKind.allCases)
    func titleChangeKeepsRows(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "Inbox"), [1, 2]), (TitledFolder(id: 2, title: "Sent"), [3])])
        _ = screen.harness.render()
        let first = screen.views(inSection: 0, rows: 2)
        let second = screen.views(inSection: 1, rows: 1)
        #expect(first.allSatisfy { $0 != nil } && second.allSatisfy { $0 != nil })
        let configurations = (first + second).map { screen.harness.configurations(of: $0) }
        let start = screen.harness.updateLog.count
        let created = screen.harness.viewsCreated
        screen.events.value = []
        try screen.apply([
            (TitledFolder(id: 1, title: "Inbox (3)"), [1, 2]), (TitledFolder(id: 2, title: "Sent"), [3]),
        ])
        #expect(screen.log(since: start) == screen.expectedLog([], reconfiguringSupplementaryViewsIn: "0"))
        #expect(
            screen.harness.render() == [
                "== Inbox (3) ==", "row 1", "row 2", "-- 1 --", "== Sent ==", "row 3", "-- 2 --",
            ])
        // The rows' cells are the same objects, not configured again; the first section's header and
        // footer are the same objects, configured again in place; the other section is left alone.
        #expect(
            screen.views(inSection: 0, rows: 2).elementsEqual(first) { $0 === $1 }
                && screen.views(inSection: 1, rows: 1).elementsEqual(second) { $0 === $1 })
        #expect(
            (first + second).map { screen.harness.configurations(of: $0) }
                == zip(configurations, [0, 0, 1, 1, 0, 0, 0]).map { $0 + $1 })
        #expect(screen.harness.viewsCreated == created)
        #expect(screen.events.value.isEmpty)
        #expect(screen.dataSource.snapshot().sectionIdentifiers.first?.title == "Inbox (3)")
        #expect(screen.harness.problems == [])
    }

    @Test(
        "a section whose title changes while its rows change gets item updates only, then its header",
        arguments: HostKind.allCases)
    func titleChangeWithRowChanges(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "Inbox"), [1, 2])])
        _ = screen.harness.render()
        let header = screen.harness.supplementaryView(ofKind: .header, inSection: 0)
        let start = screen.harness.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "Inbox (3)"), [1, 2, 4])])
        #expect(
            screen.log(since: start)
                == screen.expectedLog(["insert 0.2", "reconfigure 0.1"], reconfiguringSupplementaryViewsIn: "0"))
        #expect(screen.harness.render() == ["== Inbox (3) ==", "row 1", "row 2", "row 4", "-- 1 --"])
        #expect(header != nil && screen.harness.supplementaryView(ofKind: .header, inSection: 0) === header)
        #expect(screen.harness.problems == [])
    }

    @Test(
        "two sections swapping titles keep their rows and headers show the swapped titles",
        arguments: HostKind.allCases)
    func swappedTitles(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1]), (TitledFolder(id: 2, title: "B"), [2])])
        _ = screen.harness.render()
        let views = screen.views(inSection: 0, rows: 1) + screen.views(inSection: 1, rows: 1)
        let start = screen.harness.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "B"), [1]), (TitledFolder(id: 2, title: "A"), [2])])
        #expect(screen.log(since: start) == screen.expectedLog([], reconfiguringSupplementaryViewsIn: "0, 1"))
        #expect(screen.harness.render() == ["== B ==", "row 1", "-- 1 --", "== A ==", "row 2", "-- 2 --"])
        #expect(
            (screen.views(inSection: 0, rows: 1) + screen.views(inSection: 1, rows: 1)).elementsEqual(views) {
                $0 === $1
            })
        #expect(screen.harness.problems == [])
    }

    @Test("a section whose id changes is still deleted and inserted", arguments: HostKind.allCases)
    func newIdIsDeleteInsert(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1])])
        let start = screen.harness.updateLog.count
        try screen.apply([(TitledFolder(id: 9, title: "A"), [1])])
        #expect(screen.log(since: start).count == 1)
        #expect(screen.log(since: start).first?.contains("delete section 0") == true)
        #expect(screen.log(since: start).first?.contains("insert section 0") == true)
        #expect(screen.harness.render() == ["== A ==", "row 1", "-- 9 --"])
        #expect(screen.harness.problems == [])
    }

    @Test(
        "a changed section that also moves is moved, not deleted, and its header is reconfigured",
        arguments: HostKind.allCases)
    func changedAndMoved(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1]), (TitledFolder(id: 2, title: "B"), [2])])
        _ = screen.harness.render()
        let moving = screen.views(inSection: 0, rows: 1)
        let configurations = moving.map { screen.harness.configurations(of: $0) }
        let start = screen.harness.updateLog.count
        let created = screen.harness.viewsCreated
        try screen.apply([(TitledFolder(id: 2, title: "B"), [2]), (TitledFolder(id: 1, title: "A!"), [1])])
        let log = screen.log(since: start)
        #expect(log.count == (kind == .text ? 2 : 1))
        #expect(log.first?.contains("move section") == true)
        #expect(log.first?.contains("delete") == false)
        if kind == .text { #expect(log.last == "reconfigure supplementary views in sections 1") }
        #expect(screen.harness.viewsCreated == created)
        #expect(screen.harness.render() == ["== B ==", "row 2", "-- 2 --", "== A! ==", "row 1", "-- 1 --"])
        // The moved section's row, header and footer are the views it had, the header and footer
        // configured again in place.
        #expect(screen.views(inSection: 1, rows: 1).elementsEqual(moving) { $0 === $1 })
        #expect(
            screen.views(inSection: 1, rows: 1).map { screen.harness.configurations(of: $0) }
                == zip(configurations, [0, 1, 1]).map { $0 + $1 })
        #expect(screen.harness.problems == [])
    }

    @Test("without animation the list reloads and shows the new title", arguments: HostKind.allCases)
    func unanimated(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1])])
        let start = screen.harness.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "B"), [1])], animated: false)
        #expect(screen.log(since: start) == ["reload data"])
        #expect(screen.harness.render() == ["== B ==", "row 1", "-- 1 --"])
        #expect(screen.harness.problems == [])
    }

    @Test("an async apply diffs the changed section as the same section", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let screen = try TitledFolderScreen(kind)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2])])
        _ = screen.harness.render()
        let views = screen.views(inSection: 0, rows: 2)
        let start = screen.harness.updateLog.count
        var snapshot = Snapshot<TitledFolder, AnyHashable>()
        try snapshot.appendSections([TitledFolder(id: 1, title: "B")])
        try snapshot.appendItems([1, 2])
        try await screen.dataSource.apply(snapshot)
        #expect(screen.log(since: start) == screen.expectedLog([], reconfiguringSupplementaryViewsIn: "0"))
        #expect(screen.harness.render() == ["== B ==", "row 1", "row 2", "-- 1 --"])
        #expect(screen.views(inSection: 0, rows: 2).elementsEqual(views) { $0 === $1 })
        #expect(screen.harness.problems == [])
    }

    @Test(
        "a hidden header forgets its height and shows the new title when it scrolls into view",
        arguments: HostKind.allCases)
    func hiddenHeader(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind, height: 3)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2, 3, 4]), (TitledFolder(id: 2, title: "B"), [5])])
        _ = screen.harness.render()
        try screen.apply([
            (TitledFolder(id: 1, title: "A"), [1, 2, 3, 4]), (TitledFolder(id: 2, title: "B\nsubtitle"), [5]),
        ])
        // (A plain table floats the footer of a section in view at the bottom of the viewport, as UIKit does.)
        let floatingFooter = kind == .table ? ["-- 1 --"] : []
        #expect(screen.harness.render() == ["== A ==", "row 1", "row 2"] + floatingFooter)
        screen.harness.scrollToEnd()
        // (A UIKit host shows a view cut by the top of the viewport whole: its lines are all rendered.)
        #expect(screen.harness.render().suffix(3) == ["subtitle ==", "row 5", "-- 2 --"])
        let header = screen.harness.supplementaryView(ofKind: .header, inSection: 1) as? Labelled
        #expect(header?.text == "== B\nsubtitle ==")
        #expect(
            screen.harness.renderAll() == [
                "== A ==", "row 1", "row 2", "row 3", "row 4", "-- 1 --", "== B", "subtitle ==", "row 5", "-- 2 --",
            ])
        // Once every view showed (a list layout places the ones that have not at an estimated height).
        #expect(screen.harness.contentHeight == 10)
        #expect(screen.harness.problems == [])
    }

    @Test(
        "a visible header whose new title takes more lines pushes the rows below it down",
        arguments: HostKind.allCases)
    func visibleHeaderGrows(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind, height: 5)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2, 3])])
        #expect(screen.harness.render() == ["== A ==", "row 1", "row 2", "row 3", "-- 1 --"])
        let header = screen.harness.supplementaryView(ofKind: .header, inSection: 0)
        try screen.apply([(TitledFolder(id: 1, title: "A\nsubtitle"), [1, 2, 3])])
        // The footer is pushed out of the viewport (a plain table floats it at the bottom, over "row 3").
        #expect(
            screen.harness.render()
                == ["== A", "subtitle ==", "row 1", "row 2", "row 3"] + (kind == .table ? ["-- 1 --"] : []))
        #expect(screen.harness.contentHeight == 6)
        #expect(header != nil && screen.harness.supplementaryView(ofKind: .header, inSection: 0) === header)
        #expect(screen.harness.problems == [])
    }

    @Test(
        "a header configured again in place names its new section when it ends display", arguments: HostKind.allCases)
    func endDisplayNamesNewSection(kind: HostKind) throws {
        let screen = try TitledFolderScreen(kind, height: 3)
        let more = (TitledFolder(id: 2, title: "C"), [6, 7, 8])
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2, 3, 4, 5]), more])
        _ = screen.harness.render()
        try screen.apply([(TitledFolder(id: 1, title: "B"), [1, 2, 3, 4, 5]), more])
        screen.events.value = []
        // Past the whole section (a plain table's header floats while its section is in view).
        screen.harness.scroll(toLine: 7)
        let header = screen.events.value.filter { $0.hasPrefix("didEndDisplaying header") }
        #expect(
            header == [
                "\(ListHostEvent.didEndDisplayingSupplementaryView(.header, section: TitledFolder(id: 1, title: "B"), at: ListIndexPath(item: 0, section: 0)))"
            ])
        #expect(screen.harness.problems == [])
    }

    /// Steps per seed: 300 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static var steps: Int { SeededRuns.length(300) }

    @Test(
        "after random changes of section content, order and rows the list renders what a brand-new list renders",
        arguments: HostKind.allCases, [UInt64(21), 22, 23, 24])
    func renderInvariant(kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let screen = try TitledFolderScreen(kind, height: 6)
        var sections: [(TitledFolder, [Int])] = (1...4).map {
            (TitledFolder(id: $0, title: "t\($0)"), [$0 * 10, $0 * 10 + 1])
        }
        var nextItem = 1_000
        for step in 0..<Self.steps {
            for index in sections.indices where Int.random(in: 0..<3, using: &random) == 0 {
                sections[index].0.title = ["a", "b", "c", "two\nlines"].randomElement(using: &random)!
            }
            switch Int.random(in: 0..<5, using: &random) {
            case 0: sections.shuffle(using: &random)
            case 1:
                let index = Int.random(in: 0..<sections.count, using: &random)
                sections[index].1.append(nextItem)
                nextItem += 1
            case 2:
                let index = Int.random(in: 0..<sections.count, using: &random)
                if !sections[index].1.isEmpty { sections[index].1.removeFirst() }
            case 3:
                // A section replaced by a new id.
                let index = Int.random(in: 0..<sections.count, using: &random)
                sections[index].0.id += 100
            default: break
            }
            try screen.apply(sections, animated: Int.random(in: 0..<8, using: &random) != 0)
            screen.harness.scroll(
                toLine: Int.random(in: 0...max(0, screen.harness.contentHeight - 6), using: &random))
            let fresh = try TitledFolderScreen(kind, height: 6)
            try fresh.apply(sections)
            // Rows placed at an estimated height until they show (the text host's, a list layout's): align
            // the rows (on the hosts of exact heights, the same offset).
            fresh.harness.scroll(like: screen.harness)
            let shown = screen.harness.render()
            #expect(shown == fresh.harness.render(), "\(kind), seed \(seed), step \(step)")
            #expect(screen.harness.renderAll() == fresh.harness.renderAll(), "\(kind), seed \(seed), step \(step)")
            #expect(screen.harness.problems == [], "\(kind), seed \(seed), step \(step)")
            if shown != fresh.harness.render() || !screen.harness.problems.isEmpty { return }
        }
    }
}
