@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

// The cell factory: one item type, a cell chosen per value, checked at apply; bundles that register a
// feature's cells in one call, all or nothing; views that unbind before they show something else.

/// A chat message; `isMine == nil` is a value no cell shows.
struct ChatMessage: Hashable, Identifiable {
    var id: Int
    var text: String
    var isMine: Bool?
}

@MainActor final class MineTextCell: TextCell, ConfigurableView {
    func configure(with message: ChatMessage) { text = "      \(message.text) <" }
}

@MainActor final class TheirTextCell: TextCell, ConfigurableView {
    func configure(with message: ChatMessage) { text = "> \(message.text)" }
}

/// Chooses by `isMine`; `nil` maps to no cell.
@MainActor func chooseChatCell(_ message: ChatMessage) -> (any ReusableView.Type)? {
    switch message.isMine {
    case true?: MineTextCell.self
    case false?: TheirTextCell.self
    case nil: nil
    }
}

/// The synchronous apply, where a closure could also pick the `async` one.
@MainActor
func applyNow(_ dataSource: UniversalDataSource<Int>, _ snapshot: Snapshot<Int, AnyHashable>, animated: Bool = true)
    throws
{
    try dataSource.apply(snapshot, animatingDifferences: animated)
}

@MainActor
@Suite("Cell factory")
struct CellFactoryTests {
    let list = TextListView(width: 16, height: 6)
    let dataSource: UniversalDataSource<Int>

    init() throws {
        dataSource = UniversalDataSource<Int>(host: list)
        try dataSource.registerCells(
            for: ChatMessage.self, [.cell(MineTextCell.self), .cell(TheirTextCell.self)], choose: chooseChatCell)
    }

    private func snapshot(_ messages: [ChatMessage]) throws -> Snapshot<Int, AnyHashable> {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(messages)
        return snapshot
    }

    @Test("the factory maps Message(isMine:) to two cells, and the render shows both")
    func twoCells() throws {
        try dataSource.apply(
            snapshot([ChatMessage(id: 1, text: "hi", isMine: false), ChatMessage(id: 2, text: "yo", isMine: true)]))
        #expect(renderedLines(list.renderAll()) == ["> hi", "      yo <"])
        #expect(list.cellForItem(at: ListIndexPath(item: 0, section: 0)) is TheirTextCell)
        #expect(list.cellForItem(at: ListIndexPath(item: 1, section: 0)) is MineTextCell)
    }

