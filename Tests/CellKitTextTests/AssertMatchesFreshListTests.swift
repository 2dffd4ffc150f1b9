import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation
import Testing

private struct Row: Hashable { var name: String }
private struct Node: FoldableItem {
    var name: String
    var foldableChildren: [AnyHashable]? { [Row(name: name + ".child")] }
}

@Suite("assertMatchesFreshList")
@MainActor
struct AssertMatchesFreshListTests {
    let list = TextListView(width: 14, height: 4)
    let dataSource: UniversalDataSource<Int>
    /// What the cells read beside the items: a stale cell shows an old value.
    let suffix = Box("")

    final class Box { var value: String; init(_ value: String) { self.value = value } }

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: Row.self, cellType: TextCell.self) { [suffix] cell, context, row in
            cell.text = row.name + suffix.value + (context.position.isLast ? " ┘" : "")
        }
        dataSource.registerCell(itemType: Node.self, cellType: TextCell.self) { cell, _, node in
            cell.text = "▸ " + node.name
        }
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: TextCell.self) { view, _, section in
            view.text = "# \(section)"
        }
    }

    func show(_ sections: [[AnyHashable]]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        for (index, items) in sections.enumerated() {
            try snapshot.appendSections([index])
            try snapshot.appendItems(items, toSection: index)
        }
        try dataSource.apply(snapshot)
    }

    @Test("a screen kept right passes through updates, scrolling and a selection")
    func passes() throws {
        try show([(0..<6).map { Row(name: "a\($0)") }, (0..<4).map { Row(name: "b\($0)") }])
        list.scroll(toLine: 5)
        assertMatchesFreshList(list, dataSource)
        try show([(0..<3).map { Row(name: "a\($0)") }, (0..<5).map { Row(name: "b\($0)") }])
        list.select(ListIndexPath(item: 1, section: 1))
        assertMatchesFreshList(list, dataSource)
        #expect(freshListDifference(list, dataSource) == nil)
    }

    @Test("a stale cell fails, with a diff naming the line")
    func catchesStaleCell() throws {
        try show([[Row(name: "x"), Row(name: "y")]])
        suffix.value = "!"
        try dataSource.apply(dataSource.snapshot())  // nothing changes in the snapshot: no cell is configured
        let report = try #require(freshListDifference(list, dataSource))
        #expect(
            report == """
                the list differs from a brand-new list given the same state (- brand-new, + shown):
                  |# 0
                - |x!
                - |y! ┘
                + |x
                + |y ┘
                  |
                """)
        withKnownIssue { assertMatchesFreshList(list, dataSource) }
    }

    @Test("items that need a plugin's feature are accepted by the brand-new list")
    func pluginFeatures() throws {
        try dataSource.attach(FoldingPlugin())
        try show([[Node(name: "n"), Row(name: "r")]])
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(dataSource.snapshot().numberOfItems == 3)
        assertMatchesFreshList(list, dataSource)
    }

    @Test("outline sections are given to the brand-new list as shown, levels and expansion included")
    func outlines() throws {
        let indented = UniversalDataSource<Int>(host: list)
        indented.registerCell(itemType: Row.self, cellType: TextCell.self) { cell, context, row in
            cell.text = String(repeating: "  ", count: context.level) + row.name + (context.isExpanded ? " ▾" : "")
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try indented.apply(snapshot)
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append([Row(name: "a"), Row(name: "b")])
        try outline.append([Row(name: "a1")], to: Row(name: "a"))
        try indented.apply(outline, to: 0)
        try indented.expand(Row(name: "a"))
        #expect(
            list.render().split(separator: "\n").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "a ▾", "a1", "b",
            ])
        assertMatchesFreshList(list, indented)
    }

    @Test("a static view is compared, and the screen shows it again afterwards")
    func staticViews() throws {
        let block = TextCell()
        block.text = "all caught up"
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([Row(name: "x"), StaticView(block)])
        try dataSource.apply(snapshot)
        let before = list.render()
        #expect(before.contains("all caught up"))
        #expect(freshListDifference(list, dataSource) == nil)
        assertMatchesFreshList(list, dataSource)
        #expect(list.render() == before)
    }
}
