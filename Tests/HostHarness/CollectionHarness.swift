// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `UIKitHarness` requirements.)
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(Simulation) import UIKitStandIn

/// `HostHarness` on a `CollectionViewHost` over the stand-in's `UICollectionView`: what differs from a
/// table view (`UIKitHarness` does the rest).
@MainActor
public final class CollectionHarness: UIKitHarness {
    /// The collection view.
    public let collectionView: UICollectionView
    /// The host that drives it.
    public let collectionHost: CollectionViewHost
    /// The layout the collection view has.
    public let layoutKind: Layout

    /// The layouts a collection harness can give its collection view.
    public enum Layout: Sendable {
        /// A flow layout of one-point rows.
        case flow
        /// A compositional layout of the host's sections (`layoutSection(at:environment:itemHeight:)`) of
        /// one-point rows (an item's own size stays as the data source gives it: a layout of estimated sizes
        /// lays out what a list showed before, which a brand-new list has not measured).
        case compositional
        /// A list layout of the host's list sections (`listSection(at:environment:configuration:)`, plain
        /// appearance): items, headers and footers size themselves.
        case list
    }

    /// A collection view `width` points wide and `height` points tall with a layout of the kind that counts
    /// its invalidations (`relayouts`).
    public init(width: Int = 30, height: Int, layout: Layout = .flow) {
        let flow = CountingFlowLayout()
        flow.itemSize = CGSize(width: CGFloat(width), height: 1)
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)), collectionViewLayout: flow)
        collectionHost = CollectionViewHost(collectionView: collectionView)
        layoutKind = layout
        switch layout {
        case .flow:
            break
        case .compositional:
            let compositional = CountingCompositionalLayout { [weak collectionHost] section, environment in
                collectionHost?.layoutSection(at: section, environment: environment, itemHeight: .absolute(1))
            }
            // Cards are the layout's section backgrounds, as in the layout the host makes.
            collectionHost.drawSectionBackgrounds(in: compositional)
            collectionView.collectionViewLayout = compositional
        case .list:
            let configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            collectionView.collectionViewLayout = CountingCompositionalLayout {
                [weak collectionHost] section, environment in
                collectionHost?.listSection(at: section, environment: environment, configuration: configuration)
            }
        }
    }
    public var listView: UICollectionView { collectionView }
    public var uikitHost: CollectionViewHost { collectionHost }

    public func visibleCell(at indexPath: IndexPath) -> UIView? { collectionView.cellForItem(at: indexPath) }
    public var visibleIndexPaths: [IndexPath] { collectionView.indexPathsForVisibleItems }
    public var selectedListViewIndexPaths: [IndexPath] { collectionView.indexPathsForSelectedItems ?? [] }
    public func heightOfItem(at indexPath: IndexPath) -> CGFloat? {
        collectionView.layoutAttributesForItem(at: indexPath)?.frame.height
    }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        collectionView.layoutIfNeeded()
        let elementKind =
            kind == .header ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
        return collectionView.supplementaryView(
            forElementKind: elementKind, at: ListIndexPath(item: 0, section: section).indexPath)
    }
    /// In a list layout, whose items size themselves from an estimate, an offset names no place: a list
    /// scrolled through and a brand-new one at the same offset have measured different items above it (as
    /// in UIKit). There, as `TextHarness` does with its estimated rows, the harness scrolls to `other`'s
    /// anchor: its first visible item, as far from the viewport's top (again while self-sizing moves it).
    public func scroll(like other: any HostHarness) {
        guard layoutKind == .list, let other = other as? CollectionHarness else { return scroll(toLine: other.topLine) }
        other.collectionView.layoutIfNeeded()
        guard let anchor = other.visibleIndexPaths.compactMap(ListIndexPath.init).min(),
            let anchorTop = other.collectionView._top(of: anchor.indexPath)
        else { return scroll(toLine: other.topLine) }
        let distance = anchorTop - other.collectionView.contentOffset.y
        // Views that come into view above the anchor size themselves and move it: scroll again until it stays.
        var previous: Int?
        for _ in 0..<100 {
            guard let top = collectionView._top(of: anchor.indexPath) else { return }
            let target = max(0, Int(top - distance))
            guard target != topLine, target != previous else { return }
            previous = target
            scroll(toLine: target)
        }
    }
    public var relayouts: Int {
        (collectionView.collectionViewLayout as? CountingFlowLayout)?.invalidations
            ?? (collectionView.collectionViewLayout as? CountingCompositionalLayout)?.invalidations ?? 0
    }
    public var staticContainerReuseIdentifier: String { "CellKitUIKit.StaticViewCollectionCell" }

    /// In a list layout, a swipe reaches the providers the host wired into its list configuration; in the
    /// other layouts, which have no swipe actions of their own, the harness plays a list layout whose swipe
    /// providers call the host's `swipeActionsConfiguration(forItemAt:edge:)`.
    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        let configuration = gesture {
            if layoutKind == .list { return collectionView._swipe(indexPath.indexPath, leading: edge == .leading) }
            return collectionView._swipe(indexPath.indexPath) { [collectionHost] path in
                collectionHost.swipeActionsConfiguration(forItemAt: path, edge: edge)
            }
        }
        return configuration?.actions.map { $0.title ?? "" }
    }
    /// One item through the iOS 13 delegate method, several through the iOS 16 one.
    public func openContextMenu(_ indexPaths: [ListIndexPath]) -> [String]? {
        let menu = gesture {
            indexPaths.count == 1
                ? collectionView._openContextMenu(indexPaths[0].indexPath)
                : collectionView._openContextMenu(forItemsAt: indexPaths.map(\.indexPath))
        }
        return menu?.children.map(\.title)
    }
    public func beginReorder(_ indexPath: ListIndexPath) -> Bool {
        gesture { collectionView.beginInteractiveMovementForItem(at: indexPath.indexPath) }
    }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? {
        gesture { collectionView._updateInteractiveMovementTarget(proposed.indexPath) }
        return collectionView._interactiveMovement.flatMap { ListIndexPath($0.target) }
    }
    public func endReorder() throws -> Bool {
        let move = collectionView._interactiveMovement
        gesture { collectionView.endInteractiveMovement() }
        return move.map { $0.source != $0.target } ?? false
    }

    public func labelType(_ role: LabelRole) -> any (ReusableView & Labelled).Type {
        switch role {
        case .cell: UIKitLabelCell.self
        case .header: UIKitLabelView.self
        case .lines: LinesCollectionView.self
        }
    }
    public var stateLoggingCellType: any (ReusableView & StateLogging).Type { StateLoggingCollectionCell.self }
    public typealias CompositionCell = CompositionCollectionLabelCell
    public func taggedCellType<Tag>(_ tag: Tag.Type) -> any (ReusableView & Labelled).Type {
        TaggedCollectionCell<Tag>.self
    }
    public func configurableCellType<Item>(_ itemType: Item.Type) -> any ConfigurableLabel<Item>.Type {
        ConfigurableCollectionCell<Item>.self
    }
    public func styledCellType<Style: LabelStyle>(_ style: Style.Type) -> any StyledLabel<Style>.Type {
        CollectionStyledLabelCell<Style>.self
    }
    public func formattedLabelType<Format: LabelFormat>(_ format: Format.Type) -> any FormattedLabel<Format>.Type {
        FormattedCollectionCell<Format>.self
    }
}

