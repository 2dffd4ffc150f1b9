@_spi(ListHost) import CellKit
import CellKitTesting
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// What TextListView shows with an item's row besides its cell: item-scoped supplementary views asked
// for at the item's index path, and section decorations drawn around the section's items.

/// A data source over sections of strings with an item-scoped kind (`"tag"`, a line below each item the
/// `tagged` closure picks) and, optionally, a decoration kind.
@MainActor
final class AttachmentDataSource: ListHostItemViews {
    var sections: [[String]]
    var tagged: (String) -> Bool = { _ in true }
    var decorations: [SupplementaryKind] = []
    /// The view the decoration kinds are made of (the list accepts `TextSectionBackground` subclasses).
    var supplementaryRequests: [String] = []

    init(
        _ sections: [[String]], host: TextListView,
        decorationView: @escaping @MainActor () -> AnyObject = { TextSectionBackground() }
    ) {
        self.sections = sections
        host.registerCell(ItemCell.self, reuseIdentifier: "item") { ItemCell() }
        host.registerSupplementaryView(LabelView.self, ofKind: "tag", reuseIdentifier: "tag") { LabelView() }
        host.registerSupplementaryView(
            TextSectionBackground.self, ofKind: .background, reuseIdentifier: "card", factory: decorationView)
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { sections.count }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int { sections[section].count }

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        switch element {
        case .cell:
            return ViewReuse(reuseIdentifier: "item", viewClass: ItemCell.self)
        case .supplementary(let kind, let indexPath):
            supplementaryRequests.append("\(kind) \(indexPath)")
            let item = sections[indexPath.section][indexPath.item]
            return tagged(item) ? ViewReuse(reuseIdentifier: "tag", viewClass: LabelView.self) : nil
        case .decoration:
            return ViewReuse(reuseIdentifier: "card", viewClass: TextSectionBackground.self)
        }
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        switch element {
        case .cell(let indexPath): (view as? TextCell)?.text = sections[indexPath.section][indexPath.item]
        case .supplementary(_, let indexPath):
            (view as? TextCell)?.text = "  #\(sections[indexPath.section][indexPath.item])"
        case .decoration: break
        }
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    func itemSupplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { ["tag"] }
    func decorationKinds(in host: any ListHost) -> [SupplementaryKind] { decorations }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].indices.contains(indexPath.item)
            ? sections[indexPath.section][indexPath.item] : nil
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        sections.indices.contains(index) ? index : nil
    }
}

/// A cell that counts how often it was told to let go of its value.
final class UnbindingCell: TextCell, UnbindableView {
    var unbinds = 0
    func unbind() { unbinds += 1 }
}

@MainActor
@Suite("TextListView item attachments")
struct TextListViewAttachmentTests {
    @Test("an item-scoped kind is asked for at each item's index path and shows below its cell; nil takes no lines")
    func itemKinds() {
        let list = TextListView(width: 10, height: 5)
        let dataSource = AttachmentDataSource([["a", "b"], ["c"]], host: list)
        dataSource.tagged = { $0 != "b" }
        assertRender(
            list,
            """
            a
              #a
            b
            c
              #c
            """)
        #expect(dataSource.supplementaryRequests == ["tag 0.0", "tag 0.1", "tag 1.0"])
        #expect(list.itemSupplementaryView(ofKind: "tag", at: at(0, 0))?.text == "  #a")
        #expect(list.itemSupplementaryView(ofKind: "tag", at: at(0, 1)) == nil)
        #expect(list.contentHeight == 5)
    }