    @Test("an unmapped value makes apply throw noCellRegistration naming the item, and nothing changes")
    func unmapped() throws {
        let shown = try snapshot([ChatMessage(id: 1, text: "hi", isMine: false)])
        try dataSource.apply(shown)
        let draft = ChatMessage(id: 2, text: "draft", isMine: nil)
        let expected = DataSourceError.noCellRegistration(
            item: String(reflecting: draft), itemType: String(reflecting: ChatMessage.self),
            indexPath: ListIndexPath(item: 1, section: 0), registeredTypes: [String(reflecting: ChatMessage.self)])
        let bad = try snapshot([ChatMessage(id: 1, text: "hi", isMine: false), draft])
        #expect(throws: expected) { try applyNow(dataSource, bad) }
        #expect(throws: expected) { try applyNow(dataSource, bad, animated: false) }
        #expect(dataSource.snapshot() == shown)
        #expect(renderedLines(list.renderAll()) == ["> hi"])
        #expect(
            "\(expected)".hasSuffix(
                "the cell factory for \(String(reflecting: ChatMessage.self)) chooses no cell for it"))
    }

    @Test("an item updated in place to an unmapped value is refused too, synchronously and asynchronously")
    func unmappedUpdate() async throws {
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
        #expect(renderedLines(list.renderAll()) == ["      first <", "> hi"])
        // A good update that changes the cell: reloaded, not reconfigured (a cell is reconfigured in place
        // only when its class stays, as UIKit requires), and the row shows the other cell.
        try applyNow(
            dataSource,
            snapshot([ChatMessage(id: 0, text: "first", isMine: true), ChatMessage(id: 1, text: "hi", isMine: true)]))
        #expect(list.updateLog.last == "reload 0.1")
        #expect(renderedLines(list.renderAll()) == ["      first <", "      hi <"])
        #expect(list.cellForItem(at: ListIndexPath(item: 1, section: 0)) is MineTextCell)
        // A content change that keeps the cell, next to an insert: reconfigured in place.
        try applyNow(
            dataSource,
            snapshot([
                ChatMessage(id: 5, text: "new", isMine: false), ChatMessage(id: 0, text: "first!", isMine: true),
                ChatMessage(id: 1, text: "hi", isMine: true),
            ]))
        #expect(list.updateLog.last == "insert 0.0; reconfigure 0.0")
        #expect(renderedLines(list.renderAll()) == ["> new", "      first! <", "      hi <"])
    }

    @Test("the choice is made per value, not cached per type")
    func notCached() throws {
        var messages = (0..<6).map { ChatMessage(id: $0, text: "m\($0)", isMine: $0 % 2 == 0) }
        try dataSource.apply(snapshot(messages))
        #expect(renderedLines(list.renderAll()) == ["      m0 <", "> m1", "      m2 <", "> m3", "      m4 <", "> m5"])
        messages[5].isMine = nil
        // Queued behind nothing, not animated: every item is checked, one by one.
        let bad = try snapshot(messages)
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, bad, animated: false) }
    }

    @Test("with a factory, an apply checks the items it adds and updates, not every item")
    func checksOnlyWhatChanges() throws {
        var messages = (0..<10_000).map { ChatMessage(id: $0, text: "m\($0)", isMine: $0 % 2 == 0) }
        try applyNow(dataSource, snapshot(messages))
        var checked = dataSource.itemsChecked
        messages.insert(ChatMessage(id: -1, text: "new", isMine: true), at: 5_000)
        messages[7_000].text = "edited"
        try applyNow(dataSource, snapshot(messages))
        #expect(dataSource.itemsChecked - checked == 2, "the insert and the update")
        checked = dataSource.itemsChecked
        messages[9_000].isMine = nil
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, snapshot(messages)) }
        #expect(dataSource.itemsChecked - checked == 1)
    }

    @Test("a factory with no cells, or a cell listed twice, is refused")
    func badFactories() {
        #expect(throws: RegistrationError.emptyCellFactory(itemType: String(reflecting: ChatMessage.self))) {
            try dataSource.registerCells(for: ChatMessage.self, []) { _ in nil }
        }
        #expect(
            throws: RegistrationError.duplicateCandidate(
                cellType: String(reflecting: MineTextCell.self),
                itemType: String(reflecting: ChatMessage.self))
        ) {
            try dataSource.registerCells(for: ChatMessage.self, [.cell(MineTextCell.self), .cell(MineTextCell.self)]) {
                _ in nil
            }
        }
    }

    @Test("a choice outside the list is no cell: apply throws")
    func choiceNotListed() throws {
        try dataSource.registerCells(for: ChatMessage.self, [.cell(MineTextCell.self)]) { _ in TheirTextCell.self }
        let bad = try snapshot([ChatMessage(id: 1, text: "hi", isMine: true)])
        #expect(throws: DataSourceError.self) { try applyNow(dataSource, bad) }
    }

    @Test("closure choices receive the context and keep positions current")
    func closureChoice() throws {
        try dataSource.registerCells(
            for: ChatMessage.self,
            [
                .cell(MineTextCell.self) { cell, context, message in
                    cell.text = "\(edge(context.position)) \(message.text)"
                },
                .cell(TheirTextCell.self),
            ], choose: chooseChatCell)
        try dataSource.apply(snapshot([ChatMessage(id: 1, text: "a", isMine: true)]))
        try dataSource.apply(
            snapshot([ChatMessage(id: 1, text: "a", isMine: true), ChatMessage(id: 2, text: "b", isMine: true)]))
        #expect(renderedLines(list.renderAll()) == ["╭ a", "╰ b"])
        #expect(list.updateLog.last == "reconfigure 0.0")
    }
}

// MARK: - Bundles

/// A feature's cells: chat messages and day dividers.
struct ChatBundle: CellBundle {
    func registrations() throws(RegistrationError) -> [ViewRegistration] {
        try [
            .cell(NameTextCell.self),
            .cells(
                for: ChatMessage.self, [.cell(MineTextCell.self), .cell(TheirTextCell.self)], choose: chooseChatCell),
        ]
    }
}

