#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import UIKit
import CellKit
import CellKitUIKit
import DiffableStore

// A CellKit list inside a SwiftUI screen: a `UIViewRepresentable`
// (https://developer.apple.com/documentation/swiftui/uiviewrepresentable) of a collection view, its
// `CollectionViewHost` and data source. Only the lines that name SwiftUI are here: what each update does is
// `ListContainerCoordinator`'s (ListContainerCoordinator.swift), which the tests run on Linux.

/// A SwiftUI view that shows a CellKit list: a collection view, its ``/CellKitUIKit/CollectionViewHost`` and
/// a ``/CellKit/UniversalDataSource``, showing the snapshot SwiftUI gives it.
///
/// ```swift
/// struct ContactsScreen: View {
///     @State private var contacts = [Contact(name: "Ada", email: "ada@example.com")]
///     @State private var selection: Contact?
///
///     var body: some View {
///         CellKitList(snapshot, selection: $selection) { dataSource in
///             dataSource.registerSwiftUI(itemType: Contact.self) { contact, state in
///                 ContactRow(contact: contact, selected: state.isSelected)
///             }
///         }
///     }
///
///     private var snapshot: Snapshot<Int, AnyHashable> {
///         (try? Snapshot { SnapshotSection(0) { contacts } }) ?? Snapshot()
///     }
/// }
/// ```
///
/// Each time SwiftUI updates the view with a snapshot that differs from the last one (its items, or its
/// reload and reconfigure marks), the data source applies it: diffed and animated (not animated in a
/// transaction that disables animations), off the main actor from
/// 1,000 items (``/CellKit/UniversalDataSource/apply(_:animatingDifferences:)-2jz9f``), and when snapshots
/// arrive faster than a large one is applied, only the newest is applied next. The first visible item stays
/// where it was through each update (``/CellKitUIKit/CollectionViewHost/keepsFirstVisibleItemAnchored``):
/// rows added above it do not move what the user reads.
///
/// The model can be `@Observable` (iOS 17) or an `ObservableObject`: the screen that makes the snapshot from
/// it is updated when it changes, and gives this view the new snapshot.
///
/// The selection binding and the list stay in step both ways: a tap writes the binding, a change of the
/// binding selects in place (without a reload), and neither echoes back. Items the list does not show stay in
/// the binding and show selected when they appear, as in SwiftUI's `List`; an apply never changes it (an item
/// it reloads is selected again).
///
/// - Note: `register` and `layout` are called once, when the collection view is made; the events and error
///   closures are the latest the view was given. The data source's `onEvent` is this view's: give yours to
///   `onEvent`.
@available(iOS 16.0, tvOS 16.0, *)
public struct CellKitList<SectionIdentifier: Hashable & Sendable>: UIViewRepresentable {
    private let snapshot: Snapshot<SectionIdentifier, AnyHashable>
    private let selection: Binding<Set<AnyHashable>>?
    private let allowsMultipleSelection: Bool
    private let layout: @MainActor (_ host: CollectionViewHost) -> UICollectionViewLayout
    private let register: @MainActor (_ dataSource: UniversalDataSource<SectionIdentifier>) -> Void
    private var onEvent: (@MainActor (_ event: ListHostEvent) -> Void)?
    private var applyErrorAction: (@MainActor (_ error: DataSourceError) -> Void)?

    /// Shows a snapshot, without a selection binding (taps still reach `onEvent`).
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show.
    ///   - layout: Makes the collection view's layout for its host, once; by default an inset grouped list
    ///     layout (``/CellKitUIKit/CollectionViewHost/makeListLayout(_:)``), whose cells size themselves.
    ///   - register: Registers the cells of the data source, once (for example with `registerSwiftUI`).
    ///   - onEvent: Called with each event of the host (``/CellKit/ListHostEvent``), in order.
    public init(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        layout: @escaping @MainActor (_ host: CollectionViewHost) -> UICollectionViewLayout = Self.defaultLayout,
        register: @escaping @MainActor (_ dataSource: UniversalDataSource<SectionIdentifier>) -> Void,
        onEvent: (@MainActor (_ event: ListHostEvent) -> Void)? = nil
    ) {
        self.snapshot = snapshot
        self.selection = nil
        self.allowsMultipleSelection = false
        self.layout = layout
        self.register = register
        self.onEvent = onEvent
    }

