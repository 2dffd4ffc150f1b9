import SeededRandom
import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Foundation
import Testing

// A section identifier whose content changes under the same `Identifiable` id is the same section: its
// rows stay, and its supplementary views are configured again in place.

/// A section with content: a title (and a badge count) under a stable id.
struct TitledFolder: Hashable, Identifiable, CustomStringConvertible {
    var id: Int
    var title: String
    var description: String { "F\(id):\(title)" }
}

@MainActor final class FolderHeader: TextCell {}
@MainActor final class FolderFooter: TextCell {}
@MainActor final class FolderRow: TextCell {}

/// A text list showing folders of numbered rows, with headers and footers from the folder.
@MainActor
struct TitledFolderScreen {
    let list: TextListView
    let dataSource: UniversalDataSource<TitledFolder>
    let events = Ref<[String]>([])

    init(height: Int = 30) throws {
        list = TextListView(width: 30, height: height)
        dataSource = UniversalDataSource<TitledFolder>(host: list)
        dataSource.registerCell(itemType: Int.self, cellType: FolderRow.self) { cell, _, number in
            cell.text = "row \(number)"
        }
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: FolderHeader.self) { view, _, folder in
            view.text = "== \(folder.title) =="
        }
        try dataSource.registerSupplementaryView(ofKind: .footer, viewType: FolderFooter.self) { view, _, folder in
            view.text = "-- \(folder.id) --"
        }
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
}

