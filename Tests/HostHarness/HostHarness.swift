@_spi(ListHost) import CellKit
import DiffableStore
import Foundation

// The host-agnostic layer of the tests: a data-source test written once against `HostHarness` runs on
// the text host and, where UIKit does not exist, on `CollectionViewHost` (with a flow layout and with a
// compositional layout of the host's sections, and with a list layout) and `TableViewHost` over the
// UIKit stand-in (`@Test(arguments: HostKind.allCases)`); tests of the data source's item sizes run on
// `HostKind.takingItemSizes`, without the list layout. Test-only support, not a product.
//
// Where things are: this file holds what a harness does (`HostHarness`) and which hosts there are. A file
// per concern holds its views and the code all hosts share: Labels, FormattedLabels, SizedLabels,
// UpdateLog, StaticViews, Attachments. A file per host holds the host's harness: TextHarness, and
// CollectionHarness and TableHarness, which give only what differs between the two list views;
// UIKitHarness (with Rendering and UIKitLabels) does the rest for both.

/// The hosts a shared test runs on.
public enum HostKind: String, CaseIterable, CustomStringConvertible, Sendable {
    /// The hosts a shared test runs on: every one.
    public static var allCases: [HostKind] {
        #if canImport(UIKit)
        [.text]
        #else
        [.text, .collection, .table, .compositional, .list]
        #endif
    }

    /// The hosts whose layout takes the data source's item sizes (`ItemSizing`) and the heights of what
    /// shows with a cell (item-scoped views such as separators, a card's margins): every one but ``list``.
    ///
    /// Tests of those sizes run on these. A list layout (`listSection(at:environment:configuration:)`)
    /// cannot take them, by design: its list sections size each cell themselves (self-sizing, from a
    /// 44-point estimate), as `NSCollectionLayoutSection.list(using:layoutEnvironment:)` does in UIKit; the
    /// host asks the data source for no size there (no measure, no cached length), a cell shown with
    /// separators or a card is only as tall as its own content (they overlap it), and an item invalidated
    /// off screen keeps its self-sized height until it shows again. `CollectionViewHost`'s documentation says
    /// so (use `layoutSection(at:environment:itemHeight:)` for the data source's sizes).
    public static var takingItemSizes: [HostKind] { allCases.filter { $0.takesItemSizes } }

    /// Whether the host's layout takes the data source's item sizes (see ``takingItemSizes``).
    public var takesItemSizes: Bool {
        #if canImport(UIKit)
        true
        #else
        self != .list
        #endif
    }

    /// `TextListView`.
    case text
    #if !canImport(UIKit)
    /// `CollectionViewHost` over the stand-in's `UICollectionView`.
    case collection
    /// `TableViewHost` over the stand-in's `UITableView`.
    case table
    /// `CollectionViewHost` over a `UICollectionView` with a compositional layout of the host's sections.
    case compositional
    /// `CollectionViewHost` over a `UICollectionView` with a list layout of the host's list sections.
    case list
    #endif

    /// The raw value, as test arguments print it.
    public var description: String { rawValue }

    /// A host with a viewport `height` lines tall and `width` columns wide. On the UIKit hosts a line is
    /// one point: a label cell is one point a line of its text, a header or footer one point. The text
    /// host estimates rows it has not measured at `estimatedRowHeight` lines.
    @MainActor
    public func make(width: Int = 30, height: Int = 10, estimatedRowHeight: Int = 1) -> any HostHarness {
        switch self {
        case .text: TextHarness(width: width, height: height, estimatedRowHeight: estimatedRowHeight)
        #if !canImport(UIKit)
        case .collection: CollectionHarness(width: width, height: height)
        case .table: TableHarness(width: width, height: height)
        case .compositional: CollectionHarness(width: width, height: height, layout: .compositional)
        case .list: CollectionHarness(width: width, height: height, layout: .list)
        #endif
        }
    }
}

/// What a shared test does with a host, whichever it is. On the UIKit hosts each gesture is what a user
/// (or the app's gesture code) does to UIKit: the stand-in's simulation drives the list view, and the
/// events UIKit reports are delivered before the call returns.
@MainActor
public protocol HostHarness: AnyObject {
    // MARK: The host (the host files; UIKitHarness.swift for what the list views share)

