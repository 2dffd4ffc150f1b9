#if !canImport(UIKit)
@testable import CellKit
import CellKitText
import CellKitUIKit
import DiffableStore
import Testing

// Data-source tests written once and run on every host: the text host, and CollectionViewHost and
// TableViewHost over the UIKit stand-in. They restate, host-agnostically, the end-to-end tests of
// CellKitTests (UniversalDataSourceTextHostTests, EventDeliveryTests, CellContextAfterUpdatesTests);
// after each one, the stand-in must have raised nothing UIKit would have raised.

/// `/\` first, `||` middle, `\/` last, `()` only.
func cardEdge(_ position: PositionInSection) -> String {
    switch (position.isFirst, position.isLast) {
    case (true, true): "()"
    case (true, false): "/\\"
    case (false, true): "\\/"
    case (false, false): "||"
    }
}

@MainActor
@Suite("UniversalDataSource on every host")
struct SharedDataSourceTests {
    @Test("card cells keep their positions through appends, deletes and moves", arguments: HostKind.allCases)
    func cardPositions(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { context, item in
            "\(cardEdge(context.position)) \(item.name)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        #expect(harness.render() == ["/\\ a", "|| b", "\\/ c"])
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d")))
        #expect(harness.render() == ["/\\ a", "|| b", "|| c", "\\/ d"])
        try dataSource.apply(makeSnapshot(plains("b", "c", "d")))
        #expect(harness.render() == ["/\\ b", "|| c", "\\/ d"])
        try dataSource.apply(makeSnapshot(plains("d", "c", "b")))
        #expect(harness.render() == ["/\\ d", "|| c", "\\/ b"])
        try dataSource.apply(makeSnapshot([(.main, plains("d")), (.more, plains("c", "b"))]))
        #expect(harness.render() == ["() d", "/\\ c", "\\/ b"])
        #expect(harness.problems == [])
    }

    @Test("a selection after an accordion closes names the item the user selected", arguments: HostKind.allCases)
    func accordion(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.apply(makeSnapshot(plains("A", "A detail", "B", "C", "D")))
        harness.select(ListIndexPath(item: 0, section: 0))
        let selected = Ref<[String]>([])
        dataSource.onSelect = { item, indexPath in selected.value.append("\(item) at \(indexPath)") }
        dataSource.onEvent = { [dataSource] event in
            guard case .didDeselect = event else { return }
            try? dataSource.apply(makeSnapshot(plains("A", "B", "C", "D")))
        }
        harness.select(ListIndexPath(item: 3, section: 0))
        #expect(selected.value == ["C at 0.3"])
        #expect(harness.selectedIndexPaths == [ListIndexPath(item: 2, section: 0)])
        #expect(harness.render() == ["A", "B", "C", "D"])
        #expect(harness.problems == [])
    }

    @Test("a row that ends display because it was deleted names the deleted item", arguments: HostKind.allCases)
    func endDisplayingDeleted(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        _ = harness.render()
        let events = Ref<[ListHostEvent]>([])
        dataSource.onEvent = { events.value.append($0) }
        try dataSource.apply(makeSnapshot(plains("a", "c")))
        #expect(events.value == [.didEndDisplaying(Plain(name: "b"), at: ListIndexPath(item: 1, section: 0))])
        #expect(harness.problems == [])
    }

    @Test("events made during an apply reach the handlers once it has finished", arguments: HostKind.allCases)
    func eventsAfterApply(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let seen = Ref<[String]>([])
        dataSource.onEvent = { [dataSource] event in
            seen.value.append("\(event) | \(dataSource.snapshot().numberOfItems)")
        }
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        #expect(seen.value == ["willDisplay a at 0.0 | 2", "willDisplay b at 0.1 | 2"])
        #expect(harness.problems == [])
    }

    @Test("a reload of an item that also moves is shown as a brand-new list shows it", arguments: HostKind.allCases)
    func stagedApply(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        let version = Ref(1)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in
            "\(item.name)\(item.name == "a" ? version.value : 1)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        version.value = 2
        var new = try makeSnapshot(plains("c", "b", "a"))
        try new.reloadItems([Plain(name: "a")])
        try dataSource.apply(new)
        #expect(harness.render() == ["c1", "b1", "a2"])
        #expect(harness.problems == [])
    }
}
#endif
