@_spi(ListHost) import CellKit
import DiffableStore

// Cells of a class per format, whichever host shows them: a format says how a cell shows its item and
// what binding it does; the cell records its binding (`FormattedCell`), and is registered, chosen by a
// cell factory or named as a class once for all hosts (each host names its class, `formattedLabelType`).

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

extension HostHarness {
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
}
