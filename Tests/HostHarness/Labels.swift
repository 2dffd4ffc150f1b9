import CellKit
import DiffableStore

// The labels the harness registers, whichever host shows them: what a label is (`Labelled`), what it
// counts, and how a cell of a class per format or per style shows its item. Each host file holds its
// label classes and registers them.

/// A view that shows text, whichever host made it.
@MainActor
public protocol Labelled: AnyObject {
    /// The text the view shows; lines are separated by `"\n"`.
    var text: String { get set }
}

/// A view that counts how often a configuration ran on it.
@MainActor
public protocol ConfigurationCounting: AnyObject {
    /// How often the view was configured.
    var configurations: Int { get set }
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
    /// Binding does nothing.
    public static func bind(_ item: Item) {}
    /// Letting go does nothing.
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

/// A cell of a class per format: its binding, bound in `configure(with:)`, let go in `unbind()`.
@MainActor
public protocol FormattedLabel<Format>: FormattedCell, Labelled, ConfigurableView, UnbindableView, ReusableView
where ViewModel == Format.Item {
    /// How the cell shows its item.
    associatedtype Format: LabelFormat
    /// What the cell is bound to.
    var binding: Binding<Format> { get set }
}

extension FormattedLabel {
    /// How often `unbind()` was called.
    public var unbinds: Int { binding.unbinds }
    /// How often `configure(with:)` found a binding left over.
    public var leftOverBindings: Int { binding.leftOver }
    /// Binds to the item and shows its label (counting the configuration, on a view that counts).
    public func configure(with viewModel: Format.Item) {
        text = binding.configure(with: viewModel)
        (self as? any ConfigurationCounting)?.configurations += 1
    }
    /// Lets go of the item.
    public func unbind() { binding.unbind() }
}

/// The binding a formatted cell keeps: bound in `configure(with:)`, let go in `unbind()`.
@MainActor
public struct Binding<Format: LabelFormat> {
    var bound: Format.Item?
    var unbinds = 0
    var leftOver = 0

    /// Bound to nothing.
    public init() {}

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

/// How a label cell registered by its item type (``HostHarness/registerLabelType(_:_:sizing:)``) shows
/// its items.
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

/// A label whose text may be read live and may wrap at its width (``HostHarness/registerLabel(_:for:sizing:wrapsAtWidth:live:text:)``
/// and ``HostHarness/registerLabelType(_:_:sizing:)``).
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

/// The tag of the label cell registered without one (``HostHarness/registerLabel(_:for:text:)``).
public enum Untagged {}

/// The roles of a host's label classes (``HostHarness/labelType(_:)``).
public enum LabelRole: Sendable {
    /// A cell, as tall as its lines.
    case cell
    /// A header or footer of one line.
    case header
    /// A header or footer as tall as its lines.
    case lines
}

/// A label cell that adopts `ConfigurableView` for `Item`, showing its description.
@MainActor
public protocol ConfigurableLabel<Item>: ReusableView, Labelled, ConfigurableView where ViewModel == Item {
    /// The items it shows.
    associatedtype Item
}

extension ConfigurableLabel {
    /// Shows the item's description (counting the configuration, on a view that counts).
    public func configure(with viewModel: Item) {
        text = "\(viewModel)"
        (self as? any ConfigurationCounting)?.configurations += 1
    }
}

/// A cell that logs its state changes.
@MainActor
public protocol StateLogging: AnyObject {
    /// The text it shows.
    var text: String { get set }
    /// Where it logs `"<text> highlighted|selected|plain"`.
    var log: (@MainActor (String) -> Void)? { get set }
}

extension HostHarness {
    /// Registers a label cell for an item type; `text` may hold several lines.
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerLabel(dataSource, for: itemType, cellType: labelType(.cell), text: text)
    }

    /// Registers a label cell of a class of its own for `tag` (`isCell(_:taggedWith:)` tells it apart).
    public func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerLabel(dataSource, for: itemType, cellType: taggedCellType(tag), text: text)
    }

