// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `CompositionHarness` requirements.)
import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

#if !canImport(UIKit)
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn
#endif

// What the composition tests (slices, outlines, sizing, separators, cards) need of a host beyond
// `HostHarness`: the updates it was told in a host-neutral form, the screen drawn at the views' heights,
// scrolling by lines and to another host's place, interactive moves, and resizing.

/// A `HostHarness` for the composition tests.
@MainActor
public protocol CompositionHarness: HostHarness {
    /// What the list view was told, one operation an entry, oldest first: a batch as `BatchUpdate`
    /// describes it without its reconfigures (`"insert 0.2"`), a reconfigure (`"reconfigure 0.1"`: the
    /// UIKit hosts reconfigure after the batch, so the text host's `"insert 0.2; reconfigure 0.1"` is
    /// two entries too), `"reload data"`.
    var updates: [String] { get }
    /// The viewport, exactly as many lines as it is tall: each view shown drawn at its height (its text
    /// cut there, or padded with blank lines), trailing spaces left out.
    func screen() -> [String]
    /// The height of the content, in lines (points).
    var contentHeight: Int { get }
    /// Scrolls by a number of lines (down when positive), within the content.
    func scroll(byLines lines: Int)
    /// Scrolls to where `other`, a harness of the same kind showing the same content, is scrolled (on the
    /// text host, to its scroll anchor: the row at its top and the lines scrolled past).
    func scroll(like other: any CompositionHarness)
    /// Picks up an item to move it, as a long press (a table's reorder control) does; whether it moves.
    func beginMove(_ indexPath: ListIndexPath) -> Bool
    /// Drags the item being moved over another place.
    func moveDrag(to indexPath: ListIndexPath)
    /// Drops the item being moved where it would drop now.
    func endMove()
    /// Deselects the selected items, telling the delegate.
    func deselectAll()
    /// Changes the size of the viewport.
    func resize(width: Int, height: Int)
    /// Registers an item-scoped view of `kind` that draws a rule of `rule` the width of its row (inside a
    /// card, the card's inner width) when `isShown` says so, and nothing (no line) otherwise. `isShown`
    /// gets the item's context, the item, its section, and whether the view is configured to show (not to
    /// be measured off screen, as the UIKit hosts do).
    func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (_ context: CellContext, _ item: AnyHashable, _ section: S, _ shows: Bool) -> Bool
    ) throws
    /// Registers an item-scoped view of `kind` showing a text (`""` is one blank line).
    func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (_ context: CellContext, _ item: AnyHashable, _ section: S) -> String
    ) throws
    /// Registers a card drawn around each section's items as a decoration of `kind`: rounded or square,
    /// with a title in its top edge; `configure` gets the section and whether the view is configured to
    /// show.
    func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (_ section: S, _ shows: Bool) -> (rounded: Bool, title: String)
    ) throws
    /// The item-scoped view of a kind shown with a visible item, if any.
    func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject?
    /// Views made in all: by the list view, and by the host for what it shows with cells.
    var allViewsCreated: Int { get }
    /// Every line of the content, top to bottom (on the UIKit hosts: the content must fit the viewport).
    func contentLines() -> [String]
    /// Swipes an item's edge: the titles of the actions offered, `nil` for none.
    func swipe(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]?
    /// Taps an action of the swipe made last; whether there was one of that title.
    func performSwipeAction(_ title: String) -> Bool
    /// A view you own, to show as a ``/CellKit/StaticView`` item on this host: `block <id>.1` to
    /// `block <id>.<lines>`, one a line.
    func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock
    /// Lays the list out, as the end of the main actor's turn does (the text host lays out at once; UIKit
    /// lays out when the run loop asks), delivering the events it made.
    func layoutIfNeeded()

    /// Registers a label cell for an item type with a sizing (`nil`: none); see
    /// ``registerLabel(_:for:sizing:wrapsAtWidth:live:text:)``.
    func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String)
    /// Registers a `ConfigurableView` label cell for `Style.Item`, which does not read its context (a
    /// registration with a closure does), with a sizing (`nil`: none).
    func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?)
    /// How many times the host measured a view (fitted a cell to a width) since it was made.
    var measuredViews: Int { get }
    /// How many times the host configured a visible cell again in place (the same cell).
    var reconfiguredInPlace: Int { get }
    /// How many times the host had a view configured to show (in place or dequeued; not the views it
    /// measures off screen).
    var configuredViews: Int { get }
    /// How many times the host laid its items out again because their sizes changed.
    var relayouts: Int { get }
}