/// A bundle that clashes with itself: two registrations for one item type.
struct ClashingBundle: CellBundle {
    func registrations() throws(RegistrationError) -> [ViewRegistration] {
        [.cell(MineTextCell.self), .cell(TheirTextCell.self)]
    }
}

/// A bundle with a header, for a data source with `Int` sections.
struct HeaderBundle: CellBundle {
    func registrations() throws(RegistrationError) -> [ViewRegistration] {
        [
            .supplementaryView(ofKind: .header, viewType: TextCell.self, sectionType: Int.self) { view, _, section in
                view.text = "# \(section)"
            }
        ]
    }
}

@MainActor
@Suite("Cell bundles")
struct CellBundleTests {
    let list = TextListView(width: 16, height: 6)
    let dataSource: UniversalDataSource<Int>

    init() {
        dataSource = UniversalDataSource<Int>(host: list)
    }

    @Test("one line installs a feature's registrations")
    func installs() throws {
        try ChatBundle().register(in: dataSource)
        try HeaderBundle().register(in: dataSource)
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([7])
        try snapshot.appendItems(["Monday", ChatMessage(id: 1, text: "hi", isMine: false)])
        try dataSource.apply(snapshot)
        #expect(renderedLines(list.renderAll()) == ["# 7", "Monday", "> hi"])
        #expect(dataSource.registrations.count == 3)
    }

    @Test("a bundle never replaces: a clash with the data source or within the bundle registers nothing")
    func allOrNothing() throws {
        dataSource.registerCellType(NameTextCell.self)
        #expect(throws: RegistrationError.duplicateRegistration(RegistrationKey(cellFor: String.self))) {
            try ChatBundle().register(in: dataSource)
        }
        #expect(dataSource.registrations.count == 1)
        #expect(dataSource.cellRegistration(for: ChatMessage(id: 1, text: "", isMine: true)) == nil)
        #expect(throws: RegistrationError.duplicateRegistration(RegistrationKey(cellFor: ChatMessage.self))) {
            try ClashingBundle().register(in: dataSource)
        }
        #expect(dataSource.registrations.count == 1)
        try HeaderBundle().register(in: dataSource)
        #expect(throws: RegistrationError.duplicateKind(.header, registered: String(reflecting: TextCell.self))) {
            try HeaderBundle().register(in: dataSource)
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

/// A cell that observes its counter from configure until unbind.
@MainActor final class CounterCell: TextCell, ConfigurableView, UnbindableView {
    private(set) var bound: Counter?
    var unbinds = 0
    func configure(with counter: Counter) {
        #expect(bound == nil, "configure is called with a binding left over")
        bound = counter
        counter.observers += 1
        text = "counter \(counter.id)"
    }
    func unbind() {
        unbinds += 1
        bound?.observers -= 1
        bound = nil
    }
}

@MainActor
@Suite("Unbinding on reuse")
struct UnbindingTests {
    @Test("a reused cell lets go of its view model first; a cell in the pool observes nothing")
    func reuse() throws {
        let list = TextListView(width: 12, height: 3)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(CounterCell.self)
        let counters = (0..<30).map { Counter(id: $0) }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(counters)
        try dataSource.apply(snapshot)
        for _ in 0..<20 { list.scrollBy(lines: 1) }
        let visible = Set(list.indexPathsForVisibleItems.map(\.item))
        for counter in counters {
            #expect(counter.observers == (visible.contains(counter.id) ? 1 : 0), "counter \(counter.id)")
        }
        #expect(list.statistics.reused > 0)
    }

    @Test("a cell configured again in place (new position) unbinds before it binds again")
    func inPlace() throws {
        let list = TextListView(width: 12, height: 3)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(itemType: Counter.self, cellType: CounterCell.self) { cell, context, counter in
            cell.configure(with: counter)
            cell.text += context.position.isLast ? " (last)" : ""
        }
        let a = Counter(id: 1)
        let b = Counter(id: 2)
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([a])
        try dataSource.apply(snapshot)
        try snapshot.appendItems([b])
        try dataSource.apply(snapshot)
        #expect(list.updateLog.last == "reconfigure 0.0")
        #expect(a.observers == 1 && b.observers == 1)
        #expect((list.cellForItem(at: ListIndexPath(item: 0, section: 0)) as? CounterCell)?.unbinds == 2)
    }
}
