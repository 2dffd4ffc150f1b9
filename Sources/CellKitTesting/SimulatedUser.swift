#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(ListHost) @_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(Simulation) import UIKitStandIn

/// A user of a UIKit screen in a test: taps, scrolls and swipes a ``/CellKitUIKit/CollectionViewHost`` or a
/// ``/CellKitUIKit/TableViewHost`` shown over the UIKit stand-in, and reads what the screen shows.
///
/// Where UIKit does not exist (Linux, macOS), `CellKitUIKit` runs on `UIKitStandIn`, whose collection and
/// table views lay out, scroll, select and swipe as UIKit does, so a screen's test runs headless, with no
/// simulator. A `SimulatedUser` drives one host as a finger would:
///
/// ```swift
/// let user = SimulatedUser(host)
/// try user.tap(Fruit(name: "Banana"))           // the data source hears didSelect Banana
/// try user.scroll(to: Fruit(name: "Cherry"))    // Cherry's row at the top of the viewport
/// let offered = try user.swipe(Fruit(name: "Cherry"), edge: .trailing)   // ["Delete"]
/// try user.tapSwipeAction("Delete")
/// for row in user.visibleItemFrames { print(row) }
/// // Prints a line a row on screen, top to bottom: "Fruit(name: "Apple"): 0 to 44", ...
/// ```
///
/// Items are named by identity, the values in the data source's snapshot, as everywhere in CellKit;
/// ``tap(at:)`` takes an index path where the position is the point.
///
/// # Events arrive before the next line
/// In an app, a host delivers the events UIKit reports on its own (a tap's highlight, select and deselect;
/// a scroll's displays) together at the end of the main actor's turn, so a synchronous test would see none
/// of them after a gesture. Each gesture of a `SimulatedUser` ends its turn as the run loop would: the list
/// view lays out, then the host delivers the events waiting (``endTurn()``), so the next line of the test
/// sees everything the gesture caused, handlers' updates included. Reading ``visibleItems`` or
/// ``visibleItemFrames`` ends the turn too: a user sees the screen once it is drawn. After code of your
/// own that makes UIKit report events (a `layoutIfNeeded()`), call ``endTurn()``.
///
/// # Bad input
/// A gesture on an item that is not in the list or not on screen, or a tap on a swipe action that is not
/// offered, throws a ``GestureError`` that names it, and nothing happens, as a finger cannot touch what
/// the screen does not show.
///
/// - Note: The simulation exists only where the UIKit stand-in is used (`#if !canImport(UIKit)`); on
///   iOS, drive the screen with XCUITest, or test it on `TextListView` (<doc:TestingAListScreen>).
@MainActor
public struct SimulatedUser {
    /// The list view driven, and its host.
    private let list: SimulatedList

    /// A user of the collection view a host drives.
    ///
    /// - Parameter host: The host of the screen, with its data source.
    public init(_ host: CollectionViewHost) {
        list = .collection(host)
    }

    /// A user of the table view a host drives.
    ///
    /// - Parameter host: The host of the screen, with its data source.
    public init(_ host: TableViewHost) {
        list = .table(host)
    }

    // MARK: Gestures

    /// Taps an item's cell, with UIKit's sequence: highlight, unhighlight, deselect the item selected
    /// before (unless the list view allows multiple selection: then a selected item is deselected), select;
    /// then ends the turn, so the data source has heard it all.
    ///
    /// - Parameter item: An item of the data source's snapshot, shown on screen.
    /// - Throws: ``GestureError/notInList(item:)`` or ``GestureError/notVisible(item:indexPath:)``; nothing is tapped.
    /// - Complexity: O(*n*) to find the item among the data source's *n* items, plus the gesture.
    public func tap(_ item: AnyHashable) throws(GestureError) {
        list.tap(try visibleIndexPath(of: item).indexPath)
        endTurn()
    }

    /// Taps the cell at an index path, as ``tap(_:)`` does.
    ///
    /// - Parameter indexPath: The index path of an item shown on screen.
    /// - Throws: ``GestureError/notVisible(item:indexPath:)`` (naming the item there, if there is one); nothing is
    ///   tapped.
    public func tap(at indexPath: ListIndexPath) throws(GestureError) {
        list.layoutIfNeeded()
        guard list.visibleIndexPaths.contains(indexPath) else {
            throw .notVisible(item: list.item(at: indexPath).map { "\($0)" }, indexPath: indexPath)
        }
        list.tap(indexPath.indexPath)
        endTurn()
    }

    /// Scrolls the content to an offset, as a finger dragging the list would: the drag begins, the content
    /// moves (the list view lays out, showing and hiding cells), the finger lifts (where the delegate may
    /// change where the content comes to rest, as a snapping plugin does, and the content coasts there);
    /// then the turn ends.
    ///
    /// - Parameter offset: The content offset to scroll to, in points from the top of the content;
    ///   clamped to the content, as a drag is (from 0 to the content's height less the viewport's).
    public func scroll(toOffset offset: Double) {
        list.layoutIfNeeded()
        // The drag clamps the offset to the content, as UIKit's does once the content bounces back.
        list.drag(by: CGFloat(offset) - list.scrollView.contentOffset.y)
        endTurn()
    }