extension CompositionHarness {
    /// Registers a label cell for an item type with a sizing (`nil`: none). The cell is one line (point)
    /// a line of its text; with `wrapsAtWidth` it wraps its text at the list's width; with `live` its
    /// text is read each time it is drawn or measured (a view whose content changes without being
    /// configured again), from the context and item it was last configured with.
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool = false, live: Bool = false, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerSizedLabel(
            dataSource, for: itemType, sizing: sizing, wrapsAtWidth: wrapsAtWidth, live: live, text: text)
    }
}

/// A view you own shown as a static item: `block <id>.1` to `block <id>.<lines>`, its size its line count.
@MainActor
public protocol StaticLabelBlock: AnyObject {
    var id: Int { get }
    /// How many lines it shows; after a change, say so with `invalidateSize(of:)`.
    var lines: Int { get set }
    /// Whether it shows in `cell`, the container cell of its item.
    func isShown(in cell: AnyObject) -> Bool
}

extension StaticLabelBlock {
    /// The lines it shows.
    public var blockLines: [String] { (1...max(1, lines)).map { "block \(id).\($0)" } }
}

/// How a label cell registered by its item type (``CompositionHarness/registerLabelType(_:_:sizing:)``)
/// shows its items.
public protocol LabelStyle {
    /// The items it shows.
    associatedtype Item
    /// The text of an item; lines are separated by `"\n"`.
    @MainActor static func text(_ item: Item) -> String
    /// Whether the text wraps at the list's width (`false` by default).
    static var wraps: Bool { get }
}

extension LabelStyle {
    /// The text does not wrap.
    public static var wraps: Bool { false }
}

extension CompositionHarness {
    /// Registers a `ConfigurableView` label cell for `Style.Item`, without a sizing.
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type
    ) {
        registerLabelType(dataSource, style, sizing: nil)
    }
}

/// A label of the composition tests: its text may be read live, it may wrap at its width.
@MainActor
public protocol CompositionLabel: Labelled {
    /// Where the text is read from each time, for a live label.
    var source: (@MainActor () -> String)? { get set }
    /// Whether the text wraps at the width.
    var wraps: Bool { get set }
}

extension CompositionLabel {
    /// The lines shown at a width.
    public func lines(width: Int) -> [String] {
        let text = textLines(source?() ?? self.text)
        guard wraps, width > 0 else { return text }
        return text.flatMap { line -> [String] in
            let characters = Array(line)
            return stride(from: 0, to: max(1, characters.count), by: width).map {
                String(characters[$0..<min($0 + width, characters.count)])
            }
        }
    }

    /// Shows the text (a live label reads it from `text` each time).
    func show(live: Bool, _ text: @escaping @MainActor () -> String) {
        if live {
            source = text
        } else {
            source = nil
            self.text = text()
        }
    }
}

extension HostKind {
    /// A composition harness with a viewport `height` lines tall and `width` columns wide; the text host
    /// estimates rows it has not measured at `estimatedRowHeight` lines.
    @MainActor
    public func makeComposition(width: Int = 30, height: Int = 10, estimatedRowHeight: Int = 1)
        -> any CompositionHarness
    {
        let harness = make(width: width, height: height)
        if let text = harness as? TextHarness { text.list.estimatedRowHeight = estimatedRowHeight }
        #if !canImport(UIKit)
        if let collection = harness as? CollectionHarness {
            // The same layout, counting its invalidations (`relayouts`).
            let layout = CountingFlowLayout()
            layout.itemSize = CGSize(width: CGFloat(width), height: 1)
            collection.collectionView.collectionViewLayout = layout
        }
        #endif
        guard let composition = harness as? any CompositionHarness else {
            preconditionFailure("\(type(of: harness)) does not conform to CompositionHarness")
        }
        return composition
    }
}

