@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// End to end: UniversalDataSource driving the text-render host.

@MainActor final class TileTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: Tile) { text = "[tile] \(viewModel.title)" }
}

@MainActor final class AlertTextCell: TextCell {}

@MainActor final class PlainTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: Plain) { text = "[plain] \(viewModel.name)" }
}

@MainActor final class MessageTextCell: TextCell, ConfigurableView {
    func configure(with viewModel: any Message) { text = "[message] \(viewModel.body)" }
}

@MainActor final class CardTextCell: TextCell {}
@MainActor final class HeaderTextView: TextCell {}

@MainActor final class FooterTextView: TextCell, ConfigurableView {
    func configure(with viewModel: Section) { text = "-- end of \(viewModel) --" }
}

@MainActor
@Suite("UniversalDataSource on TextListView")
struct UniversalDataSourceTextHostTests {
    let listView = TextListView(width: 30, height: 10)
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: listView)
    }

    private func registerAll() {
        dataSource.registerCellType(TileTextCell.self)
        dataSource.registerCell(itemType: Alert.self, cellType: AlertTextCell.self) { cell, _, alert in
            cell.text = "[alert] \(alert.text)"
        }
        dataSource.registerCell(itemType: Plain.self, cellType: PlainTextCell.self)
        dataSource.registerCellType(MessageTextCell.self)
    }

    @Test("mixed item types render with the cells registered for them")
    func mixedTypes() throws {
        registerAll()
        try dataSource.apply(
            makeSnapshot([
                (.main, [Tile(id: 1, title: "Inbox"), Alert(text: "Offline"), Plain(name: "p")]),
                (.more, [TextMessage(body: "hi"), PhotoMessage(body: "cat.jpg")]),
            ]))
        #expect(
            renderedLines(listView.renderAll()) == [
                "[tile] Inbox",
                "[alert] Offline",
                "[plain] p",
                "[message] hi",
                "[message] cat.jpg",
            ])
        #expect(listView.cellForItem(at: ListIndexPath(item: 1, section: 0)) is AlertTextCell)
        #expect(listView.cellForItem(at: ListIndexPath(item: 1, section: 1)) is MessageTextCell)
    }

    @Test("headers and footers render per kind with their section")
    func supplementaryViews() throws {
        registerAll()
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderTextView.self) {
            view, indexPath, section in
            view.text = "== \(section) (\(indexPath.section)) =="
        }
        try dataSource.registerSupplementaryView(ofKind: .footer, viewType: FooterTextView.self)
        try dataSource.apply(makeSnapshot([(.main, [Tile(id: 1, title: "a")]), (.more, [Plain(name: "b")])]))
        #expect(
            renderedLines(listView.renderAll()) == [
                "== main (0) ==",
                "[tile] a",
                "-- end of main --",
                "== more (1) ==",
                "[plain] b",
                "-- end of more --",
            ])
    }

    @Test("card cells learn their position in the section")
    func cardPositions() throws {
        dataSource.registerCell(itemType: Plain.self, cellType: CardTextCell.self) { cell, context, item in
            let top = context.position.isFirst ? "/" : "|"
            let bottom = context.position.isLast ? "\\" : "|"
            cell.text = "\(top) \(item.name) \(bottom)"
        }
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "solo")]),
                (.more, [Plain(name: "a"), Plain(name: "b"), Plain(name: "c")]),
            ]))
        #expect(renderedLines(listView.renderAll()) == ["/ solo \\", "/ a |", "| b |", "| c \\"])
    }

    @Test("an unregistered item type leaves the screen exactly as it was")
    func validationLeavesScreen() throws {
        registerAll()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        let screen = listView.render()
        let statistics = listView.statistics
        let log = listView.updateLog
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot([Tile(id: 1, title: "b"), 42]))
        }
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot([Tile(id: 1, title: "b"), 42]), animatingDifferences: false)
        }
        #expect(listView.render() == screen)
        #expect(listView.statistics == statistics)
        #expect(listView.updateLog == log)
        #expect(dataSource.snapshot() == (try makeSnapshot([Tile(id: 1, title: "a")])))
    }

    @Test("an Identifiable content change reconfigures the visible cell in place")
    func reconfigureInPlace() throws {
        registerAll()
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Alert(text: "x")]))
        _ = listView.render()
        let created = listView.statistics.viewsCreated
        let cell = listView.cellForItem(at: ListIndexPath(item: 1, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "B"), Alert(text: "x")]))
        #expect(renderedLines(listView.render()).prefix(3) == ["[tile] a", "[tile] B", "[alert] x"])
        #expect(listView.statistics.viewsCreated == created)
        #expect(listView.statistics.reconfiguredInPlace == 1)
        #expect(listView.cellForItem(at: ListIndexPath(item: 1, section: 0)) === cell)
    }

    @Test("a protocol registration resolves each conforming type once")
    func protocolCache() throws {
        registerAll()
        let messages: [AnyHashable] = (0..<50).map {
            $0.isMultiple(of: 2) ? AnyHashable(TextMessage(body: "\($0)")) : AnyHashable(PhotoMessage(body: "\($0)"))
        }
        try dataSource.apply(makeSnapshot(messages))
        listView.scrollToEnd()
        _ = listView.render()
        #expect(dataSource.registry.resolutionCount == 2)
        #expect(renderedLines(listView.render()).last == "[message] 49")
    }

    @Test("an apply from a configuration closure during an apply is queued and shown next")
    func reentrantDuringApply() throws {
        let loaded = Ref(false)
        dataSource.registerCell(itemType: Plain.self, cellType: PlainTextCell.self) {
            [unowned dataSource] cell, _, item in
            cell.text = item.name
            guard item.name == "load more", !loaded.value else { return }
            loaded.value = true
            try? dataSource.apply(makeSnapshot([Plain(name: "one"), Plain(name: "two")]))
        }
        try dataSource.apply(makeSnapshot([Plain(name: "load more")]))
        #expect(loaded.value)
        #expect(renderedLines(listView.renderAll()) == ["one", "two"])
    }

    @Test("an apply from a configuration closure while the host scrolls is rejected")
    func reentrantWhileRendering() throws {
        let errors = Ref<[DataSourceError]>([])
        dataSource.registerCell(itemType: Plain.self, cellType: PlainTextCell.self) {
            [unowned dataSource] cell, _, item in
            cell.text = item.name
            guard item.name == "15" else { return }
            do { try dataSource.apply(makeSnapshot([] as [AnyHashable])) } catch let error as DataSourceError {
                errors.value.append(error)
            } catch {}
        }
        try dataSource.apply(makeSnapshot((0..<20).map { Plain(name: "\($0)") }))
        #expect(errors.value.isEmpty)  // row 15 is below the viewport
        listView.scroll(toLine: 10)
        _ = listView.render()
        #expect(errors.value == [.applyWhileConfiguringView])
        #expect(dataSource.snapshot().numberOfItems == 20)
    }

    @Test("a selection reaches onSelect with the selected item")
    func selection() throws {
        registerAll()
        listView.delegate = dataSource
        let selected = Ref<[String]>([])
        dataSource.onSelect = { item, indexPath in selected.value.append("\(indexPath) \(item)") }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Alert(text: "x")]))
        _ = listView.render()
        #expect(listView.select(ListIndexPath(item: 1, section: 0)))
        #expect(selected.value == ["0.1 \(AnyHashable(Alert(text: "x")))"])
    }
}
