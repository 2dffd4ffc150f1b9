#if !canImport(UIKit)
@_spi(ListHost) @testable import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import SeededRandom
import Testing
@_spi(Simulation) import UIKitStandIn

// Keeping the first visible item in place on the UIKit hosts: the list view is laid out once, at the new
// content offset, so only rows whose visibility changed get display events and no row that stays visible is
// configured again (TextListView behaves the same way: TextListViewAnchorTests).

@MainActor
@Suite("UIKit hosts: keeping the first visible item in place")
struct AnchoringTests {
    /// A host showing `names` with label cells that count their configurations per item, scrolled to `line`,
    /// with the events recorded from there on.
    private func scrolledHost(_ kind: HostKind, names: [String], height: Int, line: Int) throws -> (
        harness: any UIKitHostUnderTest, dataSource: UniversalDataSource<Section>,
        configured: Ref<[String: Int]>, events: Ref<[String]>
    ) {
        let harness = try uikitHarness(kind, height: height)
        let dataSource = harness.makeDataSource()
        let configured = Ref<[String: Int]>([:])
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in
            configured.value[plain.name, default: 0] += 1
            return plain.name
        }
        try dataSource.apply(makeSnapshot(names.map { Plain(name: $0) }))
        _ = harness.render()
        harness.scroll(toLine: line)
        _ = harness.render()
        configured.value = [:]
        return (harness, dataSource, configured, recordEvents(dataSource))
    }

    @Test(
        "an anchored insert or delete above the viewport scrolls with it: one didScroll, no visible row configured",
        arguments: uikitHostKinds, [true, false])
    func anchoredInsertOrDelete(kind: HostKind, inserts: Bool) throws {
        let names = (0..<20).map { "n\($0)" }
        // The repro: rows n5-n9 in view, three rows inserted before n0 (or n0-n2 deleted).
        let (harness, dataSource, configured, events) = try scrolledHost(kind, names: names, height: 5, line: 5)
        harness.keepsFirstVisibleItemAnchored = true
        #expect(harness.render() == ["n5", "n6", "n7", "n8", "n9"])
        let changed = inserts ? ["a", "b", "c"] + names : Array(names.dropFirst(3))
        try dataSource.apply(makeSnapshot(changed.map { Plain(name: $0) }))
        #expect(harness.render() == ["n5", "n6", "n7", "n8", "n9"])
        #expect(events.value == ["didScroll \(harness.topLine)"])
        #expect(configured.value == [:])
        #expect(harness.problems == [])
    }

    @Test(
        "a row above the viewport that grows keeps the first visible row in place, with no display event",
        arguments: sizedUIKitHostKinds)
    func resizeAbove(kind: HostKind) throws {
        let harness = try uikitHarness(kind, height: 5)
        let dataSource = harness.makeDataSource()
        let texts = Ref<[String: String]>([:])
        let configured = Ref<[String: Int]>([:])
        harness.registerLabel(dataSource, for: Plain.self, sizing: .automatic) { _, plain in
            configured.value[plain.name, default: 0] += 1
            return texts.value[plain.name] ?? plain.name
        }
        let names = (0..<20).map { "n\($0)" }
        try dataSource.apply(makeSnapshot(names.map { Plain(name: $0) }))
        harness.scroll(toLine: 5)
        #expect(harness.render() == ["n5", "n6", "n7", "n8", "n9"])
        let events = recordEvents(dataSource)
        configured.value = [:]
        texts.value["n2"] = "n2\nmore\nmore"
        dataSource.invalidateSize(of: Plain(name: "n2"))
        dataSource.updateSizesIfNeeded()
        #expect(harness.render() == ["n5", "n6", "n7", "n8", "n9"])
        #expect(harness.topLine == 7)
        #expect(events.value == ["didScroll 7"])
        #expect(configured.value.keys.allSatisfy { $0 == "n2" })
        #expect(harness.problems == [])
    }

    @Test(
        "random anchored applies: display events exactly for the rows whose visibility changed, the first kept in place",
        arguments: [1, 2, 3, 4] as [UInt64])
    func randomAnchoredApplies(seed: UInt64) throws {
        for kind in sizedUIKitHostKinds { try runAnchoredSequence(kind, seed: seed) }
    }

    private func runAnchoredSequence(_ kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        var sections: [Section: [String]] = [.main: (0..<20).map { "m\($0)" }, .more: (0..<10).map { "x\($0)" }]
        func snapshot() throws -> Snapshot<Section, AnyHashable> {
            var new = Snapshot<Section, AnyHashable>()
            for section in [Section.main, .more] where !sections[section]!.isEmpty {
                try new.appendSections([section])
                try new.appendItems(sections[section]!.map { Plain(name: $0) }, toSection: section)
            }
            return new
        }
        let harness = try uikitHarness(kind, height: 6)
        let dataSource = harness.makeDataSource()
        let configured = Ref<[String]>([])
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in
            configured.value.append(plain.name)
            return plain.name
        }
        harness.keepsFirstVisibleItemAnchored = true
        try dataSource.apply(snapshot())
        harness.scroll(toLine: 8)
        _ = harness.render()
        var nextID = 0
        // 40 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for step in 0..<SeededRuns.length(40, minimum: 6) {
            let visibleBefore = visibleNames(harness, dataSource)
            let edgesBefore = edges(dataSource.snapshot())
            let tops = Dictionary(
                uniqueKeysWithValues: visibleBefore.compactMap { name in
                    dataSource.snapshot().indexPath(of: Plain(name: name)).flatMap { path in
                        harness.listView._top(of: path.indexPath).map { (name, Int($0) - harness.topLine) }
                    }
                })
            let events = recordEvents(dataSource)
            configured.value = []
            // Delete, insert and move rows anywhere (above the viewport too); a section may empty or come back.
            let section: Section = draw(3) == 0 ? .more : .main
            var items = sections[section]!
            for _ in 0..<draw(4) where !items.isEmpty { items.remove(at: draw(items.count)) }
            for _ in 0..<draw(6) {
                nextID += 1
                items.insert("i\(nextID)", at: draw(items.count + 1))
            }
            if draw(3) == 0, items.count > 1 {
                items.insert(items.remove(at: draw(items.count)), at: draw(items.count))
            }
            sections[section] = items
            try dataSource.apply(snapshot())
            _ = harness.render()
            let visibleAfter = visibleNames(harness, dataSource)
            let shown = events.value.compactMap { name(of: $0, prefix: "willDisplay ") }
            let ended = events.value.compactMap { name(of: $0, prefix: "didEndDisplaying ") }
            let context = "\(kind) seed \(seed) step \(step)"
            #expect(Set(shown) == Set(visibleAfter).subtracting(visibleBefore), "\(context)")
            #expect(Set(ended) == Set(visibleBefore).subtracting(visibleAfter), "\(context)")
            #expect(shown.count == Set(shown).count && ended.count == Set(ended).count, "\(context)")
            // A row that stays in view is configured again only when its place in its section (first, last)
            // changed: the label reads its cell context.
            let edgesAfter = edges(dataSource.snapshot())
            let moved = Set(visibleAfter).filter { edgesBefore[$0] != edgesAfter[$0] }
            #expect(
                Set(configured.value).isSubset(of: Set(visibleAfter).subtracting(visibleBefore).union(moved)),
                "\(context)")
            // The first row visible before that is still there is where it was in the viewport, unless the
            // content ends first.
            if let first = visibleBefore.first(where: { name in sections.values.contains { $0.contains(name) } }),
                let path = dataSource.snapshot().indexPath(of: Plain(name: first)),
                let top = harness.listView._top(of: path.indexPath), harness.topLine > 0,
                harness.topLine + 6 < harness.contentHeight
            {
                #expect(Int(top) - harness.topLine == tops[first], "\(context)")
            }
            if draw(4) == 0 {
                harness.scroll(toLine: draw(30))
                _ = harness.render()
            }
        }
        #expect(harness.problems == [])
    }

    private func visibleNames(_ harness: any UIKitHostUnderTest, _ dataSource: UniversalDataSource<Section>) -> [String]
    {
        harness.host.indexPathsForVisibleItems.compactMap {
            (dataSource.snapshot().itemIdentifier(at: $0)?.base as? Plain)?.name
        }
    }

    /// Whether each item is first and last in its section.
    private func edges(_ snapshot: Snapshot<Section, AnyHashable>) -> [String: [Bool]] {
        var edges: [String: [Bool]] = [:]
        for section in snapshot.sectionIdentifiers {
            let items = snapshot.itemIdentifiers(inSection: section) ?? []
            for (index, item) in items.enumerated() {
                if let plain = item.base as? Plain { edges[plain.name] = [index == 0, index == items.count - 1] }
            }
        }
        return edges
    }

    private func name(of event: String, prefix: String) -> String? {
        guard event.hasPrefix(prefix) else { return nil }
        return String(event.dropFirst(prefix.count).prefix { $0 != " " })
    }

    @Test(
        "top pagination loads one page per scroll to the top, keeping the first row in place", arguments: everyHostKind)
    func topPaginationOnePagePerScroll(kind: HostKind) throws {
        let harness = kind.make(height: 5)
        let dataSource = harness.makeDataSource(Section.self)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        harness.keepsFirstVisibleItemAnchored = true
        let first = Ref(100)
        let loads = Ref(0)
        let pagination = Ref<PaginationPlugin?>(nil)
        pagination.value = PaginationPlugin(edge: .top) { [unowned dataSource, unowned pagination] token in
            loads.value += 1
            first.value -= 10
            try? dataSource.apply(makeSnapshot((first.value..<110).map { Plain(name: "\($0)") }))
            pagination.value?.finish(token, hasMore: first.value > 0)
        }
        try dataSource.attach(pagination.value!)
        try dataSource.apply(makeSnapshot((100..<110).map { Plain(name: "\($0)") }))
        harness.scroll(toLine: 5)
        _ = harness.render()
        let loadsBefore = loads.value
        harness.scroll(toLine: 0)
        _ = harness.render()
        #expect(loads.value == loadsBefore + 1)
        // The row that was on top stays on top, below the page loaded above it.
        #expect(harness.render().first == "\(first.value + 10)")
        // A list layout lays the rows loaded above out at its estimate: only its first row is checked.
        if kind.takesItemSizes { #expect(harness.topLine == 10) }
        #expect(harness.problems == [])
    }
}
#endif
