@_spi(Testing) @_spi(ListHost) @testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// The cell factory: one item type, a cell chosen per value, checked at apply; bundles that register a
// feature's cells in one call, all or nothing; views that unbind before they show something else. On
// every host.

/// A chat message; `isMine == nil` is a value no cell shows.
struct ChatMessage: Hashable, Identifiable {
    var id: Int
    var text: String
    var isMine: Bool?
}

/// My messages, on the right.
enum Mine: LabelFormat {
    static func label(for message: ChatMessage) -> String { "      \(message.text) <" }
}

/// Their messages, on the left.
enum Theirs: LabelFormat {
    static func label(for message: ChatMessage) -> String { "> \(message.text)" }
}

/// A day divider's name.
enum DayName: LabelFormat {
    static func label(for name: String) -> String { name }
}

/// The chat cells on a host: a factory that chooses by `isMine`; `nil` maps to no cell.
@MainActor
struct ChatCells {
    let harness: any HostHarness

    var choices: [CellChoice<ChatMessage>] {
        [harness.formattedChoice(Mine.self), harness.formattedChoice(Theirs.self)]
    }

    var choose: @MainActor (ChatMessage) -> (any ReusableView.Type)? {
        { [harness] message in
            switch message.isMine {
            case true?: harness.formattedCellType(Mine.self)
            case false?: harness.formattedCellType(Theirs.self)
            case nil: nil
            }
        }
    }

    /// The class of the cells `format` shows.
    func cellType<Format: LabelFormat>(_ format: Format.Type) -> String {
        String(reflecting: harness.formattedCellType(format))
    }
}

/// The synchronous apply, where a closure could also pick the `async` one.
@MainActor
func applyNow(_ dataSource: UniversalDataSource<Int>, _ snapshot: Snapshot<Int, AnyHashable>, animated: Bool = true)
    throws
{
    try dataSource.apply(snapshot, animatingDifferences: animated)
}

/// A snapshot of one section `0` of messages.
private func snapshot(_ messages: [ChatMessage]) throws -> Snapshot<Int, AnyHashable> {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(messages)
    return snapshot
}

@MainActor
@Suite("Cell factory")
struct CellFactoryTests {
    /// A host 16 columns wide and 6 lines tall, with the chat factory registered.
    private func makeScreen(_ kind: HostKind) throws -> (any HostHarness, UniversalDataSource<Int>, ChatCells) {
        let harness = kind.make(width: 16, height: 6)
        let dataSource = harness.makeDataSource(Int.self)
        let chat = ChatCells(harness: harness)
        try dataSource.registerCells(for: ChatMessage.self, chat.choices, choose: chat.choose)
        return (harness, dataSource, chat)
    }

