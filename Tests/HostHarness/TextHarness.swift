// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// `HostHarness` on a `TextListView`: each member is the list's own.
@MainActor
public final class TextHarness: HostHarness {
    /// The list.
    public let list: TextListView
    /// A list `width` columns wide and `height` lines tall, estimating rows at `estimatedRowHeight` lines.
    public init(width: Int = 30, height: Int, estimatedRowHeight: Int = 1) {
        list = TextListView(width: width, height: height)
        list.estimatedRowHeight = estimatedRowHeight
    }

    // MARK: The host

    public var host: any ListHost { list }
    @_spi(ListHost) public func setDelegate(_ delegate: any ListHostDelegate) { list.delegate = delegate }
    public func cell(at indexPath: ListIndexPath) -> AnyObject? { list.cellForItem(at: indexPath) }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        list.supplementaryView(ofKind: kind, inSection: section)
    }
    public var contentHeight: Int { list.contentHeight }
    public func layoutIfNeeded() {}
    public func resize(width: Int, height: Int) { list.resize(width: width, height: height) }
    public var problems: [String] { [] }
    public var viewsCreated: Int { list.statistics.viewsCreated }
    public var allViewsCreated: Int { viewsCreated }
    public var measuredViews: Int { list.statistics.measured }
    public var reconfiguredInPlace: Int { list.statistics.reconfiguredInPlace }
    public var configuredViews: Int { list.statistics.configured }
    public var relayouts: Int { list.statistics.relayouts }

    // MARK: Rendering

    public func render() -> [String] { textLines(list.render()).map(trimmingTrailingSpaces).filter { !$0.isEmpty } }
    public func renderWithStaticViews() -> [String] { render() }
    public func renderAll() -> [String] { contentLines().filter { !$0.isEmpty } }
    public func screen() -> [String] { textLines(list.render()).map(trimmingTrailingSpaces) }
    public func contentLines() -> [String] { textLines(list.renderAll()).map(trimmingTrailingSpaces) }

    // MARK: Updates

    public var performedUpdates: [String] { list.updateLog }
    public var updateLog: [String] { list.updateLog }
    public var batchUpdates: Int { list.statistics.batchUpdates }
    public var performsInteractiveMovesAsBatches: Bool { true }

    // MARK: Gestures

    public func select(_ indexPath: ListIndexPath) { list.select(indexPath) }
    public var selectedIndexPaths: [ListIndexPath] { list.indexPathsForSelectedItems.sorted() }
    public func deselectAll() { list.deselect() }
    public var allowsMultipleSelection: Bool {
        get { list.allowsMultipleSelection }
        set { list.allowsMultipleSelection = newValue }
    }
    public var visiblySelectedIndexPaths: [ListIndexPath] {
        list.indexPathsForVisibleItems.filter { list.cellForItem(at: $0)?.isSelected == true }.sorted()
    }
    public func highlight(_ indexPath: ListIndexPath) { list.highlight(indexPath) }
    public func unhighlight() { list.unhighlight() }
    public var highlightedIndexPath: ListIndexPath? { list.highlightedIndexPath }
    public func focus(_ indexPath: ListIndexPath?) -> Bool { list.focus(indexPath) }
    public var focusedIndexPath: ListIndexPath? { list.focusedIndexPath }
    public func accessibilityFocus(_ indexPath: ListIndexPath?) -> Bool { list.accessibilityFocus(indexPath) }
    public var accessibilityFocusedIndexPath: ListIndexPath? { list.accessibilityFocusedIndexPath }
    public func scroll(toLine line: Int) { list.scroll(toLine: line) }
    public func scrollToEnd() { list.scrollToEnd() }
    public func scroll(to indexPath: ListIndexPath) { list.scroll(to: indexPath) }
    public func scroll(byLines lines: Int) { list.scrollBy(lines: lines) }
    public func scroll(like other: any HostHarness) {
        guard let other = other as? TextHarness else { preconditionFailure("not a text harness") }
        if let anchor = other.list.scrollAnchor { list.scroll(to: anchor) }
    }
    public var topLine: Int { list.firstVisibleLine }
    public func drag(byLines lines: Int, velocity: Int) { list.drag(byLines: lines, velocity: velocity) }
    public func pullToRefresh() -> Bool { list.pullToRefresh() }
    public var prefetchDistance: Int {
        get { list.prefetchDistance }
        set { list.prefetchDistance = newValue }
    }
    public var keepsFirstVisibleItemAnchored: Bool {
        get { list.keepsFirstVisibleItemAnchored }
        set { list.keepsFirstVisibleItemAnchored = newValue }
    }
    public func swipeOpen(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        list.swipe(indexPath, edge: edge)
    }
    public var swipedIndexPath: ListIndexPath? { list.swipedIndexPath }
    public func tapSwipeAction(_ title: String) -> Bool { list.performSwipeAction(title) }
    public func openContextMenu(_ indexPaths: [ListIndexPath]) -> [String]? {
        indexPaths.count == 1 ? list.openContextMenu(indexPaths[0]) : nil
    }
    public func chooseContextMenuAction(_ titles: [String]) -> Bool {
        guard list.contextMenuIndexPath != nil, let last = titles.last else { return false }
        // Submenus on the way, then the action; on a miss, back out of the submenus entered (escape), so
        // that, as on UIKit, a failed choice changes nothing.
        var entered = 0
        for title in titles.dropLast() {
            guard list.offeredContextMenuEntries.contains(title), list.chooseContextMenuEntry(title) else { break }
            entered += 1
        }
        if entered == titles.count - 1, list.chooseContextMenuEntry(last) { return true }
        for _ in 0..<entered where list.contextMenuIndexPath != nil { list.closeContextMenu() }
        return false
    }
    public var isContextMenuOpen: Bool { list.contextMenuIndexPath != nil }
    public func beginReorder(_ indexPath: ListIndexPath) -> Bool { list.beginMove(indexPath) }
    public func reorderDrag(to proposed: ListIndexPath) -> ListIndexPath? { list.moveDrag(to: proposed) }
    public func endReorder() throws -> Bool { try list.endMove() }
    public func drop(_ sources: [ListIndexPath], at destination: ListIndexPath) throws -> Bool {
        try list.drop(sources, at: destination)
    }

    // MARK: Static views

    public func makeDraft(title: String) -> any DraftView { TextDraftView(title: title) }
    public func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock { TextStaticBlock(id: id, lines: lines) }
    public var staticContainerReuseIdentifier: String { "CellKitText.StaticViewCell" }
    public func draft(at indexPath: ListIndexPath) -> (any DraftView)? {
        list.staticView(at: indexPath) as? TextDraftView
    }
    public func container(of block: any DraftView) -> AnyObject? { (block as? TextCell)?.staticViewContainer }

    // MARK: Item-scoped views and cards

    public func isSizingView(_ view: AnyObject) -> Bool { false }
    public var ruleSeparatorType: any (ReusableView & RuleSeparator).Type { TextRuleSeparator.self }
    public var separatorLabelType: any (ReusableView & Labelled).Type { TextSeparatorLabel.self }
    public var cardType: any (ReusableView & Card).Type { TextSectionBackground.self }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        list.itemSupplementaryView(ofKind: kind, at: indexPath)
    }

    // MARK: Labels

    public func labelType(_ role: LabelRole) -> any (ReusableView & Labelled).Type { TextLabelCell.self }
    public func taggedCellType<Tag>(_ tag: Tag.Type) -> any (ReusableView & Labelled).Type {
        TaggedTextCell<Tag>.self
    }
    public func configurableCellType<Item>(_ itemType: Item.Type) -> any ConfigurableLabel<Item>.Type {
        ConfigurableTextCell<Item>.self
    }
    public func formattedLabelType<Format: LabelFormat>(_ format: Format.Type) -> any FormattedLabel<Format>.Type {
        FormattedTextCell<Format>.self
    }
    public var stateLoggingCellType: any (ReusableView & StateLogging).Type { StateLoggingTextCell.self }
    public func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerSizedCell(CompositionTextLabel.self, dataSource, for: itemType, sizing: sizing) { cell, context, item in
            cell.wraps = wrapsAtWidth
            cell.show(live: live) { text(context, item) }
        }
    }
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?
    ) {
        registerCellType(TextStyledLabelCell<Style>.self, dataSource, sizing: sizing)
    }
    public func registerContentRow<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item, CellState) -> String, marked: @escaping @MainActor (Item, CellState) -> Bool
    ) {
        dataSource.registerContent(itemType: itemType) { item, state in
            TextContentConfiguration(text: text(item, state))
        } background: { item, state in
            TextBackgroundConfiguration(fill: marked(item, state) ? "░" : " ")
        }
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? TextCell)?.configureCount ?? 0 }
}

