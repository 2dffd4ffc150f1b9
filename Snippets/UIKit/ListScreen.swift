// Shows contacts in a list layout of list cells registered in one line; over the UIKit stand-in, a simulated user's swipe offers the data source's actions.
import CellKit
import CellKitPlugins
import CellKitUIKit
import DiffableStore
#if canImport(UIKit)
import UIKit
#else
import CellKitTesting  // SimulatedUser, a test's finger on the stand-in's views
import UIKitStandIn  // UIKit's API, where UIKit does not exist
#endif
// snippet.hide
@_spi(Simulation) import UIKitStandIn
// snippet.show

struct Contact: Hashable { var name: String }

let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
let host = CollectionViewHost(collectionView: collectionView)
let dataSource = UniversalDataSource<Int>(host: host)
if #available(iOS 14.0, *) {
    // The list's swipe actions and headers come from the data source: nothing to wire.
    collectionView.collectionViewLayout = host.makeListLayout(.init(appearance: .insetGrouped))
    dataSource.registerListCell(itemType: Contact.self, accessories: [.disclosureIndicator()]) { content, _, contact in
        content.text = contact.name
    }
}
try dataSource.attach(
    SwipeActionsPlugin().trailing(Contact.self) { _ in
        [
            SwipeAction("Delete", isDestructive: true) { item, done in
                print("delete", item)
                done(true)
            }
        ]
    })

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems(["Ada", "Grace", "Linus"].map(Contact.init))
try dataSource.apply(snapshot)

#if !canImport(UIKit)
let user = SimulatedUser(host)
print("shown:", user.visibleItems.compactMap { ($0 as? Contact)?.name })
print("swipe on Grace:", try user.swipe(Contact(name: "Grace"), edge: .trailing))
try user.tapSwipeAction("Delete")
#endif
// snippet.hide
// UIKit would have raised nothing.
precondition(collectionView._raisedExceptions.isEmpty, "\(collectionView._raisedExceptions)")
// Prints:
// shown: ["Ada", "Grace", "Linus"]
// swipe on Grace: ["Delete"]
// delete Contact(name: "Grace")
