// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `CoreHarness` requirements and the views' labels.)
import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

#if !canImport(UIKit)
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn
#endif

// What CellKit's core data-source tests (registration, apply, events, cell context, section content) need
// of a host beyond `HostHarness`: cells of a class of their own per registration, cells that adopt
// `ConfigurableView`, headers and footers as tall as their lines that count their configurations, the
// view showing a section's header or footer, the update log in the text host's words, and the height of
// the content.

/// A view that counts how often a configuration ran on it.
@MainActor
public protocol ConfigurationCounting: AnyObject {
    /// How often the view was configured.
    var configurations: Int { get }
}

/// How a harness cell of a class per format (`FormattedCell`) shows its item, and what binding it does.
@MainActor
public protocol LabelFormat {
    /// The item (view model) type.
    associatedtype Item
    /// The text shown for an item.
    static func label(for item: Item) -> String
    /// Called when a cell binds to an item (in `configure(with:)`).
    static func bind(_ item: Item)
    /// Called when a cell lets go of the item it was bound to (`unbind()`).
    static func unbind(_ item: Item)
}

extension LabelFormat {
    public static func bind(_ item: Item) {}
    public static func unbind(_ item: Item) {}
}

/// What a harness cell of a class per format records of its binding.
@MainActor
public protocol FormattedCell: AnyObject {
    /// How often `unbind()` was called.
    var unbinds: Int { get }
    /// How often `configure(with:)` found a binding left over (an `unbind()` missed).
    var leftOverBindings: Int { get }
}

/// The binding a formatted cell keeps: bound in `configure(with:)`, let go in `unbind()`.
@MainActor
struct Binding<Format: LabelFormat> {
    var bound: Format.Item?
    var unbinds = 0
    var leftOver = 0

    /// Binds to `item` and returns its label.
    mutating func configure(with item: Format.Item) -> String {
        if bound != nil { leftOver += 1 }
        bound = item
        Format.bind(item)
        return Format.label(for: item)
    }

    mutating func unbind() {
        unbinds += 1
        if let bound { Format.unbind(bound) }
        bound = nil
    }
}

/// What the core data-source tests do with a host, whichever it is.
@MainActor
public protocol CoreHarness: HostHarness {
    /// Registers a label cell of a class of its own for `tag` (`isCell(_:taggedWith:)` tells it apart).
    func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String)
    /// Whether a cell is one registered with `tag`.
    func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool
    /// Registers, with `registerCellType`, a label cell that adopts `ConfigurableView` for `Item` and
    /// shows the item's description.
    func registerConfigurableLabel<S: Hashable, Item>(_ dataSource: UniversalDataSource<S>, for itemType: Item.Type)
    /// The same, with `registerCell(itemType:cellType:)`.
    func registerConfigurableLabel<S: Hashable, Item>(_ dataSource: UniversalDataSource<S>, itemType: Item.Type)
    /// A registration of a header or footer label view as tall as its lines (`registerLinesLabel`'s view),
    /// for `register(_:)`.
    func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration
    /// Registers a header or footer label view as tall as its lines (`"\n"`-separated), counting its
    /// configurations.
    func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String) throws
    /// How often a view made by a harness registration was configured (0 for `nil`).
    func configurations(of view: AnyObject?) -> Int
    /// The header or footer view showing for a section, if visible.
    func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject?
    /// What the host was told, in the text host's words: a batch as `BatchUpdate` prints it (`"insert
    /// 0.3"`), `"reconfigure 0.2"`, `"reload data"`, `"reconfigure supplementary views in sections 0"`.
    /// On the UIKit hosts, from the list view's log: a batch with no updates (an empty batch that asks for
    /// sizes again) is left out.
    var updateLog: [String] { get }
    /// The height of the content, in lines (points on UIKit).
    var contentHeight: Int { get }
    /// Registers, with `registerCellType`, a cell that adopts `ConfigurableView` and `UnbindableView` and
    /// shows its item as `format` says (see `FormattedCell`).
    func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type)
    /// The same cell registered with a closure: configured as `format` says, then `suffix` appended.
    func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type,
        suffix: @escaping @MainActor (CellContext) -> String)
    /// The same cell, as a registration.
    func formattedRegistration<Format: LabelFormat>(_ format: Format.Type) -> ViewRegistration
    /// The same cell, as a cell factory's choice (`configure(with:)`, or a closure giving the text).
    func formattedChoice<Format: LabelFormat>(_ format: Format.Type) -> CellChoice<Format.Item>
    func formattedChoice<Format: LabelFormat>(
        _ format: Format.Type, text: @escaping @MainActor (CellContext, Format.Item) -> String
    ) -> CellChoice<Format.Item>
    /// The class of that cell, for a cell factory's `choose`.
    func formattedCellType<Format: LabelFormat>(_ format: Format.Type) -> any ReusableView.Type
    /// Every line of the content, as `render()` shows lines: `TextListView.renderAll()` on the text host;
    /// on the UIKit hosts the views shown as the list view scrolls down a page at a time from the top, in
    /// the order of the list, then the offset put back, as a user who scrolled through it all would leave it.
    func renderAll() -> [String]
}

