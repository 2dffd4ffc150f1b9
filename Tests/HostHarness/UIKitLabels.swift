// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
@_spi(Simulation) import UIKitStandIn

// The labels on the UIKit hosts: what each kind of label cell does, registered once for both list views
// (each harness names its classes: `CollectionHarness.swift`, `TableHarness.swift`), and how often they
// were measured. A label is one point a line of its text.

/// A label cell of a class per tag, counting its configurations.
@MainActor
public protocol TaggedCell: UIView, ReusableView, Labelled, ConfigurationCounting {}

/// A label cell that adopts `ConfigurableView` for `Item`, showing its description.
@MainActor
public protocol ConfigurableLabel<Item>: UIView, ReusableView, Labelled, ConfigurableView, ConfigurationCounting
where ViewModel == Item {
    associatedtype Item
}

extension ConfigurableLabel {
    public func configure(with viewModel: Item) {
        text = "\(viewModel)"
        configurations += 1
    }
}

/// A `ConfigurableView` label of a style, counting its fits by style.
@MainActor
public protocol StyledLabel<Style>: ReusableView, ConfigurableView, UIKitCompositionLabel
where ViewModel == Style.Item {
    associatedtype Style: LabelStyle
}

extension StyledLabel {
    public var style: ObjectIdentifier? { ObjectIdentifier(Style.self) }
    public func configure(with item: Style.Item) { text = Style.text(item) }
}

/// A cell that logs its state changes.
@MainActor
public protocol StateLogging: AnyObject {
    var text: String { get set }
    var log: (@MainActor (String) -> Void)? { get set }
}

/// A label of the composition tests on UIKit: one point a line, counting how often it is measured.
@MainActor
public protocol UIKitCompositionLabel: CompositionLabel, UIView {
    var counter: UIKitHarnessState? { get set }
    /// The style of a styled label, whose fits are counted by style.
    var style: ObjectIdentifier? { get }
}

extension UIKitCompositionLabel {
    public var style: ObjectIdentifier? { nil }
    func fittingSize(_ targetSize: CGSize) -> CGSize {
        counter?.fits += 1
        if let style { UIKitHarnessState.styledFits[style, default: 0] += 1 }
        return CGSize(width: targetSize.width, height: CGFloat(max(1, lines(width: Int(targetSize.width)).count)))
    }
}

/// One point a line of `text` (at least one), `"\n"`-separated, empty lines left out.
@MainActor
func linesFitting(_ targetSize: CGSize, _ text: String) -> CGSize {
    CGSize(width: targetSize.width, height: CGFloat(max(1, text.split(separator: "\n").count)))
}

/// How often the views of one UIKit harness were measured.
@MainActor
public final class UIKitHarnessState {
    var fits = 0
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
    private final class Weak {
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

extension UIKitHarness {
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerCounting(dataSource, for: itemType, cellType: LabelCell.self, text: text)
    }
    public func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: LabelView.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    public func registerLabel<S: Hashable, Item, Tag>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, tag: Tag.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        registerCounting(dataSource, for: itemType, cellType: taggedCellType(tag), text: text)
    }
    public func isCell<Tag>(_ cell: AnyObject?, taggedWith tag: Tag.Type) -> Bool {
        cell.map { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(taggedCellType(tag)) } ?? false
    }
    /// Registers a label cell that counts its configurations.
    private func registerCounting<S: Hashable, Item, Cell: ReusableView & Labelled & ConfigurationCounting>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, cellType: Cell.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: cellType) { cell, context, item in
            cell.text = text(context, item)
            cell.configurations += 1
        }
    }
    public func registerSizedLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type, sizing: ItemSizing<Item>?,
        wrapsAtWidth: Bool, live: Bool, text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        let counter = UIKitHarnessState.of(self)
        registerSizedCell(CompositionCell.self, dataSource, for: itemType, sizing: sizing) { cell, context, item in
            cell.counter = counter
            cell.wraps = wrapsAtWidth
            cell.show(live: live) { text(context, item) }
        }
    }
    public func registerLabelType<S: Hashable, Style: LabelStyle>(
        _ dataSource: UniversalDataSource<S>, _ style: Style.Type, sizing: ItemSizing<Style.Item>?
    ) {
        let counter = UIKitHarnessState.of(self)
        let key = ObjectIdentifier(Style.self)
        if counter.styles[key] == nil { counter.styles[key] = UIKitHarnessState.styledFits[key, default: 0] }
        registerCellType(styledCellType(style), dataSource, sizing: sizing)
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type
    ) {
        dataSource.registerCellType(configurableCellType(itemType))
    }
    public func registerConfigurableLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, itemType: Item.Type
    ) {
        dataSource.registerCell(itemType: itemType, cellType: configurableCellType(itemType))
    }
    public func linesLabelRegistration<S: Hashable>(
        kind: SupplementaryKind, sectionType: S.Type, text: @escaping @MainActor (ListIndexPath, S) -> String
    ) -> ViewRegistration {
        .supplementaryView(ofKind: kind, viewType: LinesView.self, sectionType: sectionType) {
            view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func registerLinesLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: LinesView.self) { view, indexPath, section in
            view.text = text(indexPath, section)
            view.configurations += 1
        }
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? ConfigurationCounting)?.configurations ?? 0 }
    public func registerStateLogging<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item) -> String, log: @escaping @MainActor (String) -> Void
    ) {
        dataSource.registerCell(itemType: itemType, cellType: StateLoggingCell.self) { cell, _, item in
            cell.text = text(item)
            cell.log = log
        }
    }
}
#endif
