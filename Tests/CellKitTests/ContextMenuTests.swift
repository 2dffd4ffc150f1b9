@_spi(ListHost) import CellKit
import CellKitPlugins
@_spi(ListHost) import CellKitText
import DiffableStore
import HostHarness
import Testing

// Context menus on every host: built from the item when the user asks, acting on the item it was opened
// for by identity with its current value, dropping the action when the item is gone, refusing disabled
// entries, and reaching actions in submenus.

@MainActor
@Suite("Context menus")
struct ContextMenuTests {
    /// What the actions received, and how many menus were built.
    let received = Ref<[String]>([])
    let built = Ref(0)

    /// A 6-line host showing tiles as `[tile] <title>` and plain rows as `[plain] <name>`; tiles (but tile
    /// 3) have a menu: Read, a "Move" submenu (To top, To bottom), a disabled Pin, a destructive Delete.
    private func makeList(_ kind: HostKind) throws -> (any HostHarness, UniversalDataSource<Section>, Ref<[Tile]>) {
        let (list, dataSource) = makePlainList(kind, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        let tiles = Ref([Tile(id: 1, title: "one"), Tile(id: 2, title: "two")])
        try dataSource.attach(
            ContextMenuPlugin().menu(Tile.self) { [received, built, unowned dataSource] tile in
                guard tile.id != 3 else { return nil }
                built.value += 1
                let move = { (top: Bool) in
                    ContextMenuAction(top ? "To top" : "To bottom", for: Tile.self) { tile in
                        received.value.append("move \(tile.title)")
                        tiles.value.removeAll { $0.id == tile.id }
                        top ? tiles.value.insert(tile, at: 0) : tiles.value.append(tile)
                        try? dataSource.apply(makeSnapshot(tiles.value))
                    }
                }
                return ContextMenu(
                    "Tile \(tile.id)",
                    children: [
                        .action(
                            ContextMenuAction("Read", for: Tile.self) { received.value.append("read \($0.title)") }),
                        .submenu(ContextMenu("Move", children: [.action(move(true)), .action(move(false))])),
                        .action(
                            ContextMenuAction("Pin", isDisabled: true, for: Tile.self) {
                                received.value.append("pin \($0.title)")
                            }),
                        .action(
                            ContextMenuAction("Delete", isDestructive: true) { items in
                                received.value.append("delete \(items.map { ($0.base as! Tile).title })")
                                tiles.value.removeAll { tile in items.contains(AnyHashable(tile)) }
                                try? dataSource.apply(makeSnapshot(tiles.value))
                            }),
                    ])
            })
        try dataSource.apply(makeSnapshot(tiles.value))
        return (list, dataSource, tiles)
    }

    @Test("a menu per item type, with a per-item say, built when the user asks", arguments: HostKind.allCases)
    func perType(kind: HostKind) throws {
        let (list, dataSource, tiles) = try makeList(kind)
        #expect(built.value == 0)
        #expect(list.openContextMenu([ListIndexPath(item: 1, section: 0)]) == ["Read", "Move", "Pin", "Delete"])
        #expect(built.value == 1)
        #expect(list.isContextMenuOpen)
        tiles.value += [Tile(id: 3, title: "three")]
        try dataSource.apply(makeSnapshot(tiles.value.map(AnyHashable.init) + [AnyHashable(Plain(name: "p"))]))
        #expect(list.openContextMenu([ListIndexPath(item: 2, section: 0)]) == nil)
        #expect(list.openContextMenu([ListIndexPath(item: 3, section: 0)]) == nil)
        #expect(!list.isContextMenuOpen)
        #expect(built.value == 1)
        #expect(list.problems == [])
    }

    @Test(
        "an action gets the item it was opened for, as it is now, after an apply changed and moved it",
        arguments: HostKind.allCases)
    func currentValue(kind: HostKind) throws {
        let (list, dataSource, tiles) = try makeList(kind)
        #expect(list.openContextMenu([ListIndexPath(item: 1, section: 0)]) != nil)
        tiles.value = [Tile(id: 2, title: "two, edited"), Tile(id: 5, title: "five"), Tile(id: 1, title: "one")]
        try dataSource.apply(makeSnapshot(tiles.value))
        #expect(list.chooseContextMenuAction(["Read"]))
        #expect(received.value == ["read two, edited"])
        #expect(!list.isContextMenuOpen)
        #expect(list.problems == [])
    }

    @Test("an item deleted while its menu is open gets no action", arguments: HostKind.allCases)
    func deletedItem(kind: HostKind) throws {
        let (list, dataSource, tiles) = try makeList(kind)
        #expect(list.openContextMenu([ListIndexPath(item: 1, section: 0)]) != nil)
        tiles.value = [Tile(id: 1, title: "one")]
        try dataSource.apply(makeSnapshot(tiles.value))
        // The text host closed the menu with its row; UIKit keeps showing it, and the choice does nothing.
        list.chooseContextMenuAction(["Delete"])
        list.chooseContextMenuAction(["Read"])
        #expect(received.value == [])
        #expect(!list.isContextMenuOpen)
        #expect(dataSource.snapshot() == (try makeSnapshot([Tile(id: 1, title: "one")])))
        #expect(list.render() == ["[tile] one"])
        #expect(list.problems == [])
    }

    @Test("a disabled entry cannot be performed", arguments: HostKind.allCases)
    func disabled(kind: HostKind) throws {
        let (list, dataSource, _) = try makeList(kind)
        defer { withExtendedLifetime(dataSource) {} }
        #expect(list.openContextMenu([ListIndexPath(item: 0, section: 0)]) != nil)
        #expect(!list.chooseContextMenuAction(["Pin"]))
        #expect(!list.chooseContextMenuAction(["Move", "Pin"]))
        #expect(!list.chooseContextMenuAction(["Archive"]))
        #expect(received.value == [])
        #expect(list.isContextMenuOpen)
        #expect(list.problems == [])
    }

    @Test("an action in a submenu acts on the item, and its apply moves the row", arguments: HostKind.allCases)
    func submenu(kind: HostKind) throws {
        let (list, dataSource, _) = try makeList(kind)
        #expect(list.openContextMenu([ListIndexPath(item: 0, section: 0)]) != nil)
        #expect(!list.chooseContextMenuAction(["Move", "Sideways"]))
        #expect(list.chooseContextMenuAction(["Move", "To bottom"]))
        #expect(received.value == ["move one"])
        #expect(!list.isContextMenuOpen)
        #expect(dataSource.snapshot() == (try makeSnapshot([Tile(id: 2, title: "two"), Tile(id: 1, title: "one")])))
        #expect(list.render() == ["[tile] two", "[tile] one"])
        #expect(list.problems == [])
    }

    @Test(
        "a destructive action deletes its item by identity after rows were inserted above", arguments: HostKind.allCases
    )
    func deleteAfterInsert(kind: HostKind) throws {
        let (list, dataSource, tiles) = try makeList(kind)
        #expect(list.openContextMenu([ListIndexPath(item: 0, section: 0)]) != nil)
        tiles.value.insert(Tile(id: 5, title: "five"), at: 0)
        try dataSource.apply(makeSnapshot(tiles.value))
        #expect(list.chooseContextMenuAction(["Delete"]))
        #expect(received.value == ["delete [\"one\"]"])
        #expect(list.render() == ["[tile] five", "[tile] two"])
        #expect(list.problems == [])
    }

    @Test(
        "a collection view opens one menu for several items (iOS 16); deleted ones are left out",
        arguments: [HostKind.collection, .compositional, .list])
    func severalItems(kind: HostKind) throws {
        let (list, dataSource) = makePlainList(kind, height: 6)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        let tiles = Ref([Tile(id: 1, title: "one"), Tile(id: 2, title: "two"), Tile(id: 3, title: "three")])
        try dataSource.attach(
            ContextMenuPlugin()
                .menu(Tile.self) { _ in ContextMenu(children: [.action(ContextMenuAction("One") { _ in })]) }
                .menu(forSeveral: Tile.self) { [received] chosen in
                    ContextMenu(
                        "\(chosen.count) tiles",
                        children: [
                            .action(
                                ContextMenuAction("Read all", for: Tile.self) {
                                    received.value.append("read \($0.title)")
                                })
                        ])
                })
        try dataSource.apply(makeSnapshot(tiles.value))
        let paths = [ListIndexPath(item: 0, section: 0), ListIndexPath(item: 2, section: 0)]
        #expect(list.openContextMenu(paths) == ["Read all"])
        try dataSource.apply(makeSnapshot([Tile(id: 3, title: "three, edited"), Tile(id: 2, title: "two")]))
        #expect(list.chooseContextMenuAction(["Read all"]))
        #expect(received.value == ["read three, edited"])
        #expect(list.problems == [])
    }

    @Test("a table view and the text host open a menu for one row at a time", arguments: [HostKind.table, .text])
    func oneRowOnly(kind: HostKind) throws {
        let (list, dataSource, _) = try makeList(kind)
        defer { withExtendedLifetime(dataSource) {} }
        #expect(list.openContextMenu([ListIndexPath(item: 0, section: 0), ListIndexPath(item: 1, section: 0)]) == nil)
        #expect(list.openContextMenu([ListIndexPath(item: 0, section: 0)]) != nil)
    }

    @Test("the data source's menu drops a disabled action's handler, whatever the host does")
    func disabledInTheValue() throws {
        let list = TextListView(width: 20, height: 4)
        let dataSource = UniversalDataSource<Section>(host: list)
        dataSource.registerCell(itemType: Tile.self, cellType: TextCell.self) { cell, _, tile in cell.text = tile.title
        }
        try dataSource.attach(
            ContextMenuPlugin().menu(Tile.self) { [received] _ in
                ContextMenu(children: [
                    .action(ContextMenuAction("Pin", isDisabled: true) { _ in received.value.append("pin") }),
                    .action(ContextMenuAction("Read") { _ in received.value.append("read") }),
                ])
            })
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "one")]))
        let asked = try #require(list.dataSource as? any ListHostContextMenus)
        let menu = try #require(asked.contextMenu(at: [ListIndexPath(item: 0, section: 0)], in: list))
        for case .action(let action) in menu.children { action.perform([AnyHashable(Tile(id: 1, title: "one"))]) }
        #expect(received.value == ["read"])
        // An item that is gone: nothing runs.
        for case .action(let action) in menu.children { action.perform([AnyHashable(Tile(id: 7, title: "x"))]) }
        #expect(received.value == ["read"])
    }
}
