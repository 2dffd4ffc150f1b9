@testable import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
import Testing

/// A separator line under every item but the last.
@MainActor final class HyphenSeparator: TextCell {
    var isShown = true
    override func render(width: Int) -> [String] { isShown ? [String(repeating: "-", count: width)] : [] }
}

@MainActor
@Suite("Sizes with item-scoped views")
struct SizingWithAttachmentsTests {
    @Test("a sized cell keeps its size, and its separator adds its own lines below it")
    func fixedSizeAndSeparator() throws {
        let list = TextListView(width: 6, height: 7)
        let dataSource = UniversalDataSource<Section>(host: list)
        // Three lines of text in a cell sized to two: the third is cut; the separator still shows.
        dataSource.registerCell(itemType: Plain.self, cellType: TextCell.self, sizing: .fixed(2)) { cell, _, plain in
            cell.text = "\(plain.name)1\n\(plain.name)2\n\(plain.name)3"
        }
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: HyphenSeparator.self) {
            separator, context, _, _ in
            separator.isShown = !context.position.isLast
        }
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")]))
        #expect(renderedLines(list.render()) == ["a1", "a2", "------", "b1", "b2", "", ""])
        #expect(list.renderAll() == list.render().split(separator: "\n").prefix(5).joined(separator: "\n"))
        #expect(list.statistics.measured == 0)
    }
}
