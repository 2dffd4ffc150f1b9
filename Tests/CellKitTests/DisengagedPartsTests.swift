@_spi(Testing) @testable import CellKit
import DiffableStore
import HostHarness
import Testing

// An apply asks a part (outlines, plugins, slices, sizes, carousel offsets, the `id` index) only while the
// part holds something to act on. Each test here runs many applies while a part is unused, then starts using
// it: a skip that misread "unused" would leave the part behind, and the test would see it.

/// A row with a calculated size.
private struct Sized: Hashable {
    var name: String
}

/// A plugin that adds a footer row to `.main`, and logs the hooks it hears.
@MainActor
private final class FooterPlugin: ListPlugin {
    var decorations = 0
    var events: [ListHostEvent] = []
    var didApplies = 0
    func decorate(_ snapshot: inout ItemEdits, in context: ListPluginContext) {
        decorations += 1
        try? snapshot.delete([Plain(name: "footer")])
        try? snapshot.append([Plain(name: "footer")])
    }
    func handle(_ event: ListHostEvent, in context: ListPluginContext) { events.append(event) }
    func didApply(in context: ListPluginContext) { didApplies += 1 }
}

@MainActor
@Suite("Parts an apply asks only when engaged")
struct DisengagedPartsTests {
    private func plains(_ count: Int, from first: Int = 0) -> [AnyHashable] {
        (first..<first + count).map { Plain(name: "p\($0)") }
    }

    /// A hundred animated applies of a few plain rows, with none of the parts in use.
    private func hundredApplies(_ dataSource: UniversalDataSource<Section>) throws {
        for step in 0..<100 {
            try dataSource.apply(makeSnapshot(plains(step % 5 + 1, from: step % 3)))
            #expect(dataSource._checkInvariants() == [])
        }
    }

