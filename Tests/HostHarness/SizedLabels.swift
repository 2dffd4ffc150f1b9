@_spi(ListHost) import CellKit
import DiffableStore

// Labels with sizings, whichever host shows them: a label whose text may be read live and may wrap at its
// width (`CompositionLabel`), registered with a closure or by its item type (`LabelStyle`). Each host
// registers its classes (`registerSizedLabel`, `registerLabelType`); UIKitLabels.swift counts the UIKit
// hosts' fits.

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
