@_spi(Testing) import CellKit
import DiffableStore
import Testing

@Suite("PositionInSection")
struct PositionInSectionTests {
    @Test("positions follow the item's index and the section's size")
    func positions() {
        #expect(PositionInSection(item: 0, count: 1) == .only)
        #expect(PositionInSection(item: 0, count: 2) == .first)
        #expect(PositionInSection(item: 1, count: 2) == .last)
        #expect((0..<4).map { PositionInSection(item: $0, count: 4) } == [.first, .middle, .middle, .last])
    }

    @Test("isFirst and isLast include the only item")
    func firstAndLast() {
        #expect(PositionInSection.only.isFirst && PositionInSection.only.isLast)
        #expect(PositionInSection.first.isFirst && !PositionInSection.first.isLast)
        #expect(!PositionInSection.last.isFirst && PositionInSection.last.isLast)
        #expect(!PositionInSection.middle.isFirst && !PositionInSection.middle.isLast)
    }
}

@Suite("CellContext")
struct CellContextTests {
    @Test("a context reads as its index path and position")
    func description() {
        #expect(CellContext(indexPath: ListIndexPath(item: 2, section: 0), position: .last).description == "0.2 (last)")
    }
}
