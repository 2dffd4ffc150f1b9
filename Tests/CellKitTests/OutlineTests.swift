@_spi(Testing) @_spi(ListHost) @testable import CellKit
import CellKitPlugins
import CellKitText
@_spi(Testing) import DiffableStore
import Foundation
import HostHarness
import Testing

/// An item of an outline test (errors name it by its description).
struct OutlineNode: Hashable, CustomStringConvertible {
    var name: String
    var description: String { name }
}

/// A list with an outline section "tree" and a flat section "flat", on a host of a kind; rows draw their
/// level and expansion.
@MainActor
struct OutlineScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<String>

    init(_ kind: HostKind, height: Int = 8) {
        harness = kind.make(width: 20, height: height)
        dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: OutlineNode.self) { context, node in
            String(repeating: "  ", count: context.level) + (context.isExpanded ? "- " : "+ ") + node.name
        }
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "* " + plain.name }
    }

    /// Applies sections "tree" (empty) and "flat" with the given items.
    func start(flat: [String] = []) throws {
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["tree", "flat"])
        try snapshot.appendItems(flat.map { Plain(name: $0) }, toSection: "flat")
        try dataSource.apply(snapshot)
    }

    /// The rows shown (every row: the content fits the viewport).
    var lines: [String] { harness.render() }
    /// What the host was told (`HostHarness.updates`).
    var updates: [String] { harness.updates }
    /// What UIKit would have raised.
    var problems: [String] { harness.problems }
}

func node(_ name: String) -> AnyHashable { AnyHashable(OutlineNode(name: name)) }

/// A▸(B, C▸(D)): A expanded, C collapsed.
func sampleOutline() throws -> SectionSnapshot<AnyHashable> {
    var outline = SectionSnapshot<AnyHashable>()
    try outline.append([node("A")])
    try outline.append([node("B"), node("C")], to: node("A"))
    try outline.append([node("D")], to: node("C"))
    try outline.expand([node("A")])
    try outline.collapse([node("C")])
    return outline
}

