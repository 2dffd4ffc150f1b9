/// A view that shows one type of view model.
///
/// Adopt it in a cell or supplementary view and register the view in one line; the data source
/// selects it by the view model's type, so there are no string identifiers, casts or switches.
///
/// ```swift
/// final class TileCell: TextCell, ConfigurableView {
///     func configure(with viewModel: TileViewModel) { title = viewModel.title }
/// }
/// dataSource.registerCellType(TileCell.self)
/// ```
@MainActor
public protocol ConfigurableView: AnyObject {
    /// The type of value the view shows.
    associatedtype ViewModel

    /// Shows a view model.
    ///
    /// - Parameter viewModel: The value to show.
    func configure(with viewModel: ViewModel)
}

/// A view class a host can make on its own and recycle under a reuse identifier.
///
/// The text host's `TextCell` adopts it; a UIKit conformance would add `init()` to its cells.
@MainActor
public protocol ReusableView: AnyObject {
    /// Makes a new, unconfigured view.
    init()

    /// The identifier views of this class are registered and dequeued under.
    static var reuseIdentifier: String { get }
}

extension ReusableView {
    /// The fully qualified name of the class, so identifiers never collide.
    public static var reuseIdentifier: String { String(reflecting: Self.self) }
}