// MARK: - Text host

/// A text-host label cell of a class per tag.
@MainActor public final class TaggedTextCell<Tag>: TextCell, Labelled {}

/// A text-host label cell that adopts `ConfigurableView`.
@MainActor public final class ConfigurableTextCell<Item>: TextCell, Labelled, ConfigurableView {
    public func configure(with viewModel: Item) { text = "\(viewModel)" }
}

/// A text-host cell of a class per format.
@MainActor
public final class FormattedTextCell<Format: LabelFormat>: TextCell, Labelled, ConfigurableView,
    UnbindableView, FormattedCell
{
    var binding = Binding<Format>()
    public var unbinds: Int { binding.unbinds }
    public var leftOverBindings: Int { binding.leftOver }
    public func configure(with viewModel: Format.Item) { text = binding.configure(with: viewModel) }
    public func unbind() { binding.unbind() }
}

extension TextHarness: CoreHarness {
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type
    ) {
        dataSource.registerCellType(FormattedTextCell<Format>.self)
    }
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type,
        suffix: @escaping @MainActor (CellContext) -> String
    ) {
        dataSource.registerCell(itemType: Format.Item.self, cellType: FormattedTextCell<Format>.self) {
            cell, context, item in
            cell.configure(with: item)
            cell.text += suffix(context)
        }
    }
    public func formattedRegistration<Format: LabelFormat>(_ format: Format.Type) -> ViewRegistration {
        .cell(FormattedTextCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(_ format: Format.Type) -> CellChoice<Format.Item> {
        .cell(FormattedTextCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(
        _ format: Format.Type, text: @escaping @MainActor (CellContext, Format.Item) -> String
    ) -> CellChoice<Format.Item> {
        .cell(FormattedTextCell<Format>.self) { cell, context, item in
            _ = cell.binding.configure(with: item)
            cell.text = text(context, item)
        }
    }
    public func formattedCellType<Format: LabelFormat>(_ format: Format.Type) -> any ReusableView.Type {
        FormattedTextCell<Format>.self
    }
    public func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: TaggedTextCell<Tag>.self) { cell, context, item in
            cell.text = text(context, item)
        }
    }
    public func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool { cell is TaggedTextCell<Tag> }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type
    ) {
        dataSource.registerCellType(ConfigurableTextCell<Item>.self)
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, itemType: Item.Type
    ) {
        dataSource.registerCell(itemType: itemType, cellType: ConfigurableTextCell<Item>.self)
    }
    public func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        .supplementaryView(ofKind: kind, viewType: TextLabelCell.self, sectionType: sectionType) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    public func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try registerLabel(dataSource, kind: kind, text: text)
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? TextCell)?.configureCount ?? 0 }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        list.supplementaryView(ofKind: kind, inSection: section)
    }
    public var updateLog: [String] { list.updateLog }
    public var contentHeight: Int { list.contentHeight }
    public func renderAll() -> [String] {
        list.renderAll().split(separator: "\n").map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }.filter { !$0.isEmpty }
    }
}

#if !canImport(UIKit)

// MARK: - UIKit hosts

/// How a UIKit list view's log reads in the text host's words.
func textHostWords(_ log: [String]) -> [String] {
    log.compactMap { entry in
        if entry == "reloadData" { return "reload data" }
        for prefix in ["reconfigureItems: ", "reconfigureRows: "] where entry.hasPrefix(prefix) {
            return "reconfigure " + entry.dropFirst(prefix.count)
        }
        let batch = "performBatchUpdates: "
        if entry.hasPrefix(batch) {
            let rest = String(entry.dropFirst(batch.count))
            return rest == BatchUpdate().description ? nil : rest
        }
        return entry
    }
}

