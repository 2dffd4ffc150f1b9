import DiffableStore

/// How to make and configure the view for one type of value: a cell for an item type, or a
/// supplementary or decoration view of a kind for a section type.
///
/// A registration is typed where it is made, so the configuration closure receives the view and the
/// value with their own types and never casts; the data source holds it type-erased under its
/// ``key``. You rarely build one yourself: `UniversalDataSource`'s `registerCell...` and
/// `registerSupplementaryView...` methods do. Build one to share a registration between data
/// sources, and pass it to ``UniversalDataSource/register(_:)``.
///
/// ```swift
/// let tiles = ViewRegistration.cell(itemType: TileViewModel.self, cellType: TileCell.self) { cell, context, tile in
///     cell.configure(with: tile)
/// }
/// dataSource.register(tiles)
/// print(tiles.key)
/// // Prints "cell for MyApp.TileViewModel"
/// ```
///
/// The registered type may be a protocol (`(any MessageViewModel).self`) or a class: it then also
/// serves values of conforming types and subclasses that have no registration of their own.
@MainActor
public struct ViewRegistration {
    @usableFromInline let box: _ViewRegistrationStorage

    @usableFromInline
    init(_ box: _ViewRegistrationStorage) {
        self.box = box
    }

    /// What the registration is for: the value type, the element category and the kind.
    public var key: RegistrationKey { box.key }

    /// The identifier the host registers and dequeues the view under (the view class's
    /// fully qualified name; a cell factory's first candidate's).
    @_spi(Testing) public var reuseIdentifier: String { box.reuseIdentifier }

    /// Whether the registration is for an item-scoped supplementary kind (a separator: one view per
    /// item) rather than a section-scoped one (a header: one view per section).
    @_spi(Testing) public var isItemScoped: Bool { box.isItemScoped }

    /// The class of view the registration makes.
    ///
    /// For a cell factory (``cells(for:_:choose:)``), which chooses among several cells, it is its
    /// first candidate's.
    public var viewType: AnyObject.Type { box.viewType }

    /// A cell registration with a configuration closure.
    ///
    /// - Parameters:
    ///   - itemType: The type of item the cell shows; a protocol or class type also serves conforming
    ///     types and subclasses.
    ///   - cellType: The cell class; the host makes new ones with `init()`.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``); `nil` (the default) leaves
    ///     the length to the host.
    ///   - configure: Configures a dequeued cell with the item; receives the cell, its ``CellContext``
    ///     (index path and position in the section) and the item.
    /// - Returns: The registration, keyed by `itemType`.
    @inlinable
    public static func cell<Item, Cell: ReusableView>(
        itemType: Item.Type,
        cellType: Cell.Type,
        sizing: ItemSizing<Item>? = nil,
        configure: @escaping @MainActor (_ cell: Cell, _ context: CellContext, _ item: Item) -> Void
    ) -> ViewRegistration {
        _cell(itemType: itemType, cellType: cellType, readsContext: true, sizing: sizing?.erased, configure: configure)
    }

    /// A cell registration; `readsContext` says whether `configure` uses its ``CellContext``.
    @inlinable
    static func _cell<Item, Cell: ReusableView>(
        itemType: Item.Type,
        cellType: Cell.Type,
        readsContext: Bool,
        sizing: _AnySizing? = nil,
        configure: @escaping @MainActor (_ cell: Cell, _ context: CellContext, _ item: Item) -> Void
    ) -> ViewRegistration {
        let reuseIdentifier = Cell.reuseIdentifier
        let unbinds = Cell.self is any UnbindableView.Type
        return ViewRegistration(
            _ViewRegistrationStorage(
                key: RegistrationKey(cellFor: itemType), reuseIdentifier: reuseIdentifier, viewType: Cell.self,
                makeView: { Cell() },
                accepts: { $0 is Item },
                readsContext: readsContext,
                sizing: sizing,
                configure: { object, context, value in
                    _unbind(object, if: unbinds)
                    configure(
                        _castView(object, to: Cell.self, reuseIdentifier: reuseIdentifier), context,
                        _castValue(value, to: Item.self))
                }))
    }