/// The lines of a text, `"\n"`-separated, empty lines kept.
func textLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// A line without its trailing spaces.
func trimmingTrailingSpaces(_ line: some StringProtocol) -> String {
    var line = Substring(line)
    while line.last == " " { line = line.dropLast() }
    return String(line)
}

// MARK: - Text host

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

/// A text-host rule separator: a line of its rule, the row's width, when shown; nothing otherwise.
@MainActor public final class TextRuleSeparator: TextCell, RuleSeparator {
    public var rule: Character = "-"
    public var isShown = true
    public override func render(width: Int) -> [String] { isShown ? [String(repeating: rule, count: width)] : [] }
}

/// A text-host item-scoped view showing a text.
@MainActor public final class TextSeparatorLabel: TextCell, Labelled {}

/// A view that shows a rule when shown.
@MainActor
public protocol RuleSeparator: AnyObject {
    var isShown: Bool { get }
}

/// A text-host static block.
@MainActor public final class TextStaticBlock: TextCell, StaticLabelBlock {
    public private(set) var id = 0
    public var lines = 1
    public convenience init(id: Int, lines: Int) {
        self.init()
        self.id = id
        self.lines = lines
    }
    public override func render(width: Int) -> [String] { blockLines }
    /// A container renders its block only while the block shows in it.
    public func isShown(in cell: AnyObject) -> Bool {
        (cell as? TextCell)?.render(width: 80) == blockLines
    }
}

extension TextHarness: CompositionHarness {
    public var updates: [String] {
        list.updateLog.flatMap { entry -> [String] in
            guard let range = entry.range(of: "; reconfigure ") else { return [entry] }
            return [String(entry[..<range.lowerBound]), "reconfigure " + entry[range.upperBound...]]
        }
    }
    public func screen() -> [String] { textLines(list.render()).map(trimmingTrailingSpaces) }
    public func scroll(byLines lines: Int) { list.scrollBy(lines: lines) }
    public func scroll(like other: any CompositionHarness) {
        guard let other = other as? TextHarness else { preconditionFailure("not a text harness") }
        if let anchor = other.list.scrollAnchor { list.scroll(to: anchor) }
    }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool { list.beginMove(indexPath) }
    public func moveDrag(to indexPath: ListIndexPath) { list.moveDrag(to: indexPath) }
    public func endMove() {
        do { try list.endMove() } catch { preconditionFailure("the text host refused a move: \(error)") }
    }
    public func deselectAll() { list.deselect() }
    public func resize(width: Int, height: Int) { list.resize(width: width, height: height) }
    public func layoutIfNeeded() {}
    public func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock { TextStaticBlock(id: id, lines: lines) }
    public func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: TextRuleSeparator.self) {
            view, context, item, section in
            view.rule = rule
            view.isShown = isShown(context, item, section, true)
        }
    }
    public func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (CellContext, AnyHashable, S) -> String
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: TextSeparatorLabel.self) {
            view, context, item, section in
            view.text = text(context, item, section)
        }
    }
    public func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try dataSource.registerDecorationView(ofKind: kind, viewType: TextSectionBackground.self) { card, section in
            let (rounded, title) = configure(section, true)
            card.style = rounded ? .rounded : .square
            card.title = title
        }
    }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        list.itemSupplementaryView(ofKind: kind, at: indexPath)
    }
    public var allViewsCreated: Int { viewsCreated }
    public func contentLines() -> [String] { textLines(list.renderAll()).map(trimmingTrailingSpaces) }
    public func swipe(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? { list.swipe(indexPath, edge: edge) }
    public func performSwipeAction(_ title: String) -> Bool { list.performSwipeAction(title) }
    public func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        let configure: @MainActor (CompositionTextLabel, CellContext, Item) -> Void = { cell, context, item in
            cell.wraps = wrapsAtWidth
            cell.show(live: live) { text(context, item) }
        }
        if let sizing {
            dataSource.registerCell(
                itemType: itemType, cellType: CompositionTextLabel.self, sizing: sizing, configure: configure)
        } else {
            dataSource.registerCell(itemType: itemType, cellType: CompositionTextLabel.self, configure: configure)
        }
    }
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?
    ) {
        if let sizing {
            dataSource.registerCellType(TextStyledLabelCell<Style>.self, sizing: sizing)
        } else {
            dataSource.registerCellType(TextStyledLabelCell<Style>.self)
        }
    }
    public var measuredViews: Int { list.statistics.measured }
    public var reconfiguredInPlace: Int { list.statistics.reconfiguredInPlace }
    public var configuredViews: Int { list.statistics.configured }
    public var relayouts: Int { list.statistics.relayouts }
}

