@_spi(ListHost) import CellKit
@testable import CellKitText
import DiffableStore
import Testing

/// A section's card (`TextSectionBackground`) around a carousel's strip on the text host: it frames the
/// whole strip, gutters inside, and the strip's window is what the card leaves of the list's width.
@Suite("TextListView carousel cards")
@MainActor
struct TextListViewCarouselCardTests {
    /// A list of 22 columns over a carousel of six cards (0.4 of the window, 1 apart) above a list
    /// section of one row; every section has a card titled with its identifier, except those `omitted`.
    static func make(omitted: Set<Int> = [], height: Int = 8) throws -> (TextListView, UniversalDataSource<Int>) {
        let list = TextListView(width: 22, height: height)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCellType(NameCell.self)
        dataSource.sectionLayouts = { $0 == 0 ? .carousel(itemWidth: .fractional(0.4), spacing: 1) : .list }
        try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) {
            card, section in
            card.title = "S\(section)"
        }
        dataSource.sectionOmittedKinds = { omitted.contains($0) ? [.background] : [] }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0, 1])
        try snapshot.appendItems((0..<6).map { AnyHashable("a\($0)") }, toSection: 0)
        try snapshot.appendItems(["b0"], toSection: 1)
        try dataSource.apply(snapshot)
        return (list, dataSource)
    }

    @Test("a card frames the whole strip, gutters inside, and the window is what the card leaves")
    func cardAroundStrip() throws {
        let (list, dataSource) = try Self.make()
        // The card takes 4 columns: a window of 16 between the gutters, cards 6 wide (0.4 of 16), 1 apart.
        #expect(
            list.render() == """
                ╭─ S0 ───────────────╮
                │  a0     a1     a2› │
                ╰────────────────────╯
                ╭─ S1 ───────────────╮
                │ b0                 │
                ╰────────────────────╯
                                      
                                      
                """)
        #expect(list.indexPathsForVisibleItems == [at(0, 0), at(0, 1), at(0, 2), at(1, 0)])
        #expect(list.contentHeight == 6, "the strip's row takes the card's lines too")
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }

    @Test("the card stays around the strip as it scrolls sideways, and the screen is a brand-new list's")
    func cardWhileScrolling() throws {
        let (list, dataSource) = try Self.make()
        _ = list.render()
        #expect(list.scrollCarousel(inSection: 0, by: 9))
        #expect(
            list.render().split(separator: "\n").prefix(3) == [
                "╭─ S0 ───────────────╮",
                "│ ‹     a2     a3  › │",
                "╰────────────────────╯",
            ])
        // To the end: 6 × 6 + 5 = 41 columns of content, a window of 16.
        #expect(list.scrollCarousel(inSection: 0, toOffset: 1_000))
        #expect(list.carouselOffset(inSection: 0) == 25)
        let (fresh, freshSource) = try Self.make()
        freshSource.setCarouselOffset(25, of: 0)
        #expect(list.render() == fresh.render())
        #expect(list.render().split(separator: "\n")[1] == "│ ‹   a4     a5      │")
        list._checkInvariants()
        withExtendedLifetime((dataSource, freshSource)) {}
    }

    @Test("a carousel whose section goes without a card takes the whole width; a card comes back on apply")
    func cardOff() throws {
        let (list, dataSource) = try Self.make(omitted: [0])
        // No card: a window of 20, cards 8 wide.
        #expect(
            list.render() == """
                 a0       a1       a2›
                ╭─ S1 ───────────────╮
                │ b0                 │
                ╰────────────────────╯
                                      
                                      
                                      
                                      
                """)
        // The card comes back when the section is reloaded (an apply that may change its decorations).
        dataSource.sectionOmittedKinds = nil
        var snapshot = dataSource.snapshot()
        try snapshot.reloadSections([0])
        try dataSource.apply(snapshot)
        #expect(
            list.render().split(separator: "\n").prefix(3) == [
                "╭─ S0 ───────────────╮",
                "│  a0     a1     a2› │",
                "╰────────────────────╯",
            ])
        list._checkInvariants()
        withExtendedLifetime(dataSource) {}
    }
}

/// A text cell showing its name.
private final class NameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}
