#if !canImport(UIKit)
import DiffableStore
import Foundation

/// A section's header or footer, the only supplementary views the stand-in lays out.
enum SupplementaryEdge: Int, Comparable, CustomStringConvertible {
    case header
    case footer

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String { self == .header ? "header" : "footer" }
}

/// A height in a list view's layout: known, or estimated until the view shown there sizes itself
/// (`preferredLayoutAttributesFitting(_:)`).
enum LayoutHeight: Equatable {
    case exact(CGFloat)
    case estimated(CGFloat)
}

/// Where an item lies in a list view's layout: its height, its leading edge and width (`nil`: the list
/// view's width), and whether it starts a row of its own (`gapAbove` below the row before) or lies on the
/// row of the item before it.
struct ItemPlacement: Equatable {
    var height: LayoutHeight
    var x: CGFloat = 0
    var width: CGFloat?
    var startsRow = true
    var gapAbove: CGFloat = 0
}

/// A view the stand-in reuses: `UICollectionReusableView`, `UITableViewCell`, `UITableViewHeaderFooterView`.
@MainActor
protocol StandInReusableView: UIView {
    /// The identifier the view was dequeued under (`reuseIdentifier` in UIKit).
    var _reuseIdentifier: String? { get set }
    func prepareForReuse()
}

/// How a list view names its UIKit calls in logs and messages, and which of UIKit's dequeue rules it has.
struct ListViewNames {
    /// The data source's cell method, as UIKit's messages name it.
    var cellForItem: String
    /// The method that supplies headers and footers.
    var supplementary: String
    /// The reconfigure method, as the update log names it (`reconfigureItems`, `reconfigureRows`).
    var reconfigure: String
    /// What the list view calls an item (`item`, `row`).
    var item: String
    /// Whether a view the data source returns must be one it dequeued for that place (a collection
    /// view's rule; a table view takes any cell and any header view).
    var requiresDequeuedViews: Bool
}

/// What a stand-in list view gives its ``ListViewEngine``: the calls to its data source, delegate and
/// prefetch data source, and how it makes its reusable views. Each method is one UIKit call (or, where
/// UIKit's protocol method is optional and absent, what UIKit does then).
@MainActor
protocol ListViewBackend: UIScrollView {
    var _names: ListViewNames { get }
    var _hasDataSource: Bool { get }
    var _hasPrefetchDataSource: Bool { get }
    var _scrollDelegate: (any UIScrollViewDelegate)? { get }

    /// The section and item counts the data source reports, `nil` without a data source.
    func _countsFromDataSource() -> [Int]?
    func _cellFromDataSource(at indexPath: IndexPath) -> (any StandInReusableView)?
    /// The header or footer view of a section, `nil` for none.
    func _supplementaryFromDataSource(_ edge: SupplementaryEdge, section: Int) -> UIView?
    /// Called as a layout pass begins, with the counts it lays out: a collection view asks its
    /// compositional layout for its sections here.
    func _prepareLayout(counts: [Int])
    func _heightOfItem(at indexPath: IndexPath) -> LayoutHeight
    /// Where an item lies: a full-width row of `_heightOfItem(at:)` unless the layout places it otherwise.
    func _placementOfItem(at indexPath: IndexPath) -> ItemPlacement
    /// Whether a section's header or footer is pinned to the viewport while the section is in view.
    func _pins(_ edge: SupplementaryEdge, section: Int) -> Bool
    /// Whether a section scrolls orthogonally (sideways, with its own offset) in the layout.
    func _scrollsOrthogonally(section: Int) -> Bool
    /// Tells the layout a section in the viewport is about to be displayed, with its visible items'
    /// frames and its content offset (a compositional layout calls the section's visible items handler).
    func _willDisplayItems(ofSection section: Int, _ items: [(IndexPath, CGRect)], offset: CGPoint)
    /// The layout's `contentInsets` of a section: its items lie inside them.
    func _contentInsets(ofSection section: Int) -> NSDirectionalEdgeInsets
    /// The layout's background decoration items of a section: their kinds and the insets of their frames.
    func _decorations(ofSection section: Int) -> [(kind: String, insets: NSDirectionalEdgeInsets)]
    /// A new decoration view of a kind, of the class the layout registered for it; `nil` for none.
    func _makeDecorationView(ofKind kind: String) -> UICollectionReusableView?
    /// The height of a section's header or footer; `nil` (or zero) for none.
    func _height(of edge: SupplementaryEdge, section: Int) -> LayoutHeight?
    /// The height a view laid out at an estimated height wants at a width (self-sizing).
    func _preferredHeight(of view: UIView, width: CGFloat, estimate: CGFloat) -> CGFloat
    /// The content offset to place the views at after a batch of updates, asked once the layout is
    /// prepared for the new state (a collection view asks its delegate); `nil` keeps the offset.
    func _targetContentOffsetAfterUpdates(proposed: CGPoint) -> CGPoint?

