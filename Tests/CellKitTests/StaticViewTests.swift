@_spi(Testing) import CellKit
@testable @_spi(Testing) import CellKitText
@_spi(CellKitInternals) import DiffableStore
import HostHarness
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

@MainActor
@Suite("StaticView")
struct StaticViewTests {
    /// A 4-line host whose numbers show as `row <n>`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let list = kind.make(width: 24, height: 4)
        let dataSource = list.makeDataSource(Section.self)
        list.registerLabel(dataSource, for: Int.self) { _, number in "row \(number)" }
        return (list, dataSource)
    }

    @Test(
        "a static block with state in a 100-row list keeps its instance and its state when scrolled away and back",
        arguments: HostKind.allCases)
    func keepsStateAcrossScrolling(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let draft = list.makeDraft(title: "draft")
        let other = list.makeDraft(title: "other")
        var items: [AnyHashable] = [StaticView(draft)]
        items += (1...49).map { AnyHashable($0) }
        items.append(StaticView(other))
        items += (50...99).map { AnyHashable($0) }
        try dataSource.apply(makeSnapshot(items))
        #expect(list.draft(at: ListIndexPath(item: 0, section: 0)) === draft)
        draft.typed = "hello"
        let container = list.cell(at: ListIndexPath(item: 0, section: 0))

        // Away: the draft's container goes back to the pool and is reused for the other block.
        list.scroll(to: ListIndexPath(item: 50, section: 0))
        #expect(list.renderWithStaticViews().first == "other: []")
        #expect(container != nil && list.cell(at: ListIndexPath(item: 50, section: 0)) === container)
        #expect(list.draft(at: ListIndexPath(item: 50, section: 0)) === other)
        list.scrollToEnd()

        // And back: the same instance, its state intact (on the text host, never configured nor prepared
        // for reuse; a UIKit view has neither).
        list.scroll(toLine: 0)
        #expect(list.draft(at: ListIndexPath(item: 0, section: 0)) === draft)
        #expect(list.renderWithStaticViews() == ["draft: [hello]", "row 1", "row 2", "row 3"])
        #expect(draft.typed == "hello")
        if let draft = draft as? TextCell {
            #expect(draft.configureCount == 0 && draft.prepareForReuseCount == 0)
        }
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 0)) == AnyHashable(StaticView(draft)))
        #expect(list.problems == [])
    }

    @Test("the same view twice is a duplicate item: the snapshot throws and stays as it was")
    func duplicateThrows() throws {
        let draft = DraftBlock(title: "draft")
        var snapshot = try makeSnapshot([StaticView(draft), 1])
        // Appends are checked when indexed (by an edit by identifier, or the apply).
        var twice = try makeSnapshot([StaticView(draft), 1, StaticView(draft)])
        #expect {
            try twice._indexAppendedItems()
        } throws: { error in
            (error as? SnapshotError)?.rule == .duplicateItem
                && (error as? SnapshotError)?.identifier == "StaticView(CellKitTests.DraftBlock)"
        }
        var repeated = try makeSnapshot([StaticView(draft), 1, StaticView(DraftBlock(title: "a")), 2, 2])
        #expect(throws: SnapshotError.self) { try repeated._indexAppendedItems() }
        #expect(snapshot.numberOfItems == 2)
        // Another instance with the same content is another item.
        try snapshot.appendItems([StaticView(DraftBlock(title: "draft"))])
        #expect(snapshot.numberOfItems == 3)
    }

    @Test("static views diff by identity: moved, deleted and kept like other items", arguments: HostKind.allCases)
    func diffsLikeOtherItems(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let a = list.makeDraft(title: "a")
        let b = list.makeDraft(title: "b")
        try dataSource.apply(makeSnapshot([StaticView(a), 1, StaticView(b)]))
        a.typed = "x"  // a change inside the view is the view's business: not a change of the item
        try dataSource.apply(makeSnapshot([StaticView(b), StaticView(a), 1]))
        // Moved, not deleted and inserted; then row 1, last now, is configured for its new position (the
        // harness's label cells read the context).
        #expect(list.performedUpdates.suffix(2) == ["move 0.2 -> 0.0", "reconfigure 0.2"])
        #expect(list.renderWithStaticViews() == ["b: []", "a: [x]", "row 1"])
        try dataSource.apply(makeSnapshot([StaticView(a), 1]))
        #expect(list.performedUpdates.last == "delete 0.0")
        #expect(list.renderWithStaticViews() == ["a: [x]", "row 1"])
        #expect(list.problems == [])
    }

    @Test(
        "a view moved to another container stays there when its old container is reused", arguments: HostKind.allCases)
    func containerReleasesOnlyWhatItOwns(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let a = list.makeDraft(title: "a")
        let b = list.makeDraft(title: "b")
        try dataSource.apply(makeSnapshot([StaticView(a), StaticView(b)] + (1...20).map { AnyHashable($0) }))
        let first = try #require(list.cell(at: ListIndexPath(item: 0, section: 0)))
        let second = try #require(list.cell(at: ListIndexPath(item: 1, section: 0)))
        #expect(list.container(of: a) === first && list.container(of: b) === second)

        // Both containers go back to the pool; coming back, the pool hands them out the other way round:
        // `a` moves into the second container first, then the first container (which still held `a`)
        // is reused for `b`. It must not take `a` out of the second one.
        list.scroll(to: ListIndexPath(item: 10, section: 0))
        list.scroll(toLine: 0)
        #expect(list.cell(at: ListIndexPath(item: 0, section: 0)) === second)
        #expect(list.cell(at: ListIndexPath(item: 1, section: 0)) === first)
        #expect(list.container(of: a) === second && list.container(of: b) === first)
        #expect(list.renderWithStaticViews() == ["a: []", "b: []", "row 1", "row 2"])
        #expect(list.problems == [])
    }

    @Test(
        "a static view needs no registration; one registered for StaticView takes precedence",
        arguments: HostKind.allCases)
    func builtInRegistration(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        #expect(dataSource.registrations.count == 1)
        #expect(
            dataSource.cellRegistration(for: StaticView(list.makeDraft(title: "a")))?.reuseIdentifier
                == list.staticContainerReuseIdentifier)
        list.registerLabel(dataSource, for: StaticView.self) { _, item in
            "own \((item.view as? any DraftView)?.title ?? "?")"
        }
        try dataSource.apply(makeSnapshot([StaticView(list.makeDraft(title: "a"))]))
        #expect(list.render().first == "own a")
        #expect(list.problems == [])
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

    // A static view has no `ItemSizing`: the text host measures its rows as it lays them out; the UIKit hosts
    // size it as a self-sizing cell (`systemLayoutSizeFitting` of its container) each time the list view
    // lays out again.
    @Test(
        "a static view whose content grew is measured again after invalidateSize, without a configure",
        arguments: HostKind.allCases)
    func invalidateSizeOfStaticView(kind: HostKind) async throws {
        let list = kind.make(width: 24, height: 4)
        let dataSource = list.makeDataSource(Section.self)
        list.registerLabel(dataSource, for: Int.self) { _, number in "row \(number)" }
        let draft = list.makeDraft(title: "draft")
        try await dataSource.apply(makeSnapshot([1, StaticView(draft), 2]))
        let (configured, relayouts) = (list.configuredViews, list.relayouts)
        draft.title = "draft\nsecond line"
        #expect(list.renderWithStaticViews() == ["row 1", "draft", "row 2"])  // the old height, until told
        dataSource.invalidateSize(of: StaticView(draft))
        await dataSource.scheduledSizeUpdate?.value
        #expect(list.renderWithStaticViews() == ["row 1", "draft", "second line: []", "row 2"])
        #expect(list.configuredViews == configured)
        #expect(list.relayouts == relayouts + 1)
        if kind == .text { #expect(list.performedUpdates.last == "resize 0.1") }
        #expect(list.problems == [])
    }
}
