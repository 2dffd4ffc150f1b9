@_spi(ListHost) import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

// Selection on every host: a selection ends, with `didDeselect` naming the item and the index path it had,
// however it ends; multiple selection with UIKit's semantics (a tap toggles, each selection follows its
// item by identity); and `SelectionPlugin`'s multiple-selection mode.

@MainActor
@Suite("Selection")
struct SelectionTests {
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 8)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        return (list, dataSource)
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    /// The selection events the data source hears, as `"select <item> at <path>"` and
    /// `"deselect <item> at <path>"`.
    private func recordSelections(_ dataSource: UniversalDataSource<Section>) -> Ref<[String]> {
        let log = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .didSelect(let item, let path): log.value.append("select \(Self.name(item)) at \(path)")
            case .didDeselect(let item, let path): log.value.append("deselect \(Self.name(item)) at \(path)")
            default: break
            }
        }
        return log
    }

    private static func name(_ item: AnyHashable) -> String {
        if let plain = item.base as? Plain { return plain.name }
        if let tile = item.base as? Tile { return "tile \(tile.id) \(tile.title)" }
        return "\(item)"
    }

    private func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    // MARK: Every way a selection ends

    @Test(
        "a selected item deleted ends its selection: didDeselect at the index path it had, and onDeselect runs",
        arguments: HostKind.allCases)
    func deletedItemIsDeselected(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let deselected = Ref<[String]>([])
        try dataSource.attach(
            SelectionPlugin(deselectsAutomatically: false)
                .onDeselect(Plain.self) { plain, path in deselected.value.append("\(plain.name) at \(path)") })
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = list.render()
        list.select(path(1))
        let log = recordSelections(dataSource)
        try dataSource.apply(makeSnapshot(plains("c")))
        #expect(log.value == ["deselect b at 0.1"])
        #expect(deselected.value == ["b at 0.1"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test(
        "a reload ends the selection, naming the item as it was selected: reloadData and an apply without animation",
        arguments: HostKind.allCases)
    func reloadDeselects(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let deselected = Ref<[String]>([])
        try dataSource.attach(
            SelectionPlugin(deselectsAutomatically: false)
                .onDeselect(Plain.self) { plain, path in deselected.value.append("\(plain.name) at \(path)") })
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = list.render()
        list.select(path(1))
        let log = recordSelections(dataSource)
        // The data source shows the new snapshot before the host reloads: b is named as it was selected.
        try dataSource.apply(makeSnapshot(plains("x", "a", "b")), animatingDifferences: false)
        #expect(log.value == ["deselect b at 0.1"])
        #expect(list.selectedIndexPaths == [])
        list.select(path(0))
        list.host.reloadData()
        #expect(log.value == ["deselect b at 0.1", "select x at 0.0", "deselect x at 0.0"])
        #expect(deselected.value == ["b at 0.1", "x at 0.0"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.visiblySelectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test(
        "a reloaded item ends its selection; a content change of the same item keeps it",
        arguments: HostKind.allCases)
    func reloadedItemIsDeselected(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "one")]))
        _ = list.render()
        list.select(path(1))
        let log = recordSelections(dataSource)
        // Same id, new title: configured again in place, still selected.
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "uno")]))
        #expect(log.value == [])
        #expect(list.selectedIndexPaths == [path(1)])
        #expect(list.visiblySelectedIndexPaths == [path(1)])
        #expect(list.render() == ["[plain] a", "[tile] uno"])
        // Reloaded: a new cell, and the selection ends, naming the item as it is now.
        var snapshot = dataSource.snapshot()
        try snapshot.reloadItems([Tile(id: 1, title: "uno")])
        try dataSource.apply(snapshot)
        #expect(log.value == ["deselect tile 1 uno at 0.1"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.visiblySelectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test(
        "a tap on another row and deselectItem(at:) end a selection with didDeselect", arguments: HostKind.allCases)
    func tapAndCodeDeselect(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = list.render()
        let log = recordSelections(dataSource)
        list.select(path(0))
        list.select(path(2))
        list.host.deselectItem(at: path(2))
        list.host.deselectItem(at: path(2))  // not selected: nothing
        #expect(log.value == ["select a at 0.0", "deselect a at 0.0", "select c at 0.2", "deselect c at 0.2"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test("the selections follow their items through an interactive move", arguments: HostKind.allCases)
    func selectionFollowsInteractiveMove(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d")))
        _ = list.render()
        list.allowsMultipleSelection = true
        list.select(path(0))
        list.select(path(3))
        #expect(list.beginReorder(path(0)))
        list.reorderDrag(to: path(2))
        #expect(try list.endReorder())
        #expect(list.render() == ["[plain] b", "[plain] c", "[plain] a", "[plain] d"])
        #expect(list.selectedIndexPaths == [path(2), path(3)])
        #expect(list.visiblySelectedIndexPaths == [path(2), path(3)])
        // A reload after the move names the items where they are now.
        let log = recordSelections(dataSource)
        list.host.reloadData()
        #expect(log.value == ["deselect a at 0.2", "deselect d at 0.3"])
        #expect(list.problems == [])
    }

    // MARK: Multiple selection

    @Test(
        "with multiple selection a tap toggles its item and leaves the others selected", arguments: HostKind.allCases)
    func multipleSelectionToggles(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d")))
        _ = list.render()
        list.allowsMultipleSelection = true
        #expect(list.allowsMultipleSelection)
        let log = recordSelections(dataSource)
        list.select(path(0))
        list.select(path(2))
        list.select(path(1))
        #expect(list.selectedIndexPaths == [path(0), path(1), path(2)])
        #expect(list.visiblySelectedIndexPaths == [path(0), path(1), path(2)])
        list.select(path(2))  // a selected item: deselected
        #expect(list.selectedIndexPaths == [path(0), path(1)])
        #expect(list.visiblySelectedIndexPaths == [path(0), path(1)])
        #expect(log.value == ["select a at 0.0", "select c at 0.2", "select b at 0.1", "deselect c at 0.2"])
        // Back to single selection: the next tap selects its item alone.
        list.allowsMultipleSelection = false
        list.select(path(3))
        #expect(log.value.suffix(3) == ["deselect a at 0.0", "deselect b at 0.1", "select d at 0.3"])
        #expect(list.selectedIndexPaths == [path(3)])
        #expect(list.problems == [])
    }

    @Test(
        "each selection follows its item through moves and content changes, and ends when it is deleted or reloaded",
        arguments: HostKind.allCases)
    func multipleSelectionFollowsItems(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        list.allowsMultipleSelection = true
        try dataSource.apply(
            makeSnapshot([Plain(name: "a"), Tile(id: 1, title: "one"), Plain(name: "b"), Plain(name: "c")]))
        _ = list.render()
        list.select(path(0))
        list.select(path(1))
        list.select(path(3))
        let log = recordSelections(dataSource)
        // c moves to the top, x arrives, the tile's title changes, b goes: a, the tile and c stay selected.
        try dataSource.apply(
            makeSnapshot([Plain(name: "c"), Plain(name: "x"), Plain(name: "a"), Tile(id: 1, title: "uno")]))
        #expect(log.value == [])
        #expect(list.selectedIndexPaths == [path(0), path(2), path(3)])
        #expect(list.visiblySelectedIndexPaths == [path(0), path(2), path(3)])
        let selected = list.selectedIndexPaths.compactMap { dataSource.item(at: $0) }
        #expect(selected == [Plain(name: "c"), Plain(name: "a"), Tile(id: 1, title: "uno")])
        // a is deleted and c reloaded, in one apply: both end, at the index paths they had.
        var snapshot = try makeSnapshot([Plain(name: "c"), Plain(name: "x"), Tile(id: 1, title: "uno")])
        try snapshot.reloadItems([Plain(name: "c")])
        try dataSource.apply(snapshot)
        #expect(log.value == ["deselect c at 0.0", "deselect a at 0.2"])
        #expect(list.selectedIndexPaths == [path(2)])
        #expect(list.visiblySelectedIndexPaths == [path(2)])
        // A reload ends the rest.
        list.host.reloadData()
        #expect(log.value.last == "deselect tile 1 uno at 0.2")
        #expect(list.selectedIndexPaths == [])
        #expect(list.problems == [])
    }

    @Test(
        "a selected row scrolled out and back shows as selected; deselectAll ends every selection",
        arguments: HostKind.allCases)
    func multipleSelectionOffScreen(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind, height: 3)
        list.allowsMultipleSelection = true
        try dataSource.apply(makeSnapshot((0..<12).map { Plain(name: "p\($0)") }))
        _ = list.render()
        list.select(path(0))
        list.select(path(2))
        list.scrollToEnd()
        list.select(path(11))
        list.scroll(toLine: 0)
        #expect(list.visiblySelectedIndexPaths == [path(0), path(2)])
        let log = recordSelections(dataSource)
        list.deselectAll()
        #expect(Set(log.value) == ["deselect p0 at 0.0", "deselect p2 at 0.2", "deselect p11 at 0.11"])
        #expect(list.selectedIndexPaths == [])
        #expect(list.visiblySelectedIndexPaths == [])
        #expect(list.problems == [])
    }

    // MARK: SelectionPlugin's multiple selection

    @Test(
        "SelectionPlugin(allowsMultipleSelection:) turns multiple selection on, and lists the items selected by identity",
        arguments: HostKind.allCases)
    func pluginMultipleSelection(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        let picker = SelectionPlugin(allowsMultipleSelection: true)
            .on(Plain.self) { plain, path in log.value.append("picked \(plain.name) at \(path)") }
            .on(Tile.self) { tile, _ in log.value.append("picked tile \(tile.title)") }
            .onDeselect(Plain.self) { plain, path in log.value.append("unpicked \(plain.name) at \(path)") }
            .onDeselect(Tile.self) { tile, _ in log.value.append("unpicked tile \(tile.title)") }
        #expect(picker.selectedItems == [])
        try dataSource.attach(picker)
        #expect(list.allowsMultipleSelection)
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b"), Tile(id: 1, title: "one")]))
        _ = list.render()
        list.select(path(0))
        list.select(path(2))
        list.select(path(1))
        list.select(path(0))
        #expect(log.value == ["picked a at 0.0", "picked tile one", "picked b at 0.1", "unpicked a at 0.0"])
        // Nothing is deselected automatically.
        #expect(Set(picker.selectedItems) == [Plain(name: "b"), Tile(id: 1, title: "one")])
        // Through a move and a content change the same items are selected, as they are now.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "uno"), Plain(name: "a"), Plain(name: "b")]))
        #expect(Set(picker.selectedItems) == [Plain(name: "b"), Tile(id: 1, title: "uno")])
        #expect(list.selectedIndexPaths == [path(0), path(2)])
        // Deleted: the deselection handler runs, and the item leaves the list.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "uno"), Plain(name: "a")]))
        #expect(log.value.last == "unpicked b at 0.2")
        #expect(picker.selectedItems == [Tile(id: 1, title: "uno")])
        // Detached: the host's selection mode is put back.
        try dataSource.detach(picker)
        #expect(!list.allowsMultipleSelection)
        #expect(picker.selectedItems == [])
        #expect(list.problems == [])
    }

    @Test(
        "detaching a multiple-selection SelectionPlugin from a single-selection host deselects its picks, telling the delegate and the handler",
        arguments: HostKind.allCases)
    func detachEndsMultipleSelection(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let unpicked = Ref<[String]>([])
        let picker = SelectionPlugin(allowsMultipleSelection: true)
            .onDeselect(Plain.self) { plain, path in unpicked.value.append("\(plain.name) at \(path)") }
        try dataSource.attach(picker)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = list.render()
        list.select(path(0))
        list.select(path(2))
        #expect(list.selectedIndexPaths == [path(0), path(2)])
        let log = recordSelections(dataSource)
        try dataSource.detach(picker)
        _ = list.render()  // the UIKit hosts deliver the events UIKit reported
        #expect(!list.allowsMultipleSelection)
        #expect(list.selectedIndexPaths == [])
        #expect(list.visiblySelectedIndexPaths == [])
        #expect(Set(log.value) == ["deselect a at 0.0", "deselect c at 0.2"])
        #expect(Set(unpicked.value) == ["a at 0.0", "c at 0.2"])
        // Single selection from then on: a tap selects its item alone.
        list.select(path(1))
        #expect(list.selectedIndexPaths == [path(1)])
        #expect(list.problems == [])
    }

    @Test(
        "detaching a multiple-selection SelectionPlugin from a host that had multiple selection keeps the picks",
        arguments: HostKind.allCases)
    func detachKeepsTheHostsMultipleSelection(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        list.allowsMultipleSelection = true
        let unpicked = Ref<[String]>([])
        let picker = SelectionPlugin(allowsMultipleSelection: true)
            .onDeselect(Plain.self) { plain, path in unpicked.value.append("\(plain.name) at \(path)") }
        try dataSource.attach(picker)
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = list.render()
        list.select(path(0))
        list.select(path(2))
        let log = recordSelections(dataSource)
        try dataSource.detach(picker)
        _ = list.render()
        #expect(list.allowsMultipleSelection)
        #expect(list.selectedIndexPaths == [path(0), path(2)])
        #expect(log.value == [])
        #expect(unpicked.value == [])
        #expect(list.problems == [])
    }

    @Test(
        "an apply that reloads one item and moves another out of the section keeps the other picks",
        arguments: HostKind.allCases)
    func reloadAndMoveKeepOtherPicks(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        list.allowsMultipleSelection = true
        try dataSource.apply(makeSnapshot([(.main, plains("a", "b", "c")), (.more, plains("d"))]))
        _ = list.render()
        list.select(path(0))
        list.select(ListIndexPath(item: 0, section: 1))
        let log = recordSelections(dataSource)
        var both = try makeSnapshot([(.main, plains("a", "b")), (.more, plains("c", "d"))])
        try both.reloadItems([Plain(name: "b")])
        try dataSource.apply(both)
        #expect(log.value == [])
        #expect(list.selectedIndexPaths == [path(0), ListIndexPath(item: 1, section: 1)])
        #expect(list.problems == [])
    }
}
