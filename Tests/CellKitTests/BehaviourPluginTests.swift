@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

/// A folder row: folds its children.
struct Folder: Hashable {
    var name: String
}

@MainActor final class FolderCell: TextCell, ConfigurableView {
    func configure(with folder: Folder) { text = "> \(folder.name)" }
}

@MainActor
@Suite("Behaviour plugins")
struct BehaviourPluginTests {
    let listView = TextListView(width: 20, height: 6)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
        dataSource.registerCellType(PlainTextCell.self)
        dataSource.registerCellType(FolderCell.self)
        listView.delegate = dataSource
    }

    @Test("scroll direction is reported on change only, with a dead zone")
    func scrollDirection() throws {
        let seen = Ref<[ScrollDirectionPlugin.Direction]>([])
        try dataSource.attach(ScrollDirectionPlugin { seen.value.append($0) })
        try dataSource.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        for line in [5, 10, 8, 3, 4] { listView.scroll(toLine: line) }
        #expect(seen.value == [.down, .up, .down])

        let damped = Ref<[ScrollDirectionPlugin.Direction]>([])
        let other = TextListView(width: 20, height: 6)
        let source = UniversalDataSource<Section>(host: other)
        source.registerCellType(PlainTextCell.self)
        other.delegate = source
        try source.attach(ScrollDirectionPlugin(deadZone: 2) { damped.value.append($0) })
        try source.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        for line in [5, 10, 8, 3, 4] { other.scroll(toLine: line) }
        // 10 -> 8 is within the dead zone; 10 -> 3 goes up; 3 -> 4 is within it.
        #expect(damped.value == [.down, .up])
    }

    @Test("the current section is reported once per change, without headers too, and again after sections move")
    func currentSection() throws {
        let seen = Ref<[String]>([])
        try dataSource.attach(CurrentSectionPlugin { index, section in seen.value.append("\(index) \(section)") })
        try dataSource.apply(
            makeSnapshot([
                (.main, (0..<6).map { AnyHashable(Plain(name: "m\($0)")) }),
                (.more, (0..<6).map { AnyHashable(Plain(name: "o\($0)")) }),
                (.last, (0..<6).map { AnyHashable(Plain(name: "l\($0)")) }),
            ]))
        for line in stride(from: 1, through: 12, by: 1) { listView.scroll(toLine: line) }
        #expect(seen.value == ["0 main", "1 more", "2 last"])
        // A section moves to the front: the viewport (still at line 12) now starts in another section.
        var moved = dataSource.snapshot()
        try moved.moveSection(.last, beforeSection: .main)
        try dataSource.apply(moved)
        #expect(seen.value == ["0 main", "1 more", "2 last", "2 more"])
    }

    @Test("index titles come from the section identifiers; a shared title maps to the first section")
    func indexTitles() throws {
        let titles = SectionIndexTitlesPlugin { section in
            switch section.base as? Section {
            case .main: "A"
            case .more, .last: "B"
            case nil: nil
            }
        }
        try dataSource.attach(titles)
        try dataSource.apply(
            makeSnapshot([(.main, [Plain(name: "a")]), (.more, [Plain(name: "b")]), (.last, [Plain(name: "c")])]))
        #expect(titles.titles == ["A", "B", "B"])
        #expect(titles.section(forTitle: "B") == 1)
        #expect(titles.section(forTitle: "Z") == nil)
        #expect(dataSource.snapshot().numberOfSections == 3)
    }

    /// A ▸ (B ▸ (C)), D.
    private func folding() -> FoldingPlugin {
        FoldingPlugin { item in
            switch (item.base as? Folder)?.name {
            case "A": [AnyHashable(Folder(name: "B"))]
            case "B": [AnyHashable(Plain(name: "C"))]
            case "D": []
            default: nil
            }
        }
    }

    private var names: [String] {
        dataSource.snapshot().itemIdentifiers.map { ($0.base as? Folder)?.name ?? ($0.base as! Plain).name }
    }

    @Test("collapse removes the whole visible subtree; expand restores each descendant's own state")
    func foldSubtree() throws {
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        try plugin.expand(Folder(name: "A"))
        try plugin.expand(Folder(name: "B"))
        #expect(names == ["A", "B", "C", "D"])
        try plugin.collapse(Folder(name: "A"))
        #expect(names == ["A", "D"])
        #expect(plugin.isExpanded(Folder(name: "B")))
        try plugin.expand(Folder(name: "A"))
        #expect(names == ["A", "B", "C", "D"])
    }

    @Test("selecting a parent toggles it; two taps delivered together make one batch")
    func foldOnSelect() throws {
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        let batches = listView.statistics.batchUpdates
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(names == ["A", "B", "D"])
        #expect(listView.statistics.batchUpdates == batches + 1)
        // Two selections in one delivery: the second toggle comes while the first one's apply is queued.
        dataSource.host(
            listView,
            didReceive: [
                .didSelect(Folder(name: "A"), at: ListIndexPath(item: 0, section: 0)),
                .didSelect(Folder(name: "A"), at: ListIndexPath(item: 0, section: 0)),
            ])
        #expect(names == ["A", "D"])
        #expect(listView.statistics.batchUpdates == batches + 2)
    }

    @Test("a child that is already in the list is reported, and nothing changes")
    func foldConflict() throws {
        let plugin = folding()
        let errors = Ref<[ListPluginContext.EditError]>([])
        plugin.onError = { errors.value.append($0) }
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "B")]))
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(errors.value.count == 1)
        #expect(names == ["A", "B"])
        #expect(!plugin.isExpanded(Folder(name: "A")))
    }

    @Test("folding holds in snapshots the app builds from its model, and a deleted parent takes its subtree")
    func foldingSurvivesAppApplies() throws {
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        try plugin.expand(Folder(name: "A"))
        try plugin.expand(Folder(name: "B"))
        // The app applies its model, which knows nothing of the children.
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D"), Plain(name: "E")]))
        #expect(names == ["A", "B", "C", "D", "E"])
        // The app deletes A from the snapshot on screen (children included in it): they go with it.
        var snapshot = dataSource.snapshot()
        try snapshot.deleteItems([Folder(name: "A")])
        try dataSource.apply(snapshot)
        #expect(names == ["D", "E"])
    }

    @Test("the toggled row is configured again, so it can show its state")
    func foldArrow() throws {
        let plugin = folding()
        dataSource.registerCell(itemType: Folder.self, cellType: FolderCell.self) { [plugin] cell, _, folder in
            cell.text = (plugin.isExpanded(folder) ? "v " : "> ") + folder.name
        }
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        #expect(renderedLines(listView.render()).prefix(2) == ["> A", "> D"])
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(renderedLines(listView.render()).prefix(3) == ["v A", "> B", "> D"])
        listView.select(ListIndexPath(item: 0, section: 0))
        #expect(renderedLines(listView.render()).prefix(2) == ["> A", "> D"])
    }
}
