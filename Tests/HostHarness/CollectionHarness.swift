// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `UIKitHarness` requirements.)
#if !canImport(UIKit)
import CellKit
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
    /// A collection view `width` points wide and `height` points tall with a flow layout of one-point rows
    /// that counts its invalidations (`relayouts`).
    public init(width: Int = 30, height: Int) {
        let layout = CountingFlowLayout()
        layout.itemSize = CGSize(width: CGFloat(width), height: 1)
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)), collectionViewLayout: layout)
        collectionHost = CollectionViewHost(collectionView: collectionView)
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
    public var relayouts: Int { (collectionView.collectionViewLayout as? CountingFlowLayout)?.invalidations ?? 0 }
    public var staticContainerReuseIdentifier: String { "CellKitUIKit.StaticViewCollectionCell" }

    /// A list layout's swipe providers call the host's `swipeActionsConfiguration(forItemAt:edge:)`.
    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        let configuration = gesture {
            collectionView._swipe(indexPath.indexPath) { [collectionHost] path in
                collectionHost.swipeActionsConfiguration(forItemAt: path, edge: edge)
            }
        }
        return configuration?.actions.map { $0.title ?? "" }
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
public final class TaggedCollectionCell<Tag>: UICollectionViewCell, ReusableView, Labelled, ConfigurationCounting {
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
public final class ConfigurableCollectionCell<Item>: UICollectionViewCell, ConfigurableLabel, ConfigurationCounting {
    public typealias ViewModel = Item
    public var text = ""
    public var configurations = 0
}

/// A collection cell of a class per format, one point a line.
@MainActor
public final class FormattedCollectionCell<Format: LabelFormat>: UICollectionViewCell, FormattedLabel,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public var binding = Binding<Format>()
}

/// A collection cell of the composition tests.
@MainActor public final class CompositionCollectionLabelCell: UICollectionViewCell, ReusableView, UIKitCompositionLabel
{
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = false
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A collection `ConfigurableView` label of a style.
@MainActor public final class CollectionStyledLabelCell<Style: LabelStyle>: UICollectionViewCell, StyledLabel {
    public var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    public var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A collection cell that logs its state changes, as a cell restyles in `isHighlighted`'s and
/// `isSelected`'s observers.
@MainActor public final class StateLoggingCollectionCell: UICollectionViewCell, ReusableView, StateLogging {
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