    @Test("the factory maps Message(isMine:) to two cells, and the render shows both", arguments: HostKind.allCases)
    func twoCells(kind: HostKind) throws {
        let (harness, dataSource, chat) = try makeScreen(kind)
        try dataSource.apply(
            snapshot([ChatMessage(id: 1, text: "hi", isMine: false), ChatMessage(id: 2, text: "yo", isMine: true)]))
        #expect(harness.render() == ["> hi", "      yo <"])
        let cells = (0..<2).map { harness.cell(at: ListIndexPath(item: $0, section: 0)) }
        #expect(
            cells.map { $0.map { String(reflecting: type(of: $0)) } } == [
                chat.cellType(Theirs.self), chat.cellType(Mine.self),
            ])
        #expect(harness.problems == [])
    }

    @Test(
        "an unmapped value makes apply throw noCellRegistration naming the item, and nothing changes",
        arguments: HostKind.allCases)
    func unmapped(kind: HostKind) throws {
        let (harness, dataSource, _) = try makeScreen(kind)
        let shown = try snapshot([ChatMessage(id: 1, text: "hi", isMine: false)])
        try dataSource.apply(shown)
        let log = harness.updateLog
        let draft = ChatMessage(id: 2, text: "draft", isMine: nil)
        let expected = DataSourceError.noCellRegistration(
            item: String(reflecting: draft), itemType: String(reflecting: ChatMessage.self),
            indexPath: ListIndexPath(item: 1, section: 0), registeredTypes: [String(reflecting: ChatMessage.self)])
        let bad = try snapshot([ChatMessage(id: 1, text: "hi", isMine: false), draft])
        #expect(throws: expected) { try applyNow(dataSource, bad) }
        #expect(throws: expected) { try applyNow(dataSource, bad, animated: false) }
        #expect(dataSource.snapshot() == shown)
        #expect(harness.render() == ["> hi"])
        #expect(harness.updateLog == log)
        #expect(
            "\(expected)".hasSuffix(
                "the cell factory for \(String(reflecting: ChatMessage.self)) chooses no cell for it"))
        #expect(harness.problems == [])
    }

    @Test(
        "an item updated in place to an unmapped value is refused too, synchronously and asynchronously",
        arguments: HostKind.allCases)
    func unmappedUpdate(kind: HostKind) async throws {
        let (harness, dataSource, chat) = try makeScreen(kind)
        try applyNow(
            dataSource,
            snapshot([ChatMessage(id: 0, text: "first", isMine: true), ChatMessage(id: 1, text: "hi", isMine: false)]))
        // Same id, new content: a reconfigure in place, whose new value maps to no cell. An insert in the
        // same batch moves the updated item's index path.
        let bad = try snapshot([
            ChatMessage(id: 9, text: "new", isMine: true), ChatMessage(id: 0, text: "first", isMine: true),
            ChatMessage(id: 1, text: "hi", isMine: nil),
        ])
        #expect(Changeset(from: dataSource.snapshot(), to: bad).summary.updatedItems == 1)
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, bad) }
        await #expect(throws: DataSourceError.self) { try await dataSource.apply(bad) }
        #expect(harness.render() == ["      first <", "> hi"])
        // A good update that changes the cell: reloaded, not reconfigured (a cell is reconfigured in place
        // only when its class stays, as UIKit requires), and the row shows the other cell.
        try applyNow(
            dataSource,
            snapshot([ChatMessage(id: 0, text: "first", isMine: true), ChatMessage(id: 1, text: "hi", isMine: true)]))
        #expect(harness.updateLog.last == "reload 0.1")
        #expect(harness.render() == ["      first <", "      hi <"])
        let cell = harness.cell(at: ListIndexPath(item: 1, section: 0))
        #expect(cell.map { String(reflecting: type(of: $0)) } == chat.cellType(Mine.self))
        // A content change that keeps the cell, next to an insert: reconfigured in place (the UIKit hosts
        // reconfigure right after the batch, at the index path after it).
        try applyNow(
            dataSource,
            snapshot([
                ChatMessage(id: 5, text: "new", isMine: false), ChatMessage(id: 0, text: "first!", isMine: true),
                ChatMessage(id: 1, text: "hi", isMine: true),
            ]))
        #expect(
            harness.updateLog.suffix(kind == .text ? 1 : 2)
                == (kind == .text ? ["insert 0.0; reconfigure 0.0"] : ["insert 0.0", "reconfigure 0.1"]))
        #expect(harness.render() == ["> new", "      first! <", "      hi <"])
        #expect(harness.problems == [])
    }

    @Test("the choice is made per value, not cached per type", arguments: HostKind.allCases)
    func notCached(kind: HostKind) throws {
        let (harness, dataSource, _) = try makeScreen(kind)
        var messages = (0..<6).map { ChatMessage(id: $0, text: "m\($0)", isMine: $0 % 2 == 0) }
        try dataSource.apply(snapshot(messages))
        #expect(harness.render() == ["      m0 <", "> m1", "      m2 <", "> m3", "      m4 <", "> m5"])
        messages[5].isMine = nil
        // Queued behind nothing, not animated: every item is checked, one by one.
        let bad = try snapshot(messages)
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, bad, animated: false) }
        #expect(harness.problems == [])
    }

    @Test(
        "with a factory, an apply checks the items it adds and updates, not every item", arguments: HostKind.allCases)
    func checksOnlyWhatChanges(kind: HostKind) throws {
        let (harness, dataSource, _) = try makeScreen(kind)
        var messages = (0..<10_000).map { ChatMessage(id: $0, text: "m\($0)", isMine: $0 % 2 == 0) }
        try applyNow(dataSource, snapshot(messages))
        var checked = dataSource._workCounts.itemsChecked
        messages.insert(ChatMessage(id: -1, text: "new", isMine: true), at: 5_000)
        messages[7_000].text = "edited"
        try applyNow(dataSource, snapshot(messages))
        #expect(dataSource._workCounts.itemsChecked - checked == 2, "the insert and the update")
        checked = dataSource._workCounts.itemsChecked
        messages[9_000].isMine = nil
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, snapshot(messages)) }
        #expect(dataSource._workCounts.itemsChecked - checked == 1)
        #expect(harness.render().first == "      m0 <")
        #expect(harness.problems == [])
    }

    @Test("a factory with no cells, or a cell listed twice, is refused", arguments: HostKind.allCases)
    func badFactories(kind: HostKind) throws {
        let (harness, dataSource, chat) = try makeScreen(kind)
        #expect(throws: RegistrationError.emptyCellFactory(itemType: String(reflecting: ChatMessage.self))) {
            try dataSource.registerCells(for: ChatMessage.self, []) { _ in nil }
        }
        #expect(
            throws: RegistrationError.duplicateCandidate(
                cellType: chat.cellType(Mine.self), itemType: String(reflecting: ChatMessage.self))
        ) {
            try dataSource.registerCells(
                for: ChatMessage.self, [harness.formattedChoice(Mine.self), harness.formattedChoice(Mine.self)]
            ) { _ in nil }
        }
    }

    @Test("a choice outside the list is no cell: apply throws", arguments: HostKind.allCases)
    func choiceNotListed(kind: HostKind) throws {
        let (harness, dataSource, _) = try makeScreen(kind)
        dataSource.onDiagnostic = { _ in }  // replaces makeScreen's factory on purpose
        try dataSource.registerCells(for: ChatMessage.self, [harness.formattedChoice(Mine.self)]) { _ in
            harness.formattedCellType(Theirs.self)
        }
        let bad = try snapshot([ChatMessage(id: 1, text: "hi", isMine: true)])
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, bad) }
        #expect(harness.render() == [])
        #expect(harness.problems == [])
    }

    @Test("closure choices receive the context and keep positions current", arguments: HostKind.allCases)
    func closureChoice(kind: HostKind) throws {
        let (harness, dataSource, chat) = try makeScreen(kind)
        dataSource.onDiagnostic = { _ in }  // replaces makeScreen's factory on purpose
        try dataSource.registerCells(
            for: ChatMessage.self,
            [
                harness.formattedChoice(Mine.self) { context, message in "\(edge(context.position)) \(message.text)" },
                harness.formattedChoice(Theirs.self),
            ], choose: chat.choose)
        try dataSource.apply(snapshot([ChatMessage(id: 1, text: "a", isMine: true)]))
        try dataSource.apply(
            snapshot([ChatMessage(id: 1, text: "a", isMine: true), ChatMessage(id: 2, text: "b", isMine: true)]))
        #expect(harness.render() == ["╭ a", "╰ b"])
        #expect(harness.updateLog.last == "reconfigure 0.0")
        #expect(harness.problems == [])
    }
}

