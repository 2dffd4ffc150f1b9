@_spi(Testing) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// End to end: UniversalDataSource driving each host (the text host, and the UIKit hosts over the stand-in).

@MainActor final class TileTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: Tile) { text = "[tile] \(viewModel.title)" }
}

@MainActor final class PlainTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: Plain) { text = "[plain] \(viewModel.name)" }
}

@MainActor
@Suite("UniversalDataSource end to end on every host")
struct UniversalDataSourceTextHostTests {
    /// Tiles (`ConfigurableView`), alerts, plains and messages (a protocol), each in a cell class of its own.
    private func registerAll(_ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>) {
        harness.registerConfigurableLabel(dataSource, for: Tile.self)
        harness.registerLabel(dataSource, for: Alert.self, tag: Alert.self) { _, alert in "[alert] \(alert.text)" }
        harness.registerLabel(dataSource, for: Plain.self, tag: Plain.self) { _, plain in "[plain] \(plain.name)" }
        harness.registerLabel(dataSource, for: (any Message).self, tag: (any Message).self) { _, message in
            "[message] \(message.body)"
        }
    }

    @Test("mixed item types render with the cells registered for them", arguments: HostKind.allCases)
    func mixedTypes(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        registerAll(harness, dataSource)
        try dataSource.apply(
            makeSnapshot([
                (.main, [Tile(id: 1, title: "Inbox"), Alert(text: "Offline"), Plain(name: "p")]),
                (.more, [TextMessage(body: "hi"), PhotoMessage(body: "cat.jpg")]),
            ]))
        #expect(
            harness.render() == [
                "\(Tile(id: 1, title: "Inbox"))",
                "[alert] Offline",
                "[plain] p",
                "[message] hi",
                "[message] cat.jpg",
            ])
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 1, section: 0)), taggedWith: Alert.self))
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 1, section: 1)), taggedWith: (any Message).self))
        #expect(!harness.isCell(harness.cell(at: ListIndexPath(item: 2, section: 0)), taggedWith: Alert.self))
        #expect(harness.problems == [])
    }

    @Test("headers and footers render per kind with their section", arguments: HostKind.allCases)
    func supplementaryViews(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        registerAll(harness, dataSource)
        try harness.registerLabel(dataSource, kind: .header) { indexPath, section in
            "== \(section) (\(indexPath.section)) =="
        }
        try harness.registerLabel(dataSource, kind: .footer) { _, section in "-- end of \(section) --" }
        try dataSource.apply(makeSnapshot([(.main, [Alert(text: "a")]), (.more, [Plain(name: "b")])]))
        #expect(
            harness.render() == [
                "== main (0) ==",
                "[alert] a",
                "-- end of main --",
                "== more (1) ==",
                "[plain] b",
                "-- end of more --",
            ])
        // A section deleted above moves the other's views up, still showing their section. (They are not
        // configured again for the new index: a header that shows its index keeps the old one.)
        try dataSource.apply(makeSnapshot([(.more, [Plain(name: "b")])]))
        #expect(harness.render() == ["== more (1) ==", "[plain] b", "-- end of more --"])
        #expect(harness.problems == [])
    }

    @Test("card cells learn their position in the section", arguments: HostKind.allCases)
    func cardPositions(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self) { context, item in
            let top = context.position.isFirst ? "/" : "|"
            let bottom = context.position.isLast ? "\\" : "|"
            return "\(top) \(item.name) \(bottom)"
        }
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "solo")]),
                (.more, [Plain(name: "a"), Plain(name: "b"), Plain(name: "c")]),
            ]))
        #expect(harness.render() == ["/ solo \\", "/ a |", "| b |", "| c \\"])
        #expect(harness.problems == [])
    }

    @Test("an unregistered item type leaves the screen exactly as it was", arguments: HostKind.allCases)
    func validationLeavesScreen(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        registerAll(harness, dataSource)
        try dataSource.apply(makeSnapshot([Alert(text: "a")]))
        let screen = harness.render()
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0))
        let configurations = harness.configurations(of: cell)
        let created = harness.viewsCreated
        let log = harness.updateLog
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot([Alert(text: "b"), 42]))
        }
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot([Alert(text: "b"), 42]), animatingDifferences: false)
        }
        #expect(harness.render() == screen)
        #expect(harness.cell(at: ListIndexPath(item: 0, section: 0)) === cell)
        #expect(harness.configurations(of: cell) == configurations)
        #expect(harness.viewsCreated == created)
        #expect(harness.updateLog == log)
        #expect(dataSource.snapshot() == (try makeSnapshot([Alert(text: "a")])))
        #expect(harness.problems == [])
    }

    @Test("an Identifiable content change reconfigures the visible cell in place", arguments: HostKind.allCases)
    func reconfigureInPlace(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        harness.registerLabel(dataSource, for: Alert.self, tag: Alert.self) { _, alert in "[alert] \(alert.text)" }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Alert(text: "x")]))
        _ = harness.render()
        let created = harness.viewsCreated
        let cells = (0..<3).map { harness.cell(at: ListIndexPath(item: $0, section: 0)) }
        let configurations = cells.map { harness.configurations(of: $0) }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "B"), Alert(text: "x")]))
        #expect(harness.render() == ["[tile] a", "[tile] B", "[alert] x"])
        #expect(harness.viewsCreated == created)
        // Only the changed tile was configured again, on the cell that showed it.
        #expect(
            cells.map { harness.configurations(of: $0) } == [
                configurations[0], configurations[1] + 1, configurations[2],
            ])
        #expect(cells[1] != nil && harness.cell(at: ListIndexPath(item: 1, section: 0)) === cells[1])
        #expect(harness.updateLog.last == "reconfigure 0.1")
        #expect(harness.problems == [])
    }

    @Test("a protocol registration resolves each conforming type once", arguments: HostKind.allCases)
    func protocolCache(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        registerAll(harness, dataSource)
        let messages: [AnyHashable] = (0..<50).map {
            $0.isMultiple(of: 2) ? AnyHashable(TextMessage(body: "\($0)")) : AnyHashable(PhotoMessage(body: "\($0)"))
        }
        try dataSource.apply(makeSnapshot(messages))
        harness.scrollToEnd()
        _ = harness.render()
        #expect(dataSource._workCounts.typeResolutions == 2)
        #expect(harness.render().last == "[message] 49")
        #expect(harness.problems == [])
    }

    @Test(
        "a configuration closure that applies on every configuration cannot loop: each apply throws",
        arguments: HostKind.allCases)
    func applyOnEveryConfiguration(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        let configurations = Ref(0)
        let errors = Ref<[DataSourceError]>([])
        harness.registerLabel(dataSource, for: Plain.self) { [unowned dataSource] _, item in
            configurations.value += 1
            do {
                try dataSource.apply(makeSnapshot([Plain(name: "\(configurations.value)")]))
            } catch let error as DataSourceError {
                errors.value.append(error)
            } catch {}
            return item.name
        }
        try dataSource.apply(makeSnapshot([Plain(name: "first")]))
        #expect(harness.render() == ["first"])
        // A handful of configurations (the row, and the views a UIKit host measures with), each refused.
        #expect(configurations.value >= 1 && configurations.value < 20)
        #expect(errors.value.count == configurations.value)
        #expect(errors.value.allSatisfy { $0 == .applyWhileConfiguringView })
        #expect(harness.problems == [])
    }

    // Text host only: it delivers its events within the apply that caused them, so the loop runs in one call.
    @Test("an event handler that applies on every event its apply causes is stopped, and told to onApplyError")
    func applyLoopFromEvents() throws {
        let harness = HostKind.text.make()
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        let applies = Ref(0)
        let reported = Ref<[DataSourceError]>([])
        dataSource.onApplyError = { reported.value.append($0) }
        dataSource.onEvent = { [unowned dataSource] event in
            guard case .willDisplay = event else { return }
            // Each apply replaces the row on screen with a new one, whose display calls here again.
            applies.value += 1
            try? dataSource.apply(makeSnapshot([Plain(name: "row \(applies.value)")]))
        }
        try dataSource.apply(makeSnapshot([Plain(name: "row 0")]))
        #expect(reported.value == [.applyLoop(applies: 1_000)])
        #expect(applies.value == 1_000)  // the first apply and 999 from the handler performed, the next refused
        #expect(harness.render() == ["row 999"])
        // The list settled: the next apply is performed.
        dataSource.onEvent = nil
        try dataSource.apply(makeSnapshot([Plain(name: "done")]))
        #expect(harness.render() == ["done"])
        #expect(harness.problems == [])
    }

    @Test("an apply from a configuration closure while the host scrolls is rejected", arguments: HostKind.allCases)
    func reentrantWhileRendering(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        let errors = Ref<[DataSourceError]>([])
        harness.registerLabel(dataSource, for: Plain.self) { [unowned dataSource] _, item in
            if item.name == "15" {
                do { try dataSource.apply(makeSnapshot([] as [AnyHashable])) } catch let error as DataSourceError {
                    errors.value.append(error)
                } catch {}
            }
            return item.name
        }
        try dataSource.apply(makeSnapshot((0..<20).map { Plain(name: "\($0)") }))
        _ = harness.render()
        #expect(errors.value.isEmpty)  // row 15 is below the viewport
        harness.scroll(toLine: 10)
        _ = harness.render()
        #expect(errors.value == [.applyWhileConfiguringView])
        #expect(dataSource.snapshot().numberOfItems == 20)
        #expect(harness.render().first == "10")
        #expect(harness.problems == [])
    }

    @Test("a selection reaches onSelect with the selected item", arguments: HostKind.allCases)
    func selection(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        registerAll(harness, dataSource)
        let selected = Ref<[String]>([])
        dataSource.onSelect = { item, indexPath in selected.value.append("\(indexPath) \(item)") }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Alert(text: "x")]))
        _ = harness.render()
        harness.select(ListIndexPath(item: 1, section: 0))
        #expect(selected.value == ["0.1 \(AnyHashable(Alert(text: "x")))"])
        #expect(harness.selectedIndexPaths == [ListIndexPath(item: 1, section: 0)])
        #expect(harness.problems == [])
    }
}
