#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import UIKit
import CellKit
import CellKitUIKit

// SwiftUI views as cells on both UIKit hosts, shown through `UIHostingConfiguration` (iOS 16):
// https://developer.apple.com/documentation/swiftui/uihostingconfiguration. Only the lines that name SwiftUI
// are here; the registration beneath them is `registerHostedRow(itemType:row:hosting:)`
// (UniversalDataSource+HostedRows.swift), which the tests run on Linux over the UIKit stand-in.

@available(iOS 16.0, tvOS 16.0, *)
extension UniversalDataSource {
    /// Registers a SwiftUI view as the cell of an item type, made from the item and the cell's state.
    ///
    /// ```swift
    /// struct Contact: Hashable { var name: String; var email: String }
    ///
    /// struct ContactRow: View {
    ///     var contact: Contact
    ///     var selected: Bool
    ///     var body: some View {
    ///         HStack {
    ///             Text(contact.name)
    ///             Spacer()
    ///             if selected { Image(systemName: "checkmark") }
    ///         }
    ///     }
    /// }
    ///
    /// let dataSource = UniversalDataSource<Section>(host: host)   // a CollectionViewHost or a TableViewHost
    /// dataSource.registerSwiftUI(itemType: Contact.self) { contact, state in
    ///     ContactRow(contact: contact, selected: state.isSelected)
    /// }
    /// ```
    ///
    /// The cell shows a `UIHostingConfiguration` of the view `row` returns, made anew each time the item is
    /// configured: when its cell is dequeued, when the item is reconfigured, and, in place and without a
    /// reload, when the cell's state changes (selected, highlighted, swiped: ``/CellKit/CellState``). A
    /// reused cell shows the view made for its new item and state, never its last item's: keep what a row
    /// shows in the item and the state, not in the view's `@State`, which SwiftUI may keep for the cell.
    /// The cells, their state updates, swipe actions and selection are those of
    /// ``CellKitUIKit/UniversalDataSource/registerContent(itemType:content:background:)``, which this calls.
    ///
    /// The row's size follows the view: UIKit sizes a cell with a hosting configuration to its view and
    /// sizes it again when the view's size changes, whether a reconfigured item's new view replaces it or
    /// the view changes itself (the collection or table view's `selfSizingInvalidation`, iOS 16, on by
    /// default). For that, let the cell size itself: on a ``/CellKitUIKit/CollectionViewHost``, a list
    /// layout or a compositional layout with estimated heights (not a fixed item size); on a
    /// ``/CellKitUIKit/TableViewHost``, a table whose `rowHeight` is `UITableView.automaticDimension`.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - margins: The insets of the view in the cell (`UIHostingConfiguration.margins(_:_:)`); `nil` (the
    ///     default) keeps the system's.
    ///   - row: Makes the view for an item (typed) in a state.
    public func registerSwiftUI<Item, Row: View>(
        itemType: Item.Type,
        margins: EdgeInsets? = nil,
        @ViewBuilder row: @escaping @MainActor (_ item: Item, _ state: CellState) -> Row
    ) {
        registerHostedRow(itemType: itemType, row: row) { view in
            let configuration = UIHostingConfiguration { view }
            return margins.map { configuration.margins(.all, $0) } ?? configuration
        }
    }

    /// Registers a SwiftUI view as the cell of an item type, with a SwiftUI view as the cell's background,
    /// each made from the item and the cell's state.
    ///
    /// ```swift
    /// struct Tag: Hashable { var name: String }
    ///
    /// let dataSource = UniversalDataSource<Section>(host: host)
    /// let margins = EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
    /// dataSource.registerSwiftUI(itemType: Tag.self, margins: margins) { tag, _ in
    ///     Text(tag.name)
    /// } background: { _, state in
    ///     state.isHighlighted ? Color.yellow : Color.clear
    /// }
    /// ```
    ///
    /// The background is the hosting configuration's (`UIHostingConfiguration.background(content:)`), which
    /// Apple's documentation describes as the background of the cell that shows it. Everything else is as in
    /// ``registerSwiftUI(itemType:margins:row:)``.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - margins: The insets of the view in the cell (`UIHostingConfiguration.margins(_:_:)`); `nil` (the
    ///     default) keeps the system's.
    ///   - row: Makes the view for an item (typed) in a state.
    ///   - background: Makes the cell's background view for an item in a state.
    public func registerSwiftUI<Item, Row: View, Background: View>(
        itemType: Item.Type,
        margins: EdgeInsets? = nil,
        @ViewBuilder row: @escaping @MainActor (_ item: Item, _ state: CellState) -> Row,
        @ViewBuilder background: @escaping @MainActor (_ item: Item, _ state: CellState) -> Background
    ) {
        registerHostedRow(itemType: itemType) { item, state in
            (row(item, state), background(item, state))
        } hosting: { views in
            let configuration = UIHostingConfiguration { views.0 }.background { views.1 }
            return margins.map { configuration.margins(.all, $0) } ?? configuration
        }
    }
}
#endif