#if !canImport(UIKit)

// MARK: - UIKit hosts

/// The stand-in's update log in the host-neutral form of ``CompositionHarness/updates``. An empty batch
/// (`performBatchUpdates(nil)`, how a table view lays its rows out again) is no update: ``relayouts``
/// counts it.
func neutralUpdates(_ log: [String]) -> [String] {
    log.filter { $0 != "performBatchUpdates: no changes" }.map { entry in
        if entry == "reloadData" { return "reload data" }
        for prefix in ["performBatchUpdates: "] where entry.hasPrefix(prefix) {
            return String(entry.dropFirst(prefix.count))
        }
        for prefix in ["reconfigureItems: ", "reconfigureRows: "] where entry.hasPrefix(prefix) {
            return "reconfigure " + entry.dropFirst(prefix.count)
        }
        return entry
    }
}

/// The views a UIKit host shows with a cell, and its item's position (the hosts' `attachments(of:)`).
typealias Attachments = (supplementaries: [AnyObject], decorations: [AnyObject], position: PositionInSection)

/// A view's own lines at a width: a label's, a static block's, a separator's.
@MainActor
func ownLines(of view: UIView, width: Int) -> [String] {
    if let label = view as? any CompositionLabel { return label.lines(width: width) }
    if let rule = view as? UIKitRuleSeparator { return rule.lines(width: width) }
    let label = (view as? Labelled) ?? UIKitStaticBlock.shown(in: view)
    return textLines(label?.text ?? "?")
}

/// A cell's lines with what its host shows with it, `height` lines in all: the cell's own lines (cut or
/// padded to what the attachments leave), its item-scoped views' lines, framed by its card, as
/// `TextListView` draws them.
@MainActor
func rowLines(of cell: UIView, _ attachments: Attachments, width: Int, height: Int) -> [String] {
    let cards = attachments.decorations.compactMap { $0 as? UIKitCardView }
    let inner = cards.isEmpty ? width : max(0, width - 4)
    let below = attachments.supplementaries.compactMap { $0 as? UIView }.flatMap { ownLines(of: $0, width: inner) }
    var edges = 0
    for _ in cards {
        if attachments.position.isFirst { edges += 1 }
        if attachments.position.isLast { edges += 1 }
    }
    let own = ownLines(of: cell, width: inner)
    let ownHeight = max(0, height - below.count - edges)
    var lines = Array(own.prefix(ownHeight)) + [String](repeating: "", count: max(0, ownHeight - own.count)) + below
    for card in cards {
        let padded = lines.map { line in
            let fitted = TextWidth.fit(line, width: inner)
            return fitted + String(repeating: " ", count: max(0, inner - TextWidth.columns(of: fitted)))
        }
        lines = card.drawing.frame(padded, width: width, position: attachments.position)
    }
    return lines
}

/// A viewport `width` × `height` points scrolled to `offset`, drawn from the views shown and their
/// frames: each view's text lines, one a point, cut at its height or padded with blank lines; a cell with
/// what its host shows with it (`attachments`).
@MainActor
func drawScreen(
    _ frames: [(view: UIView, top: CGFloat, height: CGFloat)], offset: CGFloat, width: CGFloat, height: CGFloat,
    attachments: (UIView) -> Attachments?
) -> [String] {
    var screen = [String](repeating: "", count: Int(height))
    for (view, top, viewHeight) in frames {
        let text =
            attachments(view).map { rowLines(of: view, $0, width: Int(width), height: Int(viewHeight)) }
            ?? ownLines(of: view, width: Int(width))
        for line in 0..<Int(viewHeight) {
            let row = Int(top - offset) + line
            guard screen.indices.contains(row) else { continue }
            screen[row] = line < text.count ? trimmingTrailingSpaces(text[line]) : ""
        }
    }
    return screen
}

