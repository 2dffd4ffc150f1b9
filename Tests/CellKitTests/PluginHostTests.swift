import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

/// A plugin that logs what it hears, into a log shared with the other plugins of a test.
@MainActor
final class LoggingPlugin: ListPlugin {
    static var allowsMultipleInstances: Bool { true }
    let name: String
    let log: Ref<[String]>
    /// Whether highlights are logged: a tap on UIKit highlights the row before it selects it.
    let logsHighlights: Bool
    var attachCount = 0
    var detachCount = 0
    init(_ name: String, log: Ref<[String]>, logsHighlights: Bool = true) {
        self.name = name
        self.log = log
        self.logsHighlights = logsHighlights
    }
    func attach(to context: ListPluginContext) { attachCount += 1 }
    func detach(from context: ListPluginContext) { detachCount += 1 }
    func handle(_ event: ListHostEvent, in context: ListPluginContext) {
        switch event {
        case .didHighlight, .didUnhighlight:
            if logsHighlights { log.value.append("\(name): \(event)") }
        default: log.value.append("\(name): \(event)")
        }
    }
    func didApply(in context: ListPluginContext) { log.value.append("\(name): didApply") }
}

/// A plugin of which one instance per data source is allowed.
@MainActor final class SinglePlugin: ListPlugin {}

/// Keeps the context it is attached with, for a test to edit items through.
@MainActor final class ContextPlugin: ListPlugin {
    private(set) var context: ListPluginContext?
    func attach(to context: ListPluginContext) { self.context = context }
}

@MainActor
@Suite("Plugin host")
struct PluginHostTests {
    /// A 4-line host whose plain rows show as `[plain] <name>` and tiles as `[tile] <title>`.
    private func makeList(_ kind: HostKind) -> (any HostHarness, UniversalDataSource<Section>) {
        let (list, dataSource) = makePlainList(kind, height: 4)
        list.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        return (list, dataSource)
    }

    private func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

