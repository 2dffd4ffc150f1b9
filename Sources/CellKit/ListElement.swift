import DiffableStore

/// A view a host shows, as a host names it to its data source: an item's cell, a supplementary view
/// (a section's header or footer, or an item-scoped view such as a separator), or a section's
/// decoration.
///
/// A host asks its data source how to find or make the view for an element
/// (`ListHostDataSource/reuse(for:in:)`), picks the view itself (from its reuse pool, the view already
/// showing the element, a view it measures with, a view off screen) and then has the data source
/// configure it (`ListHostDataSource/configure(_:for:in:)`).
@_spi(ListHost)
public enum ListElement: Hashable, Sendable, CustomStringConvertible {
    /// The cell of the item at an index path.
    case cell(ListIndexPath)
    /// A supplementary view of a kind: a section's at `section.0`, or an item's (for an item-scoped kind)
    /// at the item's index path.
    case supplementary(SupplementaryKind, ListIndexPath)
    /// A decoration of a kind drawn around a section's items.
    case decoration(SupplementaryKind, section: Int)

    /// The kind of a supplementary view or decoration; `nil` for a cell.
    public var kind: SupplementaryKind? {
        switch self {
        case .cell: nil
        case .supplementary(let kind, _), .decoration(let kind, _): kind
        }
    }

    /// Where the element shows: the item's or the supplementary view's index path, or `section.0` for a
    /// decoration.
    public var indexPath: ListIndexPath {
        switch self {
        case .cell(let path), .supplementary(_, let path): path
        case .decoration(_, let section): ListIndexPath(item: 0, section: section)
        }
    }

    /// `"cell 0.3"`, `"header 0.0"`, `"decoration background 2"`.
    public var description: String {
        switch self {
        case .cell(let path): "cell \(path)"
        case .supplementary(let kind, let path): "\(kind.rawValue) \(path)"
        case .decoration(let kind, let section): "decoration \(kind.rawValue) \(section)"
        }
    }
}

/// How a host finds or makes the view for a `ListElement`: the reuse identifier its views are
/// registered and pooled under, and their class.
///
/// The data source registers every reuse identifier with the host before it names it here
/// (`ListHost/registerCell(_:reuseIdentifier:factory:)`,
/// `ListHost/registerSupplementaryView(_:ofKind:reuseIdentifier:factory:)`).
@_spi(ListHost)
public struct ViewReuse: Equatable, Sendable, CustomStringConvertible {
    /// The identifier the view is registered and pooled under.
    public var reuseIdentifier: String
    /// The class of the view the registration makes.
    public var viewClass: any AnyObject.Type

    /// A reuse identifier and a view class.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: The identifier the view is registered and pooled under.
    ///   - viewClass: The class of the view.
    public init(reuseIdentifier: String, viewClass: any AnyObject.Type) {
        self.reuseIdentifier = reuseIdentifier
        self.viewClass = viewClass
    }

    /// Whether both name the same identifier and the same class.
    public static func == (lhs: ViewReuse, rhs: ViewReuse) -> Bool {
        lhs.reuseIdentifier == rhs.reuseIdentifier && ObjectIdentifier(lhs.viewClass) == ObjectIdentifier(rhs.viewClass)
    }

    /// `"TitleCell (TitleCell)"`: the identifier and the class.
    public var description: String { "\(reuseIdentifier) (\(viewClass))" }
}