@MainActor
@Suite("Outline sections")
struct OutlineTests {
    @Test(
        "the host shows the visible items, indented by level; expanding C inserts D right after C in one batch",
        arguments: HostKind.allCases)
    func visibleItemsAndExpand(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try dataSource.apply(sampleOutline(), to: "tree")
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "tree") == [node("A"), node("B"), node("C")])
        let updates = screen.updates.count
        try dataSource.expand(node("C"))
        #expect(screen.updates.count == updates + 2)
        #expect(screen.updates.suffix(2) == ["insert 0.3", "reconfigure 0.2"])
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D", "* x"])
        #expect(dataSource.isExpanded(node("C")))
        #expect(dataSource.sectionSnapshot(for: "tree")?.isExpanded(node("C")) == true)
        #expect(screen.problems == [])
    }

    @Test(
        "collapsing A deletes its whole visible subtree in one batch; expanding it shows C expanded again",
        arguments: HostKind.allCases)
    func collapseKeepsNestedState(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        var outline = try sampleOutline()
        try outline.expand([node("C")])
        try dataSource.apply(outline, to: "tree")
        try dataSource.collapse(node("A"))
        #expect(screen.updates.suffix(2) == ["delete 0.1, 0.2, 0.3", "reconfigure 0.0"])
        #expect(screen.lines == ["+ A"])
        try dataSource.expand(node("A"))
        #expect(screen.updates.suffix(2) == ["insert 0.1, 0.2, 0.3", "reconfigure 0.0"])
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D"])
        #expect(screen.problems == [])
    }

    @Test(
        "a section snapshot that deletes C deletes D with it; one that moves B up a level reconfigures B",
        arguments: HostKind.allCases)
    func structuralEdits(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        var outline = try sampleOutline()
        try outline.expand([node("C")])
        try dataSource.apply(outline, to: "tree")
        try outline.delete([node("C")])
        try dataSource.apply(outline, to: "tree")
        // (B, now the last row, is configured again for its new position.)
        #expect(screen.updates.suffix(2) == ["delete 0.2, 0.3", "reconfigure 0.1"])
        #expect(screen.lines == ["- A", "  + B"])
        // B becomes a root after A: same row, new level.
        try outline.delete([node("B")])
        try outline.append([node("B")])
        try dataSource.apply(outline, to: "tree")
        #expect(screen.lines == ["- A", "+ B"])
        #expect(screen.updates.last == "reconfigure 0.1")
        #expect(screen.problems == [])
    }

    @Test(
        "shouldExpand returning false vetoes: no batch, willExpand not told; shouldCollapse vetoes the same way",
        arguments: HostKind.allCases)
    func vetoes(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        try dataSource.apply(sampleOutline(), to: "tree")
        let told = Ref<[String]>([])
        dataSource.sectionSnapshotHandlers.shouldExpand = { item in
            told.value.append("should expand \(item)")
            return item != node("C")
        }
        dataSource.sectionSnapshotHandlers.willExpand = { told.value.append("will expand \($0)") }
        dataSource.sectionSnapshotHandlers.shouldCollapse = { _ in false }
        dataSource.sectionSnapshotHandlers.willCollapse = { told.value.append("will collapse \($0)") }
        let log = screen.updates
        try dataSource.expand(node("C"))
        try dataSource.collapse(node("A"))
        #expect(screen.updates == log)
        #expect(told.value == ["should expand C"])
        #expect(!dataSource.isExpanded(node("C")))
        #expect(dataSource.isExpanded(node("A")))
        #expect(screen.lines == ["- A", "  + B", "  + C"])
        // Expanding an expanded item, or collapsing a collapsed one, asks nobody and changes nothing.
        try dataSource.expand(node("A"))
        #expect(told.value == ["should expand C"])
        #expect(screen.updates == log)
        #expect(screen.problems == [])
    }

    @Test(
        "willExpand and willCollapse are told before the change, while the list still shows the old state",
        arguments: HostKind.allCases)
    func willHandlers(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        try dataSource.apply(sampleOutline(), to: "tree")
        let told = Ref<[String]>([])
        dataSource.sectionSnapshotHandlers.willExpand = { [unowned dataSource] item in
            told.value.append("will expand \(item), rows \(dataSource.snapshot().numberOfItems)")
        }
        dataSource.sectionSnapshotHandlers.willCollapse = { [unowned dataSource] item in
            told.value.append("will collapse \(item), rows \(dataSource.snapshot().numberOfItems)")
        }
        try dataSource.expand(node("C"))
        try dataSource.collapse(node("A"))
        #expect(told.value == ["will expand C, rows 3", "will collapse A, rows 4"])
        #expect(screen.problems == [])
    }

    @Test(
        "snapshotForExpandingParent supplies 2 children lazily: they appear right after the parent",
        arguments: HostKind.allCases)
    func lazyChildren(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append([node("P"), node("Q")])
        try dataSource.apply(outline, to: "tree")
        let asked = Ref<[[AnyHashable]]>([])
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
            asked.value.append(children.items)
            guard children.count == 0 else { return children }
            var loaded = SectionSnapshot<AnyHashable>()
            try? loaded.append([node("\(parent)1"), node("\(parent)2")])
            return loaded
        }
        try dataSource.expand(node("P"))
        #expect(screen.updates.suffix(2) == ["insert 0.1, 0.2", "reconfigure 0.0"])
        #expect(screen.lines == ["- P", "  + P1", "  + P2", "+ Q", "* x"])
        #expect(dataSource.sectionSnapshot(for: "tree")?.children(of: node("P")) == [node("P1"), node("P2")])
        // Collapsed and expanded again: the provider is given the children it supplied, and keeps them.
        try dataSource.collapse(node("P"))
        try dataSource.expand(node("P"))
        #expect(asked.value == [[], [node("P1"), node("P2")]])
        #expect(screen.lines == ["- P", "  + P1", "  + P2", "+ Q", "* x"])
        #expect(screen.problems == [])
    }

    @Test(
        "snapshotForExpandingParent is asked on every expand, not only the first, with the children the item has",
        arguments: HostKind.allCases)
    func childrenProviderAskedOnEveryExpand(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append([node("P")])
        try outline.append([node("P1")], to: node("P"))
        try dataSource.apply(outline, to: "tree")
        let asked = Ref<[[AnyHashable]]>([])
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, children in
            asked.value.append(children.items)
            return children
        }
        for _ in 0..<3 {
            try dataSource.expand(node("P"))
            try dataSource.collapse(node("P"))
        }
        try dataSource.expand(node("P"))
        try dataSource.expand(node("P"))  // expanded already: left alone, nothing asked
        #expect(asked.value == Array(repeating: [node("P1")], count: 4))
        #expect(screen.problems == [])
    }

    @Test("supplied children already in the data source are refused: nothing changes", arguments: HostKind.allCases)
    func lazyChildrenDuplicate(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append([node("P"), node("Q")])
        try dataSource.apply(outline, to: "tree")
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, _ in
            var loaded = SectionSnapshot<AnyHashable>()
            try? loaded.append(parent == node("P") ? [node("Q")] : [AnyHashable(Plain(name: "x"))])
            return loaded
        }
        let log = screen.updates
        #expect(throws: OutlineError.sectionSnapshot(SectionSnapshotError(.duplicateItem, identifier: node("Q")))) {
            try dataSource.expand(node("P"))
        }
        #expect(throws: OutlineError.duplicateItem(item: #"CellKitTests.Plain(name: "x")"#, section: #""flat""#)) {
            try dataSource.expand(node("Q"))
        }
        #expect(screen.updates == log)
        #expect(!dataSource.isExpanded(node("P")) && !dataSource.isExpanded(node("Q")))
        #expect(screen.problems == [])
    }

    @Test(
        "expansion survives a rebuilt section snapshot that does not state it, and follows one that does",
        arguments: HostKind.allCases)
    func expansionPreserved(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        try dataSource.apply(sampleOutline(), to: "tree")
        try dataSource.expand(node("C"))
        // Rebuilt from the model: no expansion stated anywhere.
        func rebuilt() throws -> SectionSnapshot<AnyHashable> {
            var outline = SectionSnapshot<AnyHashable>()
            try outline.append([node("A")])
            try outline.append([node("B"), node("C")], to: node("A"))
            try outline.append([node("D")], to: node("C"))
            return outline
        }
        let log = screen.updates
        try dataSource.apply(rebuilt(), to: "tree")
        #expect(screen.updates == log)  // nothing changed
        #expect(dataSource.isExpanded(node("A")) && dataSource.isExpanded(node("C")))
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D"])
        #expect(dataSource.sectionSnapshot(for: "tree")?.statedExpansion(of: node("C")) == true)
        // Restated: collapsed.
        var restated = try rebuilt()
        try restated.collapse([node("A")])
        try dataSource.apply(restated, to: "tree")
        #expect(screen.lines == ["+ A"])
        // C is remembered even while it is out of the outline, and comes back expanded.
        var without = SectionSnapshot<AnyHashable>()
        try without.append([node("A")])
        try dataSource.apply(without, to: "tree")
        try dataSource.apply(rebuilt(), to: "tree")
        try dataSource.expand(node("A"))
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D"])
        #expect(screen.problems == [])
    }

    @Test(
        "a whole snapshot keeps an outline section left as shown or empty, and refuses one that changes it",
        arguments: HostKind.allCases)
    func wholeSnapshots(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try dataSource.apply(sampleOutline(), to: "tree")
        // Left as shown, another section edited: kept.
        var snapshot = dataSource.snapshot()
        try snapshot.appendItems([Plain(name: "y")], toSection: "flat")
        try dataSource.apply(snapshot)
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x", "* y"])
        // Rebuilt with the outline section empty: the outline fills it in, nothing moves.
        var rebuilt = Snapshot<String, AnyHashable>()
        try rebuilt.appendSections(["flat", "tree"])
        try rebuilt.appendItems([Plain(name: "x"), Plain(name: "y")], toSection: "flat")
        try dataSource.apply(rebuilt)
        #expect(screen.lines == ["* x", "* y", "- A", "  + B", "  + C"])
        try dataSource.expand(node("C"))
        #expect(screen.lines == ["* x", "* y", "- A", "  + B", "  - C", "    + D"])
        // Changing the outline section's items: refused, naming it.
        let before = dataSource.snapshot()
        var changed = before
        try changed.deleteItems([node("B")])
        #expect(throws: DataSourceError.outlineSectionChanged(section: #""tree""#)) { try dataSource.apply(changed) }
        // Putting an outline's item (D is shown, B hidden under a collapsed A later) into another section: refused.
        try dataSource.collapse(node("A"))
        let shown = dataSource.snapshot()
        var moved = shown
        try moved.appendItems([node("B")], toSection: "flat")
        #expect(throws: DataSourceError.itemInOutline(item: "B", section: #""tree""#)) {
            try dataSource.apply(moved)
        }
        #expect(dataSource.snapshot() == shown)
        #expect(screen.lines == ["* x", "* y", "+ A"])
        // Deleting the section ends the outline: the items may go elsewhere.
        var deleted = dataSource.snapshot()
        try deleted.deleteSections(["tree"])
        try dataSource.apply(deleted)
        #expect(dataSource.sectionSnapshot(for: "tree") == nil)
        #expect(!dataSource.isExpanded(node("A")))
        var elsewhere = dataSource.snapshot()
        try elsewhere.appendItems([node("B")], toSection: "flat")
        try dataSource.apply(elsewhere)
        #expect(screen.lines == ["* x", "* y", "+ B"])
        #expect(screen.problems == [])
    }

    @Test(
        "an item (hidden ones too) in another section, a missing section, an unknown item: typed errors, nothing changes",
        arguments: HostKind.allCases)
    func errors(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try dataSource.apply(sampleOutline(), to: "tree")
        let log = screen.updates
        var clash = try sampleOutline()
        try clash.append([AnyHashable(Plain(name: "x"))], to: node("C"))  // hidden: C is collapsed
        #expect(throws: OutlineError.duplicateItem(item: #"CellKitTests.Plain(name: "x")"#, section: #""flat""#)) {
            try dataSource.apply(clash, to: "tree")
        }
        #expect(throws: OutlineError.sectionNotFound(section: #""nowhere""#)) {
            try dataSource.apply(sampleOutline(), to: "nowhere")
        }
        #expect(throws: OutlineError.itemNotFound(item: #"CellKitTests.Plain(name: "x")"#)) {
            try dataSource.expand(AnyHashable(Plain(name: "x")))
        }
        // A hidden item of one outline section cannot be in another outline section.
        var other = SectionSnapshot<AnyHashable>()
        try other.append([node("D")])
        #expect(throws: OutlineError.duplicateItem(item: "D", section: #""tree""#)) {
            try dataSource.apply(other, to: "flat")
        }
        // An item type with no registration.
        var unregistered = try sampleOutline()
        try unregistered.append([AnyHashable(7)])
        #expect(throws: OutlineError.self) { try dataSource.apply(unregistered, to: "tree") }
        #expect(screen.updates == log)
        #expect(dataSource.sectionSnapshot(for: "tree") == (try sampleOutline()).resolved())
        #expect(dataSource.sectionSnapshot(for: "flat")?.rootItems == [AnyHashable(Plain(name: "x"))])
        #expect(
            "\(OutlineError.foldingConflict(section: "\"tree\"", item: "A"))"
                == "item A of outline section \"tree\" is folded by a FoldingPlugin: use an outline or the plugin for a section, not both"
        )
        #expect(screen.problems == [])
    }

    @Test("a FoldingPlugin and an outline refuse to share a section, naming it", arguments: HostKind.allCases)
    func foldingConflict(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        let errors = Ref<[String]>([])
        let folding = FoldingPlugin { item in
            (item.base as? OutlineNode).map { [AnyHashable(Plain(name: "child of \($0.name)"))] }
        }
        folding.onError = { errors.value.append("\($0)") }
        try dataSource.attach(folding)
        #expect(throws: OutlineError.foldingConflict(section: #""tree""#, item: "A")) {
            try dataSource.apply(sampleOutline(), to: "tree")
        }
        try dataSource.detach(folding)
        try dataSource.apply(sampleOutline(), to: "tree")
        // Attached after the outline: a tap the plugin would fold is refused, and nothing changes.
        let again = FoldingPlugin { item in
            (item.base as? OutlineNode).map { [AnyHashable(Plain(name: "child of \($0.name)"))] }
        }
        again.onError = { errors.value.append("\($0)") }
        try dataSource.attach(again)
        screen.harness.select(ListIndexPath(item: 1, section: 0))
        #expect(errors.value == ["\(DataSourceError.outlineSectionChanged(section: #""tree""#))"])
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        #expect(again.expandedItems.isEmpty)
        // Items the plugin shows as folded children cannot join an outline either.
        try dataSource.detach(again)
        let plain = FoldingPlugin { item in (item.base as? Plain)?.name == "x" ? [AnyHashable(Plain(name: "x1"))] : nil
        }
        try dataSource.attach(plain)
        try plain.expand(AnyHashable(Plain(name: "x")))
        var outline = try sampleOutline()
        try outline.append([AnyHashable(Plain(name: "x1"))])
        #expect(throws: OutlineError.self) { try dataSource.apply(outline, to: "tree") }
        #expect(screen.problems == [])
    }

    @Test(
        "toggles from an event handler are queued: two in one delivery build on each other",
        arguments: HostKind.allCases)
    func togglesFromHandlers(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        try dataSource.apply(sampleOutline(), to: "tree")
        dataSource.onSelect = { [unowned dataSource] item, _ in try? dataSource.toggle(item) }
        let log = screen.updates.count
        let path = ListIndexPath(item: 2, section: 0)
        dataSource.adapter.host(
            screen.harness.host, didReceive: [.didSelect(node("C"), at: path), .didSelect(node("C"), at: path)])
        // Expanded, then collapsed: two batches, and the list ends as it began.
        #expect(screen.updates.count == log + 4)
        #expect(screen.updates.suffix(4) == ["insert 0.3", "reconfigure 0.2", "delete 0.3", "reconfigure 0.2"])
        #expect(screen.lines == ["- A", "  + B", "  + C"])
        screen.harness.select(path)
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D"])
        #expect(screen.problems == [])
    }

    // Recording host only: the host rejects a valid batch on demand, which the text and UIKit hosts never do.
    @Test("a batch the host rejects leaves the outline as it was")
    func hostRejection() throws {
        let host = RecordingHost()
        let source = UniversalDataSource<String>(host: host)
        source.registerCell(itemType: OutlineNode.self, cellType: AlertCell.self) { cell, context, node in
            cell.text = "\(context.level) \(node.name)"
        }
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["tree"])
        try source.apply(snapshot)
        try source.apply(sampleOutline(), to: "tree")
        let before = source.sectionSnapshot(for: "tree")
        host.rejectBatch = 0
        #expect(throws: OutlineError.self) { try source.expand(node("C")) }
        #expect(source.sectionSnapshot(for: "tree") == before)
        #expect(!source.isExpanded(node("C")))
        #expect(host.texts == [["0 A", "1 B", "1 C"]])
        try source.expand(node("C"))
        #expect(host.texts == [["0 A", "1 B", "1 C", "2 D"]])
    }

    @Test("rows of an outline section cannot be dragged, nor dropped into it", arguments: HostKind.allCases)
    func noReorder(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x", "y"])
        try dataSource.apply(sampleOutline(), to: "tree")
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        #expect(!dataSource.adapter.canMoveItem(at: ListIndexPath(item: 1, section: 0), in: screen.harness.host))
        #expect(dataSource.adapter.canMoveItem(at: ListIndexPath(item: 0, section: 1), in: screen.harness.host))
        #expect(
            dataSource.adapter.targetIndexPath(
                forMoveFrom: ListIndexPath(item: 0, section: 1), to: ListIndexPath(item: 1, section: 0),
                in: screen.harness.host)
                == nil)
        #expect(screen.problems == [])
    }

    @Test("an async apply keeps the outline sections it leaves as shown", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try dataSource.apply(sampleOutline(), to: "tree")
        var snapshot = dataSource.snapshot()
        try snapshot.appendItems([Plain(name: "y")], toSection: "flat")
        try await dataSource.apply(snapshot)
        try dataSource.expand(node("C"))
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D", "* x", "* y"])
        #expect(screen.problems == [])
    }

    @Test("a pagination row in an outline section stays last, and the outline stays true", arguments: HostKind.allCases)
    func paginationRow(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        screen.harness.registerLabel(dataSource, for: PaginationStatusRow.self) { _, row in "(\(row.status))" }
        let pagination = PaginationPlugin(showsStatusRow: true) { _ in }
        try dataSource.attach(pagination)
        var snapshot = Snapshot<String, AnyHashable>()
        try snapshot.appendSections(["tree"])
        try dataSource.apply(snapshot)
        try dataSource.apply(sampleOutline(), to: "tree")
        screen.harness.scrollToEnd()
        guard case .loading = pagination.state else {
            Issue.record("expected a load, got \(pagination.state)")
            return
        }
        #expect(screen.lines.last == "(loading)")
        try dataSource.expand(node("C"))
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D", "(loading)"])
        try dataSource.apply(dataSource.snapshot())  // as shown, status row included: kept
        try dataSource.collapse(node("A"))
        #expect(screen.lines == ["+ A", "(loading)"])
        #expect(screen.problems == [])
    }

    @Test("CellContext names its level and expansion in outlines")
    func contextDescription() {
        let path = ListIndexPath(item: 2, section: 0)
        #expect("\(CellContext(indexPath: path, position: .last))" == "0.2 (last)")
        #expect(
            "\(CellContext(indexPath: path, position: .last, level: 1, isExpanded: true))"
                == "0.2 (last, level 1, expanded)")
        #expect("\(CellContext(indexPath: path, position: .middle, level: 2))" == "0.2 (middle, level 2)")
    }
}

