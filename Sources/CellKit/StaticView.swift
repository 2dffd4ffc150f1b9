/// An item that is a view you own: the view instance is the item.
///
/// Put a view in a snapshot as it is, with no view model type and no registration: the data source
/// shows it in a container cell its host provides (`ListHost/staticViewContainerType`). Its identity
/// is the instance, so it diffs like any other item (moved, deleted, kept), and two `StaticView`s of
/// the same instance are one item: adding the view twice to a snapshot throws a
/// ``/DiffableStore/SnapshotError`` whose rule is `duplicateItem`, as a view can show in one place only.
/// Hashing and `==` read only the instance's identity, so a snapshot of static views can be diffed off the
/// main actor.
///
/// The view keeps its own state (what a user typed, a counter, a scroll offset) across scrolling and
/// cell reuse: nothing configures it or prepares it for reuse; the container only shows it. A change
/// of its content is the view's business: call ``UniversalDataSource/invalidateSize(of:)`` when its
/// size changes.
///
/// ```swift
/// let search = SearchField()                       // a view you keep, with its own state
/// try snapshot.appendItems([StaticView(search)] + results)
/// ```
///
/// On `TextListView` the view must be a `TextCell`: the list shows its lines as they are.
public struct StaticView: Hashable, CustomStringConvertible {
    /// The view shown.
    public let view: AnyObject

    /// Wraps a view you own.
    ///
    /// - Parameter view: The view; the list never configures it or prepares it for reuse.
    public init(_ view: AnyObject) {
        self.view = view
    }

    /// Whether both wrap the same instance.
    public static func == (lhs: StaticView, rhs: StaticView) -> Bool {
        lhs.view === rhs.view
    }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(view))
    }

    /// `"StaticView(MyApp.SearchField)"`: the view's class.
    public var description: String {
        "StaticView(\(String(reflecting: type(of: view))))"
    }
}

/// A cell that shows ``StaticView`` items: what a host offers in `ListHost/staticViewContainerType`.
///
/// A container shows one view at a time. When it is handed out again from its reuse pool
/// (`prepareForReuse()`), it lets go of its view *only if it still shows it*: the view may have moved
/// to another container since, and stays there.
@MainActor
@_spi(ListHost)
public protocol StaticViewContainer: ReusableView {
    /// Shows a view you own in this container.
    ///
    /// Does nothing when the container already shows it. Otherwise it takes the view from the
    /// container that showed it before (a view shows in one place at a time) and shows it.
    ///
    /// - Parameter view: The ``StaticView/view`` of the item.
    func embed(_ view: AnyObject)
}

extension ListHost {
    /// `nil`: the host cannot show ``StaticView`` items (an apply of one throws
    /// ``DataSourceError/noCellRegistration(item:itemType:indexPath:registeredTypes:)``).
    @_spi(ListHost) public var staticViewContainerType: (any StaticViewContainer.Type)? { nil }
}