    @Test(
        "an outline shown after 100 applies keeps its section's rows through the next apply",
        arguments: HostKind.allCases)
    func outlineAfterApplies(kind: HostKind) throws {
        let (harness, dataSource) = makePlainList(kind, height: 8)
        try hundredApplies(dataSource)
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append([Plain(name: "parent")])
        try outline.append([Plain(name: "child")], to: Plain(name: "parent"))
        try outline.expand([Plain(name: "parent")])
        try dataSource.apply(outline, to: .main)
        // An apply that leaves the outline section empty keeps its visible rows (the outline part is asked).
        try dataSource.apply(makeSnapshot([(.main, []), (.more, [Plain(name: "m")])]))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: .main) == outline.visibleItems)
        // One that changes them is refused.
        #expect(throws: DataSourceError.outlineSectionChanged(section: String(reflecting: Section.main))) {
            try dataSource.apply(makeSnapshot([(.main, [Plain(name: "other")])]))
        }
        #expect(dataSource._checkInvariants() == [])
        #expect(harness.problems == [])
    }

    @Test("a plugin attached after 100 applies decorates, hears events and didApply", arguments: HostKind.allCases)
    func pluginAfterApplies(kind: HostKind) throws {
        let (harness, dataSource) = makePlainList(kind, height: 8)
        try hundredApplies(dataSource)
        let plugin = FooterPlugin()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot(plains(2)))
        #expect(plugin.decorations == 1)
        #expect(dataSource.snapshot().itemIdentifiers == plains(2) + [Plain(name: "footer")])
        #expect(plugin.didApplies == 1)
        #expect(plugin.events.contains { if case .willDisplay = $0 { true } else { false } })
        #expect(dataSource._checkInvariants() == [])
        #expect(harness.problems == [])
    }

    @Test("a slice made after 100 applies follows the next apply", arguments: HostKind.allCases)
    func sliceAfterApplies(kind: HostKind) throws {
        let (harness, dataSource) = makePlainList(kind, height: 8)
        try hundredApplies(dataSource)
        try dataSource.apply(makeSnapshot(plains(4)))
        let slice = try dataSource.makeSlice(in: .main, range: 2..<4)
        try dataSource.apply(makeSnapshot([Plain(name: "new")] + plains(4)))
        #expect(try slice.range == 3..<5)
        #expect(try slice.items == Array(plains(4)[2..<4]))
        #expect(dataSource._checkInvariants() == [])
        #expect(harness.problems == [])
    }

    @Test("an apply inside a batch of slice edits is noticed though no slice exists")
    func applyInsideSliceEditsWithoutSlices() throws {
        let (_, dataSource) = makePlainList(.text, height: 8)
        try hundredApplies(dataSource)
        struct Abandon: Error {}
        let version = dataSource.sliceTable.modelVersion
        // Abandoned by a throw: a batch that returned would trap on the apply made inside it.
        #expect(throws: Abandon.self) {
            try dataSource.performSliceEdits {
                try dataSource.apply(makeSnapshot(plains(1)))
                throw Abandon()
            }
        }
        #expect(dataSource.sliceTable.modelVersion != version)
    }

    @Test(
        "a sizing registered after 100 applies: a reloaded item is measured again", arguments: HostKind.takingItemSizes)
    func sizingAfterApplies(kind: HostKind) throws {
        let (harness, dataSource) = makePlainList(kind, height: 8)
        try hundredApplies(dataSource)
        let calculations = Ref(0)
        harness.registerLabel(
            dataSource, for: Sized.self,
            sizing: .calculated { _, _ in
                calculations.value += 1
                return 1
            }
        ) { _, sized in "[sized] \(sized.name)" }
        let items: [AnyHashable] = (0..<3).map { Sized(name: "s\($0)") }
        try dataSource.apply(makeSnapshot(items))
        _ = harness.screen()
        let measured = calculations.value
        #expect(measured >= 3)
        var reload = dataSource.snapshot()
        try reload.reloadItems([Sized(name: "s1")])
        try dataSource.apply(reload)
        _ = harness.screen()
        // The reloaded row's size was forgotten by the apply: calculated again, the others not.
        #expect(calculations.value == measured + 1)
        #expect(dataSource._checkInvariants() == [])
        #expect(harness.problems == [])
    }

    @Test("a carousel offset set after 100 applies is dropped when an apply deletes its section")
    func carouselOffsetAfterApplies() throws {
        let (_, dataSource) = makePlainList(.text, height: 8)
        try hundredApplies(dataSource)
        try dataSource.apply(makeSnapshot([(.main, plains(2)), (.more, plains(2, from: 5))]))
        dataSource.setCarouselOffset(7, of: .more)
        try dataSource.apply(makeSnapshot([(.main, plains(2))]))
        #expect(dataSource.carouselOffset(of: .more) == 0)
        try dataSource.apply(makeSnapshot([(.main, plains(2)), (.more, plains(2, from: 5))]))
        #expect(dataSource.carouselOffset(of: .more) == 0)
    }

    @Test("Identifiable items first shown after 100 applies are checked for shared ids", arguments: HostKind.allCases)
    func identifiableAfterApplies(kind: HostKind) throws {
        let (harness, dataSource) = makePlainList(kind, height: 8)
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        try hundredApplies(dataSource)
        // The first tile, inserted by a diff into a list with no `id` index: the next apply that inserts a
        // tile with its id is refused.
        try dataSource.apply(makeSnapshot(plains(2) + [Tile(id: 1, title: "a")]))
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(makeSnapshot(plains(2) + [Tile(id: 1, title: "a"), Tile(id: 1, title: "b")]))
        }
        // In an inserted section too.
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(
                makeSnapshot([(.main, plains(2) + [Tile(id: 1, title: "a")]), (.more, [Tile(id: 1, title: "c")])]))
        }
        #expect(dataSource.snapshot().itemIdentifiers == plains(2) + [Tile(id: 1, title: "a")])
        #expect(dataSource._checkInvariants() == [])
        #expect(harness.problems == [])
    }

    @Test("a tile inserted with a section into a plain list, then a second with its id, is refused")
    func identifiableInInsertedSection() throws {
        let (harness, dataSource) = makePlainList(.text, height: 8)
        harness.registerLabel(dataSource, for: Tile.self) { _, tile in "[tile] \(tile.title)" }
        try hundredApplies(dataSource)
        try dataSource.apply(makeSnapshot([(.main, plains(2)), (.more, [Tile(id: 4, title: "a")])]))
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(
                makeSnapshot([(.main, plains(2) + [Tile(id: 4, title: "b")]), (.more, [Tile(id: 4, title: "a")])]))
        }
        #expect(dataSource._checkInvariants() == [])
    }
}
