@_spi(Testing) @_spi(ListHost) @testable import CellKit
import CellKitPlugins
@_spi(Testing) import DiffableStore
import HostHarness
import Testing

/// `apply { }` with outline sections: the outlines shown in the same apply as the rest of the list.
@MainActor
@Suite("apply { } with outline sections")
struct OutlineBuilderApplyTests {
    /// The tree A▸(B, C▸(D)) in section "tree", C's expansion as given, and "x" in section "flat".
    private func applyTree(_ dataSource: UniversalDataSource<String>, cExpanded: Bool? = nil) throws {
        try dataSource.apply {
            OutlineSection("tree") {
                OutlineItem(OutlineNode(name: "A"), expanded: true) {
                    OutlineNode(name: "B")
                    OutlineItem(OutlineNode(name: "C"), expanded: cExpanded) { OutlineNode(name: "D") }
                }
            }
            SnapshotSection("flat") { Plain(name: "x") }
        }
    }

    @Test("an OutlineSection is shown as an outline, levels and all, in one apply", arguments: HostKind.allCases)
    func showsTheOutline(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        let before = screen.updates.count
        try applyTree(dataSource)
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        #expect(screen.updates.count == before + 1)
        #expect(dataSource.sectionSnapshot(for: "tree")?.items == [node("A"), node("B"), node("C"), node("D")])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "tree") == [node("A"), node("B"), node("C")])
        // It is an outline section: expanding C inserts D after it.
        try dataSource.expand(node("C"))
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D", "* x"])
        #expect(dataSource._checkInvariants() == [])
        #expect(screen.problems == [])
    }

    @Test(
        "rebuilt from state, an item whose expansion the block does not state keeps the one remembered",
        arguments: HostKind.allCases)
    func remembersExpansion(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try applyTree(dataSource)
        try dataSource.expand(node("C"))
        try applyTree(dataSource)
        #expect(screen.lines == ["- A", "  + B", "  - C", "    + D", "* x"])
        // A stated expansion wins over the remembered one, and is remembered in turn.
        try applyTree(dataSource, cExpanded: false)
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        try applyTree(dataSource)
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        #expect(dataSource._checkInvariants() == [])
        #expect(screen.problems == [])
    }

    @Test(
        "two outline sections in one apply, an item moving from one to the other",
        arguments: HostKind.allCases)
    func twoOutlines(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start()
        try dataSource.apply {
            OutlineSection("tree") {
                OutlineItem(OutlineNode(name: "A"), expanded: true) { OutlineNode(name: "B") }
            }
            OutlineSection("flat") { OutlineItem(OutlineNode(name: "P"), expanded: true) { OutlineNode(name: "Q") } }
        }
        #expect(screen.lines == ["- A", "  + B", "- P", "  + Q"])
        try dataSource.apply {
            OutlineSection("tree") { OutlineNode(name: "A") }
            OutlineSection("flat") {
                OutlineItem(OutlineNode(name: "P"), expanded: true) {
                    OutlineNode(name: "Q")
                    OutlineNode(name: "B")
                }
            }
        }
        // A's expansion is unstated now: it keeps the one stated before, with no children to show.
        #expect(screen.lines == ["- A", "- P", "  + Q", "  + B"])
        #expect(dataSource.sectionSnapshot(for: "flat")?.parent(of: node("B")) == node("P"))
        #expect(dataSource._checkInvariants() == [])
        #expect(screen.problems == [])
    }

    @Test(
        "an outline section listed flat as it is shown keeps its outline; listed otherwise, it is an error",
        arguments: HostKind.allCases)
    func flatListingOfAnOutline(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try applyTree(dataSource)
        try dataSource.apply {
            SnapshotSection("tree") {
                OutlineNode(name: "A")
                OutlineNode(name: "B")
                OutlineNode(name: "C")
            }
            OutlineSection("flat") { OutlineItem(Plain(name: "x")) { Plain(name: "y") } }
        }
        #expect(screen.lines == ["- A", "  + B", "  + C", "* x"])
        #expect(dataSource.sectionSnapshot(for: "tree")?.contains(node("D")) == true)
        #expect(
            dataSource.sectionSnapshot(for: "flat")?.children(of: AnyHashable(Plain(name: "x"))) == [Plain(name: "y")])
        let shown = dataSource.snapshot()
        let updates = screen.updates
        #expect(throws: OutlineError.dataSource(.outlineSectionChanged(section: #""tree""#))) {
            try dataSource.apply {
                SnapshotSection("tree") { OutlineNode(name: "A") }
                OutlineSection("flat") { Plain(name: "x") }
            }
        }
        #expect(dataSource.snapshot() == shown)
        #expect(screen.updates == updates)
        #expect(screen.problems == [])
    }

    @Test(
        "an outline item that a kept outline holds, hidden, is a duplicate: nothing changes",
        arguments: HostKind.allCases)
    func duplicateOfAKeptOutline(kind: HostKind) throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try dataSource.apply(sampleOutline(), to: "tree")
        let shown = dataSource.snapshot()
        let updates = screen.updates
        let lines = screen.lines
        // D is hidden under C in the tree's outline, which this apply keeps (its rows are listed as shown):
        // the error `apply(_:)` throws for an outline's item placed in another section.
        #expect(throws: OutlineError.dataSource(.itemInOutline(item: "D", section: #""tree""#))) {
            try dataSource.apply {
                SnapshotSection("tree") {
                    OutlineNode(name: "A")
                    OutlineNode(name: "B")
                    OutlineNode(name: "C")
                }
                OutlineSection("flat") { OutlineNode(name: "D") }
            }
        }
        #expect(dataSource.snapshot() == shown)
        // Hidden in the given outline too: the outline's own check finds it.
        #expect(throws: OutlineError.duplicateItem(item: "D", section: #""tree""#)) {
            try dataSource.apply {
                SnapshotSection("tree")
                OutlineSection("flat") { OutlineItem(Plain(name: "x")) { OutlineNode(name: "D") } }
            }
        }
        #expect(dataSource.snapshot() == shown)
        #expect(dataSource.sectionSnapshot(for: "flat")?.items == [AnyHashable(Plain(name: "x"))])
        #expect(screen.updates == updates)
        #expect(screen.lines == lines)
        // Within the block, a hidden item listed again is the builder's error, before anything is checked.
        let error = #expect(throws: SnapshotError.self) {
            try dataSource.apply {
                OutlineSection("tree") { OutlineItem(OutlineNode(name: "A")) { OutlineNode(name: "D") } }
                SnapshotSection("flat") { OutlineNode(name: "D") }
            }
        }
        #expect(error?.section == #""tree""#)
        #expect(dataSource.snapshot() == shown)
        #expect(screen.updates == updates)
    }

    @Test("await apply { } shows outline sections too", arguments: HostKind.allCases)
    func asyncApply(kind: HostKind) async throws {
        let screen = OutlineScreen(kind)
        let dataSource = screen.dataSource
        try screen.start(flat: ["x"])
        try await dataSource.apply {
            OutlineSection("tree") {
                OutlineItem(OutlineNode(name: "A"), expanded: true) { OutlineNode(name: "B") }
            }
            SnapshotSection("flat") { Plain(name: "x") }
        }
        #expect(screen.lines == ["- A", "  + B", "* x"])
        #expect(dataSource.sectionSnapshot(for: "tree")?.level(of: node("B")) == 1)
        #expect(dataSource._checkInvariants() == [])
    }
}