// MARK: - Bundles

/// A feature's registrations, made for a host: a bundle of the registrations it lists.
struct ListedBundle: CellBundle {
    let listed: [ViewRegistration]
    func registrations() throws(RegistrationError) -> [ViewRegistration] { listed }
}

@MainActor
@Suite("Cell bundles")
struct CellBundleTests {
    /// A feature's cells: chat messages and day dividers.
    private func chatBundle(_ harness: any HostHarness) throws -> ListedBundle {
        let chat = ChatCells(harness: harness)
        return ListedBundle(listed: [
            harness.formattedRegistration(DayName.self),
            try .cells(for: ChatMessage.self, chat.choices, choose: chat.choose),
        ])
    }

    /// A bundle that clashes with itself: two registrations for one item type.
    private func clashingBundle(_ harness: any HostHarness) -> ListedBundle {
        ListedBundle(listed: [harness.formattedRegistration(Mine.self), harness.formattedRegistration(Theirs.self)])
    }

    /// A bundle with a header, for a data source with `Int` sections.
    private func headerBundle(_ harness: any HostHarness) -> ListedBundle {
        ListedBundle(listed: [
            harness.linesLabelRegistration(kind: .header, sectionType: Int.self) { _, section in "# \(section)" }
        ])
    }

    @Test("one line installs a feature's registrations", arguments: HostKind.allCases)
    func installs(kind: HostKind) throws {
        let harness = kind.make(width: 16, height: 6)
        let dataSource = harness.makeDataSource(Int.self)
        try chatBundle(harness).register(in: dataSource)
        try headerBundle(harness).register(in: dataSource)
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([7])
        try snapshot.appendItems(["Monday", ChatMessage(id: 1, text: "hi", isMine: false)])
        try dataSource.apply(snapshot)
        #expect(harness.render() == ["# 7", "Monday", "> hi"])
        #expect(dataSource.registrations.count == 3)
        #expect(harness.problems == [])
    }

