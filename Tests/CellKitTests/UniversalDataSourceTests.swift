@_spi(ListHost) @_spi(Testing) @testable import CellKit
import DiffableStore
@_spi(ListHost) import HostHarness
import Testing

// The data source on every host (the text host, and the UIKit hosts over the stand-in); what only a host
// that records and rejects batches can show runs on `RecordingHost`.

@MainActor
@Suite("UniversalDataSource")
struct UniversalDataSourceTests {
    let host = RecordingHost()
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: host)
    }

    /// A host and a data source of `Section`s on it (its delegate).
    private func makeScreen(_ kind: HostKind, height: Int = 10) -> (any HostHarness, UniversalDataSource<Section>) {
        let harness = kind.make(height: height)
        return (harness, harness.makeDataSource(Section.self))
    }

    /// Tiles and alerts, each in a cell class of its own.
    private func registerTilesAndAlerts(_ harness: any HostHarness, _ dataSource: UniversalDataSource<Section>) {
        harness.registerLabel(dataSource, for: Tile.self, tag: Tile.self) { _, tile in "tile \(tile.title)" }
        harness.registerLabel(dataSource, for: Alert.self, tag: Alert.self) { _, alert in "alert \(alert.text)" }
    }

    /// The reuse identifier of a view's class.
    private func reuseIdentifier(of view: AnyObject?) -> String? {
        view.flatMap { (type(of: $0) as? any ReusableView.Type)?.reuseIdentifier }
    }

    // MARK: Registration forms

    @Test("init wires the data source to its host: it answers it and hears its events", arguments: HostKind.allCases)
    func initWiresHost(kind: HostKind) throws {
        // Made directly (not through the harness's helpers): nothing but `init` may wire it.
        let harness = kind.make()
        let dataSource = UniversalDataSource<Section>(host: harness.host)
        registerTilesAndAlerts(harness, dataSource)
        let selected = Ref<[AnyHashable]>([])
        dataSource.onSelect = { item, _ in selected.value.append(item) }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "Inbox"), Tile(id: 2, title: "Sent")]))
        #expect(harness.render() == ["tile Inbox", "tile Sent"])
        harness.select(ListIndexPath(item: 1, section: 0))
        #expect(selected.value == [AnyHashable(Tile(id: 2, title: "Sent"))])
        #expect(harness.host.dataSource != nil && harness.host.delegate != nil)
    }

    @Test("mixed item types show in the cells registered for their types", arguments: HostKind.allCases)
    func mixedTypes(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        registerTilesAndAlerts(harness, dataSource)
        try dataSource.apply(
            makeSnapshot([
                (.main, [Tile(id: 1, title: "Inbox"), Alert(text: "Offline"), Tile(id: 2, title: "Sent")]),
                (.more, [Alert(text: "Sync")]),
            ]))
        #expect(harness.render() == ["tile Inbox", "alert Offline", "tile Sent", "alert Sync"])
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 0, section: 0)), taggedWith: Tile.self))
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 1, section: 0)), taggedWith: Alert.self))
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 0, section: 1)), taggedWith: Alert.self))
        #expect(harness.problems == [])
    }

    @Test("a one-line registration is keyed by the cell's view model type", arguments: HostKind.allCases)
    func oneLineRegistration(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerConfigurableLabel(dataSource, for: Tile.self)
        #expect(dataSource.registrations.map(\.key) == [RegistrationKey(cellFor: Tile.self)])
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        #expect(harness.render() == ["\(Tile(id: 1, title: "a"))"])
        let cell = try #require(harness.cell(at: ListIndexPath(item: 0, section: 0)))
        #expect(
            dataSource.registrations.first { $0.key == RegistrationKey(cellFor: Tile.self) }.map {
                ObjectIdentifier($0.viewType)
            }
                == ObjectIdentifier(type(of: cell)))
        #expect(harness.problems == [])
    }

    @Test(
        "a closure registration receives the typed cell, the context and the typed item", arguments: HostKind.allCases)
    func closureRegistration(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        var seen: [String] = []
        harness.registerLabel(dataSource, for: Alert.self, tag: Alert.self) { context, alert in
            seen.append("\(context.indexPath) \(alert.text)")
            return alert.text.uppercased()
        }
        try dataSource.apply(
            makeSnapshot([(.main, [Alert(text: "a")]), (.more, [Alert(text: "b"), Alert(text: "c")])]))
        #expect(seen == ["0.0 a", "1.0 b", "1.1 c"])
        #expect(harness.render() == ["A", "B", "C"])
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 1, section: 1)), taggedWith: Alert.self))
        #expect(harness.problems == [])
    }

    @Test("the context tells each cell its position in its section", arguments: HostKind.allCases)
    func positionInSection(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        var positions: [ListIndexPath: PositionInSection] = [:]
        harness.registerLabel(dataSource, for: Plain.self) { context, item in
            positions[context.indexPath] = context.position
            return "\(item.name) \(context.position)"
        }
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "a")]),
                (.more, [Plain(name: "b"), Plain(name: "c")]),
                (.last, [Plain(name: "d"), Plain(name: "e"), Plain(name: "f")]),
            ]))
        #expect(harness.render() == ["a only", "b first", "c last", "d first", "e middle", "f last"])
        #expect(positions.count == 6)
        #expect(harness.problems == [])
    }

    @Test("a cell reconfigured after an insert learns its new position", arguments: HostKind.allCases)
    func positionUpdatesOnReconfigure(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { context, item in "\(item.name) \(context.position)" }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        var snapshot = dataSource.snapshot()
        try snapshot.appendItems([Plain(name: "b")])
        try snapshot.reconfigureItems([Plain(name: "a")])
        try dataSource.apply(snapshot)
        #expect(harness.render() == ["a first", "b last"])
        #expect(harness.problems == [])
    }

    // MARK: Supplementary views

    @Test(
        "supplementary views are made per kind and receive the section identifier", arguments: HostKind.allCases)
    func supplementaryViews(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        var seen: [String] = []
        try harness.registerLinesLabel(dataSource, kind: .header) { indexPath, section in
            seen.append("\(indexPath.section) \(section)")
            return "header \(section)"
        }
        try harness.registerLinesLabel(dataSource, kind: .footer) { _, section in "title \(section)" }
        try dataSource.apply(makeSnapshot([(.main, [Plain(name: "a")]), (.more, [])]))
        #expect(dataSource.adapter.supplementaryKinds(in: harness.host) == [.header, .footer])
        #expect(harness.render() == ["header main", "plain a", "title main", "header more", "title more"])
        if kind == .text {
            #expect(seen == ["0 main", "1 more"])
        } else {
            // The UIKit hosts also configure a sizing view to measure each header.
            #expect(Set(seen) == ["0 main", "1 more"])
        }
        dataSource.onDiagnostic = { _ in }  // the kind asked for below is recorded, not printed
        #expect(
            harness.host.dataSource?.reuse(
                for: .supplementary("badge", ListIndexPath(item: 0, section: 0)), in: harness.host)
                == nil)
        #expect(
            dataSource.registrations.map(\.key) == [
                RegistrationKey(cellFor: Plain.self),
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header),
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .footer),
            ])
        #expect(harness.problems == [])
    }

    @Test(
        "register(_:) replaces a kind's view on purpose, and the replacement keeps its place",
        arguments: HostKind.allCases)
    func supplementaryReplacement(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        try harness.registerLabel(dataSource, kind: .header) { _, _ in "old" }
        try harness.registerLabel(dataSource, kind: .footer) { _, _ in "footer" }
        dataSource.register(
            harness.linesLabelRegistration(kind: .header, sectionType: Section.self) { _, section in
                "title \(section)"
            })
        try dataSource.apply(makeSnapshot([] as [AnyHashable]))
        #expect(dataSource.adapter.supplementaryKinds(in: harness.host) == [.header, .footer])
        #expect(harness.render() == ["title main", "footer"])
        #expect(dataSource.registrations.count == 2)
        #expect(harness.problems == [])
    }

    // MARK: Protocol and superclass registrations

    @Test("a protocol registration serves every conforming type", arguments: HostKind.allCases)
    func protocolRegistration(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerConfigurableLabel(dataSource, for: (any Message).self)  // ViewModel == any Message
        try dataSource.apply(makeSnapshot([TextMessage(body: "hi"), PhotoMessage(body: "cat.jpg")]))
        #expect(harness.render() == ["\(TextMessage(body: "hi"))", "\(PhotoMessage(body: "cat.jpg"))"])
        #expect(dataSource.registrations.map(\.key) == [RegistrationKey(cellFor: (any Message).self)])
        #expect(harness.problems == [])
    }

    @Test(
        "a superclass registration serves subclasses, and an exact registration wins over it",
        arguments: HostKind.allCases)
    func superclassRegistration(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Shape.self, tag: Shape.self) { _, shape in "shape \(shape)" }
        harness.registerLabel(dataSource, for: Square.self, tag: Square.self) { _, square in "square \(square.name)" }
        try dataSource.apply(makeSnapshot([Circle(name: "c"), Square(name: "s"), Shape(name: "plain")]))
        #expect(harness.render() == ["shape Circle(c)", "square s", "shape Shape(plain)"])
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 0, section: 0)), taggedWith: Shape.self))
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 1, section: 0)), taggedWith: Square.self))
        #expect(harness.problems == [])
    }

    @Test(
        "fallback registrations are tried in registration order; AnyHashable catches everything",
        arguments: HostKind.allCases)
    func fallbackOrder(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: AnyHashable.self, tag: AnyHashable.self) { _, item in "any \(item)" }
        harness.registerConfigurableLabel(dataSource, for: (any Message).self)
        harness.registerConfigurableLabel(dataSource, for: Plain.self)
        try dataSource.apply(makeSnapshot([TextMessage(body: "hi"), Plain(name: "p"), 7]))
        #expect(harness.render() == ["any TextMessage(body: \"hi\")", "\(Plain(name: "p"))", "any 7"])
        #expect(harness.problems == [])
    }

    @Test("each type is resolved once and then served from the cache", arguments: HostKind.allCases)
    func resolutionCache(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerConfigurableLabel(dataSource, for: (any Message).self)
        harness.registerLabel(dataSource, for: Tile.self, tag: Tile.self) { _, tile in "tile \(tile.title)" }
        let items: [AnyHashable] = (0..<300).map { index in
            switch index % 3 {
            case 0: AnyHashable(TextMessage(body: "\(index)"))
            case 1: AnyHashable(PhotoMessage(body: "\(index)"))
            default: AnyHashable(Tile(id: index, title: "\(index)"))
            }
        }
        try dataSource.apply(makeSnapshot(items))
        _ = harness.render()
        #expect(dataSource._workCounts.typeResolutions == 3)
        try dataSource.apply(makeSnapshot(items.reversed()))
        harness.host.reloadData()
        #expect(harness.render().first == "tile 299")
        #expect(dataSource._workCounts.typeResolutions == 3)

        // A new registration empties the cache: each type is resolved once more (when the host shows the
        // reloaded cells: at once on the text host, at the next layout on UIKit).
        harness.registerConfigurableLabel(dataSource, for: Plain.self)
        _ = harness.render()
        #expect(dataSource._workCounts.typeResolutions == 6)
        harness.host.reloadData()
        _ = harness.render()
        #expect(dataSource._workCounts.typeResolutions == 6)
        #expect(harness.problems == [])
    }

    @Test("cellRegistration(for:) reports the registration that serves an item", arguments: HostKind.allCases)
    func cellRegistrationLookup(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerConfigurableLabel(dataSource, for: (any Message).self)
        #expect(dataSource.cellRegistration(for: Plain(name: "x")) == nil)
        try dataSource.apply(makeSnapshot([TextMessage(body: "x")]))
        let cell = try #require(harness.cell(at: ListIndexPath(item: 0, section: 0)))
        #expect(
            dataSource.cellRegistration(for: TextMessage(body: "x")).map { ObjectIdentifier($0.viewType) }
                == ObjectIdentifier(type(of: cell)))
        #expect(harness.problems == [])
    }

    @Test(
        "registering while items are shown reloads the host, so no visible cell is stale", arguments: HostKind.allCases)
    func registrationReloads(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Shape.self, tag: Shape.self) { _, shape in "shape \(shape.name)" }
        try dataSource.apply(makeSnapshot([Circle(name: "c")]))
        #expect(harness.render() == ["shape c"])
        harness.registerLabel(dataSource, for: Circle.self, tag: Circle.self) { _, circle in "circle \(circle.name)" }
        #expect(harness.updateLog.last == "reload data")
        #expect(harness.render() == ["circle c"])
        #expect(harness.isCell(harness.cell(at: ListIndexPath(item: 0, section: 0)), taggedWith: Circle.self))
        #expect(harness.problems == [])
    }

    @Test("an item representation selects the registration by the value it returns", arguments: HostKind.allCases)
    func itemRepresentation(kind: HostKind) throws {
        enum Row: Hashable {
            case tile(Tile)
            case alert(Alert)
        }
        let harness = kind.make()
        let dataSource = UniversalDataSource<Section>(host: harness.host) { item in
            switch item.base as? Row {
            case .tile(let tile): tile
            case .alert(let alert): alert
            case nil: item.base
            }
        }
        registerTilesAndAlerts(harness, dataSource)
        try dataSource.apply(makeSnapshot([Row.tile(Tile(id: 1, title: "t")), Row.alert(Alert(text: "a"))]))
        #expect(harness.render() == ["tile t", "alert a"])
        #expect(throws: DataSourceError.self) { try dataSource.apply(makeSnapshot([Plain(name: "p")])) }
        #expect(harness.render() == ["tile t", "alert a"])
        #expect(harness.problems == [])
    }

    // MARK: Validation

    @Test(
        "an item without a registration is named with its type and the registered types; nothing changes",
        arguments: HostKind.allCases)
    func missingRegistration(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        registerTilesAndAlerts(harness, dataSource)
        let shown = try makeSnapshot([Tile(id: 1, title: "a")])
        try dataSource.apply(shown)
        _ = harness.render()
        let log = harness.updateLog
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0))
        let configurations = harness.configurations(of: cell)

        let bad = try makeSnapshot([(.main, [Tile(id: 1, title: "b")]), (.more, [Alert(text: "x"), Plain(name: "p")])])
        #expect(
            throws: DataSourceError.noCellRegistration(
                item: String(reflecting: Plain(name: "p")), itemType: String(reflecting: Plain.self),
                indexPath: ListIndexPath(item: 1, section: 1),
                registeredTypes: [String(reflecting: Tile.self), String(reflecting: Alert.self)])
        ) {
            try dataSource.apply(bad)
        }
        #expect(throws: DataSourceError.self) { try dataSource.apply(bad, animatingDifferences: false) }
        #expect(dataSource.snapshot() == shown)
        #expect(harness.updateLog == log)
        #expect(harness.render() == ["tile a"])
        #expect(harness.cell(at: ListIndexPath(item: 0, section: 0)) === cell)
        #expect(harness.configurations(of: cell) == configurations)
        #expect(harness.problems == [])
    }

    @Test(
        "the error message names the item, its type, where it is and what is registered", arguments: HostKind.allCases)
    func missingRegistrationMessage(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        do {
            try dataSource.apply(makeSnapshot([Plain(name: "p")]))
            Issue.record("apply should have thrown")
        } catch {
            #expect(
                String(describing: error)
                    == "no cell registration for item \(String(reflecting: Plain(name: "p"))) of type \(String(reflecting: Plain.self)) at 0.0; registered item types: none"
            )
        }
        #expect(harness.render() == [])
        #expect(harness.problems == [])
    }

    // Recording host only: the registration traps before any host is asked for anything; an exit test per
    // host would start a process each to check the same line.
    @Test("registering a supplementary view for another section type stops the program")
    func supplementaryTypeMismatch() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let dataSource = UniversalDataSource<Section>(host: RecordingHost())
                dataSource.register(
                    .supplementaryView(ofKind: .header, viewType: HeaderView.self, sectionType: Int.self) { _, _, _ in }
                )
            }
        }
    }

    // Recording host only: the data source's answer to a host that rejects a batch; no real host rejects
    // the batches the data source makes (they check them with the rules the data source's diff obeys).
    @Test("a batch the host rejects restores the previous snapshot and throws the host's error")
    func hostRejection() throws {
        dataSource.registerCellType(PlainCell.self)
        let shown = try makeSnapshot([Plain(name: "a")])
        try dataSource.apply(shown)
        host.rejectBatch = 0
        #expect(
            throws: DataSourceError.hostRejectedUpdate(BatchUpdateError(.invalidNumberOfItems, "rejected by the test"))
        ) {
            try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        }
        #expect(dataSource.snapshot() == shown)
        #expect(host.texts == [["plain a"]])
        #expect(!host.events.contains("reload"))
    }

    // Recording host only: as above, a host that rejects the second stage of an apply.
    @Test("a rejection after an earlier stage was performed reloads the host to the previous snapshot")
    func hostRejectionInLaterStage() throws {
        dataSource.registerCellType(PlainCell.self)
        // A reconfigure of a moving item is staged apart from the move.
        let a = Plain(name: "a"), b = Plain(name: "b")
        let shown = try makeSnapshot([a, b])
        try dataSource.apply(shown)
        var next = try makeSnapshot([b, a])
        try next.reloadItems([a])
        let stages = Changeset(from: shown, to: next).stages.count
        try #require(stages > 1)
        host.rejectBatch = 1
        #expect(throws: DataSourceError.self) { try dataSource.apply(next) }
        #expect(dataSource.snapshot() == shown)
        #expect(host.events.last == "reload")
        #expect(host.texts == [["plain a", "plain b"]])
    }

    // MARK: Applying

    @Test(
        "an Identifiable item whose content changed is reconfigured in place: same cell, none created",
        arguments: HostKind.allCases)
    func identifiableReconfigure(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Tile.self, tag: Tile.self) { _, tile in "tile \(tile.title)" }
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        _ = harness.render()
        let created = harness.viewsCreated
        let first = harness.cell(at: ListIndexPath(item: 0, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "A"), Tile(id: 2, title: "b")]))
        #expect(harness.render() == ["tile A", "tile b"])
        #expect(harness.viewsCreated == created)
        #expect(first != nil && harness.cell(at: ListIndexPath(item: 0, section: 0)) === first)
        #expect(harness.configurations(of: first) == 2)
        #expect(harness.updateLog.last == "reconfigure 0.0")
        #expect(harness.problems == [])
    }

    @Test("a reconfigure mark configures the visible cell again in place", arguments: HostKind.allCases)
    func reconfigureMark(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        let suffix = Ref("1")
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name + suffix.value }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        _ = harness.render()
        let created = harness.viewsCreated
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0))
        suffix.value = "2"
        var snapshot = dataSource.snapshot()
        try snapshot.reconfigureItems([Plain(name: "a")])
        try dataSource.apply(snapshot)
        #expect(harness.render() == ["a2"])
        #expect(harness.viewsCreated == created)
        #expect(cell != nil && harness.cell(at: ListIndexPath(item: 0, section: 0)) === cell)
        #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
        #expect(harness.problems == [])
    }

    @Test("applying without animation reloads the host", arguments: HostKind.allCases)
    func nonAnimated(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        let start = harness.updateLog.count
        try dataSource.apply(makeSnapshot([Plain(name: "a")]), animatingDifferences: false)
        #expect(harness.render() == ["plain a"])
        #expect(Array(harness.updateLog.dropFirst(start)) == ["reload data"])
        #expect(harness.problems == [])
    }

    @Test("applying the snapshot on screen performs nothing", arguments: HostKind.allCases)
    func applyingSameSnapshot(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        let snapshot = try makeSnapshot([Plain(name: "a")])
        try dataSource.apply(snapshot)
        _ = harness.render()
        let log = harness.updateLog
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0))
        try dataSource.apply(snapshot)
        #expect(harness.updateLog == log)
        #expect(harness.configurations(of: cell) == 1)
        #expect(harness.problems == [])
    }

    // MARK: Re-entrancy

    @Test(
        "an apply from a configuration closure during an apply throws applyWhileConfiguringView; the apply goes on",
        arguments: HostKind.allCases)
    func reentrantApplyFromConfigurationIsRefused(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        var errors: [DataSourceError] = []
        harness.registerLabel(dataSource, for: Plain.self) { [unowned dataSource] _, item in
            guard item.name == "load more" else { return item.name }
            do {
                try dataSource.apply(makeSnapshot([Plain(name: "x"), Plain(name: "y")]))
            } catch let error as DataSourceError {
                errors.append(error)
            } catch {
                Issue.record("unexpected \(error)")
            }
            return item.name
        }
        try dataSource.apply(makeSnapshot([Plain(name: "load more")]))
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0 == .applyWhileConfiguringView })
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "load more")])))
        #expect(harness.render() == ["load more"])
        #expect(harness.problems == [])
    }

    // Recording host only: what the data source asks of the host for one stage.
    @Test("a stage's batch and its card positions are one host operation, not a batch and then a reconfigure")
    func cardPositionsInTheBatchOperation() throws {
        dataSource.registerCell(itemType: Plain.self, cellType: LabelView.self) { cell, context, item in
            cell.text = "\(context.position.isLast ? "last" : "row") \(item.name)"
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        let before = host.batchesWithReconfigure
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b"), Plain(name: "c")]))
        #expect(host.batchesWithReconfigure == before + 1)
        #expect(host.events.suffix(2) == ["batch insert 0.2", "then reconfigure 0.1"])
        #expect(host.texts == [["row a", "row b", "last c"]])
    }

    @Test(
        "every host performs a batch and the reconfigure after it as one operation: one delivery of events",
        arguments: HostKind.allCases)
    func batchAndReconfigureAreOneOperation(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        harness.select(ListIndexPath(item: 1, section: 0))
        harness.layoutIfNeeded()
        let recorder = DeliveryRecorder()
        harness.setDelegate(recorder)
        var deliveredBeforeReconfigure: Int?
        // Deleting the selected row ends its selection inside the batch: an event of the batch's part.
        try harness.host.performBatchUpdates(
            BatchUpdate(deletedItems: [ListIndexPath(item: 1, section: 0)]),
            updateData: { dataSource.transaction._showWithoutPlan(try! makeSnapshot([Plain(name: "a")])) },
            thenReconfigure: {
                deliveredBeforeReconfigure = recorder.deliveries.count
                return [ListIndexPath(item: 0, section: 0)]
            })
        harness.layoutIfNeeded()
        #expect(deliveredBeforeReconfigure == 0)
        #expect(recorder.deliveries.count == 1)
        #expect(recorder.deliveries.first?.contains("didDeselect \(Plain(name: "b")) at 0.1") == true)
        #expect(harness.render() == ["a"])
    }

    // Recording host only: a host that calls back into the data source inside its batch; the real hosts
    // call only configuration closures there (which may not apply: see the test above) and deliver their
    // events after it.
    @Test("an apply from a host event during a batch is queued as well")
    func reentrantApplyFromHostEvent() throws {
        dataSource.registerCellType(PlainCell.self)
        var thrown: (any Error)?
        host.duringBatch = { [unowned dataSource] in
            do { try dataSource.apply(makeSnapshot([Plain(name: "later")])) } catch { thrown = error }
        }
        try dataSource.apply(makeSnapshot([Plain(name: "first")]))
        host.duringBatch = nil
        #expect(thrown == nil)
        #expect(host.texts == [["plain later"]])
        #expect(host.events.count == 2)
    }

    @Test(
        "an apply from a configuration closure outside any apply is rejected; nothing changes",
        arguments: HostKind.allCases)
    func reentrantApplyOutsideApplyIsRejected(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        let armed = Ref(false)
        var error: DataSourceError?
        harness.registerLabel(dataSource, for: Plain.self) { [unowned dataSource] _, item in
            if armed.value {
                do { try dataSource.apply(makeSnapshot([] as [AnyHashable])) } catch let thrown as DataSourceError {
                    error = thrown
                } catch {}
            }
            return item.name
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        _ = harness.render()
        let log = harness.updateLog
        armed.value = true
        harness.host.reconfigureItems(at: [ListIndexPath(item: 0, section: 0)])  // the host configures on its own
        #expect(error == .applyWhileConfiguringView)
        #expect(harness.updateLog == log + ["reconfigure 0.0"])
        #expect(harness.render() == ["a"])
        #expect(harness.problems == [])
    }

    // MARK: Lookups

    @Test("lookups answer from the snapshot on screen", arguments: HostKind.allCases)
    func lookups(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        registerTilesAndAlerts(harness, dataSource)
        let tile = Tile(id: 1, title: "a")
        try dataSource.apply(makeSnapshot([(.main, [tile]), (.more, [Alert(text: "x")])]))
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 1)) == AnyHashable(Alert(text: "x")))
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 0)) == AnyHashable(tile))
        #expect(dataSource.item(at: ListIndexPath(item: 5, section: 0)) == nil)
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 9)) == nil)
        #expect(dataSource.indexPath(for: Alert(text: "x")) == ListIndexPath(item: 0, section: 1))
        #expect(dataSource.indexPath(for: Alert(text: "y")) == nil)
        #expect(dataSource.sectionIdentifier(at: 1) == .more)
        #expect(dataSource.sectionIdentifier(at: 2) == nil)
        #expect(dataSource.adapter.numberOfSections(in: harness.host) == 2)
        #expect(dataSource.adapter.numberOfItems(inSection: 0, in: harness.host) == 1)
        #expect(harness.problems == [])
    }

    // MARK: Cost of an apply

    @Test(
        "an animated apply checks only the items it adds; a queued or unanimated one checks them all",
        arguments: HostKind.allCases)
    func checksOnlyAddedItems(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        let items = (0..<10_000).map { AnyHashable(Plain(name: "\($0)")) }
        try dataSource.apply(makeSnapshot(items))
        var checked = dataSource._workCounts.itemsChecked
        try dataSource.apply(makeSnapshot([AnyHashable(Plain(name: "new"))] + items))
        #expect(dataSource._workCounts.itemsChecked - checked == 1)
        checked = dataSource._workCounts.itemsChecked
        try dataSource.apply(makeSnapshot([(.main, items), (.more, [Plain(name: "a"), Plain(name: "b")])]))
        #expect(dataSource._workCounts.itemsChecked - checked == 2)
        checked = dataSource._workCounts.itemsChecked
        try dataSource.apply(makeSnapshot(items), animatingDifferences: false)
        #expect(dataSource._workCounts.itemsChecked - checked == 10_000)
        #expect(harness.render().first == "0")
        #expect(harness.problems == [])
    }

    @Test(
        "an item the diff adds without a registration is reported as a full check reports it",
        arguments: HostKind.allCases)
    func addedItemErrorMatchesFullCheck(kind: HostKind) throws {
        let (harness, dataSource) = makeScreen(kind)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        let snapshot = try makeSnapshot([
            (.main, [Plain(name: "a"), Alert(text: "late"), Plain(name: "b")]),
            (.more, [Alert(text: "later")]),
        ])
        var animated: DataSourceError?
        var full: DataSourceError?
        do { try dataSource.apply(snapshot) } catch { animated = error }
        do { try dataSource.apply(snapshot, animatingDifferences: false) } catch { full = error }
        #expect(animated != nil)
        #expect(animated == full)
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "a"), Plain(name: "b")])))
        #expect(harness.render() == ["a", "b"])
        #expect(harness.problems == [])
    }
}

/// A host delegate that keeps each delivery's events, as their descriptions.
@MainActor
private final class DeliveryRecorder: ListHostDelegate {
    var deliveries: [[String]] = []
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { deliveries.append(events.map(\.description)) }
}
