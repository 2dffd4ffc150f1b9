// Shows a SwiftUI view as the cell of an item type on a list layout (iOS 16); SwiftUI does not exist on Linux, where scripts/ios-typecheck type-checks it against the iOS SDK instead.
#if canImport(SwiftUI) && canImport(UIKit)
import CellKit
import CellKitSwiftUI
import CellKitUIKit
import DiffableStore
import SwiftUI
import UIKit

struct Contact: Hashable {
    var name: String
    var email: String
}

/// The row: its size is the view's, and a reconfigured contact with a longer email re-sizes it.
struct ContactRow: View {
    var contact: Contact
    var selected: Bool

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(contact.name).font(.headline)
                if selected { Text(contact.email).font(.subheadline) }
            }
            Spacer()
            if selected { Image(systemName: "checkmark") }
        }
    }
}

@available(iOS 16.0, tvOS 16.0, *)
@MainActor func makeContactList() throws -> (UICollectionView, UniversalDataSource<Int>) {
    // A list layout sizes each cell to its view.
    let layout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped))
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    let dataSource = UniversalDataSource<Int>(host: CollectionViewHost(collectionView: collectionView))
    // The row is made again for each configuration: a selected row shows the email, in place.
    dataSource.registerSwiftUI(itemType: Contact.self) { contact, state in
        ContactRow(contact: contact, selected: state.isSelected)
    }
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems([
        Contact(name: "Ada", email: "ada@example.com"), Contact(name: "Grace", email: "grace@example.com"),
    ])
    try dataSource.apply(snapshot)
    return (collectionView, dataSource)
}
#endif
// snippet.hide
#if !(canImport(SwiftUI) && canImport(UIKit))
print("No SwiftUI here: scripts/ios-typecheck type-checks this snippet against the iOS SDK.")
#endif
// Prints:
// No SwiftUI here: scripts/ios-typecheck type-checks this snippet against the iOS SDK.