    @Test(
        "a bundle never replaces: a clash with the data source or within the bundle registers nothing",
        arguments: HostKind.allCases)
    func allOrNothing(kind: HostKind) throws {
        let harness = kind.make(width: 16, height: 6)
        let dataSource = harness.makeDataSource(Int.self)
        harness.registerFormattedLabel(dataSource, DayName.self)
        #expect(throws: RegistrationError.duplicateRegistration(RegistrationKey(cellFor: String.self))) {
            try chatBundle(harness).register(in: dataSource)
        }
        #expect(dataSource.registrations.count == 1)
        #expect(dataSource.cellRegistration(for: ChatMessage(id: 1, text: "", isMine: true)) == nil)
        #expect(throws: RegistrationError.duplicateRegistration(RegistrationKey(cellFor: ChatMessage.self))) {
            try clashingBundle(harness).register(in: dataSource)
        }
        #expect(dataSource.registrations.count == 1)
        try headerBundle(harness).register(in: dataSource)
        let header = try #require(
            dataSource.registrations.first {
                $0.key == RegistrationKey(valueType: Int.self, category: .supplementary, kind: .header)
            })
        #expect(throws: RegistrationError.duplicateKind(.header, registered: String(reflecting: header.viewType))) {
            try headerBundle(harness).register(in: dataSource)
        }
    }
}

// MARK: - Unbinding

/// A view model object that counts who observes it.
@MainActor final class Counter: Hashable {
    let id: Int
    var observers = 0
    init(id: Int) { self.id = id }
    nonisolated static func == (lhs: Counter, rhs: Counter) -> Bool { lhs === rhs }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A cell observes its counter from configure until unbind.
enum CounterLabel: LabelFormat {
    static func label(for counter: Counter) -> String { "counter \(counter.id)" }
    static func bind(_ counter: Counter) { counter.observers += 1 }
    static func unbind(_ counter: Counter) { counter.observers -= 1 }
}

@MainActor
@Suite("Unbinding on reuse")
struct UnbindingTests {
    @Test(
        "a reused cell lets go of its view model first; on the text host a cell in the pool observes nothing",
        arguments: HostKind.allCases)
    func reuse(kind: HostKind) throws {
        let harness = kind.make(width: 12, height: 3)
        let dataSource = harness.makeDataSource(Int.self)
        harness.registerFormattedLabel(dataSource, CounterLabel.self)
        let counters = (0..<30).map { Counter(id: $0) }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(counters)
        try dataSource.apply(snapshot)
        for line in 1...20 { harness.scroll(toLine: line) }
        #expect(harness.render() == ["counter 20", "counter 21", "counter 22"])
        let visible = Set(harness.host.indexPathsForVisibleItems.map(\.item))
        for counter in counters where visible.contains(counter.id) {
            #expect(counter.observers == 1, "counter \(counter.id)")
        }
        if kind == .text {
            for counter in counters where !visible.contains(counter.id) {
                #expect(counter.observers == 0, "counter \(counter.id)")
            }
        } else {
            // UIKit tells of no cell entering its reuse pool (and may show a cell that ended display again
            // without asking for it): a cell waiting there still observes the one counter it showed last.
            #expect(counters.allSatisfy { $0.observers <= 1 })
            #expect(counters.map(\.observers).reduce(0, +) == harness.viewsCreated)
        }
        // Cells were reused: fewer made than the 23 rows shown.
        #expect(harness.viewsCreated < 23)
        #expect(harness.problems == [])
    }

    @Test(
        "a cell configured again in place (new position) unbinds before it binds again", arguments: HostKind.allCases)
    func inPlace(kind: HostKind) throws {
        let harness = kind.make(width: 20, height: 3)
        let dataSource = harness.makeDataSource(Int.self)
        harness.registerFormattedLabel(dataSource, CounterLabel.self) { context in
            context.position.isLast ? " (last)" : ""
        }
        let a = Counter(id: 1)
        let b = Counter(id: 2)
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([a])
        try dataSource.apply(snapshot)
        try snapshot.appendItems([b])
        try dataSource.apply(snapshot)
        #expect(harness.updateLog.last == "reconfigure 0.0")
        #expect(harness.render() == ["counter 1", "counter 2 (last)"])
        #expect(a.observers == 1 && b.observers == 1)
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0)) as? any FormattedCell
        #expect(cell?.unbinds == 2)
        #expect(cell?.leftOverBindings == 0)
        #expect(harness.problems == [])
    }
}
