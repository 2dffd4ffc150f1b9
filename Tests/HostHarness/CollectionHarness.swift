// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `Labelled` requirements.)
#if !canImport(UIKit)
import CellKit
import DiffableStore
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn

/// A collection cell that shows its label: one point a line of its text.
@MainActor public final class UIKitLabelCell: UICollectionViewCell, ReusableView, Labelled {
    public var text = ""
    /// How often a configuration closure set its text.
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

/// A collection header or footer of one line of text.
@MainActor public final class UIKitLabelView: UICollectionReusableView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

/// `HostHarness` on a `CollectionViewHost` over the stand-in's `UICollectionView`.
@MainActor
public final class CollectionHarness: HostHarness {
    /// The collection view.
    public let collectionView: UICollectionView
    /// The host that drives it.
    public let collectionHost: CollectionViewHost
    /// A collection view `width` points wide and `height` points tall with a flow layout of one-point rows.
    public init(width: Int = 30, height: Int) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: CGFloat(width), height: 1)
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)), collectionViewLayout: layout)
        collectionHost = CollectionViewHost(collectionView: collectionView)
    }
    public var host: any ListHost { collectionHost }
    public func setDelegate(_ delegate: any ListHostDelegate) { collectionHost.delegate = delegate }
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: UIKitLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    public func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: UIKitLabelView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    public func render() -> [String] {
        let views = collectionView._visibleViewsTopToBottom
        collectionHost.deliverPendingEvents()
        return views.flatMap { (($0 as? Labelled)?.text ?? "?").split(separator: "\n").map(String.init) }
            .filter { !$0.isEmpty }
    }
    public func select(_ indexPath: ListIndexPath) {
        collectionView._tap(indexPath.indexPath)
        collectionHost.deliverPendingEvents()
    }
    public var selectedIndexPaths: [ListIndexPath] {
        (collectionView.indexPathsForSelectedItems ?? []).compactMap(ListIndexPath.init).sorted()
    }
    public func scroll(toLine line: Int) {
        collectionView._scroll(toY: CGFloat(line))
        collectionHost.deliverPendingEvents()
    }
    public func scrollToEnd() {
        collectionView.layoutIfNeeded()
        collectionView._scroll(toY: max(0, collectionView.contentSize.height - collectionView.frame.height))
        collectionHost.deliverPendingEvents()
    }
    public var topLine: Int { Int(collectionView.contentOffset.y) }
    public func cell(at indexPath: ListIndexPath) -> AnyObject? {
        collectionView.layoutIfNeeded()
        return collectionView.cellForItem(at: indexPath.indexPath)
    }
    public var viewsCreated: Int { collectionView._statistics.created }
    public var problems: [String] { collectionView._raisedExceptions }
}
#endif
