@_spi(ListHost) @testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// Item-scoped supplementary views (separators) through UniversalDataSource and TextListView: one per
// item, configured with the item and its position, kept current when positions change, and named by
// their item in display events. A test that reads what a separator adds to its row runs on
// `HostKind.takingItemSizes`: a list layout sizes each cell itself, so a separator does not add to its row there.

/// A separator below its item: a line of dashes, or nothing when hidden.
@MainActor final class DashSeparator: TextCell {
    var isShown = true
    override func render(width: Int) -> [String] { isShown ? [String(repeating: "-", count: width)] : [] }
}

/// A cell that shows its item and does not read its context.
@MainActor final class NameTextCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

/// A cell drawn by its position: `╭` first, `│` middle, `╰` last, `─` only.
@MainActor final class EdgeTextCell: TextCell {}

func edge(_ position: PositionInSection) -> String {
    switch position {
    case .only: "─"
    case .first: "╭"
    case .middle: "│"
    case .last: "╰"
    }
}

/// A list on a host of a kind showing strings, with a separator below each item but the last.
@MainActor
struct SeparatorScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<String>
    /// What the separator closure was given to show, in order: "item position section".
    let calls = Ref<[String]>([])

    init(_ kind: HostKind, height: Int = 10) throws {
        harness = kind.make(width: 12, height: height)
        dataSource = harness.makeDataSource()
        harness.registerLabelType(dataSource, NameLabel.self)
        try harness.registerRuleSeparator(dataSource, kind: .separator, rule: "-") {
            [calls] context, item, section, shows in
            if shows { calls.value.append("\(item) \(context.position) \(section)") }
            return !context.position.isLast
        }
    }

    func show(_ items: [String], in section: String = "s") throws {
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections([section])
        try snapshot.appendItems(items)
        try dataSource.apply(snapshot)
    }
}