/// A UIKit rule separator: a line of its rule, the row's width, when shown; nothing (no height) otherwise.
@MainActor public final class UIKitRuleSeparator: UIView, ReusableView, RuleSeparator {
    public var rule: Character = "-"
    public var isShown = true
    public func lines(width: Int) -> [String] { isShown ? [String(repeating: rule, count: width)] : [] }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: isShown ? 1 : 0) }
}

/// A UIKit item-scoped view showing a text, one point a line (`""` is one blank line).
@MainActor public final class UIKitSeparatorLabel: UIView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: CGFloat(textLines(text).count)) }
}

/// A UIKit card: a decoration whose layout margins (one point above the first item and below the
/// last) make room for its edges, drawn as `TextSectionBackground` draws them.
@MainActor public final class UIKitCardView: UIView, ReusableView {
    /// The drawing: style and title.
    public let drawing = TextSectionBackground()
    public required init(frame: CGRect) {
        super.init(frame: frame)
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
    }
    public required init?(coder: NSCoder) { nil }
}

/// A UIKit static block: a `UIView` as tall as its lines.
@MainActor public final class UIKitStaticBlock: UIView, StaticLabelBlock, Labelled {
    public private(set) var id = 0
    public var lines = 1
    /// Every block made, to find the one a container cell shows.
    private static var made: [UIKitHarnessState.Weak] = []
    public convenience init(id: Int, lines: Int) {
        self.init(frame: .zero)
        self.id = id
        self.lines = lines
        Self.made = Self.made.filter { $0.object != nil } + [UIKitHarnessState.Weak(self)]
    }
    public var text: String {
        get { blockLines.joined(separator: "\n") }
        set {}
    }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: CGFloat(max(1, lines))) }
    public func isShown(in cell: AnyObject) -> Bool {
        guard let superview else { return false }
        return superview === (cell as? UICollectionViewCell)?.contentView
            || superview === (cell as? UITableViewCell)?.contentView
    }
    /// The block a container cell shows, if any.
    static func shown(in cell: UIView) -> UIKitStaticBlock? {
        made.lazy.compactMap { $0.object as? UIKitStaticBlock }.first { $0.isShown(in: cell) }
    }
}

/// How often the views of one UIKit harness were measured.
@MainActor
final class UIKitHarnessState {
    var fits = 0
    /// The actions of the swipe made last.
    var openSwipe: UISwipeActionsConfiguration?
    /// The styled label types registered, with their ``styledFits`` when they were.
    var styles: [ObjectIdentifier: Int] = [:]
    /// How often the styled labels of each style were measured, whichever harness they are in (a
    /// `ConfigurableView` cannot know its harness). Tests run one at a time on the main actor between
    /// suspension points, so a synchronous test sees only its own.
    static var styledFits: [ObjectIdentifier: Int] = [:]
    /// The fits of this harness's labels.
    var total: Int {
        fits + styles.reduce(0) { $0 + Self.styledFits[$1.key, default: 0] - $1.value }
    }
    /// The counter of each harness, by the harness's identity (the harness is checked, as an identity
    /// may be reused once it is gone).
    private static var counters: [ObjectIdentifier: (owner: Weak, counter: UIKitHarnessState)] = [:]
    final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    static func of(_ harness: AnyObject) -> UIKitHarnessState {
        if let entry = counters[ObjectIdentifier(harness)], entry.owner.object === harness { return entry.counter }
        counters = counters.filter { $0.value.owner.object != nil }
        let counter = UIKitHarnessState()
        counters[ObjectIdentifier(harness)] = (Weak(harness), counter)
        return counter
    }
}

/// A UIKit label of the composition tests: one point a line, counting how often it is measured.
@MainActor
protocol UIKitCompositionLabel: CompositionLabel, UIView {
    var counter: UIKitHarnessState? { get set }
    /// The style of a styled label, whose fits are counted by style.
    var style: ObjectIdentifier? { get }
}