    /// A cell registration for a ``ConfigurableView``: keyed by its view model type, configured with `configure(with:)`.
    ///
    /// - Parameters:
    ///   - cellType: The cell class.
    ///   - sizing: Where the items' sizes come from (see ``ItemSizing``); `nil` (the default) leaves
    ///     the length to the host.
    /// - Returns: The registration, keyed by `Cell.ViewModel`.
    @inlinable
    public static func cell<Cell: ConfigurableView & ReusableView>(
        _ cellType: Cell.Type, sizing: ItemSizing<Cell.ViewModel>? = nil
    ) -> ViewRegistration {
        _cell(itemType: Cell.ViewModel.self, cellType: cellType, readsContext: false, sizing: sizing?.erased) {
            cell, _, item in
            cell.configure(with: item)
        }
    }

    /// A supplementary view registration with a configuration closure.
    ///
    /// - Parameters:
    ///   - kind: The kind of view (``SupplementaryKind/header``, ``SupplementaryKind/footer``, ...).
    ///   - viewType: The view class; the host makes new ones with `init()`.
    ///   - sectionType: The `SectionIdentifier` type of the data sources it will be registered with
    ///     (registering it with another is a programmer error and stops the program).
    ///   - configure: Configures a dequeued view; receives the view, the index path the host asked
    ///     for and the section identifier.
    /// - Returns: The registration, keyed by `sectionType` and `kind`.
    @inlinable
    public static func supplementaryView<Section, View: ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type,
        sectionType: Section.Type,
        configure: @escaping @MainActor (_ view: View, _ indexPath: ListIndexPath, _ section: Section) -> Void
    ) -> ViewRegistration {
        _supplementary(
            ofKind: kind, category: .supplementary, sectionType: sectionType, accepts: { $0 is Section },
            configure: { (view: View, context, value) in
                configure(view, context.indexPath, _castValue(value, to: Section.self))
            })
    }

    /// A registration of a view of a supplementary or decoration kind, keyed by `sectionType`, `category` and
    /// `kind`: the host finds or makes a view of that kind for its reuse identifier; it is unbound if it
    /// is an ``UnbindableView``, then configured.
    @inlinable
    static func _supplementary<View: ReusableView>(
        ofKind kind: SupplementaryKind,
        category: RegistrationKey.Category,
        sectionType: Any.Type,
        accepts: @escaping (Any) -> Bool,
        isItemScoped: Bool = false,
        configure: @escaping @MainActor (_ view: View, _ context: CellContext, _ value: Any) -> Void
    ) -> ViewRegistration {
        let reuseIdentifier = View.reuseIdentifier
        let unbinds = View.self is any UnbindableView.Type
        return ViewRegistration(
            _ViewRegistrationStorage(
                key: RegistrationKey(valueType: sectionType, category: category, kind: kind),
                reuseIdentifier: reuseIdentifier, viewType: View.self, makeView: { View() },
                accepts: accepts, isItemScoped: isItemScoped,
                configure: { object, context, value in
                    _unbind(object, if: unbinds)
                    configure(_castView(object, to: View.self, reuseIdentifier: reuseIdentifier), context, value)
                }))
    }

    /// A supplementary view registration for a ``ConfigurableView`` whose view model is the section identifier.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - viewType: The view class.
    /// - Returns: The registration, keyed by `View.ViewModel` and `kind`.
    @inlinable
    public static func supplementaryView<View: ConfigurableView & ReusableView>(
        ofKind kind: SupplementaryKind,
        viewType: View.Type
    ) -> ViewRegistration {
        supplementaryView(ofKind: kind, viewType: viewType, sectionType: View.ViewModel.self) { view, _, section in
            view.configure(with: section)
        }
    }
}
