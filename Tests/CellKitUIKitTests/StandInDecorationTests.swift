#if !canImport(UIKit)
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// The stand-in's section backgrounds (`NSCollectionLayoutDecorationItem.background(elementKind:)`) and section
// content insets, driven as an app drives UIKit (no CellKit host).

/// A background view that records the layout attributes it was given and its reuses.
@MainActor
final class RecordingBackground: UICollectionReusableView {
    var applied: [(section: Int, kind: String?, frame: CGRect)] = []
    var reuses = 0
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        #expect(layoutAttributes.representedElementCategory == .decorationView)
        applied.append((layoutAttributes.indexPath[0], layoutAttributes.representedElementKind, layoutAttributes.frame))
    }
    override func prepareForReuse() { reuses += 1 }
}

@MainActor
@Suite("Section backgrounds and content insets (stand-in compositional layout)")
struct StandInDecorationTests {
    static let kind = "background"
    let source = SizedCellsDataSource([3, 3, 3])

    /// A collection view 30 points wide and `height` tall whose sections are rows of 2 points under a
    /// header of 2, with a background inset by 1 on each side and content insets of 4 leading, 2 trailing,
    /// 1 top and 3 bottom.
    func collectionView(height: CGFloat, registers: Bool = true, headers: Bool = true) -> UICollectionView {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = StandInCompositionalLayoutTests.section(
                item: .absolute(2), header: headers ? .absolute(2) : nil)
            let background = NSCollectionLayoutDecorationItem.background(elementKind: Self.kind)
            background.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
            section.decorationItems = [background]
            section.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 4, bottom: 3, trailing: 2)
            return section
        }
        if registers { layout.register(RecordingBackground.self, forDecorationViewOfKind: Self.kind) }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: height), collectionViewLayout: layout)
        view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        view.register(
            SizedCell.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        return view
    }

    func background(_ view: UICollectionView, _ section: Int) -> RecordingBackground? {
        view._decorationView(ofKind: Self.kind, section: section) as? RecordingBackground
    }

    @Test("content insets place the items inside them; the header stays full width above the top inset")
    func contentInsets() {
        let view = collectionView(height: 100)
        view.layoutIfNeeded()
        let frames = (0..<3).compactMap { view.layoutAttributesForItem(at: IndexPath(indexes: [0, $0]))?.frame }
        // Header 0..2, top inset 1, rows of 2 from 3, 4 points in, 30 - 4 - 2 wide.
        #expect(frames == [3, 5, 7].map { CGRect(x: 4, y: $0, width: 24, height: 2) })
        // The section ends 3 below its last row (9 + 3 = 12): the next header starts there.
        #expect(
            view.layoutAttributesForItem(at: IndexPath(indexes: [1, 0]))?.frame
                == CGRect(x: 4, y: 15, width: 24, height: 2))
        #expect(Int(view.contentSize.height) == 3 * 12)
        #expect(view._raisedExceptions == [])
    }

    @Test("a background is one view behind its whole section, made from the layout's class, inset as its item says")
    func backgroundSpansSection() {
        let view = collectionView(height: 100)
        view.layoutIfNeeded()
        let backgrounds = (0..<3).compactMap { background(view, $0) }
        #expect(backgrounds.count == 3)
        #expect(Set(backgrounds.map(ObjectIdentifier.init)).count == 3)
        // Section 1 spans 12..24 (its header, insets and rows), less 1 on each side.
        #expect(backgrounds[1].frame == CGRect(x: 1, y: 13, width: 28, height: 10))
        #expect(backgrounds[1].applied.map(\.section) == [1])
        #expect(backgrounds[1].applied.map(\.kind) == [Self.kind])
        #expect(backgrounds[1].applied.map(\.frame) == [backgrounds[1].frame])
        // Behind the section's views: in the collection view, before anything else added to it.
        #expect(backgrounds.allSatisfy { $0.superview === view })
        #expect(view._raisedExceptions == [])
    }

    @Test("without a header a background still covers the section's top inset")
    func backgroundWithoutHeader() {
        let view = collectionView(height: 100, headers: false)
        view.layoutIfNeeded()
        // Sections of 1 + 3 * 2 + 3 = 10 points: section 1 spans 10..20, less 1 on each side.
        #expect(background(view, 1)?.frame == CGRect(x: 1, y: 11, width: 28, height: 8))
        #expect(view.layoutAttributesForItem(at: IndexPath(indexes: [1, 0]))?.frame.minY == 11)
    }

    @Test("a background leaves with its section and is reused for the next one, with that section's attributes")
    func backgroundsReused() {
        let view = collectionView(height: 10)
        view.layoutIfNeeded()
        // Section 0 (0..12) shows alone.
        #expect(background(view, 1) == nil)
        let first = try! #require(background(view, 0))
        view._scroll(toY: 20)
        // Sections 1 (12..24) and 2 (24..36) show; section 0 left, its view went to the pool and came back.
        #expect(background(view, 0) == nil)
        let shown = [background(view, 1), background(view, 2)].compactMap { $0 }
        #expect(shown.count == 2)
        #expect(first.reuses == 1)
        #expect(shown.contains { $0 === first })
        #expect(first.applied.map(\.section) == [0, first === shown[0] ? 1 : 2])
        #expect(view._raisedExceptions == [])
    }

    @Test("after a batch every background shown gets the attributes of the section now at its place")
    func backgroundsReappliedAfterBatch() {
        let view = collectionView(height: 100)
        view.layoutIfNeeded()
        let second = try! #require(background(view, 1))
        source.counts = [3, 3, 3, 3]
        view.performBatchUpdates { view.insertSections(IndexSet(integer: 1)) }
        view.layoutIfNeeded()
        // The inserted section is as tall as the one it pushed down: the view at its place keeps its frame
        // and is given its attributes again (UIKit hands a view the final attributes of its place).
        #expect(second.applied.map(\.section) == [1, 1])
        #expect(second.applied.map(\.frame.minY) == [13, 13])
        #expect(background(view, 3)?.applied.last?.section == 3)
        #expect(view._raisedExceptions == [])
    }

    @Test("a decoration kind the layout registered no class for raises, as UIKit does")
    func unregisteredKindRaises() {
        let view = collectionView(height: 10, registers: false)
        view.layoutIfNeeded()
        #expect(view._raisedExceptions.contains { $0.contains("decoration") })
        #expect(background(view, 0) == nil)
    }
}
#endif
