@_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitText
import DiffableStore
import Testing

// Static views: a view you own shown as an item, its identity the instance.

/// A static text block with state of its own: what "the user typed".
@MainActor final class DraftBlock: TextCell {
    var typed = ""
    var title: String

    init(title: String) {
        self.title = title
        super.init()
    }

    required init() {
        title = ""
        super.init()
    }

    override func render(width: Int) -> [String] {
        "\(title): [\(typed)]".split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

@MainActor final class RowTextCell: TextCell, ConfigurableView {
    func configure(with number: Int) { text = "row \(number)" }
}

@MainActor
@Suite("StaticView")
struct StaticViewTests {
    let list = TextListView(width: 24, height: 4)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: list)
        dataSource.registerCellType(RowTextCell.self)
    }

    /// The container showing the item at a path, and the static view it shows.
    private func shown(at path: ListIndexPath) -> TextCell? {
        (list.cellForItem(at: path) as? StaticViewCell)?.shown
    }

    @Test("a static block with state in a 100-row list keeps its instance and its state when scrolled away and back")
    func keepsStateAcrossScrolling() throws {
        let draft = DraftBlock(title: "draft")
        let other = DraftBlock(title: "other")
        var items: [AnyHashable] = [StaticView(draft)]
        items += (1...49).map { AnyHashable($0) }
        items.append(StaticView(other))
        items += (50...99).map { AnyHashable($0) }
        try dataSource.apply(makeSnapshot(items))
        #expect(shown(at: ListIndexPath(item: 0, section: 0)) === draft)
        draft.typed = "hello"
        let container = list.cellForItem(at: ListIndexPath(item: 0, section: 0))

        // Away: the draft's container goes back to the pool and is reused for the other block.
        list.scroll(to: ListIndexPath(item: 50, section: 0))
        #expect(list.render().hasPrefix("other: []"))
        #expect(list.cellForItem(at: ListIndexPath(item: 50, section: 0)) === container)
        #expect(shown(at: ListIndexPath(item: 50, section: 0)) === other)
        list.scrollToEnd()

        // And back: the same instance, its state intact, never configured nor prepared for reuse.
        list.scroll(toLine: 0)
        #expect(shown(at: ListIndexPath(item: 0, section: 0)) === draft)
        #expect(renderedLines(list.render()) == ["draft: [hello]", "row 1", "row 2", "row 3"])
        #expect(draft.typed == "hello")
        #expect(draft.configureCount == 0 && draft.prepareForReuseCount == 0)
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 0)) == AnyHashable(StaticView(draft)))
    }

    @Test("the same view twice is a duplicate item: the snapshot throws and stays as it was")
    func duplicateThrows() throws {
        let draft = DraftBlock(title: "draft")
        var snapshot = try makeSnapshot([StaticView(draft), 1])
        #expect {
            try snapshot.appendItems([StaticView(draft)])
        } throws: { error in
            (error as? SnapshotError)?.rule == .duplicateItem
                && (error as? SnapshotError)?.identifier == "StaticView(CellKitTests.DraftBlock)"
        }
        #expect(throws: SnapshotError.self) { try snapshot.appendItems([StaticView(DraftBlock(title: "a")), 2, 2]) }
        #expect(snapshot.numberOfItems == 2)
        // Another instance with the same content is another item.
        try snapshot.appendItems([StaticView(DraftBlock(title: "draft"))])
        #expect(snapshot.numberOfItems == 3)
    }

    @Test("static views diff by identity: moved, deleted and kept like other items")
    func diffsLikeOtherItems() throws {
        let a = DraftBlock(title: "a")
        let b = DraftBlock(title: "b")
        try dataSource.apply(makeSnapshot([StaticView(a), 1, StaticView(b)]))
        a.typed = "x"  // a change inside the view is the view's business: not a change of the item
        try dataSource.apply(makeSnapshot([StaticView(b), StaticView(a), 1]))
        #expect(list.updateLog.last == "move 0.2 -> 0.0")
        #expect(renderedLines(list.render()) == ["b: []", "a: [x]", "row 1", ""])
        try dataSource.apply(makeSnapshot([StaticView(a), 1]))
        #expect(list.updateLog.last == "delete 0.0")
        #expect(renderedLines(list.render()) == ["a: [x]", "row 1", "", ""])
    }

    @Test("a view moved to another container stays there when its old container is reused")
    func containerReleasesOnlyWhatItOwns() throws {
        let a = DraftBlock(title: "a")
        let b = DraftBlock(title: "b")
        try dataSource.apply(makeSnapshot([StaticView(a), StaticView(b)] + (1...20).map { AnyHashable($0) }))
        let first = try #require(list.cellForItem(at: ListIndexPath(item: 0, section: 0)) as? StaticViewCell)
        let second = try #require(list.cellForItem(at: ListIndexPath(item: 1, section: 0)) as? StaticViewCell)

        // Both containers go back to the pool; coming back, the pool hands them out the other way round:
        // `a` moves into the second container first, then the first container (which still held `a`)
        // is reused for `b`. It must not take `a` out of the second one.
        list.scroll(to: ListIndexPath(item: 10, section: 0))
        list.scroll(toLine: 0)
        #expect(list.cellForItem(at: ListIndexPath(item: 0, section: 0)) === second)
        #expect(list.cellForItem(at: ListIndexPath(item: 1, section: 0)) === first)
        #expect(a.staticContainer === second && b.staticContainer === first)
        #expect(renderedLines(list.render()) == ["a: []", "b: []", "row 1", "row 2"])
    }

    @Test("a static view needs no registration; one registered for StaticView takes precedence")
    func builtInRegistration() throws {
        #expect(dataSource.registrations.count == 1)
        #expect(
            dataSource.cellRegistration(for: StaticView(DraftBlock(title: "a")))?.reuseIdentifier
                == "CellKitText.StaticViewCell")
        dataSource.registerCell(itemType: StaticView.self, cellType: RowTextCell.self) { cell, _, item in
            cell.text = "own \((item.view as? DraftBlock)?.title ?? "?")"
        }
        try dataSource.apply(makeSnapshot([StaticView(DraftBlock(title: "a"))]))
        #expect(renderedLines(list.render()).first == "own a")
    }

    @Test("a host without a container refuses static views with a typed error")
    func hostWithoutContainer() throws {
        let host = RecordingHost()
        let dataSource = UniversalDataSource<Section>(host: host)
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot([StaticView(DraftBlock(title: "a"))]))
        }
        #expect(dataSource.snapshot().numberOfItems == 0)
    }

    @Test("the description names the view's class")
    func description() {
        #expect(StaticView(DraftBlock(title: "a")).description == "StaticView(CellKitTests.DraftBlock)")
        let block = DraftBlock(title: "a")
        #expect(StaticView(block) == StaticView(block) && StaticView(block).hashValue == StaticView(block).hashValue)
        #expect(StaticView(block) != StaticView(DraftBlock(title: "a")))
    }

    @Test("a static view whose content grew is measured again after invalidateSize, without a configure")
    func invalidateSizeOfStaticView() async throws {
        let draft = DraftBlock(title: "draft")
        try await dataSource.apply(makeSnapshot([1, StaticView(draft), 2]))
        let configured = list.statistics.configured
        draft.title = "draft\nsecond line"
        #expect(renderedLines(list.render()) == ["row 1", "draft", "row 2", ""])  // the old height, until told
        dataSource.invalidateSize(of: StaticView(draft))
        await dataSource.scheduledSizeUpdate?.value
        #expect(renderedLines(list.render()) == ["row 1", "draft", "second line: []", "row 2"])
        #expect(list.statistics.configured == configured)
        #expect(list.updateLog.last == "resize 0.1")
    }
}