extension CoreHarness {
    /// The lines of every view, in the order of the list (each section's header, items, footer), taken as
    /// the list view scrolls down a page at a time from the top (a view is read by its place, so a view
    /// recycled between pages is read for each place it showed); then the offset is put back.
    func renderPages(counts: [Int], height: Int) -> [String] {
        let top = topLine
        var texts: [[Int]: String] = [:]
        var line = 0
        repeat {
            scroll(toLine: min(line, max(0, contentHeight - height)))
            for (section, count) in counts.enumerated() {
                let places: [([Int], AnyObject?)] =
                    [([section, 0, 0], supplementaryView(ofKind: .header, inSection: section))]
                    + (0..<count).map { ([section, 1, $0], cell(at: ListIndexPath(item: $0, section: section))) }
                    + [([section, 2, 0], supplementaryView(ofKind: .footer, inSection: section))]
                for (place, view) in places {
                    guard let view else { continue }
                    texts[place] = (view as? Labelled)?.text ?? "?"
                }
            }
            line += max(1, height)
        } while line < contentHeight
        scroll(toLine: top)
        return texts.sorted { $0.key.lexicographicallyPrecedes($1.key) }.flatMap {
            $0.value.split(separator: "\n").map(String.init)
        }.filter { !$0.isEmpty }
    }
}

/// A collection label cell of a class per tag, one point a line.
@MainActor
public final class TaggedCollectionCell<Tag>: UICollectionViewCell, ReusableView, Labelled,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
}

/// A collection label cell that adopts `ConfigurableView`.
@MainActor
public final class ConfigurableCollectionCell<Item>: UICollectionViewCell, ReusableView, Labelled,
    ConfigurableView, ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public func configure(with viewModel: Item) {
        text = "\(viewModel)"
        configurations += 1
    }
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
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

/// A collection cell of a class per format, one point a line.
@MainActor
public final class FormattedCollectionCell<Format: LabelFormat>: UICollectionViewCell, ReusableView,
    Labelled, ConfigurableView, UnbindableView, FormattedCell, ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    var binding = Binding<Format>()
    public var unbinds: Int { binding.unbinds }
    public var leftOverBindings: Int { binding.leftOver }
    public func configure(with viewModel: Format.Item) {
        text = binding.configure(with: viewModel)
        configurations += 1
    }
    public func unbind() { binding.unbind() }
}

/// A table cell of a class per format, one point a line.
@MainActor
public final class FormattedTableCell<Format: LabelFormat>: UITableViewCell, ReusableView, Labelled,
    ConfigurableView, UnbindableView, FormattedCell, ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    var binding = Binding<Format>()
    public var unbinds: Int { binding.unbinds }
    public var leftOverBindings: Int { binding.leftOver }
    public func configure(with viewModel: Format.Item) {
        text = binding.configure(with: viewModel)
        configurations += 1
    }
    public func unbind() { binding.unbind() }
}

extension UIKitLabelCell: ConfigurationCounting {}
extension UIKitTableLabelCell: ConfigurationCounting {}

extension CollectionHarness: CoreHarness {
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type
    ) {
        dataSource.registerCellType(FormattedCollectionCell<Format>.self)
    }
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type,
        suffix: @escaping @MainActor (CellContext) -> String
    ) {
        dataSource.registerCell(itemType: Format.Item.self, cellType: FormattedCollectionCell<Format>.self) {
            cell, context, item in
            cell.configure(with: item)
            cell.text += suffix(context)
        }
    }
    public func formattedRegistration<Format: LabelFormat>(_ format: Format.Type) -> ViewRegistration {
        .cell(FormattedCollectionCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(_ format: Format.Type) -> CellChoice<Format.Item> {
        .cell(FormattedCollectionCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(
        _ format: Format.Type, text: @escaping @MainActor (CellContext, Format.Item) -> String
    ) -> CellChoice<Format.Item> {
        .cell(FormattedCollectionCell<Format>.self) { cell, context, item in
            _ = cell.binding.configure(with: item)
            cell.text = text(context, item)
        }
    }
    public func formattedCellType<Format: LabelFormat>(_ format: Format.Type) -> any ReusableView.Type {
        FormattedCollectionCell<Format>.self
    }
    public func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: TaggedCollectionCell<Tag>.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    public func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool {
        cell is TaggedCollectionCell<Tag>
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type
    ) {
        dataSource.registerCellType(ConfigurableCollectionCell<Item>.self)
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, itemType: Item.Type
    ) {
        dataSource.registerCell(itemType: itemType, cellType: ConfigurableCollectionCell<Item>.self)
    }
    public func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        .supplementaryView(ofKind: kind, viewType: LinesCollectionView.self, sectionType: sectionType) {
            view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: LinesCollectionView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? ConfigurationCounting)?.configurations ?? 0 }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        collectionView.layoutIfNeeded()
        let elementKind =
            kind == .header ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
        return collectionView.supplementaryView(
            forElementKind: elementKind, at: ListIndexPath(item: 0, section: section).indexPath)
    }
    public var updateLog: [String] { textHostWords(collectionView._updateLog) }
    public var contentHeight: Int {
        collectionView.layoutIfNeeded()
        return Int(collectionView.contentSize.height)
    }
    public func renderAll() -> [String] {
        collectionView.layoutIfNeeded()
        return renderPages(counts: collectionView._knownCounts ?? [], height: Int(collectionView.frame.height))
    }
}

/// A table label cell of a class per tag, one point a line.
@MainActor public final class TaggedTableCell<Tag>: UITableViewCell, ReusableView, Labelled, ConfigurationCounting {
    public var text = ""
    public var configurations = 0
}

/// A table label cell that adopts `ConfigurableView`.
@MainActor
public final class ConfigurableTableCell<Item>: UITableViewCell, ReusableView, Labelled,
    ConfigurableView, ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public func configure(with viewModel: Item) {
        text = "\(viewModel)"
        configurations += 1
    }
}