extension SectionSnapshot {
    /// The snapshot with every unstated expansion stated collapsed: what a data source with nothing
    /// remembered shows.
    func resolved() -> SectionSnapshot {
        var result = self
        for item in items where statedExpansion(of: item) == nil { try? result.collapse([item]) }
        return result
    }
}

// MARK: - The render invariant with outlines

/// A screen for the outline invariant on a host of `kind`: a flat section of numbers (1) and two outline
/// sections (2, 3); node rows draw their level, expansion and position.
@MainActor
func makeOutlineInvariantScreen(_ kind: HostKind) throws -> (
    harness: any HostHarness, dataSource: UniversalDataSource<Int>
) {
    let harness = kind.make(width: 28, height: 7)
    let dataSource = harness.makeDataSource(Int.self)
    harness.registerLabel(dataSource, for: OutlineNode.self) { context, node in
        String(repeating: " ", count: context.level) + (context.isExpanded ? "-" : "+") + node.name
            + " (\(context.position))"
    }
    harness.registerLabelType(dataSource, NumberLabel.self)
    try harness.registerLabel(dataSource, kind: .header) { _, section in "== S\(section) ==" }
    return (harness, dataSource)
}

/// One random structural or expansion edit of an outline; new items come from `newNode`.
func randomOutlineEdit(
    _ outline: inout SectionSnapshot<AnyHashable>, random: InvariantRandom, newNode: () -> AnyHashable
) throws {
    let items = outline.items
    let some = random.element(items)
    switch random.int(in: 0..<8) {
    case 0, 1:
        let parent = random.bool() ? some : nil
        try outline.append((0..<random.int(in: 1...3)).map { _ in newNode() }, to: parent)
    case 2:
        guard let some else { return }
        if random.bool() {
            try outline.insert([newNode()], before: some)
        } else {
            try outline.insert([newNode()], after: some)
        }
    case 3:
        guard let some else { return }
        try outline.delete([some])
    case 4:
        guard let some else { return }
        var children = SectionSnapshot<AnyHashable>()
        try children.append((0..<random.int(in: 0...2)).map { _ in newNode() })
        if let first = children.rootItems.first, random.bool() { try children.append([newNode()], to: first) }
        try outline.replace(childrenOf: some, using: children)
    case 5:
        try outline.expand((0..<random.int(in: 1...3)).compactMap { _ in random.element(items) })
    case 6:
        try outline.collapse((0..<random.int(in: 1...2)).compactMap { _ in random.element(items) })
    default:
        // Move a subtree next to an item outside it.
        guard let some, let subtree = outline.snapshot(of: some, includingParent: true) else { return }
        guard let anchor = random.element(items.filter { !subtree.contains($0) }) else { return }
        try outline.delete([some])
        if random.bool() {
            try outline.insert(subtree, after: anchor)
        } else {
            try outline.insert(subtree, before: anchor)
        }
    }
}