extension UIKitCompositionLabel {
    var style: ObjectIdentifier? { nil }
    func fittingSize(_ targetSize: CGSize) -> CGSize {
        counter?.fits += 1
        if let style { UIKitHarnessState.styledFits[style, default: 0] += 1 }
        return CGSize(width: targetSize.width, height: CGFloat(max(1, lines(width: Int(targetSize.width)).count)))
    }
}

/// A collection `ConfigurableView` label.
@MainActor
public final class CollectionStyledLabelCell<Style: LabelStyle>: UICollectionViewCell, ReusableView,
    ConfigurableView, UIKitCompositionLabel
{
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    var counter: UIKitHarnessState?
    var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public func configure(with item: Style.Item) { text = Style.text(item) }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A table `ConfigurableView` label.
@MainActor
public final class TableStyledLabelCell<Style: LabelStyle>: UITableViewCell, ReusableView,
    ConfigurableView, UIKitCompositionLabel
{
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = Style.wraps
    var counter: UIKitHarnessState?
    var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public func configure(with item: Style.Item) { text = Style.text(item) }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A collection cell of the composition tests.
@MainActor public final class CompositionCollectionLabelCell: UICollectionViewCell, ReusableView, UIKitCompositionLabel
{
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = false
    var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A table cell of the composition tests.
@MainActor public final class CompositionTableLabelCell: UITableViewCell, ReusableView, UIKitCompositionLabel {
    public var text = ""
    public var source: (@MainActor () -> String)?
    public var wraps = false
    var counter: UIKitHarnessState?
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fittingSize(targetSize) }
}

/// A flow layout that counts how often it was invalidated.
@MainActor public final class CountingFlowLayout: UICollectionViewFlowLayout {
    public var invalidations = 0
    public override func invalidateLayout() {
        invalidations += 1
        super.invalidateLayout()
    }
}

extension HostHarness {
    /// Registers the UIKit rule separator; `measuring` says whether the host configures a view to measure.
    func registerUIKitRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        measuring: @escaping @MainActor () -> Bool,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: UIKitRuleSeparator.self) {
            view, context, item, section in
            view.rule = rule
            view.isShown = isShown(context, item, section, !measuring())
        }
    }

    /// Registers the UIKit card; `measuring` says whether the host configures a view to measure.
    func registerUIKitCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, measuring: @escaping @MainActor () -> Bool,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try dataSource.registerDecorationView(ofKind: kind, viewType: UIKitCardView.self) { card, section in
            let (rounded, title) = configure(section, !measuring())
            card.drawing.style = rounded ? .rounded : .square
            card.drawing.title = title
        }
    }

    /// The lines of a swipe's actions, remembered to perform one.
    func showSwipe(_ configuration: UISwipeActionsConfiguration?) -> [String]? {
        UIKitHarnessState.of(self).openSwipe = configuration
        return configuration.map { $0.actions.map { $0.title ?? "" } }
    }

    /// Performs an action of the swipe made last, as a tap on its button does.
    func performOpenSwipeAction(_ title: String) -> Bool {
        let state = UIKitHarnessState.of(self)
        guard let action = state.openSwipe?.actions.first(where: { $0.title == title }) else { return false }
        state.openSwipe = nil
        action.handler(action, UIView(frame: .zero)) { _ in }
        return true
    }

    /// Registers a UIKit `ConfigurableView` label cell of the composition tests, counting its fits.
    func registerUIKitLabelType<S: Hashable, Cell: ConfigurableView & ReusableView, Style: LabelStyle>(
        _ cellType: Cell.Type, _ style: Style.Type, _ dataSource: UniversalDataSource<S>,
        sizing: ItemSizing<Cell.ViewModel>?
    ) {
        let counter = UIKitHarnessState.of(self)
        let key = ObjectIdentifier(Style.self)
        if counter.styles[key] == nil { counter.styles[key] = UIKitHarnessState.styledFits[key, default: 0] }
        if let sizing {
            dataSource.registerCellType(cellType, sizing: sizing)
        } else {
            dataSource.registerCellType(cellType)
        }
    }

    /// Registers a UIKit label cell of the composition tests.
    func registerUIKitLabel<S: Hashable, Item, Cell: UIKitCompositionLabel & ReusableView>(
        _ cellType: Cell.Type, _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        sizing: ItemSizing<Item>?, wrapsAtWidth: Bool, live: Bool,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        let counter = UIKitHarnessState.of(self)
        let configure: @MainActor (Cell, CellContext, Item) -> Void = { cell, context, item in
            cell.counter = counter
            cell.wraps = wrapsAtWidth
            cell.show(live: live) { text(context, item) }
        }
        if let sizing {
            dataSource.registerCell(itemType: itemType, cellType: cellType, sizing: sizing, configure: configure)
        } else {
            dataSource.registerCell(itemType: itemType, cellType: cellType, configure: configure)
        }
    }
}

