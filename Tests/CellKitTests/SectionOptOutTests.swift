import CellKit
import CellKitPlugins
import DiffableStore
import HostHarness
import Testing

// Per-section opt-outs (`UniversalDataSource.omittedKinds`): a section goes without a registered footer or
// card, decided from its identifier on every apply.

@MainActor
@Suite("Section opt-outs")
struct SectionOptOutTests {
    @Test(
        "a section that omits the footer shows no footer row, one that omits the card shows no card",
        arguments: HostKind.takingItemSizes)
    func omitted(kind: HostKind) throws {
        let screen = try CardScreen(kind)
        try screen.harness.registerLabel(screen.dataSource, kind: .footer) { _, section in "end of \(section)" }
        // "a" keeps both, "b" goes without its footer, "c" without its card.
        screen.dataSource.omittedKinds = { section in
            switch section {
            case "b": [.footer]
            case "c": [.background]
            default: []
            }
        }
        try screen.show([("a", ["x"]), ("b", ["y"]), ("c", ["z"])])
        #expect(
            screen.harness.contentLines() == [
                "A",
                "╭──────────╮",
                "│ x        │",
                "╰──────────╯",
                "end of a",
                "B",
                "┌──────────┐",
                "│ y        │",
                "└──────────┘",
                "C",
                "z",
                "end of c",
            ])
        #expect(Set(screen.configured.value) == ["a", "b"])
        // The decision follows the identifiers of each apply: renamed sections take the rule of their name.
        try screen.show([("b", ["x"]), ("c", ["y"])])
        #expect(
            screen.harness.contentLines() == [
                "B",
                "┌──────────┐",
                "│ x        │",
                "└──────────┘",
                "C",
                "y",
                "end of c",
            ])
        #expect(screen.harness.problems == [])
        #expect(screen.dataSource.diagnostics == [])
    }

    @Test("the list shows what a brand-new list with the same opt-outs shows", arguments: HostKind.takingItemSizes)
    func freshList(kind: HostKind) throws {
        let omitted: @MainActor (String) -> Set<SupplementaryKind> = { $0.count % 2 == 0 ? [.footer] : [.background] }
        let sequence: [[(String, [String])]] = [
            [("a", ["x"]), ("bb", ["y", "w"])],
            [("bb", ["y"]), ("a", ["x", "v"]), ("ccc", [])],
            [("dd", ["x"])],
        ]
        let screen = try CardScreen(kind)
        try screen.harness.registerLabel(screen.dataSource, kind: .footer) { _, section in "end \(section)" }
        screen.dataSource.omittedKinds = omitted
        for sections in sequence {
            try screen.show(sections)
            let fresh = try CardScreen(kind)
            try fresh.harness.registerLabel(fresh.dataSource, kind: .footer) { _, section in "end \(section)" }
            fresh.dataSource.omittedKinds = omitted
            try fresh.show(sections)
            #expect(screen.harness.contentLines() == fresh.harness.contentLines())
        }
        #expect(screen.harness.problems == [])
    }
}