/// The items of an outline under `parent` (its roots for `nil`), as the builder lists them: each with its
/// stated expansion and its children.
func outlineItems(_ outline: SectionSnapshot<AnyHashable>, under parent: AnyHashable?) -> [OutlineItem<AnyHashable>] {
    let items = parent.map { outline.children(of: $0) ?? [] } ?? outline.rootItems
    return items.map { item in
        var built = OutlineItem(item, expanded: outline.statedExpansion(of: item))
        built.children = outlineItems(outline, under: item)
        return built
    }
}

/// The same forest with no expansion stated: a section snapshot rebuilt from a model.
func withoutExpansion(_ outline: SectionSnapshot<AnyHashable>) throws -> SectionSnapshot<AnyHashable> {
    var result = SectionSnapshot<AnyHashable>()
    for item in outline.items { try result.append([item], to: outline.parent(of: item)) }
    return result
}

/// Replays a seeded random sequence of expands, collapses (through handlers, from code and from
/// selections), section snapshot rebuilds, whole-snapshot applies, whole lists written with the builder
/// (`apply { OutlineSection ... }`) and scrolls, and checks after every
/// step that each outline section shows its visible items, that the list renders what a brand-new list
/// given the same snapshot and section snapshots renders, and that display events name what is on
/// screen, on a host of `kind`. Returns the first failure as "kind seed S step N: ...", or `nil`.
@MainActor
func runOutlineInvariant(kind: HostKind, seed: UInt64, steps: Int) throws -> String? {
    let random = InvariantRandom(seed: seed)
    let (harness, dataSource) = try makeOutlineInvariantScreen(kind)
    let outlineSections = [2, 3]
    var nextID = 1
    func newNode() -> AnyHashable {
        defer { nextID += 1 }
        return node("n\(nextID)")
    }
    func id(_ item: AnyHashable) -> Int { Int((item.base as? OutlineNode)?.name.dropFirst() ?? "") ?? 0 }
    func isExpanded(_ item: AnyHashable) -> Bool {
        outlineSections.contains { dataSource.sectionSnapshot(for: $0)?.isExpanded(item) == true }
    }

    // Handlers: items whose id is a multiple of 7 refuse to expand; a childless multiple of 4 loads two
    // children as it expands.
    let seen = InvariantObservations()
    var vetoed = 0
    dataSource.sectionSnapshotHandlers.shouldExpand = { item in
        if id(item) % 7 == 0 { vetoed += 1; return false }
        return true
    }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
        guard id(parent) % 4 == 0, children.count == 0 else { return children }
        var loaded = SectionSnapshot<AnyHashable>()
        try? loaded.append([newNode(), newNode()])
        return loaded
    }
    dataSource.onEvent = { event in
        switch event {
        case .willDisplay(let item, _):
            if !seen.displayed.insert("\(item)").inserted {
                seen.problems.append("willDisplay for \(item), already displayed")
            }
        case .didEndDisplaying(let item, _):
            if seen.displayed.remove("\(item)") == nil {
                seen.problems.append("didEndDisplaying for \(item), not displayed")
            }
        default:
            break
        }
    }
    // A tap on a node toggles it (queued: it runs after the delivery).
    dataSource.onSelect = { [unowned dataSource] item, _ in
        if item.base is OutlineNode { try? dataSource.toggle(item) }
    }

    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([1, 2, 3])
    try snapshot.appendItems([1000, 1001, 1002], toSection: 1)
    try dataSource.apply(snapshot)
    for section in outlineSections {
        var outline = SectionSnapshot<AnyHashable>()
        for _ in 0..<3 { try randomOutlineEdit(&outline, random: random, newNode: newNode) }
        try dataSource.apply(outline, to: section)
    }
    var nextNumber = 1003

    for step in 0..<steps {
        func fail(_ message: String) -> String { "\(kind) seed \(seed) step \(step): \(message)" }
        let section = random.element(outlineSections)!
        let outline = dataSource.sectionSnapshot(for: section)!
        switch random.int(in: 0..<10) {
        case 0, 1, 2:
            // Expand, collapse or toggle any item, shown or hidden.
            guard let item = random.element(outline.items) else { break }
            let batches = harness.updates.count
            let vetoes = vetoed
            switch random.int(in: 0..<3) {
            case 0: try dataSource.expand(item)
            case 1: try dataSource.collapse(item)
            default: try dataSource.toggle(item)
            }
            if vetoed != vetoes && harness.updates.count != batches {
                return fail("a vetoed expand of \(item) made a batch")
            }
        case 3, 4:
            // A rebuilt section snapshot, sometimes without any expansion stated.
            var rebuilt = outline
            for _ in 0..<random.int(in: 1...3) { try randomOutlineEdit(&rebuilt, random: random, newNode: newNode) }
            if random.int(in: 0..<3) == 0 { rebuilt = try withoutExpansion(rebuilt) }
            let unstated = rebuilt.items.filter { rebuilt.statedExpansion(of: $0) == nil && outline.contains($0) }
            try dataSource.apply(rebuilt, to: section, animatingDifferences: random.int(in: 0..<8) != 0)
            let applied = dataSource.sectionSnapshot(for: section)!
            for item in unstated where applied.isExpanded(item) != outline.isExpanded(item) {
                return fail(
                    "\(item) was \(outline.isExpanded(item) ? "expanded" : "collapsed") and a section snapshot that did not say changed it"
                )
            }
        case 5 where random.int(in: 0..<3) == 0:
            // The whole list written with the builder: the flat section and both outline sections (each
            // edited, its expansion stated or not), in an order that may move sections, in one apply.
            var outlines: [Int: SectionSnapshot<AnyHashable>] = [:]
            var unstated: [AnyHashable] = []
            for outlineSection in outlineSections {
                let current = dataSource.sectionSnapshot(for: outlineSection)!
                var rebuilt = current
                for _ in 0..<random.int(in: 0...2) {
                    try randomOutlineEdit(&rebuilt, random: random, newNode: newNode)
                }
                if random.bool() { rebuilt = try withoutExpansion(rebuilt) }
                unstated += rebuilt.items.filter { rebuilt.statedExpansion(of: $0) == nil && current.contains($0) }
                outlines[outlineSection] = rebuilt
            }
            let expandedBefore = Set(unstated.filter { isExpanded($0) })
            var numbers = dataSource.snapshot().itemIdentifiers(inSection: 1) ?? []
            if random.bool() {
                numbers.append(AnyHashable(nextNumber))
                nextNumber += 1
            }
            var order = dataSource.snapshot().sectionIdentifiers
            if random.bool(), let moved = order.popLast() { order.insert(moved, at: 0) }
            try dataSource.apply(animatingDifferences: random.int(in: 0..<8) != 0) {
                for identifier in order {
                    if let outline = outlines[identifier] {
                        OutlineSection(identifier) { outlineItems(outline, under: nil) }
                    } else {
                        SnapshotSection(identifier) { numbers }
                    }
                }
            }
            for section in outlineSections
            where dataSource.sectionSnapshot(for: section)!.items != outlines[section]!.items {
                return fail(
                    "section \(section) holds \(dataSource.sectionSnapshot(for: section)!.items), the builder listed \(outlines[section]!.items)"
                )
            }
            for section in outlineSections {
                let listed = outlines[section]!
                for item in listed.items {
                    if let stated = listed.statedExpansion(of: item), isExpanded(item) != stated {
                        return fail("the builder stated \(item) \(stated ? "expanded" : "collapsed"), it is not")
                    }
                }
            }
            for item in unstated
            where isExpanded(item) != expandedBefore.contains(item) {
                return fail("the builder left \(item)'s expansion unstated and it changed")
            }
            if dataSource.snapshot().sectionIdentifiers != order {
                return fail("the sections are \(dataSource.snapshot().sectionIdentifiers), the builder listed \(order)")
            }
        case 5, 6:
            // A whole snapshot: the flat section changes, sections may move, an outline section may be left empty.
            var whole = dataSource.snapshot()
            let numbers = whole.itemIdentifiers(inSection: 1) ?? []
            if let number = random.element(numbers), random.bool() {
                try whole.deleteItems([number])
            } else {
                try whole.appendItems([AnyHashable(nextNumber)], toSection: 1)
                nextNumber += 1
            }
            if random.int(in: 0..<3) == 0, let moved = random.element([1, 2, 3]),
                let anchor = random.element([1, 2, 3]), moved != anchor
            {
                try whole.moveSection(moved, afterSection: anchor)
            }
            if random.int(in: 0..<3) == 0, let emptied = random.element(outlineSections) {
                try whole.deleteItems(whole.itemIdentifiers(inSection: emptied) ?? [])
            }
            try dataSource.apply(whole, animatingDifferences: random.int(in: 0..<8) != 0)
        case 7:
            // A whole snapshot that changes an outline section's items is refused, and nothing changes.
            var whole = dataSource.snapshot()
            let shown = whole.itemIdentifiers(inSection: section) ?? []
            guard shown.count >= 2, let item = random.element(shown) else { break }
            try whole.deleteItems([item])
            let before = dataSource.snapshot()
            let refusal = Result { () throws(DataSourceError) in try dataSource.apply(whole) }
            guard case .failure(.outlineSectionChanged) = refusal else {
                return fail("a whole snapshot without \(item) in outline section \(section): \(refusal)")
            }
            if dataSource.snapshot() != before { return fail("a refused snapshot changed the list") }
        case 8:
            if let path = random.element(harness.host.indexPathsForVisibleItems) { harness.select(path) }
        default:
            switch random.int(in: 0..<3) {
            case 0: harness.scroll(toLine: random.int(in: 0...max(0, harness.contentHeight)))
            case 1: harness.scroll(byLines: random.int(in: -5...5))
            default: harness.scrollToEnd()
            }
        }

        // 1. Each outline section shows its visible items; its section snapshot is sound.
        let shown = dataSource.snapshot()
        for section in outlineSections {
            let outline = dataSource.sectionSnapshot(for: section)!
            if let broken = outline._checkInvariants().first { return fail(broken) }
            if shown.itemIdentifiers(inSection: section) != outline.visibleItems {
                return fail(
                    "section \(section) shows \(shown.itemIdentifiers(inSection: section) ?? []), its outline's visible items are \(outline.visibleItems)"
                )
            }
        }
        // 2. The screen equals a brand-new screen's given the same snapshot and section snapshots.
        let fresh = try makeOutlineInvariantScreen(kind)
        try fresh.dataSource.apply(shown)
        for section in outlineSections {
            try fresh.dataSource.apply(dataSource.sectionSnapshot(for: section)!, to: section)
        }
        fresh.harness.scroll(like: harness)
        let screen = harness.screen()
        let expected = fresh.harness.screen()
        if screen != expected {
            return fail("the list shows\n\(screen)\nbut a brand-new list shows\n\(expected)")
        }
        if let problem = harness.problems.first { return fail(problem) }
        if let broken = dataSource._checkInvariants().first { return fail(broken) }
        // 3. The display events name exactly the items on screen.
        if let problem = seen.problems.first { return fail(problem) }
        let visible = Set(harness.host.indexPathsForVisibleItems.map { "\(dataSource.item(at: $0)!)" })
        if seen.displayed != visible {
            return fail("events say \(seen.displayed.sorted()) are displayed, the screen shows \(visible.sorted())")
        }
    }
    return nil
}

@MainActor
@Suite("Outline sections render what a brand-new list renders")
struct OutlineInvariantTests {
    @Test(
        "after random expands, collapses, rebuilds, whole applies, builder applies, selections and scrolls",
        arguments: HostKind.allCases, [UInt64(21), 22, 23, 24])
    func invariant(kind: HostKind, seed: UInt64) throws {
        let failure = try runOutlineInvariant(kind: kind, seed: seed, steps: RenderInvariantTests.steps / 4)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