@MainActor
@Suite("Item-scoped supplementary views")
struct ItemSupplementaryTests {
    @Test("3 items render 3 separators, the last hidden by the position check", arguments: HostKind.takingItemSizes)
    func threeItems(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        let harness = screen.harness
        try screen.show(["a", "b", "c"])
        #expect(harness.contentLines() == ["a", "------------", "b", "------------", "c"])
        #expect(screen.calls.value == ["a first s", "b middle s", "c last s"])
        for item in 0..<3 {
            let separator = harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: item, section: 0))
            #expect((separator as? any RuleSeparator)?.isShown == (item < 2))
            if let separator = separator as? TextCell {
                #expect(separator.indexPath == ListIndexPath(item: item, section: 0))
            }
        }
        #expect(
            screen.dataSource.adapter.supplementaryKinds(in: harness.host) == [], "a separator is not a section row")
        #expect(harness.problems == [])
    }

    @Test(
        "appending after the last item reconfigures it in place, separator included: insert 0.2 plus reconfigure 0.1",
        arguments: HostKind.takingItemSizes)
    func appendReconfiguresTheOldLast(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        let harness = screen.harness
        try screen.show(["a", "b"])
        let bCell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        let bSeparator = harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 1, section: 0))
        let created = harness.allViewsCreated
        screen.calls.value = []
        try screen.show(["a", "b", "c"])
        #expect(harness.updates.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
        #expect(harness.screen().prefix(5) == ["a", "------------", "b", "------------", "c"])
        #expect(screen.calls.value == ["c last s", "b middle s"], "c is configured by the batch, b after it")
        #expect(bCell != nil && harness.cell(at: ListIndexPath(item: 1, section: 0)) === bCell)
        #expect(
            bSeparator != nil
                && harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 1, section: 0))
                    === bSeparator
        )
        #expect(harness.allViewsCreated == created + 2, "only c's cell and separator are new")
        #expect(harness.problems == [])
    }

    @Test(
        "deleting the last item makes the one before it last: its separator hides", arguments: HostKind.takingItemSizes)
    func deleteLast(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        try screen.show(["a", "b", "c"])
        try screen.show(["a", "b"])
        #expect(screen.harness.updates.suffix(2) == ["delete 0.2", "reconfigure 0.1"])
        #expect(screen.harness.contentLines() == ["a", "------------", "b"])
        #expect(screen.harness.problems == [])
    }

    @Test(
        "with cells that read their position: the rows read ╭ a, │ b, ╰ c after appending c to ╭ a, ╰ b",
        arguments: HostKind.takingItemSizes)
    func edgesAndSeparators(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        let harness = screen.harness
        screen.dataSource.onDiagnostic = { _ in }  // replaces the screen's cell on purpose
        harness.registerLabel(screen.dataSource, for: String.self) { context, name in
            "\(edge(context.position)) \(name)"
        }
        try screen.show(["a", "b"])
        #expect(harness.contentLines() == ["╭ a", "------------", "╰ b"])
        try screen.show(["a", "b", "c"])
        #expect(harness.contentLines() == ["╭ a", "------------", "│ b", "------------", "╰ c"])
        #expect(harness.updates.suffix(2) == ["insert 0.2", "reconfigure 0.1"])
        #expect(harness.problems == [])
    }

    @Test(
        "an item moved to another section, keeping its position, is configured again with its new section",
        arguments: HostKind.allCases)
    func movedAcrossSections(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["s", "t"])
        try snapshot.appendItems(["a", "b"], toSection: "s")
        try snapshot.appendItems(["c", "d"], toSection: "t")
        try screen.dataSource.apply(snapshot)
        screen.calls.value = []
        try snapshot.moveItem("b", afterItem: "d")
        try snapshot.moveItem("d", afterItem: "a")
        try screen.dataSource.apply(snapshot)
        #expect(screen.calls.value.sorted() == ["b last t", "d last s"])
        #expect(screen.harness.problems == [])
    }

    @Test("display events of a separator name its item, also when the item is deleted", arguments: HostKind.allCases)
    func displayEvents(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        var events: [String] = []
        screen.dataSource.onEvent = { event in
            switch event {
            case .willDisplayItemSupplementaryView, .didEndDisplayingItemSupplementaryView: events.append("\(event)")
            default: break
            }
        }
        try screen.show(["a", "b"])
        screen.harness.layoutIfNeeded()
        #expect(events == ["willDisplay separator of a at 0.0", "willDisplay separator of b at 0.1"])
        events = []
        try screen.show(["b"])
        screen.harness.layoutIfNeeded()
        #expect(events == ["didEndDisplaying separator of a at 0.0"])
        let event = ListHostEvent.willDisplayItemSupplementaryView(
            .separator, item: "b", at: ListIndexPath(item: 0, section: 0))
        #expect(event.item == AnyHashable("b"))
        #expect(event.indexPath == ListIndexPath(item: 0, section: 0))
        #expect(screen.harness.problems == [])
    }

    @Test("a reconfigure in place keeps the separator and tells the delegate nothing", arguments: HostKind.allCases)
    func inPlaceNoEvents(kind: HostKind) throws {
        let screen = try SeparatorScreen(kind)
        let harness = screen.harness
        var events: [ListHostEvent] = []
        try screen.show(["a", "b"])
        harness.layoutIfNeeded()
        screen.dataSource.onEvent = { events.append($0) }
        let separator = harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 0, section: 0))
        harness.host.reconfigureItems(at: [ListIndexPath(item: 0, section: 0)])
        harness.layoutIfNeeded()
        #expect(
            separator != nil
                && harness.itemSupplementaryView(ofKind: .separator, at: ListIndexPath(item: 0, section: 0))
                    === separator
        )
        #expect(events.isEmpty)
        #expect(harness.problems == [])
    }

    @Test(
        "scrolled out of view, a separator goes back to its pool with its cell and is reused",
        arguments: HostKind.takingItemSizes)
    func recycling(kind: HostKind) throws {
        let harness = kind.make(width: 12, height: 4)
        let dataSource = harness.makeDataSource(String.self)
        harness.registerLabelType(dataSource, NameLabel.self)
        try harness.registerRuleSeparator(dataSource, kind: .separator, rule: "-") { context, _, _, _ in
            !context.position.isLast
        }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems((0..<50).map { "row \($0)" })
        try dataSource.apply(snapshot)
        harness.layoutIfNeeded()
        let created = harness.allViewsCreated
        harness.scrollToEnd()
        #expect(harness.screen() == ["------------", "row 48", "------------", "row 49"])
        #expect(harness.allViewsCreated <= created + 2, "views of rows that left are reused")
        #expect(harness.problems == [])
    }
}
