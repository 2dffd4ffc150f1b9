#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// A section's card in the compositional layout CollectionViewHost makes: the layout's own background
// decoration item, one view behind the section's items showing the data source's decoration view for the
// section, not pieces in the cells.

@MainActor
@Suite("Section cards as layout backgrounds on CollectionViewHost")
struct SectionBackgroundLayoutTests {
    static let kind = SupplementaryKind.background
    static let elementKind = "CellKit.background.\(SupplementaryKind.background.rawValue)"

    /// A 30 × `height` collection view in the host's layout: rows of one point under a header of one,
    /// cards titled by their section.
    func makeScreen(height: Int) throws -> (CollectionHarness, UniversalDataSource<String>) {
        let harness = collectionHarness(height: height) { $0.makeCompositionalLayout(itemHeight: .absolute(1)) }
        let dataSource = harness.makeDataSource(String.self)
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in plain.name }
        try harness.registerLinesLabel(dataSource, kind: .header) { _, section in "# \(section)" }
        try harness.registerCard(dataSource, kind: Self.kind) { section, _ in (true, section) }
        return (harness, dataSource)
    }

    func snapshot(_ sections: [(String, [String])]) throws -> Snapshot<String, AnyHashable> {
        var snapshot = Snapshot<String, AnyHashable>()
        for (section, names) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(names.map { AnyHashable(Plain(name: $0)) }, toSection: section)
        }
        return snapshot
    }

    /// The title of the card a section's background shows, `nil` when none shows.
    func title(_ harness: CollectionHarness, section: Int) -> String? {
        let background = harness.collectionView._decorationView(ofKind: Self.elementKind, section: section)
        return (background?.subviews.first as? UIKitCardView)?.drawing.title
    }

    @Test("one background view per section, behind exactly its items, showing the section's card; cells draw none")
    func oneViewPerSection() throws {
        let (harness, dataSource) = try makeScreen(height: 30)
        try dataSource.apply(snapshot([("Friends", ["a", "b"]), ("Work", ["c"])]))
        let background = try #require(harness.collectionView._decorationView(ofKind: Self.elementKind, section: 0))
        // The header is 1 point; each item is 1 plus the card's top (first) and bottom (last) margins of 1.
        let first = try #require(harness.collectionView.layoutAttributesForItem(at: IndexPath(indexes: [0, 0])))
        let last = try #require(harness.collectionView.layoutAttributesForItem(at: IndexPath(indexes: [0, 1])))
        #expect(
            background.frame == CGRect(x: 0, y: first.frame.minY, width: 30, height: last.frame.maxY - first.frame.minY)
        )
        #expect(title(harness, section: 0) == "Friends")
        #expect(title(harness, section: 1) == "Work")
        let cell = try #require(harness.collectionView.cellForItem(at: IndexPath(indexes: [0, 0])))
        #expect(cell.subviews.allSatisfy { !($0 is UIKitCardView) })
        #expect(harness.problems == [])
    }

    @Test("a background scrolled to another section shows that section's card; an apply retitles the cards")
    func followsSections() throws {
        let (harness, dataSource) = try makeScreen(height: 4)
        let sections = (0..<6).map { ("S\($0)", ["a\($0)", "b\($0)"]) }
        try dataSource.apply(snapshot(sections))
        #expect(title(harness, section: 0) == "S0")
        harness.scroll(toLine: 14)
        let shown = (0..<6).compactMap { title(harness, section: $0) }
        #expect(!shown.isEmpty && !shown.contains("S0"))
        for section in 0..<6 {
            if let shownTitle = title(harness, section: section) { #expect(shownTitle == "S\(section)") }
        }
        // Sections swap names in place: the frames stay, the cards show the new sections.
        try dataSource.apply(snapshot(sections.map { ("T" + $0.0.dropFirst(), $0.1) }), animatingDifferences: false)
        for section in 0..<6 {
            if let shownTitle = title(harness, section: section) { #expect(shownTitle == "T\(section)") }
        }
        #expect(harness.problems == [])
    }

    @Test("a section that omits its card gets no background")
    func omittedCard() throws {
        let (harness, dataSource) = try makeScreen(height: 30)
        dataSource.sectionOmittedKinds = { $0 == "Plain" ? [Self.kind] : [] }
        try dataSource.apply(snapshot([("Plain", ["a"]), ("Card", ["b"])]))
        #expect(harness.collectionView._decorationView(ofKind: Self.elementKind, section: 0) == nil)
        #expect(title(harness, section: 1) == "Card")
        #expect(harness.problems == [])
    }
}
#endif
