@_spi(ListHost) import CellKit
import DiffableStore

// The labels the harness registers, whichever host shows them: what a label is (`Labelled`), what it
// counts, and the registrations of the plain, tagged, `ConfigurableView` and state-logging label cells.
// Each host file names its label classes (`labelType(_:)` and its kin). Cells of a class per format are in
// FormattedLabels.swift, labels with sizings in SizedLabels.swift.

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
