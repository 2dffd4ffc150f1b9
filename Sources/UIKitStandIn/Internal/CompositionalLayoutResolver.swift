#if !canImport(UIKit)
import DiffableStore
import Foundation

/// What a compositional layout gives one layout pass of a collection view: per section the list section's
/// configuration (for its swipe action providers), where its items lie and the heights of its items, header
/// and footer, and whether the header and footer are pinned. Items follow the group's subitems in order, then
/// again from the first (nested groups flattened): a vertical group's one below the other, a horizontal
/// group's side by side on one row as tall as its tallest, each `interItemSpacing` apart
/// (https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup). An item's height is absolute,
/// estimated (resolved by self-sizing), a fraction of the width, or a fraction of its group's height (of the
/// collection view's, for a group that is a fraction of it). A section that scrolls orthogonally
/// (https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/orthogonalscrollingbehavior)
/// repeats its group side by side on one band instead, `interGroupSpacing` apart
/// (https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/intergroupspacing).
@MainActor
struct ResolvedSections {
    struct Section {
        var items: [ItemPlacement]
        var header: LayoutHeight?
        var footer: LayoutHeight?
        var pinsHeader = false
        var pinsFooter = false
        var listConfiguration: UICollectionLayoutListConfiguration?
        /// Whether the section scrolls orthogonally: its items lie on one band, with its own offset.
        var scrollsOrthogonally = false
        var visibleItemsHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
        /// The section's `contentInsets`: its items lie inside them.
        var contentInsets = NSDirectionalEdgeInsets()
        /// The section's background decoration items: their kinds, and the insets of their frames.
        var decorations: [(kind: String, insets: NSDirectionalEdgeInsets)] = []
    }

    var sections: [Section]
    /// The environment the section provider was given, which the visible items handlers get too.
    let environment: any NSCollectionLayoutEnvironment

