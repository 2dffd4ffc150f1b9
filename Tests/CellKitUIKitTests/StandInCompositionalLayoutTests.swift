#if !canImport(UIKit)
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// The stand-in's UICollectionViewCompositionalLayout on its own, driven as an app drives UIKit (no CellKit
// host): estimated sizes resolved by self-sizing, boundary items, groups, and the display of what self-sizing
// moves, which the hosts' tests rely on it to do as UIKit does.

/// A cell as tall as the number its data source gave it (one point by default).
@MainActor
final class SizedCell: UICollectionViewCell {
    var height: CGFloat = 1
    var sizings = 0
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        sizings += 1
        return CGSize(width: targetSize.width, height: height)
    }
}

/// A collection data source whose counts and cell heights a test sets, logging the displays.
@MainActor
final class SizedCellsDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var counts: [Int]
    var heights: [IndexPath: CGFloat] = [:]
    var log: [String] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        (cell as? SizedCell)?.height = heights[indexPath] ?? 1
        return cell
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "cell", for: indexPath)
        (view as? SizedCell)?.height = 2
        return view
    }
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        log.append("display \(indexPath[1])")
    }
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        log.append("end \(indexPath[1])")
    }
}

@MainActor
@Suite("UICollectionViewCompositionalLayout (stand-in)")
struct StandInCompositionalLayoutTests {
    let source = SizedCellsDataSource([6])

    /// A collection view 10 points tall of one-section layout `section`.
    func collectionView(_ section: @escaping @MainActor () -> NSCollectionLayoutSection) -> UICollectionView {
        let layout = UICollectionViewCompositionalLayout { _, _ in section() }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: 10), collectionViewLayout: layout)
        view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        view.register(
            SizedCell.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        return view
    }

    func heights(_ view: UICollectionView) -> [Int] {
        view._visibleFramesTopToBottom.map { Int($0.height) }
    }

    static func section(item: NSCollectionLayoutDimension, header: NSCollectionLayoutDimension? = nil)
        -> NSCollectionLayoutSection
    {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: item)
        let section = NSCollectionLayoutSection(
            group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
        if let header {
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: header),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            ]
        }
        return section
    }

    @Test("estimated items size themselves when shown; the ones never shown keep the estimate")
    func estimatedResolvedWhenShown() {
        source.counts = [8]
        source.heights = [IndexPath(indexes: [0, 1]): 3]
        let view = collectionView { Self.section(item: .estimated(4), header: .estimated(5)) }
        view.layoutIfNeeded()
        // The header (2) and items 0 to 5 (1, 3, 1, 1, 1, 1) fill the 10 points; 6 and 7 keep their estimate.
        #expect(heights(view) == [2, 1, 3, 1, 1, 1, 1])
        #expect(Int(view.contentSize.height) == 10 + 2 * 4)
        #expect(view._raisedExceptions == [])
    }

    @Test("a cell that self-sizing pushes out of the viewport before it shows is never displayed")
    func noDisplayForPushedOut() {
        source.heights = [IndexPath(indexes: [0, 0]): 9]
        let view = collectionView { Self.section(item: .estimated(2)) }
        view.layoutIfNeeded()
        // Item 0 grows from 2 to 9: of the five items the estimates showed, only 0 and 1 stay.
        #expect(source.log == ["display 0", "display 1"])
        #expect(heights(view) == [9, 1])
    }

    @Test("a self-sized height follows its item through a batch; a reload drops it")
    func sizesFollowItems() {
        source.counts = [12]
        source.heights = [IndexPath(indexes: [0, 0]): 3]
        let view = collectionView { Self.section(item: .estimated(4)) }
        view.layoutIfNeeded()
        // 3 + 7 items of 1 fill the 10 points; the last four keep their estimate.
        #expect(Int(view.contentSize.height) == 3 + 7 + 4 * 4)
        // Item 0 moves to the end, out of view, and keeps its 3 points there; items 7 to 9 come into view.
        source.heights = [IndexPath(indexes: [0, 11]): 3]
        view.performBatchUpdates { view.moveItem(at: IndexPath(indexes: [0, 0]), to: IndexPath(indexes: [0, 11])) }
        #expect(heights(view) == Array(repeating: 1, count: 10))
        #expect(Int(view.contentSize.height) == 10 + 4 + 3)
        view.reloadItems(at: [IndexPath(indexes: [0, 11])])
        view.layoutIfNeeded()
        #expect(Int(view.contentSize.height) == 10 + 4 + 4)
        #expect(view._raisedExceptions == [])
    }

    @Test("absolute and fractional heights take no self-sizing; a group's subitems repeat over the items")
    func groups() {
        let view = collectionView {
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(6)),
                subitems: [
                    NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5))),
                    NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.1))),
                ])
            return NSCollectionLayoutSection(group: group)
        }
        view.layoutIfNeeded()
        #expect(heights(view) == [3, 3, 3, 3])
        #expect(Int(view.contentSize.height) == 18)
        let sized = view._visibleViewsTopToBottom.compactMap { $0 as? SizedCell }.map(\.sizings)
        #expect(sized == [0, 0, 0, 0])
    }
}
#endif