    private func registerLabel<S: Hashable, Item, Cell: ReusableView & Labelled>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, cellType: Cell.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: cellType) { cell, context, item in
            cell.text = text(context, item)
            (cell as? any ConfigurationCounting)?.configurations += 1
        }
    }

    /// Whether a cell is one registered with `tag`.
    public func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool {
        cell.map { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(taggedCellType(tag)) } ?? false
    }

    /// Registers a one-line label view of a kind.
    public func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try registerLabel(dataSource, kind: kind, viewType: labelType(.header), text: text)
    }

    /// Registers a header or footer label view as tall as its lines (`"\n"`-separated), counting its
    /// configurations.
    public func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try registerLabel(dataSource, kind: kind, viewType: labelType(.lines), text: text)
    }

    private func registerLabel<S: Hashable, View: ReusableView & Labelled>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, viewType: View.Type,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: viewType) { view, indexPath, section in
            view.text = text(indexPath, section)
            (view as? any ConfigurationCounting)?.configurations += 1
        }
    }

    /// A registration of a header or footer label view as tall as its lines (`registerLinesLabel`'s view),
    /// for `register(_:)`.
    public func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        linesLabelRegistration(kind: kind, viewType: labelType(.lines), sectionType: sectionType, text: text)
    }

    private func linesLabelRegistration<S: Hashable, View: ReusableView & Labelled>(
        kind: SupplementaryKind, viewType: View.Type, sectionType: S.Type,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        .supplementaryView(ofKind: kind, viewType: viewType, sectionType: sectionType) { view, indexPath, section in
            view.text = text(indexPath, section)
            (view as? any ConfigurationCounting)?.configurations += 1
        }
    }

    /// Registers, with `registerCellType`, a label cell that adopts `ConfigurableView` for `Item` and
    /// shows the item's description.
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type
    ) {
        dataSource.registerCellType(configurableCellType(itemType))
    }

    /// The same, with `registerCell(itemType:cellType:)`.
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, itemType: Item.Type
    ) {
        dataSource.registerCell(itemType: itemType, cellType: configurableCellType(itemType))
    }

    /// Registers a label cell for an item type that logs `"<text> highlighted|selected|plain"` each time
    /// the host (UIKit, on the UIKit hosts) changes its highlighted or selected state.
    public func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        registerStateLogging(dataSource, for: itemType, cellType: stateLoggingCellType, text: text, log: log)
    }

    private func registerStateLogging<S: Hashable, Item, Cell: ReusableView & StateLogging>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, cellType: Cell.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        dataSource.registerCell(itemType: itemType, cellType: cellType) { cell, _, item in
            cell.text = text(item)
            cell.log = log
        }
    }
}

extension HostHarness {
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

    /// Registers a `ConfigurableView` label cell for `Style.Item`, without a sizing.
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type
    ) {
        registerLabelType(dataSource, style, sizing: nil)
    }

    /// Registers, with `registerCellType`, the cell of a class per format (``formattedLabelType(_:)``).
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type
    ) {
        dataSource.registerCellType(formattedLabelType(format))
    }

    /// The same cell registered with a closure: configured as `format` says, then `suffix` appended.
    public func registerFormattedLabel<S: Hashable, Format: LabelFormat>(
        _ dataSource: UniversalDataSource<S>, _ format: Format.Type,
        suffix: @escaping @MainActor (CellContext) -> String
    ) {
        registerFormatted(dataSource, formattedLabelType(format), suffix: suffix)
    }

    private func registerFormatted<S: Hashable, Cell: FormattedLabel>(
        _ dataSource: UniversalDataSource<S>, _ cellType: Cell.Type,
        suffix: @escaping @MainActor (CellContext) -> String
    ) {
        dataSource.registerCell(itemType: Cell.Format.Item.self, cellType: cellType) { cell, context, item in
            cell.configure(with: item)
            cell.text += suffix(context)
        }
    }

    /// The same cell, as a registration.
    public func formattedRegistration<Format: LabelFormat>(_ format: Format.Type) -> ViewRegistration {
        .cell(formattedLabelType(format))
    }

    /// The same cell, as a cell factory's choice (`configure(with:)`).
    public func formattedChoice<Format: LabelFormat>(_ format: Format.Type) -> CellChoice<Format.Item> {
        .cell(formattedLabelType(format))
    }

    /// The same cell, as a cell factory's choice whose text a closure gives.
    public func formattedChoice<Format: LabelFormat>(
        _ format: Format.Type, text: @escaping @MainActor (CellContext, Format.Item) -> String
    ) -> CellChoice<Format.Item> {
        formattedChoice(formattedLabelType(format), text: text)
    }

    private func formattedChoice<Cell: FormattedLabel>(
        _ cellType: Cell.Type, text: @escaping @MainActor (CellContext, Cell.Format.Item) -> String
    ) -> CellChoice<Cell.Format.Item> {
        .cell(cellType) { cell, context, item in
            _ = cell.binding.configure(with: item)
            cell.text = text(context, item)
        }
    }

    /// The class of that cell, for a cell factory's `choose`.
    public func formattedCellType<Format: LabelFormat>(_ format: Format.Type) -> any ReusableView.Type {
        formattedLabelType(format)
    }

    /// Registers a label cell of the composition tests, with a sizing or none.
    func registerSizedCell<S: Hashable, Item, Cell: CompositionLabel & ReusableView>(
        _ cellType: Cell.Type, _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        sizing: ItemSizing<Item>?, configure: @escaping @MainActor (Cell, CellContext, Item) -> Void
    ) {
        if let sizing {
            dataSource.registerCell(itemType: itemType, cellType: cellType, sizing: sizing, configure: configure)
        } else {
            dataSource.registerCell(itemType: itemType, cellType: cellType, configure: configure)
        }
    }

    /// Registers a `ConfigurableView` label cell type, with a sizing or none.
    func registerCellType<S: Hashable, Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, _ dataSource: UniversalDataSource<S>, sizing: ItemSizing<Cell.ViewModel>?
    ) {
        if let sizing {
            dataSource.registerCellType(cellType, sizing: sizing)
        } else {
            dataSource.registerCellType(cellType)
        }
    }
}

/// How a state-logging cell names its state.
@MainActor
func stateName(text: String, highlighted: Bool, selected: Bool) -> String {
    "\(text) " + (highlighted ? "highlighted" : selected ? "selected" : "plain")
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