extension CollectionHarness: CompositionHarness {
    public var updates: [String] { neutralUpdates(collectionView._updateLog) }
    public func screen() -> [String] {
        let frames = collectionView._visibleFramesTopToBottom.map { ($0.view as UIView, $0.top, $0.height) }
        collectionHost.deliverPendingEvents()
        return drawScreen(
            frames, offset: collectionView.contentOffset.y, width: collectionView.frame.width,
            height: collectionView.frame.height, attachments: { [collectionHost] in collectionHost.attachments(of: $0) }
        )
    }
    public func scroll(byLines lines: Int) {
        scroll(toLine: min(max(0, topLine + lines), max(0, contentHeight - Int(collectionView.frame.height))))
    }
    public func scroll(like other: any CompositionHarness) { scroll(toLine: other.topLine) }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool {
        collectionView.beginInteractiveMovementForItem(at: indexPath.indexPath)
    }
    public func moveDrag(to indexPath: ListIndexPath) {
        collectionView._updateInteractiveMovementTarget(indexPath.indexPath)
    }
    public func endMove() {
        collectionView.endInteractiveMovement()
        collectionHost.deliverPendingEvents()
    }
    public func deselectAll() {
        for path in selectedIndexPaths { collectionHost.deselectItem(at: path) }
    }
    public func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock {
        UIKitStaticBlock(id: id, lines: lines)
    }
    public func layoutIfNeeded() {
        collectionView.layoutIfNeeded()
        collectionHost.deliverPendingEvents()
    }
    public func resize(width: Int, height: Int) {
        collectionView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        collectionView.layoutIfNeeded()
        collectionHost.deliverPendingEvents()
    }
    public func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerUIKitLabel(
            CompositionCollectionLabelCell.self, dataSource, for: itemType, sizing: sizing,
            wrapsAtWidth: wrapsAtWidth, live: live, text: text)
    }
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?
    ) {
        registerUIKitLabelType(CollectionStyledLabelCell<Style>.self, style, dataSource, sizing: sizing)
    }
    public func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try registerUIKitRuleSeparator(
            dataSource, kind: kind, rule: rule, measuring: { [collectionHost] in collectionHost.isMeasuringViews },
            isShown: isShown)
    }
    public func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (CellContext, AnyHashable, S) -> String
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: UIKitSeparatorLabel.self) {
            view, context, item, section in
            view.text = text(context, item, section)
        }
    }
    public func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try registerUIKitCard(
            dataSource, kind: kind, measuring: { [collectionHost] in collectionHost.isMeasuringViews },
            configure: configure)
    }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        guard let cell = cell(at: indexPath), let attachments = collectionHost.attachments(of: cell),
            let index = (collectionHost.dataSource?.itemSupplementaryKinds(in: collectionHost) ?? []).firstIndex(
                of: kind), attachments.supplementaries.indices.contains(index)
        else { return nil }
        return attachments.supplementaries[index]
    }
    public var allViewsCreated: Int { viewsCreated + collectionHost.attachmentViewsCreated }
    public func contentLines() -> [String] {
        var lines = screen()
        while lines.last == "" { lines.removeLast() }
        return lines
    }
    public func performSwipeAction(_ title: String) -> Bool {
        let performed = performOpenSwipeAction(title)
        collectionHost.deliverPendingEvents()
        return performed
    }
    public func swipe(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        collectionView.layoutIfNeeded()
        return showSwipe(collectionHost.swipeActionsConfiguration(forItemAt: indexPath.indexPath, edge: edge))
    }
    public var measuredViews: Int { UIKitHarnessState.of(self).total }
    public var reconfiguredInPlace: Int { collectionView._statistics.reconfiguredInPlace }
    public var configuredViews: Int { collectionView._statistics.dequeued }
    public var relayouts: Int { (collectionView.collectionViewLayout as? CountingFlowLayout)?.invalidations ?? 0 }
}