/// A compositional layout that counts how often it was invalidated.
@MainActor public final class CountingCompositionalLayout: UICollectionViewCompositionalLayout {
    public var invalidations = 0
    public override func invalidateLayout() {
        invalidations += 1
        super.invalidateLayout()
    }
}

/// A flow layout that counts how often it was invalidated.
@MainActor public final class CountingFlowLayout: UICollectionViewFlowLayout {
    public var invalidations = 0
    public override func invalidateLayout() {
        invalidations += 1
        super.invalidateLayout()
    }
}

// MARK: - Labels (see UIKitLabels.swift)

/// A collection header or footer of one line of text.
@MainActor public final class UIKitLabelView: UICollectionReusableView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 1) }
}

/// A collection header or footer as tall as its lines, counting its configurations.
@MainActor
public final class LinesCollectionView: UICollectionReusableView, ReusableView, Labelled,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// A collection label cell that shows its label, one point a line of its text, of a class per tag.
@MainActor
public final class TaggedCollectionCell<Tag>: UICollectionViewListCell, ReusableView, Labelled, ConfigurationCounting {
    public var text = ""
    /// How often a configuration closure set its text.
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// The collection label cell of no tag.
public typealias UIKitLabelCell = TaggedCollectionCell<Untagged>

/// A collection label cell that adopts `ConfigurableView`.
@MainActor
public final class ConfigurableCollectionCell<Item>: UICollectionViewListCell, ConfigurableLabel, ConfigurationCounting
{
    public typealias ViewModel = Item
    public var text = ""
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// A collection cell of a class per format, one point a line.
@MainActor
public final class FormattedCollectionCell<Format: LabelFormat>: UICollectionViewListCell, FormattedLabel,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public var binding = Binding<Format>()
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { linesFitting(targetSize, text) }
}

/// A collection cell of the composition tests.
@MainActor
public final class CompositionCollectionLabelCell: UICollectionViewListCell, ReusableView, UIKitCompositionLabel {
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = false
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
    public override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        UIKitHarnessState.selfSizing { super.preferredLayoutAttributesFitting(layoutAttributes) }
    }
}

/// A collection `ConfigurableView` label of a style.
@MainActor public final class CollectionStyledLabelCell<Style: LabelStyle>: UICollectionViewListCell, StyledLabel {
    public var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
    public override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        UIKitHarnessState.selfSizing { super.preferredLayoutAttributesFitting(layoutAttributes) }
    }
}

/// A collection cell that logs its state changes, as a cell restyles in `isHighlighted`'s and
/// `isSelected`'s observers.
@MainActor public final class StateLoggingCollectionCell: UICollectionViewListCell, ReusableView, StateLogging {
    public var text = ""
    public var log: (@MainActor (String) -> Void)?
    public override var isSelected: Bool {
        didSet { if isSelected != oldValue { logState() } }
    }
    public override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { logState() } }
    }
    private func logState() { log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected)) }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: 1) }
}
#endif