/// A table header or footer as tall as its lines, counting its configurations.
@MainActor
public final class LinesTableView: UITableViewHeaderFooterView, ReusableView, Labelled,
    ConfigurationCounting
{
    public var text = ""
    public var configurations = 0
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
    }
}

extension TableHarness: CoreHarness {
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type
    ) {
        dataSource.registerCellType(FormattedTableCell<Format>.self)
    }
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type,
        suffix: @escaping @MainActor (CellContext) -> String
    ) {
        dataSource.registerCell(itemType: Format.Item.self, cellType: FormattedTableCell<Format>.self) {
            cell, context, item in
            cell.configure(with: item)
            cell.text += suffix(context)
        }
    }
    public func formattedRegistration<Format: LabelFormat>(_ format: Format.Type) -> ViewRegistration {
        .cell(FormattedTableCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(_ format: Format.Type) -> CellChoice<Format.Item> {
        .cell(FormattedTableCell<Format>.self)
    }
    public func formattedChoice<Format: LabelFormat>(
        _ format: Format.Type, text: @escaping @MainActor (CellContext, Format.Item) -> String
    ) -> CellChoice<Format.Item> {
        .cell(FormattedTableCell<Format>.self) { cell, context, item in
            _ = cell.binding.configure(with: item)
            cell.text = text(context, item)
        }
    }
    public func formattedCellType<Format: LabelFormat>(_ format: Format.Type) -> any ReusableView.Type {
        FormattedTableCell<Format>.self
    }
    public func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: TaggedTableCell<Tag>.self) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    public func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool { cell is TaggedTableCell<Tag> }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type
    ) {
        dataSource.registerCellType(ConfigurableTableCell<Item>.self)
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, itemType: Item.Type
    ) {
        dataSource.registerCell(itemType: itemType, cellType: ConfigurableTableCell<Item>.self)
    }
    public func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        .supplementaryView(ofKind: kind, viewType: LinesTableView.self, sectionType: sectionType) {
            view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: LinesTableView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? ConfigurationCounting)?.configurations ?? 0 }
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> AnyObject? {
        tableView.layoutIfNeeded()
        return kind == .header ? tableView.headerView(forSection: section) : tableView.footerView(forSection: section)
    }
    public var updateLog: [String] { textHostWords(tableView._updateLog) }
    public var contentHeight: Int {
        tableView.layoutIfNeeded()
        return Int(tableView.contentSize.height)
    }
    public func renderAll() -> [String] {
        tableView.layoutIfNeeded()
        return renderPages(counts: tableView._knownCounts ?? [], height: Int(tableView.frame.height))
    }
}
#endif

extension HostKind {
    /// A host with the core tests' harness (see `make(width:height:)`).
    @MainActor
    public func makeCore(width: Int = 30, height: Int = 10) -> any CoreHarness {
        switch self {
        case .text: TextHarness(width: width, height: height)
        #if !canImport(UIKit)
        case .collection: CollectionHarness(width: width, height: height)
        case .table: TableHarness(width: width, height: height)
        #endif
        }
    }
}
