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

/// A view class a host can make on its own and recycle.
///
/// The host recycles the views of a class under an identifier the data source makes from the class's
/// fully qualified name, so identifiers never collide and no app writes one. The text host's
/// `TextCell` adopts it; a UIKit conformance would add `init()` to its cells.
@MainActor
public protocol ReusableView: AnyObject {
    /// Makes a new, unconfigured view.
    init()
}

extension ReusableView {
    /// The identifier views of this class are registered and dequeued under: the fully qualified name
    /// of the class.
    @usableFromInline static var reuseIdentifier: String { String(reflecting: Self.self) }
}
