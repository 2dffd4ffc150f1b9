// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
@_spi(Simulation) import UIKitStandIn

// The UIKit hosts' labels with sizings (SizedLabels.swift), registered once for both list views, and how
// often they were measured (each harness names its classes: CollectionHarness.swift, TableHarness.swift).
// A label is one point a line of its text.

/// A `ConfigurableView` label of a style, counting its fits by style.
@MainActor
public protocol StyledLabel<Style>: ReusableView, ConfigurableView, UIKitCompositionLabel
where ViewModel == Style.Item {
    associatedtype Style: LabelStyle
}

extension StyledLabel {
    public func configure(with item: Style.Item) { text = Style.text(item) }
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
        if !UIKitHarnessState.isSelfSizing {
            counter?.fits += 1
            if let style { UIKitHarnessState.styledFits[style, default: 0] += 1 }
        }
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
    /// Whether UIKit (the stand-in's layout) is asking a view for its size (self-sizing): those fits are not
    /// the host's measures, and are not counted.
    static var isSelfSizing = false
    /// Runs `body` as UIKit's self-sizing of a view.
    static func selfSizing<T>(_ body: () -> T) -> T {
        isSelfSizing = true
        defer { isSelfSizing = false }
        return body()
    }
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
    public func registerContentRow<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (Item, CellState) -> String, marked: @escaping @MainActor (Item, CellState) -> Bool
    ) {
        dataSource.registerContent(itemType: itemType) { item, state in
            var content = UIListContentConfiguration.cell()
            content.text = text(item, state)
            return content
        } background: { item, state in
            var background = UIBackgroundConfiguration.clear()
            background.backgroundColor = marked(item, state) ? .systemBlue : nil
            return background
        }
    }
    public func configurations(of view: AnyObject?) -> Int { (view as? ConfigurationCounting)?.configurations ?? 0 }
}
#endif