    /// Scrolls until an item's top is at the top of the viewport (or as close as the content allows), as
    /// ``scroll(toOffset:)`` does.
    ///
    /// - Parameter item: An item of the data source's snapshot, on screen or not.
    /// - Throws: ``GestureError/notInList(item:)``; nothing scrolls.
    /// - Complexity: O(*n*) to find the item among the data source's *n* items, plus the scroll.
    public func scroll(to item: AnyHashable) throws(GestureError) {
        guard let indexPath = list.indexPath(of: item) else { throw .notInList(item: "\(item)") }
        scroll(toOffset: list.top(of: indexPath))
    }

    /// Swipes an item's row from an edge, revealing the swipe actions the data source gives it there
    /// (``/CellKitPlugins/SwipeActionsPlugin``): on a table view, or on a collection view with a list
    /// layout (``/CellKitUIKit/CollectionViewHost/makeListLayout(_:)``) whose cells are list cells. A swipe
    /// open on another row closes.
    ///
    /// - Parameters:
    ///   - item: An item of the data source's snapshot, shown on screen.
    ///   - edge: The edge swiped from: `.trailing` (a swipe to the left in left-to-right layouts) or
    ///     `.leading`.
    /// - Returns: The titles of the actions revealed, in order; empty when the row offers none (nothing
    ///   opens).
    /// - Throws: ``GestureError/notInList(item:)`` or ``GestureError/notVisible(item:indexPath:)``; nothing is swiped.
    @discardableResult
    public func swipe(_ item: AnyHashable, edge: SwipeEdge) throws(GestureError) -> [String] {
        let indexPath = try visibleIndexPath(of: item)
        let configuration = list.swipe(indexPath.indexPath, leading: edge == .leading)
        endTurn()
        return configuration?.actions.map { $0.title ?? "" } ?? []
    }

    /// Taps an action of the swipe open: its handler runs (a delete plugin's handler applies its update),
    /// the swipe closes when the handler completes, and the turn ends.
    ///
    /// - Parameter title: The title of an action the last ``swipe(_:edge:)`` revealed.
    /// - Throws: ``GestureError/noSwipeAction(_:)`` when no swipe is open or it offers no action of that
    ///   title; nothing runs.
    public func tapSwipeAction(_ title: String) throws(GestureError) {
        guard list.performSwipeAction(title) else { throw .noSwipeAction(title) }
        endTurn()
    }

    // MARK: Reading the screen

    /// The items whose cells are on screen, top to bottom, after the turn ends.
    ///
    /// - Complexity: O(*v* log *v*) for *v* views on screen.
    public var visibleItems: [AnyHashable] {
        visibleItemFrames.map(\.item)
    }

    /// The items whose cells are on screen with where their cells are, top to bottom, after the turn
    /// ends.
    ///
    /// - Complexity: O(*v* log *v*) for *v* views on screen.
    public var visibleItemFrames: [ItemFrame] {
        endTurn()
        return list.visibleItemFrames()
    }

    /// Ends the main actor's turn now, as the run loop would: the list view lays out (showing and hiding
    /// cells), then the host delivers the events UIKit reported and that still wait for the end of the
    /// turn, to the data source and its plugins, in order.
    ///
    /// Every gesture of a `SimulatedUser` ends with it; call it after code of your own that makes UIKit
    /// report events (`layoutIfNeeded()`, setting `contentOffset`) to hear them before the next line.
    public func endTurn() {
        list.layoutIfNeeded()
        list.deliverPendingEvents()
    }

    /// The index path of an item on screen.
    private func visibleIndexPath(of item: AnyHashable) throws(GestureError) -> ListIndexPath {
        guard let indexPath = list.indexPath(of: item) else { throw .notInList(item: "\(item)") }
        list.layoutIfNeeded()
        guard list.visibleIndexPaths.contains(indexPath) else {
            throw .notVisible(item: "\(item)", indexPath: indexPath)
        }
        return indexPath
    }
}

extension SimulatedUser {
    /// An item on screen and the frame of its cell.
    public struct ItemFrame: Hashable, CustomStringConvertible {
        /// The item, as the data source's snapshot holds it.
        public var item: AnyHashable
        /// Where the item is in the data source's snapshot.
        public var indexPath: ListIndexPath
        /// The top of the cell, in points from the top of the content (the content offset is the top of the
        /// viewport).
        public var top: Double
        /// The height of the cell, in points.
        public var height: Double

        /// The item, then the cell's top and bottom: `Fruit(name: "Apple"): 0 to 44`.
        public var description: String {
            "\(item): \(Self.points(top)) to \(Self.points(top + height))"
        }

