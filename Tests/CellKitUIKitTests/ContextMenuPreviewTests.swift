#if !canImport(UIKit)
import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Testing
@_spi(Simulation) import UIKitStandIn

// A context menu's preview on the UIKit hosts: the configuration's preview provider makes the menu's view
// controller when the menu shows (the stand-in keeps what it made); a menu without one, or with a text
// host's preview only, lets UIKit preview the cell (no provider).

/// A preview naming the item it shows.
private final class ItemPreview: UIViewController {
    let name: String
    init(_ name: String) {
        self.name = name
        super.init()
    }
}

@MainActor
@Suite("Context menu previews on the UIKit hosts")
struct ContextMenuPreviewTests {
    @Test("the menu's preview is made when it shows; without one UIKit previews the cell", arguments: uikitHostKinds)
    func preview(kind: HostKind) throws {
        let harness = try #require(kind.make(height: 6) as? any UIKitHarness)
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        var made: [String] = []
        try dataSource.attach(
            ContextMenuPlugin().menu(Plain.self) { plain in
                let menu = ContextMenu(plain.name, children: [.action(ContextMenuAction("Read") { _ in })])
                switch plain.name {
                case "A":
                    return menu.previewing {
                        made.append(plain.name)
                        return ItemPreview(plain.name)
                    }
                case "B": return menu.previewing(text: { "text only" })
                default: return menu
                }
            })
        try dataSource.apply(makeSnapshot(plains("A", "B", "C")))
        _ = harness.render()
        func shownPreview() -> UIViewController? {
            (harness.listView as? UICollectionView)?._contextMenuPreview
                ?? (harness.listView as? UITableView)?._contextMenuPreview
        }
        #expect(made.isEmpty)
        #expect(harness.openContextMenu([ListIndexPath(item: 0, section: 0)]) == ["Read"])
        #expect((shownPreview() as? ItemPreview)?.name == "A")
        #expect(made == ["A"])
        for item in [1, 2] {
            #expect(harness.openContextMenu([ListIndexPath(item: item, section: 0)]) == ["Read"])
            #expect(shownPreview() == nil)
        }
        #expect(made == ["A"])
    }
}
#endif