    /// The host, for a data source.
    var host: any ListHost { get }
    /// Makes `delegate` the host's delegate.
    @_spi(ListHost) func setDelegate(_ delegate: any ListHostDelegate)
    /// The view showing an item, if visible.
    func cell(at indexPath: ListIndexPath) -> AnyObject?
    /// The header or footer view showing for a section, if visible.
    func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject?
    /// The height of the content, in lines (points on UIKit).
    var contentHeight: Int { get }
    /// Lays the list out, as the end of the main actor's turn does (the text host lays out at once; UIKit
    /// lays out when the run loop asks), delivering the events it made.
    func layoutIfNeeded()
    /// Changes the size of the viewport.
    func resize(width: Int, height: Int)
    /// What UIKit would have raised (always empty on the text host).
    var problems: [String] { get }
    /// Views made by the host (not recycled).
    var viewsCreated: Int { get }
    /// Views made in all: by the list view, and by the host for what it shows with cells.
    var allViewsCreated: Int { get }
    /// How many times the host measured a view (fitted a cell to a width) since it was made.
    var measuredViews: Int { get }
    /// How many times the host configured a visible cell again in place (the same cell).
    var reconfiguredInPlace: Int { get }
    /// How many times the host had a view configured to show (in place or dequeued; not the views it
    /// measures off screen).
    var configuredViews: Int { get }
    /// How many times the host laid its items out again because their sizes changed.
    var relayouts: Int { get }

    // MARK: Labels (Labels, FormattedLabels and SizedLabels register them)