// MARK: - Labels

/// A text-host cell that shows its label, of a class per tag.
@MainActor public final class TaggedTextCell<Tag>: TextCell, Labelled {}

/// The text-host label cell of no tag, which also serves as a header or footer.
public typealias TextLabelCell = TaggedTextCell<Untagged>

/// A text-host label cell that adopts `ConfigurableView`.
@MainActor public final class ConfigurableTextCell<Item>: TextCell, ConfigurableLabel {
    public typealias ViewModel = Item
}

/// A text-host cell of a class per format.
@MainActor public final class FormattedTextCell<Format: LabelFormat>: TextCell, FormattedLabel {
    public var binding = Binding<Format>()
}

/// A text-host label of the composition tests.
@MainActor public final class CompositionTextLabel: TextCell, CompositionLabel {
    public var source: (@MainActor () -> String)?
    public var wraps = false
    public override func render(width: Int) -> [String] { lines(width: width) }
}

/// A text-host `ConfigurableView` label.
@MainActor public final class TextStyledLabelCell<Style: LabelStyle>: TextCell, ConfigurableView, CompositionLabel {
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    public func configure(with item: Style.Item) { text = Style.text(item) }
    public override func render(width: Int) -> [String] { lines(width: width) }
}

/// A text cell that logs its state changes.
@MainActor public final class StateLoggingTextCell: TextCell, StateLogging {
    public var log: (@MainActor (String) -> Void)?
    public override func stateDidChange() {
        log?(stateName(text: text, highlighted: isHighlighted, selected: isSelected))
    }
}