    func _willDisplayCell(_ cell: UIView, at indexPath: IndexPath)
    func _didEndDisplayingCell(_ cell: UIView, at indexPath: IndexPath)
    func _willDisplay(_ view: UIView, _ edge: SupplementaryEdge, section: Int)
    func _didEndDisplaying(_ view: UIView, _ edge: SupplementaryEdge, section: Int)
    func _didHighlight(_ indexPath: IndexPath)
    func _didUnhighlight(_ indexPath: IndexPath)
    func _didSelect(_ indexPath: IndexPath)
    func _didDeselect(_ indexPath: IndexPath)
    func _prefetch(_ indexPaths: [IndexPath])
    func _cancelPrefetching(_ indexPaths: [IndexPath])

    func _canMoveItem(at indexPath: IndexPath) -> Bool
    /// The delegate's focus methods (UIKitAPI+Focus.swift).
    func _canFocusItem(at indexPath: IndexPath) -> Bool
    func _shouldUpdateFocus(from previous: IndexPath?, to next: IndexPath?) -> Bool
    func _didUpdateFocus(from previous: IndexPath?, to next: IndexPath?)
    func _preferredFocusIndexPath() -> IndexPath?
    func _selectionFollowsFocus(at indexPath: IndexPath) -> Bool
    /// Where a moved item would drop for a proposal: the delegate's answer, the proposal without one.
    func _targetForMove(from source: IndexPath, proposed: IndexPath) -> IndexPath
    func _moveItemInDataSource(from source: IndexPath, to destination: IndexPath)

    /// A new view of a registered class, made as UIKit makes it; `nil` when the class is not one this
    /// list view can make there.
    func _makeView(of viewClass: AnyClass, reuseIdentifier: String, isCell: Bool) -> (any StandInReusableView)?
    /// The registration kind the views of an edge are registered and pooled under.
    func _registrationKind(of edge: SupplementaryEdge) -> String
}

/// `IndexPath` `[section, item]` as the stand-in's index path.
func _path(_ indexPath: IndexPath) -> ListIndexPath {
    ListIndexPath(indexPath) ?? ListIndexPath(item: -1, section: -1)
}
extension ListViewBackend {
    func _placementOfItem(at indexPath: IndexPath) -> ItemPlacement {
        ItemPlacement(height: _heightOfItem(at: indexPath))
    }
    func _scrollsOrthogonally(section: Int) -> Bool { false }
    func _contentInsets(ofSection section: Int) -> NSDirectionalEdgeInsets { NSDirectionalEdgeInsets() }
    func _decorations(ofSection section: Int) -> [(kind: String, insets: NSDirectionalEdgeInsets)] { [] }
    func _makeDecorationView(ofKind kind: String) -> UICollectionReusableView? { nil }
    func _willDisplayItems(ofSection section: Int, _ items: [(IndexPath, CGRect)], offset: CGPoint) {}
}
#endif