    /// The host's label class for a role: a cell, a one-line header or footer, or a header or footer as
    /// tall as its lines (one point a line on UIKit, where cells and the latter count their configurations).
    func labelType(_ role: LabelRole) -> any (ReusableView & Labelled).Type
    /// The host's label cell of a class per tag.
    func taggedCellType<Tag>(_ tag: Tag.Type) -> any (ReusableView & Labelled).Type
    /// The host's label cell that adopts `ConfigurableView` for `Item`, showing the item's description.
    func configurableCellType<Item>(_ itemType: Item.Type) -> any ConfigurableLabel<Item>.Type
    /// The host's cell of a class per format (see `FormattedCell`), which adopts `ConfigurableView` and
    /// `UnbindableView` and shows its item as `format` says.
    func formattedLabelType<Format: LabelFormat>(_ format: Format.Type) -> any FormattedLabel<Format>.Type
    /// The host's label cell that logs its highlighted and selected states as the host (UIKit, on the
    /// UIKit hosts) changes them.
    var stateLoggingCellType: any (ReusableView & StateLogging).Type { get }
    /// Registers a label cell for an item type with a sizing (`nil`: none); see
    /// ``registerLabel(_:for:sizing:wrapsAtWidth:live:text:)``.
    func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String)
    /// Registers a `ConfigurableView` label cell for `Style.Item`, which does not read its context (a
    /// registration with a closure does), with a sizing (`nil`: none).
    func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?)
    /// Registers an item type through the host's content configurations
    /// (`registerContent(itemType:content:background:)`): a list content with `text`, and a background
    /// marked (the text host fills it with `░`; the UIKit hosts' render shows ` ░` after the text) when
    /// `marked` says so.
    func registerContentRow<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item, CellState) -> String, marked: @escaping @MainActor (Item, CellState) -> Bool)
    /// How often a view made by a harness registration was configured (0 for `nil`).
    func configurations(of view: AnyObject?) -> Int

    // MARK: Rendering (the text host; Rendering.swift for UIKit)

    /// The lines shown, top to bottom (blank lines and trailing spaces left out); lays out and, on the
    /// UIKit hosts, ends the main actor's turn so the host delivers what UIKit reported.
    func render() -> [String]
    /// The lines shown, as ``render()``, with the static views' lines too, each row cut to its height.
    func renderWithStaticViews() -> [String]
    /// Every line of the content, as `render()` shows lines: `TextListView.renderAll()` on the text host;
    /// on the UIKit hosts the views shown as the list view scrolls down a page at a time from the top, in
    /// the order of the list, then the offset put back, as a user who scrolled through it all would leave it.
    func renderAll() -> [String]
    /// The viewport, exactly as many lines as it is tall: each view shown drawn at its height (its text
    /// cut there, or padded with blank lines), trailing spaces left out.
    func screen() -> [String]
    /// Every line of the content, top to bottom, blank lines kept (on the UIKit hosts: the content must
    /// fit the viewport).
    func contentLines() -> [String]

    // MARK: Updates (UpdateLog.swift)

    /// Every update the host performed, in the text host's words: a batch's description (`"insert
    /// 0.1"`), `"reload data"`, `"reconfigure 0.1, 0.2"`, `"reconfigure supplementary views in sections
    /// 0"`. On the UIKit hosts, what the list view was told: the structural part of a batch
    /// (`performBatchUpdates`) and the reconfigure after it are two lines, and an empty batch (how a table
    /// view lays its rows out again) reads `"no changes"`.
    var performedUpdates: [String] { get }
    /// ``performedUpdates`` without the UIKit list views' empty batches (``relayouts`` counts them).
    var updateLog: [String] { get }
    /// Batches performed: the text host's batch count; the UIKit list view's `performBatchUpdates` calls.
    var batchUpdates: Int { get }
    /// Whether the host performs an interactive move as a batch of its own (the text host); UIKit moves
    /// the cell itself and then tells the data source, so its log shows no batch for it.
    var performsInteractiveMovesAsBatches: Bool { get }

    // MARK: Gestures (the host files; UIKitHarness.swift for what the list views share)

    /// Selects an item as a tap does.
    func select(_ indexPath: ListIndexPath)
    /// The selected items' index paths, sorted.
    var selectedIndexPaths: [ListIndexPath] { get }
    /// Deselects the selected items, telling the delegate.
    func deselectAll()
    /// Whether a tap adds its item to the selection and a tap on a selected item deselects it: the host's
    /// `allowsMultipleSelection`.
    var allowsMultipleSelection: Bool { get set }
    /// The visible items whose cells show as selected (their `isSelected`, as the host or UIKit set it),
    /// sorted.
    var visiblySelectedIndexPaths: [ListIndexPath] { get }
    /// A finger comes down on an item: it is highlighted.
    func highlight(_ indexPath: ListIndexPath)
    /// The finger lifts without selecting: the highlight ends, wherever its item is now.
    func unhighlight()
    /// The highlighted item, where it is now; `nil` when none is.
    var highlightedIndexPath: ListIndexPath? { get }
    /// Moves the focus to an item (as a key or a remote moves it), or out of the list (`nil`); `false`,
    /// changing nothing, when the item cannot take the focus.
    @discardableResult func focus(_ indexPath: ListIndexPath?) -> Bool
    /// The focused item, where it is now (on UIKit, as the list view has it); `nil` when none is.
    var focusedIndexPath: ListIndexPath? { get }
    /// VoiceOver moves its cursor onto an item's row (a swipe or a touch), or off the list (`nil`); `false`,
    /// changing nothing, when the item has no row to move onto (on UIKit, no cell shown).
    @discardableResult func accessibilityFocus(_ indexPath: ListIndexPath?) -> Bool
    /// The item VoiceOver's cursor is on, where it is now (on UIKit, the cell the stand-in's cursor is
    /// on); `nil` when it is on no row.
    var accessibilityFocusedIndexPath: ListIndexPath? { get }
    /// Scrolls so that a line (a point, on UIKit) is at the top.
    func scroll(toLine line: Int)
    /// Scrolls so that the last line shows at the bottom.
    func scrollToEnd()
    /// Scrolls so that an item is at the top, as far as the content allows.
    func scroll(to indexPath: ListIndexPath)
    /// Scrolls by a number of lines (down when positive), within the content.
    func scroll(byLines lines: Int)
    /// Scrolls to where `other`, a harness of the same kind showing the same content, is scrolled (on the
    /// text host, to its scroll anchor: the row at its top and the lines scrolled past).
    func scroll(like other: any HostHarness)
    /// The line (point) at the top of the viewport.
    var topLine: Int { get }
    /// A drag of the content by `lines`, then a lift with the content coasting `velocity` lines on; the
    /// delegate picks where it comes to rest.
    func drag(byLines lines: Int, velocity: Int)
    /// A pull at the top of the list asking for new content; `false` when the list is not at the top.
    @discardableResult func pullToRefresh() -> Bool
    /// How many items beyond the viewport, in the direction of the last scroll, are prefetched.
    var prefetchDistance: Int { get set }
    /// Whether a batch keeps the first visible item where it was in the viewport.
    var keepsFirstVisibleItemAnchored: Bool { get set }
    /// Swipes an item's row open on an edge: the titles of the actions shown, `nil` when none open.
    @discardableResult func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]?
    /// The row swiped open, where it is now; `nil` once it closed.
    var swipedIndexPath: ListIndexPath? { get }
    /// Taps an action of the open swipe; `false` when none is open or it has no such action.
    @discardableResult func tapSwipeAction(_ title: String) -> Bool
    /// Opens the context menu of items, as a long press does (on several: the collection view's iOS 16
    /// form): the titles of its entries, `nil` when none opens.
    @discardableResult func openContextMenu(_ indexPaths: [ListIndexPath]) -> [String]?
    /// Chooses an action of the open menu, named by the titles of the submenus on the way and its own;
    /// `false`, doing nothing, when no menu is open, it has no such action, or the action is disabled.
    @discardableResult func chooseContextMenuAction(_ titles: [String]) -> Bool
    /// Whether a context menu is open.
    var isContextMenuOpen: Bool { get }
    /// Picks an item's row up to move it, as a long press (a table's reorder control) does; `false` when
    /// the data source does not let it move.
    func beginReorder(_ indexPath: ListIndexPath) -> Bool
    /// Drags the picked-up row over a place: where it would drop now.
    @discardableResult func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath?
    /// Drops the row: `false` when none was picked up or it drops where it was.
    @discardableResult func endReorder() throws -> Bool
    /// Drags several items together (the first picked up, the others added, in order) and drops them at
    /// one place: they land in drag order, the first at `destination` (coordinates after the drop).
    /// `false`, changing nothing, when the host refuses the drop.
    func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool

    // MARK: Static views (StaticViews.swift)

    /// A view of the host's kind (a `TextCell`, a `UIView`) to show as a ``/CellKit/StaticView``: it
    /// shows `<title>: [<typed>]`.
    func makeDraft(title: String) -> any DraftView
    /// A view you own, to show as a ``/CellKit/StaticView`` item on this host: `block <id>.1` to
    /// `block <id>.<lines>`, one a line.
    func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock
    /// The reuse identifier of the host's static view container.
    var staticContainerReuseIdentifier: String { get }
    /// The draft showing at an index path, if it is a visible static item.
    func draft(at indexPath: ListIndexPath) -> (any DraftView)?
    /// The cell a static view shows in now, if any.
    func container(of block: any DraftView) -> AnyObject?

    // MARK: Item-scoped views and cards (Attachments.swift)

    /// Whether a view the data source configures is one the host measures with rather than shows (the
    /// UIKit hosts measure on views off screen; the text host never does).
    func isSizingView(_ view: AnyObject) -> Bool
    /// The host's item-scoped view that draws a rule.
    var ruleSeparatorType: any (ReusableView & RuleSeparator).Type { get }
    /// The host's item-scoped view that shows a text.
    var separatorLabelType: any (ReusableView & Labelled).Type { get }
    /// The host's card, a decoration drawn around a section's items.
    var cardType: any (ReusableView & Card).Type { get }
    /// The item-scoped view of a kind shown with a visible item, if any.
    func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject?
}

extension HostHarness {
    /// A data source on this host (which it wires as the host's data source and delegate).
    public func makeDataSource<S: Hashable>(_ sectionType: S.Type = S.self) -> UniversalDataSource<S> {
        UniversalDataSource<S>(host: host)
    }
}
