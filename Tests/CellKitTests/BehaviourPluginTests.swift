@testable import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

/// A folder row: folds its children.
struct Folder: Hashable {
    var name: String
}

@MainActor
@Suite("Behaviour plugins")
struct BehaviourPluginTests {
    /// A 6-line host whose folders show as `> <name>` and plain rows as `[plain] <name>`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        list.registerLabel(dataSource, for: Folder.self) { _, folder in "> \(folder.name)" }
        return (list, dataSource)
    }

    @Test("scroll direction is reported on change only, with a dead zone", arguments: HostKind.allCases)
    func scrollDirection(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let seen = Ref<[ScrollDirectionPlugin.Direction]>([])
        try dataSource.attach(ScrollDirectionPlugin { seen.value.append($0) })
        try dataSource.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        for line in [5, 10, 8, 3, 4] { list.scroll(toLine: line) }
        #expect(seen.value == [.down, .up, .down])

        let damped = Ref<[ScrollDirectionPlugin.Direction]>([])
        let (other, source) = makeList(kind)
        try source.attach(ScrollDirectionPlugin(deadZone: 2) { damped.value.append($0) })
        try source.apply(makeSnapshot((0..<40).map { Plain(name: "\($0)") }))
        for line in [5, 10, 8, 3, 4] { other.scroll(toLine: line) }
        // 10 -> 8 is within the dead zone; 10 -> 3 goes up; 3 -> 4 is within it.
        #expect(damped.value == [.down, .up])
        #expect(list.problems == [] && other.problems == [])
    }

    @Test(
        "the current section is reported once per change, without headers too, and again after sections move",
        arguments: HostKind.allCases)
    func currentSection(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let seen = Ref<[String]>([])
        try dataSource.attach(CurrentSectionPlugin { index, section in seen.value.append("\(index) \(section)") })
        try dataSource.apply(
            makeSnapshot([
                (.main, (0..<6).map { AnyHashable(Plain(name: "m\($0)")) }),
                (.more, (0..<6).map { AnyHashable(Plain(name: "o\($0)")) }),
                (.last, (0..<6).map { AnyHashable(Plain(name: "l\($0)")) }),
            ]))
        for line in stride(from: 1, through: 12, by: 1) { list.scroll(toLine: line) }
        #expect(seen.value == ["0 main", "1 more", "2 last"])
        // A section moves to the front: the viewport (still at line 12) now starts in another section.
        var moved = dataSource.snapshot()
        try moved.moveSection(.last, beforeSection: .main)
        try dataSource.apply(moved)
        #expect(seen.value == ["0 main", "1 more", "2 last", "2 more"])
        #expect(list.problems == [])
    }

    @Test(
        "index titles come from the section identifiers; a shared title maps to the first section",
        arguments: HostKind.allCases)
    func indexTitles(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
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
        #expect(list.problems == [])
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

    private func names(_ dataSource: UniversalDataSource<Section>) -> [String] {
        dataSource.snapshot().itemIdentifiers.map { ($0.base as? Folder)?.name ?? ($0.base as! Plain).name }
    }

    @Test(
        "collapse removes the whole visible subtree; expand restores each descendant's own state",
        arguments: HostKind.allCases)
    func foldSubtree(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        try plugin.expand(Folder(name: "A"))
        try plugin.expand(Folder(name: "B"))
        #expect(names(dataSource) == ["A", "B", "C", "D"])
        try plugin.collapse(Folder(name: "A"))
        #expect(names(dataSource) == ["A", "D"])
        #expect(plugin.isExpanded(Folder(name: "B")))
        try plugin.expand(Folder(name: "A"))
        #expect(names(dataSource) == ["A", "B", "C", "D"])
        #expect(list.problems == [])
    }

    @Test("selecting a parent toggles it; two taps delivered together make one batch", arguments: HostKind.allCases)
    func foldOnSelect(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        let batches = list.batchUpdates
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(names(dataSource) == ["A", "B", "D"])
        #expect(list.batchUpdates == batches + 1)
        // Two selections in one delivery: the second toggle comes while the first one's apply is queued.
        dataSource.adapter.host(
            list.host,
            didReceive: [
                .didSelect(Folder(name: "A"), at: ListIndexPath(item: 0, section: 0)),
                .didSelect(Folder(name: "A"), at: ListIndexPath(item: 0, section: 0)),
            ])
        #expect(names(dataSource) == ["A", "D"])
        #expect(list.batchUpdates == batches + 2)
        #expect(list.problems == [])
    }

    @Test("a child that is already in the list is reported, and nothing changes", arguments: HostKind.allCases)
    func foldConflict(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        let errors = Ref<[ListPluginContext.EditError]>([])
        plugin.onError = { errors.value.append($0) }
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "B")]))
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(errors.value.count == 1)
        #expect(names(dataSource) == ["A", "B"])
        #expect(!plugin.isExpanded(Folder(name: "A")))
        #expect(list.problems == [])
    }

    @Test(
        "folding holds in snapshots the app builds from its model, and a deleted parent takes its subtree",
        arguments: HostKind.allCases)
    func foldingSurvivesAppApplies(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        try plugin.expand(Folder(name: "A"))
        try plugin.expand(Folder(name: "B"))
        // The app applies its model, which knows nothing of the children.
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D"), Plain(name: "E")]))
        #expect(names(dataSource) == ["A", "B", "C", "D", "E"])
        // The app deletes A from the snapshot on screen (children included in it): they go with it.
        var snapshot = dataSource.snapshot()
        try snapshot.deleteItems([Folder(name: "A")])
        try dataSource.apply(snapshot)
        #expect(names(dataSource) == ["D", "E"])
        #expect(list.render() == ["> D", "[plain] E"])
        #expect(list.problems == [])
    }

    @Test("the toggled row is configured again, so it can show its state", arguments: HostKind.allCases)
    func foldArrow(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        dataSource.onDiagnostic = { _ in }  // replaces makeList's folder cell on purpose
        list.registerLabel(dataSource, for: Folder.self) { [plugin] _, folder in
            (plugin.isExpanded(folder) ? "v " : "> ") + folder.name
        }
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        #expect(list.render() == ["> A", "> D"])
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(list.render() == ["v A", "> B", "> D"])
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(list.render() == ["> A", "> D"])
        #expect(list.problems == [])
    }
    @Test("a fold tap leaves no row selected", arguments: HostKind.allCases)
    func foldTapDeselects(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(names(dataSource) == ["A", "B", "D"])
        #expect(list.selectedIndexPaths == [])
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(names(dataSource) == ["A", "D"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test(
        "an expanded item that leaves the list is forgotten; one hidden under a collapsed parent is kept",
        arguments: HostKind.allCases)
    func expandedItemsArePruned(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = folding()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        try plugin.expand(Folder(name: "A"))
        try plugin.expand(Folder(name: "B"))
        try plugin.expand(Folder(name: "D"))
        try plugin.collapse(Folder(name: "A"))
        // B is hidden under A, which is in the list: B stays expanded.
        #expect(plugin.expandedItems == [Folder(name: "B"), Folder(name: "D")])
        // D leaves the list.
        try dataSource.apply(makeSnapshot([Folder(name: "A")]))
        #expect(plugin.expandedItems == [Folder(name: "B")])
        // A leaves it too, and B (under A) goes with it.
        try dataSource.apply(makeSnapshot([Plain(name: "x")]))
        #expect(plugin.expandedItems == [])
        // Back again: collapsed.
        try dataSource.apply(makeSnapshot([Folder(name: "A"), Folder(name: "D")]))
        #expect(names(dataSource) == ["A", "D"])
        #expect(list.problems == [])
    }
}