    @Test("display events name the item of an item-scoped view, with the cell's")
    func events() throws {
        let list = TextListView(width: 10, height: 2)
        let dataSource = AttachmentDataSource([["a", "b"]], host: list)
        let recorder = EventRecorder()
        list.delegate = recorder
        _ = list.render()
        #expect(recorder.events.map(\.description) == ["willDisplay a at 0.0", "willDisplay tag of a at 0.0"])
        recorder.clear()
        try list.performBatchUpdates(BatchUpdate(deletedItems: [at(0, 0)])) { dataSource.sections = [["b"]] }
        #expect(
            recorder.events.map(\.description) == [
                "didEndDisplaying a at 0.0", "didEndDisplaying tag of a at 0.0",
                "willDisplay b at 0.0", "willDisplay tag of b at 0.0",
            ])
    }

    @Test("reconfiguring an item in place reconfigures its attached views in place: same views, no events")
    func inPlace() {
        let list = TextListView(width: 10, height: 4)
        let dataSource = AttachmentDataSource([["a", "b"]], host: list)
        dataSource.decorations = [.background]
        let recorder = EventRecorder()
        list.delegate = recorder
        _ = list.render()
        let tag = list.itemSupplementaryView(ofKind: "tag", at: at(0, 0))
        let created = list.statistics.viewsCreated
        recorder.clear()
        dataSource.sections = [["A", "b"]]
        list.reconfigureItems(at: [at(0, 0)])
        #expect(list.itemSupplementaryView(ofKind: "tag", at: at(0, 0)) === tag)
        #expect(tag?.text == "  #A")
        #expect(list.statistics.viewsCreated == created)
        #expect(recorder.events.isEmpty)
        // Untagged now: the tag goes back to its pool and its end is reported.
        dataSource.tagged = { $0 != "A" }
        list.reconfigureItems(at: [at(0, 0)])
        #expect(list.itemSupplementaryView(ofKind: "tag", at: at(0, 0)) == nil)
        #expect(recorder.events.map(\.description) == ["didEndDisplaying tag of A at 0.0"])
        assertRender(
            list,
            """
            ╭────────╮
            │ A      │
            │ b      │
            │   #b   │
            """)
    }

    @Test("a decoration frames exactly a section's item rows; renderAll changes no statistics")
    func decorations() {
        let list = TextListView(width: 10, height: 3)
        let dataSource = AttachmentDataSource([["a"], [], ["b", "c"]], host: list)
        dataSource.decorations = [.background]
        dataSource.tagged = { _ in false }
        _ = list.render()
        let statistics = list.statistics
        #expect(
            list.renderAll()
                == [
                    "╭────────╮", "│ a      │", "╰────────╯",
                    "╭────────╮", "│ b      │", "│ c      │", "╰────────╯",
                ].joined(separator: "\n"))
        #expect(list.statistics == statistics)
    }

    @Test("a decoration that is not a TextSectionBackground stops the program")
    func wrongDecoration() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let list = TextListView(width: 10, height: 3)
                let dataSource = AttachmentDataSource([["a"]], host: list, decorationView: { LabelView() })
                dataSource.decorations = [.background]
                _ = list.render()
            }
        }
    }

    @Test("a view that adopts UnbindableView is told to let go when it goes back to the pool")
    func unbindOnRecycle() throws {
        let list = TextListView(width: 10, height: 2)
        let dataSource = ArrayDataSource([["a", "b", "c", "d"]], host: list)
        list.registerCell(UnbindingCell.self, reuseIdentifier: "item") { UnbindingCell() }
        _ = list.render()
        let first = list.cellForItem(at: at(0, 0)) as? UnbindingCell
        #expect(first?.unbinds == 0)
        list.scrollBy(lines: 2)
        #expect(first?.unbinds == 1)
        _ = dataSource
    }

    @Test("a scroll anchor past an unmeasured row's estimated height lands on that row's line")
    func anchorIntoTallRow() {
        let list = TextListView(width: 10, height: 2)
        let dataSource = AttachmentDataSource([["a", "b", "c"]], host: list)
        dataSource.decorations = [.background]
        // Row b is 3 lines tall (│ b │, │ #b │ ... ); a new list has not measured it.
        #expect(list.scroll(to: TextListView.ScrollAnchor(row: .item(at(0, 1)), lineOffset: 1)))
        assertRender(
            list,
            """
            │   #b   │
            │ c      │
            """)
    }
}

@MainActor
@Suite("TextSectionBackground")
struct TextSectionBackgroundTests {
    @Test("frames an item by its position: edges at the first and last, sides everywhere")
    func frames() {
        let card = TextSectionBackground()
        #expect(card.frame(["x   "], width: 8, position: .only) == ["╭──────╮", "│ x    │", "╰──────╯"])
        #expect(card.frame(["x   "], width: 8, position: .first) == ["╭──────╮", "│ x    │"])
        #expect(card.frame(["x   ", "y   "], width: 8, position: .middle) == ["│ x    │", "│ y    │"])
        #expect(card.frame(["x   "], width: 8, position: .last) == ["│ x    │", "╰──────╯"])
    }

    @Test("a square style and a title, cut to fit; reuse resets both")
    func styleAndTitle() {
        let card = TextSectionBackground()
        card.style = .square
        card.title = "Friends"
        #expect(card.frame(["x"], width: 14, position: .first).first == "┌─ Friends ──┐")
        #expect(card.frame(["x"], width: 8, position: .first).first == "┌─ Fri…┐")
        card.prepareForReuse()
        #expect(card.frame(["x"], width: 5, position: .first).first == "╭───╮")
    }
}
