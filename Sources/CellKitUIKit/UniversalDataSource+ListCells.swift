#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// Cells of the modern kind (iOS 14): a `UICollectionViewListCell` configured through a content
// configuration, registered in one line by its item type.

@available(iOS 14.0, tvOS 14.0, *)
extension UniversalDataSource {
    /// Registers a list cell for an item type, configured through a content configuration: the
    /// counterpart of UIKit's `UICollectionView.CellRegistration<UICollectionViewListCell, Item>`, in one line.
    ///
    /// ```swift
    /// struct Contact: Hashable { var name: String }
    ///
    /// let dataSource = UniversalDataSource<Section>(host: host)   // host: a CollectionViewHost
    /// dataSource.registerListCell(itemType: Contact.self, accessories: [.disclosureIndicator()]) { content, _, contact in
    ///     content.text = contact.name
    /// }
    /// ```
    ///
    /// Each time an item is configured, `configure` gets the cell's `defaultContentConfiguration()` (the
    /// `.cell()` style), and the cell takes what it made as its `contentConfiguration`, with `accessories`.
    /// The cell is a `UICollectionViewListCell` (in a list layout it shows the list's separators and swipe
    /// actions), and sizes itself to its content where the layout lets it. Like every registration, it is
    /// keyed by the item type: a protocol or class type also serves conforming types and subclasses.
    ///
    /// For accessories that depend on the item, register a `UICollectionViewListCell` subclass of yours
    /// with ``/CellKit/UniversalDataSource/registerCell(itemType:cellType:sizing:configure:)`` and set them there.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - accessories: The accessories every cell of the registration shows (a disclosure indicator).
    ///   - configure: Sets the content configuration up for an item; receives the configuration, the
    ///     item's ``/CellKit/CellContext`` and the item, typed.
    /// - Note: For a ``CollectionViewHost``: a table view shows no collection view cells.
    public func registerListCell<Item>(
        itemType: Item.Type, accessories: [UICellAccessory] = [],
        configure:
            @escaping @MainActor (
                _ content: inout UIListContentConfiguration, _ context: CellContext, _ item: Item
            ) -> Void
    ) {
        registerCell(itemType: itemType, cellType: ContentListCell.self) { cell, context, item in
            var content = cell.defaultContentConfiguration()
            configure(&content, context, item)
            cell.contentConfiguration = content
            cell.accessories = accessories
        }
    }
}

/// The cell of ``CellKit/UniversalDataSource/registerListCell(itemType:accessories:configure:)``
/// registrations.
@available(iOS 14.0, tvOS 14.0, *)
final class ContentListCell: UICollectionViewListCell, ReusableView {}