    /// Shows a snapshot with one selected item at most, kept in step with a binding.
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show.
    ///   - selection: The selected item (an item of the snapshot, by `==`), or `nil`.
    ///   - layout: Makes the collection view's layout for its host, once; by default an inset grouped list.
    ///   - register: Registers the cells of the data source, once.
    ///   - onEvent: Called with each event of the host, in order.
    public init<Selection: Hashable>(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        selection: Binding<Selection?>,
        layout: @escaping @MainActor (_ host: CollectionViewHost) -> UICollectionViewLayout = Self.defaultLayout,
        register: @escaping @MainActor (_ dataSource: UniversalDataSource<SectionIdentifier>) -> Void,
        onEvent: (@MainActor (_ event: ListHostEvent) -> Void)? = nil
    ) {
        self.snapshot = snapshot
        self.selection = Binding {
            selection.wrappedValue.map { [AnyHashable($0)] } ?? []
        } set: { items in
            selection.wrappedValue = items.first.flatMap { $0.base as? Selection }
        }
        self.allowsMultipleSelection = false
        self.layout = layout
        self.register = register
        self.onEvent = onEvent
    }

    /// Shows a snapshot whose items the user selects several at a time, kept in step with a binding.
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show.
    ///   - selection: The selected items (items of the snapshot, by `==`).
    ///   - layout: Makes the collection view's layout for its host, once; by default an inset grouped list.
    ///   - register: Registers the cells of the data source, once.
    ///   - onEvent: Called with each event of the host, in order.
    public init<Selection: Hashable>(
        _ snapshot: Snapshot<SectionIdentifier, AnyHashable>,
        selection: Binding<Set<Selection>>,
        layout: @escaping @MainActor (_ host: CollectionViewHost) -> UICollectionViewLayout = Self.defaultLayout,
        register: @escaping @MainActor (_ dataSource: UniversalDataSource<SectionIdentifier>) -> Void,
        onEvent: (@MainActor (_ event: ListHostEvent) -> Void)? = nil
    ) {
        self.snapshot = snapshot
        self.selection = Binding {
            Set(selection.wrappedValue.map { AnyHashable($0) })
        } set: { items in
            selection.wrappedValue = Set(items.compactMap { $0.base as? Selection })
        }
        self.allowsMultipleSelection = true
        self.layout = layout
        self.register = register
        self.onEvent = onEvent
    }

    /// An inset grouped list layout of the host's list sections, whose cells size themselves.
    ///
    /// - Parameter host: The collection view's host.
    /// - Returns: ``/CellKitUIKit/CollectionViewHost/makeListLayout(_:)`` of an inset grouped configuration.
    @MainActor public static func defaultLayout(_ host: CollectionViewHost) -> UICollectionViewLayout {
        host.makeListLayout(UICollectionLayoutListConfiguration(appearance: .insetGrouped))
    }

    /// Calls a closure with the error of an apply the data source refused (the list keeps what it showed).
    ///
    /// - Parameter action: Called with the error.
    /// - Returns: The view, reporting refused applies to `action`.
    public func onApplyError(_ action: @escaping @MainActor (_ error: DataSourceError) -> Void) -> Self {
        var view = self
        view.applyErrorAction = action
        return view
    }

    /// Keeps the list of a `CellKitList` between SwiftUI's updates (SwiftUI makes it; see
    /// `UIViewRepresentable.makeCoordinator()`).
    @MainActor public final class Coordinator {
        fileprivate var view: CellKitList
        fileprivate var list: ListContainerCoordinator<SectionIdentifier>?

        fileprivate init(view: CellKitList) { self.view = view }
    }

    /// Makes the object that keeps the list between updates.
    ///
    /// - Returns: A coordinator.
    public func makeCoordinator() -> Coordinator { Coordinator(view: self) }

    /// Makes the collection view, its host and data source, and registers the cells.
    ///
    /// - Parameter context: SwiftUI's context.
    /// - Returns: The collection view.
    public func makeUIView(context: Context) -> UICollectionView {
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let host = CollectionViewHost(collectionView: collectionView)
        collectionView.collectionViewLayout = layout(host)
        host.allowsMultipleSelection = allowsMultipleSelection
        let dataSource = UniversalDataSource<SectionIdentifier>(host: host)
        register(dataSource)
        let list = ListContainerCoordinator(dataSource: dataSource, host: host)
        let coordinator = context.coordinator
        list.onSelectionChange = { [weak coordinator] selection in
            coordinator?.view.selection?.wrappedValue = selection
        }
        list.onEvent = { [weak coordinator] event in coordinator?.view.onEvent?(event) }
        list.onApplyError = { [weak coordinator] error in coordinator?.view.applyErrorAction?(error) }
        coordinator.list = list
        return collectionView
    }

    /// Shows the snapshot and the selection of this update, where they changed.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - context: SwiftUI's context; its transaction says whether to animate.
    /// - Complexity: That of the data source's apply when the snapshot changed, plus O(n) to compare it.
    public func updateUIView(_ collectionView: UICollectionView, context: Context) {
        context.coordinator.view = self
        context.coordinator.list?.update(
            snapshot: snapshot, selection: selection?.wrappedValue ?? [],
            animated: !context.transaction.disablesAnimations)
    }
}
#endif
