#if !canImport(UIKit)
import DiffableStore
import Foundation

/// What a compositional layout gives one layout pass of a collection view: per section the list section's
/// configuration (for its swipe action providers) and the heights of its items, header and footer. The
/// stand-in lays every item out on a full-width row of its own; an item takes the height of the group's
/// subitem it falls on (the group's subitems in order, then again from the first, nested groups flattened):
/// absolute, estimated (resolved by self-sizing), a fraction of the width, or a fraction of its group's
/// height (of the collection view's, for a group that is a fraction of it).
@MainActor
struct ResolvedSections {
    struct Section {
        var items: [LayoutHeight]
        var header: LayoutHeight?
        var footer: LayoutHeight?
        var listConfiguration: UICollectionLayoutListConfiguration?
    }

    var sections: [Section]

    /// Asks the layout's section provider for each section, once.
    init(_ layout: UICollectionViewCompositionalLayout, counts: [Int], size: CGSize) {
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: size))
        sections = counts.enumerated().map { index, count in
            guard let section = layout._sectionProvider(index, environment) else {
                return Section(items: Array(repeating: .exact(0), count: count))
            }
            let leaves = Self.leaves(
                of: section.group, width: size.width, groupHeight: Self.height(section.group.layoutSize, in: size))
            let items = (0..<count).map { leaves.isEmpty ? LayoutHeight.exact(0) : leaves[$0 % leaves.count] }
            return Section(
                items: items, header: Self.boundary(UICollectionView.elementKindSectionHeader, of: section, in: size),
                footer: Self.boundary(UICollectionView.elementKindSectionFooter, of: section, in: size),
                listConfiguration: section._listConfiguration)
        }
    }

    /// The height of a section's boundary item of a kind, `nil` when it has none.
    private static func boundary(_ kind: String, of section: NSCollectionLayoutSection, in size: CGSize)
        -> LayoutHeight?
    {
        section.boundarySupplementaryItems.first { $0.elementKind == kind }.map { height($0.layoutSize, in: size) }
    }

    /// The heights of a group's items, in order, nested groups flattened.
    private static func leaves(of group: NSCollectionLayoutGroup, width: CGFloat, groupHeight: LayoutHeight)
        -> [LayoutHeight]
    {
        group.subitems.flatMap { item -> [LayoutHeight] in
            let height = resolve(item.layoutSize.heightDimension, width: width, parent: groupHeight)
            if let nested = item as? NSCollectionLayoutGroup {
                return leaves(of: nested, width: width, groupHeight: height)
            }
            return [height]
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
