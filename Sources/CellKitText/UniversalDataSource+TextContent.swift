import CellKit

// Cells configured through text content and background configurations chosen from the item and the cell's
// state: the text host's counterpart of CellKitUIKit's `registerContent(itemType:content:background:)`, with
// the same closure shape, so a registration written once runs headless and in tests.

extension UniversalDataSource {
    /// Registers a cell for an item type that shows a text content configuration, and optionally a
    /// background, made from the item and the cell's state.
    ///
    /// ```swift
    /// dataSource.registerContent(itemType: Contact.self) { contact, state in
    ///     TextContentConfiguration(
    ///         text: contact.name, glyph: "☺", accessories: state.isSelected ? [.checkmark] : [.disclosureIndicator])
    /// } background: { _, state in
    ///     TextBackgroundConfiguration(fill: state.isSelected ? "░" : " ")
    /// }
    /// ```
    ///
    /// The cell shows ``TextContentConfiguration/lines(width:background:)``; its height is their number.
    /// The closures run each time the item is configured: when its cell is dequeued, when the item is
    /// reconfigured, and, in place and without a reload, when the cell's state changes (selected,
    /// highlighted, focused, swiped: ``/CellKit/CellState``). A reused cell gets configurations made for its
    /// new item and state. The UIKit hosts have the same method, with UIKit's configurations
    /// (`CellKitUIKit`).
    ///
    /// - Parameters:
    ///   - itemType: The item type. A protocol or class type also serves conforming types and subclasses.
    ///   - content: Makes the content configuration for an item (typed) in a state.
    ///   - background: Makes the background for an item in a state; `nil` (the default): none.
    /// - Note: For a ``TextListView``: the UIKit hosts refuse a text cell
    ///   (``/CellKit/RegistrationError/wrongCellClass(cellType:itemType:host:requiredBaseClass:)``).
    public func registerContent<Item>(
        itemType: Item.Type,
        content: @escaping @MainActor (_ item: Item, _ state: CellState) -> TextContentConfiguration,
        background: (@MainActor (_ item: Item, _ state: CellState) -> TextBackgroundConfiguration)? = nil
    ) {
        registerCell(itemType: itemType, cellType: ContentConfigurationTextCell.self) { cell, context, item in
            cell.content = content(item, context.state)
            cell.background = background?(item, context.state)
        }
    }
}

/// The cell of ``CellKit/UniversalDataSource/registerContent(itemType:content:background:)`` registrations
/// on a ``TextListView``: it draws its configurations.
final class ContentConfigurationTextCell: TextCell {
    /// The content shown; `nil` until configured.
    var content: TextContentConfiguration?
    /// The background shown, if any.
    var background: TextBackgroundConfiguration?

    override func render(width: Int) -> [String] {
        content?.lines(width: width, background: background) ?? [""]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        content = nil
        background = nil
    }
}