        /// A coordinate without a fraction where it has none.
        private static func points(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    /// Why a gesture could not be made: the finger would touch nothing.
    public enum GestureError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The item is not in the data source's snapshot.
        ///
        /// - Parameter item: The item's description.
        case notInList(item: String)
        /// An item (or an index path) is not on screen: scroll to it first.
        ///
        /// - Parameters:
        ///   - item: The item's description; `nil` when the index path holds none.
        ///   - indexPath: Where the item is in the snapshot, or the index path tapped.
        case notVisible(item: String?, indexPath: ListIndexPath)
        /// No swipe is open, or it offers no action of this title.
        case noSwipeAction(String)

        /// What went wrong, naming the item, index path or title.
        public var description: String {
            switch self {
            case .notInList(let item):
                "\(item) is not in the data source's snapshot: there is no cell to touch"
            case .notVisible(let item?, let indexPath):
                "\(item) at \(indexPath) is not on screen: scroll to it before touching it"
            case .notVisible(nil, let indexPath):
                "there is no item at \(indexPath) on screen to touch"
            case .noSwipeAction(let title):
                "no swipe is open that offers an action titled \"\(title)\": swipe a row that offers it first"
            }
        }
    }
}

/// A host and its list view, for the gestures that differ only by the view's class.
@MainActor
private enum SimulatedList {
    case collection(CollectionViewHost)
    case table(TableViewHost)

    var scrollView: UIScrollView {
        switch self {
        case .collection(let host): host.collectionView
        case .table(let host): host.tableView
        }
    }

    var host: any ListHost {
        switch self {
        case .collection(let host): host
        case .table(let host): host
        }
    }

    func layoutIfNeeded() {
        scrollView.layoutIfNeeded()
    }

    func deliverPendingEvents() {
        switch self {
        case .collection(let host): host.deliverPendingEvents()
        case .table(let host): host.deliverPendingEvents()
        }
    }

    /// The item at an index path of the data source's current state.
    func item(at indexPath: ListIndexPath) -> AnyHashable? {
        host.dataSource?.itemIdentifier(at: indexPath, in: host)
    }

    /// Where an item is in the data source's current state.
    func indexPath(of item: AnyHashable) -> ListIndexPath? {
        guard let dataSource = host.dataSource else { return nil }
        for section in 0..<dataSource.numberOfSections(in: host) {
            for index in 0..<dataSource.numberOfItems(inSection: section, in: host) {
                let indexPath = ListIndexPath(item: index, section: section)
                if dataSource.itemIdentifier(at: indexPath, in: host) == item { return indexPath }
            }
        }
        return nil
    }

    var visibleIndexPaths: Set<ListIndexPath> {
        let paths =
            switch self {
            case .collection(let host): host.collectionView.indexPathsForVisibleItems
            case .table(let host): host.tableView.indexPathsForVisibleRows ?? []
            }
        return Set(paths.compactMap(ListIndexPath.init))
    }

    /// The top of an item's frame in the content, once laid out.
    func top(of indexPath: ListIndexPath) -> Double {
        switch self {
        case .collection(let host): Double(host.collectionView._top(of: indexPath.indexPath) ?? 0)
        case .table(let host): Double(host.tableView._top(of: indexPath.indexPath) ?? 0)
        }
    }

    func tap(_ indexPath: IndexPath) {
        switch self {
        case .collection(let host): host.collectionView._tap(indexPath)
        case .table(let host): host.tableView._tap(indexPath)
        }
    }

    func drag(by distance: CGFloat) {
        switch self {
        case .collection(let host): host.collectionView._drag(by: distance, coast: 0)
        case .table(let host): host.tableView._drag(by: distance, coast: 0)
        }
    }

    func swipe(_ indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        switch self {
        case .collection(let host): host.collectionView._swipe(indexPath, leading: leading)
        case .table(let host): host.tableView._swipe(indexPath, leading: leading)
        }
    }

    func performSwipeAction(_ title: String) -> Bool {
        switch self {
        case .collection(let host): host.collectionView._performSwipeAction(title)
        case .table(let host): host.tableView._performSwipeAction(title)
        }
    }

    /// The cells on screen, top to bottom, with the items the data source has at their index paths.
    func visibleItemFrames() -> [SimulatedUser.ItemFrame] {
        var cells: [ObjectIdentifier: ListIndexPath] = [:]
        let frames: [(view: UIView, top: CGFloat, height: CGFloat)]
        switch self {
        case .collection(let host):
            let collectionView = host.collectionView
            for path in collectionView.indexPathsForVisibleItems {
                if let cell = collectionView.cellForItem(at: path), let path = ListIndexPath(path) {
                    cells[ObjectIdentifier(cell)] = path
                }
            }
            frames = collectionView._visibleFramesTopToBottom.map { ($0.view, $0.top, $0.height) }
        case .table(let host):
            let tableView = host.tableView
            for path in tableView.indexPathsForVisibleRows ?? [] {
                if let cell = tableView.cellForRow(at: path), let path = ListIndexPath(path) {
                    cells[ObjectIdentifier(cell)] = path
                }
            }
            frames = tableView._visibleFramesTopToBottom
        }
        return frames.compactMap { frame in
            guard let indexPath = cells[ObjectIdentifier(frame.view)], let item = item(at: indexPath) else {
                return nil
            }
            return SimulatedUser.ItemFrame(
                item: item, indexPath: indexPath, top: Double(frame.top), height: Double(frame.height))
        }
    }
}
#endif
