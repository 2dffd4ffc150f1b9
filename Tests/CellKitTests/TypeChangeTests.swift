@_spi(Testing) @testable import CellKit
import CellKitPlugins
import HostHarness
@_spi(CellKitInternals) import DiffableStore
import Testing

// An item replaced by an equal identifier of another type: `AnyHashable(1) == AnyHashable(Int8(1))`, so
// the diff keeps the item, but the data source selects cells by the value's type. The list must show
// the new type's cell, as a brand-new list does, and tell every consumer the new value. The test of a
// calculated size runs on `HostKind.takingItemSizes` (a list layout asks the data source for no size).

/// The tags of the cells each registration makes, so a test can tell them apart on every host.
enum TwinIntTag {}
enum TwinInt8Tag {}

/// Pets compare by name alone, so a cat and a dog of one name are one identifier (their `Hashable`
/// conformance is the superclass's).
class Pet: Hashable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Pet, rhs: Pet) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
    var description: String { "\(type(of: self)) \(name)" }
}

final class Cat: Pet {}
final class Dog: Pet {}

/// A list on a host whose data source shows `Int`s, their `Int8` twins (unless left out), `Plain`s,
/// cats and dogs, each in a cell of its own.
@MainActor
struct TwinScreen {
    let kind: HostKind
    let list: any HostHarness
    let dataSource: UniversalDataSource<Section>
    /// The display events the data source handed over, as "willDisplay Int8 1 at 0.1".
    let events = EventLog()

    init(_ kind: HostKind, registersInt8: Bool = true) {
        self.kind = kind
        list = kind.make(width: 20, height: 6)
        dataSource = list.makeDataSource(Section.self)
        Self.register(on: list, dataSource, registersInt8: registersInt8)
        dataSource.onEvent = { [events] event in events.record(event) }
    }

    static func register(on list: any HostHarness, _ dataSource: UniversalDataSource<Section>, registersInt8: Bool) {
        list.registerLabel(dataSource, for: Int.self, tag: TwinIntTag.self) { _, number in "int \(number)" }
        if registersInt8 {
            list.registerLabel(dataSource, for: Int8.self, tag: TwinInt8Tag.self) { _, number in "int8 \(number)" }
        }
        list.registerLabel(dataSource, for: Plain.self) { _, plain in "[plain] \(plain.name)" }
        list.registerLabel(dataSource, for: Cat.self) { _, cat in "cat \(cat.name)" }
        list.registerLabel(dataSource, for: Dog.self) { _, dog in "dog \(dog.name)" }
    }

    /// The synchronous apply (an async test would otherwise call the async one).
    func apply(_ snapshot: Snapshot<Section, AnyHashable>, animated: Bool = true) throws(DataSourceError) {
        try dataSource.apply(snapshot, animatingDifferences: animated)
    }

    /// The rendered lines.
    var lines: [String] { list.render() }

    /// Whether the cell at an index path is one the registration of `tag` made.
    func isCell<Tag>(at indexPath: ListIndexPath, taggedWith tag: Tag.Type) -> Bool {
        list.isCell(list.cell(at: indexPath), taggedWith: tag)
    }

    /// What a brand-new list and data source on the same kind of host, given the same snapshot, render.
    func freshLines() throws -> [String] {
        let fresh = kind.make(width: 20, height: 6)
        let source = try dataSource._freshCopy(host: fresh.host)
        fresh.scroll(like: list)
        return withExtendedLifetime(source) { fresh.render() }
    }
}

/// Display events by the type and value of the item they name.
@MainActor
final class EventLog {
    var lines: [String] = []

    func record(_ event: ListHostEvent) {
        switch event {
        case .willDisplay(let item, let path): lines.append("willDisplay \(type(of: item.base)) \(item) at \(path)")
        case .didEndDisplaying(let item, let path):
            lines.append("didEndDisplaying \(type(of: item.base)) \(item) at \(path)")
        default: break
        }
    }
}