    @Test(
        "plugins are attached once, hear every event in registration order, before onEvent",
        arguments: HostKind.allCases)
    func orderAndAttachOnce(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        let a = LoggingPlugin("a", log: log), b = LoggingPlugin("b", log: log), c = LoggingPlugin("c", log: log)
        try dataSource.attach(a, b, c)
        dataSource.onEvent = { log.value.append("onEvent: \($0)") }
        try dataSource.apply(makeSnapshot(plains("x")))
        try dataSource.apply(makeSnapshot(plains("x", "y")))
        #expect([a, b, c].map(\.attachCount) == [1, 1, 1])
        let y = "willDisplay \(Plain(name: "y")) at 0.1"
        #expect(
            log.value.suffix(7) == [
                "a: \(y)", "b: \(y)", "c: \(y)", "onEvent: \(y)", "a: didApply", "b: didApply", "c: didApply",
            ])
        #expect(dataSource.attachedPlugins.map { ($0 as! LoggingPlugin).name } == ["a", "b", "c"])
        #expect(list.problems == [])
    }

    @Test(
        "a second plugin of a single-instance type, or the same instance twice, is refused; nothing is attached",
        arguments: HostKind.allCases)
    func duplicates(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        let first = SinglePlugin()
        try dataSource.attach(first)
        #expect(throws: PluginError.duplicate(pluginType: String(reflecting: SinglePlugin.self))) {
            try dataSource.attach(LoggingPlugin("ok", log: log), SinglePlugin())
        }
        #expect(dataSource.attachedPlugins.count == 1)
        let logging = LoggingPlugin("l", log: log)
        #expect(
            throws: PluginError.listedTwice(pluginType: String(reflecting: LoggingPlugin.self), sameInstance: true)
        ) {
            try dataSource.attach(logging, logging)
        }
        #expect(logging.attachCount == 0)
        try dataSource.attach(logging)
        #expect(throws: PluginError.alreadyAttached(pluginType: String(reflecting: LoggingPlugin.self))) {
            try dataSource.attach(logging)
        }
        #expect(logging.attachCount == 1)
        #expect(dataSource.attachedPlugins.count == 2)
        #expect(list.problems == [])
    }

    @Test(
        "two plugins of a single-instance type in one call are 'listed twice', not 'attached already'",
        arguments: HostKind.allCases)
    func listedTwice(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let name = String(reflecting: SinglePlugin.self)
        let error = PluginError.listedTwice(pluginType: name, sameInstance: false)
        #expect(throws: error) { try dataSource.attach(SinglePlugin(), SinglePlugin()) }
        #expect(dataSource.attachedPlugins.isEmpty)
        #expect("\(error)" == "two \(name) plugins are listed in one attach call; attach one per data source")
        let same = SinglePlugin()
        #expect(
            "\(PluginError.listedTwice(pluginType: name, sameInstance: true))"
                == "this \(name) is listed twice in one attach call; attach a plugin once")
        try dataSource.attach(same)
        #expect(
            "\(PluginError.duplicate(pluginType: name))" == "a \(name) is attached already; attach one per data source")
        #expect(list.problems == [])
    }

    @Test(
        "one plugin instance attached to a second data source is refused, naming it; once detached it may move",
        arguments: HostKind.allCases)
    func attachedElsewhere(kind: HostKind) throws {
        let (list, first) = makeList(kind)
        let (other, second) = makeList(kind)
        let log = Ref<[String]>([])
        let plugin = LoggingPlugin("p", log: log)
        try first.attach(plugin)
        let error = PluginError.attachedElsewhere(pluginType: String(reflecting: LoggingPlugin.self))
        #expect(throws: error) { try second.attach(LoggingPlugin("q", log: log), plugin) }
        #expect(second.attachedPlugins.isEmpty)
        #expect(plugin.attachCount == 1)
        #expect(
            "\(error)"
                == "this \(String(reflecting: LoggingPlugin.self)) is attached to another data source; "
                + "a plugin serves one data source (detach it there first)")
        try first.detach(plugin)
        try second.attach(plugin)
        #expect(second.attachedPlugins.count == 1)
        #expect(list.problems == [] && other.problems == [])
    }

    @Test("a plugin whose data source is gone may be attached to another", arguments: HostKind.allCases)
    func attachAfterDataSourceIsGone(kind: HostKind) throws {
        let log = Ref<[String]>([])
        let plugin = LoggingPlugin("p", log: log)
        do {
            let (_, first) = makeList(kind)
            try first.attach(plugin)
        }
        let (list, second) = makeList(kind)
        try second.attach(plugin)
        #expect(second.attachedPlugins.count == 1)
        #expect(list.problems == [])
    }

    @Test(
        "updateItems takes the short closure form; an error of the closure's own is reported, nothing applied",
        arguments: HostKind.allCases)
    func updateItemsShortForm(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let plugin = ContextPlugin()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot(plains("a")))
        let context = try #require(plugin.context)
        // The short form: no `(edits: inout ItemEdits) throws(SnapshotError) in`.
        try context.updateItems { edits in try edits.append([Plain(name: "b")]) }
        #expect(list.render() == ["[plain] a", "[plain] b"])
        #expect(
            throws: ListPluginContext.EditError.snapshot(SnapshotError(.itemNotFound, identifier: Plain(name: "z")))
        ) {
            try context.updateItems { edits in try edits.delete([Plain(name: "z")]) }
        }
        struct Declined: Error, CustomStringConvertible { var description: String { "declined" } }
        let error = ListPluginContext.EditError.body("declined")
        #expect(throws: error) {
            try context.updateItems { edits in
                try edits.append([Plain(name: "c")])
                throw Declined()
            }
        }
        #expect("\(error)" == "the edit threw: declined")
        // The long form still compiles.
        try context.updateItems { (edits: inout ItemEdits) throws(SnapshotError) in try edits.delete([Plain(name: "b")])
        }
        #expect(list.render() == ["[plain] a"])
        #expect(list.problems == [])
    }

    @Test("a detached plugin is detached once and hears nothing more", arguments: HostKind.allCases)
    func detach(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        let plugin = LoggingPlugin("p", log: log)
        try dataSource.attach(plugin)
        try dataSource.detach(plugin)
        #expect(throws: PluginError.notAttached(pluginType: String(reflecting: LoggingPlugin.self))) {
            try dataSource.detach(plugin)
        }
        try dataSource.apply(makeSnapshot(plains("x")))
        _ = list.render()
        #expect(plugin.detachCount == 1)
        #expect(log.value.isEmpty)
        #expect(list.problems == [])
    }

    @Test(
        "an apply from a plugin runs after the delivery, and the plugins hear its events", arguments: HostKind.allCases)
    func applyFromPlugin(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        let selection = SelectionPlugin(deselectsAutomatically: false).on(Plain.self) { [unowned dataSource] plain, _ in
            log.value.append("selected \(plain.name), \(dataSource.snapshot().numberOfItems) items")
            try? dataSource.apply(makeSnapshot([Plain(name: plain.name)]))
        }
        // The tap a UIKit host gets highlights the row first; this test is about the selection.
        let watcher = LoggingPlugin("w", log: log, logsHighlights: false)
        try dataSource.attach(selection, watcher)
        list.select(ListIndexPath(item: 1, section: 0))
        #expect(
            log.value == [
                "selected b, 2 items",
                "w: didSelect \(Plain(name: "b")) at 0.1",
                "w: didEndDisplaying \(Plain(name: "a")) at 0.0",
                "w: didApply",
            ])
        #expect(list.problems == [])
    }

    @Test(
        "selection and display handlers are per item type, and get the item the event was about",
        arguments: HostKind.allCases)
    func perTypeHandlers(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        try dataSource.attach(
            SelectionPlugin(deselectsAutomatically: false)
                .on(Tile.self) { tile, path in log.value.append("tile \(tile.title) at \(path)") }
                .onDeselect(Tile.self) { tile, _ in log.value.append("deselected tile \(tile.title)") },
            DisplayPlugin()
                .onWillDisplay(Plain.self) { plain, _ in log.value.append("show \(plain.name)") }
                .onDidEndDisplaying(Plain.self) { plain, _ in log.value.append("hide \(plain.name)") })
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "t"), Plain(name: "p"), Plain(name: "q")]))
        list.select(ListIndexPath(item: 1, section: 0))  // a Plain: no selection handler
        list.select(ListIndexPath(item: 0, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "t"), Plain(name: "q")]))
        #expect(log.value == ["show p", "show q", "tile t at 0.0", "hide p"])
        #expect(list.problems == [])
    }

    @Test("the last-item plugin fires every time the last item is about to show", arguments: HostKind.allCases)
    func lastItemVisible(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let fired = Ref<[String]>([])
        try dataSource.attach(LastItemVisiblePlugin { item in fired.value.append("\((item.base as! Plain).name)") })
        try dataSource.apply(makeSnapshot((0..<10).map { Plain(name: "\($0)") }))
        #expect(fired.value.isEmpty)
        list.scrollToEnd()
        list.scroll(toLine: 0)
        list.scrollToEnd()
        #expect(fired.value == ["9", "9"])
        #expect(list.problems == [])
    }

    @Test(
        "a selected row is deselected once its handler ran, unless its type keeps the selection",
        arguments: HostKind.allCases)
    func autoDeselect(kind: HostKind) throws {
        let (list, dataSource) = makeList(kind)
        let log = Ref<[String]>([])
        try dataSource.attach(
            SelectionPlugin()
                .on(Plain.self) { plain, _ in log.value.append("open \(plain.name)") }
                .onDeselect(Plain.self) { plain, _ in log.value.append("deselected \(plain.name)") }
                .keepsSelection(for: Tile.self))
        try dataSource.apply(makeSnapshot([Plain(name: "p"), Tile(id: 1, title: "t")]))
        list.select(ListIndexPath(item: 0, section: 0))
        #expect(log.value == ["open p", "deselected p"])
        #expect(list.selectedIndexPaths == [])
        list.select(ListIndexPath(item: 1, section: 0))
        #expect(list.selectedIndexPaths == [ListIndexPath(item: 1, section: 0)])
        #expect(list.problems == [])
    }
}
