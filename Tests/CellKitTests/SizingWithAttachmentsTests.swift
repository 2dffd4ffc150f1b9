import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import HostHarness
import Testing

// On `HostKind.takingItemSizes`: a list layout sizes each cell itself, without what shows with it.
@MainActor
@Suite("Sizes with item-scoped views")
struct SizingWithAttachmentsTests {
    @Test(
        "a sized cell keeps its size, and its separator adds its own lines below it",
        arguments: HostKind.takingItemSizes)
    func fixedSizeAndSeparator(kind: HostKind) throws {
        let harness = kind.make(width: 6, height: 7)
        let dataSource = harness.makeDataSource(Section.self)
        // Three lines of text in a cell sized to two: the third is cut; the separator still shows.
        harness.registerLabel(dataSource, for: Plain.self, sizing: .fixed(2)) { _, plain in
            "\(plain.name)1\n\(plain.name)2\n\(plain.name)3"
        }
        try harness.registerRuleSeparator(dataSource, kind: .separator, rule: "-") { context, _, _, _ in
            !context.position.isLast
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(harness.screen() == ["a1", "a2", "------", "b1", "b2", "", ""])
        #expect(harness.contentLines() == Array(harness.screen().prefix(5)))
        #expect(harness.measuredViews == 0)
        #expect(harness.problems == [])
    }
}
