#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// Cells configured through content and background configurations chosen from the item and the cell's
// state (iOS 14), on both UIKit hosts: the counterpart of a cell registration whose
// `configurationUpdateHandler` sets `contentConfiguration` and `backgroundConfiguration`
// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationupdatehandler-swift.property).
// The cell's state reaches the closures through the registration's context (`CellContext.state`), and a
// state change asks the registration again in place (UIKitListHosts+CellState.swift).

@available(iOS 14.0, tvOS 14.0, *)
extension UniversalDataSource {
    /// Registers a cell for an item type that shows a content configuration, and optionally a background
    /// configuration, made from the item and the cell's state.
    ///
    /// ```swift
    /// struct Contact: Hashable { var name: String; var email: String }
    ///
    /// let dataSource = UniversalDataSource<Section>(host: host)   // a CollectionViewHost or a TableViewHost
    /// dataSource.registerContent(itemType: Contact.self) { contact, state in
    ///     var content = UIListContentConfiguration.subtitleCell()
    ///     content.text = contact.name
    ///     content.secondaryText = state.isSelected ? contact.email : nil
    ///     return content
    /// } background: { _, state in
    ///     var background = UIBackgroundConfiguration.clear()
    ///     background.backgroundColor = state.isHighlighted ? .systemYellow : nil
    ///     return background
    /// }
    /// ```
    ///
    /// Any `UIContentConfiguration` will do: a `UIListContentConfiguration`, one of yours, a
    /// `UIHostingConfiguration`. The host's cell (a `UICollectionViewListCell` on a ``CollectionViewHost``,
    /// a `UITableViewCell` on a ``TableViewHost``) takes what `content` returns as its
    /// `contentConfiguration`, and what `background` returns as its `backgroundConfiguration` (the cell's own
    /// when there is no `background`), each updated for the cell's `configurationState` (`updated(for:)`:
    /// the system's defaults for the state, where you set none), each time the item is configured: when its cell is dequeued, when
    /// the item is reconfigured, and, in place and without a reload, when the cell's state changes
    /// (selected, highlighted, swiped: ``/CellKit/CellState``), as a `configurationUpdateHandler` would. A
    /// reused cell gets configurations made for its new item and state, never its last item's. An item
    /// whose state changes while it is off screen shows its new state when it comes into view.
    ///
    /// On a ``CollectionViewHost`` the cell sizes itself to its content where the layout lets it (a list
    /// layout); on a ``TableViewHost``, as the table's `rowHeight` says. Like every registration, it is keyed
    /// by the item type: a protocol or class type also serves conforming types and subclasses. The text
    /// host has the same method, with text configurations, so the same registration code runs headless.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - content: Makes the content configuration for an item (typed) in a state.
    ///   - background: Makes the background configuration for an item in a state; `nil` (the default)
    ///     leaves the cell's own.
    /// - Note: The state reaches a cell from iOS 15 on, when UIKit calls the host's
    ///   `configurationUpdateHandler`; on iOS 14 a cell shows the state it was dequeued or reconfigured in.
    public func registerContent<Item, Content: UIContentConfiguration>(
        itemType: Item.Type,
        content: @escaping @MainActor (_ item: Item, _ state: CellState) -> Content,
        background: (@MainActor (_ item: Item, _ state: CellState) -> UIBackgroundConfiguration)? = nil
    ) {
        if host is TableViewHost {
            registerCell(itemType: itemType, cellType: ContentConfigurationTableCell.self) { cell, context, item in
                cell.show(content(item, context.state), background: background?(item, context.state))
            }
        } else {
            registerCell(itemType: itemType, cellType: ContentConfigurationCell.self) { cell, context, item in
                cell.show(content(item, context.state), background: background?(item, context.state))
            }
        }
    }
}

/// The cell of ``CellKit/UniversalDataSource/registerContent(itemType:content:background:)`` registrations on
/// a ``CollectionViewHost``: a list cell, so that a list layout shows its separators and swipe actions.
@available(iOS 14.0, tvOS 14.0, *)
final class ContentConfigurationCell: UICollectionViewListCell, ReusableView {
    /// The background configuration the cell had before it was first configured: what a registration
    /// without a background gives it back (the cell may have shown another registration's).
    private lazy var ownBackground: UIBackgroundConfiguration? = backgroundConfiguration

    /// Shows a content configuration and a background configuration (the cell's own for `nil`), each
    /// updated for the cell's configuration state, as UIKit's examples do in a `configurationUpdateHandler`.
    func show(_ content: some UIContentConfiguration, background: UIBackgroundConfiguration?) {
        let own = ownBackground  // Read before a first configuration replaces it.
        let state = configurationState
        contentConfiguration = content.updated(for: state)
        backgroundConfiguration = (background ?? own).map { $0.updated(for: state) }
    }
}

/// The cell of ``CellKit/UniversalDataSource/registerContent(itemType:content:background:)`` registrations on
/// a ``TableViewHost``.
@available(iOS 14.0, tvOS 14.0, *)
final class ContentConfigurationTableCell: UITableViewCell, ReusableView {
    /// The background configuration the cell had before it was first configured (see
    /// `ContentConfigurationCell`).
    private lazy var ownBackground: UIBackgroundConfiguration? = backgroundConfiguration

    /// Shows a content configuration and a background configuration (the cell's own for `nil`), each
    /// updated for the cell's configuration state, as UIKit's examples do in a `configurationUpdateHandler`.
    func show(_ content: some UIContentConfiguration, background: UIBackgroundConfiguration?) {
        let own = ownBackground  // Read before a first configuration replaces it.
        let state = configurationState
        contentConfiguration = content.updated(for: state)
        backgroundConfiguration = (background ?? own).map { $0.updated(for: state) }
    }
}