@MainActor
@Suite("An item replaced by an equal identifier of another type")
struct TypeChangeTests {
    @Test("in place, an Int's Int8 twin is reloaded into its own cell, and back", arguments: HostKind.allCases)
    func inPlace(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), 1, Plain(name: "b")]))
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), Int8(1), Plain(name: "b")]))
        #expect(screen.lines == ["[plain] a", "int8 1", "[plain] b"])
        #expect(screen.lines == (try screen.freshLines()))
        #expect(screen.isCell(at: ListIndexPath(item: 1, section: 0), taggedWith: TwinInt8Tag.self))
        #expect(screen.list.updateLog.last == "reload 0.1")
        #expect(screen.dataSource.item(at: ListIndexPath(item: 1, section: 0))?.base is Int8)

        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), 1, Plain(name: "b")]))
        #expect(screen.lines == ["[plain] a", "int 1", "[plain] b"])
        #expect(screen.isCell(at: ListIndexPath(item: 1, section: 0), taggedWith: TwinIntTag.self))
    }

    @Test(
        "the cell showing the old value ends displaying, and the events name the new value",
        arguments: HostKind.allCases)
    func events(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), 1]))
        screen.events.lines = []
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), Int8(1)]))
        #expect(screen.events.lines == ["didEndDisplaying Int 1 at 0.1", "willDisplay Int8 1 at 0.1"])
    }

    @Test(
        "a delete of the Int and an insert of its twin elsewhere in one snapshot shows the twin's cell",
        arguments: HostKind.allCases)
    func deleteAndInsert(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([1, 2, 3]))
        var next = screen.dataSource.snapshot()
        try next.deleteItems([1])
        try next.appendItems([Int8(1)])
        try screen.dataSource.apply(next)
        #expect(screen.lines == ["int 2", "int 3", "int8 1"])
        #expect(screen.lines == (try screen.freshLines()))
        // The item moves and changes type: the reload comes first, in a stage of its own.
        // (Then the labels, which read their context, are reconfigured for their new positions.)
        let log = screen.list.updateLog
        let reload = log.lastIndex(of: "reload 0.0")
        #expect(reload.map { Array(log[$0...].prefix(2)) } == ["reload 0.0", "move 0.0 -> 0.2"], "\(log)")
    }

    @Test(
        "a twin inserted into another section, with the Int deleted from its own, shows the twin's cell",
        arguments: HostKind.allCases)
    func anotherSection(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([(.main, [1, Plain(name: "x")]), (.more, [Plain(name: "y")])]))
        try screen.dataSource.apply(makeSnapshot([(.main, [Plain(name: "x")]), (.more, [Plain(name: "y"), Int8(1)])]))
        #expect(screen.lines == ["[plain] x", "[plain] y", "int8 1"])
        #expect(screen.lines == (try screen.freshLines()))
        #expect(screen.isCell(at: ListIndexPath(item: 1, section: 1), taggedWith: TwinInt8Tag.self))
    }

    @Test("a subclass instance equal to another subclass's takes its own registration", arguments: HostKind.allCases)
    func subclasses(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([Cat("tom"), Plain(name: "a")]))
        try screen.dataSource.apply(makeSnapshot([Dog("tom"), Plain(name: "a")]))
        #expect(screen.lines == ["dog tom", "[plain] a"])
        #expect(screen.lines == (try screen.freshLines()))
    }

    @Test("through the async apply, the twin is reloaded too", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let screen = TwinScreen(kind)
        try await screen.dataSource.apply(makeSnapshot([Plain(name: "a"), 1, 2]))
        try await screen.dataSource.apply(makeSnapshot([Plain(name: "a"), Int8(1), 2]))
        #expect(screen.lines == ["[plain] a", "int8 1", "int 2"])
        #expect(screen.lines == (try screen.freshLines()))
        var next = screen.dataSource.snapshot()
        try next.deleteItems([2])
        try next.insertItems([Int8(2)], beforeItem: Plain(name: "a"))
        try await screen.dataSource.apply(next)
        #expect(screen.lines == ["int8 2", "[plain] a", "int8 1"])
        #expect(screen.lines == (try screen.freshLines()))
    }

    @Test(
        "a twin with no registration is refused, as an inserted item is, and nothing changes",
        arguments: HostKind.allCases)
    func unregisteredTwin(kind: HostKind) async throws {
        let screen = TwinScreen(kind, registersInt8: false)
        try screen.apply(makeSnapshot([Plain(name: "a"), 1]))
        let before = screen.lines
        let twin = try makeSnapshot([Plain(name: "a"), Int8(1)])
        var errors: [DataSourceError] = []
        do { try screen.apply(twin) } catch { errors.append(error) }
        do { try await screen.dataSource.apply(twin) } catch { errors.append(error) }
        #expect(errors.count == 2)
        for error in errors {
            guard case .noCellRegistration(let item, let itemType, let indexPath, _) = error else {
                Issue.record("expected noCellRegistration, got \(error)")
                continue
            }
            #expect(item == "1" && itemType == "Swift.Int8" && indexPath == ListIndexPath(item: 1, section: 0))
        }
        #expect(screen.lines == before)
        #expect(screen.dataSource.snapshot().itemIdentifiers.map { "\(type(of: $0.base))" } == ["Plain", "Int"])
    }

    @Test("a size calculated for the Int is not used for its Int8 twin", arguments: HostKind.takingItemSizes)
    func sizes(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 6)
        let dataSource = list.makeDataSource(Section.self)
        var calculated: [String] = []
        list.registerSizedLabel(
            dataSource, for: Int.self,
            sizing: .calculated { number, _ in
                calculated.append("Int \(number)")
                return 1
            }, wrapsAtWidth: false, live: false
        ) { _, number in "int \(number)" }
        list.registerSizedLabel(
            dataSource, for: Int8.self,
            sizing: .calculated { number, _ in
                calculated.append("Int8 \(number)")
                return 2
            }, wrapsAtWidth: false, live: false
        ) { _, number in "int8 \(number)\n(small)" }
        try dataSource.apply(makeSnapshot([1, 2]))
        _ = list.render()
        #expect(dataSource.cachedLength(of: AnyHashable(1)) == 1)
        try dataSource.apply(makeSnapshot([Int8(1), 2]))
        #expect(list.render().prefix(3) == ["int8 1", "(small)", "int 2"])
        #expect(calculated == ["Int 1", "Int 2", "Int8 1"])
        #expect(dataSource.cachedLength(of: AnyHashable(Int8(1))) == 2)
        #expect(list.problems == [])
    }

    @Test("slices and plugins read the new value", arguments: HostKind.allCases)
    func consumers(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        var selected: [String] = []
        try screen.dataSource.attach(
            SelectionPlugin().on(AnyHashable.self) { item, _ in selected.append("\(type(of: item.base)) \(item)") })
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), 1]))
        let slice = try screen.dataSource.makeSlice(in: .main, range: 0..<2)
        try screen.dataSource.apply(makeSnapshot([Plain(name: "a"), Int8(1)]))
        #expect(try slice.items.map { "\(type(of: $0.base))" } == ["Plain", "Int8"])
        screen.list.select(ListIndexPath(item: 1, section: 0))
        #expect(selected == ["Int8 1"])
    }

    @Test("a reconfigure mark on an item that changes type becomes a reload", arguments: HostKind.allCases)
    func markedTwin(kind: HostKind) throws {
        let screen = TwinScreen(kind)
        try screen.dataSource.apply(makeSnapshot([1, 2]))
        var next = try makeSnapshot([Int8(1), 2])
        try next.reconfigureItems([Int8(1), 2])
        try screen.dataSource.apply(next)
        // The UIKit hosts reconfigure after the batch, as UIKit does: two entries there.
        let log = screen.list.updateLog.suffix(kind == .text ? 1 : 2).joined(separator: "; ")
        #expect(log == "reload 0.0; reconfigure 0.1")
        #expect(screen.lines == ["int8 1", "int 2"])
    }

    // MARK: What it costs

    @Test(
        "the diff looks for type changes only while the list may show a type whose values meet another's",
        arguments: HostKind.allCases)
    func looksOnlyWhenNeeded(kind: HostKind) async throws {
        let screen = TwinScreen(kind)
        let dataSource = screen.dataSource
        try screen.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(!dataSource._mayShowSharedIdentifiers)
        try screen.apply(makeSnapshot([Plain(name: "a"), 1]))
        #expect(dataSource._mayShowSharedIdentifiers)
        // An animated apply checks only the items it adds: it cannot tell the Int left.
        try screen.apply(makeSnapshot([Plain(name: "a")]))
        #expect(dataSource._mayShowSharedIdentifiers)
        // A check of every item type tells.
        try screen.apply(makeSnapshot([Plain(name: "a")]), animated: false)
        #expect(!dataSource._mayShowSharedIdentifiers)
        try await dataSource.apply(makeSnapshot([Plain(name: "a"), Cat("tom")]))
        #expect(dataSource._mayShowSharedIdentifiers)
        // An animated `await apply` performed from the snapshot it diffed against checks only the items
        // it adds too (as the synchronous one); an unanimated one reads every item type, off the main actor.
        try await dataSource.apply(makeSnapshot([Plain(name: "b")]))
        #expect(dataSource._mayShowSharedIdentifiers)
        try await dataSource.apply(makeSnapshot([Plain(name: "b")]), animatingDifferences: false)
        #expect(!dataSource._mayShowSharedIdentifiers)
    }

    @Test("which types share identifiers: classes, and types with their own AnyHashable representation")
    func sharingTypes() {
        for type: Any.Type in [Int.self, Int8.self, Double.self, [Int].self, Set<Int>.self, [Int: Int].self, Cat.self] {
            #expect(ItemTypeScan.sharesIdentifiers(type), "\(type)")
        }
        for type: Any.Type in [Plain.self, Tile.self, String.self, Section.self, Int?.self] {
            #expect(!ItemTypeScan.sharesIdentifiers(type), "\(type)")
        }
    }

    @Test("Changeset reloads an item whose value changed type only when asked to")
    func changeset() throws {
        let old = try makeSnapshot([1, 2, 3])
        let inPlace = try makeSnapshot([1, Int8(2), 3])
        #expect(Changeset(from: old, to: inPlace).isEmpty)
        #expect(Changeset(from: old, to: inPlace, reloadingTypeChanges: false).isEmpty)
        let reloads = Changeset(from: old, to: inPlace, reloadingTypeChanges: true)
        #expect(reloads.stages.map(\.batch.description) == ["reload 0.1"])
        #expect(reloads.stages.last?.snapshot.itemIdentifiers.map { "\(type(of: $0.base))" } == ["Int", "Int8", "Int"])
        // With other changes around it (not the identical-content path).
        let moved = try makeSnapshot([3, 4, 1, Int8(2)])
        let staged = Changeset(from: old, to: moved, reloadingTypeChanges: true)
        #expect(staged.stages.contains { $0.batch.reloadedItems == [ListIndexPath(item: 1, section: 0)] })
        #expect(try old.applying(staged) == moved)
        #expect(
            staged.stages.last?.snapshot.itemIdentifiers.map { "\(type(of: $0.base))" } == [
                "Int", "Int", "Int", "Int8",
            ])
    }
}