@MainActor
@Suite("UniversalDataSource with section content changes")
struct SectionContentChangeTests {
    @Test("a section whose title changes keeps its rows and shows the new title in its header")
    func titleChangeKeepsRows() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "Inbox"), [1, 2]), (TitledFolder(id: 2, title: "Sent"), [3])])
        let cells = [0, 1].map { screen.list.cellForItem(at: ListIndexPath(item: $0, section: 0)) }
        let start = screen.list.updateLog.count
        screen.list.statistics = .init()
        screen.events.value = []
        try screen.apply([
            (TitledFolder(id: 1, title: "Inbox (3)"), [1, 2]), (TitledFolder(id: 2, title: "Sent"), [3]),
        ])
        #expect(Array(screen.list.updateLog.dropFirst(start)) == ["reconfigure supplementary views in sections 0"])
        #expect(
            renderedLines(screen.list.renderAll()) == [
                "== Inbox (3) ==", "row 1", "row 2", "-- 1 --", "== Sent ==", "row 3", "-- 2 --",
            ])
        // The rows' cells are the same objects, not configured again; the header and footer are
        // configured again in place.
        #expect(
            [0, 1].map { screen.list.cellForItem(at: ListIndexPath(item: $0, section: 0)) }.elementsEqual(cells) {
                $0 === $1
            })
        #expect(screen.list.statistics.configured == 2)
        #expect(screen.list.statistics.reconfiguredInPlace == 2)
        #expect(screen.list.statistics.viewsCreated == 0)
        #expect(screen.events.value.isEmpty)
        #expect(screen.dataSource.snapshot().sectionIdentifiers.first?.title == "Inbox (3)")
    }

    @Test("a section whose title changes while its rows change gets item updates only, then its header")
    func titleChangeWithRowChanges() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "Inbox"), [1, 2])])
        let start = screen.list.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "Inbox (3)"), [1, 2, 4])])
        #expect(
            Array(screen.list.updateLog.dropFirst(start)) == [
                "insert 0.2", "reconfigure 0.1", "reconfigure supplementary views in sections 0",
            ])
        #expect(renderedLines(screen.list.renderAll()) == ["== Inbox (3) ==", "row 1", "row 2", "row 4", "-- 1 --"])
    }

    @Test("two sections swapping titles keep their rows and headers show the swapped titles")
    func swappedTitles() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1]), (TitledFolder(id: 2, title: "B"), [2])])
        let start = screen.list.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "B"), [1]), (TitledFolder(id: 2, title: "A"), [2])])
        #expect(Array(screen.list.updateLog.dropFirst(start)) == ["reconfigure supplementary views in sections 0, 1"])
        #expect(
            renderedLines(screen.list.renderAll()) == ["== B ==", "row 1", "-- 1 --", "== A ==", "row 2", "-- 2 --"])
    }

    @Test("a section whose id changes is still deleted and inserted")
    func newIdIsDeleteInsert() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1])])
        let start = screen.list.updateLog.count
        try screen.apply([(TitledFolder(id: 9, title: "A"), [1])])
        #expect(Array(screen.list.updateLog.dropFirst(start)).count == 1)
        #expect(Array(screen.list.updateLog.dropFirst(start)).first?.contains("delete section 0") == true)
        #expect(Array(screen.list.updateLog.dropFirst(start)).first?.contains("insert section 0") == true)
        #expect(renderedLines(screen.list.renderAll()) == ["== A ==", "row 1", "-- 9 --"])
    }

    @Test("a changed section that also moves is moved, not deleted, and its header is reconfigured")
    func changedAndMoved() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1]), (TitledFolder(id: 2, title: "B"), [2])])
        let start = screen.list.updateLog.count
        screen.list.statistics = .init()
        try screen.apply([(TitledFolder(id: 2, title: "B"), [2]), (TitledFolder(id: 1, title: "A!"), [1])])
        #expect(Array(screen.list.updateLog.dropFirst(start)).count == 2)
        #expect(Array(screen.list.updateLog.dropFirst(start)).first?.contains("move section") == true)
        #expect(Array(screen.list.updateLog.dropFirst(start)).first?.contains("delete") == false)
        #expect(Array(screen.list.updateLog.dropFirst(start)).last == "reconfigure supplementary views in sections 1")
        #expect(screen.list.statistics.viewsCreated == 0)
        #expect(
            renderedLines(screen.list.renderAll()) == ["== B ==", "row 2", "-- 2 --", "== A! ==", "row 1", "-- 1 --"])
    }

    @Test("without animation the list reloads and shows the new title")
    func unanimated() throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1])])
        let start = screen.list.updateLog.count
        try screen.apply([(TitledFolder(id: 1, title: "B"), [1])], animated: false)
        #expect(Array(screen.list.updateLog.dropFirst(start)) == ["reload data"])
        #expect(renderedLines(screen.list.renderAll()) == ["== B ==", "row 1", "-- 1 --"])
    }

    @Test("an async apply diffs the changed section as the same section")
    func asyncApply() async throws {
        let screen = try TitledFolderScreen()
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2])])
        let start = screen.list.updateLog.count
        var snapshot = Snapshot<TitledFolder, AnyHashable>()
        try snapshot.appendSections([TitledFolder(id: 1, title: "B")])
        try snapshot.appendItems([1, 2])
        try await screen.dataSource.apply(snapshot)
        #expect(Array(screen.list.updateLog.dropFirst(start)) == ["reconfigure supplementary views in sections 0"])
        #expect(renderedLines(screen.list.renderAll()) == ["== B ==", "row 1", "row 2", "-- 1 --"])
    }

    @Test("a hidden header forgets its height and shows the new title when it scrolls into view")
    func hiddenHeader() throws {
        let screen = try TitledFolderScreen(height: 3)
        try screen.apply([(TitledFolder(id: 1, title: "A"), [1, 2, 3, 4]), (TitledFolder(id: 2, title: "B"), [5])])
        try screen.apply([
            (TitledFolder(id: 1, title: "A"), [1, 2, 3, 4]), (TitledFolder(id: 2, title: "B\nsubtitle"), [5]),
        ])
        #expect(
            renderedLines(screen.list.renderAll()) == [
                "== A ==", "row 1", "row 2", "row 3", "row 4", "-- 1 --", "== B", "subtitle ==", "row 5", "-- 2 --",
            ])
    }

    /// Steps per seed: 300 by default (a quarter of the steps asked for); `CELLKIT_INVARIANT_STEPS` asks for more.
    static var steps: Int {
        (ProcessInfo.processInfo.environment["CELLKIT_INVARIANT_STEPS"].flatMap(Int.init) ?? 1_200) / 4
    }

    @Test(
        "after random changes of section content, order and rows the list renders what a brand-new list renders",
        arguments: [UInt64(21), 22, 23, 24])
    func renderInvariant(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let screen = try TitledFolderScreen(height: 6)
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
            screen.list.scroll(toLine: Int.random(in: 0...max(0, screen.list.contentHeight - 6), using: &random))
            let fresh = try TitledFolderScreen(height: 6)
            try fresh.apply(sections)
            if let anchor = screen.list.scrollAnchor { _ = fresh.list.scroll(to: anchor) }
            #expect(screen.list.render() == fresh.list.render(), "seed \(seed), step \(step)")
            #expect(screen.list.renderAll() == fresh.list.renderAll(), "seed \(seed), step \(step)")
            if screen.list.render() != fresh.list.render() { return }
        }
    }
}
