#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import CellKitUIKit

// The registration beneath `registerSwiftUI(itemType:margins:row:)` (UniversalDataSource+SwiftUI.swift),
// without SwiftUI: it compiles everywhere, and the tests run it over the UIKit stand-in with a content
// configuration of their own in place of `UIHostingConfiguration`. The SwiftUI file only names the view
// types and wraps the row in a `UIHostingConfiguration`.

@available(iOS 14.0, tvOS 14.0, *)
extension UniversalDataSource {
    /// Registers a cell for an item type that hosts a row made from the item and the cell's state, in the
    /// content configuration `hosting` wraps it in.
    ///
    /// Each time the item is configured (dequeued, reconfigured, or its cell's state changed) `row` is
    /// called with the item and the state, and `hosting` wraps what it returns in a new configuration:
    /// a reused cell never keeps its last item's row, because nothing is kept between two configurations.
    /// The cells, sizing, state updates and reuse are
    /// ``CellKitUIKit/UniversalDataSource/registerContent(itemType:content:background:)``'s.
    ///
    /// - Parameters:
    ///   - itemType: The item type.
    ///   - row: Makes the row (a SwiftUI view, in `registerSwiftUI`) for an item in a state.
    ///   - hosting: Wraps a row in the content configuration the cell shows.
    func registerHostedRow<Item, Row, Content: UIContentConfiguration>(
        itemType: Item.Type,
        row: @escaping @MainActor (_ item: Item, _ state: CellState) -> Row,
        hosting: @escaping @MainActor (_ row: Row) -> Content
    ) {
        registerContent(itemType: itemType) { item, state in hosting(row(item, state)) }
    }
}