extension TableHarness: CompositionHarness {
    public var updates: [String] { neutralUpdates(tableView._updateLog) }
    public func screen() -> [String] {
        let frames = tableView._visibleFramesTopToBottom
        tableHost.deliverPendingEvents()
        return drawScreen(
            frames, offset: tableView.contentOffset.y, width: tableView.frame.width, height: tableView.frame.height,
            attachments: { [tableHost] in tableHost.attachments(of: $0) })
    }
    public func scroll(byLines lines: Int) {
        scroll(toLine: min(max(0, topLine + lines), max(0, contentHeight - Int(tableView.frame.height))))
    }
    public func scroll(like other: any CompositionHarness) { scroll(toLine: other.topLine) }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool {
        tableView.isEditing = true
        return tableView._beginReorder(at: indexPath.indexPath)
    }
    public func moveDrag(to indexPath: ListIndexPath) {
        tableView._updateReorderTarget(indexPath.indexPath)
    }
    public func endMove() {
        tableView._endReorder()
        tableView.isEditing = false
        tableHost.deliverPendingEvents()
    }
    public func deselectAll() {
        for path in selectedIndexPaths { tableHost.deselectItem(at: path) }
    }
    public func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock {
        UIKitStaticBlock(id: id, lines: lines)
    }
    public func layoutIfNeeded() {
        tableView.layoutIfNeeded()
        tableHost.deliverPendingEvents()
    }
    public func resize(width: Int, height: Int) {
        tableView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        tableView.layoutIfNeeded()
        tableHost.deliverPendingEvents()
    }
    public func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerUIKitLabel(
            CompositionTableLabelCell.self, dataSource, for: itemType, sizing: sizing, wrapsAtWidth: wrapsAtWidth,
            live: live, text: text)
    }
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?
    ) {
        registerUIKitLabelType(TableStyledLabelCell<Style>.self, style, dataSource, sizing: sizing)
    }
    public func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try registerUIKitRuleSeparator(
            dataSource, kind: kind, rule: rule, measuring: { [tableHost] in tableHost.isMeasuringViews },
            isShown: isShown)
    }
    public func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (CellContext, AnyHashable, S) -> String
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: UIKitSeparatorLabel.self) {
            view, context, item, section in
            view.text = text(context, item, section)
        }
    }
    public func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try registerUIKitCard(
            dataSource, kind: kind, measuring: { [tableHost] in tableHost.isMeasuringViews }, configure: configure)
    }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        guard let cell = cell(at: indexPath), let attachments = tableHost.attachments(of: cell),
            let index = (tableHost.dataSource?.itemSupplementaryKinds(in: tableHost) ?? []).firstIndex(of: kind),
            attachments.supplementaries.indices.contains(index)
        else { return nil }
        return attachments.supplementaries[index]
    }
    public var allViewsCreated: Int { viewsCreated + tableHost.attachmentViewsCreated }
    public func contentLines() -> [String] {
        var lines = screen()
        while lines.last == "" { lines.removeLast() }
        return lines
    }
    public func performSwipeAction(_ title: String) -> Bool {
        let performed = performOpenSwipeAction(title)
        tableHost.deliverPendingEvents()
        return performed
    }
    public func swipe(_ indexPath: ListIndexPath, edge: SwipeEdge) -> [String]? {
        showSwipe(tableView._swipe(indexPath.indexPath, leading: edge == .leading))
    }
    public var measuredViews: Int { UIKitHarnessState.of(self).total }
    public var reconfiguredInPlace: Int { tableView._statistics.reconfiguredInPlace }
    public var configuredViews: Int { tableView._statistics.dequeued }
    /// An empty batch (`performBatchUpdates(nil)`) is how the table host lays its rows out again.
    public var relayouts: Int { tableView._updateLog.filter { $0 == "performBatchUpdates: no changes" }.count }
}
#endif