    /// Asks the layout's section provider for each section, once.
    init(_ layout: UICollectionViewCompositionalLayout, counts: [Int], size: CGSize) {
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: size))
        self.environment = environment
        sections = counts.enumerated().map { index, count in
            guard let section = layout._sectionProvider(index, environment) else {
                return Section(items: Array(repeating: ItemPlacement(height: .exact(0)), count: count))
            }
            let insets = section.contentInsets
            let groupWidth = Self.width(
                section.group.layoutSize.widthDimension, in: max(0, size.width - insets.leading - insets.trailing))
            let leaves = Self.leaves(
                of: section.group, x: insets.leading, width: groupWidth,
                groupHeight: Self.height(section.group.layoutSize, in: size))
            let scrollsOrthogonally = section.orthogonalScrollingBehavior != .none
            let items = (0..<count).map { item -> ItemPlacement in
                guard !leaves.isEmpty else { return ItemPlacement(height: .exact(0)) }
                var placement = leaves[item % leaves.count]
                if scrollsOrthogonally {
                    // The group repeats side by side on the section's one band, `interGroupSpacing` apart.
                    let repetition = CGFloat(item / leaves.count)
                    placement.x += repetition * (groupWidth + section.interGroupSpacing)
                    placement.startsRow = item == 0
                    placement.gapAbove = 0
                } else if item % leaves.count == 0 {
                    // The group repeats: its first item starts a row below the last one of the repetition
                    // before.
                    placement.startsRow = true
                }
                return placement
            }
            let header = Self.boundary(UICollectionView.elementKindSectionHeader, of: section)
            let footer = Self.boundary(UICollectionView.elementKindSectionFooter, of: section)
            return Section(
                items: items, header: header.map { Self.height($0.layoutSize, in: size) },
                footer: footer.map { Self.height($0.layoutSize, in: size) },
                pinsHeader: header?.pinToVisibleBounds ?? false, pinsFooter: footer?.pinToVisibleBounds ?? false,
                listConfiguration: section._listConfiguration, scrollsOrthogonally: scrollsOrthogonally,
                visibleItemsHandler: section.visibleItemsInvalidationHandler, contentInsets: insets,
                decorations: section.decorationItems.map { ($0.elementKind, $0.contentInsets) })
        }
    }

    /// A section's boundary item of a kind, `nil` when it has none.
    private static func boundary(_ kind: String, of section: NSCollectionLayoutSection)
        -> NSCollectionLayoutBoundarySupplementaryItem?
    {
        section.boundarySupplementaryItems.first { $0.elementKind == kind }
    }

    /// Where a group's items lie, in order, nested groups flattened: a vertical group's each start a row
    /// (the rows after the first `interItemSpacing` below the one before), a horizontal group's lie on the
    /// row of its first, `interItemSpacing` apart.
    private static func leaves(
        of group: NSCollectionLayoutGroup, x: CGFloat, width: CGFloat, groupHeight: LayoutHeight
    ) -> [ItemPlacement] {
        let spacing = group.interItemSpacing?.spacing ?? 0
        var cursor = x
        var result: [ItemPlacement] = []
        for (index, item) in group.subitems.enumerated() {
            let height = resolve(item.layoutSize.heightDimension, width: width, parent: groupHeight)
            let itemWidth = Self.width(item.layoutSize.widthDimension, in: width)
            let itemX = group._isHorizontal ? cursor : x
            var placed =
                if let nested = item as? NSCollectionLayoutGroup {
                    leaves(of: nested, x: itemX, width: itemWidth, groupHeight: height)
                } else {
                    [ItemPlacement(height: height, x: itemX, width: itemWidth, startsRow: true)]
                }
            if group._isHorizontal, index > 0 {
                for leaf in placed.indices where placed[leaf].startsRow { placed[leaf].startsRow = false }
            } else if !group._isHorizontal, index > 0, !placed.isEmpty {
                placed[0].gapAbove += spacing
            }
            result += placed
            cursor += itemWidth + spacing
        }
        return result
    }

    /// A width dimension in a container of a width: absolute, estimated or a fraction of the width (a
    /// fraction of the height counts as one of the width: the stand-in's items are as wide as they say).
    private static func width(_ dimension: NSCollectionLayoutDimension, in width: CGFloat) -> CGFloat {
        switch dimension.kind {
        case .absolute, .estimated: dimension.dimension
        case .fractionalWidth, .fractionalHeight: width * dimension.dimension
        }
    }

    /// A size's height, in a container of a size (the collection view's).
    private static func height(_ size: NSCollectionLayoutSize, in container: CGSize) -> LayoutHeight {
        resolve(size.heightDimension, width: container.width, parent: .exact(container.height))
    }

    /// A height dimension: absolute, estimated, a fraction of the width or of the parent's height.
    private static func resolve(_ dimension: NSCollectionLayoutDimension, width: CGFloat, parent: LayoutHeight)
        -> LayoutHeight
    {
        switch dimension.kind {
        case .absolute: .exact(dimension.dimension)
        case .estimated: .estimated(dimension.dimension)
        case .fractionalWidth: .exact(width * dimension.dimension)
        case .fractionalHeight:
            switch parent {
            case .exact(let height): .exact(height * dimension.dimension)
            case .estimated(let height): .estimated(height * dimension.dimension)
            }
        }
    }
}

/// The layout environment a section provider gets.
private final class LayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    let container: any NSCollectionLayoutContainer
    init(container: any NSCollectionLayoutContainer) { self.container = container }
}

/// The collection view's size, without insets.
private final class LayoutContainer: NSObject, NSCollectionLayoutContainer {
    let contentSize: CGSize
    init(contentSize: CGSize) { self.contentSize = contentSize }
    var effectiveContentSize: CGSize { contentSize }
    var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets() }
    var effectiveContentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets() }
}
#endif

#if !canImport(UIKit)
/// An item a section's visible items handler gets: where it lies, in the collection view's coordinates.
final class VisibleLayoutItem: NSObject, NSCollectionLayoutVisibleItem {
    let indexPath: IndexPath
    let frame: CGRect
    var representedElementKind: String? { nil }
    init(indexPath: IndexPath, frame: CGRect) {
        self.indexPath = indexPath
        self.frame = frame
    }
}
#endif
