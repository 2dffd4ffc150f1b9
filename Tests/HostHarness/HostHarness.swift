import CellKit
import DiffableStore

// The host-agnostic layer of the tests: a data-source test written once against `HostHarness` runs on
// the text host and, where UIKit does not exist, on `CollectionViewHost` and `TableViewHost` over the
// UIKit stand-in (`@Test(arguments: HostKind.allCases)`). Test-only support, not a product.

/// A view that shows text, whichever host made it.
@MainActor
public protocol Labelled: AnyObject {
    /// The text the view shows; lines are separated by `"\n"`.
    var text: String { get set }
}

/// The hosts a shared test runs on.
public enum HostKind: String, CaseIterable, CustomStringConvertible, Sendable {
    /// `TextListView`.
    case text
    #if !canImport(UIKit)
    /// `CollectionViewHost` over the stand-in's `UICollectionView`.
    case collection
    /// `TableViewHost` over the stand-in's `UITableView`.
    case table
    #endif

    /// The raw value, as test arguments print it.
    public var description: String { rawValue }

    /// A host with a viewport `height` lines tall and `width` columns wide. On the UIKit hosts a line is
    /// one point: a label cell is one point a line of its text, a header or footer one point.
    @MainActor
    public func make(width: Int = 30, height: Int = 10) -> any HostHarness {
        switch self {
        case .text: TextHarness(width: width, height: height)
        #if !canImport(UIKit)
        case .collection: CollectionHarness(width: width, height: height)
        case .table: TableHarness(width: width, height: height)
        #endif
        }
    }
}

/// What a shared test does with a host, whichever it is.
@MainActor
public protocol HostHarness: AnyObject {
    /// The host, for a data source.
    var host: any ListHost { get }
    /// Makes `delegate` the host's delegate.
    func setDelegate(_ delegate: any ListHostDelegate)
    /// Registers a label cell for an item type; `text` may hold several lines.
    func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String)
    /// Registers a one-line label view of a kind.
    func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String) throws
    /// The lines shown, top to bottom (blank lines and trailing spaces left out); lays out and, on the
    /// UIKit hosts, ends the main actor's turn so the host delivers what UIKit reported.
    func render() -> [String]
    /// Selects an item as a tap does.
    func select(_ indexPath: ListIndexPath)
    /// The selected items' index paths, sorted.
    var selectedIndexPaths: [ListIndexPath] { get }
    /// Scrolls so that a line (a point, on UIKit) is at the top.
    func scroll(toLine line: Int)
    /// Scrolls so that the last line shows at the bottom.
    func scrollToEnd()
    /// The line (point) at the top of the viewport.
    var topLine: Int { get }
    /// The view showing an item, if visible.
    func cell(at indexPath: ListIndexPath) -> AnyObject?
    /// Views made by the host (not recycled).
    var viewsCreated: Int { get }
    /// What UIKit would have raised (always empty on the text host).
    var problems: [String] { get }
}

extension HostHarness {
    /// A data source on this host, made its delegate.
    public func makeDataSource<S: Hashable>(_ sectionType: S.Type = S.self) -> UniversalDataSource<S> {
        let dataSource = UniversalDataSource<S>(host: host)
        setDelegate(dataSource)
        return dataSource
    }
}
