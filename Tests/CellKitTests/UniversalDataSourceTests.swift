@testable import CellKit
import DiffableStore
import Testing

@MainActor
@Suite("UniversalDataSource")
struct UniversalDataSourceTests {
    let host = RecordingHost()
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: host)
    }

    private func registerTilesAndAlerts() {
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCell(itemType: Alert.self, cellType: AlertCell.self) { cell, _, alert in
            cell.text = "alert \(alert.text)"
        }
    }

    // MARK: Registration forms

    @Test("init makes the data source the host's data source")
    func initSetsDataSource() {
        #expect(host.dataSource === dataSource)
    }

    @Test("mixed item types show in the cells registered for their types")
    func mixedTypes() throws {
        registerTilesAndAlerts()
        try dataSource.apply(
            makeSnapshot([
                (.main, [Tile(id: 1, title: "Inbox"), Alert(text: "Offline"), Tile(id: 2, title: "Sent")]),
                (.more, [Alert(text: "Sync")]),
            ]))
        #expect(host.texts == [["tile Inbox", "alert Offline", "tile Sent"], ["alert Sync"]])
        #expect(host.cell(at: ListIndexPath(item: 0, section: 0)) is TileCell)
        #expect(host.cell(at: ListIndexPath(item: 1, section: 0)) is AlertCell)
        #expect(host.cell(at: ListIndexPath(item: 0, section: 1)) is AlertCell)
    }

    @Test("a one-line registration is keyed by the cell's view model type")
    func oneLineRegistration() throws {
        dataSource.registerCellType(TileCell.self)
        #expect(dataSource.registrations.map(\.key) == [RegistrationKey(cellFor: Tile.self)])
        #expect(
            dataSource.registration(for: RegistrationKey(cellFor: Tile.self)).map { ObjectIdentifier($0.viewType) }
                == ObjectIdentifier(TileCell.self))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        #expect(host.texts == [["tile a"]])
    }

    @Test("registerCell(itemType:cellType:) uses configure(with:) when the view model is the item type")
    func configurableWithItemType() throws {
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self)
        try dataSource.apply(makeSnapshot([Plain(name: "x")]))
        #expect(host.texts == [["plain x"]])
        #expect(dataSource.registrations.map(\.reuseIdentifier) == [PlainCell.reuseIdentifier])
    }

    @Test("a closure registration receives the typed cell, the context and the typed item")
    func closureRegistration() throws {
        var seen: [String] = []
        dataSource.registerCell(itemType: Alert.self, cellType: AlertCell.self) { cell, context, alert in
            seen.append("\(context.indexPath) \(alert.text)")
            cell.text = alert.text.uppercased()
        }
        try dataSource.apply(
            makeSnapshot([(.main, [Alert(text: "a")]), (.more, [Alert(text: "b"), Alert(text: "c")])]))
        #expect(seen == ["0.0 a", "1.0 b", "1.1 c"])
        #expect(host.texts == [["A"], ["B", "C"]])
    }

    @Test("the context tells each cell its position in its section")
    func positionInSection() throws {
        var positions: [ListIndexPath: PositionInSection] = [:]
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self) { cell, context, item in
            positions[context.indexPath] = context.position
            cell.text = "\(item.name) \(context.position)"
        }
        try dataSource.apply(
            makeSnapshot([
                (.main, [Plain(name: "a")]),
                (.more, [Plain(name: "b"), Plain(name: "c")]),
                (.last, [Plain(name: "d"), Plain(name: "e"), Plain(name: "f")]),
            ]))
        #expect(host.texts == [["a only"], ["b first", "c last"], ["d first", "e middle", "f last"]])
        #expect(positions.count == 6)
    }

    @Test("a cell reconfigured after an insert learns its new position")
    func positionUpdatesOnReconfigure() throws {
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self) { cell, context, item in
            cell.text = "\(item.name) \(context.position)"
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        var snapshot = dataSource.snapshot()
        try snapshot.appendItems([Plain(name: "b")])
        try snapshot.reconfigureItems([Plain(name: "a")])
        try dataSource.apply(snapshot)
        #expect(host.texts == [["a first", "b last"]])
    }

    // MARK: Supplementary views

    @Test("supplementary views are made per kind and receive the section identifier")
    func supplementaryViews() throws {
        dataSource.registerCellType(PlainCell.self)
        var seen: [String] = []
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self) {
            view, indexPath, section in
            seen.append("\(indexPath.section) \(section)")
            view.text = "header \(section)"
        }
        try dataSource.registerSupplementaryView(ofKind: .footer, viewType: SectionTitleView.self)
        try dataSource.apply(makeSnapshot([(.main, [Plain(name: "a")]), (.more, [])]))
        #expect(dataSource.supplementaryKinds(in: host) == [.header, .footer])
        #expect(host.texts(ofKind: .header) == ["header main", "header more"])
        #expect(host.texts(ofKind: .footer) == ["title main", "title more"])
        #expect(seen == ["0 main", "1 more"])
        #expect(dataSource.supplementaryView(ofKind: "badge", at: ListIndexPath(item: 0, section: 0), in: host) == nil)
        #expect(
            dataSource.registrations.map(\.key) == [
                RegistrationKey(cellFor: Plain.self),
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header),
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .footer),
            ])
    }

    @Test("register(_:) replaces a kind's view on purpose, and the replacement keeps its place")
    func supplementaryReplacement() throws {
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self) { view, _, _ in
            view.text = "old"
        }
        try dataSource.registerSupplementaryView(ofKind: .footer, viewType: HeaderView.self) { view, _, _ in
            view.text = "footer"
        }
        dataSource.register(.supplementaryView(ofKind: .header, viewType: SectionTitleView.self))
        try dataSource.apply(makeSnapshot([] as [AnyHashable]))
        #expect(dataSource.supplementaryKinds(in: host) == [.header, .footer])
        #expect(host.texts(ofKind: .header) == ["title main"])
        #expect(dataSource.registrations.count == 2)
    }

    // MARK: Protocol and superclass registrations

    @Test("a protocol registration serves every conforming type")
    func protocolRegistration() throws {
        dataSource.registerCellType(MessageCell.self)  // ViewModel == any Message
        try dataSource.apply(makeSnapshot([TextMessage(body: "hi"), PhotoMessage(body: "cat.jpg")]))
        #expect(host.texts == [["message hi", "message cat.jpg"]])
        #expect(dataSource.registrations.map(\.key) == [RegistrationKey(cellFor: (any Message).self)])
    }

    @Test("a superclass registration serves subclasses, and an exact registration wins over it")
    func superclassRegistration() throws {
        dataSource.registerCell(itemType: Shape.self, cellType: ShapeCell.self) { cell, _, shape in
            cell.text = "shape \(shape)"
        }
        dataSource.registerCell(itemType: Square.self, cellType: AnyCell.self) { cell, _, square in
            cell.text = "square \(square.name)"
        }
        try dataSource.apply(makeSnapshot([Circle(name: "c"), Square(name: "s"), Shape(name: "plain")]))
        #expect(host.texts == [["shape Circle(c)", "square s", "shape Shape(plain)"]])
    }

    @Test("fallback registrations are tried in registration order; AnyHashable catches everything")
    func fallbackOrder() throws {
        dataSource.registerCell(itemType: AnyHashable.self, cellType: AnyCell.self) { cell, _, item in
            cell.text = "any \(item)"
        }
        dataSource.registerCellType(MessageCell.self)
        dataSource.registerCellType(PlainCell.self)
        try dataSource.apply(makeSnapshot([TextMessage(body: "hi"), Plain(name: "p"), 7]))
        #expect(host.texts == [["any TextMessage(body: \"hi\")", "plain p", "any 7"]])
    }

    @Test("each type is resolved once and then served from the cache")
    func resolutionCache() throws {
        dataSource.registerCellType(MessageCell.self)
        dataSource.registerCellType(TileCell.self)
        let items: [AnyHashable] = (0..<300).map { index in
            switch index % 3 {
            case 0: AnyHashable(TextMessage(body: "\(index)"))
            case 1: AnyHashable(PhotoMessage(body: "\(index)"))
            default: AnyHashable(Tile(id: index, title: "\(index)"))
            }
        }
        try dataSource.apply(makeSnapshot(items))
        #expect(dataSource.registry.resolutionCount == 3)
        try dataSource.apply(makeSnapshot(items.reversed()))
        host.reloadData()
        #expect(dataSource.registry.resolutionCount == 3)
        #expect(host.texts[0].first == "tile 299")

        // A new registration empties the cache: each type is resolved once more.
        dataSource.registerCellType(PlainCell.self)
        #expect(dataSource.registry.resolutionCount == 6)
        host.reloadData()
        #expect(dataSource.registry.resolutionCount == 6)
    }

    @Test("cellRegistration(for:) reports the registration that serves an item")
    func cellRegistrationLookup() {
        dataSource.registerCellType(MessageCell.self)
        #expect(
            dataSource.cellRegistration(for: TextMessage(body: "x")).map { ObjectIdentifier($0.viewType) }
                == ObjectIdentifier(MessageCell.self))
        #expect(dataSource.cellRegistration(for: Plain(name: "x")) == nil)
    }

    @Test("registering while items are shown reloads the host, so no visible cell is stale")
    func registrationReloads() throws {
        dataSource.registerCell(itemType: Shape.self, cellType: ShapeCell.self) { cell, _, shape in
            cell.text = "shape \(shape.name)"
        }
        try dataSource.apply(makeSnapshot([Circle(name: "c")]))
        dataSource.registerCell(itemType: Circle.self, cellType: AnyCell.self) { cell, _, circle in
            cell.text = "circle \(circle.name)"
        }
        #expect(host.events.last == "reload")
        #expect(host.texts == [["circle c"]])
        #expect(host.cell(at: ListIndexPath(item: 0, section: 0)) is AnyCell)
    }

    @Test("an item representation selects the registration by the value it returns")
    func itemRepresentation() throws {
        enum Row: Hashable {
            case tile(Tile)
            case alert(Alert)
        }
        let host = RecordingHost()
        let dataSource = UniversalDataSource<Section>(host: host) { item in
            switch item.base as? Row {
            case .tile(let tile): tile
            case .alert(let alert): alert
            case nil: item.base
            }
        }
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCell(itemType: Alert.self, cellType: AlertCell.self) { cell, _, alert in
            cell.text = "alert \(alert.text)"
        }
        try dataSource.apply(makeSnapshot([Row.tile(Tile(id: 1, title: "t")), Row.alert(Alert(text: "a"))]))
        #expect(host.texts == [["tile t", "alert a"]])
        #expect(throws: DataSourceError.self) { try dataSource.apply(makeSnapshot([Plain(name: "p")])) }
    }

    // MARK: Validation

    @Test("an item without a registration is named with its type and the registered types; nothing changes")
    func missingRegistration() throws {
        registerTilesAndAlerts()
        let shown = try makeSnapshot([Tile(id: 1, title: "a")])
        try dataSource.apply(shown)
        let events = host.events
        let cell = host.cell(at: ListIndexPath(item: 0, section: 0))

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
        #expect(host.events == events)
        #expect(host.texts == [["tile a"]])
        #expect(host.cell(at: ListIndexPath(item: 0, section: 0)) === cell)
    }

    @Test("the error message names the item, its type, where it is and what is registered")
    func missingRegistrationMessage() throws {
        do {
            try dataSource.apply(makeSnapshot([Plain(name: "p")]))
            Issue.record("apply should have thrown")
        } catch {
            #expect(
                String(describing: error)
                    == "no cell registration for item \(String(reflecting: Plain(name: "p"))) of type \(String(reflecting: Plain.self)) at 0.0; registered item types: none"
            )
        }
    }

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

    @Test("an Identifiable item whose content changed is reconfigured in place: same cell, none created")
    func identifiableReconfigure() throws {
        dataSource.registerCellType(TileCell.self)
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        let created = host.viewsCreated
        let first = host.cell(at: ListIndexPath(item: 0, section: 0))
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "A"), Tile(id: 2, title: "b")]))
        #expect(host.texts == [["tile A", "tile b"]])
        #expect(host.viewsCreated == created)
        #expect(host.cell(at: ListIndexPath(item: 0, section: 0)) === first)
        #expect(first?.configurations == 2)
        #expect(host.events.last == "batch reconfigure 0.0")
    }

    @Test("a reconfigure mark configures the visible cell again in place")
    func reconfigureMark() throws {
        let suffix = Ref("1")
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self) { cell, _, item in
            cell.text = item.name + suffix.value
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        let created = host.viewsCreated
        suffix.value = "2"
        var snapshot = dataSource.snapshot()
        try snapshot.reconfigureItems([Plain(name: "a")])
        try dataSource.apply(snapshot)
        #expect(host.texts == [["a2"]])
        #expect(host.viewsCreated == created)
        #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    }

    @Test("applying without animation reloads the host")
    func nonAnimated() throws {
        dataSource.registerCellType(PlainCell.self)
        try dataSource.apply(makeSnapshot([Plain(name: "a")]), animatingDifferences: false)
        #expect(host.events == ["reload"])
        #expect(host.texts == [["plain a"]])
    }

    @Test("applying the snapshot on screen performs nothing")
    func applyingSameSnapshot() throws {
        dataSource.registerCellType(PlainCell.self)
        let snapshot = try makeSnapshot([Plain(name: "a")])
        try dataSource.apply(snapshot)
        let events = host.events
        try dataSource.apply(snapshot)
        #expect(host.events == events)
    }

    // MARK: Re-entrancy

    @Test("an apply made during an apply is queued and runs before the outer apply returns")
    func reentrantApplyIsQueued() throws {
        var reentered = false
        var innerError: DataSourceError?
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self) { [unowned dataSource] cell, _, item in
            cell.text = item.name
            guard item.name == "load more", !reentered else { return }
            reentered = true
            do {
                try dataSource.apply(makeSnapshot([Plain(name: "x"), Plain(name: "y")]))
                try dataSource.apply(makeSnapshot([Alert(text: "unregistered")]))
            } catch let error as DataSourceError {
                innerError = error
            } catch {
                Issue.record("unexpected \(error)")
            }
            // Queued, not applied yet: the outer apply is still running.
            #expect(dataSource.snapshot().itemIdentifiers == [AnyHashable(Plain(name: "load more"))])
        }
        try dataSource.apply(makeSnapshot([Plain(name: "load more")]))
        #expect(reentered)
        if case .noCellRegistration = innerError {
        } else {
            Issue.record("expected noCellRegistration, got \(String(describing: innerError))")
        }
        #expect(dataSource.snapshot() == (try makeSnapshot([Plain(name: "x"), Plain(name: "y")])))
        #expect(host.texts == [["x", "y"]])
    }

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

    @Test("an apply from a configuration closure outside any apply is rejected; nothing changes")
    func reentrantApplyOutsideApplyIsRejected() throws {
        let armed = Ref(false)
        var error: DataSourceError?
        dataSource.registerCell(itemType: Plain.self, cellType: PlainCell.self) { [unowned dataSource] cell, _, item in
            cell.text = item.name
            guard armed.value else { return }
            do { try dataSource.apply(makeSnapshot([] as [AnyHashable])) } catch let thrown as DataSourceError {
                error = thrown
            } catch {}
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a")]))
        let events = host.events
        armed.value = true
        host.reconfigureItems(at: [ListIndexPath(item: 0, section: 0)])  // the host configures on its own
        #expect(error == .applyWhileConfiguringView)
        #expect(host.events == events + ["reconfigure 0.0"])
        #expect(host.texts == [["a"]])
    }

    // MARK: Lookups

    @Test("lookups answer from the snapshot on screen")
    func lookups() throws {
        registerTilesAndAlerts()
        let tile = Tile(id: 1, title: "a")
        try dataSource.apply(makeSnapshot([(.main, [tile]), (.more, [Alert(text: "x")])]))
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 1)) == AnyHashable(Alert(text: "x")))
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 0), as: Tile.self) == tile)
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 0), as: Alert.self) == nil)
        #expect(dataSource.item(at: ListIndexPath(item: 5, section: 0)) == nil)
        #expect(dataSource.item(at: ListIndexPath(item: 0, section: 9)) == nil)
        #expect(dataSource.indexPath(for: Alert(text: "x")) == ListIndexPath(item: 0, section: 1))
        #expect(dataSource.indexPath(for: Alert(text: "y")) == nil)
        #expect(dataSource.sectionIdentifier(at: 1) == .more)
        #expect(dataSource.sectionIdentifier(at: 2) == nil)
        #expect(dataSource.numberOfSections(in: host) == 2)
        #expect(dataSource.numberOfItems(inSection: 0, in: host) == 1)
    }

    // MARK: Cost of an apply

    @Test("an animated apply checks only the items it adds; a queued or unanimated one checks them all")
    func checksOnlyAddedItems() throws {
        dataSource.registerCellType(PlainCell.self)
        let items = (0..<10_000).map { AnyHashable(Plain(name: "\($0)")) }
        try dataSource.apply(makeSnapshot(items))
        var checked = dataSource.itemsChecked
        try dataSource.apply(makeSnapshot([AnyHashable(Plain(name: "new"))] + items))
        #expect(dataSource.itemsChecked - checked == 1)
        checked = dataSource.itemsChecked
        try dataSource.apply(makeSnapshot([(.main, items), (.more, [Plain(name: "a"), Plain(name: "b")])]))
        #expect(dataSource.itemsChecked - checked == 2)
        checked = dataSource.itemsChecked
        try dataSource.apply(makeSnapshot(items), animatingDifferences: false)
        #expect(dataSource.itemsChecked - checked == 10_000)
    }

    @Test("an item the diff adds without a registration is reported as a full check reports it")
    func addedItemErrorMatchesFullCheck() throws {
        dataSource.registerCellType(PlainCell.self)
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
    }
}
